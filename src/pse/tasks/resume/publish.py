"""After the run: DOCX/PDF beside each Markdown artifact, the recommendation, the report.

The runner has written ``artifact.<lang>.md`` and ``report.json`` (in the run folder, or
in ``needs-review/`` when the gate failed). This adds ``resume.<lang>.docx`` and
``resume.<lang>.pdf`` rendered from each artifact, in recommend mode
``recommendation.md`` (ranked roles, each with the CV lines that support it, checked by
the gate), and adds ``resume`` (plan, privacy, outputs) to ``report.json`` - redacted.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from pse.pipeline.state import PSEState
from pse.tasks.resume.plan import Plan, RoleChoice
from pse.tasks.resume.render import write_docx, write_pdf
from pse.tasks.resume.task import ResumeTask
from pse.verify.resume.api import verify_resume

_LOG = logging.getLogger(__name__)


def publish(task: ResumeTask, state: PSEState, run_dir: Path, *,
            formats: tuple[str, ...] = ("docx", "pdf")) -> list[Path]:
    """Write the extra outputs of a finished run; return their paths."""
    folder = run_dir if state.status == "passed" else run_dir / "needs-review"
    written: list[Path] = []
    for markdown in sorted(folder.glob("artifact.*.md")):
        lang = markdown.name.split(".")[1]
        text = markdown.read_text(encoding="utf-8")
        for fmt in formats:
            target = folder / f"resume.{lang}.{fmt}"
            try:
                written.append((write_docx if fmt == "docx" else write_pdf)(text, target))
            except ImportError as exc:
                _LOG.warning("%s", exc)
    plan = task.plan_of(state)
    recommendation: list[dict[str, object]] = []
    if state.inputs.get("mode") == "recommend":
        roles = checked_roles(task, state, plan)
        recommendation = [{"role": r.name, "evidence": list(r.evidence)} for r in roles]
        path = folder / "recommendation.md"
        path.write_text(task.inputs(state).redactor.restore(
            recommendation_markdown(roles, chosen=plan.role)), encoding="utf-8")
        written.append(path)
    _extend_report(run_dir, folder, state, plan, recommendation, written,
                   redact=task.inputs(state).redactor.redact)
    return written


def checked_roles(task: ResumeTask, state: PSEState, plan: Plan) -> list[RoleChoice]:
    """The plan's roles whose evidence lines the gate finds fully supported."""
    inputs = task.inputs(state)
    out: list[RoleChoice] = []
    for role in plan.roles:
        lines = [line for line in role.evidence if not verify_resume(
            "- " + inputs.redactor.restore(line), inputs.sources,
            policy=task.policy).unsupported]
        if lines:
            out.append(RoleChoice(role.name, tuple(lines)))
    return out


def recommendation_markdown(roles: list[RoleChoice], *, chosen: str) -> str:
    """The ranked roles as Markdown, each with its supporting CV lines."""
    lines = ["# Recommended roles", ""]
    for number, role in enumerate(roles, start=1):
        mark = " (the tailored resume targets this role)" if role.name == chosen else ""
        lines.append(f"{number}. **{role.name}**{mark}")
        lines.extend(f"   - CV: {line}" for line in role.evidence)
    if not roles:
        lines.append("No role could be supported by lines of the CV.")
    return "\n".join(lines) + "\n"


def _extend_report(run_dir: Path, folder: Path, state: PSEState, plan: Plan,
                   recommendation: list[dict[str, object]], written: list[Path], *,
                   redact: Callable[[str], str]) -> None:
    extra = {"mode": state.inputs.get("mode", "jd"), "role": plan.role,
             "jobs": list(plan.jobs), "projects": list(plan.projects),
             "focus": list(plan.focus), "recommendation": recommendation,
             "privacy": {"backend": state.inputs.get("privacy", "remote"),
                         "redacted": state.data.get("redacted", {})},
             "outputs": [p.name for p in written]}
    for target in {run_dir / "report.json", folder / "report.json"}:
        if not target.is_file():
            continue
        report = json.loads(target.read_text(encoding="utf-8"))
        report["resume"] = extra
        # file names of CVs often carry the candidate's name
        report["inputs"] = {k: redact(v) for k, v in state.inputs.items()}
        target.write_text(json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True)
                          + "\n", encoding="utf-8")
