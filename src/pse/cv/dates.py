"""Dates and date ranges in English and Chinese resumes.

Recognised points: ``2020.01``, ``2020-01``, ``2020/1``, ``01/2020``, ``Jan 2020``,
``January 2020``, ``Sept. 2020``, ``2020年1月``, ``2020年`` and bare years. Month names come
from :mod:`dateutil`'s parser tables. A range is two points (or a point and
``present`` / ``now`` / ``至今``) joined by a dash, tilde, ``to``, ``至`` or ``到``; a lone
point is a range of its own (``(2020)`` under a project heading).
"""

from __future__ import annotations

import re
from datetime import date

from dateutil.parser import parserinfo  # type: ignore[import-untyped]  # ships no stubs

from pse.cv.facts import DateRange, Span, YearMonth

_INFO = parserinfo()
_MONTH_WORDS = sorted({name for names in parserinfo.MONTHS for name in names}, key=len,
                      reverse=True)
_MONTH_RE = "|".join(re.escape(name) for name in _MONTH_WORDS)
_YEAR = r"(?:19[5-9]\d|20[0-4]\d)"
_POINT = re.compile(
    rf"(?P<ym>(?<!\d)(?P<y1>{_YEAR})\s*[./-]\s*(?P<m1>1[0-2]|0?[1-9])(?![\d.]))"
    rf"|(?P<zh>(?<!\d)(?P<y2>{_YEAR})\s*年\s*(?:(?P<m2>1[0-2]|0?[1-9])\s*月)?)"
    rf"|(?P<my>(?<![\d/])(?P<m3>1[0-2]|0?[1-9])\s*/\s*(?P<y3>{_YEAR})(?!\d))"
    rf"|(?P<name>\b(?P<mn>{_MONTH_RE})\.?,?\s*(?P<y4>{_YEAR})(?!\d))"
    rf"|(?P<year>(?<![\d.,])(?P<y5>{_YEAR})(?![\d%]|\.\d))",
    re.IGNORECASE,
)
_PRESENT = re.compile(
    r"\b(?:present|now|current(?:ly)?|today|ongoing|to date)\b|至今|今|现在|目前", re.IGNORECASE)
_JOIN = re.compile(r"\s*(?:[-–—~～−‒―]+|to|until|till|through|至|到)\s*", re.IGNORECASE)


def _point(match: re.Match[str]) -> YearMonth:
    groups = match.groupdict()
    if groups["ym"]:
        return YearMonth(int(groups["y1"]), int(groups["m1"]))
    if groups["zh"]:
        return YearMonth(int(groups["y2"]), int(groups["m2"]) if groups["m2"] else None)
    if groups["my"]:
        return YearMonth(int(groups["y3"]), int(groups["m3"]))
    if groups["name"]:
        return YearMonth(int(groups["y4"]), _INFO.month(groups["mn"]))
    return YearMonth(int(groups["y5"]))


def find_ranges(line: str, line_no: int) -> list[DateRange]:
    """Every date range (or lone date) in ``line``, left to right."""
    points = [(m.start(), m.end(), _point(m)) for m in _POINT.finditer(line)]
    ranges: list[DateRange] = []
    index = 0
    while index < len(points):
        start, end, first = points[index]
        last: YearMonth | None = first
        stop = end
        after = line[end:]
        joined = _JOIN.match(after)
        nxt = points[index + 1] if index + 1 < len(points) else None
        if joined and nxt and nxt[0] == end + joined.end():
            last, stop = nxt[2], nxt[1]
            index += 1
        else:
            present = _present_after(after, joined)
            if present:
                last, stop = None, end + present
        text = line[start:stop]
        ranges.append(DateRange(first, last, Span(text, line_no, start)))
        index += 1
    return ranges


def _present_after(after: str, joined: re.Match[str] | None) -> int:
    """Length of ``– Present`` / ``至今`` right after a point, or 0."""
    offset = joined.end() if joined else 0
    match = _PRESENT.match(after, offset)
    if match is None or (not joined and not match.group(0).startswith("至")):
        return 0
    return match.end()


def has_date(line: str) -> bool:
    """True when ``line`` holds a date or a date range."""
    return _POINT.search(line) is not None


def same_point(claim: YearMonth, source: YearMonth) -> bool:
    """Equal at the precision both sides give (a year-only claim matches any month)."""
    if claim.year != source.year:
        return False
    return claim.month is None or source.month is None or claim.month == source.month


def same_range(claim: DateRange, source: DateRange) -> bool:
    """True when ``claim`` restates ``source`` (formats and year-only precision allowed)."""
    if not same_point(claim.start, source.start):
        return False
    if claim.end is None or source.end is None:
        return claim.end is None and source.end is None
    return same_point(claim.end, source.end)


def within(claim: DateRange, outer: DateRange, *, today: date) -> bool:
    """True when ``claim`` may lie inside ``outer``: a year-only claim counts as inside
    when that year overlaps (``2023-2024`` within ``Mar 2023 – Present``)."""
    inner_start = claim.start.index(end=claim.start.month is None)
    if claim.end is None:
        inner_end = today.year * 12 + today.month - 1
    else:
        inner_end = claim.end.index(end=claim.end.month is not None)
    outer_start = outer.start.index()
    outer_end = _end_index(outer, today)
    return outer_start <= inner_start and inner_end <= outer_end


def _end_index(rng: DateRange, today: date) -> int:
    if rng.end is None:
        return today.year * 12 + today.month - 1
    return rng.end.index(end=True)


def months(rng: DateRange, *, today: date) -> tuple[int, int]:
    """The range as ``(first month, last month)`` indexes (inclusive)."""
    return rng.start.index(), _end_index(rng, today)


def span_years(ranges: list[DateRange], *, today: date) -> tuple[float, float]:
    """``(first start to last end, months covered by any range)`` in years."""
    if not ranges:
        return 0.0, 0.0
    intervals = sorted(months(r, today=today) for r in ranges)
    covered: set[int] = set()
    for first, last in intervals:
        covered.update(range(first, last + 1))
    whole = max(last for _, last in intervals) - intervals[0][0] + 1
    return whole / 12, len(covered) / 12


def latest(ranges: list[DateRange]) -> YearMonth | None:
    """The latest explicit point in ``ranges``."""
    points = [p for r in ranges for p in (r.start, r.end) if p is not None]
    return max(points, key=lambda p: p.index(end=True), default=None)
