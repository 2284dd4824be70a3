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

from pse.verify.claims.tags import Token, tag

Count = tuple[str, str, str, str]
"""(relation, subject slot, number text, noun): ``member_count``, ``param_count`` or
``method_count``."""


_NUMBER = re.compile(r"\d|[零一二两三四五六七八九十]|(?<![a-z])(?:one|two|three|four|five|six"
                     r"|seven|eight|nine|ten|eleven|twelve|zero)(?![a-z])")


def read_count(clause: str) -> Count | None:
    """The count the clause states, if it states exactly one."""
    if _NUMBER.search(clause) is None:
        return None  # most clauses: no number, nothing to tag
    tokens = tag(clause)
    kinds = [t for t, _ in tokens]
    if kinds.count("SLOT") != 1 or kinds.count("NUM") != 1 or "HAVE" not in kinds \
            or {"NEG", "LIMIT"} & set(kinds):
        return None
    slot = kinds.index("SLOT")
    number = kinds.index("NUM")
    noun = _noun_after(kinds, number) or _noun_before(kinds, number)
    if noun is None:
        return None
    have = kinds.index("HAVE")
    there = tokens[have][1].startswith("there")
    if not (slot < have or (there and slot > noun)):
        return None
    relation = _RELATIONS[kinds[noun]]
    return relation, tokens[slot][1], tokens[number][1], tokens[noun][1]


_RELATIONS = {"PCOUNT": "param_count", "MCOUNT": "member_count", "FCOUNT": "method_count"}


def _noun_after(kinds: list[str], number: int) -> int | None:
    index = number + 1
    while index < len(kinds) and kinds[index] == "MEASURE":
        index += 1
    return index if index < len(kinds) and kinds[index] in _RELATIONS else None


def _noun_before(kinds: list[str], number: int) -> int | None:
    """"`X` 的 取值 有 三 种": the noun owned by the slot, the number closing the clause."""
    if any(k != "MEASURE" for k in kinds[number + 1:]):
        return None
    for index in range(number - 1, 0, -1):
        if kinds[index] in _RELATIONS and kinds[index - 1] == "ZH":
            return index
    return None


__all__ = ["Count", "Token", "read_count"]
