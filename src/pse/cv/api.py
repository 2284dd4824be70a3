"""The entry points: :func:`verify_resume` for the CLI and :func:`verify` for the pipeline.

Both are pure: they take texts, not paths, and return findings. The sources are parsed
first; the resume is then parsed knowing the sources' companies and titles (so a header
reads the way the CV reads), and every fact it states is grounded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from pse.cv.bindings import check_bindings, check_list_names, check_repetition
from pse.cv.claimed import check_claimed_titles
from pse.cv.context import SourceFacts
from pse.cv.extract import parse_document
from pse.cv.facts import ResumeFinding, ResumeReport
from pse.cv.glossary import load_glossary
from pse.cv.ground import check_entries
from pse.cv.items import check_items, tech_skills
from pse.cv.policy import ResumePolicy
from pse.errors import SourceError
from pse.verify.finding import Evidence, Finding, VerifyResult

_HINTS = {
    "company": "use the employer name the CV gives (or its short form)",
    "title": "use the title the CV gives for this job",
    "date": "copy the date range the CV gives for this job or project",
    "duration": "state the experience the CV states, or the span of its dates",
    "metric": "use the number the CV gives for this role, or drop the number",
    "degree": "list only degrees the CV lists",
    "school": "use the school the CV names",
    "certification": "list only certifications the CV lists",
    "project": "list only projects the CV describes",
    "skill": "list only skills the CV names",
    "jd-only-skill": "drop skills that only the job description names",
    "missing-time-range": "give the project's time range from the CV",
    "duplicate": "remove the repeated bullet",
    "tool-use": "credit each tool only with the work the CV uses it for",
    "repetition": "delete the repeated sentence",
}


def verify_resume(resume_text: str, sources: Mapping[str, str] | Iterable[tuple[str, str]], *,
                  jd: str | None = None, policy: ResumePolicy | None = None,
                  resume_path: str = "resume.md") -> ResumeReport:
    """Check every fact of a tailored resume against the candidate's sources.

    Args:
        resume_text: the resume (Markdown or plain text, English or Chinese).
        sources: ``{name: text}`` (or pairs) of the CV and any notes; names appear as
            evidence paths.
        jd: the job description, used only to explain where an unsupported fact came from
            and for the ``jd-only-skill`` policy; it is never evidence.
        policy: what rewording to accept (defaults: :class:`ResumePolicy`).
        resume_path: the resume's name in the report.

    Raises:
        SourceError: when the resume or every source is empty.
    """
    policy = policy or ResumePolicy()
    pairs = list(sources.items()) if isinstance(sources, Mapping) else list(sources)
    if not resume_text.strip():
        raise SourceError(f"the resume {resume_path!r} is empty; give the tailored resume text")
    if not pairs or not any(text.strip() for _, text in pairs):
        raise SourceError("the sources are empty; give the candidate's CV with --source")
    glossary = load_glossary(policy.translations)
    docs = tuple(parse_document(text, name) for name, text in pairs if text.strip())
    facts = SourceFacts(docs=docs, glossary=glossary, policy=policy, jd=jd or "",
                        tech_skills=tuple(s for d in docs for s in tech_skills(d)))
    resume = parse_document(resume_text, resume_path, is_company=facts.is_company,
                            is_title=facts.is_title)
    findings = [*check_entries(resume, facts), *check_items(resume, facts),
                *check_claimed_titles(resume, facts), *check_bindings(resume, facts),
                *check_list_names(resume, facts), *check_repetition(resume)]
    return ResumeReport(resume=resume_path, findings=tuple(sorted(
        findings, key=ResumeFinding.sort_key)))


class ResumeState(Protocol):
    """What :func:`verify` needs from the pipeline state of a ``resume`` task.

    ``artifact`` is the tailored resume; ``task_data`` holds ``sources`` (``{name: text}``
    of the CV and notes), optionally ``jd`` (text) and ``resume_policy``
    (:class:`ResumePolicy`).
    """

    artifact: str
    task_data: Mapping[str, object]


def verify(state: ResumeState) -> VerifyResult:
    """The resume task's verify function: ``(bad, ok)`` findings for the draft."""
    data = state.task_data
    sources = data.get("sources")
    if not isinstance(sources, Mapping):
        raise SourceError("task data has no 'sources' mapping of CV/notes texts; "
                          "give the candidate's CV to the resume task")
    jd = data.get("jd")
    policy = data.get("resume_policy")
    report = verify_resume(state.artifact, {str(k): str(v) for k, v in sources.items()},
                           jd=jd if isinstance(jd, str) else None,
                           policy=policy if isinstance(policy, ResumePolicy) else None,
                           resume_path=str(data.get("resume_path", "resume.md")))
    converted = [to_finding(f, report.resume) for f in report.findings]
    return VerifyResult(bad=[f for f in converted if f.severity == "error"],
                        ok=[f for f in converted if f.severity != "error"])


def to_finding(item: ResumeFinding, path: str) -> Finding:
    """A resume finding as the pipeline's :class:`~pse.verify.finding.Finding`."""
    bad = item.status == "unsupported"
    evidence = (Evidence(path=item.source or "", line=item.source_line, text=item.evidence),) \
        if item.evidence else ()
    return Finding(rule=f"resume-{item.kind}", path=path, line=item.line, text=item.text,
                   message=item.reason or f"{item.kind} {item.text!r} is supported by the sources",
                   severity="error" if bad else "info", hint=_HINTS[item.kind] if bad else "",
                   evidence=evidence, kind=item.kind)
