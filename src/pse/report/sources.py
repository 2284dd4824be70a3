"""Reading evidence files for the reports' popups: the one place ``report/`` touches disk.

The renderers stay pure (they take a ``SourceLines`` callable); this reader is what the
CLI and the run finalizer pass them. It reads only regular files inside the root (no
``..``, no symlink out), caches each file once, and caps the size it will read.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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
