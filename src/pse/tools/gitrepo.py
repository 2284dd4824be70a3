"""Read-only git for ``pse verify``: changed files and the history of missing names.

The repository is input, so hostile: every invocation goes through
:mod:`pse.tools.gitsafe` (git directory inside the source root, no system or global
config, every program-running key overridden) and adds ``--no-textconv
--no-ext-diff`` where git would diff. Commands run with a timeout and a cap on their
output; a failure is an answer ("no history"), never an exception, except for the
questions the user asked directly (:func:`open_repo`, :meth:`GitRepo.changes`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from pse.tools import gitsafe
from pse.tools.outcome import RefusalError

_MAX_OUTPUT = 20_000_000
"""Bytes of one command's output read at most (a diff of a huge tree is cut there)."""
_DIFFS = ("--no-textconv", "--no-ext-diff", "--no-color")


class GitError(Exception):
    """A git command the user asked for failed (unknown REF, not a repository)."""


@dataclass(frozen=True)
class Changes:
    """Files changed since a commit, POSIX paths relative to the work tree."""

    base: str
    """The commit compared against (full hash)."""
    paths: frozenset[str]
    """Every path added, modified, deleted, or renamed (both names), untracked included."""
    removed_lines: tuple[str, ...] = ()
    """Lines the changes removed from files that are not documents (old definitions)."""


class GitRepo:
    """One work tree's repository, read through the safe environment."""

    def __init__(self, root: Path, git: str, env: dict[str, str], *, timeout: float) -> None:
        self.root = root
        self._git = git
        self._env = env
        self.timeout = timeout

    def run(self, *args: str, timeout: float | None = None) -> str | None:
        """``git ARGS``'s output, or None when it failed or ran out of time."""
        try:
            done = subprocess.run([self._git, *args], cwd=self.root, env=self._env,
                                  stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=timeout or self.timeout, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode != 0:
            return None
        return done.stdout[:_MAX_OUTPUT].decode("utf-8", errors="replace")

    def head(self) -> str:
        """The checked-out commit ("" when there is none: no commits yet, or broken)."""
        return (self.run("rev-parse", "--verify", "-q", "HEAD^{commit}") or "").strip()

    def is_shallow(self) -> bool:
        """True for a shallow clone (history cut short)."""
        return (self.run("rev-parse", "--is-shallow-repository") or "").strip() == "true"

    def resolve(self, ref: str) -> str:
        """The commit ``ref`` names.

        Raises:
            GitError: ``ref`` names no commit here.
        """
        if ref.startswith("-"):
            raise GitError(f"{ref!r} is not a git revision")
        found = self.run("rev-parse", "--verify", "-q", "--end-of-options", f"{ref}^{{commit}}")
        if not found:
            raise GitError(f"{ref!r} names no commit in {str(self.root)!r}")
        return found.strip()

    def default_base(self) -> str:
        """The merge-base of HEAD with its upstream (``@{upstream}``, else the remote's
        default branch, else ``main``/``master``), or HEAD when there is none."""
        for candidate in ("@{upstream}", "origin/HEAD", "origin/main", "origin/master",
                          "main", "master"):
            base = self.run("merge-base", "HEAD", candidate)
            if base and base.strip():
                return base.strip()
        head = self.head()
        if not head:
            raise GitError(f"{str(self.root)!r} has no commits to compare with")
        return head

    def changes(self, base: str, *, documents: tuple[str, ...]) -> Changes:
        """What changed between commit ``base`` and the work tree (uncommitted and
        untracked files included); ``documents``: suffixes whose removed lines are not
        collected (a document's old text names no definitions)."""
        status = self.run("diff", *_DIFFS, "--name-status", "-z", "-M", base, "--")
        if status is None:
            raise GitError(f"git could not compare {base[:12]} with the work tree")
        paths = set(_name_status_paths(status))
        untracked = self.run("ls-files", "--others", "--exclude-standard", "-z") or ""
        paths.update(f for f in untracked.split("\0") if f)
        sources = sorted(p for p in paths if not p.lower().endswith(documents))
        removed: list[str] = []
        if sources:
            patch = self.run("diff", *_DIFFS, "-U0", "-M", base, "--", *sources) or ""
            removed = [line[1:] for line in patch.splitlines()
                       if line.startswith("-") and not line.startswith("---")]
        return Changes(base=base, paths=frozenset(paths), removed_lines=tuple(removed))


def _name_status_paths(output: str) -> list[str]:
    """The paths of ``--name-status -z`` output: ``STATUS\0PATH`` records, two paths
    for a rename or copy (``R087\0OLD\0NEW``)."""
    fields = output.split("\0")
    paths: list[str] = []
    index = 0
    while index < len(fields) and fields[index]:
        count = 2 if fields[index][:1] in "RC" else 1
        paths.extend(f for f in fields[index + 1:index + 1 + count] if f)
        index += 1 + count
    return paths


def open_repo(root: Path, *, timeout: float = 10.0) -> GitRepo | None:
    """The repository whose work tree is ``root``, or None when ``root`` is not the top
    of a git checkout, git is missing, or the repository is refused (its git directory
    or config lies outside ``root``)."""
    git = shutil.which("git")
    if git is None:
        return None
    real = Path(os.path.realpath(root))
    try:
        dirs = gitsafe.git_directory(real, (real,))
        env = gitsafe.safe_environment(git, dirs=dirs, root=real, roots=(real,),
                                       env=_base_env(), run=_runner(real, timeout))
    except (RefusalError, OSError):
        return None
    return GitRepo(real, git, env, timeout=timeout)


def _base_env() -> dict[str, str]:
    """A minimal environment: no inherited ``GIT_*``, no pager, C locale."""
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "SYSTEMROOT") if k in os.environ}
    return {**keep, "LC_ALL": "C", "PAGER": "cat", "GIT_PAGER": "cat"}


def _runner(cwd: Path, timeout: float) -> gitsafe.Runner:
    def run(argv: list[str], env: dict[str, str]) -> tuple[int, bytes]:
        try:
            done = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                  capture_output=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return 1, str(exc).encode()
        return done.returncode, done.stdout + done.stderr
    return run


class Budget:
    """A total time budget shared by a run's history look-ups."""

    def __init__(self, seconds: float) -> None:
        self._deadline = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left (0 when spent)."""
        return max(0.0, self._deadline - time.monotonic())
