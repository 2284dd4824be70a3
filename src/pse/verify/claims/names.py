"""What a claim's code spans name: symbols of the tree, files, or things outside it.

Names resolve like references do (qualified, re-exported, short, ``Class.member``),
through the :class:`~pse.verify.resolve.Resolver`. Bases outside the tree are read by
introspecting builtins and the standard library, so ``Exit`` subclassing ``Exception``
through ``RuntimeError`` is decidable.
"""

from __future__ import annotations

import builtins
import importlib
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex, code_first
from pse.index.walk import is_sample_path
from pse.verify.claims.words import is_file_span
from pse.verify.externals import stdlib_home
from pse.verify.resolve import Resolver

_NAME = re.compile(r"^@?(?P<name>[A-Za-z_][\w.]*)(?:\(.*\))?:?$")
_DEFINITIONS = frozenset({"class", "function", "method", "module", "package"})
# typing's class factories: what their classes really inherit from
_FACTORIES = {"NamedTuple": "tuple", "typing.NamedTuple": "tuple", "TypedDict": "dict",
              "typing.TypedDict": "dict", "typing_extensions.TypedDict": "dict",
              "typing_extensions.NamedTuple": "tuple"}
# modules whose import does something (opens a browser or a window, prints, runs tests)
_UNSAFE_MODULES = frozenset({"antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo",
                             "__hello__", "__phello__", "test", "lib2to3", "ensurepip"})


@dataclass(frozen=True)
class Named:
    """What one span names."""

    text: str
    name: str
    """The dotted name (calls' parentheses dropped; "" for a span that is no name)."""
    symbols: tuple[Symbol, ...] = ()
    external: bool = False
    """True when the name is known to be outside the tree (builtin, stdlib, dependency)."""
    paths: tuple[str, ...] = ()
    """For file spans: the tree's files it names."""


@dataclass
class Ancestry:
    """A class's ancestors: in-tree qualnames, external dotted names, and whether complete."""

    tree: dict[str, Symbol] = field(default_factory=dict)
    external: set[str] = field(default_factory=set)
    complete: bool = True


def resolve_span(resolver: Resolver, text: str) -> Named:
    """The symbols (or files) a span names."""
    if is_file_span(text):
        return Named(text, text, paths=tuple(resolver.index.paths_matching(text)))
    match = _NAME.match(text.strip())
    if match is None:
        return Named(text, "")
    name = match.group("name").rstrip(".")
    parts = name.split(".")
    hits = resolver.lookup(name) if parts[0] in resolver.index.top_modules else \
        resolver.relative(parts)
    if not hits and parts[0] in resolver.index.top_modules:
        hits = resolver.namesake_member(parts)  # "`croniter.get_next`": the class's
    symbols = _preferred(tuple(dict.fromkeys(
        h.symbol for h in hits if h.symbol is not None and h.symbol.kind != "parameter")),
        index=resolver.index, short=len(parts) == 1, called=text.strip().endswith(")"))
    external = any(h.external for h in hits) or (not hits and _is_outside(resolver, name))
    return Named(text, name, symbols=symbols, external=external and not symbols)


def _preferred(symbols: tuple[Symbol, ...], *, index: SymbolIndex, short: bool, called: bool
               ) -> tuple[Symbol, ...]:
    """Narrow a name's readings the way a reader does.

    A definition beats an assignment that rebinds it (``Factory = _add_hash(Factory)``);
    a call (``f()``) means a callable; a bare name means a module-level object first.
    """
    symbols = tuple(code_first(symbols))  # a stub beside its module only echoes it
    if any(not is_sample_path(s.path) for s in symbols):
        # a test's own `Storage` is not the library's, which a document about it means
        symbols = tuple(s for s in symbols if not is_sample_path(s.path))
    defined = {s.qualname for s in symbols if s.kind in _DEFINITIONS}
    narrowed = [s for s in symbols if s.kind in _DEFINITIONS or s.qualname not in defined]
    if called:
        narrowed = [s for s in narrowed if s.kind in _DEFINITIONS] or narrowed
    if short:
        narrowed = [s for s in narrowed if s.kind in {"module", "package"}
                    or index.module_of(s.path) == s.parent] or narrowed
    return tuple(narrowed)


def _is_outside(resolver: Resolver, name: str) -> bool:
    top = name.split(".")[0]
    if top in resolver.index.top_modules:
        return False
    return introspect(name) is not None or bool(resolver.externals.reason(top)) or \
        hasattr(builtins, top)


def ancestry(resolver: Resolver, cls: Symbol) -> Ancestry:
    """Every ancestor of ``cls``: in-tree classes through the index, others by introspection."""
    found = Ancestry(tree={cls.qualname: cls}, external={"object", "builtins.object"})
    _walk(resolver, cls, found)
    return found


def direct_bases(resolver: Resolver, cls: Symbol) -> set[str] | None:
    """The qualnames of the classes of the tree ``cls`` names as its bases (None when a
    base naming a class of the tree does not resolve to one)."""
    found: set[str] = set()
    for base in cls.bases:
        hits = resolver._resolve_base(cls, base, 0)  # noqa: SLF001 - the resolver's own reading of a base
        classes = {h.symbol.qualname for h in hits
                   if h.symbol is not None and h.symbol.kind == "class"}
        if not classes and any(h.symbol is not None for h in hits):
            return None  # an alias or a computed base
        found |= classes
    return found


def _walk(resolver: Resolver, cls: Symbol, found: Ancestry) -> None:
    for base in cls.bases:
        plain = re.sub(r"\[.*\]$", "", base)
        if plain in {"object", "Generic", "typing.Generic", "Protocol", "typing.Protocol"}:
            found.external.add(plain)
            continue
        if plain in _FACTORIES:  # a `TypedDict` is one, and a `dict` at run time
            found.external.update({plain, *(external_mro(_FACTORIES[plain]) or ())})
            continue
        hits = resolver._resolve_base(cls, base, 0)  # noqa: SLF001 - the resolver's own reading of a base
        if not hits:
            found.complete = False
        for hit in hits:
            if hit.symbol is not None and hit.symbol.kind == "class":
                if hit.symbol.qualname not in found.tree:
                    found.tree[hit.symbol.qualname] = hit.symbol
                    _walk(resolver, hit.symbol, found)
            elif hit.symbol is not None:
                found.complete = False  # an alias or a computed base
            else:
                target = _outside_target(hit.target or base, base)
                mro = external_mro(_FACTORIES.get(target, target))
                if mro is None:
                    found.complete = False
                    found.external.add(target)
                else:  # `threading.local` is `_thread._local` at run time: both names
                    found.external.update({target, *mro})


def _outside_target(target: str, base: str) -> str:
    """The outside class a base names (``cookielib.CookieJar`` via ``http.cookiejar``)."""
    if "." in base and type(introspect(target)).__name__ == "module":
        return f"{target}.{base.partition('.')[2]}"
    return target


def external_mro(dotted: str) -> tuple[str, ...] | None:
    """``module.Name`` spellings (and bare builtin names) of an outside class's MRO."""
    obj = introspect(dotted)
    obj = getattr(obj, "__origin__", obj)  # typing.Mapping is an alias of collections.abc's
    if not isinstance(obj, type):
        return None
    names: list[str] = []
    for klass in obj.__mro__:
        names.append(f"{klass.__module__}.{klass.__qualname__}")
        if klass.__module__ == "builtins":
            names.append(klass.__qualname__)
    return tuple(names)


@lru_cache(maxsize=512)
def introspect(dotted: str) -> object | None:
    """The builtin or standard-library object named ``dotted`` (None when not one; a bare
    name is a builtin's: see :func:`stdlib_module` for a module named bare)."""
    parts = dotted.split(".")
    if len(parts) == 1:
        return getattr(builtins, parts[0], None)
    if parts[0] not in sys.stdlib_module_names or parts[0] in _UNSAFE_MODULES:
        return None
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            obj = getattr(obj, attribute, None)
            if obj is None:
                return None
        return obj
    return None


def outside_class(resolver: Resolver, name: str) -> type | None:
    """The builtin or standard-library class ``name`` names (bare names through the module
    of the standard library that defines one so named)."""
    found = introspect(name)
    if found is None and "." not in name:
        home = stdlib_home(name, cache_file=resolver.externals.stdlib_cache)
        found = introspect(f"{home}.{name}") if home else None
    found = getattr(found, "__origin__", found)
    return found if isinstance(found, type) else None


def outside_bases(resolver: Resolver, cls: Symbol) -> list[type] | None:
    """The outside classes (builtin or standard library) a class of the tree derives from,
    read through its whole ancestry; None when that ancestry is not read whole or one of
    them cannot be introspected (a library's class)."""
    found = ancestry(resolver, cls)
    bases = [outside_class(resolver, name) for name in found.external]
    if not found.complete or any(b is None for b in bases):
        return None
    return [b for b in bases if b is not None]


def stdlib_module(name: str) -> object | None:
    """The standard-library module ``name`` names bare (``json``); None for any other."""
    if "." in name or name not in sys.stdlib_module_names or name in _UNSAFE_MODULES:
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def canonical(named: Named) -> str:
    """A stable spelling of a span for claim names: the qualname when unique."""
    qualnames = sorted({s.qualname for s in named.symbols})
    if len(qualnames) == 1:
        return qualnames[0]
    if named.paths:
        return named.paths[0]
    return named.name or named.text


def outside_has(names: set[str], member: str, *, beyond_object: bool = False) -> bool:
    """Whether one of the outside classes ``names`` has the attribute ``member`` (with
    ``beyond_object``: from a class of its MRO other than ``object``)."""
    for name in names:
        obj = introspect(name)
        if not isinstance(obj, type) or not hasattr(obj, member):
            continue
        if not beyond_object or any(member in vars(c) for c in obj.__mro__ if c is not object):
            return True
    return False


def bound_definition(resolver: Resolver, symbol: Symbol) -> Symbol | None:
    """The class or function a module-level ``name = other`` binds (None: anything else)."""
    if resolver.index.module_of(symbol.path) != symbol.parent:
        return None
    source = resolver.index.source_of(symbol) or ""
    match = re.fullmatch(rf"\s*{re.escape(symbol.name)}\s*=\s*([A-Za-z_][\w.]*)\s*(?:#.*)?",
                         source.strip().split("\n")[0])
    if match is None:
        return None
    method = _instance_method(resolver, symbol.parent, match[1])
    if method is not None:  # ``encode = _global_instance.encode``
        return method
    hits = {h.symbol for h in resolver.lookup(f"{symbol.parent}.{match[1]}")
            if h.symbol is not None}
    hits = set(code_first(hits))  # a stub only echoes the source
    found = [h for h in hits if h.kind in {"class", "function"} and h != symbol]
    return found[0] if len(found) == 1 and len(hits) == 1 else None


def _instance_method(resolver: Resolver, module: str, written: str) -> Symbol | None:
    """The method ``inst.m`` names, where ``inst`` is a variable of ``module`` bound to an
    instance of a class of the tree (``_global_instance = ShortUUID()``, then ``encode =
    _global_instance.encode``): a bound method, called without its ``self``."""
    head, _, attr = written.rpartition(".")
    if not head or "." in head:
        return None
    holders = [s for s in resolver.index.members(module, head)
               if s.kind in {"variable", "constant", "attribute"}]
    source = (resolver.index.source_of(holders[0]) or "") if len(holders) == 1 else ""
    made = re.fullmatch(rf"\s*{re.escape(head)}\s*=\s*([A-Za-z_][\w.]*)\(.*\)\s*(?:#.*)?",
                        source.strip().split("\n")[0])
    if made is None:
        return None
    classes = [h.symbol for h in resolver.lookup(f"{module}.{made[1]}")
               if h.symbol is not None and h.symbol.kind == "class"]
    if len(classes) != 1:
        return None
    methods = [h.symbol for h in resolver.lookup(f"{classes[0].qualname}.{attr}")
               if h.symbol is not None and h.symbol.kind == "method"]
    return methods[0] if len(methods) == 1 else None


def called(resolver: Resolver, subject: Symbol) -> Symbol:
    """What calling ``subject`` calls: the class or function a module-level name is bound
    to (``error = GetoptError``), else ``subject`` itself."""
    if subject.kind in {"variable", "constant", "attribute"}:
        return bound_definition(resolver, subject) or subject
    return subject
