#!/usr/bin/env python3
"""Project facts: true projects flagged (false flags) and invented ones caught (recall).

    python bench/resume_project_facts.py [--folder bench/resume_projects]

Runs ``verify_resume`` on each ``<id>.resume.md`` against ``<id>.cv.md`` and compares
its ``project`` findings with ``<id>.labels.json``; prints build and held-out pairs
apart (see the folder's README), and how many project headings lost their time range
by the checker's reading (``missing-time-range`` flags on supported projects).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pse.cv.api import verify_resume  # noqa: E402 - after the path is set

FOLDER = Path(__file__).resolve().parent / "resume_projects"


def main() -> int:
    """Print per pair and per group: false flags on true projects, invented caught."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=FOLDER)
    args = parser.parse_args()
    totals: dict[str, list[int]] = {}
    for labels_path in sorted(args.folder.glob("*.labels.json")):
        case = labels_path.name.removesuffix(".labels.json")
        labels: dict[str, bool] = json.loads(labels_path.read_text(encoding="utf-8"))
        cv = (args.folder / f"{case}.cv.md").read_text(encoding="utf-8")
        resume = (args.folder / f"{case}.resume.md").read_text(encoding="utf-8")
        report = verify_resume(resume, {"cv.md": cv})
        flagged = {f.text for f in report.unsupported if f.kind in ("project",
                                                                    "missing-time-range")}
        row = totals.setdefault(case.split("-")[0], [0, 0, 0, 0])
        for name, supported in labels.items():
            hit = name in flagged
            row[0 if supported else 2] += 1
            row[1 if supported else 3] += int(hit)
            if hit == supported:
                print(f"{case}: {'false flag' if supported else 'missed'} {name!r}")
    for group, (true, false_flags, invented, caught) in sorted(totals.items()):
        print(f"{group:6} true projects {true}, flagged {false_flags}; "
              f"invented {invented}, caught {caught}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
