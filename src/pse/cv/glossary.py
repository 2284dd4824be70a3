"""Accepted translations: Chinese resume vocabulary and its English renderings.

The data lives in ``data/glossary.toml`` (terms, Chinese school names, school and skill
aliases) and users extend it with the ``resume.translations`` setting. To compare a
Chinese phrase with an English one, the Chinese side is cut into the longest known terms
(Latin runs such as ``CFA`` or ``Java`` stand for themselves) and each term's renderings
are looked for, as whole word runs, in the English side. :meth:`Glossary.coverage` says
how much of each side the other explains.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

_STOP = frozenset({"of", "and", "the", "for", "in", "on", "to", "a", "an", "with", "at", "by",
                   "from"})
_CJK = re.compile(r"[\u3400-\u9fff]")
_FILLER = frozenset("的与和及等之")
_SCRIPT_EDGE = re.compile(r"(?<=[\u3400-\u9fff])(?=[a-z0-9])|(?<=[a-z0-9])(?=[\u3400-\u9fff])")
_NON_WORD = re.compile(r"[^\w+#]+|_")
Phrase = tuple[str, ...]


def normalize(text: str) -> str:
    """NFKC, lower case, ``&`` as ``and``, punctuation as spaces, Chinese apart from Latin."""
    text = unicodedata.normalize("NFKC", text).lower().replace("&", " and ")
    text = _SCRIPT_EDGE.sub(" ", text)
    return " ".join(_NON_WORD.sub(" ", text).split())


def stem(word: str) -> str:
    """A light plural/possessive stem: ``operations`` -> ``operation``, ``ies`` -> ``y``."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> Phrase:
    """Stemmed English words of ``text`` without stop words."""
    return tuple(stem(w) for w in normalize(text).split() if w not in _STOP)


def has_cjk(text: str) -> bool:
    """True when ``text`` contains Chinese characters."""
    return bool(_CJK.search(text))


def mostly_cjk(text: str) -> bool:
    """True when over a fifth of the letters of ``text`` are Chinese characters."""
    return has_cjk(text) and sum(map(has_cjk, text)) > 0.2 * len(
        [c for c in text if c.isalpha()])


@dataclass(frozen=True)
class Segment:
    """A piece of a Chinese phrase and the English renderings it may have."""

    text: str
    renderings: tuple[Phrase, ...]
    literal: bool = False
    """A Latin/digit run kept as is (``CFA``, ``Java``, ``4``)."""


@dataclass(frozen=True)
class Glossary:
    """Chinese terms with English renderings, plus school and skill aliases."""

    terms: Mapping[str, tuple[Phrase, ...]]
    schools: Mapping[str, tuple[str, ...]]
    school_aliases: Mapping[str, tuple[str, ...]]
    skill_aliases: tuple[frozenset[str], ...]
    longest: int

    def segment(self, text: str) -> list[Segment]:
        """Cut ``text`` into the longest known terms, Latin runs and unknown characters."""
        text = unicodedata.normalize("NFKC", text)
        out: list[Segment] = []
        index = 0
        while index < len(text):
            found = self._term_at(text, index)
            if found:
                out.append(Segment(found, self.terms[found]))
                index += len(found)
                continue
            latin = re.match(r"[A-Za-z0-9][A-Za-z0-9+#.&/\- ]*", text[index:])
            if latin and latin.group(0).strip():
                word = latin.group(0).strip()
                out.append(Segment(word, (content_words(word),), literal=True))
                index += len(latin.group(0))
                continue
            if _CJK.match(text[index]) and text[index] not in _FILLER:
                out.append(Segment(text[index], ()))
            index += 1
        return out

    def _term_at(self, text: str, index: int) -> str | None:
        for size in range(min(self.longest, len(text) - index), 0, -1):
            piece = text[index:index + size]
            if piece in self.terms:
                return piece
        return None

    def coverage(self, english: str, chinese: str) -> tuple[float, float]:
        """``(share of English words explained, share of Chinese explained)``.

        Each Chinese term claims one of its renderings in the English words; the choice
        that explains the most (English words first) wins.
        """
        words = tuple(content_words(english))
        segments = self.segment(chinese)
        if not words or not segments:
            return 0.0, 0.0
        weights = [2 if seg.literal else len(seg.text) for seg in segments]
        options = [_placements(words, seg.renderings) for seg in segments]
        best = _best_cover(options, weights, 0, frozenset())
        return len(best[1]) / len(words), best[0] / sum(weights)

    def school_names(self, name: str) -> tuple[str, ...]:
        """Other accepted names of a school (official translations, abbreviations)."""
        key = unicodedata.normalize("NFKC", name).strip()
        found = list(self.schools.get(key, ()))
        for full, short in self.school_aliases.items():
            if normalize(full) == normalize(key):
                found.extend(short)
        return tuple(found)

    def skill_names(self, name: str) -> frozenset[str]:
        """The normalised names of a skill and all its aliases."""
        key = normalize(name)
        for group in self.skill_aliases:
            if key in group:
                return group
        return frozenset({key})


def _placements(words: Phrase, renderings: tuple[Phrase, ...]) -> list[frozenset[int]]:
    """Every set of word positions one of ``renderings`` can occupy in ``words``."""
    found: set[frozenset[int]] = set()
    for phrase in renderings:
        size = len(phrase)
        for start in range(len(words) - size + 1):
            if size and words[start:start + size] == phrase:
                found.add(frozenset(range(start, start + size)))
    return sorted(found, key=lambda p: (-len(p), min(p)))


def _best_cover(options: list[list[frozenset[int]]], weights: list[int], index: int,
                used: frozenset[int]) -> tuple[int, frozenset[int]]:
    """``(Chinese weight explained, English positions used)``, maximising English first."""
    if index == len(options):
        return 0, used
    best = _best_cover(options, weights, index + 1, used)
    for place in options[index][:6]:
        if place & used:
            continue
        done, cover = _best_cover(options, weights, index + 1, used | place)
        done += weights[index]
        if (len(cover), done) > (len(best[1]), best[0]):
            best = (done, cover)
    return best


@lru_cache(maxsize=1)
def _bundled() -> dict[str, dict[str, list[str]]]:
    data = resources.files("pse.cv").joinpath("data/glossary.toml").read_text(
        encoding="utf-8")
    loaded: dict[str, dict[str, list[str]]] = tomllib.loads(data)
    return loaded


def load_glossary(extra: Iterable[tuple[str, tuple[str, ...]]] = ()) -> Glossary:
    """The bundled glossary plus ``extra`` ``(chinese, renderings)`` pairs."""
    data = _bundled()
    terms: dict[str, list[str]] = {k: list(v) for k, v in data["terms"].items()}
    for key, renderings in extra:
        terms.setdefault(unicodedata.normalize("NFKC", key).strip(), []).extend(renderings)
    for key, values in data["schools"].items():
        terms.setdefault(key, []).extend(values)
    phrases = {k: tuple(dict.fromkeys(content_words(v) for v in vs)) for k, vs in terms.items()}
    skills = tuple(frozenset({normalize(k), *(normalize(v) for v in vs)})
                   for k, vs in data["skill-aliases"].items())
    return Glossary(terms=phrases,
                    schools={k: tuple(v) for k, v in data["schools"].items()},
                    school_aliases={k: tuple(v) for k, v in data["school-aliases"].items()},
                    skill_aliases=skills, longest=max(len(k) for k in phrases))
