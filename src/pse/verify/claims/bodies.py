"""Function bodies a document quotes from the source in its code blocks.

A model that writes a library's function out again (:mod:`.quoted`) keeps its name, its
parameters and often its docstring word for word, and then writes a body of its own:
pyhumps' ``pascalize`` quoted with ``return s.upper()`` where the library applies a
regular expression to every word. A reader takes the block for the library's code, so
each statement the quote writes must be one of the library's, at any depth of its body:
the same statement (compared as syntax trees, so layout, quotes and comments do not
count), or a compound statement (``if``, ``for``, ``try``, a nested ``def``) with the
same header whose own statements are the library's in turn. What the quote leaves out
(``...``, ``pass``, a docstring, whole statements) is no claim.
"""

from __future__ import annotations

import ast
import copy

from pse.index.model import Symbol
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.source import definition_node
from pse.verify.resolve import Resolver

_SHOWN = 80


def written_statements(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The statements a quoted ``def`` writes, what it elides set aside."""
    return [s for index, s in enumerate(node.body) if not _elided(s, first=index == 0)]


def quoted_body(resolver: Resolver, symbol: Symbol, quoted: str) -> Decision:
    """Whether every statement of ``quoted`` (the source of a ``def`` a code block gives
    ``symbol``) is a statement of ``symbol``'s own body."""
    if symbol.kind not in {"function", "method"}:
        return undecided("not a function")
    real = definition_node(resolver, symbol)
    written = _quoted_def(quoted)
    if not isinstance(real, ast.FunctionDef | ast.AsyncFunctionDef) or written is None:
        return undecided(f"the source of {short(symbol.qualname)} does not parse")
    if not written_statements(real):  # a stub (``.pyi``) or an abstract placeholder
        return undecided(f"{short(symbol.qualname)} is a stub here")
    library = _statements(real.body)
    name = short(symbol.qualname)
    try:
        missing = next((m for m in (_missing(s, library) for s in written_statements(written))
                        if m is not None), None)
    except RecursionError:  # an expression nested past the interpreter's depth
        return undecided(f"{name}'s source is nested too deep to compare")
    if missing is None:
        return Decision(True, f"every statement quoted is in {name}'s source", at(symbol))
    shown = ast.unparse(missing).split("\n", 1)[0]
    shown = shown if len(shown) <= _SHOWN else f"{shown[:_SHOWN].rstrip()}..."
    return Decision(False, f"{name}'s source has no statement `{shown}`", at(symbol))


def _quoted_def(source: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    try:
        body = ast.parse(source).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    node = body[0] if len(body) == 1 else None
    return node if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else None


def _elided(statement: ast.stmt, *, first: bool = False) -> bool:
    """``...``, ``pass``, a docstring (the body's first string), or a bare name: a line
    a block cut off at the article's end leaves half written (``self._``)."""
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        value = statement.value.value
        return value is Ellipsis or first and isinstance(value, str)
    return isinstance(statement, ast.Expr) and \
        isinstance(statement.value, ast.Name | ast.Attribute)


def _missing(statement: ast.stmt, library: list[ast.stmt]) -> ast.stmt | None:
    """The statement of the quoted ``statement`` that the library does not have: itself,
    or, where a library statement has its header (``with self.lock:``), the first of its
    body's that is not the library's; None when it is the library's."""
    if _elided(statement) or any(_same(statement, other) for other in library):
        return None
    headed = [o for o in library if type(o) is type(statement) and _same(
        _headed(statement), _headed(o))]
    inner = [s for field in _BODIES for s in getattr(statement, field, None) or []]
    for other in headed:
        theirs = _statements([s for field in _BODIES for s in getattr(other, field, None) or []])
        found = next((m for m in (_missing(s, theirs) for s in inner) if m is not None), None)
        if found is not None:
            return found
    return statement


def _headed(statement: ast.stmt) -> ast.stmt:
    """``statement`` without its bodies and clauses: its header alone."""
    bare = copy.copy(statement)
    for field in (*_BODIES, *_CLAUSES):
        if hasattr(bare, field):
            setattr(bare, field, [])
    return bare


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """Every statement of ``body`` at any depth."""
    return [n for s in body for n in ast.walk(s) if isinstance(n, ast.stmt)]


_BODIES = frozenset({"body", "orelse", "finalbody"})
_CLAUSES = frozenset({"handlers", "cases"})


def _same(quoted: ast.AST, real: ast.AST) -> bool:
    """Whether the quoted node is the real one: equal syntax trees, except that a body
    (of a compound statement, an ``except`` clause, a ``case``) may leave statements out,
    an ``else`` or ``finally`` included, and find the ones it writes anywhere in the real
    body."""
    if type(quoted) is not type(real):
        return False
    if not isinstance(quoted, ast.stmt | ast.excepthandler | ast.match_case):
        return ast.dump(quoted) == ast.dump(real)
    for field in quoted._fields:
        mine, theirs = getattr(quoted, field, None), getattr(real, field, None)
        if field in _BODIES and isinstance(mine, list):
            library = _statements(theirs if isinstance(theirs, list) else [])
            if not all(_elided(m) or any(_same(m, t) for t in library) for m in mine):
                return False
        elif field in _CLAUSES and isinstance(mine, list):
            if not all(any(_same(m, t) for t in theirs or []) for m in mine):
                return False
        elif _dumped(mine) != _dumped(theirs):
            return False
    return True


def _dumped(value: object) -> object:
    """A field's value comparable by equality (nodes by their dump)."""
    if isinstance(value, list):
        return [_dumped(v) for v in value]
    return ast.dump(value) if isinstance(value, ast.AST) else value
