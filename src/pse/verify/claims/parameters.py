"""Whether a name the text calls a parameter is one: "using the `fixed_sleep`,
`random_sleep` and `exponential_sleep` parameters" of methods, "the `parse_object`
parameter" of an attribute.

A definite noun phrase with no function named ("the `x` parameter") presupposes only that
some function of the tree takes ``x``. It is false when the tree defines the name, none of
its functions takes a parameter of that name, and no code reads it as an option (a keyword
``x=`` in a call, or a string ``"x"``, as ``kwargs.get("x")`` reads one): then the name is
something else, a method or an attribute, that the text calls a parameter.
"""

from __future__ import annotations

import ast
import weakref

from pse.index.returns import parse_quietly
from pse.index.symbols import SymbolIndex
from pse.index.walk import is_sample_path
from pse.verify.claims.decision import Decision, at, short, undecided, with_article
from pse.verify.resolve import Resolver


def is_a_parameter(resolver: Resolver, written: str) -> Decision:
    """Whether some function of the tree takes a parameter named as ``written`` ends."""
    name = written.strip("`() ").rsplit(".", 1)[-1]
    takers = [s for s in resolver.index.with_parameter(name) if not is_sample_path(s.path)]
    if takers:
        return Decision(True, f"{short(takers[0].qualname)} takes `{name}`", at(takers[0]))
    named = [s for s in resolver.index.by_name(name)
             if s.kind != "parameter" and not is_sample_path(s.path)]
    if not named:
        return undecided(f"the tree defines no `{name}`")
    if _read_as_option(resolver, name):
        return undecided(f"`{name}` may be an option a function reads from `**kwargs`")
    return Decision(False, f"no function of the tree takes a parameter `{name}`; "
                    f"`{name}` is {with_article(named[0].kind)} of "
                    f"{short(named[0].parent or named[0].qualname)}", at(*named[:3]))


def _read_as_option(resolver: Resolver, name: str) -> bool:
    """Whether the library passes ``name`` as a keyword anywhere or holds it as a string
    (an option read from ``**kwargs`` by that key, or passed on to another call)."""
    return name in _option_words(resolver)


_OPTIONS: weakref.WeakKeyDictionary[SymbolIndex, frozenset[str]] = weakref.WeakKeyDictionary()
"""Per index, while it lives: :func:`_option_words`."""


def _option_words(resolver: Resolver) -> frozenset[str]:
    """Every keyword argument name and identifier-like string of the library's Python
    files, read once per index."""
    key = resolver.index
    if key not in _OPTIONS:
        found: set[str] = set()
        for path in resolver.index.files:
            if is_sample_path(path) or not resolver.index.is_python_source(path):
                continue
            tree = parse_quietly((resolver.index.file_text(path) or "").encode())
            for node in ast.walk(tree) if tree is not None else ():
                if isinstance(node, ast.keyword) and node.arg:
                    found.add(node.arg)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                        node.value.isidentifier():
                    found.add(node.value)
        _OPTIONS[key] = frozenset(found)
    return _OPTIONS[key]
