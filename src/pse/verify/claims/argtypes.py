"""Arguments described by their types: "`valid_contextj` takes a string and a boolean",
"`f` 接受一个字符串和一个整数作为参数".

Such a sentence says how many arguments a caller passes (:func:`.code.described_param_count`)
and, in order, what each one is. The types are judged against the signature: each
described type is given to a parameter, in order, that accepts it (by its annotation, or
by the literal default a parameter without one has), skipping only parameters with a
default; every parameter without one must be given a type. When no such assignment exists
the sentence is false. A parameter whose type is not plainly one of the builtin types
(``Sequence[str]``, a project class, a ``TypeVar``, no annotation and no literal default)
accepts anything here: only what the signature writes out decides.
"""

from __future__ import annotations

import ast
from functools import cache

from pse.index.model import Symbol
from pse.verify.claims.code import described_param_count, signature_of
from pse.verify.claims.decision import Decision, at, short
from pse.verify.claims.source import function_node
from pse.verify.claims.words import TYPING_CONTAINERS
from pse.verify.resolve import Resolver

_BUILTIN = frozenset({"str", "int", "float", "bool", "list", "dict", "tuple", "set",
                      "frozenset", "bytes", "bytearray", "complex"})
_SAME = {**TYPING_CONTAINERS, "Text": "str", "ByteString": "bytes"}
"""The typing module's spellings of builtin types."""
_WRAPPERS = frozenset({"Optional", "Union", "None", "Final", "Annotated"})
"""Names an annotation may hold around its types without being a type of its own."""
_ACCEPTS = {"int": {"int"}, "float": {"float", "int"}, "complex": {"complex", "float", "int"},
            "bytes": {"bytes", "bytearray"}, "bytearray": {"bytes", "bytearray"},
            "frozenset": {"frozenset", "set"}}
"""What a parameter of a type accepts besides itself: a ``float`` takes an integer (the
numeric tower), a ``bytes`` a byte string of either kind. A ``bool`` is not read as an
integer, nor an integer as a ``bool``: a reader takes "a boolean" for a flag."""
_LITERALS = {bool: "bool", int: "int", float: "float", str: "str", bytes: "bytes",
             complex: "complex"}
_DISPLAYS = {ast.List: "list", ast.Dict: "dict", ast.Tuple: "tuple", ast.Set: "set"}
_NOUNS = {"str": "a string", "int": "an integer", "float": "a float", "bool": "a boolean",
          "list": "a list", "dict": "a dict", "tuple": "a tuple", "set": "a set",
          "frozenset": "a frozenset", "bytes": "bytes", "bytearray": "a bytearray",
          "complex": "a complex number"}


def described_arguments(resolver: Resolver, subject: Symbol, types: tuple[str, ...]
                        ) -> Decision:
    """Whether ``subject`` takes arguments of ``types`` (builtin type names, "" for a type
    the words leave open), in that order: first how many (a caller's count), then which."""
    counted = described_param_count(resolver, subject, len(types))
    if counted.holds is not True:
        return counted
    function = signature_of(resolver, subject)
    node = function_node(resolver, function) if function is not None else None
    if function is None or node is None:
        return counted
    params = _parameters(node, bound=function.kind == "method")
    if not any(p.accepts for p in params):
        return counted  # nothing written to judge the types by
    if _assignable(tuple(types), tuple(params), node.args.vararg is not None):
        return counted
    parts = [f"`{p.name}`" + (f" ({' or '.join(sorted(p.accepts))})" if p.accepts else "")
             for p in params]
    written = " and ".join(filter(None, (", ".join(parts[:-1]), parts[-1])))
    said = " and ".join(_NOUNS.get(t, "a value") for t in types)
    return Decision(False, f"{short(subject.qualname)} takes {written}, not {said}",
                    at(function))


def typed_parameter(resolver: Resolver, subject: Symbol, name: str, claimed: str,
                    found: Decision) -> Decision:
    """Whether ``subject``'s parameter ``name`` (``found``: that it has one) takes a value
    of the builtin type ``claimed`` ("takes an integer `v`"), by its annotation or its
    literal default; ``found`` itself when that is not written or the parameter is not
    there."""
    function = signature_of(resolver, subject) if found.holds is True and claimed else None
    node = function_node(resolver, function) if function is not None else None
    if function is None or node is None:
        return found
    param = next((p for p in _parameters(node, bound=function.kind == "method")
                  if p.name == name), None)
    if param is None or param.accepts is None or claimed in param.accepts:
        return found
    said = _NOUNS.get(claimed, claimed)
    return Decision(False, f"`{name}` of {short(subject.qualname)} takes "
                    f"{' or '.join(sorted(param.accepts))}, not {said}", at(function),
                    correction=" or ".join(sorted(param.accepts)))


class _Parameter:
    """A parameter as the described types are matched to it."""

    __slots__ = ("accepts", "name", "optional")

    def __init__(self, name: str, accepts: frozenset[str] | None, optional: bool) -> None:
        self.name = name
        self.accepts = accepts
        """The builtin types it accepts, None when its type is not plainly written."""
        self.optional = optional


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, *, bound: bool
                ) -> list[_Parameter]:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = \
        [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    named = [*zip(positional, defaults, strict=True),
             *zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if bound and named and named[0][0].arg in {"self", "cls"}:
        named = named[1:]
    return [_Parameter(arg.arg, _accepted(arg.annotation, default), default is not None)
            for arg, default in named]


def _accepted(annotation: ast.expr | None, default: ast.expr | None) -> frozenset[str] | None:
    """The builtin types a parameter accepts, by its annotation, else by its literal default
    (``exception=False``: a ``bool``); None when neither says."""
    if annotation is not None:
        return _annotated(ast.unparse(annotation))
    if isinstance(default, ast.Constant) and type(default.value) in _LITERALS:
        return _widened(_LITERALS[type(default.value)])
    kind = _DISPLAYS.get(type(default)) if default is not None else None
    return _widened(kind) if kind else None


@cache
def _annotated(annotation: str) -> frozenset[str] | None:
    """The builtin types an annotation (as written) names, None when it names anything
    else (a class, a protocol, a type variable, a string it cannot read)."""
    try:
        tree = ast.parse(annotation, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(tree, ast.Constant) and isinstance(tree.value, str):
        return _annotated(tree.value)  # a forward reference: the type it spells
    types: set[str] = set()
    for node in _alternatives(tree):
        name = node.value if isinstance(node, ast.Subscript) else node
        written = ast.unparse(name).removeprefix("typing.").removeprefix("builtins.")
        if written in _WRAPPERS:
            continue
        written = _SAME.get(written, written)
        if written not in _BUILTIN:
            return None
        types |= _widened(written)
    return frozenset(types) or None


def _alternatives(node: ast.expr) -> list[ast.expr]:
    """The types a union names (``Union[a, b]``, ``Optional[a]``, ``a | b``), else the type."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*_alternatives(node.left), *_alternatives(node.right)]
    if isinstance(node, ast.Subscript) and \
            ast.unparse(node.value).removeprefix("typing.") in {"Union", "Optional"}:
        inner = node.slice
        parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        return [a for part in parts for a in _alternatives(part)]
    if isinstance(node, ast.Constant) and node.value is None:
        return []
    return [node]


def _widened(kind: str) -> frozenset[str]:
    return frozenset(_ACCEPTS.get(kind, {kind}))


def _assignable(types: tuple[str, ...], params: tuple[_Parameter, ...], variadic: bool
                ) -> bool:
    """Whether ``types`` can be given, in order, to parameters that accept them, every
    parameter without a default receiving one (``*args`` takes what is left over)."""
    if not types:
        return all(p.optional for p in params)
    if not params:
        return variadic
    head, rest = params[0], params[1:]
    given = not types[0] or head.accepts is None or types[0] in head.accepts
    return (given and _assignable(types[1:], rest, variadic)) or \
        (head.optional and _assignable(types, rest, variadic))
