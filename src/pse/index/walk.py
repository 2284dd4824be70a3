"""File discovery: every file of a source tree that a reference could name.

Honours ``.gitignore`` files at every level (pathspec on RE2, git's wildmatch rules), except
in an unpacked source distribution, whose files are all shipped ones, plus the configured
excludes, and always skips version-control folders, virtual environments, caches,
``node_modules`` and build outputs. Files over the size cap are still listed (a
document may name them) but never parsed. Output is sorted, so it is deterministic.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from stat import S_ISDIR, S_ISREG
from typing import TYPE_CHECKING

from pse.errors import SourceError
from pse.index.languages import SHEBANG_BYTES, detect_language
from pse.index.model import FileEntry
from pse.planted import (
    MAX_DEPTH,
    escape_name,
    ignore_result,
    ignore_spec,
    read_planted_head,
    read_planted_text,
    warn_too_deep,
)

if TYPE_CHECKING:
    import pathspec

ALWAYS_SKIPPED = frozenset({
    ".git", ".hg", ".svn", ".bzr", "__pycache__", "node_modules", ".venv", "venv",
    ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".eggs",
    ".pse-cache", ".idea", ".vscode", "site-packages",
})
_SKIPPED_AT_TOP = frozenset({"build", "dist", "target", "htmlcov"})
"""Build outputs: skipped only at the root, since a package may be named ``build``."""
_SKIPPED_SUFFIXES = (".egg-info", ".dist-info")
_log = logging.getLogger(__name__)


_Specs = list[tuple[str, "pathspec.GitIgnoreSpec"]]
"""The ignore specs in force, each with the folder prefix it applies below."""


Seen = list[tuple[str, "os.stat_result | None"]]
"""Paths relative to the root that a walk looked at, each with its stat data taken
before it was read (None: missing or unreadable)."""


def discover_files(root: Path, *, exclude: Sequence[str] = (),
                   seen: Seen | None = None) -> list[FileEntry]:
    """All files under ``root`` that are not ignored, sorted by POSIX path.

    The walk is iterative and stops :data:`pse.planted.MAX_DEPTH` folders down, so a
    planted tree deeper than Python's recursion limit is cut, not fatal. ``seen``, when
    given, receives each folder walked (``""`` for the root, else ``"a/b/"``: a file
    added to or removed from it changes its mtime) and its ``.gitignore`` place, with
    their stat data from before they were read (what a kept answer may be checked by).
    """
    if not root.is_dir():
        raise SourceError(f"source folder {str(root)!r} does not exist or is not a folder")
    found: list[FileEntry] = []
    gitignores = not is_source_distribution(root)
    extra = ignore_spec(exclude, origin="index.exclude") if exclude else None
    pending: list[tuple[Path, str, _Specs]] = [(root, "", [("", extra)] if extra else [])]
    venvs: list[str] = []
    while pending:
        folder, prefix, specs = pending.pop()
        if seen is not None:
            seen += [(prefix, _stat(folder)), (f"{prefix}.gitignore",
                                               _stat(folder / ".gitignore"))]
        pending.extend(_scan(folder, prefix, specs, found, venvs, gitignores=gitignores))
    if seen is not None:  # removing its pyvenv.cfg changes such a folder, not its parent
        seen += [(rel, _stat(root / rel)) for rel in venvs]
    found.sort(key=lambda entry: entry.path)
    return found


Stamp = tuple[int, int, int] | None
"""What tells a folder or an ignore file unchanged: mtime, ctime and size (None:
missing). The ctime is there because archive tools restore mtimes but never ctimes."""


def stamp(info: os.stat_result | None) -> Stamp:
    """The stamp of a path's stat data (:data:`Stamp`)."""
    return None if info is None else (info.st_mtime_ns, info.st_ctime_ns, info.st_size)


def restat(root: Path, files: Sequence[tuple[str, str]], places: Sequence[tuple[str, Stamp]],
           *, seen: Seen | None = None) -> list[FileEntry] | None:
    """The files an earlier :func:`discover_files` of ``root`` listed (``files``: path and
    language, sorted), stat-ed again: what a new walk would list, as long as no folder it
    walked and no ignore-file place it looked at (``places``, its ``seen`` paths with
    their stamps) changed; None when one did, or a listed file is gone (walk again then).

    A folder's entries change only with its mtime and ctime, and which of them are
    ignored only with the ignore files, so the walk's listing, its ignore matching and
    its per-entry work are skipped: one ``stat`` per file and folder remains.
    """
    base = os.path.join(root, "")
    folders = {rel for rel, _ in places if rel == "" or rel.endswith("/")}
    if "" not in folders or not all(_is_listed(path, folders) for path, _ in files):
        return None  # not what a walk keeps (a planted listing, say): walk again
    now: Seen = []
    for rel, before in places:
        folder = rel == "" or rel.endswith("/")
        # no trailing slash: "link/" would name what a symlink points to
        info = _lstat(base + rel.rstrip("/")) if folder else _stat(base + rel)
        if stamp(info) != before or (folder and not (info and S_ISDIR(info.st_mode))):
            return None  # a walk enters no symlinked folder
        now.append((rel, info))
    entries: list[FileEntry] = []
    for path, language in files:
        try:
            info = os.lstat(base + path)
        except OSError:
            return None
        if not S_ISREG(info.st_mode):
            return None
        entries.append(FileEntry(path, info.st_size, info.st_mtime_ns, language))
    if seen is not None:
        seen += now
    return entries


def _is_listed(path: str, folders: set[str]) -> bool:
    """Whether ``path`` is a plain relative path whose folder is one of ``folders``."""
    parts = path.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return False
    return ("/".join(parts[:-1]) + "/" if len(parts) > 1 else "") in folders


def _lstat(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except OSError:
        return None


def is_source_distribution(root: Path) -> bool:
    """Whether ``root`` is an unpacked source distribution (an sdist's ``PKG-INFO`` at its
    top, no ``.git``): its ``.gitignore`` files describe the repository it was built
    from, and what they list (a ``_version.py`` a build wrote) is shipped code here."""
    return (root / "PKG-INFO").is_file() and not (root / ".git").exists()


def _scan(folder: Path, prefix: str, specs: _Specs, found: list[FileEntry],
          venvs: list[str], *, gitignores: bool = True) -> list[tuple[Path, str, _Specs]]:
    """Add ``folder``'s files to ``found`` and its virtual environments' folders to
    ``venvs``; return its subfolders still to walk (``gitignores``: honour the
    ``.gitignore`` files met on the way)."""
    spec = _read_gitignore(folder) if gitignores else None
    if spec is not None:
        specs = [*specs, (prefix, spec)]
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []  # an unreadable subfolder is skipped, like git does
    folders: list[tuple[Path, str, _Specs]] = []
    # the warm path lists the whole tree: the entry's own type (no stat call) sorts
    # folders from files, and only files are stat-ed, for their size and mtime
    for entry in entries:
        rel = f"{prefix}{entry.name}"
        if not _is_utf8(entry.name):
            _log.warning("%s: the name is not UTF-8; not indexed", escape_name(rel))
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                if (entry.name in ALWAYS_SKIPPED or entry.name.endswith(_SKIPPED_SUFFIXES)
                        or (not prefix and entry.name in _SKIPPED_AT_TOP)
                        or (specs and _ignored(specs, rel + "/"))):
                    continue
                if _is_venv(entry):
                    venvs.append(rel + "/")
                    continue
                if prefix.count("/") >= MAX_DEPTH:
                    warn_too_deep(escape_name(rel))
                    continue
                folders.append((Path(entry.path), rel + "/", specs))
            elif entry.is_file(follow_symlinks=False) and not (specs and _ignored(specs, rel)):
                info = entry.stat(follow_symlinks=False)
                found.append(FileEntry(path=rel, size=info.st_size, mtime_ns=info.st_mtime_ns,
                                       language=_language(entry, rel)))
        except OSError:
            continue
    return folders


def _language(entry: os.DirEntry[str], rel: str) -> str:
    """A file's language by its extension, or for a name without one (a script under
    ``bin/``) by its ``#!`` line."""
    if "." in entry.name.lstrip("."):
        return detect_language(rel)
    return detect_language(rel, read_planted_head(entry.path, SHEBANG_BYTES))


def _stat(path: Path | str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _is_utf8(name: str) -> bool:
    """False for a name ``os.fsdecode`` held as lone surrogates: the index, its SQLite cache
    and every report keep UTF-8 text, and a document cannot name such a file anyway."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_venv(entry: os.DirEntry[str]) -> bool:
    """Any virtualenv, whatever its name."""
    return os.path.exists(os.path.join(entry.path, "pyvenv.cfg"))


def _read_gitignore(folder: Path) -> pathspec.GitIgnoreSpec | None:
    # a FIFO, a device link or a huge file named .gitignore is not read (see pse.planted)
    text = read_planted_text(folder / ".gitignore")
    if text is None:
        return None
    return ignore_spec(text.splitlines(), origin=escape_name(str(folder / ".gitignore")))


def _ignored(specs: _Specs, rel: str) -> bool:
    ignored = False
    for base, spec in specs:
        if not rel.startswith(base):
            continue
        # deeper .gitignore files are consulted later and win, as in git
        result = ignore_result(spec, rel[len(base):])
        if result is not None:
            ignored = result
    return ignored


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
    ``testing`` folder, ``test_*.py``, ``*_test.py``, ``conftest.py``, a ``tests.py`` or
    ``test.py`` module: jsonpatch keeps its tests in one)."""
    parts = path.lower().split("/")
    name = parts[-1]
    return any(p in {"tests", "test", "testing"} for p in parts[:-1]) or \
        name.startswith("test_") or name.endswith(("_test.py", "_tests.py")) or \
        name in {"conftest.py", "tests.py", "test.py"}
