"""Real isolation for commands: bubblewrap, when the platform has a working one.

Under bubblewrap (``bwrap``) a command sees a file system built for it: the project roots
bind-mounted read-only with the secrets of :mod:`pse.tools.secrets`, hard-linked files
and (except for git) the ``.git`` folder masked by empty ones; ``/usr``, ``/bin``,
``/lib*``, the Python prefixes pse runs from and a few harmless ``/etc`` files (the
dynamic linker's cache, the time zone, a ``passwd``/``group`` with only the users the
project's files name) read-only; a private ``/proc``, a minimal ``/dev`` and a private,
empty ``/tmp`` that is also ``$HOME``. Nothing else of the host exists inside. Every
namespace is unshared (no network, no other processes), all capabilities are dropped
(root inside cannot remount the binds writable) and the sandbox dies with pse.

Whether bubblewrap works is probed once per process; where it does not (not installed,
namespaces forbidden, macOS), :func:`isolation_mode` says ``rlimits`` and
:mod:`pse.tools.confine` refuses the commands that could run project code.
"""

from __future__ import annotations

import errno
import functools
import grp
import os
import pwd
import shutil
import site
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pse.planted import MAX_DEPTH
from pse.tools.secrets import is_secret_path

IsolationMode = Literal["bubblewrap", "rlimits"]
"""``bubblewrap``: the isolated mode; ``rlimits``: the fallback (limits, scrubbed env)."""
IsolationSetting = Literal["auto", "none"]
_SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
              "/etc/alternatives")
_SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
_HOME = "/tmp"  # noqa: S108 - inside the sandbox /tmp is a private, empty tmpfs


@dataclass(frozen=True)
class Masks:
    """What the sandbox hides inside the roots: files and folders replaced by empty ones."""

    files: tuple[Path, ...] = ()
    folders: tuple[Path, ...] = ()


def find_bwrap() -> str | None:
    """The ``bwrap`` program from the system's own folders (never a project's)."""
    return shutil.which("bwrap", path=_SAFE_PATH)


@functools.lru_cache(maxsize=4)
def probe_bwrap(bwrap: str) -> bool:
    """Whether ``bwrap`` runs a program with the binds and namespaces pse asks for."""
    true = shutil.which("true", path=_SAFE_PATH)
    if true is None:
        return False
    with tempfile.TemporaryDirectory(prefix="pse-bwrap-probe-") as folder:
        argv = [*bubblewrap_argv(bwrap, roots=(Path(folder),), cwd=Path(folder),
                                 masks=Masks(), scratch=Path(folder)), true]
        try:
            done = subprocess.run(argv, capture_output=True, timeout=20, check=False,  # noqa: S603
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            return False
    return done.returncode == 0


def isolation_mode(setting: str = "auto") -> IsolationMode:
    """``bubblewrap`` where it works (and ``setting`` is not ``none``), else ``rlimits``."""
    if setting == "none":
        return "rlimits"
    bwrap = find_bwrap()
    return "bubblewrap" if bwrap is not None and probe_bwrap(bwrap) else "rlimits"


def describe_mode(mode: IsolationMode) -> str:
    """One line for ``pse models`` / ``pse config show``: which isolation is active."""
    if mode == "bubblewrap":
        return ("bubblewrap (commands see only the project, read-only, secrets masked; no "
                "network; pytest collection allowed)")
    return ("rlimits only (bubblewrap not available: install it, e.g. apt-get install "
            "bubblewrap; commands that can run project code, such as pytest collection, "
            "are refused)")


def bubblewrap_argv(bwrap: str, *, roots: Sequence[Path], cwd: Path, masks: Masks,
                    scratch: Path, extra: Sequence[Path] = (), share_net: bool = False
                    ) -> list[str]:
    """The ``bwrap ... --`` prefix for one command (the program and its args follow).

    Args:
        bwrap: the bubblewrap program.
        roots: project roots, bound read-only.
        cwd: where the command starts (inside a root).
        masks: what to hide inside the roots.
        scratch: a host folder pse owns for this command (holds the empty mask files).
        extra: more host trees the command needs read-only (the program's prefix).
        share_net: keep the host's network (``tools.isolate_network = false``).
    """
    argv = [bwrap, "--unshare-all", "--die-with-parent", "--new-session",
            "--cap-drop", "ALL", *_system_binds(), "--proc", "/proc", "--dev", "/dev",
            "--tmpfs", "/tmp", *_identity_binds(scratch, roots)]  # noqa: S108 - private tmpfs
    for tree in dict.fromkeys([*python_trees(), *extra]):  # after /tmp: they may lie below
        argv += ["--ro-bind", str(tree), str(tree)]
    for root in roots:
        argv += ["--ro-bind", str(root), str(root)]
    argv += _mask_binds(masks, scratch)
    if share_net:
        argv.append("--share-net")
    return [*argv, "--chdir", str(cwd), "--setenv", "HOME", _HOME, "--setenv", "TMPDIR",
            _HOME, "--setenv", "XDG_CONFIG_HOME", _HOME, "--"]


def _system_binds() -> list[str]:
    argv: list[str] = []
    for name in _SYSTEM_DIRS:
        if os.path.islink(name):
            argv += ["--symlink", os.readlink(name), name]
        elif os.path.isdir(name):
            argv += ["--ro-bind", name, name]
    for name in _ETC_FILES:
        argv += ["--ro-bind-try", name, name]
    return argv


def python_trees() -> list[Path]:
    """The folders of the interpreter pse runs in: prefixes and the user site-packages."""
    names = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.realpath(sys.executable))]
    user = site.getusersitepackages()
    if isinstance(user, str) and os.path.isdir(user):
        names.append(user)
    trees = [Path(os.path.realpath(name)) for name in names]
    return [tree for tree in dict.fromkeys(trees)
            if tree.is_dir() and not any(tree.is_relative_to(d) for d in _SYSTEM_DIRS)]


def program_trees(program: str) -> list[Path]:
    """What to bind for ``program`` when it lives outside the system folders: its folder
    and, for a ``bin`` folder, the prefix's ``lib``/``libexec`` (git's helpers live there),
    never the whole prefix (``~/.local`` holds more than programs)."""
    real = Path(os.path.realpath(program))
    if any(real.is_relative_to(d) for d in _SYSTEM_DIRS):
        return []
    trees = [real.parent]
    if real.parent.name == "bin":
        trees += [real.parent.parent / name for name in ("lib", "libexec")
                  if (real.parent.parent / name).is_dir()]
    return trees


def _identity_binds(scratch: Path, roots: Sequence[Path]) -> list[str]:
    """A ``passwd``/``group`` naming only root, pse's user and the roots' owners."""
    uids = dict.fromkeys([0, os.geteuid(), *(os.stat(r).st_uid for r in roots)])
    gids = dict.fromkeys([0, os.getegid(), *(os.stat(r).st_gid for r in roots)])
    users, groups = [], []
    for uid in uids:
        try:
            users.append(f"{pwd.getpwuid(uid).pw_name}:x:{uid}:{uid}::/nonexistent:/bin/false")
        except KeyError:
            continue
    for gid in gids:
        try:
            groups.append(f"{grp.getgrgid(gid).gr_name}:x:{gid}:")
        except KeyError:
            continue
    argv: list[str] = []
    for name, lines in (("passwd", users), ("group", groups)):
        path = scratch / name
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        argv += ["--ro-bind", str(path), f"/etc/{name}"]
    return argv


def _mask_binds(masks: Masks, scratch: Path) -> list[str]:
    empty_file = scratch / "empty"
    empty_file.touch()
    empty_dir = scratch / "empty.d"
    empty_dir.mkdir(exist_ok=True)
    argv: list[str] = []
    for folder in masks.folders:
        argv += ["--ro-bind", str(empty_dir), str(folder)]
    for path in masks.files:
        argv += ["--ro-bind", str(empty_file), str(path)]
    return argv


def find_masks(roots: Sequence[Path], *, allowed: Sequence[str], hardlinks_ok: bool,
               keep_git: bool) -> Masks:
    """Secret files, hard-linked files and ``.git`` (unless ``keep_git``) in ``roots``.

    For git, secret files stay visible (masking them would make ``git status`` report them
    as changed); git's own pathspecs keep them out of its output instead. A folder deeper
    than ``MAX_DEPTH`` is not searched but masked whole: what the walk cannot see, the
    command does not see either.
    """
    files: list[Path] = []
    folders: list[Path] = []
    for root in roots:
        for path, info in _walk(root):
            rel = path.relative_to(root).as_posix()
            if info is None or (path.name == ".git" and not keep_git):
                (folders if info is None or stat.S_ISDIR(info.st_mode) else files).append(path)
            elif not stat.S_ISREG(info.st_mode):
                continue
            elif (info.st_nlink > 1 and not hardlinks_ok) or (
                    not keep_git and is_secret_path(rel, allowed=allowed)):
                files.append(path)
    return Masks(tuple(files), tuple(folders))


def _walk(root: Path) -> Iterator[tuple[Path, os.stat_result | None]]:
    """Every entry below ``root`` with its ``lstat``; symlinks and ``.git`` not entered.

    Iterative, so no recursion limit; a folder ``MAX_DEPTH`` levels down comes with
    ``None`` instead of entering it.
    """
    pending = [(root, 0)]
    while pending:
        here, depth = pending.pop()
        try:
            names = os.listdir(here)
        except OSError as exc:
            if exc.errno == errno.ENAMETOOLONG:  # unseen, so masked (fail closed)
                yield here, None
            continue
        for name in names:
            try:
                info = os.lstat(here / name)
            except OSError:
                continue
            if stat.S_ISLNK(info.st_mode):
                continue
            is_dir = stat.S_ISDIR(info.st_mode)
            if is_dir and depth + 1 >= MAX_DEPTH:
                yield here / name, None
                continue
            yield here / name, info
            if is_dir and name != ".git":
                pending.append((here / name, depth + 1))
