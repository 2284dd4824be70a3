"""Reading a definition's source for the claims: the value a name is bound to and the
defaults of a signature, parsed with :mod:`ast` from the tree file."""

from __future__ import annotations

import ast
import textwrap

from pse.index.model import Symbol
from pse.verify.defsource import dedented, function_def
from pse.verify.resolve import Resolver

_MAX_STATEMENT_LINES = 80
_TYPE_VARIABLES = frozenset({"TypeVar", "ParamSpec", "TypeVarTuple"})


def function_node(resolver: Resolver, symbol: Symbol
                  ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` statement of the function ``symbol``, parsed from its source (None: no
    source, or one that does not parse as a function)."""
    if not resolver.index.is_python_source(symbol.path):
        return None
    return function_def(resolver.index.source_of(symbol))


def definition_node(resolver: Resolver, symbol: Symbol
                    ) -> ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``class`` or ``def`` statement of ``symbol``, parsed from its source (None: no
    Python source, or one that does not parse as a definition)."""
    if not resolver.index.is_python_source(symbol.path):
        return None
    source = resolver.index.source_of(symbol)
    try:
        body = ast.parse(dedented(source)).body if source else []
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return next((n for n in body if isinstance(
        n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)), None)


def own_returns(node: ast.AST) -> list[ast.Return]:
    """The ``return`` statements of a function's own body (not of the functions, lambdas
    or classes inside it)."""
    found: list[ast.Return] = []
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                      | ast.ClassDef):
            continue
        if isinstance(child, ast.Return):
            found.append(child)
        stack.extend(ast.iter_child_nodes(child))
    return found


def bound_value(resolver: Resolver, symbol: Symbol) -> ast.expr | None:
    """The value the statement that binds ``symbol`` assigns (``X = ...``, ``X: T = ...``),
    read from the symbol's line to the end of the statement, however many lines it spans
    (None: no assignment there, or one longer than the lines read)."""
    statement = binding(resolver, symbol)
    if statement is None or statement.value is None:
        return None
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], ast.Tuple | ast.List):
        return _unpacked(statement.targets[0], statement.value, symbol.name)
    return statement.value


def _unpacked(targets: ast.Tuple | ast.List, value: ast.expr, name: str) -> ast.expr | None:
    """What ``self.a, self.b = a, b`` binds to ``name``: the value at its place, where the
    value is written out as many items (None where it is not: ``a, b = pair``)."""
    places = [i for i, t in enumerate(targets.elts)
              if isinstance(t, ast.Name) and t.id == name
              or isinstance(t, ast.Attribute) and t.attr == name]
    if len(places) != 1 or not isinstance(value, ast.Tuple | ast.List) or \
            len(value.elts) != len(targets.elts):
        return None
    return value.elts[places[0]]


def binding(resolver: Resolver, symbol: Symbol) -> ast.Assign | ast.AnnAssign | None:
    """The assignment statement that binds ``symbol`` (see :func:`bound_value`)."""
    text = resolver.index.file_text(symbol.path)
    if text is None:
        return None
    lines = text.split("\n")[symbol.line - 1:symbol.line - 1 + _MAX_STATEMENT_LINES]
    for end in range(1, len(lines) + 1):
        try:
            body = ast.parse(textwrap.dedent("\n".join(lines[:end]))).body
        except (SyntaxError, ValueError, RecursionError):
            continue
        node = body[0] if body else None
        return node if isinstance(node, ast.Assign | ast.AnnAssign) else None
    return None


def signature_defaults(resolver: Resolver, function: Symbol) -> dict[str, str | None] | None:
    """Each parameter of ``function`` with its default as written (None: no default;
    ``*args`` and ``**kwargs`` are left out), or None when the signature is not readable."""
    args = _arguments(resolver, function)
    if args is None:
        return None
    positional = [*args.posonlyargs, *args.args]
    found: dict[str, str | None] = {a.arg: None for a in positional}
    for arg, value in zip(positional[len(positional) - len(args.defaults):], args.defaults,
                          strict=True):
        found[arg.arg] = ast.unparse(value)
    for arg, kw_value in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        found[arg.arg] = ast.unparse(kw_value) if kw_value is not None else None
    return found


def variadic_names(resolver: Resolver, function: Symbol) -> tuple[str, ...]:
    """The names of ``function``'s ``*args`` and ``**kwargs``, those it has."""
    args = _arguments(resolver, function)
    return () if args is None else tuple(a.arg for a in (args.vararg, args.kwarg) if a)


def positional_parameters(resolver: Resolver, function: Symbol) -> list[str] | None:
    """The parameters of ``function`` a caller may pass by position, in order (those
    written before ``*args`` or ``*``), or None when the signature is not readable."""
    args = _arguments(resolver, function)
    return None if args is None else [a.arg for a in (*args.posonlyargs, *args.args)]


def keyword_only_parameters(resolver: Resolver, function: Symbol) -> list[str] | None:
    """The parameters of ``function`` a caller must pass by keyword (those written after
    ``*args`` or ``*``), or None when the signature is not readable."""
    args = _arguments(resolver, function)
    return None if args is None else [a.arg for a in args.kwonlyargs]


def positional_only_parameters(resolver: Resolver, function: Symbol) -> list[str] | None:
    """The parameters of ``function`` a caller must pass by position (those written before
    ``/``), or None when the signature is not readable."""
    args = _arguments(resolver, function)
    return None if args is None else [a.arg for a in args.posonlyargs]


def _arguments(resolver: Resolver, function: Symbol) -> ast.arguments | None:
    source = resolver.index.source_of(function)
    if source is None or not resolver.index.is_python_source(function.path):
        return None
    try:
        tree = ast.parse(dedented(source))
    except (SyntaxError, ValueError, RecursionError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or \
            node.name != function.name:
        return None
    return node.args


def type_variable(resolver: Resolver, symbol: Symbol) -> ast.Call | None:
    """The ``TypeVar(...)`` (or ``ParamSpec``, ``TypeVarTuple``) call ``symbol`` is bound
    to (None: another value, or none read)."""
    value = bound_value(resolver, symbol) if resolver.index.is_python_source(symbol.path) \
        else None
    if isinstance(value, ast.Call) and \
            ast.unparse(value.func).rsplit(".", 1)[-1] in _TYPE_VARIABLES:
        return value
    return None


def decorator_calls(resolver: Resolver, symbol: Symbol) -> dict[str, ast.expr]:
    """The decorators written above the definition ``symbol``, by last name, each as
    written (``@dataclass(frozen=True)`` -> the call; ``@dataclass`` -> the name); a
    decorator that spans several lines is left out."""
    lines = (resolver.index.file_text(symbol.path) or "").split("\n")
    found: dict[str, ast.expr] = {}
    number = symbol.line - 2
    while number >= 0 and lines[number].strip().startswith("@"):
        try:
            node = ast.parse(lines[number].strip()[1:], mode="eval").body
        except (SyntaxError, ValueError, RecursionError):
            number -= 1
            continue
        head = node.func if isinstance(node, ast.Call) else node
        found[ast.unparse(head).rsplit(".", 1)[-1]] = node
        number -= 1
    return found


def names_in(*nodes: ast.AST) -> set[str]:
    """The names and attribute names the nodes use as values, annotations aside
    (``value: str = ...`` puts no ``str`` anywhere; ``json.dumps`` is json and dumps)."""
    found: set[str] = set()
    stack: list[ast.AST] = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        for field, child in ast.iter_fields(node):
            if field in {"annotation", "returns"}:
                continue
            stack.extend(c for c in (child if isinstance(child, list) else [child])
                         if isinstance(c, ast.AST))
    return found


def raised_name(node: ast.Raise) -> str:
    """The last name of the error a ``raise`` raises ("" when not a plain name or call)."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return ast.unparse(exc).rsplit(".", 1)[-1] if isinstance(exc, ast.Name | ast.Attribute) \
        else ""
