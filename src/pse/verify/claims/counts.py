"""Counts read from tags, in any word order: "`X` has three members", "there are three
members in `X`", "`X` consists of 3 values", "`X` 一共有三个取值", "`X` 的取值有三种",
"`f` 有 two parameters".

A clause states a count when it names one code name, a possession verb, and one number
whose noun (after it, past measure words, or before the verb in "的 NOUN 有 N 种") is a
count noun (members, 取值: an enumeration's members or a dataclass's fields), a
parameter noun (a parameter count) or a method noun ("three public methods", a count of
a class's methods). A negation or a limit ("at least", 最多, "optional
parameters", "returns") leaves the clause to the grammar's frames: such a count is not
the whole set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pse.verify.claims.tags import Token, tag
from pse.verify.claims.words import HAN

Count = tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]
"""(relation, subject slot, number text, noun, the words between the number and the noun
that narrow it, the slots the clause leaves out of the count; a subject slot may be
"§0§.§1§", a name held by another, "its `X`"): ``member_count``,
``param_count`` or ``method_count``; "defines four dunder methods besides `__init__`" is
a method count of 4 narrowed by ("dunder",) with the slot of `__init__` left out."""


_NUMBER = re.compile(r"\d|[零一二两三四五六七八九十]|(?<![a-z])(?:one|two|three|four|five|six"
                     r"|seven|eight|nine|ten|eleven|twelve|zero)(?![a-z])")
_EXCLUDED = re.compile(r"(?:(?<![a-z])(?:besides|except(?: for)?|excluding|apart from"
                       r"|aside from|other than|not counting|in addition to) ?(?:the )?"
                       r"|除了|除去|不算|不计)(§\d+§)"
                       r"(?: ?(?:之外|以外|外)| (?:method|function|class|constructor))?")
"""A name the count leaves out ("besides `__init__`", "除了 `__init__` 之外"): not the
subject, and not among what is counted."""
_MAX_MODIFIERS = 2
ANY_NOUN = "(any noun)"
"""Marks a count whose noun no lexicon lists ("three stages"): it counts the entries of a
value written as a literal, but says nothing of an enumeration's members or a record's
fields, which may be some of them."""


def excluded_slots(text: str) -> tuple[str, ...]:
    """The slots a clause or sentence leaves out of a count (see :data:`_EXCLUDED`)."""
    return tuple(m[1] for m in _EXCLUDED.finditer(text))


_ZERO = re.compile(
    r"(?<![a-z])(?:(?:has|have|defines?|declares?|provides?|offers?|contains?|exposes?"
    r"|includes?|implements?)\s+no|(?:does|do)(?: not|n't) (?:have|define|declare|provide"
    r"|offer|contain|expose|include|implement)(?: any)?)(?![a-z])"
    r"|(?:并)?(?:没有|不(?:包含|包括|提供|定义|声明|实现|暴露)(?:任何)?)(?:定义|提供|包含|实现)?"
    r"(?:任何)?")
"""A count of none said with a negation ("has no methods", "does not define any
classes", "没有任何方法"): read as the count 0 of the noun that follows it, which the index
can contradict like any other count; a negation before any other noun stays a negation."""
_SLOT = re.compile(r"§\d+§")
_ZERO_NOUNS = frozenset({"MCOUNT", "FCOUNT", "DCOUNT"})
"""What a count of none may count: members, methods, a module's definitions (not
parameters, which the grammar's frames read, and not a plural no lexicon lists)."""


def read_count(clause: str) -> Count | None:
    """The count the clause states, if it states exactly one."""
    zero = _zero_count(clause)
    if zero is not None:
        return zero
    if _NUMBER.search(clause) is None:
        return None  # most clauses: no number, nothing to tag
    excluded = excluded_slots(clause)
    tokens = tag(_EXCLUDED.sub(" ", clause))
    kinds = [t for t, _ in tokens]
    if kinds.count("NUM") != 1 or {"NEG", "LIMIT"} & set(kinds):
        return None
    inside = _counted_inside(tokens, kinds)
    if inside is not None:
        return (*inside, excluded)
    if "HAVE" not in kinds or kinds.count("SLOT") != 1:
        found = _noun_phrase_count(tokens, kinds)
        return (*found, excluded) if found else None
    slot = kinds.index("SLOT")
    number = kinds.index("NUM")
    noun = _noun_after(tokens, number) or _noun_before(kinds, number)
    if noun is None:
        return None
    have = kinds.index("HAVE")
    there = tokens[have][1].startswith("there")
    if not (slot < have or (there and slot > noun)):
        return None
    relation = _RELATIONS[kinds[noun]]
    narrowing = _words(text for kind, text in tokens[number + 1:noun] if kind == "WORD")
    if kinds[noun] == "ECOUNT":
        narrowing = (*narrowing, ANY_NOUN)
    return relation, tokens[slot][1], tokens[number][1], tokens[noun][1], narrowing, excluded


def _zero_count(clause: str) -> Count | None:
    """A count of none (see :data:`_ZERO`): the clause's one name, then the negation,
    then a noun of :data:`_ZERO_NOUNS` (past up to two words that narrow it)."""
    match = _ZERO.search(clause)
    if match is None or _NUMBER.search(_SLOT.sub(" ", clause)) is not None:
        return None
    # a measure word after the Chinese zero: 类 right after a number is one itself ("三类")
    measure = " 个" if HAN.match(match.group()) else ""
    said = f"{clause[:match.start()]} has 0{measure} {clause[match.end():]}"
    tokens = tag(_EXCLUDED.sub(" ", said))
    kinds = [t for t, _ in tokens]
    if kinds.count("NUM") != 1 or "NEG" in kinds or "LIMIT" in kinds or \
            kinds.count("SLOT") != 1 or kinds.index("SLOT") > kinds.index("NUM"):
        return None
    number = kinds.index("NUM")
    noun = _noun_after(tokens, number)
    if noun is None or kinds[noun] not in _ZERO_NOUNS:
        return None
    narrowing = _words(text for kind, text in tokens[number + 1:noun] if kind == "WORD")
    return (_RELATIONS[kinds[noun]], tokens[kinds.index("SLOT")][1], "0", tokens[noun][1],
            narrowing, excluded_slots(clause))


_OF = frozenset({"of", "in", "inside", "within", "on"})
_DETERMINERS = frozenset({"the", "its", "all", "their"})


def _noun_phrase_count(tokens: list[Token], kinds: list[str]
                       ) -> tuple[str, str, str, str, tuple[str, ...]] | None:
    """A count said in the noun phrase that names what is counted, without a verb of
    possession: "the four values of `X` (are ...)", "`X` 的四个元素（分别是 ...）". The
    phrase opens the clause, its code is the first name in it, and names listed after it
    are the values it counts. Words before the number ("the first two") narrow it, as
    words between the number and the noun do."""
    number = kinds.index("NUM")
    noun = _noun_after(tokens, number)
    if noun is None or kinds[noun] == "PCOUNT":
        return None  # "the two parameters of `f`" is the grammar's (an owner's parameters)
    before = [t for _, t in tokens[:number]]
    if kinds[:number] == ["SLOT", "ZH"]:  # `X` 的 四 个 元素
        slot = 0
    elif [k for k in kinds[:number] if k != "WORD"] or \
            any(w not in _DETERMINERS for w in before[:1]) and len(before) > 1:
        return None
    elif noun + 1 < len(kinds) and tokens[noun + 1][1] in _OF:  # the four values of `X`
        slot = noun + 2 + (tokens[noun + 2][1] == "the" if noun + 2 < len(kinds) else 0)
        if slot >= len(kinds) or kinds[slot] != "SLOT":
            return None
    else:
        return None
    narrowing = _words([t for k, t in tokens[number + 1:noun] if k == "WORD"]
                       + [t for t in before if t not in _DETERMINERS and kinds[0] != "SLOT"])
    if kinds[noun] == "ECOUNT":
        narrowing = (*narrowing, ANY_NOUN)
    return _RELATIONS[kinds[noun]], tokens[slot][1], tokens[number][1], tokens[noun][1], \
        narrowing


def _counted_inside(tokens: list[Token], kinds: list[str]
                    ) -> tuple[str, str, str, str, tuple[str, ...]] | None:
    """Entries counted inside the value that holds them, whoever the clause is about:
    "`Parser` has five states in `STATES`", "keeps track of five states in its `STATES`
    tuple". Only nouns of members or entries: "three methods in `core.py`" counts what a
    module defines, which the other readings place."""
    number = kinds.index("NUM")
    noun = _noun_after(tokens, number)
    if noun is None or kinds[noun] not in {"MCOUNT", "ECOUNT"}:
        return None
    slot = noun + 1
    if slot >= len(kinds) or tokens[slot][1] not in _OF - {"of"}:
        return None
    slot += 1
    its = slot < len(kinds) and tokens[slot][1] == "its"
    if slot < len(kinds) and tokens[slot][1] in _DETERMINERS:
        slot += 1
    if slot >= len(kinds) or kinds[slot] != "SLOT" or kinds.count("SLOT") < 2:
        return None
    narrowing = _words(t for k, t in tokens[number + 1:noun] if k == "WORD")
    if kinds[noun] == "ECOUNT":
        narrowing = (*narrowing, ANY_NOUN)
    held = tokens[slot][1]
    if its and kinds[0] == "SLOT":  # "in its `__slots__`": the subject's own
        held = f"{tokens[0][1]}.{held}"
    return _RELATIONS[kinds[noun]], held, tokens[number][1], tokens[noun][1], narrowing


def _words(tokens: Iterable[str]) -> tuple[str, ...]:
    """Tokens as words: the Chinese characters the tagger cut apart one by one (no word it
    knows) joined again; a word it knows (自定义, 关键字) stays one."""
    found: list[str] = []
    loose = False  # whether the last word is a run of characters cut one by one
    for token in tokens:
        single = len(token) == 1 and bool(HAN.match(token))
        if found and single and loose:
            found[-1] += token
        else:
            found.append(token)
        loose = single or (loose and single)
    return tuple(found)


_RELATIONS = {"PCOUNT": "param_count", "MCOUNT": "member_count", "FCOUNT": "method_count",
              "ECOUNT": "member_count", "DCOUNT": "definition_count",
              "SCOUNT": "subclass_count"}


def _noun_after(tokens: list[Token], number: int) -> int | None:
    """The count noun after the number, past measure words and up to two words that
    narrow it ("four dunder methods", "三个 raw 键", "八个自定义关键字参数": a run of
    Chinese characters no lexicon knows is one word of up to :data:`_MAX_HAN_WORD`)."""
    kinds = [k for k, _ in tokens]
    index = number + 1
    while index < len(kinds) and kinds[index] == "MEASURE":
        index += 1
    modifiers = 0
    while index < len(kinds) and kinds[index] == "WORD" and modifiers < _MAX_MODIFIERS:
        run = 1
        while HAN.match(tokens[index][1]) and index + run < len(kinds) and \
                kinds[index + run] == "WORD" and HAN.match(tokens[index + run][1]):
            run += 1
        if run > _MAX_HAN_WORD:
            return None
        index += run
        modifiers += 1
    if index >= len(kinds) or kinds[index] not in _RELATIONS:
        return None
    while index + 1 < len(kinds) and kinds[index + 1] in _RELATIONS:
        index += 1  # "eight class attributes": the last noun heads the phrase
    return index


_MAX_HAN_WORD = 6
"""Characters of the longest Chinese modifier read as one word (自定义关键字)."""


def _noun_before(kinds: list[str], number: int) -> int | None:
    """"`X` 的 取值 有 三 种": the noun owned by the slot, the number closing the clause."""
    if any(k != "MEASURE" for k in kinds[number + 1:]):
        return None
    for index in range(number - 1, 0, -1):
        if kinds[index] in _RELATIONS and kinds[index - 1] == "ZH":
            return index
    return None


__all__ = ["ANY_NOUN", "Count", "Token", "excluded_slots", "read_count"]
