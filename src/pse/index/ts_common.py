"""What the tree-sitter extractors share: a symbol collector and node helpers.

Nothing here imports tree-sitter: the extractors receive nodes from
:mod:`pse.index.treesitter` and only use their attributes (``type``, ``children``,
``child_by_field_name``, byte and point positions), so the layering rule that one module
imports tree-sitter holds while each language lives in a small module of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from pse.index.model import ImportEdge, Symbol, SymbolKind

_NOT_IDENT = re.compile(r"\W+")


class Node(Protocol):
    """The part of ``tree_sitter.Node`` the extractors use."""

    @property
    def type(self) -> str: ...  # noqa: D102 - mirrors tree_sitter.Node
    @property
    def children(self) -> list[Node]: ...  # noqa: D102
    @property
    def named_children(self) -> list[Node]: ...  # noqa: D102
    @property
    def start_byte(self) -> int: ...  # noqa: D102
    @property
    def end_byte(self) -> int: ...  # noqa: D102
    @property
    def start_point(self) -> tuple[int, int]: ...  # noqa: D102
    @property
    def end_point(self) -> tuple[int, int]: ...  # noqa: D102
    def child_by_field_name(self, name: str, /) -> Node | None: ...  # noqa: D102


@dataclass
class Collector:
    """Symbols and imports of one file, with the source bytes to read names from."""

    source: bytes
    path: str
    module: str
    """Qualname prefix of the file's top-level symbols ("" for C and C++)."""
    symbols: list[Symbol] = field(default_factory=list)
    imports: list[ImportEdge] = field(default_factory=list)

    def text(self, node: Node | None) -> str:
        """The source text of ``node`` ("" for None)."""
        if node is None:
            return ""
        return self.source[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def add(self, node: Node, *, name: str, kind: SymbolKind, parent: str,
            name_node: Node | None = None, bases: tuple[str, ...] = ()) -> str:
        """Record a symbol; its line is the line of its name. Returns its qualname."""
        qualname = f"{parent}.{name}" if parent else name
        line = (name_node or node).start_point[0] + 1
        row, column = node.end_point
        end = row + 1 if column else row  # a node that ends with its newline
        self.symbols.append(Symbol(qualname=qualname, name=name, kind=kind, path=self.path,
                                   line=line, end_line=max(line, end), parent=parent,
                                   bases=bases))
        return qualname

    def add_named(self, node: Node, *, kind: SymbolKind, parent: str,
                  field_name: str = "name", bases: tuple[str, ...] = ()) -> str:
        """Record ``node`` under the text of its ``name`` field ("" when it has none)."""
        name_node = node.child_by_field_name(field_name)
        name = self.text(name_node)
        if not name or not is_identifier(name):
            return ""
        return self.add(node, name=name, kind=kind, parent=parent, name_node=name_node,
                        bases=bases)

    def add_import(self, node: Node, *, alias: str, target: str) -> None:
        """Record that ``alias`` in this file means ``target``."""
        if alias and target:
            self.imports.append(ImportEdge(self.module, alias, target,
                                           node.start_point[0] + 1))

    def module_symbol(self, *, kind: SymbolKind = "module", line: int = 1) -> None:
        """The file's own module (or package) symbol, when it has a qualname."""
        if not self.module:
            return
        parent, _, name = self.module.rpartition(".")
        lines = self.source.count(b"\n") + (0 if self.source.endswith(b"\n") else 1)
        self.symbols.append(Symbol(qualname=self.module, name=name, kind=kind,
                                   path=self.path, line=line, end_line=max(lines, line),
                                   parent=parent))


def is_identifier(text: str) -> bool:
    """A plain identifier in any of the indexed languages (``$`` allowed, for JS)."""
    return bool(text) and (text[0].isalpha() or text[0] in "_$") and \
        all(ch.isalnum() or ch in "_$" for ch in text)


def sanitize(component: str) -> str:
    """A path component as a qualname component: ``date-utils`` -> ``date_utils``."""
    cleaned = _NOT_IDENT.sub("_", component).strip("_") or "_"
    return f"_{cleaned}" if cleaned[0].isdigit() else cleaned


def field_node(node: Node, name: str) -> Node | None:
    """``node.child_by_field_name(name)`` (a shorthand for readability)."""
    return node.child_by_field_name(name)


def named(node: Node, *types: str) -> list[Node]:
    """Named children of ``node`` whose type is one of ``types``."""
    return [child for child in node.named_children if child.type in types]


def strip_generics(text: str) -> str:
    """``Map<K, V>`` -> ``Map``; ``*pkg.Type`` -> ``pkg.Type``; ``&'a mut T`` -> ``T``."""
    text = re.sub(r"[<\[(].*$", "", text.strip(), flags=re.S)
    text = re.sub(r"^(?:&\s*(?:'\w+\s*)?(?:mut\s+)?|\*+|dyn\s+|impl\s+)", "", text).strip()
    return text.replace("::", ".")
