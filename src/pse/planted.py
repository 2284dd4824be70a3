"""Reading what a repository planted, within bounds the repository cannot lift.

A repository given as input may hold a FIFO named ``.gitignore``, a ``setup.py`` linked to
``/dev/zero``, a sparse 3 GiB ``package.json``, an ignore pattern built to make a
backtracking regex engine run for hours, or folders nested deeper than Python's recursion
limit. Every reader of such files goes through here: a file is opened non-blocking (a FIFO
never blocks), checked by its descriptor to be a regular file and read only when it is
below a byte cap; ignore and glob patterns run on RE2, whose matching time is linear in the
name, with caps on pattern length and count; walks are iterative with a depth cap. This
module imports nothing of pse's, so every layer may use it.
"""

from __future__ import annotations

import functools
import logging
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # both imported on first use: the warm verify path compiles no pattern
    import pathspec

MAX_FILE_BYTES = 1 << 20
"""Largest planted file (ignore list, setup file, manifest) that is read at all."""
MAX_DOCUMENT_BYTES = 32 << 20
"""Largest document ``pse verify`` reads."""
MAX_COUNTED_BYTES = 64 << 20
"""Largest tree file read whole for its lines (quotes, line counts, function bodies)."""
MAX_PATTERN_CHARS = 1024
"""Longest ignore or glob pattern kept; git's own paths stop at 4096 bytes."""
MAX_PATTERNS = 2_000
"""Most patterns kept from one ignore file or setting."""
MAX_PATTERN_TOTAL = 64 << 10
"""Most characters of patterns kept from one ignore file: RE2 compiles them into one
automaton, whose build time grows with their total size."""
MAX_DEPTH = 256
"""Deepest folder any walk enters; deeper trees are cut there, with a warning."""
_FALLBACK_WILDCARDS = 6
"""Without RE2 (a platform with no wheel), a pattern with more wildcards than this could
backtrack for minutes on Python's ``re``, so it is dropped instead."""
_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
_log = logging.getLogger(__name__)



@functools.cache
def _re2() -> ModuleType | None:
    try:
        import re2  # type: ignore[import-untyped]  # google-re2 ships no type hints
    except ImportError:  # pragma: no cover - google-re2 has wheels for supported platforms
        return None
    return re2  # type: ignore[no-any-return]  # untyped module


class Matcher(Protocol):
    """A compiled pattern; ``fullmatch`` runs in time linear in the text where RE2 exists.

    RE2 takes strict UTF-8 only: pass names through :func:`escape_name` first."""

    def fullmatch(self, text: str) -> object | None:
        """A match object when the whole of ``text`` matches, else ``None``."""
        ...


def read_planted(path: Path | str, *, limit: int = MAX_FILE_BYTES,
                 follow_links: bool = False) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a link, unless ``follow_links``)
    of at most ``limit`` bytes; ``None`` for anything else (missing, FIFO, device, symlink,
    too large)."""
    flags = _READ_FLAGS if not follow_links else _READ_FLAGS & ~getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            _log.warning("%s is not a regular file; not read", os.fsdecode(path))
            return None
        if info.st_size > limit:
            _log.warning("%s is larger than %d bytes; not read", os.fsdecode(path), limit)
            return None
        return _read_upto(fd, limit)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_planted_head(path: Path | str, size: int) -> bytes:
    """The first ``size`` bytes of ``path`` if it is a regular file (never a link, FIFO or
    device, whatever its length); b"" for anything else."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def _read_upto(fd: int, limit: int) -> bytes | None:
    """At most ``limit`` bytes; ``None`` if the file grew past it while being read."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = os.read(fd, min(1 << 16, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    return None


def read_planted_text(path: Path | str, *, limit: int = MAX_FILE_BYTES) -> str | None:
    """:func:`read_planted`, decoded as UTF-8 (undecodable bytes replaced)."""
    data = read_planted(path, limit=limit)
    return None if data is None else data.decode("utf-8", errors="replace")


def ignore_spec(lines: Iterable[str], *, origin: str = "patterns") -> pathspec.GitIgnoreSpec:
    """Gitignore-style ``lines`` compiled for linear-time matching, within the caps.

    Args:
        lines: the patterns, one per item (comments and blank lines allowed).
        origin: where they come from, for the warning when some are dropped.
    """
    kept: list[str] = []
    dropped = total = 0
    for line in lines:
        if (len(kept) >= MAX_PATTERNS or total + len(line) > MAX_PATTERN_TOTAL
                or not _is_safe_pattern(line)):
            dropped += 1
            continue
        kept.append(line)
        total += len(line)
    if dropped:
        _log.warning("%s: %d ignore patterns dropped (over %d characters each, %d in all, %d "
                     "patterns, or too many wildcards for the fallback matcher)", origin,
                     dropped, MAX_PATTERN_CHARS, MAX_PATTERN_TOTAL, MAX_PATTERNS)
    import pathspec

    re2 = _re2()
    if re2 is None:  # pragma: no cover - see _FALLBACK_WILDCARDS
        return pathspec.GitIgnoreSpec.from_lines(kept, backend="simple")
    try:
        return pathspec.GitIgnoreSpec.from_lines(kept, backend="re2")
    except (re2.error, ValueError):  # RE2's memory budget: the automaton would be too big
        _log.warning("%s: the ignore patterns are too complex to compile; none applied",
                     origin)
        return pathspec.GitIgnoreSpec.from_lines([], backend="re2")


def _is_safe_pattern(line: str) -> bool:
    if len(line) > MAX_PATTERN_CHARS:
        return False
    return _re2() is not None or sum(line.count(c) for c in "*?[") <= _FALLBACK_WILDCARDS


def ignore_result(spec: pathspec.GitIgnoreSpec, rel: str) -> bool | None:
    """True ignored, False re-included by a ``!`` pattern, None when no pattern applies."""
    return spec.check_file(escape_name(rel)).include


def escape_name(text: str) -> str:
    """``text`` as strict UTF-8 text: the bytes of a name that is not UTF-8 (held as lone
    surrogates by ``os.fsdecode``) shown as ``\\xff`` escapes.

    RE2, JSON encoders and HTTP clients refuse lone surrogates; every name pse shows or
    matches passes through here first.
    """
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate that no file name decodes to
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def compile_linear(regex_text: str) -> Matcher:
    """``regex_text`` (RE2 syntax, a subset of Python's) compiled on RE2.

    Raises:
        ValueError: the text is longer than :data:`MAX_PATTERN_CHARS` or does not compile.
    """
    if len(regex_text) > MAX_PATTERN_CHARS * 8:
        raise ValueError(f"pattern longer than {MAX_PATTERN_CHARS * 8} characters")
    re2 = _re2()
    if re2 is None:  # pragma: no cover - see _FALLBACK_WILDCARDS
        import re

        return re.compile(regex_text)
    try:
        options = re2.Options()
        options.max_mem = 8 << 20  # a compiled automaton this big is an attack, not a glob
        options.log_errors = False  # the error comes back as the exception below
        compiled: Matcher = re2.compile(regex_text, options)
    except re2.error as exc:
        raise ValueError(str(exc)) from exc
    return compiled


def warn_too_deep(folder: str) -> None:
    """One warning line for a folder the walk did not enter (deeper than MAX_DEPTH)."""
    _log.warning("%s is more than %d folders deep; not entered", folder, MAX_DEPTH)
