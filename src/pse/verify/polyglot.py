"""Resolution of names defined in non-Python files (JS/TS, Go, Rust, Java, C, C++).

Those languages do not share Python's import semantics, so their names are matched on
qualname components: ``A.B.C`` is a symbol named ``C`` whose container is named ``B``
and whose qualname holds ``A`` further up (``store.Store.Get``, ``crate.config.Config``,
``com.example.Greeter``, ``shapes.Circle.area``). Members are looked up on the type
wherever they are defined (Go receivers, Rust ``impl`` blocks, C++ ``Type::m`` bodies),
then through bases in the tree; bases outside the tree are external, except the standard
ones listed here, whose members are known (``Clone::clone``, ``Object.toString``), so a
fabricated method on a type that merely derives ``Clone`` is still flagged. When a
prefix names a container of the tree but the rest is not found, the name is flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.planted import read_planted_text
from pse.verify.langnames import KNOWN_BASE_MEMBERS, UNIVERSAL_MEMBERS, language_external

_CONTAINERS = frozenset({"module", "package", "class", "struct", "interface", "enum", "trait",
                         "type"})
_VALUES = frozenset({"constant", "variable", "attribute"})
_DROPPED = frozenset({"self", "super", "this", "prototype", ""})
_MAX_DEPTH = 8
__all__ = ["ForeignAnswer", "crate_names", "is_foreign", "language_external",
           "resolve_foreign"]


@dataclass(frozen=True)
class ForeignAnswer:
    """What the non-Python part of the tree says about a dotted name."""

    symbols: tuple[Symbol, ...] = ()
    """Definitions found (the name is verified)."""
    external: str = ""
    """Why the member lives outside the tree (inherited from an outside base)."""
    missing: str = ""
    """Why the name is flagged: its container exists in the tree, the member does not."""


def is_foreign(symbol: Symbol) -> bool:
    """True for a symbol defined in a file that is not Python."""
    return not symbol.path.endswith((".py", ".pyi"))


def resolve_foreign(index: SymbolIndex, parts: list[str]) -> ForeignAnswer | None:
    """Resolve a dotted name against non-Python symbols (None: they know nothing of it)."""
    parts = _normalized(index, parts)
    if not parts:
        return None
    found = _fitting(index, parts)
    if found:
        return ForeignAnswer(symbols=tuple(found))
    if len(parts) == 1:
        return None
    for depth in range(len(parts) - 1, 0, -1):
        prefix = _fitting(index, parts[:depth])
        containers = [s for s in prefix if s.kind in _CONTAINERS]
        values = [s for s in prefix if s.kind in _VALUES]
        if values and not containers and not any(index.children(v.qualname) for v in values):
            return ForeignAnswer(external="member of a value whose type is not known "
                                 "statically")
        if not containers and not values:
            continue
        if depth == len(parts) - 1 and containers:
            answer = _member_of(index, containers, parts[-1])
            if answer is not None:
                return answer
        owner = ".".join(parts[:depth])
        return ForeignAnswer(missing=f"{owner!r} has no member {parts[depth]!r} in the tree")
    return None


def _normalized(index: SymbolIndex, parts: list[str]) -> list[str]:
    crates = crate_names(str(index.root))
    cleaned = [p for p in parts if p not in _DROPPED]
    if cleaned and cleaned[0] in crates:
        cleaned[0] = "crate"
    return cleaned


@lru_cache(maxsize=16)
def crate_names(root: str) -> frozenset[str]:
    """The root crate's name as written in paths (``tiny-kv`` -> ``tiny_kv``)."""
    text = read_planted_text(Path(root) / "Cargo.toml")
    if text is None:
        return frozenset()
    match = re.search(r'^\[package\][^\[]*?^name\s*=\s*"([^"]+)"', text, re.M | re.S)
    return frozenset({match.group(1).replace("-", "_")}) if match else frozenset()


def _fitting(index: SymbolIndex, parts: list[str]) -> list[Symbol]:
    """Non-Python symbols whose qualname ends like ``parts`` (the leading parts may skip
    components: ``com.example.Greeter`` fits ``com.example.greet.Greeter``)."""
    return [s for s in index.by_name(parts[-1])
            if is_foreign(s) and s.kind != "parameter" and _fits(s.qualname.split("."), parts)]


def _fits(qualname: list[str], parts: list[str]) -> bool:
    if len(parts) > len(qualname) or qualname[-1] != parts[-1]:
        return False
    if len(parts) >= 2 and qualname[-2] != parts[-2]:
        return False
    rest = iter(qualname[:-2])
    return all(part in rest for part in parts[:-2])  # a subsequence, in order


def _member_of(index: SymbolIndex, containers: list[Symbol], name: str
               ) -> ForeignAnswer | None:
    for container in containers:
        answer = _inherited(index, container, name, seen=set(), depth=0)
        if answer is not None:
            return answer
        imported = index.import_target(container.qualname, name)
        if imported is not None:
            targets = [s for s in index.by_qualname(imported[0]) if is_foreign(s)]
            return ForeignAnswer(symbols=tuple(targets)) if targets else \
                ForeignAnswer(external=f"imported by {container.qualname} from {imported[0]}")
    return None


def _inherited(index: SymbolIndex, container: Symbol, name: str, *, seen: set[str],
               depth: int) -> ForeignAnswer | None:
    """``name`` on a base of ``container`` (the container's own members are matched by
    :func:`_fitting` before this is called)."""
    if container.qualname in seen or depth > _MAX_DEPTH:
        return None
    seen.add(container.qualname)
    if depth:
        own = [s for s in index.by_name(name) if is_foreign(s)
               and s.parent.rsplit(".", 1)[-1] == container.name]
        if own:
            return ForeignAnswer(symbols=tuple(own))
    language = _language_of(container.path)
    if name in UNIVERSAL_MEMBERS.get(language, ()):
        return ForeignAnswer(external=f"a member every {language} value has")
    for base in container.bases:
        base_name = base.rsplit(".", 1)[-1]
        in_tree = [s for s in index.by_name(base_name) if is_foreign(s)
                   and s.kind in _CONTAINERS]
        for symbol in in_tree:
            answer = _inherited(index, symbol, name, seen=seen, depth=depth + 1)
            if answer is not None:
                return answer
        if in_tree:
            continue
        known = KNOWN_BASE_MEMBERS.get(base_name)
        if known is None:
            return ForeignAnswer(external=f"may be inherited from {base} (outside the tree)")
        if name in known:
            return ForeignAnswer(external=f"inherited from {base} (outside the tree)")
    return None


def _language_of(path: str) -> str:
    suffix = path.rsplit(".", 1)[-1].lower()
    return {"js": "javascript", "mjs": "javascript", "cjs": "javascript", "jsx": "javascript",
            "ts": "javascript", "tsx": "javascript", "mts": "javascript", "cts": "javascript",
            "rs": "rust", "java": "java", "go": "go"}.get(suffix, "c")
