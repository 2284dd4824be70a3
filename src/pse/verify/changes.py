"""What a ``--since`` run checks: changed documents, and references to changed code.

A :class:`Scope` holds the files changed since a commit (paths relative to the source
root), the names the changed source files define now (and their module names) and the
words of the lines the changes removed. A changed document is checked whole. In any
other document a reference is checked when its target may have changed: its path (or
a folder of it) changed; its evidence lies in a changed definition; or its name was on a
removed line (a renamed or deleted definition, which no longer resolves).

A changed definition, in a Python file git gave line ranges for: the innermost function
or class around each changed line (a class only for its header: a method's edit does not
change its class, so the other methods' references stay out), or the name a changed line
defines at class or module level (:func:`changed_definitions`). In any other changed
file, every definition counts.
:meth:`Scope.mentions` picks the documents worth reading at all, :meth:`Scope.wants`
the references worth resolving (both supersets), :meth:`Scope.keeps` is the exact test
after resolution.
"""

from __future__ import annotations

import ast
import builtins
import keyword
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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


Span = tuple[int, int]
"""Lines ``first`` to ``last`` of a file (1-based, inclusive)."""


def changed_definitions(text: str, changed: Sequence[Span]
                        ) -> tuple[frozenset[str], tuple[Span, ...]] | None:
    """The names of the definitions the ``changed`` lines of Python source ``text`` lie
    in (or define), and those definitions' spans with the changed lines; None when the
    text does not parse (then the whole file counts as changed).

    A class-level line changes its class too: an enum member or class attribute added,
    edited or deleted may make "`State` has three members" false. A method's ``def``
    line does not select its class: nearly every document names a project's main class,
    so re-reading them all would cost a ``--since`` run what a full run costs; a claim
    listing the old method's name is still read (the name was removed), a bare count of
    methods waits for the full run."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    lines = text.split("\n")
    owner = _owners(tree)
    names: set[str] = set()
    spans: list[Span] = list(changed)
    for first, last in changed:
        for number in range(max(first, 1), last + 1):
            node = owner.get(number)
            if node is None or (isinstance(node, ast.ClassDef) and
                                number >= node.body[0].lineno):
                # module or class level: the name the line defines
                line = lines[number - 1] if number <= len(lines) else ""
                names.add(defined_name(line.lstrip()))
                if node is not None:  # the class's members changed
                    names.add(node.name)
                    spans.append((_first_line(node), node.body[0].lineno - 1))
                continue
            names.add(node.name)
            end = node.body[0].lineno - 1 if isinstance(node, ast.ClassDef) \
                else node.end_lineno or node.lineno
            spans.append((_first_line(node), max(end, node.lineno)))
    names.discard("")
    return frozenset(names), tuple(sorted(set(spans)))


_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _owners(tree: ast.Module) -> dict[int, _Definition]:
    """The innermost function or class around each line of ``tree``."""
    nodes = [n for n in ast.walk(tree)
             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    owner: dict[int, _Definition] = {}
    for node in sorted(nodes, key=_first_line):  # inner definitions start later: they win
        for number in range(_first_line(node), (node.end_lineno or node.lineno) + 1):
            owner[number] = node
    return owner


def _first_line(node: _Definition) -> int:
    """The definition's first line, its decorators included."""
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def words(lines: Iterable[str]) -> frozenset[str]:
    """The identifiers in ``lines``."""
    found: set[str] = set()
    for line in lines:
        found.update(_WORD.findall(line))
    return frozenset(found)


_EVERYWHERE = frozenset({*keyword.kwlist, *keyword.softkwlist, *dir(builtins), "self", "cls"})
"""Python's keywords and builtins: a removed line that only used them (``-> None``,
``: bool = False``) removed none of them, so they select no reference."""


_IMPORT = re.compile(r"\s*(?:from\s+[\w.]+\s+)?import\s+(.*)")
_LISTED = re.compile(r"""\s*(?:["']([A-Za-z_]\w*)["']|([A-Za-z_]\w*)(?:\s+as\s+(\w+))?)"""
                     r"\s*,?\s*\)?\s*$")
"""A line naming one thing, as in a parenthesised import or an ``__all__`` list."""
_ATTRIBUTE = re.compile(r"\s*self\.([A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)")


def python_names(lines: Iterable[str]) -> frozenset[str]:
    """The names Python ``lines`` bind or export: definitions, assignments, imports,
    instance attributes (``self.x = ...``) and lines naming one thing (the entries of a
    parenthesised import or an ``__all__`` list). Comments and prose bind nothing."""
    found: set[str] = set()
    for line in lines:
        name = defined_name(line.lstrip())
        imported = _IMPORT.match(line)
        listed = _LISTED.match(line)
        attribute = _ATTRIBUTE.match(line)
        if name:
            found.add(name)
        elif imported:
            found.update(w for w in _WORD.findall(imported.group(1)) if w != "as")
        elif attribute:
            found.add(attribute.group(1))
        elif listed:
            found.update(n for n in listed.groups() if n)
    return frozenset(found)


def removed_names(removed: Sequence[str], added: Sequence[str] = ()) -> frozenset[str]:
    """The identifiers that may name what a file's ``removed`` lines removed: the names
    they defined and ``added`` (the file's new lines) does not define again, and their
    other identifiers but those ``added`` still holds and Python's keywords and builtins
    (a renamed function's parameters and annotations were not removed)."""
    return (defined_names(removed) - defined_names(added)) | \
        (words(removed) - words(added) - _EVERYWHERE)


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
    spans: Mapping[str, tuple[Span, ...]] = field(default_factory=dict)
    """Changed files whose changed definitions are known, with their spans (evidence
    elsewhere in such a file did not change); any other changed file counts whole."""

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
            any(self._line_changed(path, line) for path, line in item.result.evidence) or \
            _leaf(ref) in self.removed_words

    def _line_changed(self, path: str, line: int | None) -> bool:
        """Whether evidence at ``path:line`` lies in changed code (no line: the evidence
        stands for its whole file)."""
        if path not in self.paths:
            return False
        spans = self.spans.get(path)
        return spans is None or line is None or any(a <= line <= b for a, b in spans)

    def _path_changed(self, ref: Reference) -> bool:
        if ref.kind not in {"path", "path_line"}:
            return False
        path = ref.name.split(":", 1)[0].strip("/")
        return path in self.paths or any(p.startswith(path + "/") for p in self.paths)


def _leaf(ref: Reference) -> str:
    """The last identifier of the reference's name (``Client.send()`` gives ``send``)."""
    found = _WORD.findall(ref.name)
    return found[-1] if found else ""
