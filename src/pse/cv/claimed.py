"""Titles the resume claims in its prose: the job ad's title is not the candidate's.

A small model tailoring a CV tends to copy the job description's heading ("Senior BI
Developer – Bristol (hybrid)") into the summary, where it reads as the candidate's own
title. Entry headers are checked by :mod:`.ground`; this reads every other line of the
resume for the role phrases the job description gives as its title and flags one that no
job of the CV holds, unless the line states it as an aim ("seeking a Senior BI Developer
role"). Pure functions over texts.
"""

from __future__ import annotations

import re

from pse.cv.context import SourceFacts, finding
from pse.cv.entries import title_score
from pse.cv.facts import Document, ResumeFinding, Span

_TITLE_CUT = re.compile(r"\s*[–—]{2}\s*|\s+[–—-]\s+|\s*[|(（,，:：/]\s*")
"""Where a job ad's title line stops naming the role: location, mode, team."""

_AIM = re.compile(r"\b(?:seek\w*|apply\w*|applying|aim\w*|target\w*|toward|towards|aspir\w*|"
                  r"interested|looking|transition\w*|pursu\w*|for\s+(?:the|a|an)|into\s+(?:a|an)"
                  r"|objective|goal|desired|wanted)\b|目标|应聘|求职|申请|意向|希望|期望|意愿",
                  re.IGNORECASE)
"""Words before a title (or in its section's heading) that make it the candidate's aim,
not a title held."""


def jd_titles(jd: str) -> tuple[str, ...]:
    """The role phrases of the job description's title line (its first non-empty line,
    a Markdown heading mark dropped), each of which reads as a job title."""
    first = next((line.strip().lstrip("#").strip() for line in jd.splitlines() if line.strip()),
                 "")
    parts = (part.strip(" .") for part in _TITLE_CUT.split(first))
    return tuple(dict.fromkeys(p for p in parts if p and title_score(p) >= 2))


def check_claimed_titles(resume: Document, facts: SourceFacts) -> list[ResumeFinding]:
    """An ``unsupported`` title finding for each job-ad title the resume's prose states
    as the candidate's while no job of the CV has it (and no CV line says it)."""
    titles = [t for t in jd_titles(facts.jd) if not _held(t, facts)]
    if not titles:
        return []
    headers = {span.line for entry in (*resume.jobs, *resume.projects) for span in entry.header}
    out: list[ResumeFinding] = []
    heading = ""
    for number, line in enumerate(resume.lines, start=1):
        if line.startswith("#"):
            heading = line
        if number in headers or _AIM.search(heading):  # a "求职意向" / "Objective" section
            continue
        for title in titles:
            for match in re.finditer(re.escape(title), line, flags=re.IGNORECASE):
                if _AIM.search(line[:match.start()]):
                    continue
                span = Span(match.group(0), number, match.start())
                out.append(finding(span, "title", ok=False, reason=(
                    f"no job in the CV has the title {title!r}; only the job description "
                    "names it (say it as the role sought, or use a title the CV gives)")))
    return out


def _held(title: str, facts: SourceFacts) -> bool:
    """The CV gives the title: as a job's title or anywhere in its text (a headline),
    except where the CV states it as its aim ("求职意向：用户运营经理" is not a job held)."""
    if facts.is_title(title):
        return True
    lowered = title.lower()
    for doc in facts.docs:
        heading = ""
        for line in doc.text.splitlines():
            if line.startswith("#"):
                heading = line
            at = line.lower().find(lowered)
            while at >= 0:
                if not (_AIM.search(line[:at]) or _AIM.search(heading)):
                    return True
                at = line.lower().find(lowered, at + 1)
    return False
