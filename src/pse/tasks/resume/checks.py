"""The resume gate's checks beyond the CV facts: banned phrases, placeholders, lost entries.

And :func:`redact_finding`, which makes any finding safe for prompts, state and reports.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rapidfuzz import fuzz

from pse.cv.privacy import Redactor
from pse.tasks.resume.cv import CvEntry
from pse.tasks.resume.repair import banned_pattern
from pse.tasks.resume.repair import repeated_sections as find_repeats
from pse.tasks.resume.requirements import Requirement
from pse.tasks.resume.texts import read_text
from pse.verify.finding import Evidence, Finding, Severity

RULES = Path(__file__).with_name("rules")
_RESTATES = 60
_PLACEHOLDER = re.compile(
    r"\[(?:insert|your|add|enter|company|employer|name of|date|dates|number|x+|todo|tbd)"
    r"[^\]\n]{0,40}\]|\bX{3,}\b|<[a-z][a-z ,.'/-]{2,40}>"  # the prompt's "<degree, school>"
    r"|（待[^）]{0,10}）|【[^】]{0,10}待[^】]{0,10}】",
    re.IGNORECASE)


def load_banned(lang: str, *, extra: Path | None = None) -> list[str]:
    """Banned phrases for ``lang`` from ``rules/banned.<lang>.txt`` plus ``extra``.

    ``extra`` (the user's ``--banned FILE``) must be readable UTF-8 text: anything else is a
    :class:`SourceError`, raised before the first model call because the CLI loads it early.
    """
    builtin = RULES / f"banned.{lang}.txt"
    texts = [builtin.read_text(encoding="utf-8")] if builtin.is_file() else []
    if extra is not None:
        texts.append(read_text(extra, "the banned-phrases file"))
    return [line.strip() for text in texts for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def banned_phrases(text: str, phrases: Sequence[str], *, path: str) -> list[Finding]:
    """Every occurrence of a banned phrase."""
    pattern = banned_pattern(phrases)
    if pattern is None:
        return []
    return [Finding(rule="resume-banned", message=f"banned phrase {m.group(0)!r}", path=path,
                    line=number, text=m.group(0), hint="delete it; state a CV fact instead",
                    kind="wording")
            for number, line in enumerate(text.split("\n"), start=1)
            for m in pattern.finditer(line)]


def placeholders(text: str, *, path: str) -> list[Finding]:
    """Template residue such as ``[Insert company]``, ``XXX`` or ``<your title>``."""
    return [Finding(rule="resume-placeholder", message=f"placeholder {m.group(0)!r}",
                    path=path, line=number, text=m.group(0),
                    hint="use the CV's value, or delete the words", kind="wording")
            for number, line in enumerate(text.split("\n"), start=1)
            for m in _PLACEHOLDER.finditer(line)]


def repeated_sections(text: str, *, path: str) -> list[Finding]:
    """A section heading written twice: the model looped and repeated the resume."""
    return [Finding(rule="resume-repeated-section", message=f"the section {heading!r} "
                    "appears again", path=path, line=number, text=heading,
                    hint="delete the repeated section", kind="wording")
            for number, heading in find_repeats(text)]


def missing_entries(missing: Sequence[CvEntry], *, path: str) -> list[Finding]:
    """One finding per job or project the plan keeps that the resume lost."""
    return [Finding(rule="resume-missing-entry", path=path, line=None, text=entry.heading()[4:],
                    message=f"the plan keeps the {entry.kind} {entry.heading()[4:]!r} but the "
                    "resume does not have it", hint="put it back with the CV's heading and "
                    "bullets; never delete a job or project", kind="missing-entry")
            for entry in missing]


def not_tailored(*, path: str) -> Finding:
    """The resume is the CV again: nothing was aimed at the job."""
    return Finding(rule="resume-not-tailored", path=path, line=None, text="",
                   message="the tailored resume is the CV unchanged (case and spacing aside)",
                   hint="aim the summary at the role and reword bullets toward the job "
                   "description where the CV supports it", kind="tailoring")


def requirements_not_shown(missing: Sequence[Requirement], *, path: str,
                           severity: Severity = "error") -> list[Finding]:
    """One finding per supported requirement the summary and first third do not show."""
    return [Finding(rule="resume-requirement-not-shown", path=path, line=None,
                    text=r.text, severity=severity,
                    message=f"the job asks for {r.text!r}, the CV supports it "
                    f"({', '.join(r.found) or r.evidence[0] if r.evidence else r.text}), "
                    "but the summary and the first third of the resume do not show it",
                    hint="name it in the summary, or put the bullet that shows it first",
                    kind="tailoring")
            for r in missing]


def with_cv_line(finding: Finding, text: str, cv_lines: Sequence[str]) -> Finding:
    """A flagged number gets the CV line its sentence restates in its hint, so the fix can
    copy the real value instead of guessing."""
    if finding.kind != "metric" or not finding.line:
        return finding
    lines = text.split("\n")
    if not 0 < finding.line <= len(lines):
        return finding
    claim = lines[finding.line - 1]
    scored = [(fuzz.token_set_ratio(claim, line), line.strip()) for line in cv_lines
              if len(line.strip()) > 12]
    score, best = max(scored, default=(0.0, ""))
    if score < _RESTATES:
        return finding
    return replace(finding, hint=f"{finding.hint}; the CV's line: {best!r}")


def redact_finding(finding: Finding, redactor: Redactor) -> Finding:
    """The finding with personal data replaced by placeholders in every text field."""
    evidence = tuple(Evidence(path=e.path, line=e.line,
                              text=redactor.redact(e.text) if e.text else e.text)
                     for e in finding.evidence)
    return replace(finding, text=redactor.redact(finding.text),
                   message=redactor.redact(finding.message), hint=redactor.redact(finding.hint),
                   evidence=evidence)
