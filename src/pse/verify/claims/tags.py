"""A small deterministic tagger over a normalised clause (see :mod:`prose`).

Code slots are names (``SLOT``); numbers, possession verbs, count nouns, measure words,
limits and negations come from the lexicon files, so a word added there is a tag here.
Chinese is segmented by the longest lexicon word at each position (one character else),
English by words, with the lexicons' multi-word entries ("consists of", "at least")
taken as one token. Readers match tag sequences instead of sentence templates, so the
same reading serves "`X` has three members", "there are three members in `X`" and
"`X` 的取值有三种".
"""

from __future__ import annotations

import re
from functools import cache

from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar's short name
from pse.verify.claims.words import LANGUAGES, lexicon, words

Token = tuple[str, str]
"""(tag, text): SLOT, NUM, HAVE, PCOUNT, MCOUNT, FCOUNT, DCOUNT (a module's definitions
of one kind), SCOUNT (subclasses), ECOUNT (a plural no lexicon lists), MEASURE, LIMIT, NEG,
ZH (the 的 of a possessive) or WORD."""

_NEGATIONS = ("not", "never", "no", "none", "neither", "nor", "without", "不", "没有", "没",
              "并非", "并不", "未", "无")
_ZH_NUMBER = re.compile(r"[零一二两三四五六七八九十]+")
_TOKEN = re.compile(r"§\d+§|\d+|[a-z][a-z'-]*|[\u4e00-\u9fff]+|\S")


@cache
def _lexicon() -> dict[str, str]:
    """Every tagged word or phrase (lower case), mapped to its tag."""
    tagged: dict[str, str] = {}
    for tag, key in (("LIMIT", "limit_words"), ("MEASURE", "measure_words"),
                     ("MCOUNT", "count_nouns"), ("PCOUNT", "param_count_nouns"),
                     ("FCOUNT", "method_count_nouns"), ("SCOUNT", "subclass_count_nouns"),
                     ("HAVE", "possession_verbs")):
        for word in words(key):
            tagged.setdefault(word.lower(), tag)
    for word in definition_nouns():
        tagged.setdefault(word, "DCOUNT")
    for word in _NEGATIONS:
        tagged.setdefault(word, "NEG")
    for word in L.WORD_NUMBERS:
        if word not in {"no", "single"}:
            tagged.setdefault(word, "NUM")
    return tagged


@cache
def definition_nouns() -> dict[str, str]:
    """Each noun that counts a module's definitions (lower case), mapped to the kind it
    counts ("exception classes" -> exception)."""
    return {word.lower(): kind for language in LANGUAGES
            for kind, found in lexicon(language)["definition_count_nouns"].items()
            for word in found}


def definition_kind(noun: str) -> str:
    """The kind a definition noun counts, in the plural or the singular ("class" and
    "classes": class; 类 after a measure word: class)."""
    table = definition_nouns()
    noun = noun.lower()
    found = next((table[n] for n in (noun, f"{noun}s", f"{noun}es") if n in table), None)
    return found or "class"


@cache
def _phrases() -> tuple[tuple[str, ...], ...]:
    """The multi-word English entries, longest first."""
    return tuple(sorted((tuple(w.split()) for w in _lexicon() if " " in w),
                        key=len, reverse=True))


def tag(clause: str) -> list[Token]:
    """The tokens of a normalised clause with their tags."""
    raw: list[str] = []
    for piece in _TOKEN.findall(clause):
        raw.extend(_segment(piece) if re.match(r"[\u4e00-\u9fff]", piece) else [piece])
    tokens: list[Token] = []
    index = 0
    while index < len(raw):
        phrase = next((p for p in _phrases() if tuple(raw[index:index + len(p)]) == p), None)
        if phrase is not None:
            tokens.append((_lexicon()[" ".join(phrase)], " ".join(phrase)))
            index += len(phrase)
            continue
        tokens.append((_tag_of(raw[index]), raw[index]))
        index += 1
    return [(_CLASS_NOUN, text) if text == "类" and kind == "MEASURE" and 0 < at and
            tokens[at - 1][0] in {"MEASURE", "WORD"} else (kind, text)
            for at, (kind, text) in enumerate(tokens)]


_CLASS_NOUN = "DCOUNT"
"""The tag of 类 after a measure word or a modifier ("四个类", "三个序列化器类"): classes,
where right after a number ("三类") it is a measure word itself (three kinds)."""


def _tag_of(text: str) -> str:
    if text.startswith("§"):
        return "SLOT"
    if text.isdigit() or _ZH_NUMBER.fullmatch(text):
        return "NUM"
    if text == "的":
        return "ZH"
    return _lexicon().get(text) or _singular_noun(text) or _entry_noun(text) or "WORD"


def _entry_noun(text: str) -> str | None:
    """A plural English noun no lexicon lists, which may count a value's entries ("holds
    three strings", "maps two raw ids"): ``ECOUNT``. Nouns that count other things
    (methods, seconds, calls) are the lexicons' ``not_entry_nouns``."""
    if len(text) < 3 or not text.isascii() or not text.isalpha() or not text.endswith("s") \
            or text.endswith(("ss", "us", "is")) or text in _NOT_NOUNS or text in _not_entries():
        return None
    return "ECOUNT"


_NOT_NOUNS = frozenset({"has", "was", "its", "yes", "his", "does", "goes", "uses", "lets",
                        "always", "perhaps", "sometimes", "besides", "towards", "afterwards",
                        "across", "news", "whereas", "hers", "ours", "yours", "theirs"})
"""Words in -s that are no plural noun."""


@cache
def _not_entries() -> frozenset[str]:
    return frozenset(w.lower() for w in words("not_entry_nouns"))


def _singular_noun(text: str) -> str | None:
    """The tag of a count noun written in the singular ("one method", and the English noun
    after a Chinese measure word: "四个 dunder method"): the lexicons list plurals."""
    if not text.isascii() or not text.isalpha():
        return None
    plurals = [f"{text}s", f"{text}es"] + ([f"{text[:-1]}ies"] if text.endswith("y") else [])
    found = {_lexicon().get(p) for p in plurals} & {"MCOUNT", "PCOUNT", "FCOUNT", "DCOUNT",
                                                     "SCOUNT"}
    return found.pop() if len(found) == 1 else None


@cache
def _chinese_words() -> tuple[str, ...]:
    """The words Chinese is cut at: the tagged ones, the sorts of parameter a count may
    name (关键字, 可选) and the words that only cut a run right (自定义)."""
    sorts = [w for found in lexicon("zh")["param_sorts"].values() for w in found]
    return tuple(dict.fromkeys(w for w in (*_lexicon(), *sorts, *words("segment_words"))
                               if re.match(r"[\u4e00-\u9fff]", w)))


def _segment(run: str) -> list[str]:
    """A run of Chinese cut at the longest lexicon word (or numeral) at each position."""
    known = _chinese_words()
    found: list[str] = []
    index = 0
    while index < len(run):
        number = _ZH_NUMBER.match(run, index)
        word = max((w for w in known if run.startswith(w, index)), key=len, default="")
        if number and len(number.group()) >= len(word):
            word = number.group()
        word = word or ("的" if run[index] == "的" else run[index])
        found.append(word)
        index += len(word)
    return found
