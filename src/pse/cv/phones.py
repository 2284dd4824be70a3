"""Phone numbers in free text, for every region libphonenumber knows.

``phonenumbers.PhoneNumberMatcher`` reads numbers the way people write them in each
region (``06 12 34 56 78``, ``+7 912 345-67-89``, ``+49 (0)30 12345678``). A number written
with its ``+<country code>`` is found whatever the region; a national-format number needs
its region, so the regions come from the CV's language, from every country code the CV
shows, and from the user. The matcher runs at POSSIBLE leniency (fictional and reserved
ranges such as ``+44 7700 900123`` are still someone's number on a CV); what that lets
through that is no phone number - year ranges, plain counts - is dropped by shape.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import phonenumbers

from pse.cv.piidata import pii_data

_COUNTRY_CODE = re.compile(r"(?<![\w+])(?:\+|00)(\d{1,3})(?=[\s.\-(]*\d)")
_KANA = re.compile(r"[\u3040-\u30ff]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
# "2019 - 2022", "2019.03 - 2022.06": date ranges, never phones
_RANGE = re.compile(r"(?:19|20)\d\d(?:[./]\d{1,2})?\s*[-–~]\s*(?:(?:19|20)\d\d|\d\d?\b)")
_YEAR_MONTH = re.compile(r"(?<!\d)(?:19|20)\d\d[./年-]\d{1,2}(?!\d)"
                         r"|(?<!\d)(?:0?[1-9]|1[0-2])[./-](?:19|20)\d\d(?!\d)")
_THOUSANDS = re.compile(r"\d{1,3}(?:[\s.,\u202f]\d{3})+")
_SEPARATED = re.compile(r"\d[\s.\-/]\d")
_LOCAL = re.compile(r"\d{3}[\s.-]\d{4}")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?")
# international form or a trunk prefix ("0", "(0"): how people write phones, not counts
_PHONE_START = re.compile(r"^\s*(?:\+|00|\(?0|\()")
_MIN_NAMED = 4
_MIN_MARKED = 5
"""Digits of a number written with its country code (``+683 7012``: Niue)."""
_MIN_UNMARKED = 6
_UNSEPARATED_DIGITS = 8
_FIELD = re.compile(r"\s*[|｜·•;；,，/]\s+|\s{3,}")
_UNMARKED_DIGITS = 9


def cv_language(text: str) -> str:
    """The CV's language for region defaults: script first, then heading words."""
    if _KANA.search(text):
        return "ja"
    if len(_CJK.findall(text)) > 20:
        return "zh"
    if len(_CYRILLIC.findall(text)) > 20:
        return "ru"
    lowered = text.casefold()
    scores = {lang: sum(lowered.count(w) for w in words)
              for lang, words in pii_data().language_hints.items()}
    best = max(sorted(scores), key=lambda lang: scores[lang], default="en")
    return best if scores.get(best, 0) >= 2 else "en"


def is_region(code: str) -> bool:
    """True for a region libphonenumber knows (``FR``, ``GB``...)."""
    return code.upper() in phonenumbers.SUPPORTED_REGIONS


def default_regions(texts: Iterable[str], *, extra: Sequence[str] = ()) -> tuple[str, ...]:
    """Regions for national-format numbers: the CV's language's, those of every country
    code written in the texts, and ``extra`` (the user's), in that order."""
    regions: list[str] = []
    data = pii_data()
    for text in texts:
        regions.extend(data.regions.get(cv_language(text), data.regions["en"]))
        for match in _COUNTRY_CODE.finditer(text):
            regions.extend(phonenumbers.region_codes_for_country_code(int(match.group(1))))
    regions.extend(r.upper() for r in extra)
    known = phonenumbers.SUPPORTED_REGIONS
    return tuple(dict.fromkeys(r for r in regions if r in known))


def find_phones(text: str, regions: Sequence[str], *, named: Sequence[str] = ()) -> list[str]:
    """Every phone number in ``text`` as written, for any of ``regions``.

    ``named``: regions the user named; any number valid there counts, however short or
    date-like (``20.12.34`` in New Caledonia, ``7012`` in Niue), since the user said to
    expect them.

    Each field of a line (between ``|``, ``·``, ``;``...) is read on its own as well, so a
    match the matcher makes across two fields cannot hide the number in the second.
    """
    found: dict[str, None] = {}
    for line in text.splitlines():
        if sum(c.isdigit() for c in line) < _MIN_NAMED:
            continue
        fields = [f for f in _FIELD.split(line) if sum(c.isdigit() for c in f) >= _MIN_NAMED]
        for piece in dict.fromkeys([line, *fields]):
            for raw in _matches(piece, regions, named):
                found[raw] = None
    rest = text
    for raw in found:
        rest = rest.replace(raw, " ")
    for raw in list(found):
        for other in _national_forms(raw):
            if re.search(rf"(?<![\d+]){re.escape(other)}(?!\d)", rest):
                found[other] = None
    return list(found)


def _national_forms(raw: str) -> list[str]:
    """The same number as written at home (``31234`` for ``+500 31234``): once the CV shows
    a number with its country code, the national form is that number too, however short."""
    if not raw.startswith(("+", "00")):
        return []
    try:
        number = phonenumbers.parse(raw, None)
    except phonenumbers.NumberParseException:
        return []
    national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    return [form for form in dict.fromkeys([national, str(number.national_number)]) if form]


def _matches(text: str, regions: Sequence[str], named: Sequence[str]) -> list[str]:
    out: list[str] = []
    for region in dict.fromkeys([*regions, *named]) or ("US",):
        matcher = phonenumbers.PhoneNumberMatcher(text, region,
                                                  leniency=phonenumbers.Leniency.POSSIBLE)
        out.extend(m.raw_string.strip() for m in matcher
                   if _is_phone(m.raw_string, m.number, regions) or _is_named(m.number, named))
    return out


def _is_named(number: phonenumbers.PhoneNumber, named: Sequence[str]) -> bool:
    return any(phonenumbers.is_valid_number_for_region(number, r) for r in named)


def _is_phone(raw: str, number: phonenumbers.PhoneNumber, regions: Sequence[str]) -> bool:
    raw = raw.strip()
    digits = re.sub(r"\D", "", raw)
    if len(digits) < _MIN_MARKED or _RANGE.search(raw) or _YEAR_MONTH.search(raw):
        return False
    if _PHONE_START.match(raw):
        return len(digits) >= (_MIN_MARKED if raw.startswith(("+", "00")) else _MIN_UNMARKED)
    if len(digits) < _MIN_UNMARKED or _DATE.fullmatch(raw):
        return False
    separated = bool(_SEPARATED.search(raw))
    if len(digits) >= _UNMARKED_DIGITS and separated and not _THOUSANDS.fullmatch(raw):
        return True
    # shorter national numbers ("99 12 34 56" in Monaco, "63 123 456" in Latvia, "71234567"
    # in Bolivia): a number of one of the CV's regions, written in groups or 8+ digits long.
    # A count that happens to be dialable there is redacted too (and restored): privacy wins
    valid = any(phonenumbers.is_valid_number_for_region(number, r) for r in regions)
    return (valid and (separated or len(digits) >= _UNSEPARATED_DIGITS)) or bool(
        _LOCAL.fullmatch(raw))
