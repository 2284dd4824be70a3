"""Blocks of a document and the document itself (frozen values; see the package docstring)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

BlockKind = Literal["heading", "paragraph", "item", "definition", "row", "code", "directive"]
PROSE_KINDS: frozenset[str] = frozenset({"paragraph", "item", "definition"})
"""Blocks whose lines are running prose (headings, rows and code are not)."""


@dataclass(frozen=True)
class Block:
    """One block of a document, with its place in the structure."""

    kind: BlockKind
    line: int
    """First 1-based source line."""
    end: int
    """Last 1-based source line (inclusive)."""
    lines: tuple[tuple[int, str], ...] = ()
    """The inline content line by line, ``(line, text)``, markers and indent removed
    (prose, heading and row blocks; a code block's code is in ``text``)."""
    text: str = ""
    """A code block's code, a directive's body, or the inline content joined by newlines."""
    level: int = 0
    """A heading's level (1 = top); a list item's or definition's nesting depth (1 = top)."""
    parent: int | None = None
    """Index of the block that owns this one: the enclosing list item of a nested item,
    the lead-in paragraph ending with ":" before a top-level list, the term's block of a
    definition, the header row of a table row, the directive a body belongs to."""
    heading: int | None = None
    """Index of the nearest heading above (the section the block is in)."""
    label: str = ""
    """A leading bold or definition label ("**`Console`**: ..." -> ``\\`Console\\```), a
    definition's term, a directive's argument, a fenced code block's fence marker
    (````` ``` `````, ``~~~``; "" for an indented or rst literal block)."""
    info: str = ""
    """A code block's info string (language first) or a directive's name."""
    title: str = ""
    """A code block's title (``title="a.py"``, ``:caption:``)."""
    cells: tuple[str, ...] = ()
    """A table row's cells."""
    header: tuple[str, ...] = ()
    """A table row's header cells (empty for the header row itself)."""
    directive: str = ""
    """The rst directive a code or directive block was read from (``code-block``, ``note``,
    ``autoclass``), as written; "" for any other block."""
    argument: str = ""
    """That directive's argument (``python`` of ``.. code-block:: python``)."""
    options: tuple[tuple[str, str], ...] = ()
    """That directive's options in source order (``(("caption", "a.py"),)``)."""
    body: int = 0
    """That directive's first non-blank body line after its options (0 when it has none);
    ``text`` holds the body from there."""
    number: int = 0
    """An ordered list item's number as written ("2." -> 2); 0 for a bullet or any other
    block."""
    list: int = 0
    """A list item's list: 1 for the document's first list (nested ones count), 2 for the
    next...; 0 for any other block."""


@dataclass(frozen=True)
class Document:
    """A parsed document: its blocks in source order."""

    blocks: tuple[Block, ...]
    rst: bool = False
    comments: tuple[tuple[int, int], ...] = ()
    """1-based ``(first, last)`` lines of each rst comment (``.. text``) with its indented
    body: read, but no block, since a comment is neither prose nor structure."""

    def prose(self) -> Iterator[tuple[int, Block]]:
        """``(index, block)`` of every prose block (paragraphs, list items, definitions)."""
        for index, block in enumerate(self.blocks):
            if block.kind in PROSE_KINDS:
                yield index, block

    def prose_lines(self) -> Iterator[tuple[int, str]]:
        """``(line, text)`` of every prose line, in source order."""
        found = sorted(item for _, block in self.prose() for item in block.lines)
        yield from found

    def code(self) -> Iterator[Block]:
        """Every code block."""
        return (block for block in self.blocks if block.kind == "code")

    def code_lines(self) -> frozenset[int]:
        """1-based lines of every code block: fenced (fence and info lines included) or
        indented, at any nesting (a list item's code block too). No edit of prose touches
        them."""
        return frozenset(n for block in self.code() for n in range(block.line, block.end + 1))

    def owners(self, index: int) -> Iterator[Block]:
        """The blocks above ``index`` that may name what it is about, nearest first:
        its parent chain, then its section's heading."""
        return (self.blocks[i] for i in self.owner_indexes(index))

    def owner_indexes(self, index: int) -> Iterator[int]:
        """The indexes of :meth:`owners`, in the same order."""
        seen: set[int] = set()
        current = self.blocks[index].parent
        while current is not None and current not in seen:
            seen.add(current)
            yield current
            current = self.blocks[current].parent
        heading = self.blocks[index].heading
        if heading is not None and heading not in seen:
            yield heading
