"""Values the source builds from literals, folded without running it.

A count is often said of a value that is not written out as one display: ``NAMES =
tuple(item[1:] for item in __slots__)``, ``ALLOWED = set(list("nbox") + ["t" + c for c in
"ieah"])``, ``__all__ = "a b c".split()``. Folding evaluates such an expression over a
small, closed set of operations on literals (displays, ``+``, ``*`` and ``|``, slicing,
``list``/``tuple``/``set``/``sorted``/``dict`` of one foldable argument, ``zip``, a
mapping wrapped in ``MappingProxyType`` or ``OrderedDict``, ``str.split``,
``str.join``, one-generator comprehensions) and names bound once to such values in the
same class or module. Nothing is imported or called: an expression outside that set is
not folded, and the claim about it stays open.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

from pse.index.model import Symbol
from pse.verify.claims.source import bound_value
from pse.verify.resolve import Resolver

_MAX_SIZE = 10_000
"""The most elements a folded value may hold (a ``"x" * 10**9`` is not built)."""
_MAX_DEPTH = 24


class NotFoldable(Exception):  # noqa: N818 - a signal, not an error the user sees
    """The expression is outside what folding reads."""


def folded_value(resolver: Resolver, symbol: Symbol) -> object:
    """The value ``symbol`` (a module constant or class attribute) is bound to, folded;
    raises :class:`NotFoldable` when it is not built from literals alone."""
    return _Folder(resolver, symbol).fold_binding(symbol, depth=0)


class _Folder:
    def __init__(self, resolver: Resolver, origin: Symbol) -> None:
        self.resolver = resolver
        self.origin = origin

    def fold_binding(self, symbol: Symbol, *, depth: int) -> object:
        value = bound_value(self.resolver, symbol) \
            if self.resolver.index.is_python_source(symbol.path) else None
        if value is None:
            raise NotFoldable(symbol.qualname)
        return self.fold(value, {}, scope=symbol.parent, depth=depth + 1)

    def fold(self, node: ast.expr, env: Mapping[str, object], *, scope: str,
             depth: int) -> object:
        if depth > _MAX_DEPTH:
            raise NotFoldable("too deep")
        result = self._fold(node, env, scope=scope, depth=depth)
        if isinstance(result, str | bytes | list | tuple | set | frozenset | dict) and \
                len(result) > _MAX_SIZE:
            raise NotFoldable("too large")
        return result

    def _fold(self, node: ast.expr, env: Mapping[str, object], *, scope: str,
              depth: int) -> object:
        def sub(child: ast.expr, local: Mapping[str, object] = env) -> object:
            return self.fold(child, local, scope=scope, depth=depth + 1)

        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            return _display(node, sub)
        if isinstance(node, ast.Dict):
            if any(key is None for key in node.keys):
                raise NotFoldable("dict unpacking")
            return {_hashable(sub(key)): ... for key in node.keys if key is not None}
        if isinstance(node, ast.BinOp):
            return _binary(node.op, sub(node.left), sub(node.right))
        if isinstance(node, ast.Subscript):
            return _subscript(sub(node.value), node.slice, sub)
        if isinstance(node, ast.Call):
            return self._call(node, sub)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self._comprehension(node, env, sub)
        if isinstance(node, ast.Compare | ast.BoolOp | ast.UnaryOp):
            return _condition(node, sub)
        if isinstance(node, ast.Name):
            return env[node.id] if node.id in env else \
                self._name(node.id, scope=scope, depth=depth)
        raise NotFoldable(type(node).__name__)

    def _call(self, node: ast.Call, sub: Callable[[ast.expr], object]) -> object:
        if node.keywords:
            if isinstance(node.func, ast.Name) and node.func.id == "dict" and not node.args \
                    and all(k.arg is not None for k in node.keywords):
                return dict.fromkeys(str(k.arg) for k in node.keywords)
            raise NotFoldable("keywords")
        called = node.func.attr if isinstance(node.func, ast.Attribute) else \
            node.func.id if isinstance(node.func, ast.Name) else ""
        if called in _MAPPINGS and len(node.args) == 1 and (
                isinstance(node.func, ast.Name) or
                isinstance(node.func, ast.Attribute) and
                ast.unparse(node.func.value) in _MAPPINGS[called]):
            return _mapping(sub(node.args[0]))
        if isinstance(node.func, ast.Name) and called == "zip" and node.args:
            return list(zip(*(_iterable(sub(a)) for a in node.args), strict=False))
        if isinstance(node.func, ast.Name) and node.func.id in _BUILDERS and \
                len(node.args) == 1:
            argument = sub(node.args[0])
            return _BUILDERS[node.func.id](_iterable(argument))
        if isinstance(node.func, ast.Attribute) and node.func.attr in {"split", "join"}:
            owner = sub(node.func.value)
            arguments = [sub(a) for a in node.args]
            if isinstance(owner, str) and node.func.attr == "split" and len(arguments) <= 1 \
                    and all(isinstance(a, str) for a in arguments):
                return owner.split(*arguments)  # type: ignore[arg-type]  # str checked above
            if isinstance(owner, str) and node.func.attr == "join" and len(arguments) == 1:
                parts = list(_iterable(arguments[0]))
                if all(isinstance(p, str) for p in parts):
                    return owner.join(parts)  # type: ignore[arg-type]  # str checked above
        raise NotFoldable("call")

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp
                       | ast.DictComp, env: Mapping[str, object],
                       sub: Callable[[ast.expr, Mapping[str, object]], object]) -> object:
        if len(node.generators) != 1 or node.generators[0].is_async:
            raise NotFoldable("nested comprehension")
        generator = node.generators[0]
        out: list[object] = []
        keys: list[object] = []
        for item in _iterable(sub(generator.iter, env)):
            local = {**env, **_bind(generator.target, item)}
            if not all(sub(condition, local) for condition in generator.ifs):
                continue
            if isinstance(node, ast.DictComp):
                keys.append(_hashable(sub(node.key, local)))
            else:
                out.append(sub(node.elt, local))
        if isinstance(node, ast.DictComp):
            return dict.fromkeys(keys)
        return _set(out) if isinstance(node, ast.SetComp) else out

    def _name(self, name: str, *, scope: str, depth: int) -> object:
        """A name bound once in ``scope`` (the class or module the value is in), or in the
        module around a class."""
        index = self.resolver.index
        for parent in (scope, index.module_of(self.origin.path)):
            found = [s for s in index.members(parent, name) if s.kind in _VALUE_KINDS]
            if len(found) == 1:
                return self.fold_binding(found[0], depth=depth)
            if found:
                raise NotFoldable(f"{name} is bound more than once")
        raise NotFoldable(f"{name} is not a value of its scope")


_VALUE_KINDS = frozenset({"attribute", "constant", "variable"})


def _display(node: ast.List | ast.Tuple | ast.Set, sub: Callable[[ast.expr], object]
             ) -> object:
    """A list, tuple or set display, ``*x`` unpacked."""
    items: list[object] = []
    for element in node.elts:
        if isinstance(element, ast.Starred):
            items.extend(_iterable(sub(element.value)))
        else:
            items.append(sub(element))
    return items if isinstance(node, ast.List) else \
        tuple(items) if isinstance(node, ast.Tuple) else _set(items)


def _bind(target: ast.expr, value: object) -> dict[str, object]:
    if isinstance(target, ast.Name):
        return {target.id: value}
    if isinstance(target, ast.Tuple | ast.List):
        values = list(_iterable(value))
        if len(values) != len(target.elts):
            raise NotFoldable("unpacking")
        bound: dict[str, object] = {}
        for element, item in zip(target.elts, values, strict=True):
            bound.update(_bind(element, item))
        return bound
    raise NotFoldable("target")


def _iterable(value: object) -> list[object]:
    if isinstance(value, str | bytes | list | tuple | set | frozenset | dict):
        return list(value)
    raise NotFoldable("not iterable")


def _hashable(value: object) -> object:
    try:
        hash(value)
    except TypeError as exc:
        raise NotFoldable("unhashable") from exc
    return value


_MAPPINGS = {"MappingProxyType": frozenset({"types"}), "OrderedDict": frozenset({"collections"}),
             "dict": frozenset()}
"""Calls that make a mapping of one mapping or of pairs (``MappingProxyType({...})``,
``dict(zip(keys, values))``), by name or through their module."""


def _mapping(argument: object) -> dict[object, object]:
    """The keys of a mapping built from ``argument``: a dict's own, or the first items of
    its pairs."""
    if isinstance(argument, dict):
        return dict.fromkeys(argument)
    pairs = _iterable(argument)
    if not all(isinstance(p, tuple | list) and len(p) == 2 for p in pairs):
        raise NotFoldable("dict of pairs")
    return dict.fromkeys(_hashable(p[0]) for p in pairs)  # type: ignore[index]  # pairs checked above


def _set(items: list[object]) -> set[object]:
    return {_hashable(item) for item in items}


_BUILDERS: dict[str, Callable[[list[object]], object]] = {
    "list": list, "tuple": tuple, "set": _set, "frozenset": lambda i: frozenset(_set(i)),
    "sorted": lambda i: sorted(i, key=repr), "len": len}
"""The builtins folded, each given its one argument's items (``dict`` is a mapping call,
:data:`_MAPPINGS`)."""


def _condition(node: ast.Compare | ast.BoolOp | ast.UnaryOp,
               sub: Callable[[ast.expr], object]) -> bool:
    """A comprehension's condition: one ``==``, ``!=``, ``in`` or ``not in``; ``not``;
    ``and``/``or``."""
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, ast.Not):
            raise NotFoldable("unary")
        return not sub(node.operand)
    if isinstance(node, ast.BoolOp):
        values = [bool(sub(v)) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if len(node.ops) != 1:
        raise NotFoldable("chained comparison")
    left, right, op = sub(node.left), sub(node.comparators[0]), node.ops[0]
    if isinstance(op, ast.Eq | ast.NotEq):
        return (left == right) == isinstance(op, ast.Eq)
    if isinstance(op, ast.In | ast.NotIn):
        return (left in _iterable(right)) == isinstance(op, ast.In)
    raise NotFoldable("comparison")


def _binary(op: ast.operator, left: object, right: object) -> object:
    sequence = (str, bytes, list, tuple)
    if isinstance(op, ast.Add) and isinstance(left, sequence) and type(left) is type(right):
        return left + right  # type: ignore[operator]  # same sequence type, checked
    if isinstance(op, ast.Add | ast.Sub | ast.Mult) and isinstance(left, int) and \
            isinstance(right, int) and not isinstance(left, bool) and \
            not isinstance(right, bool):
        return left + right if isinstance(op, ast.Add) else \
            left - right if isinstance(op, ast.Sub) else left * right
    if isinstance(op, ast.Mult) and isinstance(left, sequence) and isinstance(right, int) \
            and not isinstance(right, bool) and 0 <= right <= _MAX_SIZE:
        return left * right
    if isinstance(op, ast.BitOr | ast.Sub) and isinstance(left, set | frozenset) and \
            isinstance(right, set | frozenset):
        return left | right if isinstance(op, ast.BitOr) else left - right
    raise NotFoldable("operator")


def _subscript(value: object, index: ast.expr, sub: Callable[[ast.expr], object]) -> object:
    if not isinstance(value, str | bytes | list | tuple):
        raise NotFoldable("subscript")
    if isinstance(index, ast.Slice):
        bounds: list[int | None] = []
        for bound in (index.lower, index.upper, index.step):
            folded = sub(bound) if bound is not None else None
            if not (folded is None or isinstance(folded, int)) or folded == 0 and \
                    bound is index.step:
                raise NotFoldable("slice")
            bounds.append(folded)
        return value[slice(*bounds)]
    position = sub(index)
    if not isinstance(position, int) or not -len(value) <= position < len(value):
        raise NotFoldable("index")
    return value[position]
