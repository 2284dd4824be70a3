"""Value types of the symbol index: what one source file contributes.

Everything here is plain data (frozen dataclasses) so extraction can run in worker
processes and results can be cached in SQLite and compared byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

SymbolKind = Literal[
    "module", "package", "class", "function", "method", "attribute", "parameter",
    "interface", "struct", "enum", "trait", "type", "constant", "variable",
]


@dataclass(frozen=True)
class Symbol:
    """A named thing defined in the source, with its location."""

    qualname: str
    """Dotted, module-qualified name: ``requests.sessions.Session.send``."""
    name: str
    kind: SymbolKind
    path: str
    """POSIX path relative to the source root."""
    line: int
    end_line: int
    parent: str = ""
    """Qualname of the enclosing module, class or function ("" for top-level modules)."""
    bases: tuple[str, ...] = ()
    """Base classes as written in the source (resolved at query time); for a JS/TS value,
    its declared or constructed class."""
    params: tuple[str, ...] = ()
    """Parameter names, for functions and methods."""
    varkw: bool = False
    """True when the function accepts ``**kwargs``."""


@dataclass(frozen=True)
class ImportEdge:
    """A name bound in a module by an import: ``alias`` in ``module`` means ``target``."""

    module: str
    alias: str
    """The bound name, or ``*`` for a star import."""
    target: str
    """Absolute dotted name the alias refers to."""
    line: int


@dataclass(frozen=True)
class Mention:
    """A string in the source that names an environment variable, a CLI flag or a key."""

    kind: Literal["env_var", "flag", "key"]
    value: str
    line: int


@dataclass(frozen=True)
class DefFacts:
    """What a definition says about itself beyond its name (checked by structural claims).

    Only definitions with something to say have one: a plain ``def`` (no decorator, not
    async, no ``*args``) has none.
    """

    qualname: str
    line: int
    decorators: tuple[str, ...] = ()
    """Decorator names as dotted names (``property``, ``functools.wraps``)."""
    is_async: bool = False
    """True for ``async def``."""
    varargs: bool = False
    """True when the function accepts ``*args``."""
    value: str = ""
    """For assignments: the value's form, ``literal``, ``call``, ``name`` or ``other``."""


@dataclass(frozen=True)
class BodyFacts:
    """What one function's own body does (read on demand, then cached)."""

    qualname: str
    line: int
    calls: tuple[str, ...] = ()
    """Last names of the callables called in the own body (nested definitions excluded)."""
    raises: tuple[str, ...] = ()
    """Dotted names raised in the own body (``raise E`` and ``raise E(...)``)."""
    names: tuple[str, ...] = ()
    """Every name and attribute name anywhere in the function, nested definitions included."""
    lookups: bool = False
    """Whether the own body subscripts a value (``d[k]``, ``del s[i]``): a lookup that may
    raise ``KeyError`` or ``IndexError`` without a ``raise``."""
    implied: tuple[str, ...] = ()
    """Special methods the own body's syntax calls: ``self[k]`` ``__getitem__``, ``del
    self[k]`` ``__delitem__``, ``k in self`` ``__contains__``, ``import x`` ``__import__``
    (a call a sentence may name, but no path to follow by name)."""
    guarded: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Calls (by last name) and lookups (``"[]"``) that every time they occur sit in a
    ``try`` whose handlers catch, without raising again, the errors listed (last names;
    ``"*"`` for a bare ``except``, ``Exception`` or ``BaseException``): what they raise
    of those errors never leaves the function."""

    receivers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per call of :attr:`calls`, what it is called on (tags of :mod:`pse.index.receivers`):
    ``self.expire()`` is the class's own ``expire``, ``{}.get()`` no code of the tree."""
    attributes: tuple[tuple[str, str], ...] = ()
    """The instance attributes the own body assigns (``self.x = ...``), each with the type
    its assignments show ("" when none or several)."""

    def caught(self, operation: str, errors: tuple[str, ...]) -> bool:
        """Whether ``operation`` (a call's name, or ``"[]"``) is guarded against an error
        whose class or one of whose bases is named in ``errors``."""
        for name, handled in self.guarded:
            if name == operation:
                return "*" in handled or any(e in handled for e in errors)
        return False


@dataclass(frozen=True)
class ParsedFile:
    """Everything extracted from one source file."""

    path: str
    language: str
    lines: int
    symbols: tuple[Symbol, ...] = ()
    imports: tuple[ImportEdge, ...] = ()
    mentions: tuple[Mention, ...] = ()
    defs: tuple[DefFacts, ...] = ()
    error: str = ""
    """Why the file could not be parsed ("" when it was)."""


@dataclass(frozen=True)
class FileEntry:
    """A discovered file with the stat data the cache is keyed on."""

    path: str
    size: int
    mtime_ns: int
    language: str = ""
    """Language detected from the extension ("" when not a source language)."""


@dataclass(frozen=True)
class IndexWarning:
    """A file that could not be indexed, and why."""

    path: str
    message: str


@dataclass(frozen=True)
class IndexStats:
    """Counts for progress and summaries."""

    files: int
    parsed: int
    reused: int
    symbols: int
    warnings: tuple[IndexWarning, ...] = field(default_factory=tuple)
