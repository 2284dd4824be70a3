"""What a ``pse verify`` answer depends on, listed for :mod:`pse.cli.fastpath`.

The answer of a plain run in a kept format is a function of the documents, the source
tree as the index sees it (the files the walk lists, by stat data, as the index cache
trusts them), the settings and pse itself. So the recording lists: every file of the
tree and every folder walked (a file added or removed changes its folder's mtime), the
``.gitignore`` place of each folder walked (found or not), and the settings' files.
Git history is the one other input: it changes with each commit, so a run whose answer
could carry history (something unverified, history on, a git checkout) is not kept.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from pse.cli.common import CliContext
from pse.config import consulted_paths
from pse.index.model import FileEntry

Check = tuple[str, str]
"""A path and how it is compared (:data:`pse.cli.fastpath.Kind`)."""


def has_git(root: Path) -> bool:
    """Whether ``root`` may be a git checkout (history may then name commits)."""
    return os.path.lexists(os.path.join(os.path.realpath(root), ".git"))


def tree_checks(root: Path, entries: Sequence[FileEntry], folders: Sequence[str]
                ) -> list[Check]:
    """The stat checks of a walked tree: its files, folders and ignore files."""
    base = os.path.join(os.path.realpath(root), "")
    checks: list[Check] = [(base + entry.path, "f") for entry in entries]
    for folder in folders:
        checks += [(base + folder, "d"), (f"{base}{folder}.gitignore", "f")]
    return checks


def settings_checks(context: CliContext, start: Path) -> list[Check]:
    """The stat checks of what the settings were read from."""
    return [(str(path), "f" if how == "file" else "e") for path, how in consulted_paths(
        start=start, environ=context.environ, config_file=context.config_file)]
