"""How much of a requirement's wording a CV line shows, word by word, without a model.

A requirement is cut into *units*: English words (light stems, so "trained" is "train"
and "optimisation" is "optimise"), phrases and Chinese words from the synonym table
(``rules/synonyms.toml``), and the single characters of the Chinese left over. A unit is
shown by a line that has the same stem, a word of the same meaning, or (Chinese left
over) a character pair around it. Meanings are data, not code: a word is never taken for
another unless the table lists both. The table's *kinds* go one way only: a requirement
naming a general need ("CI") is shown by a line naming one of its kind ("Jenkins"), never
the reverse. :func:`support` is the shown share of a requirement (English words weigh 1,
Chinese characters 1 each); :func:`unshown` says which of its words a line lacks, so a
partial match can say what part is missing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

SYNONYMS = Path(__file__).with_name("rules") / "synonyms.toml"

_WORD = re.compile(r"[a-z][a-z0-9+#.\-]*[a-z0-9+#]|[a-z]")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_BRITISH = re.compile(r"(?<=[iy])s(?=(?:e|ed|es|ing|ation|ations)$)")
STOP = frozenset("""a an and or the of for to in on with at by as is are be we you our your
will who what our their this that it its from into per plus nice have has strong good solid
excellent experience experienced years year team teams work working ability able skills
skill knowledge understanding familiarity familiar proficiency proficient hands-on must
should would can etc using use used including include across within about more than least
bonus preferred plus required requirements responsibilities role job through""".split())
ZH_STOP = ("负责", "熟悉", "熟练掌握", "掌握", "精通", "了解", "具备", "具有", "以上", "经验",
           "加分项", "优先", "能力", "相关", "良好", "通过", "进行", "使用", "的", "与", "和",
           "及", "或", "等", "年")


@dataclass(frozen=True)
class Unit:
    """One word of a requirement: how it is written, what shows it, what it weighs."""

    text: str
    keys: frozenset[str]
    weight: int


@dataclass(frozen=True)
class _Table:
    words: dict[str, frozenset[str]]
    """An English stem (or stemmed phrase, space-joined) -> its meaning keys."""
    phrases: tuple[tuple[str, ...], ...]
    """The multi-word English entries, longest first, as stem tuples."""
    zh: tuple[tuple[str, frozenset[str]], ...]
    """Chinese words, longest first, with their meaning keys."""
    kinds: dict[str, tuple[str, ...]]
    """A general need (lower case) -> the named things that are one of it."""


def stem(word: str) -> str:
    """A light English stem: plurals, -ed, -ing, -ation, -ment, British -ise, a final e,
    one of a double consonant ("planned", "plans" and "planning" are all "plan")."""
    word = word.lower()
    if len(word) > 6:  # British spelling: "optimised" is "optimized"
        word = _BRITISH.sub("z", word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix, repl in (("ization", "ize"), ("ation", "ate"),
                         ("ment", ""), ("ing", ""), ("ed", "")):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[:-len(suffix)] + repl
            break
    word = word.removesuffix("e") if len(word) > 3 else word
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiousl":
        word = word[:-1]
    return word


@cache
def _table() -> _Table:
    data = tomllib.loads(SYNONYMS.read_text(encoding="utf-8"))
    words: dict[str, set[str]] = {}
    zh: dict[str, set[str]] = {}
    for meaning, entries in data.get("same", {}).items():
        for entry in entries:
            if _CJK_RUN.fullmatch(entry):
                zh.setdefault(entry, set()).add(f"~{meaning}")
            else:
                words.setdefault(_stems(entry), set()).add(f"~{meaning}")
    kinds = {k.lower(): tuple(v) for k, v in data.get("kinds", {}).items()}
    for general in kinds:  # a general need written in a requirement is its kind key
        if _CJK_RUN.fullmatch(general):
            zh.setdefault(general, set()).add(f"^{general}")
        else:
            words.setdefault(_stems(general), set()).add(f"^{general}")
    phrases = tuple(sorted({tuple(k.split()) for k in words if " " in k}, key=len,
                           reverse=True))
    return _Table(words={k: frozenset(v) for k, v in words.items()}, phrases=phrases,
                  zh=tuple(sorted(((k, frozenset(v)) for k, v in zh.items()),
                                  key=lambda kv: -len(kv[0]))),
                  kinds=kinds)


def _stems(text: str) -> str:
    return " ".join(stem(w) for w in _WORD.findall(text.lower()))


def narrower(term: str) -> tuple[str, ...]:
    """The named things of the kind ``term`` is (``CI`` -> Jenkins, GitHub Actions...)."""
    return _table().kinds.get(term.lower(), ())


def units(text: str) -> tuple[Unit, ...]:
    """The words of a requirement, stop words left out."""
    table = _table()
    out: list[Unit] = []
    tokens = _WORD.findall(text.lower())
    i = 0
    while i < len(tokens):
        phrase = _phrase_at(tokens, i, table)
        if phrase:
            keys = table.words[" ".join(phrase)]
            out.append(Unit(" ".join(tokens[i:i + len(phrase)]), keys, 1))
            i += len(phrase)
            continue
        word = tokens[i]
        i += 1
        key = stem(word)
        meaning = table.words.get(key, frozenset())
        if word in STOP or (len(word) < 3 and not meaning):
            continue
        out.append(Unit(word, frozenset({key, *meaning}), 1))
    for run in _CJK_RUN.findall(text):
        for stop in ZH_STOP:
            run = run.replace(stop, " ")
        for piece in run.split():
            out.extend(_zh_units(piece, table))
    return tuple(out)


def _phrase_at(tokens: list[str], i: int, table: _Table) -> tuple[str, ...]:
    stems = [stem(t) for t in tokens[i:i + 4]]
    for phrase in table.phrases:
        if tuple(stems[:len(phrase)]) == phrase:
            return phrase
    return ()


def _zh_units(piece: str, table: _Table) -> list[Unit]:
    """Known words of a Chinese run as units; each other character shown by a pair."""
    out: list[Unit] = []
    rest = ""
    i = 0
    while i < len(piece):
        word = next((w for w, _ in table.zh if piece.startswith(w, i)), "")
        if not word:
            rest += piece[i]
            i += 1
            continue
        out.extend(_char_units(rest))
        rest = ""
        keys = dict(table.zh)[word]
        out.append(Unit(word, frozenset({word, *keys}), len(word)))
        i += len(word)
    out.extend(_char_units(rest))
    return out


def _char_units(rest: str) -> list[Unit]:
    """Characters left over: each shown by a character pair it is part of."""
    if len(rest) < 2:
        return [Unit(rest, frozenset(), 1)] if rest else []
    return [Unit(c, frozenset(rest[j:j + 2] for j in (i - 1, i) if 0 <= j < len(rest) - 1),
                 1) for i, c in enumerate(rest)]


@lru_cache(maxsize=4096)
def keys(line: str) -> frozenset[str]:
    """Everything ``line`` shows: stems, meanings, kinds of what it names, Chinese pairs."""
    table = _table()
    lowered = line.lower()
    tokens = _WORD.findall(lowered)
    stems = [stem(t) for t in tokens]
    out: set[str] = set(stems)
    for i in range(len(stems)):
        for n in (1, 2, 3):
            out.update(table.words.get(" ".join(stems[i:i + n]), ()))
    for run in _CJK_RUN.findall(line):
        out.update(run[i:i + 2] for i in range(len(run) - 1))
    out.update(k for word, ks in table.zh if word in line for k in (word, *ks))
    out.update(f"^{general}" for general, named in table.kinds.items()
               if any(_names(lowered, n) for n in named))
    return frozenset(out)


def _names(lowered: str, name: str) -> bool:
    if _CJK_RUN.search(name):
        return name in lowered
    return re.search(rf"(?<![\w+#]){re.escape(name)}(?![\w+#])", lowered) is not None


def support(requirement: str, line: str) -> float:
    """The share of ``requirement``'s words that ``line`` shows (0 when it has none)."""
    return _shown_share(units(requirement), keys(line))


def _shown_share(parts: Iterable[Unit], shown: frozenset[str]) -> float:
    total = shown_weight = 0
    for unit in parts:
        total += unit.weight
        if unit.keys & shown:
            shown_weight += unit.weight
    return shown_weight / total if total else 0.0


def shown_words(requirement: str, line: str) -> int:
    """How many of ``requirement``'s words ``line`` shows (Chinese characters shown side by
    side count as one word: "工程师" in a job title is one word, not three)."""
    shown = keys(line)
    count, glue = 0, False
    for unit in units(requirement):
        single = len(unit.text) == 1 and bool(_CJK_RUN.fullmatch(unit.text))
        if unit.keys & shown:
            count += 0 if glue and single else 1
            glue = single
        else:
            glue = False
    return count


def unshown(requirement: str, line: str) -> tuple[str, ...]:
    """The requirement's words (English) and runs (Chinese) that ``line`` does not show."""
    shown = keys(line)
    out: list[str] = []
    glue = False
    for unit in units(requirement):
        if unit.keys & shown:
            glue = False
            continue
        cjk = bool(_CJK_RUN.fullmatch(unit.text))
        if cjk and glue and out:
            out[-1] += unit.text  # leftover characters read as one run
        else:
            out.append(unit.text)
        glue = cjk and len(unit.text) == 1
    return tuple(dict.fromkeys(out))
