#!/usr/bin/env python3
"""Re-check the tailoring figures of ``pse resume`` runs from their run folders.

    python bench/resume_tailor.py RUN_DIR_OR_PARENT... [--json]

For every run folder found (one holding ``report.json``), it reads the CV and job
description the run was given (``report.json`` inputs) and the published resume
(``artifact.<lang>.md``), matches the job's requirements to the CV with the current rules
and prints, per run: the requirements, how many the CV supports (covered or partly), how
many of those the summary or the first third of the resume shows (and which it does not),
whether ``match.md`` lists every requirement, the run's status, the seconds its model
calls took, and the summary. A ``--recommend`` run prints the roles of its
``recommendation.md`` and how many quote CV lines as evidence. False lines are not
counted here: read the resume against the CV.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from pse.tasks.resume.requirements import match_job  # noqa: E402
from pse.tasks.resume.tailor import first_third, shows  # noqa: E402


def run_dirs(paths: list[Path]) -> list[Path]:
    """Run folders under ``paths`` (each holding a report.json), in name order."""
    out: list[Path] = []
    for path in paths:
        out.extend(sorted(p.parent for p in path.rglob("report.json")))
    return out


def figures(run: Path) -> dict[str, object]:
    """The tailoring figures of one run folder."""
    report = json.loads((run / "report.json").read_text(encoding="utf-8"))
    inputs = report["inputs"]
    seconds = sum(float(e.get("seconds", 0)) for e in _events(run / "trace.jsonl")
                  if e.get("event") == "llm_call")
    out: dict[str, object] = {"run": str(run), "status": report["status"],
                              "model_seconds": round(seconds, 1)}
    if (run / "recommendation.md").exists():
        roles = _roles(run / "recommendation.md")
        out["roles"] = len(roles)
        out["roles_with_evidence"] = sum(1 for _, evidence in roles if evidence)
        out["role_names"] = [name for name, _ in roles]
    if not inputs.get("jd"):
        return out
    cv = "\n".join(Path(p).read_text(encoding="utf-8") for p in inputs["cv"])
    jd = Path(inputs["jd"]).read_text(encoding="utf-8")
    artifact = next(iter(sorted(run.glob("artifact.*.md"))), None)
    resume = artifact.read_text(encoding="utf-8") if artifact else ""
    match = match_job(jd, cv)
    top = first_third(resume)
    supported = match.supported
    absent = [r.text for r in supported if not shows(r, top)]
    listed = (run / "match.md").read_text(encoding="utf-8") if (run / "match.md").exists() \
        else ""
    out.update({
        "pair": f"{Path(inputs['cv'][0]).name} / {Path(inputs['jd']).name}",
        "requirements": len(match.requirements),
        "supported": len(supported),
        "partial": sum(1 for r in supported if r.coverage == "partial"),
        "in_top": len(supported) - len(absent),
        "not_in_top": absent,
        "match_lists_all": all(r.text in listed for r in match.requirements),
        "summary": _summary(resume),
    })
    return out


def _roles(path: Path) -> list[tuple[str, int]]:
    """``recommendation.md``'s roles, each with how many CV lines it quotes."""
    roles: list[tuple[str, int]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        item = re.match(r"^\d+\.\s+\*\*(.+?)\*\*", line)
        if item:
            roles.append((item.group(1), 0))
        elif roles and line.strip().startswith("- CV:"):
            roles[-1] = (roles[-1][0], roles[-1][1] + 1)
    return roles


def _events(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _summary(resume: str) -> str:
    """The summary section's text, one line."""
    lines = resume.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("## ")), None)
    if start is None:
        return ""
    body = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.strip():
            body.append(line.strip())
    return " ".join(body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true", help="one JSON object per run")
    args = parser.parse_args()
    runs = run_dirs(args.paths)
    if not runs:
        print("no run folders (with report.json) under the given paths", file=sys.stderr)
        return 2
    for run in runs:
        data = figures(run)
        if args.json:
            print(json.dumps(data, ensure_ascii=False))
            continue
        print(f"{data['run']}\n  status {data['status']}, model calls {data['model_seconds']} s")
        if "roles" in data:
            print(f"  roles {data['roles']} ({data['roles_with_evidence']} with evidence): "
                  f"{', '.join(map(str, data['role_names']))}")
        if "pair" in data:
            print(f"  {data['pair']}: {data['requirements']} requirements, "
                  f"{data['supported']} supported ({data['partial']} partly), "
                  f"{data['in_top']} in the summary or first third; match.md lists all: "
                  f"{data['match_lists_all']}")
            for text in data["not_in_top"]:  # type: ignore[attr-defined]
                print(f"    not in the top: {text}")
            print(f"  summary: {str(data['summary'])[:300]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
