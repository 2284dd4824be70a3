"""Build or refresh the symbol index of a source tree.

Discovery lists every file; only files whose stat data or module name changed since the
last run are parsed again (in worker processes when there are many), and their rows in
the SQLite cache are replaced in one transaction. The result is a :class:`SymbolIndex`
that answers queries straight from SQLite, so a warm run loads nothing it does not need.
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
import sqlite3
import sys
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from pse.index.languages import PARSED_LANGUAGES
from pse.index.model import FileEntry, IndexStats, IndexWarning
from pse.index.parsing import (
    PARALLEL_THRESHOLD,
    ParseJob,
    ProgressCallback,
    content_digest,
    parse_all,
)
from pse.index.store import (
    StoredFile,
    database_path,
    delete_files,
    indexes_deferred,
    open_database,
    read_meta,
    save_files,
    stored_files,
    update_stat,
    write_meta,
)
from pse.index.symbols import SymbolIndex
from pse.index.walk import discover_files
from pse.planted import read_planted_text

_EXTRACTOR_VERSIONS = {"python": "13", "tree-sitter": "2"}  # 13: arithmetic returns
"""Bump when an extractor's output changes, so cached files are parsed again."""


def build_index(
    root: Path,
    *,
    cache_dir: Path,
    max_file_size: int = 2_000_000,
    exclude: Sequence[str] = (),
    on_progress: ProgressCallback | None = None,
    workers: int | None = None,
    entries: Sequence[FileEntry] | None = None,
) -> tuple[SymbolIndex, IndexStats]:
    """Index ``root`` incrementally and return the index with what was done.

    Args:
        root: the source tree.
        cache_dir: the pse cache folder (the database goes in ``index/`` below it).
        max_file_size: files larger than this are listed but not parsed.
        exclude: extra gitignore-style patterns.
        on_progress: called as ``(done, total)`` while files are parsed.
        workers: parser processes (default: the CPU count; 1 parses in-process).
        entries: the tree's files when the caller has just listed them
            (:func:`pse.index.walk.discover_files` with the same ``exclude``).
    """
    root = root.resolve()
    if entries is None:
        entries = discover_files(root, exclude=exclude)
    project = project_name(root)
    extractors = {language: extractor_id(language) for language in {e.language for e in entries}}
    synced = _synced_key(root, entries, project=project, extractors=extractors,
                         max_file_size=max_file_size)
    conn = open_database(database_path(cache_dir, root), root=root)
    if read_meta(conn, _SYNCED) == synced:  # the rows are those of exactly these files
        return _opened(conn, root, entries, parsed=0)
    modules = module_names(entries, root_name=root.name, project=project)
    stored = stored_files(conn)
    stale = [e for e in entries if _is_stale(stored.get(e.path), e, modules.get(e.path, ""),
                                             extractors[e.language])]
    touched = _same_content(root, stale, stored, modules=modules, extractors=extractors,
                            max_file_size=max_file_size)
    if touched:
        stale = [e for e in stale if e.path not in touched]
    removed = sorted(set(stored) - {e.path for e in entries})
    jobs = [ParseJob(str(root), e.path, modules.get(e.path, ""), max_file_size, e.language)
            for e in stale if e.language in PARSED_LANGUAGES]
    with _collector_paused(), conn:
        # every stale path, not only those this run saw stored: another run sharing the
        # cache may have written them since (its rows are replaced, never duplicated)
        delete_files(conn, [*removed, *(e.path for e in stale)])
        update_stat(conn, touched.values())
        with indexes_deferred(conn, defer=not stored and len(jobs) >= PARALLEL_THRESHOLD):
            save_files(conn, [(e, modules.get(e.path, ""), extractors[e.language],
                               e.language in PARSED_LANGUAGES) for e in stale],
                       parse_all(jobs, on_progress=on_progress, workers=workers))
        write_meta(conn, _SYNCED, synced)  # in the same transaction as the rows
    return _opened(conn, root, entries, parsed=len(jobs), reused=len(entries) - len(stale))


def _opened(conn: sqlite3.Connection, root: Path, entries: Sequence[FileEntry], *,
            parsed: int, reused: int | None = None) -> tuple[SymbolIndex, IndexStats]:
    index = SymbolIndex(conn, root=root)
    stats = IndexStats(files=len(entries), parsed=parsed,
                       reused=len(entries) if reused is None else reused,
                       symbols=index.count_symbols(), warnings=tuple(index.warnings()))
    return index, stats


_SYNCED = "synced"
"""The meta row naming the files the rows were last written for (:func:`_synced_key`).

Every write of rows rewrites it in its own transaction, so when it equals a run's key,
no file of that run is stale or removed, and reading the stored files (a row per file)
and deriving the module names can be skipped."""


def _synced_key(root: Path, entries: Sequence[FileEntry], *, project: str,
                extractors: dict[str, str], max_file_size: int) -> str:
    """A digest of everything a file's rows depend on: its path and stat data, its
    extractor, the size cap, and the root and project names its module is named from."""
    parts = [f"{root.name}\0{project}\0{max_file_size}\n"]
    parts += [f"{e.path}\0{e.size}\0{e.mtime_ns}\0{extractors[e.language]}\n"
              for e in entries]
    return hashlib.sha256("".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _is_stale(stored: StoredFile | None, entry: FileEntry, module: str, extractor: str) -> bool:
    return stored is None or (stored.size, stored.mtime_ns, stored.module, stored.extractor) \
        != (entry.size, entry.mtime_ns, module, extractor)


def _same_content(root: Path, stale: list[FileEntry], stored: dict[str, StoredFile], *,
                  modules: dict[str, str], extractors: dict[str, str],
                  max_file_size: int) -> dict[str, FileEntry]:
    """The stale files whose rows still hold (only their stat data changed, as in a fresh
    checkout or a copy): by path, to keep their rows.

    Only a file of the same size, module and extractor can qualify, so an edited tree
    reads little here; a fresh checkout reads every parsed file once, which costs a small
    part of parsing it. Files that are not parsed qualify by their size alone.
    """
    same: dict[str, FileEntry] = {}
    for entry in stale:
        known = stored.get(entry.path)
        if known is None or known.size != entry.size or (known.module, known.extractor) != (
                modules.get(entry.path, ""), extractors[entry.language]):
            continue
        if entry.language not in PARSED_LANGUAGES:
            same[entry.path] = entry  # its row holds nothing read from the content
            continue
        if not known.digest or known.size > max_file_size:
            continue
        try:
            with open(root / entry.path, "rb") as handle:
                data = handle.read(max_file_size + 1)
        except OSError:
            continue
        if content_digest(data) == known.digest:
            same[entry.path] = entry
    return same


def extractor_id(language: str) -> str:
    """Which extractor (and versions) builds the rows of a file in ``language``.

    Recorded per file in the cache: a file indexed by another pse version, another
    Python (``ast`` grammar) or without the tree-sitter grammars is parsed again.
    """
    if language == "python":
        return f"python-ast/{_EXTRACTOR_VERSIONS['python']}/py{sys.version_info[0]}." \
               f"{sys.version_info[1]}"
    if language in PARSED_LANGUAGES:
        return f"tree-sitter/{_EXTRACTOR_VERSIONS['tree-sitter']}/{_grammars_version()}"
    return ""


@cache
def _grammars_version() -> str:
    """The installed version of the grammars package ("missing" when there is none).

    Read from its ``.dist-info`` folder's name, which is what ``importlib.metadata``
    reads too, without importing it (25 ms on every run of a tree with C or JavaScript).
    """
    prefix = "tree_sitter_language_pack-"
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith(prefix) and name.endswith(".dist-info"):
                return name[len(prefix):-len(".dist-info")]
    return "missing"


def module_names(entries: Sequence[FileEntry], *, root_name: str,
                 project: str = "") -> dict[str, str]:
    """Dotted module name of every Python file, from the package folders around it.

    Folders with ``__init__.py`` are packages, and so are PEP 420 namespace packages:
    folders of Python files inside a package, directly under ``src/``, or named like the
    project (``project``, the distribution name) at the root.
    """
    packages = _package_folders(entries, root_name=root_name, project=project)
    names: dict[str, str] = {}
    for entry in entries:
        if entry.language != "python":
            continue
        if not entry.path.endswith((".py", ".pyi")):
            # a script run by its ``#!`` line (``bin/tool``) is imported by no one: named
            # by its whole path, it takes no package module's name
            names[entry.path] = ".".join(re.sub(r"\W", "_", p) for p in entry.path.split("/"))
            continue
        parts = entry.path.rsplit(".", 1)[0].split("/")
        depth = len(parts) - 1
        while depth > 0 and "/".join(parts[:depth]) in packages:
            depth -= 1
        dotted = parts[depth:]
        if depth == 0 and "" in packages:
            dotted = [root_name, *dotted]  # the root itself is a package
        if dotted[-1] == "__init__":
            dotted = dotted[:-1]
        names[entry.path] = ".".join(dotted) or root_name
    return names


def _package_folders(entries: Sequence[FileEntry], *, root_name: str, project: str
                     ) -> set[str]:
    """Regular packages (``__init__.py``) and namespace packages, as folder paths."""
    python = [e.path for e in entries if e.path.endswith((".py", ".pyi"))]
    packages = {path.rpartition("/")[0] for path in python
                if path.rpartition("/")[2] == "__init__.py"}
    folders = {path[:at] for path in python for at in _slashes(path)}
    own = project.replace("-", "_").lower()
    for folder in sorted(folders, key=lambda f: f.count("/")):  # parents first
        parent, _, name = folder.rpartition("/")
        if folder in packages or not name.isidentifier():
            continue
        if parent in packages or (parent == "src" and "/" not in folder[4:]) or (
                not parent and (name.lower() == own or root_name == "src")):
            packages.add(folder)
    return packages


def _slashes(path: str) -> list[int]:
    return [at for at, char in enumerate(path) if char == "/"]


def project_name(root: Path) -> str:
    """The distribution name in ``root/pyproject.toml`` ("" when there is none)."""
    try:
        data = tomllib.loads(read_planted_text(root / "pyproject.toml") or "")
    except (tomllib.TOMLDecodeError, RecursionError):
        return ""
    name = data.get("project", {}).get("name", "")
    return name if isinstance(name, str) else ""


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while files are parsed.

    A syntax tree holds no reference cycles (its nodes are freed by reference counting),
    but the collector still walks the young ones as they are made: about a fifth of
    ``ast.parse``'s time on the stdlib, and more while the results pile up. The parser
    processes run without it throughout.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def warning_list(stats: IndexStats) -> list[IndexWarning]:
    """The files that could not be indexed, sorted by path."""
    return sorted(stats.warnings, key=lambda w: w.path)
