"""What a ``--since`` run checks: changed documents, and references to changed code.

A :class:`Scope` holds the files changed since a commit (paths relative to the source
root), the names the changed source files define now (and their module names) and the
words of the lines the changes removed. A changed document is checked whole. In any
other document a reference is checked when its target may have changed: its path (or
a folder of it) changed; its evidence lies in a changed file; or its name was on a
removed line (a renamed or deleted definition, which no longer resolves).
:meth:`Scope.mentions` picks the documents worth reading at all, :meth:`Scope.wants`
the references worth resolving (both supersets), :meth:`Scope.keeps` is the exact test
after resolution.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pse.verify.refs import CheckedReference, Reference

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEFINITION = re.compile(
    r"^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:def|class|function|func|fn|"
    r"const|let|var|type|interface|struct|enum|trait|module)\s+(?:\([^)]*\)\s*)?"
    r"([A-Za-z_]\w*)|^([A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)")
"""A line defining a name: ``def f``, ``class C``, ``func (r *R) M``, ``X = 1``..."""


def defined_name(line: str) -> str:
    """The name ``line`` defines ("" when it defines none)."""
    match = _DEFINITION.match(line)
    return (match.group(1) or match.group(2)) if match else ""


def defined_names(lines: Iterable[str]) -> frozenset[str]:
    """The names ``lines`` define (any indentation: methods count)."""
    return frozenset(name for name in map(defined_name, lines) if name)


def module_names(paths: Iterable[str]) -> frozenset[str]:
    """The module names of changed files: a file's stem (``mod0007``), a package's folder
    for its ``__init__`` (folders of other files did not change as a whole)."""
    found: set[str] = set()
    for path in paths:
        parts = path.split("/")
        stem = parts[-1].split(".", 1)[0]
        if stem == "__init__" and len(parts) > 1:
            stem = parts[-2]
        if _WORD.fullmatch(stem):
            found.add(stem)
    return frozenset(found)


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
    defined: frozenset[str]
    """Names the changed source files define now, and their file and folder names."""
    removed_words: frozenset[str]
    """Identifiers on the lines the changes removed."""

    def is_whole(self, document: str) -> bool:
        """True when ``document`` changed (all its references are checked)."""
        return document in self.documents

    def mentions(self, document: str, text: str) -> bool:
        """Whether the document may name changed code (else it is not read at all)."""
        if self.is_whole(document):
            return True
        names = self.defined | self.removed_words
        return not names.isdisjoint(_WORD.findall(text)) or \
            any(path in text for path in self.paths)

    def wants(self, ref: Reference) -> bool:
        """Whether ``ref`` may target changed code (checked before resolving)."""
        leaf = _leaf(ref)
        return self.is_whole(ref.file) or self._path_changed(ref) or \
            leaf in self.defined or leaf in self.removed_words

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
