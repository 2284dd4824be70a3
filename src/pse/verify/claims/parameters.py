"""Whether a name the text calls a parameter is one: "using the `fixed_sleep`,
`random_sleep` and `exponential_sleep` parameters" of methods, "the `parse_object`
parameter" of an attribute.

A definite noun phrase with no function named ("the `x` parameter") presupposes only that
some function of the tree takes ``x``. It is false when the tree defines the name, none of
its functions takes a parameter of that name, and no code reads it as an option (a keyword
``x=`` in a call, or a string ``"x"``, as ``kwargs.get("x")`` reads one): then the name is
something else, a method or an attribute, that the text calls a parameter.

The other way round, "the `calls` function" of a name only a parameter binds is false
when that parameter's default is a plain value: ``calls=15`` is no function.
"""

from __future__ import annotations

import ast
import weakref

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.symbols import SymbolIndex
from pse.index.walk import is_sample_path
from pse.verify.claims.code import generated_init_params
from pse.verify.claims.decision import Decision, at, short, undecided, with_article
from pse.verify.claims.source import signature_defaults
from pse.verify.resolve import Resolver


def is_a_parameter(resolver: Resolver, written: str, *, possessive: bool = False) -> Decision:
    """Whether some function of the tree takes a parameter named as ``written`` ends;
    ``possessive``: the words may also mean the parameters of that name ("`f` 参数" is
    "the `f` parameter" or "`f`'s parameters": Chinese writes no plural), so a name of a
    function or method leaves it open."""
    name = written.strip("`() ").rsplit(".", 1)[-1]
    takers = [s for s in resolver.index.with_parameter(name) if not is_sample_path(s.path)]
    if takers:
        return Decision(True, f"{short(takers[0].qualname)} takes `{name}`", at(takers[0]))
    named = [s for s in resolver.index.by_name(name)
             if s.kind != "parameter" and not is_sample_path(s.path)]
    if not named:
        return undecided(f"the tree defines no `{name}`")
    if possessive and any(s.kind in {"function", "method", "class"} for s in named):
        return undecided(f"`{name}` 参数 may be the parameters of `{name}`")
    fields = [_constructor_field(resolver, s) for s in named]
    if True in fields:
        return Decision(True, f"the constructor {short(named[0].parent)} is given takes "
                        f"`{name}`", at(named[fields.index(True)]))
    if None in fields:
        return undecided(f"`{name}` may be a field a generated constructor takes")
    if _read_as_option(resolver, name):
        return undecided(f"`{name}` may be an option a function reads from `**kwargs`")
    return Decision(False, f"no function of the tree takes a parameter `{name}`; "
                    f"`{name}` is {with_article(named[0].kind)} of "
                    f"{short(named[0].parent or named[0].qualname)}", at(*named[:3]))


def _constructor_field(resolver: Resolver, symbol: Symbol) -> bool | None:
    """Whether ``symbol``, a class's attribute, is a parameter of the constructor its class
    is given (``@dataclass``, ``NamedTuple``: True or False); None when that cannot be
    told (another decorator or base may write one, an ``__init__`` takes ``**kwargs``);
    False for anything else, and for a class whose own ``__init__`` does not take it."""
    if symbol.kind not in {"attribute", "variable", "constant"}:
        return False
    owner = next((s for s in resolver.index.by_qualname(symbol.parent) if s.kind == "class"),
                 None)
    if owner is None:
        return False  # a module's variable
    own = [s for s in resolver.index.members(owner.qualname, "__init__")
           if s.kind == "method"]
    if own:
        return None if any(s.varkw for s in own) else False
    generated = generated_init_params(resolver, owner)
    return None if generated is None else symbol.name in generated


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


def plain_parameter(resolver: Resolver, written: str, kind: str) -> Decision | None:
    """"The `calls` function" of a name the tree binds only as a parameter whose default is
    a plain value (a number, a string, a flag, a literal container): such a parameter is no
    function, class or module, so the claim is false. None where it may be one: the tree
    defines the name otherwise, a parameter of it has no default or one that may be
    callable (``clock=now``, ``callback=None``), or no function takes it."""
    name = written.strip("`() ")
    if "." in name or any(s.kind != "parameter" and not is_sample_path(s.path)
                          for s in resolver.index.by_name(name)):
        return None
    takers = [s for s in resolver.index.with_parameter(name) if not is_sample_path(s.path)]
    defaults = [(signature_defaults(resolver, s) or {}).get(name) for s in takers]
    if not takers or any(d is None or not _plain(d) for d in defaults):
        return None
    return Decision(False, f"`{name}` is a parameter of {short(takers[0].qualname)} "
                    f"(default `{defaults[0]}`), not {with_article(kind)}", at(*takers[:3]))


def kept_privately(resolver: Resolver, written: str) -> Decision | None:
    """"The `min_length` attribute" of a name the tree binds only as a parameter or a
    local, where a class keeps an attribute of the name with an underscore
    (``self._min_length``): no attribute of that name exists, the value lives under the
    private one. None where the tree binds the name otherwise, or no such twin exists."""
    owner, _, name = written.strip("`() ").rpartition(".")
    if not name.isidentifier() or name.startswith("_") or any(
            s.kind != "parameter" and not is_sample_path(s.path)
            for s in resolver.index.by_name(name)):
        return None
    twins = [s for s in resolver.index.by_name(f"_{name}") if s.kind == "attribute"
             and not is_sample_path(s.path)
             and (not owner or f".{s.parent}".endswith(f".{owner}"))]
    if not twins:
        return None
    return Decision(False, f"`{name}` is no attribute: {short(twins[0].parent)} keeps it as "
                    f"`_{name}`", at(*twins[:3]), correction=f"_{name}")


def _plain(default: str) -> bool:
    """Whether a default as written is a literal that is no callable (not ``None``)."""
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return value is not None
