"""The persisted, incremental retrieval index of a tree, next to its symbol cache.

``<cache_dir>/rag/<tree digest>/`` holds ``chunks.sqlite`` (per file: its stat data and
its chunks with their BM25 tokens) and ``segments/<n>/`` (bm25s arrays). Files are
spread over segments by a hash of their path; the number of segments is fixed when the
index is first built (about one per 2,000 chunks) and changes only when the tree grows
or shrinks a lot. An update re-chunks only the files whose size or modification time
changed and rebuilds only the segments those files are in.
"""

from __future__ import annotations

import math
import shutil
import sqlite3
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pse.errors import SourceError
from pse.index.store import database_path
from pse.index.symbols import SymbolIndex
from pse.rag.bm25 import BM25Segment
from pse.rag.chunks import chunk_file, chunkable_files
from pse.rag.retriever import Chunk
from pse.rag.tokens import tokenize

ProgressCallback = Callable[[int, int], None]
SEGMENT_CHUNKS = 2000
_SCHEMA = "2"
_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, segment INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (path TEXT NOT NULL, seq INTEGER NOT NULL,
    start INTEGER NOT NULL, end_line INTEGER NOT NULL, title TEXT NOT NULL,
    symbol TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (path, seq));
CREATE TABLE IF NOT EXISTS tokens (path TEXT NOT NULL, seq INTEGER NOT NULL,
    tokens TEXT NOT NULL, PRIMARY KEY (path, seq));
"""
# Tokens have a table of their own: loading the index reads only the chunks' text.


@dataclass(frozen=True)
class UpdateStats:
    """What an update of the retrieval index did."""

    files: int
    chunks: int
    changed: int
    """Files chunked again (new or modified)."""
    removed: int
    segments: int
    rebuilt: int
    """Segments whose BM25 arrays were rebuilt."""
    seconds: float
    bytes: int
    """Size of the index on disk."""


@dataclass
class RetrievalIndex:
    """The chunks of a tree and the BM25 segments over them, loaded from the store."""

    root: Path
    chunks: list[Chunk]
    segments: list[tuple[BM25Segment, list[int]]]
    """(segment, positions in ``chunks`` of its documents), ready for BM25Retriever."""
    folder: Path


def store_folder(cache_dir: Path, root: Path) -> Path:
    """Where the retrieval index of ``root`` lives (beside its symbol cache)."""
    return cache_dir / "rag" / database_path(cache_dir, root).stem


def update_index(index: SymbolIndex, *, cache_dir: Path,
                 on_progress: ProgressCallback | None = None,
                 max_file_bytes: int = 400_000) -> tuple[RetrievalIndex, UpdateStats]:
    """Bring the retrieval index of ``index``'s tree up to date and load it.

    Args:
        index: the (already refreshed) symbol index of the tree.
        cache_dir: the pse cache folder.
        on_progress: ``(done, total)`` while files are chunked and segments rebuilt.
        max_file_bytes: larger files are not chunked.
    """
    started = time.perf_counter()
    folder = store_folder(cache_dir, index.root)
    conn = _open(folder)
    try:
        files = {path: (lang, _stat(index.root / path)) for path, lang in chunkable_files(index)}
        stored = {row[0]: (row[1], row[2], row[3]) for row in
                  conn.execute("SELECT path, size, mtime_ns, segment FROM files")}
        changed = sorted(p for p, (_, sig) in files.items() if stored.get(p, (0, 0, 0))[:2] != sig)
        removed = sorted(set(stored) - set(files))
        _apply(conn, index, files, changed, removed, on_progress=on_progress,
               total=len(changed), max_file_bytes=max_file_bytes)
        count = _segment_count(conn)
        dirty = {stored[p][2] for p in [*removed, *changed] if p in stored}
        dirty = {s for s in dirty | _assign(conn, count) if 0 <= s < count}
        rebuilt = _rebuild(conn, folder, dirty, count, on_progress=on_progress,
                           done=len(changed), total=len(changed) + count)
        loaded = _load(conn, folder, index.root, count)
        total_chunks = len(loaded.chunks)
    finally:
        conn.close()
    stats = UpdateStats(files=len(files), chunks=total_chunks, changed=len(changed),
                        removed=len(removed), segments=count, rebuilt=rebuilt,
                        seconds=time.perf_counter() - started, bytes=_size(folder))
    return loaded, stats


def _open(folder: Path) -> sqlite3.Connection:
    path = folder / "chunks.sqlite"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=30)
        version = _meta(conn, "schema")
        if version not in (None, _SCHEMA):
            conn.close()
            shutil.rmtree(folder)
            folder.mkdir(parents=True)
            conn = sqlite3.connect(path, timeout=30)
        conn.executescript(_TABLES)
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (_SCHEMA,))
        return conn
    except (OSError, sqlite3.Error) as exc:
        raise SourceError(f"cannot open the retrieval index {str(path)!r}: {exc}") from exc


def _meta(conn: sqlite3.Connection, key: str) -> str | None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    except sqlite3.DatabaseError:
        return None
    return str(row[0]) if row else None


def _stat(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        return (-1, -1)
    return (info.st_size, info.st_mtime_ns)


def _segment_of(path: str, count: int) -> int:
    return zlib.crc32(path.encode("utf-8")) % count


def _segment_count(conn: sqlite3.Connection) -> int:
    """The stored segment count, unless the tree grew or shrank past a factor of two.

    A new count moves every file (``segment = -1``), so every segment is rebuilt.
    """
    known = _meta(conn, "segments")
    chunks = int(conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0])
    wanted = max(1, math.ceil(chunks / SEGMENT_CHUNKS))
    if known is not None and wanted <= 2 * int(known) and int(known) <= 2 * wanted:
        return int(known)
    with conn:
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('segments', ?)", (str(wanted),))
        conn.execute("UPDATE files SET segment = -1")
    return wanted


def _apply(conn: sqlite3.Connection, index: SymbolIndex,
           files: dict[str, tuple[str, tuple[int, int]]], changed: Sequence[str],
           removed: Sequence[str], *, on_progress: ProgressCallback | None, total: int,
           max_file_bytes: int) -> None:
    """Replace the chunks of changed and removed files (changed ones get no segment yet)."""
    with conn:
        for table in ("chunks", "tokens", "files"):
            conn.executemany(f"DELETE FROM {table} WHERE path = ?", [(p,) for p in removed])
        for done, path in enumerate(changed, start=1):
            language, (size, mtime) = files[path]
            chunks = chunk_file(index, path, language, max_file_bytes=max_file_bytes)
            conn.execute("DELETE FROM chunks WHERE path = ?", (path,))
            conn.execute("DELETE FROM tokens WHERE path = ?", (path,))
            conn.executemany("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?)", [
                (path, seq, c.start, c.end, c.title, c.symbol, c.text)
                for seq, c in enumerate(chunks)])
            conn.executemany("INSERT INTO tokens VALUES (?, ?, ?)", [
                (path, seq, " ".join(tokenize(c.search_text())))
                for seq, c in enumerate(chunks)])
            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, -1)",
                         (path, size, mtime))
            if on_progress is not None:
                on_progress(done, total + 1)


def _assign(conn: sqlite3.Connection, count: int) -> set[int]:
    """Give every file without a segment its own; the segments that got files."""
    paths = [row[0] for row in conn.execute("SELECT path FROM files WHERE segment = -1")]
    with conn:
        conn.executemany("UPDATE files SET segment = ? WHERE path = ?",
                         [(_segment_of(p, count), p) for p in paths])
    return {_segment_of(p, count) for p in paths}


def _rows(conn: sqlite3.Connection, segment: int, columns: str, *, table: str = "chunks"
          ) -> list[tuple[object, ...]]:
    return conn.execute(f"SELECT {columns} FROM {table} JOIN files USING (path) "
                        "WHERE files.segment = ? ORDER BY path, seq", (segment,)).fetchall()


def _rebuild(conn: sqlite3.Connection, folder: Path, dirty: set[int], count: int, *,
             on_progress: ProgressCallback | None, done: int, total: int) -> int:
    """Rebuild the BM25 arrays of the ``dirty`` segments (and drop unused folders)."""
    for position, segment in enumerate(sorted(dirty), start=1):
        documents = [str(row[0]).split() for row in _rows(conn, segment, "tokens",
                                                           table="tokens")]
        BM25Segment.build(documents).save(folder / "segments" / str(segment))
        conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                     (f"segment-{segment}", str(len(documents))))
        conn.commit()
        if on_progress is not None:
            on_progress(done + position, total)
    if on_progress is not None and total:
        on_progress(total, total)
    for extra in sorted((folder / "segments").glob("*")):
        if not extra.name.isdigit() or int(extra.name) >= count:
            shutil.rmtree(extra)
    return len(dirty)


def _load(conn: sqlite3.Connection, folder: Path, root: Path, count: int) -> RetrievalIndex:
    chunks: list[Chunk] = []
    segments: list[tuple[BM25Segment, list[int]]] = []
    for segment in range(count):
        rows = _rows(conn, segment, "path, start, end_line, text, title, symbol")
        if _meta(conn, f"segment-{segment}") != str(len(rows)):
            _rebuild(conn, folder, {segment}, count, on_progress=None, done=0, total=0)
        positions = list(range(len(chunks), len(chunks) + len(rows)))
        chunks.extend(Chunk(str(p), int(str(s)), int(str(e)), str(t), str(ti), str(sy))
                      for p, s, e, t, ti, sy in rows)
        segments.append((BM25Segment.load(folder / "segments" / str(segment), len(rows)),
                         positions))
    return RetrievalIndex(root=root, chunks=chunks, segments=segments, folder=folder)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
