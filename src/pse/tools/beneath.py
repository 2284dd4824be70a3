"""Opening a path beneath a root by descriptors: open first, then check what was opened.

Checking a path (``realpath``, then ``is_relative_to``) and opening it afterwards leaves a
window in which a folder can be swapped for a symlink to anywhere. Here nothing is opened
by a full path: :func:`open_beneath` starts from a descriptor of the root and opens one
component at a time relative to the previous one, never following a link (``O_PATH |
O_NOFOLLOW``). A symlink it meets is read from its own descriptor and resolved by the
same walk, the way the kernel would (``..`` after a link is relative to its target), but
only as long as it stays inside a root: an absolute target must lie lexically inside one
of the roots, and ``..`` can never climb above the root it is in. Nothing under ``/proc``
is followed (it is never a root, and a link there is a link outside). Where the kernel
has ``openat2`` (Linux 5.6+), a path without links is opened in one call with
``RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS``; any link makes it fall
back to the walk. Whoever gets the descriptor checks it with ``fstat``.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import stat
import struct
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

_SYS_OPENAT2 = 437  # x86_64 and aarch64 share the number
_RESOLVE = 0x02 | 0x04 | 0x08  # NO_MAGICLINKS | NO_SYMLINKS | BENEATH
_MAX_LINKS = 40  # the kernel's own limit (MAXSYMLINKS)
_PATH = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class OutsideError(Exception):
    """The path leads outside every root (through ``..`` or a symlink)."""


@dataclass(frozen=True)
class Opened:
    """A descriptor opened beneath a root, and where it is."""

    fd: int
    """``O_RDONLY`` for regular files and folders, ``O_PATH`` for anything else."""
    info: os.stat_result
    """``fstat`` of ``fd``."""
    root: Path
    parts: tuple[str, ...]
    """Components below ``root``: real names, no link and no ``..`` among them."""

    @property
    def rel(self) -> str:
        """POSIX path below the root (``.`` for the root itself)."""
        return "/".join(self.parts) or "."

    @property
    def path(self) -> Path:
        """The absolute path the components spell (for display and for other programs)."""
        return self.root.joinpath(*self.parts)


def locate(roots: Sequence[Path], path: str) -> tuple[Path, str]:
    """The root ``path`` starts in and the rest of it (lexically: nothing is resolved)."""
    if not os.path.isabs(path):
        return roots[0], path
    for root in sorted(roots, key=lambda r: -len(r.parts)):
        if Path(path).is_relative_to(root):
            return root, str(Path(path).relative_to(root))
    raise OutsideError(path)


def open_beneath(roots: Sequence[Path], path: str) -> Opened:
    """Open ``path`` (relative to the first root, or absolute) without leaving the roots.

    Raises:
        OutsideError: the path or a link on it leads outside every root.
        OSError: the path does not exist, a component is not a folder, too many links.
    """
    root, rest = locate(roots, path)
    fast = _openat2(root, rest)
    if fast is not None:
        return fast
    return _walk(roots, root, rest)


def _openat2(root: Path, rest: str) -> Opened | None:
    """The one-call path for link-free paths; ``None`` means: walk instead."""
    syscall = _libc_syscall()
    if syscall is None or ".." in rest.split("/"):
        return None
    root_fd = os.open(root, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    name = os.fsencode(rest or ".")
    try:
        path_fd = syscall(_SYS_OPENAT2, root_fd, name, _how(_PATH), 24)
        if path_fd < 0:
            return None  # ELOOP (a link), ENOSYS, EPERM (seccomp), ENOENT...: the walk says
        info = os.fstat(path_fd)
        parts = tuple(p for p in rest.split("/") if p not in {"", "."})
        if stat.S_ISLNK(info.st_mode):  # O_PATH | O_NOFOLLOW hands back a trailing link
            os.close(path_fd)
            return None
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
            return Opened(path_fd, info, root, parts)  # special: never opened for reading
        os.close(path_fd)
        fd = syscall(_SYS_OPENAT2, root_fd, name, _how(_READ), 24)
    finally:
        os.close(root_fd)
    if fd < 0:
        return None
    opened = os.fstat(fd)
    if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
        os.close(fd)
        return None  # changed between the two calls: let the walk decide
    return Opened(fd, opened, root, parts)


def _how(flags: int) -> ctypes.Array[ctypes.c_char]:
    """A ``struct open_how`` (flags, mode, resolve) for ``openat2``."""
    return ctypes.create_string_buffer(struct.pack("QQQ", flags, 0, _RESOLVE), 24)


@functools.cache
def _libc_syscall() -> Callable[..., int] | None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        function = libc.syscall
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_long
    return function


def _walk(roots: Sequence[Path], root: Path, rest: str) -> Opened:
    walk = _Walk(roots, root, rest)
    try:
        return walk.run()
    finally:
        walk.close()


class _Walk:
    """One component at a time, by descriptors; links resolved while they stay inside."""

    def __init__(self, roots: Sequence[Path], root: Path, rest: str) -> None:
        self.roots, self.root, self.rest = roots, root, rest
        self.queue = deque(rest.split("/"))
        self.stack = [_open_dir(root)]
        self.parts: list[str] = []
        self.links = 0

    def run(self) -> Opened:
        while self.queue:
            name = self.queue.popleft()
            if name in {"", "."}:
                continue
            if name == "..":
                if not self.parts:
                    raise OutsideError(self.rest)
                os.close(self.stack.pop())
                self.parts.pop()
                continue
            fd = os.open(name, _PATH, dir_fd=self.stack[-1])
            info = os.fstat(fd)
            if stat.S_ISLNK(info.st_mode):
                self._follow(fd)
                continue
            last = all(q in {"", "."} for q in self.queue)
            if last:
                return _finish(fd, self.root, (*self.parts, name), parent=self.stack[-1])
            if not stat.S_ISDIR(info.st_mode):
                os.close(fd)
                raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), self.rest)
            self.stack.append(fd)
            self.parts.append(name)
        return _finish(os.dup(self.stack[-1]), self.root, tuple(self.parts), parent=None)

    def _follow(self, fd: int) -> None:
        """Continue the walk with the target of the link ``fd`` holds."""
        target = os.readlink("", dir_fd=fd)  # the link this descriptor holds, not a name
        os.close(fd)
        self.links += 1
        if self.links > _MAX_LINKS:
            raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), self.rest)
        if os.path.isabs(target):
            self.root, inner = locate(self.roots, target)
            self.close()
            self.stack, self.parts = [_open_dir(self.root)], []
            self.queue.extendleft(reversed(inner.split("/")))
        else:
            self.queue.extendleft(reversed(target.split("/")))

    def close(self) -> None:
        for held in self.stack:
            os.close(held)
        self.stack = []


def _open_dir(path: Path) -> int:
    return os.open(path, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)


def _finish(path_fd: int, root: Path, parts: tuple[str, ...], *, parent: int | None
            ) -> Opened:
    """Turn the ``O_PATH`` descriptor of a regular file or folder into a readable one.

    It is reopened by name from its parent with ``O_NOFOLLOW`` (never through
    ``/proc/self/fd``), then compared by device and inode, so a swap in between is seen
    and refused rather than followed.
    """
    info = os.fstat(path_fd)
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        return Opened(path_fd, info, root, parts)  # special: the caller refuses it by fstat
    try:
        if parent is None and not parts:
            fd = os.open(".", _READ | os.O_DIRECTORY, dir_fd=path_fd)
        elif parent is None:
            fd = _reopen_from_root(root, parts)
        else:
            fd = os.open(parts[-1], _READ, dir_fd=parent)
    finally:
        os.close(path_fd)
    opened = os.fstat(fd)
    if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
        os.close(fd)
        raise OutsideError("/".join(parts))  # swapped between two opens of one name
    return Opened(fd, opened, root, parts)


def _reopen_from_root(root: Path, parts: tuple[str, ...]) -> int:
    """Open the link-free ``parts`` below ``root`` again, one ``O_NOFOLLOW`` step each."""
    current = os.open(root, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in parts[:-1]:
            step = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                           dir_fd=current)
            os.close(current)
            current = step
        return os.open(parts[-1], _READ, dir_fd=current)
    finally:
        os.close(current)
