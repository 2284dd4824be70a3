"""The one place where a command is allowed to run, and how.

The principle: an allowed command may *read* the project; it may not *execute* anything
the project contains or configures. Every process the tools start goes through
:func:`run_confined`, which enforces it in three steps:

1. **Commands that execute project code** (``python -m pytest --collect-only`` imports
   ``conftest.py``, test modules, ``__init__.py`` files and plugins named in
   ``addopts``; a custom rule from ``tools.allow-commands`` may run anything) only run in
   the isolated mode, where the code sees nothing it could harm; without bubblewrap they
   are refused with ``needs-isolation``.
2. **git** runs against a view of the repository with pse's own config and checked
   links (:mod:`pse.tools.gitsafe`, :mod:`pse.tools.gitview`): it then reads no config
   the repository or a submodule wrote, and no file outside through ``.git``.
3. **Every command** runs under bubblewrap where it works (:mod:`pse.tools.isolation`:
   the project read-only with secrets masked, no network, private ``$HOME`` and
   ``/tmp``, nothing else of the host), else with ``unshare -n`` where that works; always
   with rlimits, a scrubbed environment and its own session (:mod:`pse.tools.process`).

The remaining built-in programs (``ls``, ``wc``, ``head``) read only the paths named on
their command line, which :mod:`pse.tools.commands` has checked.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pse.tools import gitsafe
from pse.tools.gitview import build_view
from pse.tools.isolation import bubblewrap_argv, find_bwrap, find_masks, program_trees
from pse.tools.outcome import RefusalError
from pse.tools.process import (
    Completed,
    Limits,
    child_environment,
    make_home,
    run_process,
    safe_path,
)
from pse.tools.rules import Rule

if TYPE_CHECKING:
    from pse.tools.sandbox import Sandbox


def runs_project_code(rule: Rule) -> bool:
    """Whether ``rule``'s program may execute code or config from the project."""
    return rule.runs_code or rule.any_option


def check_allowed(sandbox: Sandbox, rule: Rule) -> None:
    """Refuse ``needs-isolation`` for a code-running rule when isolation is unavailable."""
    if runs_project_code(rule) and sandbox.isolation != "bubblewrap":
        kind = "a custom command rule" if rule.any_option else repr(rule.name)
        raise RefusalError("needs-isolation", f"{kind} can execute code from the project, "
                           "so it only runs isolated (bubblewrap), which is not available "
                           "here (install bubblewrap, e.g. apt-get install bubblewrap); "
                           "use read_file, list_dir, grep and the git tools instead")


def run_confined(sandbox: Sandbox, rule: Rule, argv: list[str]) -> Completed:
    """Run ``argv`` (program first, allowed by ``rule``) under every guard that applies.

    Raises:
        RefusalError: ``needs-isolation``, or a git repository pse will not touch.
    """
    check_allowed(sandbox, rule)
    if os.path.basename(argv[0]) == "git":
        with git_session(sandbox) as git:
            return git.run(argv)
    with make_home() as scratch:
        home = Path(scratch)
        env = child_environment(home=home, ceiling=sandbox.root.parent,
                                environ=sandbox.environ, roots=sandbox.roots)
        prefix = _prefix(sandbox, home, program=argv[0], keep_git=False, extra=())
        return run_process([*prefix, *argv], cwd=sandbox.root, env=env,
                           limits=_limits(sandbox), cap=sandbox.settings.max_output)


@dataclass(frozen=True)
class GitSession:
    """Git commands against one view of the repository (see :mod:`pse.tools.gitview`)."""

    run: Callable[..., Completed]
    """``run(argv, *, cap=None, stdin=None)``: argv starts with the git program."""
    scratch: Path
    """A folder of pse's the commands can read (input files for ``-f``/``--batch``)."""
    fingerprint: str
    """Of the repository's refs, reflogs and index (see :class:`pse.tools.gitview.View`)."""


@contextlib.contextmanager
def git_session(sandbox: Sandbox) -> Iterator[GitSession]:
    """A view of the sandbox's repository, and a runner that confines git to it.

    Raises:
        RefusalError: ``not-allowed`` for a repository pse will not touch.
    """
    dirs = gitsafe.git_directory(sandbox.root, sandbox.roots)
    git = shutil.which("git", path=safe_path(sandbox.environ.get("PATH", ""),
                                             roots=sandbox.roots)) or "git"
    with make_home() as scratch:
        home = Path(scratch)
        folder = home / "git"
        view = build_view(dirs.gitdir, dirs.common, folder)
        env = gitsafe.git_environment(view=view.path, root=sandbox.root, env=child_environment(
            home=home, ceiling=sandbox.root.parent, environ=sandbox.environ,
            roots=sandbox.roots))
        prefix = _prefix(sandbox, home, program=git, keep_git=True,
                         extra=(*dirs.outside, folder))

        def run(argv: list[str], *, cap: int | None = None, stdin: Path | None = None
                ) -> Completed:
            return run_process([*prefix, *argv], cwd=sandbox.root, env=env,
                               limits=_limits(sandbox), stdin=stdin,
                               cap=sandbox.settings.max_output if cap is None else cap)

        yield GitSession(run, folder, view.fingerprint)


def _limits(sandbox: Sandbox) -> Limits:
    return Limits(sandbox.settings.timeout, sandbox.settings.max_memory, sandbox.nproc)


def _prefix(sandbox: Sandbox, scratch: Path, *, program: str, keep_git: bool,
            extra: tuple[Path, ...]) -> list[str]:
    """``bwrap ... --`` in the isolated mode, else the ``unshare`` network prefix."""
    if sandbox.isolation != "bubblewrap":
        return list(sandbox.network_prefix)
    bwrap = find_bwrap()
    assert bwrap is not None  # the mode was probed with it
    settings = sandbox.settings
    masks = find_masks(sandbox.roots, allowed=settings.allow_secrets,
                       hardlinks_ok=settings.allow_hardlinks, keep_git=keep_git)
    trees = [*extra, *program_trees(program)]
    return bubblewrap_argv(bwrap, roots=sandbox.roots, cwd=sandbox.root, masks=masks,
                           scratch=scratch, extra=trees,
                           share_net=not settings.isolate_network)
