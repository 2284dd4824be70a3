"""Real git repositories built in tests: commits that add, rename and delete code.

Commits get fixed authors and dates (one day apart), so hashes are stable within a
test and the history is the same on every machine; the user's git config is not read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


class GitProject:
    """A work tree with a repository, changed one commit at a time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.commits = 0
        root.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        """Run git in the work tree (isolated from the user's config)."""
        day = f"2026-01-{self.commits + 1:02d}T12:00:00+00:00"
        env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
               "GIT_AUTHOR_NAME": "A U Thor", "GIT_AUTHOR_EMAIL": "a@example.com",
               "GIT_COMMITTER_NAME": "A U Thor", "GIT_COMMITTER_EMAIL": "a@example.com",
               "GIT_AUTHOR_DATE": day, "GIT_COMMITTER_DATE": day}
        done = subprocess.run(["git", *args], cwd=self.root, env=env, check=True,
                              capture_output=True, text=True)
        return done.stdout.strip()

    def write(self, path: str, text: str) -> None:
        """Create or replace a file (not committed)."""
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def commit(self, subject: str, files: dict[str, str] | None = None, *,
               remove: tuple[str, ...] = (), moves: dict[str, str] | None = None) -> str:
        """Write ``files``, ``git rm`` ``remove``, ``git mv`` ``moves``, commit; the hash."""
        for path, text in (files or {}).items():
            self.write(path, text)
        for old, new in (moves or {}).items():
            (self.root / new).parent.mkdir(parents=True, exist_ok=True)
            self.git("mv", old, new)
        for path in remove:
            self.git("rm", "-q", "-r", path)
        self.git("add", "-A")
        self.git("commit", "-q", "-m", subject)
        self.commits += 1
        return self.git("rev-parse", "HEAD")
