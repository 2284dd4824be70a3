"""What a ``--since`` run checks: changed documents, and references to changed code.

A :class:`Scope` holds the files changed since a commit (paths relative to the source
root), the words of the changed source files as they are now and the words of the
lines the changes removed. A changed document is checked whole. In any other document
a reference is checked when its target may have changed: its path (or a folder of it)
changed; its evidence lies in a changed file; or its name was on a removed line (a
renamed or deleted definition, which no longer resolves). :meth:`Scope.wants` is the
cheap test before resolution (a superset), :meth:`Scope.keeps` the exact one after.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pse.verify.refs import CheckedReference, Reference

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def words(lines: Iterable[str]) -> frozenset[str]:
    """The identifiers in ``lines``."""
    found: set[str] = set()
    for line in lines:
        found.update(_WORD.findall(line))
    return frozenset(found)


@dataclass(frozen=True)
class Scope:
    """The part of a run a ``--since`` selection keeps."""

    documents: frozenset[str]
    """Changed documents, by their display path (as in :attr:`Reference.file`)."""
    paths: frozenset[str]
    """Changed paths relative to the source root (renames: both names)."""
    current_words: frozenset[str]
    """Identifiers in the changed source files as they are now."""
    removed_words: frozenset[str]
    """Identifiers on the lines the changes removed."""

    def is_whole(self, document: str) -> bool:
        """True when ``document`` changed (all its references are checked)."""
        return document in self.documents

    def wants(self, ref: Reference) -> bool:
        """Whether ``ref`` may target changed code (checked before resolving)."""
        leaf = _leaf(ref)
        return self.is_whole(ref.file) or self._path_changed(ref) or \
            leaf in self.current_words or leaf in self.removed_words

    def keeps(self, item: CheckedReference) -> bool:
        """Whether the resolved ``item`` targets changed code."""
        ref = item.ref
        return self.is_whole(ref.file) or self._path_changed(ref) or \
            any(path in self.paths for path, _ in item.result.evidence) or \
            _leaf(ref) in self.removed_words

    def _path_changed(self, ref: Reference) -> bool:
        if ref.kind not in {"path", "path_line"}:
            return False
        path = ref.name.split(":", 1)[0].strip("/")
        return path in self.paths or any(p.startswith(path + "/") for p in self.paths)


def _leaf(ref: Reference) -> str:
    """The last identifier of the reference's name (``Client.send()`` gives ``send``)."""
    found = _WORD.findall(ref.name)
    return found[-1] if found else ""
