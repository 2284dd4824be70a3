"""``read_file`` and ``list_dir``: reading the project through the sandbox.

Both return plain text meant for a model. Nothing is cut silently: a file longer than
``max_file_size`` bytes, a range longer than ``max_output`` characters and a folder with
too many entries all end with a notice that says what was left out and how to get it.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, BinaryIO

from pse.tools.outcome import RefusalError, ToolCallFailed
from pse.tools.secrets import is_secret_path

if TYPE_CHECKING:
    from pse.tools.sandbox import Sandbox, Target

_BINARY_PROBE = 8192
_NUMBER_WIDTH = 6
_NOTICE_ROOM = 400
_CHUNK = 1 << 20
_SKIP_FACTOR = 1024


def read_file(sandbox: Sandbox, path: str, start: int = 1, end: int | None = None) -> str:
    """Lines ``start``..``end`` (1-based, inclusive) of a text file, numbered.

    At most ``max_file_size`` bytes are read from line ``start`` on; lines before it are
    only counted (up to ``_SKIP_FACTOR`` times that size), so any part of a long log can
    be reached without loading it.

    Raises:
        RefusalError: the path is refused by the sandbox or the file is binary.
        ToolCallFailed: missing file, folder, bad range.
    """
    if start < 1 or (end is not None and end < start):
        raise ToolCallFailed("invalid-arguments", f"bad line range start={start!r} "
                             f"end={end!r}; lines count from 1 and end >= start")
    target, fd, info = sandbox.open_file(path)
    limit = sandbox.settings.max_file_size
    with os.fdopen(fd, "rb") as handle:
        if b"\x00" in os.pread(fd, _BINARY_PROBE, 0):
            raise RefusalError("binary-file", f"{path!r} is a binary file ({info.st_size} "
                               "bytes); tools only show text")
        head = _skip_lines(handle, start - 1, scan_limit=limit * _SKIP_FACTOR, path=path)
        data = head + handle.read(max(limit + 1 - len(head), 0))
    partial = len(data) > limit
    lines = data[:limit].decode("utf-8", errors="replace").splitlines()
    if partial and len(lines) > 1:
        lines.pop()  # the last line may be cut in the middle
    elif partial and lines:
        lines[0] += f" [line cut: it is longer than {limit} bytes (tools.max_file_size)]"
    if start == 1 and not lines:
        return f"{target.display} (empty file)"
    if not lines:
        raise ToolCallFailed("invalid-arguments", f"start={start} is past the end of "
                             f"{target.display!r}, which has fewer lines")
    seen = start - 1 + len(lines)
    count = len(lines) if end is None else min(end - start + 1, len(lines))
    scrubber = sandbox.scrubber()
    header = (f"{target.display} (lines {start}-{start + count - 1} of "
              f"{f'more than {seen}' if partial else seen})")
    body, shown = _number_lines([scrubber.scrub(line) for line in lines[:count]], start,
                                budget=sandbox.settings.max_output - len(header) - _NOTICE_ROOM)
    last = start + count - 1
    notices = []
    if shown < last:
        notices.append(f"[truncated: output limit of {sandbox.settings.max_output} characters "
                       f"reached; call read_file with start={shown + 1} for the rest]")
    elif partial and len(lines) > 1 and (end is None or end > last):
        notices.append(f"[truncated: only {limit} bytes are read per call (setting "
                       f"tools.max_file_size) and the file has {info.st_size}; call read_file "
                       f"with start={last + 1} for more]")
    return "\n".join([header, *body, *notices])


def _skip_lines(handle: BinaryIO, count: int, *, scan_limit: int, path: str) -> bytes:
    """Read past ``count`` lines; return what was read after the last skipped newline."""
    scanned = 0
    while count > 0:
        chunk = handle.read(_CHUNK)
        if not chunk:
            return b""
        scanned += len(chunk)
        if scanned > scan_limit:
            raise ToolCallFailed("invalid-arguments", f"line {count} of {path!r} lies more "
                                 f"than {scan_limit} bytes into the file; use grep to find it")
        newlines = chunk.count(b"\n")
        if newlines < count:
            count -= newlines
            continue
        cut = -1
        for _ in range(count):
            cut = chunk.index(b"\n", cut + 1)
        return chunk[cut + 1:]
    return b""


def _number_lines(lines: list[str], start: int, *, budget: int) -> tuple[list[str], int]:
    """Numbered lines that fit in ``budget`` characters, and the number of the last one."""
    out: list[str] = []
    used = 0
    for number, text in enumerate(lines, start=start):
        line = f"{number:>{_NUMBER_WIDTH}}\t{text}"
        if used + len(line) + 1 > budget:
            room = budget - used - 80
            if not out and room > 0:  # one huge line: show its beginning, say so
                out.append(line[:room] + f" [line {number} cut here: it is longer than the "
                           "output limit and the rest of it is not shown]")
                return out, number
            return out, number - 1
        out.append(line)
        used += len(line) + 1
    return out, start + len(lines) - 1


def list_dir(sandbox: Sandbox, path: str = ".") -> str:
    """The entries of a folder, sorted, one per line, with what each is.

    Folders end in ``/``; symlinks show ``@`` and where they lead (or that they lead out);
    secret files and special files are marked as not readable. The folder is opened once
    and its entries are read and ``lstat``-ed through that descriptor.
    """
    target, fd = sandbox.open_folder(path)
    try:
        names = sorted(os.listdir(fd))
        header = f"{target.display or '.'}/ ({len(names)} entries)"
        out = [header]
        used = len(header)
        budget = sandbox.settings.max_output
        for index, name in enumerate(names):
            line = _describe(sandbox, target, fd, name)
            if used + len(line) + 1 > budget - 120:
                out.append(f"[truncated: {len(names) - index} more entries not shown; list a "
                           "subfolder or use grep with a glob]")
                break
            out.append(line)
            used += len(line) + 1
    except OSError as exc:
        raise ToolCallFailed("unreadable", f"cannot list {path!r}: {exc.strerror}") from exc
    finally:
        os.close(fd)
    return sandbox.scrubber().scrub("\n".join(out))


def _describe(sandbox: Sandbox, folder: Target, fd: int, name: str) -> str:
    rel = f"{folder.rel}/{name}" if folder.rel != "." else name
    try:
        info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except OSError:
        return f"{name}  (unreadable)"
    if stat.S_ISLNK(info.st_mode):
        return _describe_link(sandbox, folder, name)
    if stat.S_ISDIR(info.st_mode):
        return f"{name}/"
    if not stat.S_ISREG(info.st_mode):
        return f"{name}  (special file; not readable)"
    if is_secret_path(rel, allowed=sandbox.settings.allow_secrets):
        return f"{name}  (secret file; not readable)"
    return f"{name}  ({info.st_size} bytes)"


def _describe_link(sandbox: Sandbox, folder: Target, name: str) -> str:
    """Where a symlink leads, found by the same walk read_file uses."""
    try:
        target, opened = sandbox.open_path(str(folder.path / name))
    except RefusalError:
        return f"{name}@  (symlink leading outside the project; not readable)"
    except ToolCallFailed:
        return f"{name}@  (unreadable symlink)"
    if opened is None:
        return f"{name}@  (broken symlink)"
    os.close(opened.fd)
    suffix = "/" if stat.S_ISDIR(opened.info.st_mode) else ""
    return f"{name}@{suffix} -> {target.display}"
