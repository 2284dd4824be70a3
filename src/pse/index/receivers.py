"""What each call of a Python function body is made on: the receiver read from the code,
so that a claim's reach can follow ``self.expire()`` into the class's own ``expire`` and not
into every function of that name, and can tell that ``self._map.get(k)`` on a ``dict``
runs no code of the project.

Pure and local: one function's syntax in, :data:`Receivers` out; what a receiver names
(a class of the tree, an imported module) is resolved later, against the index.

A receiver is one of these tags:

- ``""``: a bare name, ``f(x)``: a function or a class, never a method;
- ``"local"``: a bare local name, ``callback(x)``: whatever the caller was handed;
- ``"self"``: ``self.m()`` or ``cls.m()``: a method of the caller's class or of one
  that derives from it;
- ``"super"``: ``super().m()``: a method of a base;
- ``"type:T"``: a value whose type the body shows: a literal, ``x = T(...)``, an
  annotation ``x: T`` (``T`` is the last name, ``Optional`` and a subscript dropped);
- ``"attr:x"``: ``self.x.m()``: whatever the class keeps in ``x`` (see :func:`attributes`);
- ``"name:X"``: ``X.m()`` where ``X`` is no local name: a module, a class or a global;
- ``"?"``: anything else (a parameter without annotation, a call's result, a subscript).
"""

from __future__ import annotations

import ast

from pse.index.python import dotted_name

Receivers = tuple[tuple[str, tuple[str, ...]], ...]
"""Per call (by last name, as in :attr:`BodyFacts.calls`), every receiver it is called on."""

BUILTIN_TYPES = frozenset({
    "dict", "list", "set", "frozenset", "tuple", "str", "bytes", "bytearray", "int", "float",
    "bool", "complex", "OrderedDict", "defaultdict", "deque", "Counter"})
"""Types whose methods run no code of the project: a call on one reaches nothing there."""

_SELF = frozenset({"self", "cls"})
_Function = ast.FunctionDef | ast.AsyncFunctionDef


Scope = tuple[dict[str, str], frozenset[str]]
"""A function's local names, and the one type each shows where it shows one."""


def scope(function: _Function, nodes: list[ast.AST], outer: Scope | None = None) -> Scope:
    """The names local to ``function`` (its own ``nodes``), with the enclosing function's
    (``outer``) visible beneath them: a nested ``flush()`` that appends to its parent's
    ``res = []`` appends to a list."""
    types = dict(outer[0]) if outer else {}
    local = _local_names(function, nodes)
    for name in local:
        types.pop(name, None)
    types.update(_local_types(function, nodes))
    return types, frozenset(local | (outer[1] if outer else frozenset()))


def receivers(nodes: list[ast.AST], names: Scope) -> Receivers:
    """The receivers of every call among ``nodes`` (a function's own nodes), its local
    ``names`` as :func:`scope` reads them."""
    types, local = names
    found: dict[str, list[str]] = {}
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            name, tag = func.id, "local" if func.id in local else ""
        elif isinstance(func, ast.Attribute):
            name, tag = func.attr, _receiver(func.value, types, local)
        else:
            continue
        tags = found.setdefault(name, [])
        if tag not in tags:
            tags.append(tag)
    return tuple((name, tuple(tags)) for name, tags in found.items())


def attributes(nodes: list[ast.AST]) -> tuple[tuple[str, str], ...]:
    """The instance attributes the body assigns (``self.x = ...``) with the type each
    assignment shows ("" when it shows none); ``None`` is no type, so ``self.x = None``
    before ``self.x = Lock()`` leaves ``Lock``."""
    found: dict[str, set[str]] = {}
    for node in nodes:
        for target, value, annotation in _assignments(node):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id in _SELF:
                shown = annotation_type(annotation) if annotation is not None \
                    else value_type(value)
                if shown is not None:
                    found.setdefault(target.attr, set()).add(shown)
    return tuple((attr, types.pop() if len(types) == 1 else "")
                 for attr, types in sorted(found.items()))


def value_type(value: ast.expr | None) -> str | None:
    """The type a value shows: a literal's, a constructor's (``T(...)``, capitalised or a
    builtin type); "" when it shows none; None for ``None`` itself (no information)."""
    if value is None:
        return ""
    if isinstance(value, ast.Constant):
        return None if value.value is None else type(value.value).__name__
    literal = {ast.List: "list", ast.ListComp: "list", ast.Dict: "dict", ast.DictComp: "dict",
               ast.Set: "set", ast.SetComp: "set", ast.Tuple: "tuple", ast.JoinedStr: "str"}
    if type(value) in literal:
        return literal[type(value)]
    if isinstance(value, ast.Call):
        name = last_name(value.func)
        if name in BUILTIN_TYPES or name[:1].isupper():
            return name
    return ""


def annotation_type(annotation: ast.expr) -> str:
    """The one type an annotation names (``Optional[T]`` and ``T | None`` are ``T``,
    ``dict[str, int]`` is ``dict``); "" for a union, a string or anything else."""
    if isinstance(annotation, ast.Subscript):
        base = last_name(annotation.value)
        if base == "Optional":
            return annotation_type(annotation.slice)
        return "" if base in {"Union", "Annotated", "ClassVar", "Final"} else \
            base.lower() if base in {"Dict", "List", "Set", "FrozenSet", "Tuple"} else base
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [s for s in (annotation.left, annotation.right)
                 if not (isinstance(s, ast.Constant) and s.value is None)]
        return annotation_type(sides[0]) if len(sides) == 1 else ""
    if isinstance(annotation, ast.Name | ast.Attribute):
        name = last_name(annotation)
        return "" if name in {"Any", "object"} else name
    return ""


def _receiver(value: ast.expr, types: dict[str, str], local: frozenset[str]) -> str:
    if isinstance(value, ast.Name):
        if value.id in _SELF:
            return "self"
        if value.id in local:
            shown = types.get(value.id, "")
            return f"type:{shown}" if shown else "?"
        return f"name:{value.id}"
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            and value.func.id == "super":
        return "super"
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
            and value.value.id in _SELF:
        return f"attr:{value.attr}"
    if isinstance(value, ast.Attribute):
        dotted = dotted_name(value)
        if dotted and dotted.split(".")[0] not in local:
            return f"name:{dotted}"
        return "?"
    literal = value_type(value)
    return f"type:{literal}" if literal else "?"  # ``Foo(x).bar()``, ``"-".join(...)``


def _local_types(function: _Function, nodes: list[ast.AST]) -> dict[str, str]:
    """The one type each local name shows over all its bindings ("" when they disagree or
    one shows none): its annotation as a parameter, or what is assigned to it."""
    shown: dict[str, set[str]] = {}
    arguments = function.args
    for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        if arg.arg not in _SELF:
            shown.setdefault(arg.arg, set()).add(
                annotation_type(arg.annotation) if arg.annotation is not None else "")
    for node in nodes:
        for target, value, annotation in _assignments(node):
            if isinstance(target, ast.Name):
                kind = annotation_type(annotation) if annotation is not None \
                    else value_type(value)
                if kind is not None:
                    shown.setdefault(target.id, set()).add(kind)
        for bound in _other_bindings(node):
            shown.setdefault(bound, set()).add("")
    return {name: kinds.pop() for name, kinds in shown.items() if len(kinds) == 1}


def _local_names(function: _Function, nodes: list[ast.AST]) -> set[str]:
    arguments = function.args
    names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    names |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    names |= {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names - _SELF


def _assignments(node: ast.AST) -> list[tuple[ast.expr, ast.expr | None, ast.expr | None]]:
    """(target, value, annotation) of one assignment statement; the value is None where
    the statement shows none (a name of a tuple target, an augmented assignment), which
    :func:`value_type` reads as no type."""
    if isinstance(node, ast.Assign):
        found: list[tuple[ast.expr, ast.expr | None, ast.expr | None]] = []
        for target in node.targets:
            if isinstance(target, ast.Tuple | ast.List):
                found.extend((t, None, None) for t in target.elts)
            else:
                found.append((target, node.value, None))
        return found
    if isinstance(node, ast.AnnAssign):
        return [(node.target, node.value, node.annotation)]
    if isinstance(node, ast.AugAssign):
        return [(node.target, None, None)]
    return []


def _other_bindings(node: ast.AST) -> list[str]:
    """Names bound by a loop, a ``with ... as``, an ``except ... as`` or a walrus: their
    type is not read."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
        targets.append(node.target)
    elif isinstance(node, ast.withitem) and node.optional_vars is not None:
        targets.append(node.optional_vars)
    elif isinstance(node, ast.NamedExpr):
        targets.append(node.target)
    found = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(node, ast.ExceptHandler) and node.name:
        found.append(node.name)
    return found


def last_name(node: ast.expr) -> str:
    """The last name of a name or attribute (``os.path.join`` is ``join``), else ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""
