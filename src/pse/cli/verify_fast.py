"""What a ``pse verify`` answer depends on, listed for :mod:`pse.cli.fastpath`.

The answer of a plain run in a kept format is a function of the documents, the source
tree as the index sees it (the files the walk lists, by stat data, as the index cache
trusts them), the settings and pse itself. So the recording lists: every file of the
tree and every folder walked (a file added or removed changes its folder's mtime), the
``.gitignore`` place of each folder walked (found or not), the documents with the
folders searched for them, the settings' files and the project metadata above the
root. Each with the stat data seen before it was read. Git history is the one other
input: it changes with each commit, so a run whose answer could carry history
(something unverified, history on, a git checkout) is not kept.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from pse.cli.common import CliContext
from pse.cli.fastpath import Kind, observed
from pse.config import consulted_paths
from pse.index.model import FileEntry
from pse.index.walk import Seen

Check = tuple[str, Kind, str]
"""A path, how it is compared and what was seen of it (:func:`pse.cli.fastpath.keep`)."""


def has_git(root: Path) -> bool:
    """Whether ``root`` may be a git checkout (history may then name commits)."""
    return os.path.lexists(os.path.join(os.path.realpath(root), ".git"))


def tree_checks(root: Path, entries: Sequence[FileEntry], seen: Seen) -> list[Check]:
    """The checks of a walked tree: its files (as the walk saw them), the folders walked
    and their ignore files."""
    base = os.path.join(os.path.realpath(root), "")
    checks: list[Check] = [(base + entry.path, "f", f"{entry.size}:{entry.mtime_ns}")
                           for entry in entries]
    for rel, info in seen:
        kind: Kind = "d" if rel == "" or rel.endswith("/") else "f"
        checks.append((base + rel, kind, observed(info, kind)))
    return checks


def path_check(path: str, kind: Kind) -> Check:
    """The check of one path as it is now (call it before reading the path)."""
    try:
        info: os.stat_result | None = os.stat(path)
    except OSError:
        info = None
    return (path, kind, observed(info, kind))


def identity_checks(root: Path) -> list[Check]:
    """The checks of the project metadata read at and above ``root`` (a package folder
    given as the source takes its project's name from the folders above it), and of
    the ``.git`` that ends that search (call it before the run reads them)."""
    # imported here: the facts module brings the index's reader, which a kept output,
    # written from the verify cache, never needs
    from pse.index.facts import IDENTITY_FILES, identity_places

    checks: list[Check] = []
    for folder in identity_places(root):
        checks += [path_check(str(folder / name), "f") for name in IDENTITY_FILES]
        checks.append(path_check(str(folder / ".git"), "e"))
    return checks


def settings_checks(context: CliContext, start: Path) -> list[Check]:
    """The checks of what the settings are read from (call it before reading them)."""
    return [path_check(str(path), "f" if how == "file" else "e") for path, how in
            consulted_paths(start=start, environ=context.environ,
                            config_file=context.config_file)]
