#!/usr/bin/env python3
"""Accuracy and speed of `pse verify` on the labelled refbench set, beside the seed baseline.

    python bench/refbench.py            # accuracy (score.py) and speed (speed.py)
    python bench/refbench.py --speed    # speed only
    python bench/refbench.py --score    # accuracy only

Looks for the set in $REFBENCH_DIR or ../shared/bench/refbench (next to the checkout).
Both scripts measure the seed baseline in the same run and print the ratios; speed.py
times a cold run (after `pse cache clear` and a page-cache drop) and a warm one.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PSE = f"{sys.executable} -m pse"


def find_refbench() -> Path:
    candidates = [os.environ.get("REFBENCH_DIR", ""), HERE.parent.parent / "shared/bench/refbench"]
    for candidate in candidates:
        if candidate and (Path(candidate) / "score.py").is_file():
            return Path(candidate)
    sys.exit("refbench not found: set REFBENCH_DIR to the folder holding score.py")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="only the speed benchmark")
    parser.add_argument("--score", action="store_true", help="only the accuracy benchmark")
    options = parser.parse_args()
    bench = find_refbench()
    work = Path(os.environ.get("REFBENCH_WORK", "/tmp/refbench-work"))
    if not (work / "trees").is_dir():
        subprocess.run(["bash", str(bench / "setup_targets.sh")], cwd=bench, check=True)
    verify = f"{PSE} -q verify {{article}} --source {{source}} --format json"
    if not options.speed:
        subprocess.run([sys.executable, "score.py", "--cmd", verify], cwd=bench, check=False)
    if not options.score:
        subprocess.run([sys.executable, "speed.py", "--cmd", verify,
                        "--reset", f"{PSE} -q cache clear"], cwd=bench, check=False)
    return 0


if __name__ == "__main__":
    if shutil.which("bash") is None:
        sys.exit("bash is required")
    sys.exit(main())
