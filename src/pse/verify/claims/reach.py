"""The code a function can reach through its calls, followed by what each call is made on.

A claim that ``get()`` raises an error one of its helpers raises is not contradicted by
the code, so raises and calls are judged over the reach, not the own body only. Following
a call by its name alone reaches every function of that name in the tree: ``self._map.get(k)``
on a ``dict`` would reach the class's own ``get`` and whatever that raises, and every claim
of a raise would hold. So each call goes where its receiver (see
:mod:`pse.index.receivers`) says: ``self.expire()`` to ``expire`` in the class's family,
``heapq.heappush()`` nowhere in the tree, ``{}.get()`` nowhere. A receiver the code does not
show (a parameter without annotation, a call's result) still goes by name, so an unknown
receiver never makes a claim false.
"""

from __future__ import annotations

from collections import deque

from pse.index.model import BodyFacts, Symbol
from pse.index.receivers import BUILTIN_TYPES
from pse.index.walk import is_sample_path
from pse.verify.claims.names import ancestry
from pse.verify.resolve import Resolver

MAX_REACHED = 150
MAX_HOMONYMS = 6
_MAX_FAMILY = 40
_CALLABLE = frozenset({"function", "method"})


def reachable(resolver: Resolver, body: BodyFacts, origin: Symbol, *,
              caught: tuple[str, ...] = ()) -> list[tuple[Symbol, BodyFacts]]:
    """Functions the body can reach through calls (bounded, breadth first). Code of the
    project never calls its tests, docs or examples: from there only code of the same
    sort is reached (a test's own ``MyStorage.__init__`` that raises is no path of the
    library's ``get``). A call made only inside a ``try`` that catches one of the
    ``caught`` errors is not followed: what it raises of them stays inside."""
    library = not is_sample_path(origin.path)
    seen: set[str] = {body.qualname}
    found: list[tuple[Symbol, BodyFacts]] = []
    queue = deque((c, origin, body) for c in body.calls
                  if not (caught and body.caught(c, caught)))
    while queue and len(found) < MAX_REACHED:
        name, caller, facts = queue.popleft()
        candidates = callees(resolver, name, caller, facts, reached=seen)
        if library:
            candidates = [s for s in candidates if not is_sample_path(s.path)]
        for symbol in candidates[:MAX_HOMONYMS]:
            if symbol.qualname in seen:
                continue
            seen.add(symbol.qualname)
            reached = resolver.index.body_facts(symbol)
            if reached is not None:
                found.append((symbol, reached))
                queue.extend((c, symbol, reached) for c in reached.calls
                             if not (caught and reached.caught(c, caught)))
    return found


def callees(resolver: Resolver, name: str, caller: Symbol, facts: BodyFacts, *,
            reached: set[str] | None = None) -> list[Symbol]:
    """The functions of the tree that ``caller``'s call of ``name`` may run (``reached``:
    the qualnames already on the way, whose nested functions a callback may be)."""
    tags = dict(facts.receivers).get(name)
    if not tags:
        return by_name(resolver, name, caller)
    found: list[Symbol] = []
    for tag in tags:
        part = _handed(resolver, name, reached or set()) if tag == "local" else \
            _on(resolver, name, tag, caller)
        if part is None:
            return by_name(resolver, name, caller)
        found.extend(s for s in part if s not in found)
    return found


def by_name(resolver: Resolver, name: str, caller: Symbol) -> list[Symbol]:
    """Every function of the tree a call of ``name`` may run, whatever it is called on."""
    if is_dunder(name):  # ``Base.__init__(self)``, ``super().__exit__()``: its bases'
        found = in_ancestry(resolver, caller, name)
    else:
        found = [s for s in resolver.index.by_name(name) if s.kind in _CALLABLE]
    return found + _constructors(resolver, name)


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


_PROTOCOL_BUILTINS = frozenset({
    "abs", "aiter", "anext", "bool", "bytes", "complex", "delattr", "dir", "divmod", "float",
    "format", "getattr", "hash", "int", "iter", "len", "next", "pow", "repr", "reversed",
    "round", "setattr", "str"})
"""Builtins that call a special method of their argument (``len(x)``: ``x.__len__()``)."""


def protocol_method(name: str) -> str:
    """The special method the builtin ``name`` calls (``len``: ``__len__``); "" for any
    other name. A class supports ``len()`` through ``__len__``; it has no ``len`` method
    unless it defines one, a confusion small models write often ("the `len()` method")."""
    bare = name.removesuffix("()")
    return f"__{bare}__" if bare in _PROTOCOL_BUILTINS else ""


def in_ancestry(resolver: Resolver, caller: Symbol, name: str) -> list[Symbol]:
    """The methods ``name`` of the classes above the method ``caller``'s own class: a
    special method called by name from a method is its base's (``Base.__init__(self)``,
    ``super().__init__()``), not every class's that defines one. A call from a function
    (``obj.__enter__()``) may be any class's."""
    owner = _owner(resolver, caller)
    if owner is None:
        return [s for s in resolver.index.by_name(name) if s.kind in _CALLABLE]
    return [m for qualname in ancestry(resolver, owner).tree if qualname != owner.qualname
            for m in resolver.index.members(qualname, name) if m.kind == "method"]


def _on(resolver: Resolver, name: str, tag: str, caller: Symbol) -> list[Symbol] | None:
    """What a call of ``name`` on the receiver ``tag`` may run (None: the receiver does
    not say; follow the name)."""
    kind, _, what = tag.partition(":")
    if is_dunder(name) or kind == "?":
        return None
    if tag == "":
        functions = _visible(resolver, name, caller)
        constructors = _constructors(resolver, name)
        if not functions and not constructors:
            # a method bound to a module name (``fetch = Client().fetch``) is called bare
            return [] if not any(s.kind == "method" for s in resolver.index.by_name(name)) \
                else None
        return functions + constructors
    owner = _owner(resolver, caller)
    if kind in {"self", "super"}:
        if owner is None:
            return None
        family = _family(resolver, owner, down=kind == "self")
        if kind == "super":
            family = [c for c in family if c.qualname != owner.qualname]
        return _methods(resolver, family, name) or None
    if kind == "attr":
        shown = _attribute_type(resolver, owner, what) if owner is not None else ""
        return _on_type(resolver, name, shown) if shown else None
    if kind == "type":
        return _on_type(resolver, name, what)
    if kind == "name":
        return _on_name(resolver, name, what, caller)
    return None


def _visible(resolver: Resolver, name: str, caller: Symbol) -> list[Symbol]:
    """The functions a bare call of ``name`` in ``caller`` may mean: one nested in the
    caller or in a function around it, else those defined at a module's top level (a
    function nested in some other function cannot be called by its name from here)."""
    functions = [s for s in resolver.index.by_name(name) if s.kind == "function"]
    nested = [s for s in functions
              if caller.qualname == s.parent or caller.qualname.startswith(s.parent + ".")
              and resolver.index.module_of(s.path) != s.parent]
    return nested or [s for s in functions if resolver.index.module_of(s.path) == s.parent]


def _handed(resolver: Resolver, name: str, reached: set[str]) -> list[Symbol] | None:
    """A call of a local name (``updater(table)``, a parameter): the function of that
    name nested in code already reached (``insert`` defines ``updater`` and hands it on),
    not every nested ``updater`` of the tree; None when no such function is on the way."""
    nested = [s for s in resolver.index.by_name(name)
              if s.kind == "function" and s.parent in reached]
    return nested or None


def _on_type(resolver: Resolver, name: str, shown: str) -> list[Symbol] | None:
    """A call of ``name`` on a value of the type ``shown`` (a last name)."""
    if shown in BUILTIN_TYPES:
        return []
    named = resolver.index.by_name(shown)
    classes = [s for s in named if s.kind == "class"]
    if not classes:
        if named:  # a factory function or an alias: what it makes is not shown
            return None
        # a type from outside the tree: only the tree's classes built on it run its code
        heirs = resolver.index.subclasses_named(shown)
        return _methods(resolver, heirs, name) or None if heirs else []
    if any("Protocol" in {b.split("[")[0].rsplit(".", 1)[-1] for b in c.bases}
           for c in classes):
        return None  # any class that fits the protocol, none has to name it
    family = [f for c in classes for f in _family(resolver, c, down=True)]
    return _methods(resolver, family, name) or None


def _on_name(resolver: Resolver, name: str, dotted: str, caller: Symbol) -> list[Symbol] | None:
    """A call of ``name`` on ``X`` or ``X.y`` that is no local name of the caller: an
    imported module or class, or one of the caller's module."""
    first, _, rest = dotted.partition(".")
    module = resolver.index.module_of(caller.path)
    target = resolver.index.import_target(module, first)
    if target is not None:
        full = target[0] + (f".{rest}" if rest else "")
        if full.split(".")[0] not in resolver.index.top_modules:
            return []  # ``heapq.heappush``, ``os.path.join``: no code of the tree
    elif first in resolver.index.top_modules and rest:
        full = dotted
    else:
        full = f"{module}.{dotted}"
    symbols = resolver.index.by_qualname(full)
    classes = [s for s in symbols if s.kind == "class"]
    if classes:  # ``Cls.method(self)``, a classmethod or staticmethod
        found = _methods(resolver, [f for c in classes for f in _family(resolver, c, down=False)],
                         name)
        return found or None
    if any(s.kind in {"module", "package"} for s in symbols):
        found = [s for s in resolver.index.members(full, name) if s.kind in _CALLABLE]
        return (found + _constructors_in(resolver, full, name)) or None
    return None


def _owner(resolver: Resolver, caller: Symbol) -> Symbol | None:
    if caller.kind != "method":
        return None
    return next((s for s in resolver.index.by_qualname(caller.parent) if s.kind == "class"),
                None)


def _family(resolver: Resolver, cls: Symbol, *, down: bool) -> list[Symbol]:
    """``cls``, the classes of the tree above it and (``down``) those below it: ``self.m()``
    may run an override of a subclass as well as a base's method."""
    family = list(ancestry(resolver, cls).tree.values())
    frontier = [cls] if down else []
    while frontier and len(family) < _MAX_FAMILY:
        parent = frontier.pop()
        for child in resolver.index.subclasses_named(parent.name):
            if child not in family:
                family.append(child)
                frontier.append(child)
    return family


def _methods(resolver: Resolver, classes: list[Symbol], name: str) -> list[Symbol]:
    return [m for c in classes for m in resolver.index.members(c.qualname, name)
            if m.kind in _CALLABLE]


def _attribute_type(resolver: Resolver, owner: Symbol, attr: str) -> str:
    """The one type the methods of ``owner``'s family assign to ``self.attr`` ("" when
    none, or when they disagree)."""
    shown: set[str] = set()
    for cls in _family(resolver, owner, down=True):
        for method in resolver.index.children(cls.qualname):
            facts = resolver.index.body_facts(method)
            if facts is not None:
                shown |= {kind for a, kind in facts.attributes if a == attr}
    return shown.pop() if len(shown) == 1 else ""


def _constructors(resolver: Resolver, name: str) -> list[Symbol]:
    """Calling a class of the tree runs its ``__init__``."""
    return [m for cls in resolver.index.by_name(name) if cls.kind == "class"
            for m in resolver.index.members(cls.qualname, "__init__")]


def _constructors_in(resolver: Resolver, module: str, name: str) -> list[Symbol]:
    return [m for cls in resolver.index.members(module, name) if cls.kind == "class"
            for m in resolver.index.members(cls.qualname, "__init__")]
