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
import re
import shutil
import subprocess
import tempfile
import time
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pse.tools import gitsafe
from pse.tools.gitview import build_view
from pse.tools.outcome import RefusalError

_MAX_OUTPUT = 20_000_000
"""Bytes of one command's output read at most (a diff of a huge tree is cut there)."""
_DIFFS = ("--no-textconv", "--no-ext-diff", "--no-color")


class GitError(Exception):
    """A git command the user asked for failed (unknown REF, not a repository)."""


@dataclass(frozen=True)
class Hunk:
    """Lines ``first`` to ``last`` (1-based, inclusive) of a file as it is now."""

    first: int
    last: int


@dataclass(frozen=True)
class FilePatch:
    """One file's part of a patch."""

    hunks: tuple[Hunk, ...]
    """The line ranges the changes wrote in the file as it is now (a pure deletion: the
    line it follows)."""
    removed: tuple[str, ...]
    added: tuple[str, ...]


@dataclass(frozen=True)
class Changes:
    """Files changed since a commit, POSIX paths relative to the work tree."""

    base: str
    """The commit compared against (full hash)."""
    paths: frozenset[str]
    """Every path added, modified, deleted, or renamed (both names), untracked included."""
    removed_lines: tuple[str, ...] = ()
    """Lines the changes removed from files that are not documents (old definitions)."""
    patches: Mapping[str, FilePatch] = field(default_factory=dict)
    """Per changed file that is not a document, what its patch did ("": the files whose
    patch header git quoted, an unusual name)."""


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
        patches: dict[str, FilePatch] = {}
        if sources:
            patches = read_patch(self.run("diff", *_DIFFS, "-U0", "-M", base, "--",
                                          *sources) or "")
        removed = tuple(line for part in patches.values() for line in part.removed)
        return Changes(base=base, paths=frozenset(paths), removed_lines=removed,
                       patches=patches)


_HUNK = re.compile(r"@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def read_patch(patch: str) -> dict[str, FilePatch]:
    """Per file of a ``-U0`` patch, its hunks' new-side ranges and its removed and added
    lines.

    Each hunk header says how many old and new lines follow, so a content line that
    looks like a header (``+++ b/x``, ``--- a``) is read as content. The files whose
    header git quoted (an unusual name) are kept together under "" without ranges.
    """
    hunks: dict[str, list[Hunk]] = {}
    removed: dict[str, list[str]] = {}
    added: dict[str, list[str]] = {}
    current = ""
    lines = patch.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.startswith("+++ "):
            current = line[6:] if line.startswith("+++ b/") else ""
            continue
        match = _HUNK.match(line)
        if match is None:
            continue
        old = 1 if match.group(1) is None else int(match.group(1))
        start = int(match.group(2))
        new = 1 if match.group(3) is None else int(match.group(3))
        body, index = _hunk_body(lines, index, old + new)
        removed.setdefault(current, []).extend(t[1:] for t in body[:old])
        added.setdefault(current, []).extend(t[1:] for t in body[old:])
        if current:
            hunks.setdefault(current, []).append(Hunk(start, start + max(new, 1) - 1))
    return {path: FilePatch(hunks=tuple(hunks.get(path, ())), removed=tuple(gone),
                            added=tuple(added[path])) for path, gone in removed.items()}


def _hunk_body(lines: list[str], index: int, count: int) -> tuple[list[str], int]:
    """The ``count`` content lines from ``index`` on (git's "\\ No newline" notes
    skipped) and the index after them."""
    body: list[str] = []
    while len(body) < count and index < len(lines):
        if not lines[index].startswith("\\"):
            body.append(lines[index])
        index += 1
    return body, index


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
    lies outside ``root``, or holds links git would follow). Git reads a view of it that
    pse builds (:mod:`pse.tools.gitview`): pse's own config, never the repository's."""
    git = shutil.which("git")
    if git is None:
        return None
    real = Path(os.path.realpath(root))
    folder = Path(tempfile.mkdtemp(prefix="pse-gitview-"))
    try:
        dirs = gitsafe.git_directory(real, (real,))
        view = build_view(dirs.gitdir, dirs.common, folder)
        env = gitsafe.git_environment(view=view.path, root=real, env=_base_env())
    except (RefusalError, OSError):
        shutil.rmtree(folder, ignore_errors=True)
        return None
    repo = GitRepo(real, git, env, timeout=timeout)
    # the view lives as long as the repository object (removed quietly when it goes)
    weakref.finalize(repo, shutil.rmtree, folder, ignore_errors=True)
    return repo


def _base_env() -> dict[str, str]:
    """A minimal environment: no inherited ``GIT_*``, no pager, C locale."""
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "SYSTEMROOT") if k in os.environ}
    return {**keep, "LC_ALL": "C", "PAGER": "cat", "GIT_PAGER": "cat"}


class Budget:
    """A total time budget shared by a run's history look-ups."""

    def __init__(self, seconds: float) -> None:
        self._deadline = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left (0 when spent)."""
        return max(0.0, self._deadline - time.monotonic())
