"""The claim type: one relation a sentence states between code names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Relation = Literal["subclass", "built_on", "location", "defines", "kind", "has_param",
                   "param_count", "has_method", "defines_member", "calls", "raises",
                   "has_item", "member_count", "base_count", "returns", "has_subclasses",
                   "decorated", "depends_on", "default", "alias_of", "method_count",
                   "value_type", "definition_count", "subclass_count", "call_count",
                   "return_arity", "param_position", "raised", "docstring", "body"]


@dataclass(frozen=True)
class Claim:
    """A relation read from one sentence of a document."""

    relation: Relation
    subject: str
    """The subject's code span, as written (``Group``, ``Session.send()``)."""
    obj: str
    """The object: a code span, a canonical kind (``class``) or a count (``3``)."""
    negated: bool
    line: int
    sentence: str
    """The sentence exactly as written on its line (what Strip deletes)."""
    besides_self: bool | None = None
    """For counts: True when ``self`` is excluded, False when included, None if unsaid."""
    obj_text: str = ""
    """For kinds and counts: the words written for the object (to correct them)."""
    owner: str = ""
    """The code the document's structure puts the sentence under ("" for none): what a
    bare parameter name in it belongs to first ("**`A`**:" then "- `x` defaults to 1")."""
    presupposed: str = ""
    """For a kind read from a noun phrase (``the `x` class``), not stated by a frame:
    ``subject`` when the phrase opens its clause, ``phrase`` elsewhere ("call `run`, the
    `Flask` method that..." may name a member of `Flask`); ``structure`` for a claim the
    document's structure makes (a labelled item under its owner)."""
    default_of: str = ""
    """For defaults, what the sentence says the value is the default of: ``parameter``
    ("the `x` parameter defaults to 1": not an attribute the constructor keeps),
    ``signature`` ("in the signature of `f`": the value written there, whatever the body
    puts in its place), ``value`` (a value said outright, "`LIMIT` is `20`": a constant's
    or field's own), "" when unsaid."""
    narrowed: tuple[str, ...] = ()
    """For counts, the words between the number and its noun ("dunder" in "four dunder
    methods"): the count may be of part of the set."""
    excluded: tuple[str, ...] = ()
    """For counts, the code the sentence leaves out of them ("besides `__init__`")."""
    argument_types: tuple[str, ...] = ()
    """For a count of arguments described by their types ("takes a string and a
    boolean"): each one's builtin type, in order ("" where the words leave it open); for a
    parameter ("takes an integer `v`"), the one type said of it."""


ANY_DECORATOR = "(any decorator)"
"""The object of a claim that a definition carries no decorator at all ("`f` is not
decorated", "`f` 没有使用任何装饰器"): claimed only where denied."""
ANY_VALUE = "(a value)"
"""The object of a claim that a function returns something, no type said ("`f` validates
and returns the label", "`f` 返回标签"): false of a function that returns nothing."""
ANY_ERROR = "(any exception)"
"""The object of a claim that a function raises no exception at all ("`f` never raises",
"`f` 不会抛出任何异常")."""
