"""How many times the tree's code calls a name: "`_irregular` is called seven times",
"`compile` 被调用了 4 次".

A writer counts the calls written in the source: in the whole package, in the module
that defines the name, or at that module's top level ("at the end of the module"). A
call inside a loop or a comprehension runs any number of times, and a name passed on
without a call (a callback) may be called by code the tree does not show: a count that
no reading gives is then left open, as is any count of a name the source never calls
(its users, a framework or the interpreter call it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.symbols import SymbolIndex
from pse.index.walk import is_sample_path
from pse.verify.claims.code import counted
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.reach import is_dunder
from pse.verify.resolve import Resolver

_REPEATING = (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.DictComp,
              ast.GeneratorExp)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class CallSite:
    """One call of a name written in the source."""

    path: str
    line: int
    top_level: bool
    """Written in the module's own statements, outside any function or class."""
    repeated: bool
    """Inside a loop or a comprehension: it may run any number of times."""


@dataclass(frozen=True)
class NameUses:
    """Where the tree's own code (its tests and samples aside) calls a name or passes it."""

    calls: tuple[CallSite, ...]
    passed: int
    """Times the name is written without being called (``map(f, xs)``, ``key=f``)."""


_CACHE: WeakKeyDictionary[SymbolIndex, dict[str, NameUses]] = WeakKeyDictionary()
_TREES: WeakKeyDictionary[SymbolIndex, dict[str, ast.Module | None]] = WeakKeyDictionary()


def name_uses(index: SymbolIndex, name: str) -> NameUses:
    """The calls of ``name`` (bare, ``x.name(...)``) in the tree's Python sources."""
    known = _CACHE.setdefault(index, {})
    if name not in known:
        calls: list[CallSite] = []
        passed = 0
        for path, (language, _) in index.files.items():
            if language != "python" or is_sample_path(path):
                continue
            tree = _parsed(index, path)
            if tree is not None:
                found, mentioned = _walk(tree, name, path)
                calls.extend(found)
                passed += mentioned
        known[name] = NameUses(tuple(calls), passed)
    return known[name]


def _parsed(index: SymbolIndex, path: str) -> ast.Module | None:
    trees = _TREES.setdefault(index, {})
    if path not in trees:
        text = index.file_text(path)
        trees[path] = parse_quietly(text.encode("utf-8")) if text is not None else None
    return trees[path]


def _walk(tree: ast.Module, name: str, path: str) -> tuple[list[CallSite], int]:
    calls: list[CallSite] = []
    called: set[int] = set()
    mentioned = 0
    stack: list[tuple[ast.AST, bool, bool]] = [(tree, True, False)]
    while stack:
        node, top, repeated = stack.pop()
        if isinstance(node, ast.Call) and _named(node.func, name):
            calls.append(CallSite(path, node.lineno, top, repeated))
            called.add(id(node.func))
        elif isinstance(node, ast.Name | ast.Attribute) and _named(node, name) and \
                id(node) not in called and isinstance(node.ctx, ast.Load):
            mentioned += 1
        inner_top = top and not isinstance(node, _SCOPES)
        inner_repeated = repeated or isinstance(node, _REPEATING)
        for child in ast.iter_child_nodes(node):
            stack.append((child, inner_top, inner_repeated))
    return calls, mentioned


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name or \
        isinstance(node, ast.Attribute) and node.attr == name


def call_count(resolver: Resolver, subject: Symbol, count: int) -> Decision:
    """Whether the source calls ``subject`` ``count`` times: in the whole package, in
    its own module, or at that module's top level. A count no reading gives is false,
    unless a call runs in a loop or the name is passed on uncalled."""
    uses = name_uses(resolver.index, subject.name)
    own = [c for c in uses.calls if c.path == subject.path]
    readings = {len(uses.calls), len(own), len([c for c in own if c.top_level])}
    message = f"the source calls {short(subject.qualname)} " \
              f"{counted(len(uses.calls), 'time')}" + \
              (f" ({len(own)} in its own module)" if len(own) != len(uses.calls) else "")
    if count in readings:
        return Decision(True, message, at(subject))
    if not uses.calls or is_dunder(subject.name):
        # called by its users, a framework or the interpreter: none of that is written here
        return undecided(message + "; its callers are outside the source")
    if uses.passed or any(c.repeated for c in uses.calls):
        return undecided(message + "; a call in a loop or a name passed on may run more")
    return Decision(False, message, at(subject), correction=str(len(uses.calls)))
