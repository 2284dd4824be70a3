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

from pse.cv.api import verify_resume
from pse.pipeline.codec import inputs_to_dict
from pse.pipeline.state import PSEState
from pse.tasks.resume.inputs import ResumeInputs
from pse.tasks.resume.matchreport import match_html, match_json, match_markdown
from pse.tasks.resume.plan import Plan, RoleChoice
from pse.tasks.resume.render import write_docx, write_pdf
from pse.tasks.resume.tailor import changes
from pse.tasks.resume.task import ResumeTask

_LOG = logging.getLogger(__name__)
_MAX_ROLES = 5


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
    if ResumeInputs.of(state).recommend:
        roles = recommended_roles(task, state, plan)
        recommendation = [{"role": r.name, "evidence": list(r.evidence),
                           "lacks": list(r.lacks)} for r in roles]
        path = folder / "recommendation.md"
        path.write_text(task.texts(state).redactor.restore(
            recommendation_markdown(roles, chosen=plan.role)), encoding="utf-8")
        written.append(path)
    written.append(_write_match(task, state, plan, folder))
    match = match_json(task.job_match(state), _changes(task, state, folder))
    _extend_report(run_dir, folder, state, plan, recommendation, written,
                   redact=task.texts(state).redactor.redact, match=match)
    return written


def _changes(task: ResumeTask, state: PSEState, folder: Path) -> list[str]:
    texts = task.texts(state)
    lang = state.inputs.lang
    artifact = folder / f"artifact.{lang}.md"
    if not texts.cvs or not artifact.is_file():
        return []
    return changes(texts.cvs[0][1], artifact.read_text(encoding="utf-8"),
                   task.job_match(state))


def _write_match(task: ResumeTask, state: PSEState, plan: Plan, folder: Path) -> Path:
    """``match.md`` (restored: a local file) and the section of ``report.html`` (redacted,
    like the rest of the report)."""
    match = task.job_match(state)
    done = _changes(task, state, folder)
    target = plan.role or "the job description"
    redactor = task.texts(state).redactor
    path = folder / "match.md"
    path.write_text(redactor.restore(match_markdown(match, done, target=target)),
                    encoding="utf-8")
    html = folder / "report.html"
    if html.is_file():
        section = redactor.redact(match_html(match, done, target=target))
        page = html.read_text(encoding="utf-8")
        if 'id="match"' not in page and "</main>" in page:
            html.write_text(page.replace("</main>", section + "</main>", 1),
                            encoding="utf-8")
    return path


def recommended_roles(task: ResumeTask, state: PSEState, plan: Plan) -> list[RoleChoice]:
    """Three to five roles: the role table's that the CV supports (with what it lacks),
    then the model's own proposals that survived the check, each once."""
    redact = task.texts(state).redactor.redact
    table = [RoleChoice(f.zh if state.inputs.lang == "zh" and f.zh else f.name,
                        tuple(redact(e) for e in f.evidence), f.lacks)
             for f in task.role_fits(state)]
    model = [r for r in plan.roles
             if r.name.casefold() not in {t.name.casefold() for t in table}]
    return checked_roles(task, state, [*model, *table])[:_MAX_ROLES]


def checked_roles(task: ResumeTask, state: PSEState, roles: list[RoleChoice]
                  ) -> list[RoleChoice]:
    """The roles whose evidence lines the gate finds fully supported."""
    texts = task.texts(state)
    out: list[RoleChoice] = []
    for role in roles:
        lines = [line for line in role.evidence if not verify_resume(
            "- " + texts.redactor.restore(line), texts.sources,
            policy=task.policy).unsupported]
        if lines:
            out.append(RoleChoice(role.name, tuple(lines), role.lacks))
    return out


def recommendation_markdown(roles: list[RoleChoice], *, chosen: str) -> str:
    """The ranked roles as Markdown, each with its supporting CV lines."""
    lines = ["# Recommended roles", ""]
    for number, role in enumerate(roles, start=1):
        mark = " (the tailored resume targets this role)" if role.name == chosen else ""
        lines.append(f"{number}. **{role.name}**{mark}")
        lines.extend(f"   - CV: {line}" for line in role.evidence)
        if role.lacks:
            lines.append(f"   - The CV does not show: {', '.join(role.lacks)}")
    if not roles:
        lines.append("No role could be supported by lines of the CV.")
    return "\n".join(lines) + "\n"


def _extend_report(run_dir: Path, folder: Path, state: PSEState, plan: Plan,
                   recommendation: list[dict[str, object]], written: list[Path], *,
                   redact: Callable[[str], str], match: dict[str, object]) -> None:
    inputs = ResumeInputs.of(state)
    extra = {"mode": inputs.mode, "role": plan.role,
             "jobs": list(plan.jobs), "projects": list(plan.projects),
             "focus": list(plan.focus), "recommendation": recommendation,
             "privacy": {"backend": inputs.privacy,
                         "redacted": state.data.get("redacted", {})},
             "outputs": [p.name for p in written],
             "match": json.loads(redact(json.dumps(match, ensure_ascii=False)))}
    for target in {run_dir / "report.json", folder / "report.json"}:
        if not target.is_file():
            continue
        report = json.loads(target.read_text(encoding="utf-8"))
        report["resume"] = extra
        # file names of CVs often carry the candidate's name
        report["inputs"] = {k: _redacted(v, redact) for k, v in inputs_to_dict(inputs).items()}
        target.write_text(json.dumps(report, ensure_ascii=False, indent=2, sort_keys=True)
                          + "\n", encoding="utf-8")


def _redacted(value: object, redact: Callable[[str], str]) -> object:
    """An input's JSON value with its strings (a path, a list of paths) redacted."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [_redacted(v, redact) for v in value]
    return value
