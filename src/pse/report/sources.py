"""Reading the source tree for reports: the one module of ``report/`` that touches disk.

The renderers stay pure (they take a ``SourceLines`` callable and plain strings); this
module is what the CLI and the run finalizer use to feed them: evidence lines (only
regular files inside the root, no ``..`` or symlink out, size-capped, cached), the
repository root, the checked-out commit and the repository URL the project declares.
It only reads.
"""

from __future__ import annotations

import json
import re
import struct
import tomllib
from collections.abc import Sequence
from pathlib import Path

from pse.report.links import UrlOf, blob_url, normalize_repo_url

_MAX_BYTES = 2_000_000


class SourceReader:
    """``reader(path)`` -> the lines of ``root/path``, or None when it is not readable."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._cache: dict[str, Sequence[str] | None] = {}

    def __call__(self, path: str) -> Sequence[str] | None:
        if path not in self._cache:
            self._cache[path] = self._read(path)
        return self._cache[path]

    def _read(self, path: str) -> Sequence[str] | None:
        target = (self.root / path).resolve()
        if target != self.root and self.root not in target.parents:
            return None
        try:
            if not target.is_file() or target.stat().st_size > _MAX_BYTES:
                return None
            return target.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return None


def repository_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding ``.git``, else ``start`` itself."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def git_dir(root: Path) -> Path | None:
    """The git directory of the repository at ``root`` (a worktree's ``.git`` file too)."""
    dot_git = root / ".git"
    if dot_git.is_dir():
        return dot_git
    text = _read(dot_git).strip()
    if text.startswith("gitdir:"):
        target = Path(text.removeprefix("gitdir:").strip())
        return target if target.is_absolute() else (root / target).resolve()
    return None


def head_commit(root: Path) -> str:
    """The commit checked out at ``root`` (40 hex digits), or '' when unknown.

    Read from the git files directly (HEAD, loose refs, packed-refs): no git binary.
    """
    folder = git_dir(root)
    if folder is None:
        return ""
    head = _read(folder / "HEAD").strip()
    if not head.startswith("ref:"):
        return head if re.fullmatch(r"[0-9a-f]{40}", head) else ""
    ref = head.removeprefix("ref:").strip()
    common = folder
    if (folder / "commondir").is_file():
        common = (folder / _read(folder / "commondir").strip()).resolve()
    for base in (folder, common):
        value = _read(base / ref).strip()
        if re.fullmatch(r"[0-9a-f]{40}", value):
            return value
    for line in _read(common / "packed-refs").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == ref and re.fullmatch(r"[0-9a-f]{40}", parts[0]):
            return parts[0]
    return ""


def metadata_repo_url(source: Path) -> str:
    """The repository URL the project declares, raw ('' when none).

    ``[project.urls]`` of pyproject.toml (Repository, Source, Code, GitHub, Homepage, in
    that order), ``repository`` of package.json, then the ``origin`` remote in
    ``.git/config``.
    """
    try:
        project = tomllib.loads(_read(source / "pyproject.toml")).get("project", {})
    except tomllib.TOMLDecodeError:
        project = {}
    urls = project.get("urls") if isinstance(project, dict) else None
    if isinstance(urls, dict):
        lowered = {str(k).lower().replace(" ", ""): str(v) for k, v in urls.items()}
        for key in ("repository", "source", "sourcecode", "code", "github", "homepage"):
            if lowered.get(key):
                return lowered[key]
    try:
        package = json.loads(_read(source / "package.json") or "{}")
    except json.JSONDecodeError:
        package = {}
    repo = package.get("repository") if isinstance(package, dict) else None
    if isinstance(repo, dict):
        repo = repo.get("url")
    if isinstance(repo, str) and repo:
        return repo
    return _origin_url(repository_root(source))


def _origin_url(root: Path) -> str:
    folder = git_dir(root)
    if folder is None:
        return ""
    common = folder
    if (folder / "commondir").is_file():
        common = (folder / _read(folder / "commondir").strip()).resolve()
    section = ""
    for line in _read(common / "config").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped
        elif section == '[remote "origin"]' and stripped.startswith("url"):
            return stripped.split("=", 1)[1].strip()
    return ""


def repository_linker(source: Path, repo_url: str = "") -> tuple[UrlOf | None, str, str]:
    """(url_of, repository URL, commit) for the tree at ``source``.

    ``repo_url`` wins over the project's metadata; ``url_of`` is None unless both a
    repository URL and the checked-out commit are known (a link must point at the code
    that was checked). Paths given to ``url_of`` are relative to ``source``.
    """
    url = normalize_repo_url(repo_url or metadata_repo_url(source))
    root = repository_root(source)
    commit = head_commit(root) if url else ""
    if not (url and commit):
        return None, url, commit
    resolved = source.resolve()
    prefix = resolved.relative_to(root).as_posix() if resolved != root else ""

    tracked = tracked_paths(root)

    def url_of(path: str, line: int | None) -> str:
        full = f"{prefix}/{path}" if prefix else path
        if tracked is not None and full not in tracked:
            return ""
        return blob_url(url, commit, full, line)
    return url_of, url, commit


def tracked_paths(root: Path) -> frozenset[str] | None:
    """The paths git tracks at ``root``, read from its index file (``None`` if unknown).

    A source folder may sit inside a repository that ignores it (an interpreter's library
    inside a version manager's checkout); a link to such a file is a page that does not
    exist. Index versions 2 and 3 are read directly (no git binary: a repository's own
    config can make git run its code); version 4's compressed paths count as unknown.
    """
    folder = git_dir(root)
    try:
        data = (folder / "index").read_bytes() if folder is not None else b""
    except OSError:
        return None
    if len(data) < 12 or data[:4] != b"DIRC":
        return None
    version, count = struct.unpack(">II", data[4:12])
    return _index_entries(data, count, extended=version == 3) if version in (2, 3) else None


def _index_entries(data: bytes, count: int, *, extended: bool) -> frozenset[str] | None:
    paths: set[str] = set()
    offset = 12
    for _ in range(count):
        flags_at = offset + 60
        if flags_at + 2 > len(data):
            return None
        flags = struct.unpack(">H", data[flags_at:flags_at + 2])[0]
        start = flags_at + 2 + (2 if extended and flags & 0x4000 else 0)
        end = data.find(b"\0", start)
        if end < 0:
            return None
        paths.add(data[start:end].decode("utf-8", "surrogateescape"))
        offset += (end - offset + 8) // 8 * 8  # entries are NUL-padded to 8 bytes
    return frozenset(paths)
