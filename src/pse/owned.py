"""Folders pse made, known by a marker file, and the only ones it ever deletes or writes into.

A cache folder holds ``CACHEDIR.TAG`` (the Cache Directory Tagging Specification, so
backup tools skip it too) whose comment line names pse; a folder of run directories
(``pse article --out``) holds ``.pse-runs``. pse writes the marker when it creates the
folder, or finds it empty; it never marks a folder that already holds files of someone
else. Caches made before the marker existed are recognised by their layout (every entry
is a name pse uses there) and are marked the next time pse opens them.

:func:`deletion_refusal` is the one gate in front of ``rmtree``: a folder without the
marker, ``/``, the home folder, or a folder holding the working folder or an input is
never deleted, whatever the settings say.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

Kind = Literal["cache", "runs"]

_SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"
_MARKERS: dict[Kind, tuple[str, str]] = {
    "cache": ("CACHEDIR.TAG", f"{_SIGNATURE}\n# This file is a cache directory tag created "
              "by pse. 'pse cache clear' deletes only folders holding it.\n"),
    "runs": (".pse-runs", "pse run directories: a folder pse made for its reports.\n"),
}
_MARK_LINE = {"cache": "created by pse", "runs": "pse run directories"}
_LEGACY_CACHE = frozenset({
    "index", "rag", "verify", "models", "llm-responses.sqlite", "llm-responses.sqlite-wal",
    "llm-responses.sqlite-shm", "llm-responses.sqlite-journal",
})
"""What a cache folder of pse held before the marker: enough to know one safely."""
_MAX_MARKER = 4096


def marker(kind: Kind) -> str:
    """The marker file's name for ``kind``."""
    return _MARKERS[kind][0]


def prepare(folder: Path, kind: Kind) -> Path:
    """Create ``folder`` (and its parents) marked as pse's; mark it if empty or legacy.

    Returns ``folder``. A folder that exists with someone else's files stays unmarked:
    pse still uses it, but will not delete it.
    """
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        if is_made(folder, kind) or not folder.is_dir():
            return folder
        if any(folder.iterdir()) and not (kind == "cache" and is_legacy_cache(folder)):
            return folder
    _write_marker(folder, kind)
    return folder


def _write_marker(folder: Path, kind: Kind) -> None:
    name, text = _MARKERS[kind]
    try:
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except FileExistsError:
        return  # another run marked it first
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


def is_made(folder: Path, kind: Kind) -> bool:
    """True when ``folder`` holds pse's marker for ``kind`` (a regular file, not a link)."""
    path = folder / _MARKERS[kind][0]
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return False
        head = handle.read(_MAX_MARKER).decode("utf-8", "replace")
    return _MARK_LINE[kind] in head


def is_legacy_cache(folder: Path) -> bool:
    """True for a cache folder pse filled before markers: every entry a name pse uses."""
    try:
        names = {entry.name for entry in os.scandir(folder)}
    except OSError:
        return False
    return bool(names) and names <= _LEGACY_CACHE


def deletion_refusal(folder: Path, kind: Kind, *, keep: Sequence[Path]) -> str | None:
    """Why ``folder`` must not be deleted, or ``None`` when it is pse's to delete.

    ``keep`` are folders that must survive (the working folder, the inputs): a folder
    holding one of them is refused even with a marker.
    """
    if folder.is_symlink():
        return "it is a symbolic link"
    real = Path(os.path.realpath(folder))
    if real == Path(real.anchor) or real == Path(os.path.realpath(Path.home())):
        return "it is the root or home folder"
    for path in keep:
        kept = Path(os.path.realpath(path))
        if kept == real or kept.is_relative_to(real):
            return f"it holds {str(path)!r}"
    if is_made(real, kind) or (kind == "cache" and is_legacy_cache(real)):
        return None
    return f"pse did not make it (no {_MARKERS[kind][0]} in it)"
