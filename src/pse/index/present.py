"""Lookups a function's own code makes sure cannot fail: which ``d[k]`` of a body sit where
``k in d`` holds, and which calls are given a fallback.

"`drop_table` raises `KeyError` when the table does not exist" is false of a body that
writes ``if name not in data: return`` before ``del data[name]``; "`try_unbind` raises
`KeyError` for a missing key" is false of ``self._context.pop(key, None)``. A lookup
error a body can only raise implicitly is then one it never raises there, and the
implicit-raise reading (:attr:`pse.index.model.BodyFacts.guarded`) counts these lookups
and calls as guarded, exactly as if a ``try`` caught the error around them.

Pure: one function node in, the ids of its safe nodes out. Keys and containers are
compared by their source text (``self._tables`` and ``name``); a body that rebinds one
between the check and the lookup is not followed (a rare pattern; the reading stays a
reading of what the code checks).
"""

from __future__ import annotations

import ast

_Nested = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
_Pair = tuple[str, str]  # (container, key), each as its source text

_FALLBACK_CALLS = {"pop": 2, "next": 2, "getattr": 3}
"""Calls that take a value to give instead of raising, with the number of positional
arguments that includes it: ``d.pop(k, None)`` raises no ``KeyError`` (and is no
``list.pop``, which takes one), ``next(it, None)`` no ``StopIteration``, ``getattr(o, n,
None)`` no ``AttributeError``."""

FALLBACK_ERRORS = {"pop": frozenset({"KeyError", "IndexError"}),
                   "next": frozenset({"StopIteration"}),
                   "getattr": frozenset({"AttributeError"})}
"""What each call of :data:`_FALLBACK_CALLS` given its fallback cannot raise."""


def present_lookups(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """The ids of the subscripts (``d[k]``, ``del d[k]``) of ``function``'s own body that
    run only where ``k in d`` holds: inside ``if k in d:`` (or after ``k in d and`` in one
    condition), after ``if k not in d:`` whose block leaves or sets ``d[k]``, and in the
    body of ``for k in d:`` or a comprehension over ``d``. Such a lookup raises no
    ``KeyError``."""
    safe: set[int] = set()
    _block(function.body, frozenset(), safe)
    return safe


def with_fallback(call: ast.Call) -> str:
    """The name of a call of :data:`_FALLBACK_CALLS` given its fallback ("" for any other
    call): what it cannot raise is :data:`FALLBACK_ERRORS` of that name."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""
    wanted = _FALLBACK_CALLS.get(name)
    if wanted is None or any(isinstance(a, ast.Starred) for a in call.args):
        return ""
    if name == "pop" and not isinstance(func, ast.Attribute):
        return ""
    if name != "pop" and not isinstance(func, ast.Name):
        return ""  # ``it.next(x)`` or ``obj.getattr(...)``: not the builtin
    return name if len(call.args) == wanted else ""


def _block(statements: list[ast.stmt], known: frozenset[_Pair], safe: set[int]) -> None:
    present = set(known)
    for statement in statements:
        _statement(statement, frozenset(present), safe)
        if isinstance(statement, ast.If):
            for pair in _absent(statement.test):
                if _leaves(statement.body) or _sets(statement.body, pair):
                    present.add(pair)  # ``if k not in d: return`` / ``d[k] = []``


def _statement(node: ast.stmt, known: frozenset[_Pair], safe: set[int]) -> None:
    if isinstance(node, _Nested):
        return  # a nested definition is a function of its own
    if isinstance(node, ast.If | ast.While):
        _expression(node.test, known, safe)
        _block(node.body, known | _present(node.test), safe)
        _block(node.orelse, known | (_absent(node.test) if isinstance(node, ast.If)
                                     else frozenset()), safe)
    elif isinstance(node, ast.For | ast.AsyncFor):
        _expression(node.iter, known, safe)
        keys = {(ast.unparse(node.iter), node.target.id)} \
            if isinstance(node.target, ast.Name) else set()
        _block(node.body, known | keys, safe)
        _block(node.orelse, known, safe)
    elif isinstance(node, ast.Try | ast.TryStar):
        _block(node.body, known, safe)
        for handler in node.handlers:
            _block(handler.body, known, safe)
        _block(node.orelse, known, safe)
        _block(node.finalbody, known, safe)
    elif isinstance(node, ast.With | ast.AsyncWith):
        for item in node.items:
            _expression(item.context_expr, known, safe)
        _block(node.body, known, safe)
    elif isinstance(node, ast.Match):
        _expression(node.subject, known, safe)
        for case in node.cases:
            _block(case.body, known, safe)
    else:
        _expression(node, known, safe)


def _expression(node: ast.AST, known: frozenset[_Pair], safe: set[int]) -> None:
    if isinstance(node, _Nested):
        return
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        present = set(known)  # ``k in d and d[k] > 0``
        for value in node.values:
            _expression(value, frozenset(present), safe)
            present |= _present(value)
        return
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        present = set(known)  # ``{k: d[k] for k in d}``, ``[d[k] for k in ks if k in d]``
        for generator in node.generators:
            _expression(generator.iter, frozenset(present), safe)
            if isinstance(generator.target, ast.Name):
                present.add((ast.unparse(generator.iter), generator.target.id))
            for condition in generator.ifs:
                _expression(condition, frozenset(present), safe)
                present |= _present(condition)
        elements = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        for element in elements:
            _expression(element, frozenset(present), safe)
        return
    if isinstance(node, ast.IfExp):
        _expression(node.test, known, safe)
        _expression(node.body, known | _present(node.test), safe)
        _expression(node.orelse, known | _absent(node.test), safe)
        return
    if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Store) and \
            _pair(node) in known:
        safe.add(id(node))
    for child in ast.iter_child_nodes(node):
        _expression(child, known, safe)


def _pair(node: ast.Subscript) -> _Pair:
    return ast.unparse(node.value), ast.unparse(node.slice)


def _present(test: ast.expr) -> frozenset[_Pair]:
    """The pairs a true ``test`` says are present (``k in d``, each side of an ``and``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In):
        return frozenset({(ast.unparse(test.comparators[0]), ast.unparse(test.left))})
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _absent(test.operand)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return frozenset().union(*(_present(v) for v in test.values))
    return frozenset()


def _absent(test: ast.expr) -> frozenset[_Pair]:
    """The pairs a false ``test`` says are present (``k not in d``, each side of an
    ``or``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and \
            isinstance(test.ops[0], ast.NotIn):
        return frozenset({(ast.unparse(test.comparators[0]), ast.unparse(test.left))})
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _present(test.operand)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return frozenset().union(*(_absent(v) for v in test.values))
    return frozenset()


def _leaves(statements: list[ast.stmt]) -> bool:
    """Whether a block always leaves the code after it (its last statement returns,
    raises, continues or breaks)."""
    return bool(statements) and isinstance(
        statements[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _sets(statements: list[ast.stmt], pair: _Pair) -> bool:
    """Whether a block ends by binding ``d[k]`` (``if k not in d: d[k] = []``)."""
    if not statements or not isinstance(statements[-1], ast.Assign | ast.AnnAssign):
        return False
    last = statements[-1]
    targets = last.targets if isinstance(last, ast.Assign) else [last.target]
    return any(isinstance(t, ast.Subscript) and _pair(t) == pair for t in targets)
