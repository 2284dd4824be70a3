"""What Python function bodies do: the calls and ``raise`` sites of each function (an
exception an ``except`` clause catches is no name the body may raise, unless a bare
``raise`` sends it on).

Pure, one file in, one :class:`BodyFacts` per function out. This is read on demand (a
structural claim about calls or raises needs it) rather than while indexing, because
walking every expression of every body costs about a tenth of the parse itself, and
most runs never ask; :class:`pse.index.symbols.SymbolIndex` caches the answer per file.
"""

from __future__ import annotations

import ast
import builtins
import warnings

from pse.index.model import BodyFacts
from pse.index.present import FALLBACK_ERRORS, present_lookups, with_fallback
from pse.index.python import dotted_name
from pse.index.receivers import Scope, attributes, last_name, receivers, scope

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def extract_bodies(source: bytes, *, module: str) -> list[BodyFacts]:
    """The body facts of every function and method of one file ([] when it does not parse).

    Args:
        source: the file's bytes.
        module: its dotted module name (the prefix of every qualname).
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    found: list[BodyFacts] = []
    _visit(tree, module, found)
    return found


def _visit(node: ast.AST, prefix: str, found: list[BodyFacts],
           enclosing: Scope | None = None) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _visit(child, f"{prefix}.{child.name}", found)  # a class body hides the names
        elif isinstance(child, _Function):
            qualname = f"{prefix}.{child.name}"
            nodes = _own_nodes(child)
            names = scope(child, nodes, enclosing)
            found.append(_facts(child, qualname, nodes, names))
            _visit(child, qualname, found, names)
        elif isinstance(child, ast.stmt):
            _visit(child, prefix, found, enclosing)  # if/try/with blocks: the same scope


def _facts(function: _Function, qualname: str, nodes: list[ast.AST], local: Scope
           ) -> BodyFacts:
    calls: list[str] = []
    raises: list[str] = []
    lookups = False
    implied: list[str] = []
    annotations = {id(n) for a in nodes if isinstance(a, ast.AnnAssign)
                   for n in ast.walk(a.annotation)}  # ``x: dict[str, int]`` looks nothing up
    for node in nodes:
        if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Store) and \
                id(node) not in annotations or \
                isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript):
            lookups = True  # ``d[k] += 1`` reads ``d[k]`` first
        implied.extend(_implied(node))
        if isinstance(node, ast.Call):
            name = last_name(node.func)
            if name:
                calls.append(name)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            dotted = dotted_name(raised)
            if dotted:
                raises.append(dotted)
    caught = _caught_only(function)
    guards = _guards(function)
    # ``try: raise KeyError(k) except KeyError: raise Other(...)``: no KeyError leaves,
    # and the name it raises there is no name the code may raise
    caught_here = {r for r in raises if _caught(r, guards.get(f"raise {r}", frozenset()))}
    raises = [r for r in raises if r not in caught_here]
    caught |= {id(n) for node in nodes if isinstance(node, ast.Raise) and node.exc is not None
               and _guard_key(node)[len("raise "):] in caught_here
               for n in ast.walk(node.exc.func if isinstance(node.exc, ast.Call) else node.exc)}
    raises.extend(_rethrown(function))
    names = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and id(n) not in caught}
    names |= {n.attr for n in ast.walk(function)
              if isinstance(n, ast.Attribute) and id(n) not in caught}
    return BodyFacts(qualname, function.lineno, calls=tuple(dict.fromkeys(calls)),
                     raises=tuple(dict.fromkeys(raises)), names=tuple(sorted(names)),
                     lookups=lookups, implied=tuple(dict.fromkeys(implied)),
                     guarded=tuple((key, tuple(sorted(errors))) for key, errors in guards.items()
                                   if errors and not key.startswith("raise ")),
                     receivers=receivers(nodes, local),
                     attributes=attributes(nodes))


_CATCH_ALL = frozenset({"Exception", "BaseException"})


def _caught(raised: str, handled: frozenset[str]) -> bool:
    """Whether handlers catching ``handled`` catch an error raised as ``raised``: by its
    name, a bare ``except``, or a builtin base of a builtin error (``LookupError`` of
    ``KeyError``)."""
    name = raised.rsplit(".", 1)[-1]
    if name in handled or "*" in handled:
        return True
    error = getattr(builtins, name, None)
    return isinstance(error, type) and any(
        isinstance(base := getattr(builtins, h, None), type) and issubclass(error, base)
        for h in handled)


def _guards(function: _Function) -> dict[str, frozenset[str]]:
    """Each call (by last name), lookup (``"[]"``) and ``raise`` (``"raise E"``) of the own
    body with the errors caught around every occurrence of it (see
    :attr:`BodyFacts.guarded`): a ``self.jobs.remove(job)`` inside ``try: ... except
    ValueError: log()`` cannot make the function raise ``ValueError``. A lookup the body
    makes only where the key is present, and a call given its fallback
    (:mod:`pse.index.present`), count as guarded against the lookup error they cannot
    raise."""
    found: dict[str, frozenset[str]] = {}
    present = present_lookups(function)

    def record(key: str, active: frozenset[str]) -> None:
        found[key] = found[key] & active if key in found else active

    def visit(node: ast.AST, active: frozenset[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _Function | ast.ClassDef | ast.Lambda) or \
                    isinstance(node, ast.AnnAssign) and child is node.annotation:
                continue  # (``x: Dict[str, int]`` looks nothing up)
            if isinstance(child, ast.Try | ast.TryStar):
                inside = active | _handled(child)
                for statement in child.body:
                    record_node(statement, inside)
                    visit(statement, inside)
                for part in (*child.handlers, *child.orelse, *child.finalbody):
                    record_node(part, active)
                    visit(part, active)
                continue
            record_node(child, active)
            visit(child, active)

    def record_node(node: ast.AST, active: frozenset[str]) -> None:
        key = _guard_key(node)
        if key == "[]" and id(node) in present:
            active |= {"KeyError"}  # ``if k not in d: return`` before ``d[k]``
        elif isinstance(node, ast.Call) and (fallback := with_fallback(node)):
            active |= FALLBACK_ERRORS[fallback]  # ``d.pop(k, None)``
        if key:
            record(key, active)

    # the body only: the signature's annotations (``Callable[[str], T]``) run no lookup
    visit(ast.Module(body=function.body, type_ignores=[]), frozenset())
    return found


def _guard_key(node: ast.AST) -> str:
    """What :func:`_guards` records a node as: a call by its last name, ``__import__``,
    ``"[]"`` for a lookup, ``"raise E"``; "" for any other node."""
    if isinstance(node, ast.Call):
        return last_name(node.func) or ""
    if isinstance(node, ast.Import | ast.ImportFrom):
        return "__import__"
    if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Store):
        return "[]"
    if isinstance(node, ast.Raise) and node.exc is not None:
        dotted = dotted_name(node.exc.func if isinstance(node.exc, ast.Call) else node.exc)
        return f"raise {dotted}" if dotted else ""
    return ""


def _handled(node: ast.Try | ast.TryStar) -> frozenset[str]:
    """The errors a ``try`` statement's handlers catch for good (a handler that sends its
    error on catches nothing for good; one that raises another converts it)."""
    handled: set[str] = set()
    for handler in node.handlers:
        if any(isinstance(n, ast.Raise) and (n.exc is None or isinstance(n.exc, ast.Name)
                                             and n.exc.id == handler.name)
               for n in ast.walk(handler)):
            continue  # ``raise`` or ``raise error`` sends the error on
        types = [] if handler.type is None else \
            handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        names = {last_name(t) for t in types}
        handled |= {"*"} if handler.type is None or names & _CATCH_ALL else names - {""}
    return frozenset(handled)


_SUBSCRIPT_METHODS = {ast.Load: "__getitem__", ast.Store: "__setitem__", ast.Del: "__delitem__"}


def _implied(node: ast.AST) -> list[str]:
    """The special methods one node's syntax calls (``d[k] += 1`` reads and writes, an
    ``import`` statement ``__import__``)."""
    if isinstance(node, ast.Subscript):
        return [_SUBSCRIPT_METHODS.get(type(node.ctx), "__getitem__")]
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript):
        return ["__getitem__"]
    if isinstance(node, ast.Compare) and any(isinstance(o, ast.In | ast.NotIn)
                                             for o in node.ops):
        return ["__contains__"]
    if isinstance(node, ast.Import | ast.ImportFrom):  # may raise ImportError
        return ["__import__"]
    return []


def _caught_only(function: _Function) -> set[int]:
    """The nodes of the exception types ``except`` clauses catch: a name caught is not a
    name the code may raise (``except KeyError: return None``), so it is left out of the
    body's names."""
    return {id(n) for handler in ast.walk(function) if isinstance(handler, ast.ExceptHandler)
            and handler.type is not None for n in ast.walk(handler.type)}


def _rethrown(function: _Function) -> list[str]:
    """The exception types an ``except`` clause of the own body raises again with a bare
    ``raise``: they leave the function as if raised there."""
    found: list[str] = []
    for node in _own_nodes(function):
        if not isinstance(node, ast.ExceptHandler) or node.type is None:
            continue
        if any(isinstance(n, ast.Raise) and n.exc is None for n in ast.walk(node)):
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            found.extend(d for d in (dotted_name(t) for t in types) if d)
    return found


def _own_nodes(function: _Function) -> list[ast.AST]:
    """Every node of the function's own body; nested functions, classes and lambdas excluded."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = list(reversed(function.body))
    while stack:  # depth first, in source order
        node = stack.pop()
        if isinstance(node, _Function | ast.ClassDef | ast.Lambda):
            continue
        found.append(node)
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return found
