"""General short-form rules: school short names, certification acronyms, skill abbreviations.

These accept the ways people shorten names without a table entry per name:

* schools: words cut to a prefix (``Penn State`` for ``Pennsylvania State University``),
  ``U``-forms (``UMass``), a campus suffix on one side only (``University of Michigan –
  Ann Arbor``; two different campuses never match), ``Univ.``; Chinese short forms that
  keep the first character and end in ``大`` (``浙大``) or drop the ``大学`` suffix
  (``复旦``), and a campus in parentheses (``（玉泉校区）``);
* certifications: the same certification acronym on both sides (``PMP``, ``CPIM``), in any
  language, with issuers (``APICS``, ``PMI``) ignored and levels (``Level II``, ``二级``,
  ``Associate``) required to agree;
* skills: the capitals of a CamelCase name (``JS`` for ``JavaScript``) and the initials of
  a multi-word name (``ML`` for ``Machine Learning``).
"""

from __future__ import annotations

import re

from pse.cv.glossary import has_cjk, normalize

_SCHOOL_WORDS = {"univ": "university", "u": "university", "inst": "institute",
                 "coll": "college", "tech": "technology"}
_STOP = frozenset({"of", "at", "the", "and", "in"})
_CAMPUS = re.compile(r"\s*(?:[-–—,]\s*|\s+at\s+)(?P<campus>[A-Z][\w.'’ -]{2,30})$")
_ZH_CAMPUS = re.compile(r"[(（][^()（）]*(?:校区|分校|campus)[^()（）]*[)）]|\S{1,6}校区$",
                        re.IGNORECASE)
_ZH_SUFFIX = re.compile(r"(?:大学|大學|学院|學院)$")
_ISSUERS = frozenset({"apics", "ascm", "pmi", "isaca", "isc2", "comptia", "iiba", "axelos",
                      "aws", "amazon", "google", "microsoft", "cisco", "oracle", "salesforce",
                      "gcp", "azure", "ibm", "sap", "vmware", "hashicorp", "cncf", "cfa institute"})
_ACRONYM = re.compile(r"(?<![A-Za-z0-9])([A-Z][A-Z0-9]{1,7}(?:-[A-Z0-9]{1,4})?)(?![A-Za-z0-9])")
_LEVEL_EN = re.compile(r"\blevel\s*(i{1,3}|[123])\b", re.IGNORECASE)
_LEVEL_ZH = re.compile(r"([一二三])级")
_RANKS = frozenset({"associate", "professional", "expert", "specialty", "foundation",
                    "practitioner", "master", "senior", "advanced", "fellow", "principal"})
_LEVEL_VALUES = {"i": 1, "ii": 2, "iii": 3, "1": 1, "2": 2, "3": 3, "一": 1, "二": 2, "三": 3}


def _school_words(name: str) -> list[str]:
    words = [_SCHOOL_WORDS.get(w, w) for w in normalize(name).split()]
    return [w for w in words if w not in _STOP]


def _prefix_cover(claimed: list[str], known: list[str]) -> bool:
    """Every claimed word is a known word, a prefix of one (3+ letters), or a ``U``-form
    (``umass``), in the known words' order, starting at the first known word."""
    position = 0
    for index, word in enumerate(claimed):
        found = None
        for k in range(position, len(known)):
            full = known[k]
            if word == full or (len(word) >= 3 and full.startswith(word)) or (
                    len(word) >= 4 and word[0] == "u" and full.startswith(word[1:])
                    and k > 0 and known[k - 1] == "university"):
                found = k
                break
        if found is None or (index == 0 and found > 1):
            return False
        position = found + 1
    return True


def school_short_form(claim: str, source: str) -> bool:
    """True when ``claim`` is a general short form of the school ``source``."""
    if has_cjk(claim) and has_cjk(source):
        return _zh_short(claim, source)
    if has_cjk(claim) or has_cjk(source):
        return False
    pairs = [(claim, source)]
    if _base(source) == source:
        pairs.append((_base(claim), source))
    if _base(claim) == claim:
        pairs.append((claim, _base(source)))
    for a, b in pairs:
        claimed, known = _school_words(a), _school_words(b)
        if claimed and known and (claimed == known or _prefix_cover(claimed, known)):
            return len(claimed) > 1 or claimed[0] not in {"university", "college", "institute"}
    return False


def _base(name: str) -> str:
    """The school without a trailing campus (``University of Michigan – Ann Arbor``)."""
    match = _CAMPUS.search(name)
    if match is None or not re.search(r"universit|college|institute", name[:match.start()],
                                      re.IGNORECASE):
        return name
    return name[:match.start()].strip()


def _zh_short(claim: str, source: str) -> bool:
    a = _ZH_CAMPUS.sub("", claim).strip()
    b = _ZH_CAMPUS.sub("", source).strip()
    if a == b:
        return True
    if len(a) < 2 or a[0] != b[0]:
        return False
    if _ZH_SUFFIX.sub("", b) == a:
        return True  # 复旦 for 复旦大学
    return len(a) == 2 and a.endswith("大") and b.endswith(("大学", "大學"))


def acronyms(name: str) -> set[str]:
    """The certification's own acronyms (issuers left out), lower case."""
    found = {m.group(1).lower() for m in _ACRONYM.finditer(name.replace("®", "").replace("™", ""))}
    return {a for a in found if a not in _ISSUERS}


def _levels(name: str) -> set[int]:
    values = {_LEVEL_VALUES[m.group(1).lower()] for m in _LEVEL_EN.finditer(name)}
    return values | {_LEVEL_VALUES[m.group(1)] for m in _LEVEL_ZH.finditer(name)}


def cert_same_acronym(claim: str, source: str) -> bool:
    """True when both name the same certification acronym at the same level (and, in one
    language, the claim adds no rank word such as ``Professional`` to ``Associate``)."""
    shared = acronyms(claim) & acronyms(source)
    if not shared or _levels(claim) != _levels(source):
        return False
    if has_cjk(claim) or has_cjk(source):
        return True
    ranks = (set(normalize(claim).split()) - set(normalize(source).split())) & _RANKS
    return not ranks


def _capitals(name: str) -> str:
    return "".join(c for c in name if c.isupper())


def skill_abbreviates(short: str, full: str) -> bool:
    """True when ``short`` (``JS``, ``ML``) abbreviates the skill name ``full``."""
    if not re.fullmatch(r"[A-Z]{2,5}", short.strip()):
        return False
    short = short.strip()
    words = [w for w in re.split(r"[\s\-/]+", full.strip()) if w]
    if len(words) == 1:
        caps = _capitals(words[0])
        return len(caps) >= 2 and caps == short and not words[0].isupper()
    initials = "".join(w[0].upper() for w in words if w.lower() not in _STOP)
    return initials == short
