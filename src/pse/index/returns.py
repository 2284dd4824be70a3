"""What Python functions return: the names in each return annotation, and, for a function
without one, what each of its ``return`` statements returns.

Pure, one file in, ``{(qualname, line): ...}`` out, read on demand (a claim about a return
type needs it) like :mod:`pse.index.bodies`. A function without an annotation has no
annotation entry; its body's returns are read as :class:`Returned` values, each of a shape
a claim can be decided on (the receiver, ``None``, a literal, a call, an awaited result, a
local name only plain assignments bind, read as what they assign) or ``unknown`` (an
attribute, another name or expression: what it holds is not read).
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass, replace
from typing import Literal

from pse.index.python import dotted_name

_Function = ast.FunctionDef | ast.AsyncFunctionDef
ReturnedKind = Literal["self", "none", "literal", "call", "awaited", "raises", "generator",
                       "arithmetic", "unknown"]
_MAX_TEXT = 60


@dataclass(frozen=True)
class Returned:
    """What one ``return`` of a function without a return annotation returns."""

    kind: ReturnedKind
    """``self``: the receiver; ``none``; ``literal`` (``name`` is its builtin type);
    ``call`` (``name`` is the dotted callee); ``awaited``: the result of an awaitable
    (``await x``, ``x.result()``); ``raises``: the function never returns, its body ends
    in a ``raise`` and has no ``return`` (``name`` is the exception); ``generator``: its body
    yields, so a call returns a generator (``name``: ``Generator`` or ``AsyncGenerator``);
    ``arithmetic``: ``a * sum(b)``, ``x - 1``, arithmetic with a number on one side, whose
    type depends on the other but which no dict, set, ``bool`` or ``None`` is;
    ``unknown``."""
    name: str
    text: str
    """The returned expression as written (shortened)."""


def parse_quietly(source: bytes | None) -> ast.Module | None:
    """The file's syntax tree, its warnings silenced (None when there is no source or it
    does not parse: nothing to read)."""
    if source is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def extract_returned(source: bytes, *, module: str
                     ) -> dict[tuple[str, int], tuple[Returned, ...]]:
    """What each function returns, one value per ``return`` (a function without a valued
    ``return`` returns ``None``; a generator is left out: it returns a generator, whatever
    its ``return`` says). Annotated functions are read too: where an annotation allows
    more than one type (``-> float`` takes an ``int``) the returns say which. {} when the
    file does not parse."""
    tree = parse_quietly(source)
    if tree is None:
        return {}
    found: dict[tuple[str, int], tuple[Returned, ...]] = {}
    for qualname, function in _functions(tree, module):
        returned = _returned(function)
        if returned is not None:
            found[(qualname, function.lineno)] = returned
    return found


def _functions(node: ast.AST, scope: str) -> list[tuple[str, _Function]]:
    found: list[tuple[str, _Function]] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            found.extend(_functions(child, f"{scope}.{child.name}"))
        elif isinstance(child, _Function):
            found.append((f"{scope}.{child.name}", child))
            found.extend(_functions(child, f"{scope}.{child.name}"))
        elif isinstance(child, ast.stmt):
            found.extend(_functions(child, scope))
    return found


def _own_nodes(function: _Function) -> list[ast.AST]:
    """The nodes of ``function``'s own body (nested functions, classes and lambdas are
    other bodies)."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        found.append(node)
        if not isinstance(node, _Function | ast.ClassDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _returned(function: _Function) -> tuple[Returned, ...] | None:
    nodes = _own_nodes(function)
    if any(isinstance(n, ast.Yield | ast.YieldFrom) for n in nodes):
        # calling it makes a generator, whatever its ``return`` statements say
        asynchronous = isinstance(function, ast.AsyncFunctionDef)
        name = "AsyncGenerator" if asynchronous else "Generator"
        return (Returned("generator", name, "yield"),)
    values = [n.value for n in nodes if isinstance(n, ast.Return) and n.value is not None]
    last = function.body[-1]
    if not any(isinstance(n, ast.Return) for n in nodes) and isinstance(last, ast.Raise) \
            and last.exc is not None:
        # without a ``return``, leaving the body means reaching its end: that raises
        raised = last.exc.func if isinstance(last.exc, ast.Call) else last.exc
        return (Returned("raises", dotted_name(raised) or "", ast.unparse(last.exc)[:_MAX_TEXT]),)
    if not values:
        return (Returned("none", "None", "None"),)
    return tuple(shape for v in values for shape in _shapes(v, function, nodes))


def _shapes(value: ast.expr, function: _Function, nodes: list[ast.AST]) -> list[Returned]:
    """The shapes one ``return`` may have: a local name returns what was assigned to it
    (``adapter = SphinxAdapter(...)``, then ``return adapter``), when plain assignments
    are all that bind it."""
    if isinstance(value, ast.Name) and value.id != "self":
        bound = _assigned(value.id, function, nodes)
        if bound:
            text = ast.unparse(value)
            return [replace(shape_of(v), text=f"{text} = {shape_of(v).text}"[:_MAX_TEXT])
                    for v in bound]
    return [shape_of(value)]


def _assigned(name: str, function: _Function, nodes: list[ast.AST]) -> list[ast.expr]:
    """The values plain assignments give the local ``name``; [] when anything else binds
    it too (a parameter, a loop, ``with ... as``, an augmented assignment, unpacking)."""
    arguments = function.args
    if name in {a.arg for a in (*arguments.posonlyargs, *arguments.args,
                                *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
                if a is not None}:
        return []
    values: list[ast.expr] = []
    plain: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and node.targets[0].id == name:
            values.append(node.value)
            plain.add(id(node.targets[0]))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                node.target.id == name and node.value is not None:
            values.append(node.value)
            plain.add(id(node.target))
    grown = [n for n in nodes if isinstance(n, ast.AugAssign)
             and isinstance(n.target, ast.Name) and n.target.id == name]
    if grown and _keeps_type(values, grown):
        plain.update(id(n.target) for n in grown)
    stores = [n for n in nodes if isinstance(n, ast.Name) and n.id == name
              and isinstance(n.ctx, ast.Store | ast.Del)]
    if any(id(n) not in plain for n in stores) or any(
            isinstance(n, ast.Global | ast.Nonlocal) and name in n.names for n in nodes):
        return []
    return values


_GROWING = {"str": (ast.Add, ast.Mod), "list": (ast.Add,), "tuple": (ast.Add,),
            "set": (ast.BitOr, ast.BitAnd, ast.Sub, ast.BitXor), "dict": (ast.BitOr,)}
"""Augmented assignments that keep a builtin value's type: ``text += ...`` leaves a
``str`` a ``str`` (adding anything else raises), ``items += [...]`` a list."""


def _keeps_type(values: list[ast.expr], grown: list[ast.AugAssign]) -> bool:
    """Whether every value plainly assigned is of one builtin type that each augmented
    assignment keeps (``out = ""`` then ``out += line``: still a ``str``)."""
    kinds = {shape_of(v).name for v in values if shape_of(v).kind == "literal"}
    if len(kinds) != 1 or len(values) != sum(shape_of(v).kind == "literal" for v in values):
        return False
    kept = _GROWING.get(kinds.pop(), ())
    return bool(kept) and all(isinstance(g.op, kept) for g in grown)


_LITERALS: dict[type[ast.expr], str] = {
    ast.List: "list", ast.ListComp: "list", ast.Dict: "dict", ast.DictComp: "dict",
    ast.Set: "set", ast.SetComp: "set", ast.Tuple: "tuple", ast.JoinedStr: "str",
    ast.Compare: "bool"}


def shape_of(value: ast.expr) -> Returned:
    """The :class:`Returned` shape of one value expression (of a ``return``, or of the
    statement that binds a name a ``return`` returns)."""
    text = ast.unparse(value)
    text = text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT - 3] + "..."
    if isinstance(value, ast.Name) and value.id == "self":
        return Returned("self", "self", text)
    if isinstance(value, ast.Constant):
        if value.value is None:
            return Returned("none", "None", text)
        return Returned("literal", type(value.value).__name__, text)
    if type(value) in _LITERALS:
        return Returned("literal", _LITERALS[type(value)], text)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        return Returned("literal", "bool", text)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub | ast.UAdd) and \
            isinstance(value.operand, ast.Constant) and \
            type(value.operand.value) in {int, float, complex}:
        return Returned("literal", type(value.operand.value).__name__, text)  # ``-1``
    alike = _alike(value)
    if alike is not None:
        return Returned("literal", alike, text)
    if _is_text(value):
        return Returned("literal", "str", text)
    operation = _operation(value, text)
    if operation is not None:
        return operation
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name | ast.Attribute):
        callee = dotted_name(value.func)
        # a future's ``result()`` is what the future resolves to, as ``await`` is
        if isinstance(value.func, ast.Attribute) and value.func.attr == "result" \
                and not value.args:
            return Returned("awaited", "", text)
        return Returned("call", callee, text) if callee else Returned("unknown", "", text)
    return Returned("unknown", "", text)


def _operation(value: ast.expr, text: str) -> Returned | None:
    """An awaited result, or arithmetic with a number on one side; None for any other
    value."""
    if isinstance(value, ast.Await):
        return Returned("awaited", "", text)
    if isinstance(value, ast.BinOp) and isinstance(value.op, _ARITHMETIC) and \
            (_numeric(value.left) or _numeric(value.right)):
        return Returned("arithmetic", "", text)
    return None


_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_NUMBER_CALLS = frozenset({"int", "float", "sum", "len", "abs", "round", "ord", "complex"})


def _numeric(node: ast.expr) -> bool:
    """Whether ``node`` is a number: a number literal, a call of a builtin that makes one
    (``sum(x)``, ``len(x)``), or arithmetic on one. With a number on one side, ``+ - * /
    // % **`` give a number or a repeated sequence, never a dict, a set (``a - b`` of
    two sets is one), a ``bool`` or ``None``."""
    if isinstance(node, ast.Constant):
        return type(node.value) in {int, float, complex}
    if isinstance(node, ast.UnaryOp):
        return _numeric(node.operand)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in _NUMBER_CALLS
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
        return _numeric(node.left) or _numeric(node.right)
    return False


def _alike(value: ast.expr) -> str | None:
    """The builtin type of a value whose every possible result is a literal of one type:
    ``a == b and c == d`` is a ``bool`` (``and``/``or`` give one of their operands), as is
    ``x if c else y`` of two ``int`` literals; None for any other expression."""
    if isinstance(value, ast.BoolOp):
        parts = value.values
    elif isinstance(value, ast.IfExp):
        parts = [value.body, value.orelse]
    else:
        return None
    shapes = {(shape.kind, shape.name) for shape in map(shape_of, parts)}
    if len(shapes) != 1:
        return None
    kind, name = shapes.pop()
    return name if kind == "literal" else None


_STR_METHODS = frozenset({"join", "format", "format_map", "upper", "lower", "strip", "lstrip",
                          "rstrip", "replace", "title", "capitalize", "casefold", "center",
                          "ljust", "rjust", "zfill", "expandtabs", "swapcase"})


def _is_text(value: ast.expr) -> bool:
    """Whether ``value`` is a string built from a string literal: ``"%d items" % n``,
    ``"a" + b``, ``", ".join(parts)``, ``"{}".format(x)``."""
    if isinstance(value, ast.JoinedStr):
        return True
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
        return isinstance(value.left, ast.Constant | ast.JoinedStr) and _is_text(value.left)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        return _is_text(value.left) or _is_text(value.right)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return value.func.attr in _STR_METHODS and _is_text(value.func.value)
    return False


def extract_returns(source: bytes, *, module: str) -> dict[tuple[str, int], tuple[str, ...]]:
    """The dotted names in each annotated function's return annotation ({} when the file
    does not parse); a string annotation is read as the expression it spells."""
    tree = parse_quietly(source)
    if tree is None:
        return {}
    found: dict[tuple[str, int], tuple[str, ...]] = {}
    _visit(tree, module, found)
    return found


def _visit(node: ast.AST, scope: str, found: dict[tuple[str, int], tuple[str, ...]]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _visit(child, f"{scope}.{child.name}", found)
        elif isinstance(child, _Function):
            qualname = f"{scope}.{child.name}"
            if child.returns is not None:
                found[(qualname, child.lineno)] = _names(child.returns)
            _visit(child, qualname, found)
        elif isinstance(child, ast.stmt):
            _visit(child, scope, found)


ParamTypes = tuple[tuple[str, tuple[str, ...] | None], ...]
"""Each parameter of a function in order with the names its annotation mentions (None:
not annotated)."""


def extract_param_types(source: bytes, *, module: str) -> dict[tuple[str, int], ParamTypes]:
    """Each function's parameters with their annotations' names ({} when the file does not
    parse): "takes a `RetryPolicy`" describes a parameter by its type."""
    tree = parse_quietly(source)
    if tree is None:
        return {}
    return {(qualname, function.lineno): tuple(
                (arg.arg, _names(arg.annotation) if arg.annotation is not None else None)
                for arg in (*function.args.posonlyargs, *function.args.args,
                            *function.args.kwonlyargs))
            for qualname, function in _functions(tree, module)}


def _names(annotation: ast.expr, *, depth: int = 0) -> tuple[str, ...]:
    names: list[str] = []
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name | ast.Attribute):
            names.append(dotted_name(node))
        elif isinstance(node, ast.Constant) and node.value is None:
            names.append("None")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and depth < 2:
            try:  # a forward reference: the expression the string spells
                names.extend(_names(ast.parse(node.value, mode="eval").body, depth=depth + 1))
            except SyntaxError:
                continue
    return tuple(dict.fromkeys(n for n in names if n))
