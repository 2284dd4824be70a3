"""Git that cannot run what the repository configures, nor read outside through it.

A repository's own config (``.git/config``, ``config.worktree``, what they include, and
every submodule's config) can name programs git runs while it only reads: filters,
textconv and external diff drivers, ``core.fsmonitor``, hooks, pagers, ``gpg.program``,
credential helpers, ssh commands... and paths it reads (``core.worktree``,
``mailmap.file``). Its git directory can hold links that make git read files elsewhere
(``objects/info/alternates``, a linked ``packed-refs`` or ``index``). So every git
invocation:

- finds the git directory itself (the ``.git`` file, ``commondir`` and ``gitdir``
  pointers are read without following links) and refuses one outside the project roots;
- runs against a *view* of it (:mod:`pse.tools.gitview`): a folder pse makes per command
  with pse's own config, checked copies of the small files and checked links to the
  object store, so no config of the repository or of a submodule is ever read;
- ignores the system and global config (``GIT_CONFIG_NOSYSTEM``, ``GIT_CONFIG_GLOBAL``),
  inherits no ``GIT_*`` variable (the environment is built from scratch), and gets a
  few harmless values in command-line scope (``GIT_CONFIG_KEY_n``), which wins over any
  file, as a second layer;
- never enters a submodule (``diff.ignoreSubmodules = all`` in the view's config and
  ``--ignore-submodules=all`` on the commands that would look inside one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pse.tools.gitview import read_plain
from pse.tools.outcome import RefusalError

_FIXED: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"), ("core.hooksPath", os.devnull), ("core.pager", "cat"),
    ("core.attributesFile", os.devnull), ("core.excludesFile", os.devnull),
    ("diff.external", ""), ("credential.helper", ""), ("core.sshCommand", ""),
    ("core.askPass", ""), ("gpg.program", "gpg"), ("diff.ignoreSubmodules", "all"),
    ("submodule.recurse", "false"), ("status.submoduleSummary", "false"),
    ("core.worktree", ""), ("mailmap.file", ""), ("blame.ignoreRevsFile", ""),
    ("log.showSignature", "false"), ("protocol.allow", "never"),
)
"""Set on every invocation, in command-line scope."""


@dataclass(frozen=True)
class GitDirs:
    """Where a work tree's repository lives."""

    gitdir: Path
    common: Path
    """The shared git directory (``gitdir`` itself except for a linked worktree)."""
    outside: tuple[Path, ...] = ()
    """Folders git must read outside the roots: a linked worktree's main repository."""


def git_directory(root: Path, roots: tuple[Path, ...]) -> GitDirs:
    """The git directories of the work tree ``root``; refused when they lie outside.

    The one exception is a linked worktree (``git worktree add``) whose main repository
    lists ``root`` as its worktree: a ``.git`` file cannot fake that, since the back
    pointer lives in the other repository.

    Raises:
        RefusalError: ``not-allowed`` (no repository, or its git directory lies outside).
    """
    dot = root / ".git"
    if os.path.isfile(dot) and not os.path.islink(dot):
        text = _pointer(root, ".git")
        if not text.startswith("gitdir:"):
            raise _not_a_repo(root)
        gitdir = Path(os.path.realpath(root / text.partition(":")[2].strip()))
    elif os.path.isdir(dot):
        gitdir = Path(os.path.realpath(dot))
    else:
        raise _not_a_repo(root)
    common = gitdir
    if os.path.lexists(gitdir / "commondir"):
        common = Path(os.path.realpath(gitdir / _pointer(gitdir, "commondir")))
    outside = tuple(f for f in dict.fromkeys([gitdir, common])
                    if not any(f.is_relative_to(r) for r in roots))
    if outside and not _is_linked_worktree(root, gitdir, common):
        raise RefusalError("not-allowed", f"the git directory of {str(root)!r} is "
                           f"{str(outside[0])!r}, outside the project; git tools only read "
                           "repositories whose git directory is inside it (or linked "
                           "worktrees of one)")
    return GitDirs(gitdir, common, (common,) if outside else ())


def _is_linked_worktree(root: Path, gitdir: Path, common: Path) -> bool:
    back = gitdir / "gitdir"
    if gitdir.parent != common / "worktrees" or not os.path.lexists(back):
        return False
    target = _pointer(gitdir, "gitdir")
    return os.path.realpath(target) == os.path.realpath(root / ".git")


def _pointer(folder: Path, name: str) -> str:
    """A pointer file (``.git``, ``commondir``, ``gitdir``), read without following links."""
    data = read_plain(folder, name, required=True) or b""
    return data[:4096].decode("utf-8", errors="replace").strip()


def _not_a_repo(root: Path) -> RefusalError:
    return RefusalError("not-allowed", f"git tools need the project root {str(root)!r} to "
                        "be a git repository")


def git_environment(*, view: Path, root: Path, env: dict[str, str]) -> dict[str, str]:
    """``env`` plus the git variables of every invocation: the view, nothing inherited."""
    overrides = {"GIT_CONFIG_COUNT": str(len(_FIXED))}
    for index, (key, value) in enumerate(_FIXED):
        overrides[f"GIT_CONFIG_KEY_{index}"] = key
        overrides[f"GIT_CONFIG_VALUE_{index}"] = value
    return {**env, **overrides, "GIT_DIR": str(view), "GIT_WORK_TREE": str(root),
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_ATTR_NOSYSTEM": "1", "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0",
            "GIT_PAGER": "cat", "GIT_CEILING_DIRECTORIES": str(root.parent),
            "GIT_NO_REPLACE_OBJECTS": "1", "GIT_PROTOCOL_FROM_USER": "0"}
