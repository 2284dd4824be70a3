"""Numbers in bullets: percentages, money, counts, multipliers and times.

``30%``, ``47 percent``, ``$1.2 million``, ``RMB 9.9 million``, ``¥140M``, ``12K+``,
``1,150 ms``, ``2 weeks``, ``9x``, ``eight``, ``3.3万``, ``1.4亿元``, ``6倍``, ``五人`` all
become a :class:`~pse.cv.facts.Metric` with a value in a base unit (seconds for
times), the rounding the writing implies, and a qualifier (``over 35%``, ``约19%``,
``12K+``). :func:`supports` decides whether a source number backs a claimed one.
"""

from __future__ import annotations

import re

from pse.cv.facts import Approx, Metric, MetricKind, Span

_SCALES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mn": 1e6, "million": 1e6, "b": 1e9,
           "bn": 1e9, "billion": 1e9, "千": 1e3, "万": 1e4, "百万": 1e6, "千万": 1e7,
           "亿": 1e8}
_DAY = 86400.0
_UNITS = {"ms": 0.001, "millisecond": 0.001, "毫秒": 0.001, "sec": 1.0, "second": 1.0,
          "秒": 1.0, "min": 60.0, "minute": 60.0, "分钟": 60.0, "hr": 3600.0, "hour": 3600.0,
          "小时": 3600.0, "day": _DAY, "天": _DAY, "week": 7 * _DAY, "周": 7 * _DAY,
          "month": 30 * _DAY, "个月": 30 * _DAY, "year": 365 * _DAY, "yr": 365 * _DAY,
          "年": 365 * _DAY}
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
          "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
          "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12}
_CJK_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
               "七": 7, "八": 8, "九": 9}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}

_UNIT_RE = (r"milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|"
            r"months?|years?|yrs?|毫秒|秒|分钟|小时|天|周|个月|年")
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.,/\-])"
    r"(?P<pre>(?:US\$|HK\$|\$|€|£|¥|￥|(?:RMB|CNY|USD|EUR|GBP)\s?))?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?P<scale>\s?(?:thousand|million|billion|bn|mn|[kKMB](?![A-Za-z])|百万|千万|万|亿|千))?"
    r"(?P<plus>\+)?"
    r"(?P<suf>\s?(?:%|％|percent(?:age points?)?|per\s?cent|pct\b|[xX×](?![A-Za-z])|倍"
    r"|times\b|-?fold\b))?"
    rf"(?P<unit>\s?-?(?:{_UNIT_RE})(?![A-Za-z]))?"
    r"(?P<post>\s?(?:元|美元|人民币|yuan\b|RMB\b|USD\b))?"
)
_WORD_NUMBER = re.compile(
    r"\b(?P<word>" + "|".join(_WORDS) + rf")\b(?P<unit>-(?:{_UNIT_RE}))?", re.IGNORECASE)
_CJK_NUMBER = re.compile(
    r"(?P<word>[一二两三四五六七八九十百千]+)(?=\s*(?:名|人|个|项|家|倍|次|条|笔|位|支|款|所|座))")
_OVER_BEFORE = re.compile(
    r"(?:\b(?:over|more than|above|exceeding|exceeded|surpassing|at least|upwards of|"
    r"in excess of|north of|beyond)|超过|超|逾|突破|高达|多于)\s*$", re.IGNORECASE)
_ABOUT_BEFORE = re.compile(
    r"(?:\b(?:about|approximately|approx\.?|around|roughly|nearly|almost|close to|some)|~|"
    r"约|大约|近|将近|接近)\s*$", re.IGNORECASE)
_UNDER_BEFORE = re.compile(
    r"(?:\b(?:under|less than|below|fewer than|up to)|不到|低于|少于|不足)\s*$", re.IGNORECASE)
_OVER_AFTER = re.compile(r"^\s*(?:\+|以上|多|余|plus\b)")
_ABOUT_AFTER = re.compile(r"^\s*(?:左右|上下)")
_COMPATIBLE: dict[MetricKind, frozenset[MetricKind]] = {
    "percent": frozenset({"percent"}),
    "time": frozenset({"time"}),
    "multiplier": frozenset({"multiplier", "count"}),
    "money": frozenset({"money", "count"}),
    "count": frozenset({"count", "money", "multiplier"}),
}


def find_metrics(line: str, line_no: int) -> list[Metric]:
    """Every number ``line`` states, left to right (years and codes like ``P99`` skipped)."""
    found = [m for m in (_from_digits(match, line, line_no) for match in _NUMBER.finditer(line))
             if m is not None]
    taken = [(m.span.col, m.span.col + len(m.span.text)) for m in found]
    for match in list(_WORD_NUMBER.finditer(line)) + list(_CJK_NUMBER.finditer(line)):
        if any(a <= match.start() < b for a, b in taken):
            continue
        found.append(_from_word(match, line, line_no))
    return sorted(found, key=lambda m: m.span.col)


def _from_digits(match: re.Match[str], line: str, line_no: int) -> Metric | None:
    end = match.end()
    if end < len(line) and line[end].isascii() and line[end].isalnum():
        return None
    groups = match.groupdict()
    digits = groups["num"].replace(",", "")
    if _is_year(digits, groups):
        return None
    number = float(digits)
    scale = _SCALES.get((groups["scale"] or "").strip().lower(), 1.0)
    unit = _unit_factor(groups["unit"])
    kind = _kind(groups)
    factor = scale * (unit or 1.0)
    decimals = len(digits.partition(".")[2])
    zeros = 0 if decimals else len(digits) - len(digits.rstrip("0"))
    approx = _approx(line, match.start(), end, plus=bool(groups["plus"]))
    text = match.group(0).rstrip()
    return Metric(span=Span(text, line_no, match.start()), value=number * factor, kind=kind,
                  approx=approx, tolerance=0.5 * 10 ** -decimals * factor,
                  round_step=0.5 * 10 ** zeros * factor if zeros else 0.0, unit=unit or 1.0)


def _is_year(digits: str, groups: dict[str, str | None]) -> bool:
    if "." in digits or any(groups[k] for k in ("pre", "scale", "suf", "unit", "post")):
        return False
    return len(digits) == 4 and 1950 <= int(digits) <= 2049


def _unit_factor(unit: str | None) -> float | None:
    if not unit:
        return None
    word = unit.strip().lstrip("-").lower()
    for key in sorted(_UNITS, key=len, reverse=True):
        if word == key or word.rstrip("s") == key or word == key + "s":
            return _UNITS[key]
    return None


def _kind(groups: dict[str, str | None]) -> MetricKind:
    suffix = (groups["suf"] or "").strip().lower()
    if suffix and suffix[0] in "%％p":
        return "percent"
    if suffix:
        return "multiplier"
    if groups["unit"]:
        return "time"
    if groups["pre"] or groups["post"]:
        return "money"
    return "count"


def _approx(line: str, start: int, end: int, *, plus: bool) -> Approx:
    before, after = line[max(0, start - 24):start], line[end:end + 4]
    if plus or _OVER_BEFORE.search(before) or _OVER_AFTER.match(after):
        return "over"
    if _ABOUT_BEFORE.search(before) or _ABOUT_AFTER.match(after):
        return "about"
    if _UNDER_BEFORE.search(before):
        return "under"
    return "exact"


def _from_word(match: re.Match[str], line: str, line_no: int) -> Metric:
    word = match.group("word")
    value = float(_WORDS[word.lower()]) if word.lower() in _WORDS else float(parse_cjk(word))
    unit = _unit_factor(match.groupdict().get("unit"))
    return Metric(span=Span(match.group(0), line_no, match.start()),
                  value=value * (unit or 1.0), kind="time" if unit else "count",
                  approx=_approx(line, match.start(), match.end(), plus=False), unit=unit or 1.0)


def parse_cjk(text: str) -> int:
    """``十二`` -> 12, ``两百`` -> 200, ``三十五`` -> 35 (digits and 十/百/千 only)."""
    total, digit = 0, 0
    for char in text:
        if char in _CJK_DIGITS:
            digit = _CJK_DIGITS[char]
        elif char in _CJK_UNITS:
            total += (digit or 1) * _CJK_UNITS[char]
            digit = 0
    return total + digit


def word_value(text: str) -> int | None:
    """The value of an English number word or a Chinese numeral, if ``text`` is one."""
    lowered = text.strip().lower()
    if lowered in _WORDS:
        return _WORDS[lowered]
    if lowered.isdigit():
        return int(lowered)
    if lowered and all(c in _CJK_DIGITS or c in _CJK_UNITS for c in lowered):
        return parse_cjk(lowered)
    return None


def supports(claim: Metric, source: Metric, *, tolerance: float, over_floor: float) -> bool:
    """True when the ``source`` number backs the ``claim`` (formats, units and rounding).

    ``tolerance`` is the relative slack for "about" claims and for round numbers
    (``124,000`` for 123,600); ``over_floor`` bounds "over X" claims: X must be at least
    that fraction of the source value ("over 35%" for 37% passes, "over 5%" for 90% not).
    """
    c, s = claim.value, source.value
    scale = 1.0
    if {claim.kind, source.kind} == {"time", "count"}:
        # "from 66 to 31" may restate "从66天降至31天": compare the numbers as written
        c, s, scale = c / claim.unit, s / source.unit, claim.unit
    elif source.kind not in _COMPATIBLE[claim.kind]:
        return False
    slack = max(claim.tolerance, min(claim.round_step, tolerance * abs(claim.value))) / scale
    slack += 1e-9 * abs(s)
    if claim.approx == "over":
        return s >= c - slack and c >= s * over_floor
    if claim.approx == "under":
        return s <= c + slack and s >= c * over_floor
    if claim.approx == "about":
        return abs(c - s) <= max(slack, claim.round_step / scale, tolerance * abs(s))
    return abs(c - s) <= slack
