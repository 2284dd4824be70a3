"""Name matching: when a resume's company, title, school, certification, project or skill
names the same thing as the sources.

Accepted rewording: short names (``Google`` for ``Google LLC``, ``云帆科技`` for
``杭州云帆科技有限公司``), abbreviations (``Sr.``, ``VP``, ``UC Berkeley``, ``BLS`` for
``Basic Life Support (BLS)``), dropped words that do not change rank, aliases the CV gives
in parentheses, and translations through the :class:`~pse.cv.glossary.Glossary`.
Rejected: added words (``Professional`` for ``Associate``), rank words (``Head``,
``Director``, ``总监``), and dropping diminishers (``Assistant``, ``Junior``, ``副``).
"""

from __future__ import annotations

import re
import unicodedata

from rapidfuzz import fuzz

from pse.cv.aliases import cert_same_acronym, school_short_form, skill_abbreviates
from pse.cv.glossary import Glossary, content_words, has_cjk, normalize

_LEGAL = frozenset({"inc", "incorporated", "ltd", "limited", "llc", "llp", "lp", "plc", "corp",
                    "corporation", "co", "company", "gmbh", "ag", "sa", "nv", "bv", "na",
                    "pte", "pty", "the", "group"})
_ABBREVIATIONS = {
    "sr": "senior", "snr": "senior", "jr": "junior", "vp": "vice president",
    "svp": "senior vice president", "evp": "executive vice president",
    "avp": "assistant vice president", "mgr": "manager", "dir": "director",
    "engr": "engineer", "eng": "engineer", "asst": "assistant", "assoc": "associate",
    "exec": "executive", "ceo": "chief executive officer", "cto": "chief technology officer",
    "cfo": "chief financial officer", "coo": "chief operating officer",
    "cmo": "chief marketing officer", "cio": "chief information officer",
    "hrbp": "hr business partner", "swe": "software engineer", "sde": "software engineer",
    "pm": "manager", "mktg": "marketing", "ops": "operations", "dev": "developer",
}
_DIMINISHERS = frozenset({"junior", "assistant", "associate", "deputy", "intern", "trainee",
                          "apprentice", "vice", "sub", "acting", "interim"})
_DIMINISHERS_ZH = ("副", "助理", "初级", "实习", "见习", "储备")
_CERT_GENERIC = frozenset({"certified", "certification", "certificate", "credential",
                           "licensed", "license", "exam", "cert"})
_CERT_GENERIC_ZH = ("认证", "证书", "资格证")
_SKILL_VENDORS = frozenset({"apache", "microsoft", "ms", "google", "amazon", "aws", "adobe",
                            "oracle", "ibm", "sap", "atlassian"})


def squash(text: str) -> str:
    """Letters, digits and Chinese characters only, lower case."""
    text = unicodedata.normalize("NFKC", text).lower().replace("&", "and")
    return re.sub(r"[^\w]|_", "", text)


def is_subsequence(short: str, long: str) -> bool:
    """True when the characters of ``short`` appear in ``long`` in order."""
    position = 0
    for char in short:
        position = long.find(char, position) + 1
        if position == 0:
            return False
    return True


def _cjk_short(claim: str, source: str) -> bool:
    """``云帆科技`` is a short form of ``杭州云帆科技有限公司``: a subsequence whose first two
    characters are adjacent in the full name."""
    a, b = squash(claim), squash(source)
    if a == b:
        return True
    if len(a) < 2 or len(a) > len(b):
        return False
    start = b.find(a[:2])
    return start >= 0 and is_subsequence(a[2:], b[start + 2:])


def _initials(words: list[str]) -> str:
    return "".join(w[0] for w in words if w)


def company_matches(claim: str, source: str, *, aliases: tuple[str, ...] = (),
                    glossary: Glossary) -> bool:
    """True when ``claim`` names the organisation ``source`` (or one of its aliases)."""
    if any(company_matches(claim, alias, glossary=glossary) for alias in aliases):
        return True
    if squash(claim) == squash(source):
        return True
    if has_cjk(claim) and has_cjk(source):
        return _cjk_short(claim, source)
    if has_cjk(claim) != has_cjk(source):
        english, chinese = (source, claim) if has_cjk(claim) else (claim, source)
        return glossary.coverage(english, chinese)[0] >= 1.0
    claimed = [w for w in normalize(claim).split() if w not in _LEGAL]
    known = [w for w in normalize(source).split() if w not in _LEGAL]
    if not claimed or not known:
        return False
    if claimed == known[:len(claimed)] or (set(claimed) <= set(known) and claimed[0] == known[0]):
        return True
    return _joined_prefix(claimed, known) or _company_acronym(claim, claimed, source, known)


def _joined_prefix(claimed: list[str], known: list[str]) -> bool:
    """``J.P. Morgan`` for ``JPMorgan Chase``: the same letters, word breaks aside, as the
    first words of the name."""
    joined = "".join(w for w in claimed if w != "and")
    if len(joined) < 4:
        return False
    prefix = ""
    for word in (w for w in known if w != "and"):
        prefix += word
        if prefix == joined:
            return True
        if len(prefix) >= len(joined):
            return False
    return False


def _company_acronym(claim: str, claimed: list[str], source: str, known: list[str]) -> bool:
    """``GE``, ``P&G``, ``EY`` (initials, ``&`` aside) and ``PwC`` (the capitals of
    ``PricewaterhouseCoopers``) name the organisation."""
    letters = "".join(w for w in claimed if w != "and")
    if all(len(w) == 1 for w in claimed if w != "and") and len(claimed) > 1:
        claimed = [letters]
    words = [w for w in known if w != "and"]
    if len(claimed) == 1 and len(claimed[0]) >= 2 and claimed[0] in (_initials(known),
                                                                     _initials(words)):
        return True
    core = " ".join(w for w in re.split(r"[\s,]+", source) if normalize(w) not in _LEGAL)
    capitals = "".join(c for c in core if c.isupper())
    short = claim.strip()
    return 2 <= len(short) <= 5 and short.isalpha() and len(capitals) >= 2 and "".join(
        c for c in short if c.isupper()) == capitals


def title_words(title: str) -> list[str]:
    """Words of a title with abbreviations spelled out (``Sr.`` -> ``senior``)."""
    out: list[str] = []
    for word in normalize(title).split():
        out.extend(_ABBREVIATIONS.get(word, word).split())
    return [w for w in out if w not in {"of", "the", "and", "for", "in", "at"}]


def title_matches(claim: str, source: str, *, glossary: Glossary) -> bool:
    """True when the title ``claim`` restates ``source`` without raising its rank."""
    if has_cjk(claim) and has_cjk(source):
        a, b = squash(claim), squash(source)
        if a == b:
            return True
        if not is_subsequence(a, b):
            return False
        return not any(d in b and d not in a for d in _DIMINISHERS_ZH)
    if has_cjk(claim) != has_cjk(source):
        english, chinese = (source, claim) if has_cjk(claim) else (claim, source)
        en_cover, zh_cover = glossary.coverage(english, chinese)
        return en_cover >= 1.0 and zh_cover >= 0.6
    claimed, known = title_words(claim), title_words(source)
    if claimed == known:
        return True
    used: set[str] = set()
    for word in claimed:
        match = next((k for k in known if k == word or (len(word) >= 3 and k.startswith(word))),
                     None)
        if match is None:
            return False
        used.add(match)
    return not (set(known) - used) & _DIMINISHERS


def _acronym_cover(claim_words: list[str], known: list[str]) -> bool:
    """Each claimed word is a known word or the initials of a run of known words."""
    for word in claim_words:
        if word in known:
            continue
        if not any(_initials(known[i:i + len(word)]) == word
                   for i in range(len(known) - len(word) + 1)):
            return False
    return True


def school_matches(claim: str, source: str, *, glossary: Glossary, external: bool) -> bool:
    """True when ``claim`` names the school ``source`` (``external``: also official
    translations and well-known abbreviations the CV does not spell out)."""
    if squash(claim) == squash(source):
        return True
    if external:
        names = (*glossary.school_names(source), *glossary.school_names(claim))
        if any(squash(n) in (squash(claim), squash(source)) for n in names):
            return True
        if school_short_form(claim, source) and not _other_known_school(claim, source,
                                                                        glossary):
            return True
    if has_cjk(claim) or has_cjk(source):
        return has_cjk(claim) and has_cjk(source) and _cjk_short(claim, source) and \
            not _other_known_school(claim, source, glossary)
    stop = {"of", "at", "the", "and", "in"}
    claimed = [w for w in normalize(claim).split() if w not in stop]
    known = [w for w in normalize(source).split() if w not in stop]
    if not claimed:
        return False
    if set(claimed) <= set(known):
        return len(claimed) > 1 or claimed[0] not in {"university", "college", "institute"}
    return external and _acronym_cover(claimed, known)


def _other_known_school(claim: str, source: str, glossary: Glossary) -> bool:
    """True when ``claim`` is the full name of another school the glossary knows
    (``浙江大学`` is not a short form of ``浙江工业大学``)."""
    return squash(claim) != squash(source) and any(
        squash(claim) == squash(name) for name in glossary.schools)


def _cert_core(name: str) -> tuple[set[str], set[str]]:
    """``(core words, acronyms)`` of a certification name."""
    acronyms = {a.lower() for a in re.findall(r"[(（]\s*([A-Za-z][A-Za-z0-9\- ]{1,14})\s*[)）]",
                                              name)}
    words = {w for w in normalize(name).split() if w not in _CERT_GENERIC and w not in {
        "of", "and", "the", "in"}}
    return words, acronyms


def cert_matches(claim: str, source: str, *, glossary: Glossary) -> bool:
    """True when the certification ``claim`` is ``source`` (full name, acronym, translation)."""
    if squash(claim) == squash(source) or cert_same_acronym(claim, source):
        return True
    if has_cjk(claim) and has_cjk(source):
        a, b = squash(claim), squash(source)
        for generic in _CERT_GENERIC_ZH:
            a, b = a.replace(generic, ""), b.replace(generic, "")
        return bool(a) and a == b
    if has_cjk(claim) != has_cjk(source):
        english, chinese = (source, claim) if has_cjk(claim) else (claim, source)
        en_cover, zh_cover = glossary.coverage(english, chinese)
        return en_cover >= 1.0 and zh_cover >= 0.75
    claimed, claimed_acr = _cert_core(claim)
    known, known_acr = _cert_core(source)
    if not claimed:
        return False
    if claimed <= known or claimed <= known_acr or claimed_acr & (known_acr | known):
        return True
    full = [w for w in normalize(re.sub(r"[(（][^)）]*[)）]", " ", source)).split()
            if w not in _CERT_GENERIC and w not in {"of", "and", "the", "in"}]
    return squash(claim) in {squash(a) for a in known_acr} or (
        len(full) > 1 and squash(claim) == _initials(full))


def project_matches(claim: str, source: str, *, glossary: Glossary) -> bool:
    """True when the project ``claim`` is the CV's project ``source``."""
    a, b = squash(claim), squash(source)
    if a == b:
        return True
    if has_cjk(claim) and has_cjk(source):
        short, long_ = sorted((a, b), key=len)
        return is_subsequence(short, long_) and len(short) >= 0.6 * len(long_)
    if has_cjk(claim) != has_cjk(source):
        english, chinese = (source, claim) if has_cjk(claim) else (claim, source)
        en_cover, zh_cover = glossary.coverage(english, chinese)
        return en_cover >= 0.6 and zh_cover >= 0.5
    claimed, known = set(content_words(claim)), set(content_words(source))
    if claimed and (claimed <= known or (known <= claimed and len(claimed - known) <= 1)):
        return True
    return fuzz.ratio(normalize(claim), normalize(source)) >= 90


def _prefix_match(claim: str, source: str) -> bool:
    """``Comp & Ben`` abbreviates ``Compensation & Benefits`` word by word."""
    a, b = normalize(claim).split(), normalize(source).split()
    return len(a) == len(b) > 1 and all(y.startswith(x) and (len(x) >= 3 or x == y)
                                        for x, y in zip(a, b, strict=True))


def in_text(name: str, text: str) -> bool:
    """True when ``name`` occurs in ``text`` as whole words (case-insensitive)."""
    key = normalize(name)
    if not key:
        return False
    haystack = " " + normalize(text) + " "
    if has_cjk(key):
        return squash(name) in squash(text)
    return f" {key} " in haystack


def _skill_variants(claim: str) -> list[str]:
    """``Python 3`` -> ``Python``; ``Amazon Web Services (AWS)`` -> both names."""
    variants = []
    inner = re.findall(r"[(（]([^)）]+)[)）]", claim)
    outer = re.sub(r"\s*[(（][^)）]*[)）]\s*", " ", claim).strip()
    if inner:
        variants.extend([outer, *inner])
    versionless = re.sub(r"\s+v?\d+(?:\.\d+)*$", "", outer)
    if versionless != outer:
        variants.append(versionless)
    return [v for v in variants if v]


def skill_matches(claim: str, sources: list[str], *, text: str, glossary: Glossary) -> bool:
    """True when the skill ``claim`` is in the sources: in their ``text``, as an alias, as an
    abbreviation or vendor-less name of a listed skill (``sources``), or as a translation.
    ``Python/SQL`` needs each part; ``Python 3`` and ``AWS (Amazon Web Services)`` may match
    without the version or by either name."""
    if _skill_found(claim, sources, text=text, glossary=glossary):
        return True
    if any(_skill_found(v, sources, text=text, glossary=glossary) for v in _skill_variants(claim)):
        return True
    parts = [p.strip() for p in re.split(r"\s*/\s*", claim) if p.strip()]
    return len(parts) > 1 and all(len(p) > 1 and _skill_found(p, sources, text=text,
                                                                glossary=glossary) for p in parts)


def _skill_found(claim: str, sources: list[str], *, text: str, glossary: Glossary) -> bool:
    names = glossary.skill_names(claim)
    if any(in_text(name, text) for name in names):
        return True
    words = normalize(claim).split()
    if len(words) > 1 and words[0] in _SKILL_VENDORS and in_text(" ".join(words[1:]), text):
        return True
    for source in sources:
        if _prefix_match(claim, source) or glossary.skill_names(source) & names:
            return True
        if skill_abbreviates(claim, source) or skill_abbreviates(source, claim):
            return True
        if has_cjk(source) != has_cjk(claim):
            english, chinese = (source, claim) if has_cjk(claim) else (claim, source)
            en_cover, zh_cover = glossary.coverage(english, chinese)
            if en_cover >= (1.0 if len(content_words(english)) == 1 else 0.6) and zh_cover >= 0.6:
                return True
    return False
