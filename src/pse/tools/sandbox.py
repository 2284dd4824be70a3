"""The sandbox: one object that decides what a tool may touch.

Every path a model names goes through :meth:`Sandbox.open_file`, :meth:`open_folder` or
:meth:`resolve`: the text is checked first (null bytes, control characters and
look-alikes of ``.`` and ``/`` are refused, nothing is normalised), then the path is
*opened* beneath its root one component at a time without following a link
(:mod:`pse.tools.beneath`; symlinks are resolved by the same walk only while they stay
inside a root, so ``/x/proj2`` is never inside ``/x/proj``). What was opened is then
checked by its descriptor (``fstat``): only regular files are read (no FIFOs, devices or
sockets), files with several hard links are refused (another name may lie outside the
root), and the secrets deny-list applies to the requested and resolved names. Nothing
is checked by path and then opened again by path.
"""

from __future__ import annotations

import functools
import os
import posixpath
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pse.errors import ConfigError, SourceError
from pse.tools import commands, files, grep
from pse.tools.beneath import Opened, OutsideError, locate, open_beneath
from pse.tools.isolation import IsolationMode, isolation_mode
from pse.tools.outcome import RefusalError, ToolCallFailed
from pse.tools.pathtext import check_path_text
from pse.tools.process import nproc_limit, probe_unshare
from pse.tools.secrets import Scrubber, is_secret_path
from pse.tools.settings import ToolSettings

_SYSTEM_TREES = (Path("/proc"), Path("/sys"), Path("/dev"))


@dataclass(frozen=True)
class Target:
    """A path the sandbox accepted: where it really is and how to show it to the model."""

    path: Path
    """The resolved absolute path (symlinks followed)."""
    root: Path
    """The sandbox root that contains it."""
    rel: str
    """POSIX path relative to ``root`` (``.`` for the root itself)."""
    display: str
    """How tools print it: relative to the primary root, else absolute."""


class Sandbox:
    """Folders an agent may read, and the limits of the tools that read them.

    Args:
        roots: the folders; the first is the primary root (relative paths and commands
            start there). Each must exist; ``/`` and system trees are refused.
        settings: limits and permissions (defaults: :class:`ToolSettings`).
        environ: where secret values to scrub are looked up at each call (``os.environ``).
        secrets: more secret values to redact, by name (e.g. an API key that came from a
            ``.env`` file rather than the environment).
    """

    def __init__(self, roots: Sequence[str | Path], *, settings: ToolSettings | None = None,
                 environ: Mapping[str, str] | None = None,
                 secrets: Mapping[str, str] | None = None) -> None:
        if not roots:
            raise ConfigError("a sandbox needs at least one root folder")
        self.roots: tuple[Path, ...] = tuple(_check_root(Path(r)) for r in roots)
        self.settings = settings or ToolSettings()
        self._environ = os.environ if environ is None else environ
        self._secrets = dict(secrets or {})
        self.public_blobs: dict[str, frozenset[str]] = {}
        """Blob ids git tools may show, by repository fingerprint (see
        :mod:`pse.tools.gitsecrets`); one entry, recomputed when refs or the index change."""

    @property
    def root(self) -> Path:
        """The primary root: relative paths and commands start here."""
        return self.roots[0]

    @property
    def environ(self) -> Mapping[str, str]:
        """The environment secrets are looked up in (never passed to commands)."""
        return self._environ

    def scrubber(self) -> Scrubber:
        """Redacts the secret values of the environment as it is now."""
        return Scrubber.from_environ({**self._environ, **self._secrets},
                                     extra=tuple(self._secrets))

    @functools.cached_property
    def network_prefix(self) -> tuple[str, ...]:
        """``unshare`` argv prefix isolating commands from the network; ``()`` if none."""
        return probe_unshare() if self.settings.isolate_network else ()

    @functools.cached_property
    def isolation(self) -> IsolationMode:
        """``bubblewrap`` (the isolated mode) or ``rlimits`` (the fallback), probed once."""
        return isolation_mode(self.settings.isolation)

    @functools.cached_property
    def nproc(self) -> int | None:
        """The process cap for commands (``None`` where it is not enforced)."""
        return nproc_limit()

    def read_file(self, path: str, start: int = 1, end: int | None = None) -> str:
        """See :func:`pse.tools.files.read_file`."""
        return files.read_file(self, path, start, end)

    def list_dir(self, path: str = ".") -> str:
        """See :func:`pse.tools.files.list_dir`."""
        return files.list_dir(self, path)

    def grep(self, pattern: str, glob: str | None = None, path: str | None = None) -> str:
        """See :func:`pse.tools.grep.grep`."""
        return grep.grep(self, pattern, glob, path)

    def run_command(self, argv: list[str]) -> str:
        """See :func:`pse.tools.commands.run_command`."""
        return commands.run_command(self, argv)

    def resolve(self, path: str) -> Target:
        """Resolve ``path`` (relative to the primary root, or absolute) inside a root.

        The path is walked by descriptors (:mod:`pse.tools.beneath`), so what is checked
        is what a later open by the same walk finds; a path that does not exist resolves
        lexically (its ``..`` may not climb out), for the caller to report.

        Raises:
            RefusalError: ``invalid-path`` or ``outside-root``.
        """
        target, opened = self.open_path(path)
        if opened is not None:
            os.close(opened.fd)
        return target

    def open_path(self, path: str) -> tuple[Target, Opened | None]:
        """Open ``path`` beneath the roots (``None``: it does not exist); the caller
        closes the descriptor and checks it.

        Raises:
            RefusalError: ``invalid-path`` or ``outside-root``.
            ToolCallFailed: ``unreadable`` (too many links, permissions).
        """
        check_path_text(path)
        try:
            opened = open_beneath(self.roots, path)
        except OutsideError as exc:
            raise self._outside(path) from exc
        except (FileNotFoundError, NotADirectoryError):
            return self._lexical(path), None
        except OSError as exc:
            raise ToolCallFailed("unreadable", f"cannot open {path!r}: {exc.strerror}"
                                 ) from exc
        return Target(opened.path, opened.root, opened.rel, self.display(opened.path)), opened

    def _lexical(self, path: str) -> Target:
        try:
            root, rest = locate(self.roots, path)
        except OutsideError as exc:
            raise self._outside(path) from exc
        rel = posixpath.normpath(rest.replace(os.sep, "/") or ".")
        if rel == ".." or rel.startswith("../"):
            raise self._outside(path)
        full = root if rel == "." else root / rel
        return Target(full, root, rel, self.display(full))

    def _outside(self, path: str) -> RefusalError:
        return RefusalError("outside-root", f"{path!r} resolves to a place outside the "
                            f"project roots ({self._roots_text()}); use a path inside them, "
                            "e.g. '.' or a path printed by list_dir")

    def display(self, real: Path) -> str:
        """``real`` as shown to the model: relative to the primary root, else absolute."""
        if real.is_relative_to(self.root):
            return real.relative_to(self.root).as_posix()
        return str(real)

    def check_secret(self, path: str, target: Target) -> None:
        """Refuse ``secret-file`` when the requested or resolved name is deny-listed."""
        allowed = self.settings.allow_secrets
        requested = os.path.normpath(path).replace(os.sep, "/")
        if is_secret_path(target.rel, allowed=allowed) or is_secret_path(
                requested, allowed=allowed):
            raise RefusalError("secret-file", f"{path!r} may hold credentials (secrets "
                               "deny-list); it is not readable by tools. Ask the user if its "
                               "content is needed")

    def open_file(self, path: str) -> tuple[Target, int, os.stat_result]:
        """Open ``path`` once, then check the descriptor as a readable regular file.

        The caller closes the returned descriptor.

        Raises:
            RefusalError: any refusal a path can get.
            ToolCallFailed: ``not-found``, ``is-directory`` or ``unreadable``.
        """
        target, opened = self.open_path(path)
        if opened is None:
            self.check_secret(path, target)
            raise ToolCallFailed("not-found", f"{path!r} does not exist; list_dir shows what "
                                 "does")
        try:
            self.check_secret(path, target)
            if stat.S_ISDIR(opened.info.st_mode):
                raise ToolCallFailed("is-directory", f"{path!r} is a folder; use list_dir")
            self._check_regular(path, target, opened.info)
        except (RefusalError, ToolCallFailed):
            os.close(opened.fd)
            raise
        return target, opened.fd, opened.info

    def open_folder(self, path: str) -> tuple[Target, int]:
        """Open ``path`` once as a folder inside a root; the caller closes the descriptor.

        Raises:
            RefusalError: ``invalid-path`` or ``outside-root``.
            ToolCallFailed: ``not-found`` or ``not-a-directory``.
        """
        target, opened = self.open_path(path)
        if opened is None:
            raise ToolCallFailed("not-found", f"{path!r} does not exist; list_dir shows what "
                                 "does")
        if not stat.S_ISDIR(opened.info.st_mode):
            os.close(opened.fd)
            raise ToolCallFailed("not-a-directory", f"{path!r} is not a folder; use read_file")
        return target, opened.fd

    def check_listable(self, path: str) -> Target:
        """Check ``path`` as a folder inside a root (``not-a-directory`` otherwise)."""
        target, fd = self.open_folder(path)
        os.close(fd)
        return target

    def check_command_path(self, path: str) -> Target:
        """Check a path argument of a command: inside a root, not secret, not special."""
        target, opened = self.open_path(path)
        if opened is None:
            return target  # the program itself reports a missing file
        try:
            self.check_secret(path, target)
            if not stat.S_ISDIR(opened.info.st_mode):
                self._check_regular(path, target, opened.info)
        finally:
            os.close(opened.fd)
        return target

    def _check_regular(self, path: str, target: Target, info: os.stat_result) -> None:
        if not stat.S_ISREG(info.st_mode) or _is_system(target.path):
            raise RefusalError("special-file", f"{path!r} is a {_kind(info.st_mode)}, not a "
                               "regular file; tools only read regular files")
        if info.st_nlink > 1 and not self.settings.allow_hardlinks:
            raise RefusalError("hard-link", f"{path!r} has {info.st_nlink} hard links; another "
                               "name may be outside the project, so it is not read (setting "
                               "tools.allow_hardlinks)")

    def _roots_text(self) -> str:
        return ", ".join(str(r) for r in self.roots)


def _check_root(root: Path) -> Path:
    real = Path(os.path.realpath(root))
    if not real.is_dir():
        raise SourceError(f"sandbox root {str(root)!r} is not an existing folder")
    if real == Path(real.anchor) or _is_system(real):
        raise ConfigError(f"sandbox root {str(root)!r} resolves to {str(real)!r}; give a "
                          "project folder, not the file-system root or a system tree")
    return real


def _is_system(real: Path) -> bool:
    return any(real == tree or real.is_relative_to(tree) for tree in _SYSTEM_TREES)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"
