"""Where a cold ``pse verify`` spends its time: a profile and a per-phase breakdown.

Run:  python bench/verify_profile.py TREE ARTICLE [--top N] [--parallel]

Runs ``pse verify ARTICLE --source TREE --format json`` in this process under cProfile
with a fresh cache folder, parsing in this process (so the profile sees it) unless
``--parallel``, then prints the wall seconds of the whole run, the
seconds per phase (cumulative time of the functions that own it; phases nest, so they
do not add up to the whole) and the ``--top`` functions by own time.

Phases: imports (of the CLI, the index and the checker, timed before the run), walk,
parse (``ast.parse``), extraction (the extractors minus the parse), SQLite writes,
checking (of which intent and claims), rendering.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

PHASES = {
    "walk": [("walk.py", "discover_files")],
    "parse (ast.parse)": [("~", "<built-in method builtins.compile>")],
    "extraction (with parse)": [("python.py", "extract_python"), ("bodies.py", "extract_bodies")],
    # rows are buffered and written per batch (_flush); the SQLite indexes are built
    # after the rows when the cache was empty (on leaving indexes_deferred)
    "SQLite writes": [("store.py", "_flush"), ("store.py", "indexes_deferred"),
                      ("store.py", "delete_files"), ("store.py", "save_bodies")],
    "checking": [("check.py", "check_documents")],
    "  intent": [("intent.py", "judge")],
    "  claims": [("check.py", "_remembered_claims")],
    "  resolver build": [("resolve.py", "project_resolver")],
    "rendering": [("references.py", "render_json"), ("references.py", "render_text")],
    "verify cache save": [("verify_cache.py", "save")],
}


def timed_imports() -> float:
    """Seconds to import what a cold run imports (CLI, index, checker, renderer)."""
    started = time.perf_counter()
    import pse.cli.main  # noqa: F401
    import pse.cli.sources  # noqa: F401
    import pse.cli.verify  # noqa: F401
    import pse.report.references  # noqa: F401
    import pse.verify.check  # noqa: F401
    return time.perf_counter() - started


def serial() -> None:
    """Parse in this process (the threshold's name before and after the parser pool
    moved to :mod:`pse.index.parsing`, so older checkouts profile too)."""
    import importlib

    for name, attribute in (("pse.index.parsing", "PARALLEL_THRESHOLD"),
                            ("pse.index.builder", "_PARALLEL_THRESHOLD")):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if hasattr(module, attribute):
            setattr(module, attribute, sys.maxsize)


def phase_seconds(stats: pstats.Stats) -> dict[str, float]:
    """Cumulative seconds of each phase's functions."""
    table = stats.stats  # type: ignore[attr-defined]
    found: dict[str, float] = {}
    for phase, owners in PHASES.items():
        total = 0.0
        for (filename, _, function), (_, _, _, cumulative, _) in table.items():
            for suffix, name in owners:
                if function == name and filename.endswith(suffix):
                    total += cumulative
        found[phase] = total
    return found


def main(argv: list[str] | None = None) -> int:
    """Profile one cold run and print the breakdown."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path)
    parser.add_argument("article", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--parallel", action="store_true",
                        help="parse in worker processes as pse does (the profile then sees "
                             "only the parent's share)")
    args = parser.parse_args(argv)
    imports = timed_imports()
    from pse.cli.main import main as pse_main

    with tempfile.TemporaryDirectory(prefix="pse-profile-") as cache:
        os.environ["PSE_CACHE_DIR"] = cache
        if not args.parallel:
            serial()
        profile = cProfile.Profile()
        out = io.StringIO()
        saved = sys.stdout
        started = time.perf_counter()
        sys.stdout = out
        try:
            profile.runcall(pse_main, ["verify", str(args.article), "--source", str(args.tree),
                                       "--format", "json"])
        except SystemExit:
            pass  # the CLI exits with the verdict
        finally:
            sys.stdout = saved
        wall = time.perf_counter() - started
    stats = pstats.Stats(profile)
    print(f"== {args.tree}, article {args.article.name}: cold run {wall:.2f} s wall under "
          f"cProfile (profiling inflates Python-heavy phases), imports before it "
          f"{imports:.2f} s")
    for phase, seconds in phase_seconds(stats).items():
        print(f"  {phase:<26s} {seconds:7.2f} s")
    stats.sort_stats("tottime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
