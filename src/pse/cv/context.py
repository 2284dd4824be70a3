"""What the sources say, gathered once per check, and how findings quote them.

:class:`SourceFacts` pools the documents parsed from the CV and notes (and the job
description, which is never evidence for a fact, only a hint about where an unsupported
one came from) and answers the questions grounding asks: which source jobs a company
name refers to, which numbers a job's bullets state, where a skill is mentioned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pse.cv.facts import (
    Bullet,
    Document,
    Entry,
    Kind,
    ResumeFinding,
    SkillItem,
    Span,
)
from pse.cv.glossary import Glossary, mostly_cjk
from pse.cv.names import company_matches, in_text, title_matches
from pse.cv.policy import ResumePolicy
from pse.cv.privacy import mask
from pse.cv.sections import strip_bullet

Evidence = tuple[str, str, int]
"""``(masked source text, source path, line)``."""


@dataclass(frozen=True)
class SourceFacts:
    """The pooled facts of every source document."""

    docs: tuple[Document, ...]
    glossary: Glossary
    policy: ResumePolicy
    jd: str = ""
    tech_skills: tuple[SkillItem, ...] = field(default=())
    """Skills named in ``Tech:`` / ``技术栈：`` lines of source bullets."""

    @cached_property
    def jobs(self) -> tuple[Entry, ...]:
        """Every job of every source."""
        return tuple(e for d in self.docs for e in d.jobs)

    @cached_property
    def projects(self) -> tuple[Entry, ...]:
        """Every project of every source."""
        return tuple(e for d in self.docs for e in d.projects)

    @cached_property
    def text(self) -> str:
        """All source text."""
        return "\n".join(d.text for d in self.docs)

    @cached_property
    def all_bullets(self) -> tuple[Bullet, ...]:
        """Bullets of every entry, and loose lines of note files."""
        bullets = [b for e in (*self.jobs, *self.projects) for b in e.bullets]
        bullets.extend(b for d in self.docs if not d.jobs for b in d.loose_metrics)
        return tuple(bullets)

    def jobs_of(self, company: str) -> list[Entry]:
        """Source jobs at the organisation ``company`` names."""
        return [e for e in self.jobs if e.company and company_matches(
            company, e.company.text, aliases=e.aliases, glossary=self.glossary)]

    def company_entry(self, company: str) -> Entry | None:
        """A source job or project that names the organisation ``company``."""
        jobs = self.jobs_of(company)
        if jobs:
            return jobs[0]
        return next((e for e in self.projects if e.company and company_matches(
            company, e.company.text, glossary=self.glossary)), None)

    def is_company(self, text: str) -> bool:
        """True when ``text`` names an organisation of the sources."""
        return self.company_entry(text) is not None

    def is_title(self, text: str) -> bool:
        """True when ``text`` restates one of the sources' job titles."""
        return any(e.title and title_matches(text, e.title.text, glossary=self.glossary)
                   for e in self.jobs)

    def block(self, entries: list[Entry]) -> list[Bullet]:
        """The bullets that may back a resume entry matched to ``entries``: theirs, plus
        those of source projects and jobs at the same organisation."""
        bullets = [b for e in entries for b in e.bullets]
        for entry in entries:
            if entry.company is None:
                continue
            related = self.jobs_of(entry.company.text) + [
                p for p in self.projects if p.company and company_matches(
                    p.company.text, entry.company.text, glossary=self.glossary)]
            bullets.extend(b for r in related if r not in entries for b in r.bullets)
        bullets.extend(b for d in self.docs if not d.jobs for b in d.loose_metrics)
        return bullets

    def evidence(self, span: Span | None, entry: Entry | None = None) -> Evidence | None:
        """The source line holding ``span`` (or ``entry``'s header), masked."""
        if span is None and entry is not None:
            span = entry.header[0] if entry.header else None
        if span is None:
            return None
        for doc in self.docs:
            if 0 < span.line <= len(doc.lines) and span.text in doc.lines[span.line - 1]:
                return quote(doc.lines[span.line - 1]), doc.path, span.line
        return None

    def find_line(self, name: str) -> Evidence | None:
        """The first source line that mentions ``name`` as whole words."""
        for doc in self.docs:
            for number, line in enumerate(doc.lines, start=1):
                if in_text(name, line):
                    return quote(line), doc.path, number
        return None

    def in_jd(self, name: str) -> bool:
        """True when the job description names ``name`` (or an alias of it)."""
        return bool(self.jd) and any(in_text(n, self.jd) for n in self.glossary.skill_names(name))

    @cached_property
    def cross_lingual(self) -> bool:
        """True when the sources are mostly Chinese."""
        return mostly_cjk(self.text)


def quote(line: str) -> str:
    """A source line as evidence: bullet and Markdown stripped, PII masked."""
    text, _ = strip_bullet(line)
    return mask(text.replace("**", "").lstrip("#").strip())


def finding(span: Span, kind: Kind, *, ok: bool, evidence: Evidence | None = None,
            reason: str = "") -> ResumeFinding:
    """A finding about ``span`` of the resume."""
    text, path, line = evidence if evidence else (None, None, None)
    return ResumeFinding(text=span.text, line=span.line, col=span.col, kind=kind,
                         status="supported" if ok else "unsupported", evidence=text,
                         source=path, source_line=line, reason=reason)
