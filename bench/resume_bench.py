#!/usr/bin/env python3
"""Run resumebench's scorer on ``pse verify-resume`` and on the seed baseline; print both.

    python bench/resume_bench.py [--data ../shared/bench/resumebench] [--split dev] [-v]
        [--jd-skill-policy separate|flag|allow] [--jobs N]

The scorer and the data stay where they are (read-only); this only builds the two command
lines, runs ``score.py`` for each, and prints the full pse report followed by a side-by-side
summary of the last lines (recall, false flags, seconds).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "bench" / "resumebench"


def score(data: Path, cmd: str, extra: list[str]) -> str:
    """Run score.py with ``cmd`` and return its output."""
    proc = subprocess.run([sys.executable, str(data / "score.py"), "--cmd", cmd, *extra],
                          cwd=data, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"score.py failed for {cmd!r}:\n{proc.stderr}")
    return proc.stdout


def main() -> int:
    """Score pse and the baseline on the same split; print pse's report and both summaries."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--split", default="dev")
    parser.add_argument("--jd-skill-policy", default="separate")
    parser.add_argument("--jobs", default="1")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if not (args.data / "score.py").is_file():
        sys.exit(f"no score.py in {args.data}; pass --data DIR of resumebench")
    extra = ["--split", args.split, "--jd-skill-policy", args.jd_skill_policy,
             "--jobs", args.jobs, *(["-v"] if args.verbose else [])]
    policy = f"--jd-skill-policy {args.jd_skill_policy}"
    pse_cmd = (f"{sys.executable} -m pse verify-resume {{resume}} --source {{cv}} --jd {{jd}} "
               f"--format json {policy}")
    base_cmd = (f"{sys.executable} baseline_seed.py {{resume}} --source {{cv}} --jd {{jd}} "
                "--format json")
    pse_out = score(args.data, pse_cmd, extra)
    base_out = score(args.data, base_cmd, [a for a in extra if a != "-v"])
    print(pse_out)
    print("=" * 72)
    print(f"pse      : {pse_out.strip().splitlines()[-1]}")
    print(f"baseline : {base_out.strip().splitlines()[-1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
