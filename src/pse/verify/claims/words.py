"""Lexicons kept as data, one JSON file per language (``lexicons/en.json``, ``zh.json``).

Each file lists words, not patterns: example cues ("such as", 例如), member nouns by the
relation they state, container verbs, owner section titles ("Attributes", 参数), anaphors
("this class", 该类), return verbs, count nouns, kind nouns ("enumeration" -> enum) and
type nouns ("a string" -> str).
:func:`alternation` turns a list into a regular-expression alternation over the grammar's
normalised text, longest first.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import TypedDict


class Lexicon(TypedDict):
    """The word lists of one language."""

    example_cues: list[str]
    member_nouns: dict[str, list[str]]
    container_verbs: list[str]
    owner_sections: list[str]
    label_titles: list[str]
    """Bold labels that title what follows ("**Description**:", "**返回值**:"): no code, so
    the sentence after one is about the code the heading or item above names."""
    anaphors: list[str]
    demonstratives: list[str]
    """With :attr:`anaphor_nouns`, anaphors built by the grammar ("this helper", 这个 class)."""
    anaphor_nouns: list[str]
    return_verbs: list[str]
    count_nouns: list[str]
    method_count_nouns: list[str]
    """Nouns that count a class's methods ("three public methods", 三个公开方法)."""
    definition_count_nouns: dict[str, list[str]]
    """Nouns that count a module's definitions of one kind ("seven classes", 两个枚举,
    "three modules" of a package), by the kind they count."""
    subclass_count_nouns: list[str]
    """Nouns that count the classes deriving from a class ("three subclasses", 三个子类)."""
    lead_verbs: list[str]
    """Verbs a subject-less Chinese remainder may open with (English: any verb in -s)."""
    kind_nouns: dict[str, list[str]]
    """Kinds of class a sentence may state, by the word it uses ("enumeration" -> enum)."""
    type_nouns: dict[str, list[str]]
    """Builtin types a sentence may name in words ("a string" -> str, 布尔值 -> bool)."""
    not_entry_nouns: list[str]
    """Plural nouns that count something other than a value's entries (methods, seconds,
    calls): any other plural after a number may count the entries of a literal."""
    cue_verbs: dict[str, list[str]]
    """Verbs that alone name a relation between two names, in any word order around them
    ("raises", 抛出): the last reading of a clause no frame read (:mod:`cues`)."""
    cue_blockers: list[str]
    """Words that make a clause no plain statement of one relation: negation, condition,
    comparison, example, alternative (not, if, such as, 而不是, 如果)."""
    cue_passive: list[str]
    """Words that put the agent after the verb ("called by `b`", 被 `b` 调用)."""
    param_sorts: dict[str, list[str]]
    """Words that pick which of a signature's parameters a count counts, by sort:
    ``required`` (no default), ``optional`` (a default), ``keyword``, ``positional``, or
    ``all`` ("two formal parameters" counts them all)."""
    segment_words: list[str]
    """Chinese words that only cut a run of characters right (自定义, 关键字): without them
    the longest lexicon word inside one (定义, 键) would be read."""


LANGUAGES = ("en", "zh")
HAN = re.compile(r"[\u4e00-\u9fff]")
"""A Chinese character: text holding one is read with the Chinese lexicon too."""


@cache
def lexicon(language: str) -> Lexicon:
    """The lexicon of ``language`` (``en`` or ``zh``)."""
    text = resources.files("pse.verify.claims").joinpath(f"lexicons/{language}.json").read_text(
        encoding="utf-8")
    loaded: Lexicon = json.loads(text)
    return loaded


def words(key: str) -> list[str]:
    """One list, every language together."""
    found: list[str] = []
    for language in LANGUAGES:
        value = lexicon(language)[key]  # type: ignore[literal-required]  # keys are the TypedDict's
        if isinstance(value, list):
            found.extend(value)
    return found


def alternation(items: list[str]) -> str:
    """A non-capturing alternation of ``items``, longest first (so "comes with" beats "comes")."""
    ordered = sorted({re.escape(i.lower()) for i in items}, key=lambda w: (-len(w), w))
    return "(?:" + "|".join(ordered) + ")"


@cache
def kind_nouns() -> dict[str, str]:
    """Every kind noun of the lexicons (lower case), mapped to the kind it names."""
    return {noun.lower(): kind for language in LANGUAGES
            for kind, nouns in lexicon(language)["kind_nouns"].items() for noun in nouns}


@cache
def type_nouns() -> dict[str, str]:
    """Every type noun of the lexicons (lower case), mapped to the builtin type it names."""
    return {noun.lower(): kind for language in LANGUAGES
            for kind, nouns in lexicon(language)["type_nouns"].items() for noun in nouns}


TYPING_CONTAINERS = {"List": "list", "Tuple": "tuple", "Dict": "dict", "Set": "set",
                     "FrozenSet": "frozenset", "list": "list", "tuple": "tuple", "dict": "dict",
                     "set": "set", "frozenset": "frozenset"}
"""The builtin container an annotation's outer name stands for (``Tuple[str, ...]`` is a
tuple): the one table the claims read annotations with."""


_BUILTIN_TYPES = frozenset({"str", "int", "float", "bool", "list", "dict", "tuple", "set",
                            "frozenset", "bytes", "complex"})


def builtin_type(written: str) -> str:
    """The builtin type a code span names (`float`, `builtins.dict`), "" for none."""
    name = written.strip().removeprefix("builtins.")
    return name if name in _BUILTIN_TYPES else ""


def member_relation(noun: str) -> str:
    """The relation a member noun states (``has_method`` or ``has_item``), "" for none."""
    for language in LANGUAGES:
        for relation, nouns in lexicon(language)["member_nouns"].items():
            if noun in nouns:
                return relation
    return ""


@cache
def param_sort_words() -> dict[str, str]:
    """Every word of the lexicons' ``param_sorts`` (lower case), mapped to its sort."""
    return {word.lower(): sort for language in LANGUAGES
            for sort, found in lexicon(language)["param_sorts"].items() for word in found}


def param_sort(narrowing: tuple[str, ...] | list[str]) -> str:
    """Which parameters a count narrowed by ``narrowing`` counts: "" (all of them),
    ``required``, ``optional``, ``keyword``, ``positional``, or ``part`` (words no
    lexicon sorts: "two custom parameters" counts some). A Chinese modifier is read by
    the sort words it holds (自定义关键字 -> keyword)."""
    table = param_sort_words()
    sorts: list[str] = []
    for word in narrowing:
        sort = table.get(word.lower())
        if sort is None and HAN.search(word):
            sort = next((s for w, s in sorted(table.items(), key=lambda i: -len(i[0]))
                         if HAN.search(w) and w in word), None)
        sorts.append(sort or "part")
    picked = [s for s in sorts if s != "all"]
    if not picked:
        return ""
    return picked[0] if len(set(picked)) == 1 else "part"


def is_file_span(text: str) -> bool:
    """Whether a span is written as a file path (``click/core.py``)."""
    return "/" in text or bool(re.search(r"\.(?:pyi?|pyx)$", text))
