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

from pse.verify.resume.piidata import pii_data

_COUNTRY_CODE = re.compile(r"(?<![\w+])(?:\+|00)(\d{1,3})(?=[\s.\-(]*\d)")
_KANA = re.compile(r"[\u3040-\u30ff]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
# "2019 - 2022", "2019.03 - 2022.06": date ranges, never phones
_RANGE = re.compile(r"(?:19|20)\d\d(?:[./]\d{1,2})?\s*[-–~]\s*(?:(?:19|20)\d\d|\d\d?\b)")
_YEAR_MONTH = re.compile(r"(?<!\d)(?:19|20)\d\d[./年]\d{1,2}(?!\d)")
_THOUSANDS = re.compile(r"\d{1,3}(?:[\s.,\u202f]\d{3})+")
_SEPARATED = re.compile(r"\d[\s.\-/]\d")
_LOCAL = re.compile(r"\d{3}[\s.-]\d{4}")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}(?:[./-]\d{1,4})?")
# international form or a trunk prefix ("0", "(0"): how people write phones, not counts
_PHONE_START = re.compile(r"^\s*(?:\+|00|\(?0|\()")
_MIN_DIGITS = 7
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


def find_phones(text: str, regions: Sequence[str]) -> list[str]:
    """Every phone number in ``text`` as written, for any of ``regions``.

    Each field of a line (between ``|``, ``·``, ``;``...) is read on its own as well, so a
    match the matcher makes across two fields cannot hide the number in the second.
    """
    found: dict[str, None] = {}
    for line in text.splitlines():
        if sum(c.isdigit() for c in line) < _MIN_DIGITS:
            continue
        fields = [f for f in _FIELD.split(line) if sum(c.isdigit() for c in f) >= _MIN_DIGITS]
        for piece in dict.fromkeys([line, *fields]):
            for raw in _matches(piece, regions):
                found[raw] = None
    return list(found)


def _matches(text: str, regions: Sequence[str]) -> list[str]:
    out = []
    for region in regions or ("US",):
        matcher = phonenumbers.PhoneNumberMatcher(text, region,
                                                  leniency=phonenumbers.Leniency.POSSIBLE)
        out.extend(m.raw_string.strip() for m in matcher
                   if _is_phone(m.raw_string, m.number, regions))
    return out


def _is_phone(raw: str, number: phonenumbers.PhoneNumber, regions: Sequence[str]) -> bool:
    raw = raw.strip()
    digits = re.sub(r"\D", "", raw)
    if len(digits) < _MIN_DIGITS or _RANGE.search(raw) or _YEAR_MONTH.search(raw):
        return False
    if _PHONE_START.match(raw):
        return True
    if _DATE.fullmatch(raw) or _THOUSANDS.fullmatch(raw):
        return False
    if len(digits) >= _UNMARKED_DIGITS:
        return bool(_SEPARATED.search(raw)) or any(
            phonenumbers.is_valid_number_for_region(number, r) for r in regions)
    return bool(_LOCAL.fullmatch(raw))  # "555-0199": a local number with its dash
