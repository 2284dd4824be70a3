"""Grounding of jobs and projects: company, title, dates, project name, time range, numbers.

A resume job is matched to source jobs by company name, or, when the company is not in
the sources, by an identical date range (so the title and numbers of a renamed job are
still compared with the real one). Then:

* the company must name a source organisation;
* the title must restate the source title of that job without raising its rank;
* the dates must restate the source range for that company (format and year-only
  precision may change; start, end and "present" may not);
* every number in its bullets must be stated, within tolerance, by the bullets of that job
  (or of projects at the same organisation) - a real number moved from another job is
  unsupported.

Projects are matched by name (or, across languages, by an identical range); a project
heading needs a time range, and its range must match the source project and lie within
the tenure at the organisation it names.
"""

from __future__ import annotations

import re

from pse.cv.context import SourceFacts, finding
from pse.cv.dates import same_range, within
from pse.cv.facts import Bullet, DateRange, Document, Entry, ResumeFinding, Span
from pse.cv.glossary import has_cjk
from pse.cv.names import project_matches, title_matches
from pse.cv.numbers import supports
from pse.cv.projects import entry_dates, project_described

_STRONG = 0.6
"""A resume bullet whose words are this much in one source bullet restates it."""
_RELATED = 0.3
"""Source bullets sharing this much of a restating bullet's words may back its numbers."""


def check_entries(resume: Document, facts: SourceFacts) -> list[ResumeFinding]:
    """Findings for every job and project of the resume."""
    out: list[ResumeFinding] = []
    for job in resume.jobs:
        out.extend(_check_job(job, facts))
    for project in resume.projects:
        out.extend(_check_project(project, facts))
    return out


def _check_job(job: Entry, facts: SourceFacts) -> list[ResumeFinding]:
    out: list[ResumeFinding] = []
    same_company = facts.jobs_of(job.company.text) if job.company else []
    if job.company:
        out.append(_company(job.company, facts))
    matched = same_company
    if job.dates and len(same_company) > 1:
        matched = [e for e in same_company if e.dates and same_range(job.dates, e.dates)] \
            or same_company
    if not matched and job.dates:
        matched = [e for e in facts.jobs if e.dates and same_range(job.dates, e.dates)]
    if job.title:
        out.append(_title(job.title, matched, facts))
    if job.dates:
        out.append(_job_dates(job.dates, same_company, facts))
    where = job.company.text if job.company else "this job"
    out.extend(_metrics(job.bullets, facts.block(matched) if matched else None, facts, where))
    return out


def _company(span: Span, facts: SourceFacts) -> ResumeFinding:
    entry = facts.company_entry(span.text)
    if entry is not None:
        return finding(span, "company", ok=True,
                       evidence=facts.evidence(entry.company, entry))
    reason = f"{span.text!r} is not an organisation in the sources"
    if facts.jd and span.text.casefold() in facts.jd.casefold():
        reason += "; it is the hiring company of the job description"
    return finding(span, "company", ok=False, reason=reason)


def _title(span: Span, matched: list[Entry], facts: SourceFacts) -> ResumeFinding:
    pool = matched or list(facts.jobs)
    for entry in pool:
        if entry.title and title_matches(span.text, entry.title.text, glossary=facts.glossary):
            return finding(span, "title", ok=True, evidence=facts.evidence(entry.title, entry))
    if matched and matched[0].title:
        where = matched[0].company.text if matched[0].company else "that job"
        reason = f"the sources give the title {matched[0].title.text!r} at {where!r}"
    else:
        reason = f"no job in the sources has the title {span.text!r}"
    return finding(span, "title", ok=False, reason=reason)


def _job_dates(rng: DateRange, same_company: list[Entry], facts: SourceFacts) -> ResumeFinding:
    pool = same_company or list(facts.jobs)
    for entry in pool:
        if entry.dates and same_range(rng, entry.dates):
            return finding(rng.span, "date", ok=True, evidence=facts.evidence(entry.dates.span))
    merged = _merged_range(same_company)
    if merged is not None and same_range(rng, merged):
        return finding(rng.span, "date", ok=True, reason="spans the roles at this employer",
                       evidence=facts.evidence(merged.span))
    known = [e.dates.span.text for e in same_company if e.dates]
    reason = (f"the sources give {', '.join(map(repr, known))} for this employer" if known
              else "no job in the sources has this date range")
    return finding(rng.span, "date", ok=False, reason=reason)


def _merged_range(entries: list[Entry]) -> DateRange | None:
    """One range from the first start to the last end of several roles at one employer."""
    ranges = [e.dates for e in entries if e.dates]
    if len(ranges) < 2:
        return None
    first = min(ranges, key=lambda r: r.start.index())
    last = max(ranges, key=lambda r: r.end.index(end=True) if r.end else 10 ** 9)
    return DateRange(first.start, last.end, first.span)


def _check_project(project: Entry, facts: SourceFacts) -> list[ResumeFinding]:
    out: list[ResumeFinding] = []
    matched = _match_project(project, facts)
    if project.name:
        if matched:
            out.append(finding(project.name, "project", ok=True,
                               evidence=facts.evidence(matched[0].name, matched[0])))
        else:
            out.append(finding(project.name, "project", ok=False,
                               reason=f"no project {project.name.text!r} in the sources"))
        out.append(_time_range(project, matched, facts))
    if project.company:
        out.append(_company(project.company, facts))
    if project.dates:
        out.append(_project_dates(project, matched, facts))
    where = project.name.text if project.name else "this project"
    out.extend(_metrics(project.bullets, facts.block(matched) if matched else None, facts,
                        where))
    return out


def _match_project(project: Entry, facts: SourceFacts) -> list[Entry]:
    if project.name is None:
        return []
    name = project.name.text
    found = [e for e in facts.projects
             if e.name and project_matches(name, e.name.text, glossary=facts.glossary)]
    if found:
        return found
    described = [e for e in facts.projects if e.name and project_described(project, e)]
    if len(described) == 1:
        return described
    if project.dates is None:
        return found
    by_dates = [e for e in facts.projects if e.name and (d := entry_dates(e)) and
                has_cjk(e.name.text) != has_cjk(name) and same_range(project.dates, d)]
    return by_dates if len(by_dates) == 1 else []


def _time_range(project: Entry, matched: list[Entry], facts: SourceFacts) -> ResumeFinding:
    assert project.name is not None
    if project.dates is None:
        return finding(project.name, "missing-time-range", ok=False,
                       reason="the project heading gives no time range")
    source = next((d for e in matched if (d := entry_dates(e))), None)
    return finding(project.name, "missing-time-range", ok=True,
                   evidence=facts.evidence(source.span) if source else None)


def _project_dates(project: Entry, matched: list[Entry], facts: SourceFacts) -> ResumeFinding:
    rng = project.dates
    assert rng is not None
    pool = matched or list(facts.projects)
    source = next((e for e in pool if (d := entry_dates(e)) and same_range(rng, d)), None)
    source_range = entry_dates(source) if source is not None else None
    if source is None or source_range is None:
        known = [e.dates.span.text for e in matched if e.dates]
        reason = (f"the sources give {', '.join(map(repr, known))} for this project" if known
                  else "no project in the sources has this date range")
        return finding(rng.span, "date", ok=False, reason=reason)
    company = project.company.text if project.company else ""
    tenures = [j.dates for j in facts.jobs_of(company) if j.dates] if company else []
    if tenures and not any(within(rng, t, today=facts.policy.as_of) for t in tenures):
        return finding(rng.span, "date", ok=False,
                       reason=f"the project range lies outside the tenure at {company!r}")
    return finding(rng.span, "date", ok=True, evidence=facts.evidence(source_range.span))


def _gist(text: str) -> set[str]:
    """Word stems (first five letters) and Chinese character pairs of a bullet."""
    latin = {w[:5] for w in re.findall(r"[a-z]{4,}", text.lower())}
    return latin | {m.group(1) + m.group(2)
                    for m in re.finditer(r"(?=([\u3400-\u9fff])([\u3400-\u9fff]))", text)}


def _aligned(bullet: Bullet, pool: list[Bullet]) -> list[Bullet]:
    """The source bullets ``bullet`` restates, when it clearly restates one: its numbers
    must come from those, not from another claim of the same job."""
    words = _gist(bullet.span.text)
    if len(words) < 3:
        return pool
    scores = [(len(words & _gist(b.span.text)) / len(words), b) for b in pool]
    if max((s for s, _ in scores), default=0.0) < _STRONG:
        return pool
    return [b for s, b in scores if s >= _RELATED]


def _metrics(bullets: tuple[Bullet, ...], block: list[Bullet] | None, facts: SourceFacts,
             where: str) -> list[ResumeFinding]:
    policy = facts.policy
    out: list[ResumeFinding] = []
    for bullet in bullets:
        pool = _aligned(bullet, list(facts.all_bullets) if block is None else block)
        for metric in bullet.metrics:
            source = next((b for b in pool for m in b.metrics if supports(
                metric, m, tolerance=policy.tolerance, over_floor=policy.over_floor)), None)
            if source is not None:
                out.append(finding(metric.span, "metric", ok=True,
                                   evidence=facts.evidence(source.span)))
                continue
            elsewhere = next((b for b in facts.all_bullets for m in b.metrics if supports(
                metric, m, tolerance=policy.tolerance, over_floor=policy.over_floor)), None)
            reason = (f"the sources state this number for another role or claim, not for "
                      f"{where!r}" if elsewhere else
                      f"no number in the sources for {where!r} supports it")
            out.append(finding(metric.span, "metric", ok=False, reason=reason))
    return out
