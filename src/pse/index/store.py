"""The SQLite cache behind the symbol index.

One database per source root, keyed by the resolved root path. A file's rows are
replaced only when its size, mtime, module name or extractor changed, so a warm run over
an unchanged tree reads nothing but ``stat`` data, and a cache filled by an environment
with other extractors (tree-sitter missing, another version) is not silently reused. The
schema version is stored; a database from another version is rebuilt rather than misread.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pse.errors import SourceError
from pse.index.model import BodyFacts, FileEntry, ParsedFile

SCHEMA_VERSION = "14"
"""5: definition and body facts; 6: each file records its extractor; 7: and its digest;
8: body names leave out the exceptions only caught, raises hold those a bare raise rethrows;
14: a file without an extension has the language of its ``#!`` line."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    language TEXT NOT NULL, lines INTEGER, module TEXT NOT NULL, error TEXT NOT NULL,
    extractor TEXT NOT NULL, digest TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS symbols (
    path TEXT NOT NULL, qualname TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    line INTEGER NOT NULL, end_line INTEGER NOT NULL, parent TEXT NOT NULL,
    bases TEXT NOT NULL, params TEXT NOT NULL, varkw INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS symbols_qualname ON symbols (qualname);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols (name);
CREATE INDEX IF NOT EXISTS symbols_parent ON symbols (parent, name);
CREATE INDEX IF NOT EXISTS symbols_path ON symbols (path);
CREATE TABLE IF NOT EXISTS imports (
    path TEXT NOT NULL, module TEXT NOT NULL, alias TEXT NOT NULL, target TEXT NOT NULL,
    line INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS imports_alias ON imports (module, alias);
CREATE INDEX IF NOT EXISTS imports_path ON imports (path);
CREATE TABLE IF NOT EXISTS mentions (
    path TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL, line INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS mentions_value ON mentions (kind, value);
CREATE INDEX IF NOT EXISTS mentions_path ON mentions (path);
CREATE TABLE IF NOT EXISTS defs (
    path TEXT NOT NULL, qualname TEXT NOT NULL, line INTEGER NOT NULL, decorators TEXT NOT NULL,
    is_async INTEGER NOT NULL, varargs INTEGER NOT NULL, value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS defs_qualname ON defs (qualname);
CREATE INDEX IF NOT EXISTS defs_path ON defs (path);
CREATE TABLE IF NOT EXISTS bodies (
    path TEXT NOT NULL, qualname TEXT NOT NULL, line INTEGER NOT NULL, calls TEXT NOT NULL,
    raises TEXT NOT NULL, names TEXT NOT NULL, lookups INTEGER NOT NULL,
    implied TEXT NOT NULL, guarded TEXT NOT NULL, receivers TEXT NOT NULL,
    attributes TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS bodies_path ON bodies (path, qualname);
"""


def database_path(cache_dir: Path, root: Path) -> Path:
    """Where the index of ``root`` is cached."""
    digest = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:20]
    return cache_dir / "index" / f"{digest}.sqlite"


def open_database(path: Path, *, root: Path) -> sqlite3.Connection:
    """Open (creating or rebuilding as needed) the cache database at ``path``.

    Any number of processes may share one cache: the database runs in WAL mode with a
    busy timeout, and creating or rebuilding it happens under an exclusive ``flock`` on
    ``<path>.lock``. A database of another schema is emptied in place, and an unreadable
    one is replaced by a new file renamed over it: never unlinked while another process
    may be creating or reading it.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _creation_lock(path):
            conn = _connect(path)
            if _schema_version(conn) != SCHEMA_VERSION:
                conn = _rebuild(conn, path)
            if read_meta(conn, "root") != str(root.resolve()):  # no write per run
                write_meta(conn, "root", str(root.resolve()))
                conn.commit()
    except (OSError, sqlite3.Error) as exc:
        raise SourceError(f"cannot open the index cache {str(path)!r}: {exc}; "
                          "run 'pse cache clear' or set PSE_CACHE_DIR") from exc
    return conn


@contextmanager
def _creation_lock(path: Path) -> Iterator[None]:
    """An exclusive inter-process lock for creating or migrating ``path``."""
    import fcntl  # POSIX; pse runs on Linux and macOS

    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=60)
    # readers never block the writer and the other way round; a waiting writer retries
    conn.execute("PRAGMA busy_timeout = 60000")
    try:
        conn.execute("PRAGMA journal_mode = WAL")
    except sqlite3.DatabaseError:
        pass  # not a database: the schema check fails next, and the file is replaced
    # a lost cache is rebuilt, so durability is not worth an fsync per transaction
    conn.execute("PRAGMA synchronous = OFF")
    return conn


def _rebuild(conn: sqlite3.Connection, path: Path) -> sqlite3.Connection:
    """The database at ``path`` with the current, empty schema (called under the lock)."""
    try:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%'")]
        for table in tables:
            conn.execute(f'DROP TABLE "{table}"')
        conn.executescript(_SCHEMA)
    except sqlite3.DatabaseError:  # not a database at all: a new file takes its name
        conn.close()
        fresh = path.with_name(f".{path.name}.{os.getpid()}.new")
        fresh.unlink(missing_ok=True)
        new = sqlite3.connect(fresh)
        new.executescript(_SCHEMA)
        new.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        os.replace(fresh, path)
        conn = _connect(path)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
    conn.commit()
    return conn


def _schema_version(conn: sqlite3.Connection) -> str | None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.DatabaseError:
        return None
    return row[0] if row else None


@dataclass(frozen=True)
class StoredFile:
    """What the cache knows of one file: the key its rows were built for."""

    size: int
    mtime_ns: int
    module: str
    extractor: str
    digest: str
    """Digest of the content (:func:`pse.index.parsing.content_digest`; "" when the file
    was not read)."""


def read_meta(conn: sqlite3.Connection, key: str) -> str | None:
    """The value of a ``meta`` row (None when there is none)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def write_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    """Set a ``meta`` row (the caller holds the transaction)."""
    conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))


def stored_files(conn: sqlite3.Connection) -> dict[str, StoredFile]:
    """Every file in the cache, by path."""
    rows = conn.execute("SELECT path, size, mtime_ns, module, extractor, digest FROM files")
    return {path: StoredFile(size, mtime, module, extractor, digest)
            for path, size, mtime, module, extractor, digest in rows}


def delete_files(conn: sqlite3.Connection, paths: Iterable[str]) -> None:
    """Forget ``paths`` and everything extracted from them."""
    rows = [(p,) for p in paths]
    if not rows:
        return
    for table in ("files", "symbols", "imports", "mentions", "defs", "bodies"):
        conn.executemany(f"DELETE FROM {table} WHERE path = ?", rows)  # noqa: S608 - fixed names


def update_stat(conn: sqlite3.Connection, entries: Iterable[FileEntry]) -> None:
    """Record new stat data for files whose content did not change (their rows stay)."""
    conn.executemany("UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?",
                     [(e.size, e.mtime_ns, e.path) for e in entries])


@dataclass(frozen=True)
class FileRows:
    """One file's rows, as a parser worker sends them back: plain tuples, cheap to pickle
    and written by ``executemany`` as they are."""

    path: str
    lines: int | None
    error: str
    digest: str
    symbols: tuple[tuple[str | int, ...], ...] = ()
    imports: tuple[tuple[str | int, ...], ...] = ()
    mentions: tuple[tuple[str | int, ...], ...] = ()
    defs: tuple[tuple[str | int, ...], ...] = ()


def file_rows(parsed: ParsedFile, *, digest: str) -> FileRows:
    """The rows of one parsed file."""
    path = parsed.path
    return FileRows(
        path=path, lines=parsed.lines, error=parsed.error, digest=digest,
        symbols=tuple((s.path, s.qualname, s.name, s.kind, s.line, s.end_line, s.parent,
                       _json_strings(s.bases), _json_strings(s.params), int(s.varkw))
                      for s in parsed.symbols),
        imports=tuple((path, i.module, i.alias, i.target, i.line) for i in parsed.imports),
        mentions=tuple((path, m.kind, m.value, m.line) for m in parsed.mentions),
        defs=tuple((path, d.qualname, d.line, json.dumps(d.decorators), int(d.is_async),
                    int(d.varargs), d.value) for d in parsed.defs))


_INSERTS = {
    "symbols": "INSERT INTO symbols VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "imports": "INSERT INTO imports VALUES (?, ?, ?, ?, ?)",
    "mentions": "INSERT INTO mentions VALUES (?, ?, ?, ?)",
    "defs": "INSERT INTO defs VALUES (?, ?, ?, ?, ?, ?, ?)",
}
_BATCH = 256
"""Files whose rows are buffered before one ``executemany`` per table."""


_INDEXES = tuple(statement.strip() for statement in _SCHEMA.split(";")
                 if statement.strip().startswith("CREATE INDEX"))


@contextmanager
def indexes_deferred(conn: sqlite3.Connection, *, defer: bool) -> Iterator[None]:
    """With ``defer``, drop the tables' indexes while rows are loaded and build them
    after: sorting the rows once costs a third of keeping four B-trees in order row by
    row. For loads into an empty cache; inside the caller's transaction, so a failed
    load keeps the old indexes."""
    if not defer:
        yield
        return
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")]
    for name in names:
        conn.execute(f'DROP INDEX "{name}"')
    yield
    for statement in _INDEXES:
        conn.execute(statement)


def save_files(conn: sqlite3.Connection,
               entries: Iterable[tuple[FileEntry, str, str, bool]],
               rows: Iterator[FileRows]) -> None:
    """Write the rows of changed files, in bulk (the caller holds the transaction and has
    deleted their old rows with :func:`delete_files`).

    Args:
        entries: ``(entry, module, extractor, is_parsed)`` per file; a file that is not
            parsed (a language without an extractor) has no rows and gets only its
            ``files`` row.
        rows: the parsed files' rows, in the order of ``entries``.
    """
    files: list[tuple[object, ...]] = []
    tables: dict[str, list[tuple[str | int, ...]]] = {name: [] for name in _INSERTS}
    for count, (entry, module, extractor, is_parsed) in enumerate(entries, 1):
        parsed = next(rows) if is_parsed else None
        files.append((entry.path, entry.size, entry.mtime_ns, entry.language,
                      parsed.lines if parsed else None, module,
                      parsed.error if parsed else "", extractor,
                      parsed.digest if parsed else ""))
        if parsed is not None:
            tables["symbols"].extend(parsed.symbols)
            tables["imports"].extend(parsed.imports)
            tables["mentions"].extend(parsed.mentions)
            tables["defs"].extend(parsed.defs)
        if count % _BATCH == 0:
            _flush(conn, files, tables)
    _flush(conn, files, tables)
    # run ``rows`` to its end, so that a parser pool behind it shuts down now
    leftover = next(rows, None)
    assert leftover is None, f"rows of {leftover.path!r} have no entry"


def _flush(conn: sqlite3.Connection, files: list[tuple[object, ...]],
           tables: dict[str, list[tuple[str | int, ...]]]) -> None:
    conn.executemany("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", files)
    files.clear()
    for name, rows in tables.items():
        conn.executemany(_INSERTS[name], rows)
        rows.clear()


def _json_strings(values: tuple[str, ...]) -> str:
    """``json.dumps(values)``: most symbols have no bases or parameters and most names
    are plain ASCII identifiers, which need no escaping, and a cold index of a large
    tree pays the encoder call per symbol."""
    if not values:
        return "[]"
    if all(value.isascii() and value.isidentifier() for value in values):
        return '["' + '", "'.join(values) + '"]'
    return json.dumps(values)


def save_bodies(conn: sqlite3.Connection, path: str, bodies: Iterable[BodyFacts]) -> None:
    """Cache the body facts of one file (read on demand; see :mod:`pse.index.bodies`).

    A row with an empty qualname marks the file as done, so a file without functions is
    not re-read; :func:`delete_files` drops the rows when the file changes.
    """
    conn.execute("DELETE FROM bodies WHERE path = ?", (path,))
    rows = [(path, b.qualname, b.line, json.dumps(b.calls), json.dumps(b.raises),
             json.dumps(b.names), int(b.lookups), json.dumps(b.implied),
             json.dumps(b.guarded), json.dumps(b.receivers), json.dumps(b.attributes))
            for b in bodies]
    conn.executemany("INSERT INTO bodies VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [*rows, (path, "", 0, "[]", "[]", "[]", 0, "[]", "[]", "[]", "[]")])
    conn.commit()
