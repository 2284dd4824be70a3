"""Grounding of the rest: education, certifications, skills, durations, duplicated bullets.

* A school must name a source school (abbreviations and official translations accepted
  by policy); a degree must have the level of the source degree at that school, or of
  some source degree when the school is not in the sources (an MBA needs an MBA).
* A certification must be a source certification (acronym or full name, no added words).
* A skill must appear in the sources; one that only the job description names is a
  ``jd-only-skill`` (hedged lists) or an unsupported ``skill``, as the policy says.
* A duration of experience must equal one the sources state or the span of their dates.
"""

from __future__ import annotations

import re
from datetime import date

from pse.cv.context import SourceFacts, finding
from pse.cv.dates import latest, span_years
from pse.cv.extract import find_durations, parse_skills
from pse.cv.facts import (
    DegreeLevel,
    Document,
    Duration,
    EducationItem,
    ResumeFinding,
    SkillItem,
    Span,
)
from pse.cv.names import cert_matches, school_matches, skill_matches
from pse.cv.sections import strip_bullet

_TECH_LABEL = re.compile(r"^\s*(?:tech(?:nolog(?:y|ies))?|tools?|stack|技术栈|工具)\s*[:：]",
                         re.IGNORECASE)


def tech_skills(doc: Document) -> list[SkillItem]:
    """Skills listed in ``Tech: ...`` / ``技术栈：...`` bullets of a source document."""
    found: list[SkillItem] = []
    for entry in (*doc.jobs, *doc.projects):
        for bullet in entry.bullets:
            if _TECH_LABEL.match(bullet.span.text):
                found.extend(parse_skills(doc.lines[bullet.span.line - 1], bullet.span.line))
    return found


def check_items(resume: Document, facts: SourceFacts) -> list[ResumeFinding]:
    """Findings for education, certifications, skills, durations and duplicates."""
    out: list[ResumeFinding] = []
    for item in resume.education:
        out.extend(_education(item, facts))
    for cert in resume.certifications:
        out.append(_certification(cert, facts))
    for skill in resume.skills:
        out.append(_skill(skill, facts))
    for duration in resume.durations:
        out.append(_duration(duration, facts))
    out.extend(_duplicates(resume))
    return out


def _source_education(facts: SourceFacts) -> list[EducationItem]:
    return [item for doc in facts.docs for item in doc.education]


def _education(item: EducationItem, facts: SourceFacts) -> list[ResumeFinding]:
    out: list[ResumeFinding] = []
    known = _source_education(facts)
    same_school: list[EducationItem] = []
    if item.school:
        same_school = [k for k in known if k.school and school_matches(
            item.school.text, k.school.text, glossary=facts.glossary,
            external=facts.policy.external_names)]
        evidence = facts.evidence(same_school[0].school) if same_school else None
        out.append(finding(item.school, "school", ok=bool(same_school), evidence=evidence,
                           reason="" if same_school else
                           f"{item.school.text!r} is not a school in the sources"))
    if item.degree:
        pool = [k for k in same_school if k.degree] or known
        match = next((k for k in pool if k.degree and _level_ok(item.degree.level,
                                                                k.degree.level)), None)
        reason = "" if match else (
            f"the sources list {pool[0].degree.span.text!r} there" if same_school and
            pool[0].degree else f"no {item.degree.level} degree in the sources")
        out.append(finding(item.degree.span, "degree", ok=match is not None, reason=reason,
                           evidence=facts.evidence(match.degree.span) if match and match.degree
                           else None))
    return out


def _level_ok(claim: DegreeLevel, source: DegreeLevel) -> bool:
    return claim == source or (claim == "master" and source == "mba")


def _certification(cert: Span, facts: SourceFacts) -> ResumeFinding:
    for doc in facts.docs:
        for known in doc.certifications:
            if cert_matches(cert.text, known.text, glossary=facts.glossary):
                return finding(cert, "certification", ok=True, evidence=facts.evidence(known))
    line = facts.find_line(cert.text)
    return finding(cert, "certification", ok=line is not None, evidence=line,
                   reason="" if line else f"{cert.text!r} is not a certification in the sources")


def _skill(item: SkillItem, facts: SourceFacts) -> ResumeFinding:
    listed = [s.span.text for d in facts.docs for s in d.skills]
    listed.extend(s.span.text for s in facts.tech_skills)
    if skill_matches(item.span.text, listed, text=facts.text, glossary=facts.glossary):
        return finding(item.span, "skill", ok=True, evidence=facts.find_line(item.span.text))
    if not facts.in_jd(item.span.text):
        return finding(item.span, "skill", ok=False,
                       reason=f"{item.span.text!r} is not in the sources")
    policy = facts.policy.jd_skill_policy
    reason = f"{item.span.text!r} appears only in the job description"
    if not item.hedged:
        return finding(item.span, "skill", ok=False, reason=reason + ", listed as a skill")
    if policy == "allow":
        return finding(item.span, "jd-only-skill", ok=True, reason=reason + " (allowed)")
    return finding(item.span, "jd-only-skill" if policy == "separate" else "skill", ok=False,
                   reason=reason)


def _career_years(facts: SourceFacts) -> set[float]:
    """The experience the sources' job dates add up to: first start to last end, and the
    months any job covers; each to today ("present") and to the latest date written."""
    ranges = [e.dates for e in facts.jobs if e.dates]
    if not ranges:
        return set()
    last = latest(ranges)
    ends = {facts.policy.as_of}
    if last is not None:
        ends.add(date(last.year, last.month or 12, 1))
    return {value for end in ends for value in span_years(ranges, today=end)}


def _duration(claim: Duration, facts: SourceFacts) -> ResumeFinding:
    """A duration is one the sources state, or true of the span of their job dates
    ("over 8 years" for jobs since July 2016); a job description's "N+ years" is no
    evidence, it only explains an unsupported claim."""
    stated = [d for doc in facts.docs for d in doc.durations]
    for known in stated:
        if _years_ok(claim, known.years, stated_over=known.approx == "over"):
            return finding(claim.span, "duration", ok=True, evidence=facts.evidence(known.span))
    if any(_years_ok(claim, value, floor=facts.policy.over_floor)
           for value in _career_years(facts)):
        return finding(claim.span, "duration", ok=True,
                       reason="matches the span of the dates in the sources")
    asked = {int(d.years) for n, line in enumerate(facts.jd.splitlines(), start=1)
             for d in find_durations(line, n)}
    said = ", ".join(repr(d.span.text) for d in stated)
    reason = f"the sources state {said}" if said else "the dates in the sources do not add up to it"
    if int(claim.years) in asked:
        reason += "; it is the job description's requirement"
    return finding(claim.span, "duration", ok=False, reason=reason)


def _years_ok(claim: Duration, years: float, *, stated_over: bool = False,
              floor: float = 0.5) -> bool:
    """``claim`` is true of ``years`` (a stated "N+" is a lower bound, so "over M" holds
    for any M up to N)."""
    if claim.approx == "about":
        return abs(claim.years - years) <= 1
    if claim.approx == "over":
        return claim.years <= years and (stated_over or claim.years >= floor * years)
    return int(claim.years) == int(years)


def _duplicates(resume: Document) -> list[ResumeFinding]:
    seen: set[str] = set()
    out: list[ResumeFinding] = []
    for entry in (*resume.jobs, *resume.projects):
        for bullet in entry.bullets:
            key = re.sub(r"\W+", " ", strip_bullet(bullet.span.text)[0].casefold()).strip()
            if len(key) < 25:
                continue
            if key in seen:
                out.append(finding(bullet.span, "duplicate", ok=False,
                                   reason="the same bullet appears earlier in the resume"))
            seen.add(key)
    return out
