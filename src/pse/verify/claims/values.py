"""Default values: "`strict` defaults to False", "`x` 的默认值是一个空的 dict".

The claim's value is read into a canonical spelling (:func:`canonical_value`: ``True``,
``None``, ``0``, ``{}`` for "an empty dict"); the definition's value is read from its
source line (a field or a module constant: ``strict: bool = False``, ``x =
field(default_factory=dict)``). Both are compared as Python literals when both are
literals, else as names (``on_dup = ON_DUP_DEFAULT``). A value that is neither, or a name
the tree binds without a value, is undecided.
"""

from __future__ import annotations

import ast
import re
import textwrap

from pse.index.model import Symbol
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.resolve import Resolver

_EMPTY = {"dict": "{}", "dictionary": "{}", "mapping": "{}", "字典": "{}", "list": "[]",
          "列表": "[]", "tuple": "()", "元组": "()", "set": "set()", "集合": "set()",
          "string": "''", "str": "''", "字符串": "''"}
_WORDS = {"true": "True", "false": "False", "none": "None", "null": "None", "zero": "0"}
_FACTORIES = {"dict": "{}", "list": "[]", "tuple": "()", "set": "set()", "str": "''"}


def canonical_value(written: str) -> str:
    """The claimed value in Python's spelling ("" when it is no value this reads)."""
    text = written.strip().strip("`").strip()
    low = text.lower()
    if low in _WORDS:
        return _WORDS[low]
    empty = re.fullmatch(r"(?:an? |一个)?(?:empty |空的?)(?P<t>[a-z]+|[\u4e00-\u9fff]+)", low)
    if empty:
        return _EMPTY.get(empty["t"], "")
    try:
        return ast.unparse(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError, RecursionError):
        return ""


def assigned_value(resolver: Resolver, symbol: Symbol) -> str | None:
    """The value ``symbol`` (a field, class attribute or module constant) is bound to in its
    definition, in Python's spelling (None: no assignment with a value there)."""
    source = resolver.index.source_of(symbol)
    if source is None or symbol.end_line - symbol.line > 20:
        return None
    try:
        tree = ast.parse(textwrap.dedent(source))
    except (SyntaxError, ValueError, RecursionError):
        return None
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if value is not None:
            return _field_default(value)
    return None


def _field_default(value: ast.expr) -> str | None:
    """``field(default=X)`` is ``X``, ``field(default_factory=dict)`` ``{}``; any other
    value is itself."""
    if isinstance(value, ast.Call) and ast.unparse(value.func).rsplit(".", 1)[-1] == "field":
        for keyword in value.keywords:
            if keyword.arg == "default":
                return ast.unparse(keyword.value)
            if keyword.arg == "default_factory":
                return _FACTORIES.get(ast.unparse(keyword.value))
        return None  # a field without a default
    return ast.unparse(value)


def default(resolver: Resolver, subject: Symbol, claimed: str) -> Decision:
    """Whether ``subject``'s definition binds it to ``claimed`` (canonical spelling)."""
    if subject.kind not in {"attribute", "variable", "constant"}:
        return undecided(f"{short(subject.qualname)} is no field or constant")
    actual = assigned_value(resolver, subject)
    if actual is None:
        return undecided(f"{short(subject.qualname)} has no value of its own")
    message = f"{short(subject.qualname)} defaults to `{actual}`"
    same = _same(actual, claimed)
    if same is None:
        return undecided(message)
    return Decision(same, message, at(subject), correction="" if same else actual)


def _same(actual: str, claimed: str) -> bool | None:
    """Whether two values are equal: as literals, else as names (None: cannot say)."""
    try:
        return bool(ast.literal_eval(actual) == ast.literal_eval(claimed)) and \
            type(ast.literal_eval(actual)) is type(ast.literal_eval(claimed))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    names = re.compile(r"[A-Za-z_][\w.]*")
    if actual in {"set()"} or claimed in {"set()"}:
        return actual == claimed
    if names.fullmatch(actual) and names.fullmatch(claimed):
        if actual.rsplit(".", 1)[-1] == claimed.rsplit(".", 1)[-1]:
            return True
        return None  # two names may be bound to one value
    if names.fullmatch(actual) or names.fullmatch(claimed):
        return None  # a name against a literal: the name's value is not read
    return None
