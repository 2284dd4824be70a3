"""Whether a definition is a decorator: "`warn` is a decorator", "`retry` 是一个装饰器".

A decorator is whatever the tree itself applies with ``@`` (by its last name), or a
function that builds and hands back a function of its own (``def deco(f): def wrapper(...):
...; return wrapper``, or ``return functools.update_wrapper(wrapper, f)``): a decorator
factory (``retry(3)``) is one too, as its readers say. A function is none when it defines
no function, lambda or class in its body, the tree applies it nowhere, and every value it
returns is plainly no callable (a literal, a sum, a comparison, a formatted string, a
container written out) or it returns nothing: applied to a function, it would replace it
with no function. Anything else (it returns a parameter, as a registering decorator does,
or a call, or an unknown decorator wraps it) may be one. A class is one when the tree
applies it; one whose instances can neither be called nor bound (no ``__call__``, no
``__get__`` in its ancestry, read whole) is none.
"""

from __future__ import annotations

import ast

from pse.index.model import Symbol
from pse.verify.claims.names import ancestry
from pse.verify.claims.source import function_node, own_returns
from pse.verify.resolve import Resolver

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_CALLABLE_INSTANCES = frozenset({"__call__", "__get__"})
_PLAIN_VALUES = (ast.Constant, ast.JoinedStr, ast.BinOp, ast.Compare, ast.UnaryOp,
                 ast.Dict, ast.Set, ast.List, ast.Tuple, ast.ListComp, ast.SetComp,
                 ast.DictComp, ast.GeneratorExp)


def decorator_kinds(resolver: Resolver, symbol: Symbol, *, unknown_decorators: bool
                    ) -> set[str]:
    """``{"decorator"}`` when ``symbol`` (a function, method or class) is one,
    ``{"?decorator"}`` when it may be, ``set()`` when it is none. ``unknown_decorators``:
    a decorator pse does not know wraps it (and may make it anything)."""
    if symbol.name in resolver.index.applied_decorators:
        return {"decorator"}
    if symbol.kind == "class":
        found = ancestry(resolver, symbol)
        members = {m.name for cls in found.tree.values()
                   for m in resolver.index.children(cls.qualname)}
        if not found.complete or members & _CALLABLE_INSTANCES or unknown_decorators:
            return {"?decorator"}
        return set()
    node = function_node(resolver, symbol)
    if node is None or unknown_decorators:
        return {"?decorator"}
    if _builds_a_function(node):
        return {"decorator"}
    if _defines_one(node) or _a_stub(node):
        return {"?decorator"}
    if all(value is None or _plain(value) for value in _returned(node)):
        return set()
    return {"?decorator"}


def _returned(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr | None]:
    return [r.value for r in own_returns(node)]


def _a_stub(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the body only raises, passes or writes ``...`` (a stub another definition
    fills in, which says nothing of what the real one returns)."""
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    return all(isinstance(s, ast.Raise | ast.Pass) or isinstance(s, ast.Expr) and
               isinstance(s.value, ast.Constant) for s in body)


def _defines_one(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the body defines a function, lambda or class of its own."""
    return any(isinstance(n, _NESTED) for statement in node.body for n in ast.walk(statement))


def _builds_a_function(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the body returns a function it defines: by name, or handed to the call it
    returns (``update_wrapper(wrapper, f)``, ``wraps(f)(wrapper)``)."""
    inner = {n.name for statement in node.body for n in ast.walk(statement)
             if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    for value in _returned(node):
        if value is None:
            continue
        if isinstance(value, ast.Lambda):
            return True
        if any(isinstance(n, ast.Name) and n.id in inner for n in ast.walk(value)):
            return True
    return False


def _plain(value: ast.expr) -> bool:
    """Whether a returned value is plainly no callable: a literal, arithmetic, a
    comparison, a formatted string, a container written out."""
    if isinstance(value, ast.BoolOp):
        return all(_plain(v) for v in value.values)
    if isinstance(value, ast.IfExp):
        return _plain(value.body) and _plain(value.orelse)
    return isinstance(value, _PLAIN_VALUES)
