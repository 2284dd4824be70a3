"""Projects listed inside job entries, not under a Projects heading.

Many CVs name their projects in the job they belong to: a labelled line (``Project:
Churn Radar (Mar 2020 – Dec 2020)``, ``**Key project: X** | 2021``, ``项目：智能推荐系统
（2020.03 - 2020.12）``, ``项目经历：用户画像平台 2021.01 ~ 2021.06``) or a bullet that
starts with a short name and its date range in parentheses (``- **Churn Radar** (Mar 2020
– Dec 2020): ...``). Each becomes a project of the job's organisation, so a resume that
lists it under Projects, with its dates, is read against it. Bullets stay with the job
too: the job's numbers are still the job's.
"""

from __future__ import annotations

import re

from pse.cv.dates import find_ranges
from pse.cv.entries import parse_header
from pse.cv.facts import DateRange, Entry, Span
from pse.cv.sections import strip_bullet

_LABEL = re.compile(
    r"^(?P<label>\s*(?:\*\*)?\s*(?:(?:key|main|selected|major|notable|featured)\s+)?"
    r"projects?(?:\s+(?:\d{1,2}|name|experience|highlights?))?\s*(?:\*\*)?"
    r"(?:\s*[:：]|\s+[—–-]\s+)\s*(?:\*\*)?"
    r"|\s*(?:\*\*)?\s*(?:项目名称|项目经历|项目经验|主要项目|参与项目|负责项目|重点项目|"
    r"项目[一二三四五六七八九十\d]?)\s*(?:\*\*)?\s*[:：]\s*(?:\*\*)?)", re.IGNORECASE)
_NAMED = re.compile(r"^\s*(?:\*\*)?(?P<name>[A-Z\u3400-\u9fff][^()（）:：|]{1,60}?)(?:\*\*)?\s*"
                    r"[(（][^()（）]*\d{4}[^()（）]*[)）]")


def project_line(text: str) -> bool:
    """True when a header-like line inside a job names a project by label."""
    return bool(_LABEL.match(text))


def inner_project(line: str, number: int, *, job: Entry, path: str,
                  labelled_only: bool = False) -> Entry | None:
    """The project ``line`` (a body line or header line of ``job``) names, if any."""
    body, col = strip_bullet(line)
    label = _LABEL.match(body)
    ranges = [r for r in find_ranges(line, number) if r.end != r.start]
    if label is None:
        named = _NAMED.match(body)
        if labelled_only or named is None or not ranges or not _short(named.group("name")):
            return None
        if not _within(ranges[0], job):
            return None
    elif not ranges and not labelled_only:
        return None
    start = col + (label.end() if label else 0)
    masked = " " * start + line[start:]
    header = parse_header("project", [(number, masked)])
    if header.name is None:
        return None
    return Entry(kind="project", source=path, header=(Span(line, number, 0),),
                 name=header.name, company=job.company, dates=header.dates)


def _short(name: str) -> bool:
    words = name.split()
    return 1 <= len(words) <= 8 and not name.strip().endswith((" of", " in", " to", " for"))


def _within(rng: DateRange, job: Entry) -> bool:
    """A bullet's range names a project only when it lies in the job's own range."""
    if job.dates is None:
        return False
    start = rng.start.index()
    job_start = job.dates.start.index()
    job_end = 10 ** 6 if job.dates.end is None else job.dates.end.index(end=True)
    end = 10 ** 6 if rng.end is None else rng.end.index(end=True)
    return job_start <= start and end <= job_end
