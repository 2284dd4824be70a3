"""Read-only queries over an indexed tree.

:class:`SymbolIndex` wraps the SQLite cache written by the builder. Symbol queries go to
SQLite with an index behind each; only the file list (small) is held in memory, because
path references need suffix and folder lookups that SQL answers poorly.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path

from pse.index.bodies import extract_bodies
from pse.index.model import BodyFacts, DefFacts, IndexWarning, Symbol
from pse.index.returns import (
    ParamTypes,
    Returned,
    extract_param_types,
    extract_returned,
    extract_returns,
)
from pse.index.store import save_bodies
from pse.planted import MAX_COUNTED_BYTES, read_planted

_COLUMNS = "qualname, name, kind, path, line, end_line, parent, bases, params, varkw"


def _symbol(row: tuple[object, ...]) -> Symbol:
    qualname, name, kind, path, line, end_line, parent, bases, params, varkw = row
    return Symbol(qualname=str(qualname), name=str(name), kind=kind,  # type: ignore[arg-type]  # stored from a SymbolKind
                  path=str(path), line=int(line), end_line=int(end_line),  # type: ignore[call-overload]  # INTEGER column
                  parent=str(parent), bases=_strings(bases), params=_strings(params),
                  varkw=bool(varkw))


def _like_escaped(text: str) -> str:
    """``text`` as a literal inside a ``LIKE ... ESCAPE '\\'`` pattern."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _strings(stored: object) -> tuple[str, ...]:
    """A JSON list column as a tuple (most are empty: no decoder call for those)."""
    return () if stored == "[]" else tuple(json.loads(str(stored)))


class SymbolIndex:
    """Queries over the symbols, imports and files of one source tree."""

    def __init__(self, conn: sqlite3.Connection, *, root: Path) -> None:
        self._conn = conn
        self.root = root
        self._memo: dict[tuple[str, tuple[object, ...]], list[Symbol]] = {}
        self._bodies: dict[str, list[BodyFacts]] = {}
        self._returns: dict[str, dict[tuple[str, int], tuple[str, ...]]] = {}
        self._returned: dict[str, dict[tuple[str, int], tuple[Returned, ...]]] = {}
        self._param_types: dict[str, dict[tuple[str, int], ParamTypes]] = {}

    def close(self) -> None:
        """Close the database connection."""
        self._conn.close()

    def _symbols(self, where: str, args: tuple[object, ...]) -> list[Symbol]:
        rows = self._conn.execute(
            f"SELECT {_COLUMNS} FROM symbols WHERE {where} ORDER BY path, line, qualname",  # noqa: S608 - callers pass fixed SQL
            args)
        return [_symbol(row) for row in rows]

    def by_qualname(self, qualname: str) -> list[Symbol]:
        """Symbols whose dotted name is exactly ``qualname``."""
        return self._cached("qualname = ?", (qualname,))

    def by_name(self, name: str) -> list[Symbol]:
        """Symbols whose own (last) name is ``name``, anywhere in the tree."""
        return self._cached("name = ?", (name,))

    def members(self, parent: str, name: str) -> list[Symbol]:
        """Symbols named ``name`` directly inside ``parent`` (a class, module or function);
        a ``.pyi`` stub's copies beside the module's own are left out (:func:`code_first`)."""
        return code_first(self._cached("parent = ? AND name = ?", (parent, name)))

    def _cached(self, where: str, args: tuple[object, ...]) -> list[Symbol]:
        # resolution asks the same questions many times (inheritance chains, re-exports)
        key = (where, args)
        if key not in self._memo:
            self._memo[key] = self._symbols(where, args)
        return list(self._memo[key])

    def subclasses_named(self, name: str) -> list[Symbol]:
        """Classes whose written bases name ``name`` as their last part (``Text``,
        ``text.Text``): the candidate subclasses of a class called ``name``."""
        found = self._cached("kind = 'class' AND bases LIKE ? ESCAPE '\\'",
                             (f"%{_like_escaped(name)}%",))
        return [s for s in found if any(b.rsplit(".", 1)[-1].split("[")[0] == name
                                        for b in s.bases)]

    def with_parameter(self, name: str) -> list[Symbol]:
        """Functions and methods that take a parameter called ``name``."""
        found = self._cached("kind IN ('function', 'method') AND params LIKE ? ESCAPE '\\'",
                             (f'%"{_like_escaped(name)}"%',))
        return [s for s in found if name in s.params]

    def children(self, parent: str) -> list[Symbol]:
        """Every symbol directly inside ``parent``; a ``.pyi`` stub's copies beside the
        module's own are left out (:func:`code_first`)."""
        return code_first(self._symbols("parent = ?", (parent,)))

    def in_file(self, path: str) -> list[Symbol]:
        """Every symbol defined in ``path``."""
        return self._symbols("path = ?", (path,))

    def import_target(self, module: str, alias: str) -> tuple[str, str, int] | None:
        """What ``alias`` means in ``module`` through an import: (target, path, line)."""
        row = self._conn.execute(
            "SELECT target, path, line FROM imports WHERE module = ? AND alias = ? "
            "ORDER BY line LIMIT 1", (module, alias)).fetchone()
        return (str(row[0]), str(row[1]), int(row[2])) if row else None

    def import_targets(self, module: str, alias: str) -> list[str]:
        """Every target ``alias`` is imported from in ``module``'s files (a stub ``.pyi``
        may re-export it from elsewhere than the implementation does)."""
        rows = self._conn.execute(
            "SELECT DISTINCT target FROM imports WHERE module = ? AND alias = ? "
            "ORDER BY target", (module, alias))
        return [str(target) for (target,) in rows]

    def any_import_of(self, alias: str) -> str | None:
        """What some module of the tree imports under the name ``alias`` (first found)."""
        row = self._conn.execute(
            "SELECT target FROM imports WHERE alias = ? ORDER BY path, line LIMIT 1",
            (alias,)).fetchone()
        return str(row[0]) if row else None

    def module_of(self, path: str) -> str:
        """The dotted module name of a Python file ("" for other files)."""
        row = self._conn.execute("SELECT module FROM files WHERE path = ?", (path,)).fetchone()
        return str(row[0]) if row else ""

    def import_aliases(self, module: str) -> list[str]:
        """Names ``module`` binds by importing them (its re-exports, among others)."""
        rows = self._conn.execute(
            "SELECT DISTINCT alias FROM imports WHERE module = ? AND alias != '*' ORDER BY alias",
            (module,))
        return [str(a) for (a,) in rows]

    def star_imports(self, module: str) -> list[str]:
        """Modules that ``module`` star-imports, in source order."""
        rows = self._conn.execute(
            "SELECT target FROM imports WHERE module = ? AND alias = '*' ORDER BY line",
            (module,))
        return [str(r[0]) for r in rows]

    def mentions(self, kind: str, value: str) -> list[tuple[str, int]]:
        """Where the sources mention an env var or CLI flag ``value``: (path, line)."""
        rows = self._conn.execute(
            "SELECT path, line FROM mentions WHERE kind = ? AND value = ? ORDER BY path, line",
            (kind, value))
        return [(str(p), int(n)) for p, n in rows]

    def all_mentions(self, kind: str) -> list[tuple[str, str, int]]:
        """Every mention of ``kind``: (value, path, line), sorted."""
        rows = self._conn.execute(
            "SELECT value, path, line FROM mentions WHERE kind = ? ORDER BY value, path, line",
            (kind,))
        return [(str(v), str(p), int(n)) for v, p, n in rows]

    def count_symbols(self) -> int:
        """How many symbols the tree defines."""
        return int(self._conn.execute("SELECT COUNT(*) FROM symbols").fetchone()[0])

    def warnings(self) -> list[IndexWarning]:
        """Files that were found but could not be parsed."""
        rows = self._conn.execute("SELECT path, error FROM files WHERE error != '' ORDER BY path")
        return [IndexWarning(path=str(p), message=str(e)) for p, e in rows]

    def all_symbols(self) -> list[Symbol]:
        """Every symbol, sorted (for dumps and golden files)."""
        return self._symbols("1 = 1", ())

    @cached_property
    def files(self) -> dict[str, tuple[str, int | None]]:
        """``path -> (language, lines or None)`` of every file in the tree."""
        rows = self._conn.execute("SELECT path, language, lines FROM files ORDER BY path")
        return {str(p): (str(lang), None if n is None else int(n)) for p, lang, n in rows}

    @cached_property
    def folders(self) -> frozenset[str]:
        """Every folder that holds at least one indexed file (POSIX, no trailing slash)."""
        found: set[str] = set()
        for path in self.files:
            parts = path.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                found.add("/".join(parts[:depth]))
        return frozenset(found)

    @cached_property
    def top_modules(self) -> frozenset[str]:
        """First components of every module defined in the tree (``requests``, ``click``)."""
        rows = self._conn.execute("SELECT DISTINCT substr(module, 1, instr(module || '.', '.')"
                                  " - 1) FROM files WHERE module != ''")
        return frozenset(str(m) for (m,) in rows)

    @cached_property
    def module_paths(self) -> dict[str, str]:
        """``path -> dotted module`` of every Python file."""
        rows = self._conn.execute("SELECT path, module FROM files WHERE module != ''")
        return {str(p): str(m) for p, m in rows}

    @cached_property
    def imported_top_modules(self) -> frozenset[str]:
        """Top-level modules the tree imports (its dependencies, stdlib included)."""
        # the first component is cut in SQLite: a few hundred rows instead of thousands
        rows = self._conn.execute("SELECT DISTINCT substr(target, 1, instr(target || '.', '.')"
                                  " - 1) FROM imports")
        return frozenset(str(t) for (t,) in rows if t)

    def names(self) -> list[str]:
        """Every distinct symbol name (for did-you-mean suggestions)."""
        rows = self._conn.execute("SELECT DISTINCT name FROM symbols ORDER BY name")
        return [str(n) for (n,) in rows]

    def names_in_any_case(self, name: str) -> list[str]:
        """The distinct names that are ``name`` but for letter case (``name`` itself too)."""
        return self._names_by_lower_case.get(name.lower(), [])

    @cached_property
    def _names_by_lower_case(self) -> dict[str, list[str]]:
        """Every distinct name but parameters', by its lower case (one pass, when asked)."""
        found: dict[str, list[str]] = {}
        rows = self._conn.execute("SELECT DISTINCT name FROM symbols WHERE kind != 'parameter'")
        for (name,) in rows:
            found.setdefault(str(name).lower(), []).append(str(name))
        return found

    def names_in_languages(self, languages: tuple[str, ...]) -> list[tuple[str, str]]:
        """Every distinct (name, path) of a symbol defined in a file of ``languages``
        (through the path index: the rows of other files are never read)."""
        marks = ", ".join("?" for _ in languages)
        rows = self._conn.execute(
            "SELECT DISTINCT name, path FROM symbols WHERE path IN "
            f"(SELECT path FROM files WHERE language IN ({marks})) ORDER BY name",  # noqa: S608 - placeholders only
            languages)
        return [(str(n), str(p)) for n, p in rows]

    def underscored_names(self) -> list[tuple[str, str]]:
        """Every distinct (name, path) of a symbol whose name starts with ``_`` (a range
        of the name index)."""
        rows = self._conn.execute(
            "SELECT DISTINCT name, path FROM symbols WHERE name >= '_' AND name < '`' "
            "ORDER BY name")
        return [(str(n), str(p)) for n, p in rows]

    def foreign_qualnames(self) -> list[str]:
        """Qualnames of the symbols of non-Python files."""
        rows = self._conn.execute(
            "SELECT DISTINCT qualname FROM symbols WHERE path NOT LIKE '%.py' "
            "AND path NOT LIKE '%.pyi' ORDER BY qualname")
        return [str(q) for (q,) in rows]

    def names_near(self, name: str) -> list[str]:
        """Distinct names sharing ``name``'s first character and of similar length.

        A range scan on the name index: cheap even on a tree of 100k symbols, and what a
        did-you-mean needs (typos and suffix changes keep the first character).
        """
        if not name:
            return []
        first = name[0]
        low, high = max(1, len(name) * 2 // 3), len(name) * 3 // 2 + 2
        rows = self._conn.execute(
            "SELECT DISTINCT name FROM symbols WHERE name >= ? AND name < ? "
            "AND length(name) BETWEEN ? AND ? ORDER BY name",
            (first, chr(ord(first) + 1), low, high))
        return [str(n) for (n,) in rows]

    def within_root(self, path: str) -> str:
        """A document's path made relative to the root when it names the root folder itself.

        With ``--source src/requests``, a document written from the repository's point of
        view says ``requests/api.py``; that is ``api.py`` here.
        """
        prefix = self.root.name + "/"
        # only when the root is itself a package folder (``src/requests`` with __init__.py)
        if "__init__.py" in self.files and path.startswith(prefix) and path not in self.files \
                and path.rstrip("/") not in self.folders:
            return path[len(prefix):]
        return path

    def paths_matching(self, path: str) -> list[str]:
        """Files equal to ``path`` from the root, or ending with it at a folder boundary."""
        path = self.within_root(path.removeprefix("./").removeprefix("/"))
        if path in self.files:
            return [path]
        suffix = "/" + path
        return [f for f in self.files if f.endswith(suffix)]

    def file_lines(self, path: str) -> int | None:
        """Number of lines of ``path`` (read from disk for files that were not parsed)."""
        entry = self.files.get(path)
        if entry is None:
            return None
        if entry[1] is not None:
            return entry[1]
        data = read_planted(self.root / path, limit=MAX_COUNTED_BYTES)
        if data is None:  # not regular, or too large to count (a sparse 3 GiB file)
            return None
        return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)

    def is_python_source(self, path: str) -> bool:
        """Whether ``path`` is Python source whose bodies the on-demand readers parse: a
        ``.py`` file, or a script its ``#!`` line runs with Python (``bin/tool``); a
        ``.pyi`` stub has signatures only."""
        entry = self.files.get(path)
        return entry is not None and entry[0] == "python" and not path.endswith(".pyi")

    def file_text(self, path: str) -> str | None:
        """The text of the tree file ``path`` (None: not a file of the tree, or not
        readable), read bounded like every planted file."""
        if path not in self.files:
            return None
        data = read_planted(self.root / path, limit=MAX_COUNTED_BYTES)
        return None if data is None else data.decode("utf-8", errors="replace")

    def _source_bytes(self, path: str) -> bytes:
        """A tree file's bytes for the on-demand readers, read bounded like every planted
        file (a FIFO, a device or an oversized file gives b"": nothing to read)."""
        return read_planted(self.root / path, limit=MAX_COUNTED_BYTES) or b""

    def source_of(self, symbol: Symbol) -> str | None:
        """The text of ``symbol``'s definition, its lines as the file has them (None: not
        readable); read bounded, like every planted file."""
        data = read_planted(self.root / symbol.path, limit=MAX_COUNTED_BYTES)
        if data is None:
            return None
        lines = data.decode("utf-8", errors="replace").split("\n")
        return "\n".join(lines[symbol.line - 1:symbol.end_line])

    # ----------------------------------------------------------------- claim facts
    def def_facts(self, qualname: str) -> list[DefFacts]:
        """Decorators, async-ness, ``*args`` and value forms recorded for ``qualname``."""
        rows = self._conn.execute(
            "SELECT qualname, line, decorators, is_async, varargs, value FROM defs "
            "WHERE qualname = ? ORDER BY path, line", (qualname,))
        return [DefFacts(str(q), int(n), decorators=tuple(json.loads(str(d))),
                         is_async=bool(a), varargs=bool(v), value=str(value))
                for q, n, d, a, v, value in rows]

    @cached_property
    def applied_decorators(self) -> frozenset[str]:
        """The last name of every decorator a definition of the tree carries (``@retry(3)``
        and ``@tools.retry`` are both ``retry``): what the tree itself uses as one."""
        rows = self._conn.execute("SELECT DISTINCT decorators FROM defs WHERE decorators != '[]'")
        return frozenset(str(d).rsplit(".", 1)[-1] for (ds,) in rows
                         for d in json.loads(str(ds)))

    def return_names(self, symbol: Symbol) -> tuple[str, ...] | None:
        """The names in a Python function's return annotation (None: not annotated or not
        readable). Read from the file on first use and kept for the index's life."""
        if symbol.kind not in {"function", "method"} or not self.is_python_source(symbol.path):
            return None
        if symbol.path not in self._returns:
            source = self._source_bytes(symbol.path)
            self._returns[symbol.path] = extract_returns(
                source, module=self.module_of(symbol.path))
        return self._returns[symbol.path].get((symbol.qualname, symbol.line))

    def returned(self, symbol: Symbol) -> tuple[Returned, ...] | None:
        """What each ``return`` of a Python function returns (None: a generator, or not
        readable). Read on first use, like
        :meth:`return_names`."""
        if symbol.kind not in {"function", "method"} or not self.is_python_source(symbol.path):
            return None
        if symbol.path not in self._returned:
            source = self._source_bytes(symbol.path)
            self._returned[symbol.path] = extract_returned(
                source, module=self.module_of(symbol.path))
        return self._returned[symbol.path].get((symbol.qualname, symbol.line))

    def param_types(self, symbol: Symbol) -> ParamTypes | None:
        """A Python function's parameters with the names their annotations mention (None:
        not readable). Read on first use, like :meth:`return_names`."""
        if symbol.kind not in {"function", "method"} or not self.is_python_source(symbol.path):
            return None
        if symbol.path not in self._param_types:
            source = self._source_bytes(symbol.path)
            self._param_types[symbol.path] = extract_param_types(
                source, module=self.module_of(symbol.path))
        return self._param_types[symbol.path].get((symbol.qualname, symbol.line))

    def body_facts(self, symbol: Symbol) -> BodyFacts | None:
        """Calls, raise sites and names of a Python function's body (None: not known).

        Read from the file on first use and cached in the index database with the file's
        other rows, so a changed file is re-read and an unchanged one never again.
        """
        if symbol.kind not in {"function", "method"} or not self.is_python_source(symbol.path):
            return None
        if symbol.path not in self._bodies:
            self._bodies[symbol.path] = self._load_bodies(symbol.path)
        for body in self._bodies[symbol.path]:
            if body.qualname == symbol.qualname and body.line == symbol.line:
                return body
        return None

    def _load_bodies(self, path: str) -> list[BodyFacts]:
        rows = self._conn.execute(
            "SELECT qualname, line, calls, raises, names, lookups, implied, guarded, "
            "receivers, attributes FROM bodies WHERE path = ?", (path,)).fetchall()
        if rows:
            return [BodyFacts(str(q), int(n), calls=tuple(json.loads(c)),
                              raises=tuple(json.loads(r)), names=tuple(json.loads(m)),
                              lookups=bool(k), implied=tuple(json.loads(i)),
                              guarded=_pairs(g), receivers=_pairs(v),
                              attributes=tuple((str(a), str(kind)) for a, kind in json.loads(w)))
                    for q, n, c, r, m, k, i, g, v, w in rows if q]
        source = read_planted(self.root / path, limit=MAX_COUNTED_BYTES)
        if source is None:
            return []
        bodies = extract_bodies(source, module=self.module_of(path))
        try:
            save_bodies(self._conn, path, bodies)
        except sqlite3.Error:
            pass  # a read-only cache still answers, from memory
        return bodies


def _pairs(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A stored list of (name, [values]) pairs, as :class:`BodyFacts` keeps them."""
    return tuple((str(name), tuple(values)) for name, values in json.loads(text))


def code_first(symbols: Iterable[Symbol]) -> list[Symbol]:
    """``symbols`` without those of ``.pyi`` stubs when a module's file holds some of them
    too: a stub shipped beside ``encoder.py`` declares its definitions a second time, for
    type checkers, and counting both would count each twice."""
    found = list(symbols)
    return [s for s in found if not s.path.endswith(".pyi")] or found
