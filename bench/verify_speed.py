"""``pse verify`` speed against the seed baseline, in the same run: cold, warm, edited.

Run:  python bench/verify_speed.py [--stdlib DIR] [--article MD] [--large DIR] [--runs N]

Trees: the refbench stdlib copy (``/tmp/refbench-work/trees/stdlib``, made by
``setup_targets.sh``) with its 150-reference article, and a large real project tree
(default: this interpreter's ``site-packages`` folder of the largest installed package
found there; ``--large`` names another) with an article made from it: real names
qualified by their modules, and as many invented variants of them.

Per tree, interleaved ``--runs`` times (medians kept): the parse floor (one process
``ast``-parsing every ``.py`` file of the tree once, GC off, interpreter start included:
what an exact checker cannot avoid, as refbench's ``speed.py`` prints it), then per
variant (the seed baseline ``baseline_seed.py`` of refbench, and pse as ``python -m pse
verify ... --format json`` with a fresh cache folder):

- cold: pse with an empty cache (and the OS page cache dropped where allowed);
- warm: the same command again;
- edited: the article with one reference changed (the tree untouched).

pse runs twice per round: plainly, and with ``--keep-warm`` (its cold run leaves a loaded
checker behind, which its edited run is handed to once it answers).

Printed: the machine's load (``/proc/loadavg``) before and after; wall seconds and CPU
seconds (user + system of the process and everything it waited for: the seed's ``grep``
processes and pse's parser processes count); pse cold against the floor (wall: the
target is at most 1.5x), the seed/pse ratios of warm and edited (targets: at least 20x
and 10x on the stdlib tree); the peak memory (max RSS of the largest process) of pse's
cold run; and whether the outputs of the warm and cold runs were identical. On a shared
machine every ratio compares runs of the same round, never figures of other days.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REFBENCH = Path(os.environ.get("REFBENCH", "/work/shared/bench/refbench"))
WORK = Path(os.environ.get("REFBENCH_WORK", "/tmp/refbench-work"))
EDITS = ["json.loads", "os.path.join", "asyncio.gather", "re.compile", "textwrap.dedent"]


@dataclass(frozen=True)
class Timing:
    """One run of one command."""

    wall: float
    cpu: float
    max_rss_mb: float
    output: bytes


def run(command: list[str], env: dict[str, str]) -> Timing:
    """Run ``command``; wall time, CPU time and peak memory from its own rusage."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env)
    assert proc.stdout is not None
    output = proc.stdout.read()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped by wait4
    wall = time.perf_counter() - start
    return Timing(wall=wall, cpu=usage.ru_utime + usage.ru_stime,
                  max_rss_mb=usage.ru_maxrss / 1024, output=output)


def drop_page_cache() -> bool:
    """Drop the OS page cache (root only); False when not allowed."""
    try:
        subprocess.run(["sync"], check=False)
        with open("/proc/sys/vm/drop_caches", "w", encoding="ascii") as handle:
            handle.write("3\n")
    except OSError:
        return False
    return True


def edited(article: Path, number: int, folder: Path) -> Path:
    """The article with one reference added (the tree untouched)."""
    path = folder / f"edited-{number}-{article.name}"
    name = EDITS[number % len(EDITS)]
    path.write_text(article.read_text(encoding="utf-8") +
                    f"\nEdited line {number}: see `{name}()`.\n", encoding="utf-8")
    return path


def large_tree_article(root: Path, folder: Path, *, count: int = 75) -> Path:
    """An article about ``root``: ``count`` real ``module.Name`` and as many invented."""
    found: list[str] = []
    files = sorted(p for p in root.rglob("*.py") if "test" not in p.as_posix().lower())
    step = max(1, len(files) // (count * 2))
    # a package's names start with its folder's; a folder of packages' with theirs
    base = root.parent if (root / "__init__.py").is_file() else root
    for path in files[::step]:
        text = path.read_text(encoding="utf-8", errors="replace")
        match = re.search(r"^(?:def|class) ([A-Za-z]\w{3,})", text, re.MULTILINE)
        if match:
            module = ".".join(path.relative_to(base).with_suffix("").parts)
            found.append(f"{module.removesuffix('.__init__')}.{match.group(1)}")
        if len(found) >= count:
            break
    lines = [f"# Notes on {root.name}", ""]
    for number, name in enumerate(found):
        # no ``()`` inside the backticks: the seed's pattern would not see the reference
        lines.append(f"{number}. The function `{name}` is part of the package.")
        lines.append(f"   Its helper `{name}_fallback_impl` handles the rest.")
    path = folder / f"{root.name}-article.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def largest_package() -> Path:
    """The installed package (under site-packages) with the most Python source."""
    site = Path(next(p for p in sys.path if p.endswith("site-packages")))
    sizes: dict[Path, int] = {}
    for child in site.iterdir():
        if child.is_dir() and child.name.isidentifier():
            sizes[child] = sum(f.stat().st_size for f in child.rglob("*.py"))
    return max(sizes, key=lambda p: sizes[p])


@dataclass
class Variant:
    """A verifier command line and how to reset its cache."""

    label: str
    command: list[str]
    cache: Path | None = None

    def reset(self) -> None:
        if self.cache is not None:
            shutil.rmtree(self.cache, ignore_errors=True)


PARSE_FLOOR = """
import ast, gc, os, sys
gc.disable()
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith(".py"):
            try:
                ast.parse(open(os.path.join(folder, name), "rb").read())
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                pass
"""


def measure(tree: Path, article: Path, runs: int, folder: Path) -> None:
    """Time the floor, the seed and pse on ``tree`` and print the figures."""
    env = dict(os.environ)
    cache = folder / f"cache-{tree.name}"
    env["PSE_CACHE_DIR"] = str(cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: compiled modules kept
    src = Path(__file__).resolve().parent.parent / "src"
    env["PYTHONPATH"] = f"{src}{os.pathsep}{env.get('PYTHONPATH', '')}"
    seed = Variant("seed", [sys.executable, str(REFBENCH / "baseline_seed.py"), "verify",
                            "{article}", "--source", str(tree), "--format", "json"])
    pse = Variant("pse", [sys.executable, "-m", "pse", "verify", "{article}", "--source",
                          str(tree), "--format", "json"], cache=cache)
    warm = Variant("pse-kw", [*pse.command, "--keep-warm"], cache=cache)
    timings: dict[tuple[str, str], list[Timing]] = {}
    same = True
    load = _load()
    for number in range(runs):
        edited_outputs: dict[str, bytes] = {}
        drop_page_cache()
        timings.setdefault(("floor", "cold"), []).append(
            run([sys.executable, "-c", PARSE_FLOOR, str(tree)], env))
        for variant in (seed, pse, warm):
            variant.reset()
            drop_page_cache()
            docs = {"cold": article, "warm": article, "edited": edited(article, number, folder)}
            outputs = {}
            for phase, doc in docs.items():
                if phase == "edited" and variant is warm:
                    wait_for_server(cache)
                command = [str(doc) if part == "{article}" else part for part in variant.command]
                timing = run(command, env)
                outputs[phase] = timing.output
                timings.setdefault((variant.label, phase), []).append(timing)
            same &= outputs["cold"] == outputs["warm"]
            edited_outputs[variant.label] = outputs["edited"]
        same &= edited_outputs["pse"] == edited_outputs["pse-kw"]
    warm.reset()  # its server exits when its socket file goes
    report(tree, article, timings, same, load=f"{load} -> {_load()}")


def wait_for_server(cache: Path, seconds: float = 60.0) -> bool:
    """Wait until the ``--keep-warm`` server the cold run started answers (a hook's next
    run comes seconds later; the bench's would come before the server has loaded)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in (cache / "verify").glob("warm-*.sock"):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                try:
                    probe.connect(str(path))
                except OSError:
                    continue
                return True
        time.sleep(0.1)
    print(f"  (no --keep-warm server answered in {seconds:.0f} s)", file=sys.stderr)
    return False


def _load() -> str:
    """The 1-minute load average (other processes competing for the CPUs)."""
    try:
        with open("/proc/loadavg", encoding="ascii") as handle:
            return handle.read().split()[0]
    except OSError:
        return "?"


def _median(timings: list[Timing], field: str) -> float:
    return statistics.median(getattr(t, field) for t in timings)


def report(tree: Path, article: Path, timings: dict[tuple[str, str], list[Timing]],
           same: bool, *, load: str) -> None:
    """Print one tree's figures (medians over the runs)."""
    files = sum(1 for _ in tree.rglob("*.py"))
    runs = len(timings[("floor", "cold")])
    print(f"== {tree} ({files} .py files), article {article.name}; medians of {runs} runs, "
          f"{os.cpu_count()} CPUs, load {load}")

    def cell(label: str, phase: str) -> str:
        found = timings[(label, phase)]
        return f"{phase} {_median(found, 'wall'):7.3f}s wall {_median(found, 'cpu'):7.3f}s cpu"

    print(f"  floor {cell('floor', 'cold')}")
    for label in ("seed", "pse", "pse-kw"):
        print(f"  {label:<6s} " + "  ".join(cell(label, p) for p in ("cold", "warm", "edited")))

    def ratio(top: tuple[str, str], bottom: tuple[str, str], field: str) -> float:
        return _median(timings[top], field) / _median(timings[bottom], field)

    print(f"  pse cold / floor: {ratio(('pse', 'cold'), ('floor', 'cold'), 'wall'):4.2f}x wall "
          f"{ratio(('pse', 'cold'), ('floor', 'cold'), 'cpu'):4.2f}x cpu (target <= 1.5x wall)")
    print("  seed / pse: " + "  ".join(
        f"{phase} {ratio(('seed', phase), ('pse', phase), 'wall'):5.1f}x wall "
        f"{ratio(('seed', phase), ('pse', phase), 'cpu'):5.1f}x cpu"
        for phase in ("cold", "warm", "edited")))
    print(f"  seed / pse --keep-warm: edited "
          f"{ratio(('seed', 'edited'), ('pse-kw', 'edited'), 'wall'):5.1f}x wall "
          f"{ratio(('seed', 'edited'), ('pse-kw', 'edited'), 'cpu'):5.1f}x cpu "
          "(the client's CPU; the server's child runs outside it)")
    print(f"  pse peak memory (max RSS) cold {_median(timings[('pse', 'cold')], 'max_rss_mb'):.0f}"
          f" MB, warm {_median(timings[('pse', 'warm')], 'max_rss_mb'):.0f} MB; "
          f"warm output identical to cold, --keep-warm's to plain: {same}")


def main(argv: list[str] | None = None) -> int:
    """Parse the options and measure both trees."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stdlib", type=Path, default=WORK / "trees" / "stdlib")
    parser.add_argument("--article", type=Path,
                        default=REFBENCH / "corpus" / "speed" / "stdlib-150.md")
    parser.add_argument("--large", type=Path, default=None,
                        help="a large real project tree (default: the largest installed "
                             "package)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-stdlib", action="store_true")
    parser.add_argument("--skip-large", action="store_true")
    args = parser.parse_args(argv)
    if not (REFBENCH / "baseline_seed.py").is_file():
        print(f"missing {REFBENCH / 'baseline_seed.py'} (set REFBENCH)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="pse-verify-speed-") as temp:
        folder = Path(temp)
        if not args.skip_stdlib:
            if not args.stdlib.is_dir():
                print(f"missing {args.stdlib}: run refbench's setup_targets.sh",
                      file=sys.stderr)
                return 2
            measure(args.stdlib, args.article, args.runs, folder)
        if not args.skip_large:
            large = args.large or largest_package()
            measure(large, large_tree_article(large, folder), args.runs, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
