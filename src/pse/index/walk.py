"""File discovery: every file of a source tree that a reference could name.

Honours ``.gitignore`` files at every level (pathspec, git's wildmatch rules) plus the
configured excludes, and always skips version-control folders, virtual environments,
caches, ``node_modules`` and build outputs. Files over the size cap are still listed (a
document may name them) but never parsed. Output is sorted, so it is deterministic.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pse.errors import SourceError
from pse.index.languages import detect_language
from pse.index.model import FileEntry

if TYPE_CHECKING:  # imported where a pattern is compiled: a tree without .gitignore needs none
    import pathspec

ALWAYS_SKIPPED = frozenset({
    ".git", ".hg", ".svn", ".bzr", "__pycache__", "node_modules", ".venv", "venv",
    ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".eggs",
    ".pse-cache", ".idea", ".vscode", "site-packages",
})
_SKIPPED_AT_TOP = frozenset({"build", "dist", "target", "htmlcov"})
"""Build outputs: skipped only at the root, since a package may be named ``build``."""
_SKIPPED_SUFFIXES = (".egg-info", ".dist-info")


def discover_files(root: Path, *, exclude: Sequence[str] = ()) -> list[FileEntry]:
    """All files under ``root`` that are not ignored, sorted by POSIX path."""
    if not root.is_dir():
        raise SourceError(f"source folder {str(root)!r} does not exist or is not a folder")
    found: list[FileEntry] = []
    extra = _spec(list(exclude)) if exclude else None
    _walk(root, "", [(("", extra))] if extra else [], found)
    found.sort(key=lambda entry: entry.path)
    return found


def _walk(folder: Path, prefix: str, specs: list[tuple[str, pathspec.GitIgnoreSpec]],
          found: list[FileEntry]) -> None:
    spec = _read_gitignore(folder)
    if spec is not None:
        specs = [*specs, (prefix, spec)]
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return  # an unreadable subfolder is skipped, like git does
    # the warm path lists the whole tree: the entry's own type (no stat call) sorts
    # folders from files, and only files are stat-ed, for their size and mtime
    for entry in entries:
        rel = f"{prefix}{entry.name}"
        try:
            if entry.is_dir(follow_symlinks=False):
                if (_is_skipped_dir(entry) or (not prefix and entry.name in _SKIPPED_AT_TOP)
                        or (specs and _ignored(specs, rel + "/"))):
                    continue
                _walk(Path(entry.path), rel + "/", specs, found)
            elif entry.is_file(follow_symlinks=False) and not (specs and _ignored(specs, rel)):
                info = entry.stat(follow_symlinks=False)
                found.append(FileEntry(path=rel, size=info.st_size, mtime_ns=info.st_mtime_ns,
                                       language=detect_language(rel)))
        except OSError:
            continue


def _is_skipped_dir(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    if name in ALWAYS_SKIPPED or name.endswith(_SKIPPED_SUFFIXES):
        return True
    # any other virtualenv, whatever its name
    return os.path.exists(os.path.join(entry.path, "pyvenv.cfg"))


def _read_gitignore(folder: Path) -> pathspec.GitIgnoreSpec | None:
    path = folder / ".gitignore"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return _spec(text.splitlines())


def _spec(lines: list[str]) -> pathspec.GitIgnoreSpec:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


def _ignored(specs: list[tuple[str, pathspec.GitIgnoreSpec]], rel: str) -> bool:
    ignored = False
    for base, spec in specs:
        if not rel.startswith(base):
            continue
        # deeper .gitignore files are consulted later and win, as in git
        result = _match(spec, rel[len(base):])
        if result is not None:
            ignored = result
    return ignored


def _match(spec: pathspec.GitIgnoreSpec, rel: str) -> bool | None:
    """True ignored, False re-included by a ``!`` pattern, None no pattern applies."""
    result: bool | None = None
    for pattern in spec.patterns:
        if pattern.include is not None and pattern.match_file(rel) is not None:
            result = bool(pattern.include)
    return result


def is_binary(data: bytes) -> bool:
    """Git's heuristic: a NUL byte in the first 8 KiB."""
    return b"\0" in data[:8192]


def tree_fingerprint(entries: Sequence[FileEntry], *,
                     stand_ins: Mapping[str, str] | None = None) -> str:
    """A digest of every file's path, size and mtime: equal digests, an unchanged tree
    (as far as ``stat`` can tell, which is what the index cache trusts too).

    ``stand_ins``: for some paths, what counts instead of their stat data (the documents
    being checked: only their line counts matter to the answers, not their edits).
    """
    stand_ins = stand_ins or {}
    # one string hashed once: a digest update per file costs more than the stat data
    parts: list[str] = []
    for entry in entries:
        data = stand_ins.get(entry.path)
        parts.append(f"{entry.path}\0{data}\n" if data is not None else
                     f"{entry.path}\0{entry.size}\0{entry.mtime_ns}\n")
    text = "".join(parts)
    return hashlib.sha256(text.encode()).hexdigest()


SAMPLE_FOLDERS = frozenset({"docs", "doc", "examples", "example", "benchmarks", "bench"})
"""Folders of code written to show the project, not the project itself."""


def is_sample_path(path: str) -> bool:
    """Whether a POSIX path relative to the root is test code or a docs/examples sample."""
    return is_test_path(path) or any(p in SAMPLE_FOLDERS for p in path.lower().split("/")[:-1])


def is_test_path(path: str) -> bool:
    """Whether a POSIX path relative to the root is test code (a ``tests``/``test``/
    ``testing`` folder, ``test_*.py``, ``*_test.py``, ``conftest.py``)."""
    parts = path.lower().split("/")
    name = parts[-1]
    return any(p in {"tests", "test", "testing"} for p in parts[:-1]) or \
        name.startswith("test_") or name.endswith(("_test.py", "_tests.py")) or \
        name == "conftest.py"
