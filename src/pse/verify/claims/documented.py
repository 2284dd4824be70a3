"""The return type a function's docstring declares, for a function with no annotation.

Maintainers who do not annotate often declare the type in the docstring instead: reST's
``:rtype: set of Interval``, Google's ``Returns:`` with ``bool: ...``, numpydoc's
``Returns`` section. Those are read with ``docstring_parser`` (every common style, one
parser), and only a declaration made of Python's own builtin types decides a claim: "returns
a list" is false of a function documented ``:rtype: set of Interval``; a declaration of
another kind ("iterable", "Interval", a phrase) says nothing here.
"""

from __future__ import annotations

import ast
import re

import docstring_parser

from pse.index.model import Symbol
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.source import function_node
from pse.verify.resolve import Resolver

_BUILTINS = frozenset({"list", "set", "dict", "tuple", "frozenset", "str", "int", "float",
                       "bool", "bytes", "bytearray", "complex", "None"})
LOOSE_NUMBERS = frozenset({"int", "float", "complex"})
"""Numbers one may loosely call another (PEP 484 lets ``float`` stand for ``int``). A
``bool`` is an ``int`` to Python but not to a reader: "`emit` returns an `int`, the number
of handlers called" is false of ``-> bool``, and a count is no flag. Shared with
:mod:`pse.verify.claims.returns`."""
_ALTERNATIVES = re.compile(r"\s*(?:\bor\b|\|)\s*")
_LEADING_NAME = re.compile(r"(?P<name>[A-Za-z_][\w.]*)(?P<rest>.*)", re.S)
_OF = re.compile(r"(?:\[.*\]|\s+of\s+.+|\s*\(.*\))?", re.S)
"""What may follow a type's head in a declaration: its parameters (``list[str]``), what it
holds (``set of Interval``), a parenthesised note."""


def declared_types(resolver: Resolver, subject: Symbol) -> tuple[frozenset[str], str] | None:
    """The builtin types the docstring of ``subject`` declares it returns, with the
    declaration as written; None when it declares none, or anything but builtin types."""
    node = function_node(resolver, subject)
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    doc = ast.get_docstring(node)
    if not doc:
        return None
    try:
        returned = docstring_parser.parse(doc).returns
    except docstring_parser.ParseError:
        return None
    written = (returned.type_name or "").strip() if returned is not None else ""
    if not written or "\n" in written:
        return None
    types: set[str] = set()
    for alternative in _ALTERNATIVES.split(written):
        hit = _LEADING_NAME.fullmatch(alternative.strip())
        if hit is None or not _OF.fullmatch(hit["rest"]):
            return None
        head = hit["name"].removeprefix("builtins.")
        if head not in _BUILTINS:
            return None
        types.add(head)
    return frozenset(types), written


def documented_returns(resolver: Resolver, subject: Symbol, wanted: str) -> Decision:
    """Whether ``subject`` returns a ``wanted`` (a builtin type's name), read from the type
    its docstring declares; undecided without one, or between two kinds of number."""
    declared = declared_types(resolver, subject)
    if declared is None or wanted not in _BUILTINS:
        return undecided("no return type declared in its docstring")
    types, written = declared
    message = f"{short(subject.qualname)} is documented to return `{written}`"
    if wanted in types:
        return Decision(True, message, at(subject))
    if wanted in LOOSE_NUMBERS and types & LOOSE_NUMBERS:
        return undecided(message)
    return Decision(False, message, at(subject),
                    correction=next(iter(types)) if len(types) == 1 else "")
