"""A/B speed of ``pse verify`` for two source checkouts, interleaved on one machine.

Run:  python bench/verify_ab.py --a /path/to/main/src --b src [--tree DIR] [--article FILE]
                               [--runs 3]

Each round runs A then B (then B then A, alternating) cold (a fresh cache folder) and warm
(the same command again), each in its own interpreter with ``PYTHONPATH`` set to that
checkout's ``src``. Prints, per variant, the minimum wall and CPU (user + sys) seconds over
the rounds, then the B/A ratios. Minimums and CPU time keep a loaded machine's noise out:
the figure is what the code costs, not what the neighbours did. Defaults: this
interpreter's standard library and the refbench stdlib article when it exists.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

_ARTICLE = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "refbench" / \
    "corpus" / "speed" / "stdlib-150.md"


def run_once(src: Path, tree: Path, article: Path, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``pse verify`` run."""
    env = {**os.environ, "PYTHONPATH": str(src), "PSE_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pse", "verify", str(article), "--source",
                           str(tree), "--format", "json", "-q"], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: something unverified, which the article has
        raise SystemExit(f"pse failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Parse arguments, run the rounds, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--a", type=Path, required=True, help="baseline checkout's src/")
    parser.add_argument("--b", type=Path, required=True, help="candidate checkout's src/")
    parser.add_argument("--tree", type=Path, default=Path(sysconfig.get_paths()["stdlib"]))
    parser.add_argument("--article", type=Path, default=_ARTICLE)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    best: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for round_number in range(args.runs):
        order = [("A", args.a), ("B", args.b)]
        for label, src in order if round_number % 2 == 0 else reversed(order):
            cache = Path(tempfile.mkdtemp(prefix="pse-ab-"))
            try:
                best.setdefault((label, "cold"), []).append(
                    run_once(src.resolve(), args.tree, args.article, cache))
                best.setdefault((label, "warm"), []).append(
                    run_once(src.resolve(), args.tree, args.article, cache))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    for phase in ("cold", "warm"):
        a_wall, a_cpu = (min(x) for x in zip(*best[("A", phase)], strict=True))
        b_wall, b_cpu = (min(x) for x in zip(*best[("B", phase)], strict=True))
        print(f"{phase}: A wall {a_wall:6.2f}s cpu {a_cpu:6.2f}s | B wall {b_wall:6.2f}s "
              f"cpu {b_cpu:6.2f}s | B/A wall {b_wall / a_wall:.3f} cpu {b_cpu / a_cpu:.3f}")


if __name__ == "__main__":
    main()
