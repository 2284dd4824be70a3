"""Which CV entry each job or project of a resume is (the checker's own name rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pse.cv.context import SourceFacts
from pse.cv.dates import same_range
from pse.cv.extract import parse_document
from pse.cv.facts import Document, Entry
from pse.cv.glossary import has_cjk, load_glossary
from pse.cv.items import tech_skills
from pse.cv.names import company_matches, project_matches
from pse.cv.policy import ResumePolicy
from pse.tasks.resume.cv import CvEntry


@dataclass(frozen=True)
class Matched:
    """A resume entry and the CV entry it restates (None: not in the CV)."""

    entry: Entry
    cv: CvEntry | None


def source_facts(sources: Mapping[str, str], *, jd: str, policy: ResumePolicy) -> SourceFacts:
    """The checker's view of the sources (parsed once per call)."""
    docs = tuple(parse_document(text, name) for name, text in sources.items() if text.strip())
    return SourceFacts(docs=docs, glossary=load_glossary(policy.translations), policy=policy,
                       jd=jd, tech_skills=tuple(s for d in docs for s in tech_skills(d)))


def parse_resume(text: str, facts: SourceFacts) -> Document:
    """The resume parsed the way the gate parses it."""
    return parse_document(text, "resume.md", is_company=facts.is_company, is_title=facts.is_title)


def match_entries(resume: Document, entries: Sequence[CvEntry], facts: SourceFacts
                  ) -> list[Matched]:
    """Every job and project of ``resume`` with its CV entry (each CV entry used once)."""
    used: set[str] = set()
    out: list[Matched] = []
    for entry in (*resume.jobs, *resume.projects):
        pool = [e for e in entries if e.kind == entry.kind and e.key not in used]
        found = _match(entry, pool, facts)
        if found is not None:
            used.add(found.key)
        out.append(Matched(entry, found))
    return out


def _match(entry: Entry, pool: list[CvEntry], facts: SourceFacts) -> CvEntry | None:
    glossary = facts.glossary
    if entry.kind == "job":
        named = [e for e in pool if entry.company and e.company and company_matches(
            entry.company.text, e.company, glossary=glossary)]
    else:
        named = [e for e in pool if entry.name and e.name and project_matches(
            entry.name.text, e.name, glossary=glossary)]
    dated = [e for e in (named or pool) if entry.dates and e.entry and e.entry.dates
             and same_range(entry.dates, e.entry.dates)]
    if named:
        return (dated or named)[0]
    if entry.kind == "project" and entry.name and dated:
        # a translated project name: the same range, in the other language, only once
        other = [e for e in dated if has_cjk(e.name) != has_cjk(entry.name.text)]
        return other[0] if len(other) == 1 else None
    return dated[0] if entry.kind == "job" and len(dated) == 1 else None


def entry_lines(entry: Entry) -> tuple[int, int]:
    """First and last line (1-based) of an entry: its header and bullets."""
    numbers = [s.line for s in entry.header] + [b.span.line for b in entry.bullets]
    return min(numbers), max(numbers)
