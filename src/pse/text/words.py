"""Content words of a sentence or a source span: stemmed English, Chinese terms mapped to them.

Coverage compares the words a sentence uses with the words of the code that backs it, so
both sides go through the same steps: identifiers split into their parts (``get_nowait`` ->
``get``, ``nowait``), lower case, function words dropped, a light suffix stemmer, and a small
synonym table (``synonyms.en.txt``: ``remove`` stands for ``delete``, ``discard``...). Chinese
has no spaces: a sentence is segmented by longest match against ``synonyms.zh.txt``, whose
terms map to the English stems the source is written in (``返回`` -> ``return``); Chinese
text the table does not know is neither evidence nor a claim (it is not counted).

Some words are a claim of their own: performance, ease, safety under threads, an environment
("fast", "with ease", "thread-safe", "in a Jupyter notebook", "性能"). They are listed as
``claim:`` lines of the tables; :func:`claimed` gives the ones a text uses, each with the stems
a span must hold to back it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Set
from functools import cache
from importlib import resources

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*|[\u4e00-\u9fff]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
_MAX_TERM = 6
"""The longest Chinese term of the table, in characters (bounds the segmenter)."""


_DERIVED = ("izations", "ization", "ations", "ation", "ating", "ated", "ates", "ate",
            "abilities", "ability", "ibilities", "ibility", "ables", "able", "ibles", "ible",
            "ically", "ical", "ic")
"""Derivational suffixes a word keeps its root without (``iteration``, ``iterate`` and
``iterable`` -> ``iter``; ``automatically`` -> ``automat``), when at least
:data:`_ROOT` letters remain."""
_ROOT = 4
_BRITISH = re.compile(r"(?<=[a-z]{3})(?:(?P<our>our)(?P<o>s|ed|ing|able)?|"
                      r"is(?P<i>e|es|ed|ing|ation|ations))$")
"""British spellings read as American ones ("behaviour", "initialised"): a sentence and
the code it is about may spell a word either way."""


def _american(match: re.Match[str]) -> str:
    return "or" + (match["o"] or "") if match["our"] else "iz" + match["i"]


def stem(word: str) -> str:
    """A light suffix stemmer: ``creates``, ``created``, ``creating`` -> ``creat``;
    ``iteration``, ``iterate``, ``iterable`` -> ``iter``."""
    w = _BRITISH.sub(_american, word.lower())
    for suffix in _DERIVED:
        if w.endswith(suffix) and len(w) - len(suffix) >= _ROOT + (suffix == "ic") \
                and not (suffix.startswith("at") and w[-len(suffix) - 1] == "e"):
            return w[:-len(suffix)]  # (not "repeated" -> "repe": "eat" is no suffix)
    if w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    for suffix, repl, least in (("ied", "y", 4), ("ies", "y", 4), ("sses", "ss", 4),
                                ("ness", "", 6),
                                ("ing", "", 5), ("ed", "", 4), ("es", "", 4), ("s", "", 3)):
        if w.endswith(suffix) and len(w) > least and not w.endswith(("ss", "eed")):
            w = w[:-len(suffix)] + repl
            if suffix in ("ing", "ed") and len(w) > 3 and w[-1] == w[-2] and w[-1] != "s" \
                    and (w[-1] != "l" or len(w) > 5):
                w = w[:-1]  # "stopped" -> "stop" (but "called" -> "call")
            break
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


@cache
def _tables() -> tuple[dict[str, str], frozenset[str], dict[str, tuple[str, ...]],
                       frozenset[str]]:
    """The English synonym map (stem -> canonical stem) and stop stems, the Chinese term
    map (term -> canonical stems) and Chinese stop terms."""
    synonyms: dict[str, str] = {}
    stop: set[str] = set()
    for line in _data("synonyms.en.txt"):
        head, _, rest = line.partition(":")
        if head.strip() in ("claim", "phrase"):
            continue
        if head.strip() == "stop":
            stop.update(stem(w) for w in rest.split())
            continue
        canonical = stem(head.strip())
        for word in [head, *rest.split()]:
            synonyms[stem(word.strip())] = canonical
    terms: dict[str, tuple[str, ...]] = {}
    zh_stop: set[str] = set()
    for line in _data("synonyms.zh.txt"):
        head, _, rest = line.partition(":")
        if head.strip() == "claim":
            continue
        if head.strip() == "stop":
            zh_stop.update(rest.split())
            continue
        for term in rest.split():
            terms[term] = tuple(synonyms.get(stem(w), stem(w)) for w in head.split())
    return synonyms, frozenset(stop), terms, frozenset(zh_stop)


def _data(name: str) -> list[str]:
    text = resources.files("pse.text").joinpath(name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


_UNINFLECTED = frozenset(
    "from with in into onto for as if of to by at on and or not the an than then also so but "
    "via per this that these those its their".split())
"""Function words no suffix inflects: a "word" that stems to one ("froming", "withed") is
no form of it, and counts as a word of its own (one the source never uses)."""


@cache
def _phrases() -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """The English phrases that are one word ("regular expression" is "regex"), from the
    ``phrase:`` lines of the table, and the pattern that finds them."""
    table: dict[str, str] = {}
    for line in _data("synonyms.en.txt"):
        head, _, rest = line.partition(":")
        if head.strip() == "phrase":
            phrase, _, word = rest.partition("=")
            table[" ".join(phrase.lower().split())] = word.strip()
    if not table:
        return None, table
    alternatives = "|".join(r"\s+".join(map(re.escape, p.split()))
                            for p in sorted(table, key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE), table


def words(text: str) -> set[str]:
    """The canonical content stems of ``text`` (identifiers split, stop words dropped)."""
    synonyms, stop, terms, zh_stop = _tables()
    pattern, phrases = _phrases()
    if pattern is not None:
        text = pattern.sub(lambda m: phrases[" ".join(m.group(0).lower().split())], text)
    found: set[str] = set()
    for token in _WORD.findall(text):
        if "\u4e00" <= token[0] <= "\u9fff":
            found.update(_segment(token, terms, zh_stop))
            continue
        token = token.strip("_")  # a dunder is its word: "__add__" says "add"
        if not token:
            continue
        parts = [p for piece in token.split("_") for p in _CAMEL.findall(piece)]
        # a part of two letters is an acronym's piece ("SQLite" -> "SQ"), not a word
        for part in {token, *(p for p in parts if len(p) > 2)} if len(parts) > 1 else {token}:
            stemmed = stem(part)
            if stemmed in _UNINFLECTED and part.lower().endswith(("ing", "ed")):
                stemmed = part.lower()  # "froming" is no form of "from": a word of its own
            canonical = synonyms.get(stemmed, stemmed)
            if len(canonical) > 1 and stemmed not in stop and canonical not in stop:
                found.add(canonical)
    return found


@cache
def _claim_words() -> tuple[frozenset[str], frozenset[str]]:
    """The English claim words (stemmed, hyphenated compounds whole) and Chinese claim terms."""
    english = {"-".join(stem(part) for part in word.lower().split("-"))
               for line in _data("synonyms.en.txt") if line.startswith("claim:")
               for word in line.partition(":")[2].split()}
    chinese = {term for line in _data("synonyms.zh.txt") if line.startswith("claim:")
               for term in line.partition(":")[2].split()}
    return frozenset(english), frozenset(chinese)


_COMPOUND = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")


def claimed(text: str) -> dict[str, frozenset[str]]:
    """The claim words ``text`` uses ("thread-safe", "fast", "性能"), each with the content
    stems a span must hold to back it ({"thread", "safe"})."""
    english, chinese = _claim_words()
    found: dict[str, frozenset[str]] = {}
    for token in _COMPOUND.findall(text):
        if "-".join(stem(part) for part in token.lower().split("-")) in english:
            found[token.lower()] = frozenset(words(token.replace("-", " ")))
    for term in chinese:
        if term in text:
            found[term] = frozenset(words(term))
    return {word: stems for word, stems in found.items() if stems}


def _segment(run: str, terms: dict[str, tuple[str, ...]], stop: frozenset[str]) -> set[str]:
    """Longest-match segmentation of one run of Chinese characters into known terms."""
    return {stem for _, stems in _terms(run, terms, stop) for stem in stems}


def _terms(run: str, terms: dict[str, tuple[str, ...]], stop: frozenset[str]
           ) -> Iterator[tuple[str, tuple[str, ...]]]:
    """The known terms of one run of Chinese characters, longest first at each place, with
    their stems (none for a stop term)."""
    i = 0
    while i < len(run):
        for size in range(min(_MAX_TERM, len(run) - i), 0, -1):
            piece = run[i:i + size]
            if piece in terms or piece in stop:
                yield piece, terms.get(piece, ())
                i += size
                break
        else:
            i += 1


def as_written(stems: Iterable[str], text: str) -> list[str]:
    """``stems`` (of :func:`words` of ``text``) as ``text`` writes them ("minutes" for
    ``minut``, "确保" for ``valid``), in their order: a reason names words its reader can
    find. A stem no word of ``text`` gives stays as it is."""
    _, _, terms, zh_stop = _tables()
    surface: dict[str, str] = {}
    for token in _WORD.findall(text):
        pairs = _terms(token, terms, zh_stop) if "\u4e00" <= token[0] <= "\u9fff" else \
            [(token, tuple(words(token)))]
        for written, given in pairs:
            for stem in given:
                surface.setdefault(stem, written)
    return list(dict.fromkeys(surface.get(stem, stem) for stem in stems))


_ABBREVIATION = 3
"""The shortest source word that may stand for a longer one it begins ("pos" for
"position", "env" for "environment", "auth" for "authentication")."""
_PREFIX = 5
"""The shortest sentence word whose longer forms in the source back it ("schedul" backed
by "scheduler", "complet" by "completion", "depend" by "dependency")."""


def covered(claim: set[str], held: Set[str], *, abbreviations: bool = True) -> set[str]:
    """The words of ``claim`` that ``held`` backs: the same stem, a source abbreviation the
    word begins with (unless ``abbreviations`` is false: against a whole package's words,
    some short word begins almost any other), or a longer derived form of it (the stemmer
    strips inflections only, and code shortens its words)."""
    found = claim & held
    rest = claim - found
    if not rest:
        return found
    for word in rest:
        if abbreviations and any(word.startswith(h) for h in held
                                 if _ABBREVIATION <= len(h) < len(word)) or \
                len(word) >= _PREFIX and any(h.startswith(word) for h in held):
            found.add(word)
    return found


def has_chinese(text: str) -> bool:
    """Whether ``text`` holds Chinese characters."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)
