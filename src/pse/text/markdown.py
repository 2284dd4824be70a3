"""Markdown into the document model, from markdown-it-py's token stream.

CommonMark with the extensions documentation sites use: tables, strikethrough, YAML front
matter (not prose), definition lists and admonitions (``!!! note``, whose body is prose).
Every block token carries its source lines, which become the blocks' exact lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from pse.text.labels import leading_label
from pse.text.model import Block, BlockKind, Document

_TITLE = re.compile(r"""\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))""")


@cache
def _parser() -> MarkdownIt:
    return (MarkdownIt("commonmark").enable("table").enable("strikethrough")
            .use(front_matter_plugin).use(deflist_plugin).use(admon_plugin))


@lru_cache(maxsize=4)
def tokens(text: str) -> tuple[Token, ...]:
    """markdown-it-py's token stream of ``text`` (the model and the reference extractor
    read the same parse of the same text: parse once). Readers only read the tokens."""
    return tuple(_parser().parse(text))


@lru_cache(maxsize=8)
def parse_markdown(text: str) -> Document:
    """The document model of a Markdown text (cached: a Document is frozen, and every
    rule and pass of a round reads the same text)."""
    reader = _Reader()
    for token in tokens(text):
        reader.read(token)
    return Document(tuple(reader.blocks))


@dataclass
class _Item:
    """An open list item: its block once its first paragraph is read."""

    line: int
    end: int
    depth: int
    parent: int | None
    block: int | None = None
    number: int = 0
    list: int = 0


@dataclass
class _Reader:
    blocks: list[Block] = field(default_factory=list)
    items: list[_Item] = field(default_factory=list)
    lead: list[int | None] = field(default_factory=list)
    """Per open list: the lead-in paragraph before it (for its top-level items)."""
    lists: list[int] = field(default_factory=list)
    """The numbers of the open lists, innermost last."""
    opened: int = 0
    """Lists opened so far."""
    heading: int | None = None
    inside: str = ""
    """The inline container being read: heading, th, td, dt or "" (a paragraph)."""
    level: int = 0
    term: str = ""
    directive: list[int] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    header: tuple[str, ...] = ()
    row: tuple[int, int] = (0, 0)

    def read(self, token: Token) -> None:
        opener = _OPENERS.get(token.type)
        if opener is not None:
            opener(self, token)
        elif token.type == "inline":
            self.inline(token)
        elif token.type in {"fence", "code_block"}:
            self.code(token)

    def add(self, kind: BlockKind, token: Token, **fields: object) -> int:
        first, last = _span(token)
        self.blocks.append(Block(kind, first, last, heading=self.heading, **fields))  # type: ignore[arg-type]  # fields are Block's own
        return len(self.blocks) - 1

    def list_open(self, token: Token) -> None:
        before = self.blocks[-1] if self.blocks else None
        lead = len(self.blocks) - 1 if (before is not None and before.kind == "paragraph"
                                        and _is_lead_in(before, _span(token)[0])) else None
        self.lead.append(lead)
        self.opened += 1
        self.lists.append(self.opened)

    def item_open(self, token: Token) -> None:
        first, last = _span(token)
        parent = self._open_item_block() if self.items else (self.lead[-1] if self.lead
                                                             else None)
        number = int(token.info) if token.info.isdigit() else 0
        self.items.append(_Item(first, last, len(self.items) + 1, parent, number=number,
                                list=self.lists[-1] if self.lists else 0))

    def _open_item_block(self) -> int | None:
        for item in reversed(self.items):
            if item.block is not None:
                return item.block
        return None

    def inline(self, token: Token) -> None:
        first, _ = _span(token)
        lines = tuple((first + n, part) for n, part in enumerate(token.content.split("\n")))
        if self.inside == "heading":
            self.heading = None
            self.heading = self.add("heading", token, lines=lines, text=token.content,
                                    level=self.level)
        elif self.inside in {"th", "td"}:
            self.cells.append(token.content.strip())
        elif self.inside == "dt":
            self.term = token.content.strip()
        elif self.inside == "title":
            return
        elif self.items and self.items[-1].block is None:
            item = self.items[-1]
            item.block = self.add("item", token, lines=lines, text=token.content,
                                  level=item.depth, parent=item.parent,
                                  label=leading_label(token.content), number=item.number,
                                  list=item.list)
        elif self.term:
            self.add("definition", token, lines=lines, text=token.content, label=self.term,
                     level=len(self.items) + 1, parent=self.container())
        else:
            self.add("paragraph", token, lines=lines, text=token.content,
                     label=leading_label(token.content), parent=self.container())

    def container(self) -> int | None:
        if self.items:
            return self._open_item_block()
        return self.directive[-1] if self.directive else None

    def code(self, token: Token) -> None:
        info = token.info.strip()
        title = _TITLE.search(info)
        self.add("code", token, text=token.content, info=info, parent=self.container(),
                 label=token.markup if token.type == "fence" else "",
                 title=next((g for g in title.groups() if g), "") if title else "")

    def row_close(self, token: Token) -> None:
        cells, self.cells = tuple(self.cells), []
        first, last = self.row
        if not self.header:
            self.header = cells
            parent = None
        else:
            parent = self._header_row()
        line = " | ".join(cells)
        self.blocks.append(Block("row", first, last, lines=((first, line),), text=line,
                                 cells=cells, header=self.header if parent is not None else (),
                                 heading=self.heading, parent=parent))

    def _header_row(self) -> int | None:
        for index in range(len(self.blocks) - 1, -1, -1):
            block = self.blocks[index]
            if block.kind == "row" and not block.header:
                return index
        return None


def _span(token: Token) -> tuple[int, int]:
    """1-based first and last line of a block token (its map is 0-based, end-exclusive)."""
    if token.map is None:
        return 0, 0
    return token.map[0] + 1, max(token.map[0] + 1, token.map[1])


def _is_lead_in(block: Block, list_line: int) -> bool:
    """A paragraph that introduces the list after it: it ends with a colon, is a label, or
    is one labelled line the list follows with no blank line ("**`A`**: the converter."
    then "  - It raises ...": the list is about `A`)."""
    text = block.text.rstrip()
    return text.endswith((":", "：")) or (bool(block.label) and text.endswith(("**", "__"))) \
        or (bool(block.label) and block.line == block.end == list_line - 1)


def _heading_open(reader: _Reader, token: Token) -> None:
    reader.inside, reader.level = "heading", int(token.tag[1:] or 1)


def _inline_close(reader: _Reader, token: Token) -> None:
    reader.inside = ""


def _list_close(reader: _Reader, token: Token) -> None:
    if reader.lead:
        reader.lead.pop()
    if reader.lists:
        reader.lists.pop()


def _item_close(reader: _Reader, token: Token) -> None:
    if reader.items:
        reader.items.pop()


def _table_open(reader: _Reader, token: Token) -> None:
    reader.header, reader.cells = (), []


def _row_open(reader: _Reader, token: Token) -> None:
    reader.row = _span(token)


def _admonition_open(reader: _Reader, token: Token) -> None:
    tag = str(token.meta.get("tag", "")) if token.meta else ""
    index = reader.add("directive", token, info=tag, label=token.content.strip(),
                       parent=reader.container())
    reader.directive.append(index)


def _admonition_close(reader: _Reader, token: Token) -> None:
    if reader.directive:
        reader.directive.pop()


def _dl_close(reader: _Reader, token: Token) -> None:
    reader.term = ""


_Opener = Callable[["_Reader", Token], None]


def _setter(name: str) -> _Opener:
    def opener(reader: _Reader, token: Token) -> None:
        reader.inside = name
    return opener


_OPENERS: dict[str, _Opener] = {
    "heading_open": _heading_open, "heading_close": _inline_close,
    "bullet_list_open": _Reader.list_open, "ordered_list_open": _Reader.list_open,
    "bullet_list_close": _list_close, "ordered_list_close": _list_close,
    "list_item_open": _Reader.item_open, "list_item_close": _item_close,
    "table_open": _table_open, "th_open": _setter("th"), "td_open": _setter("td"),
    "th_close": _inline_close, "td_close": _inline_close, "tr_open": _row_open,
    "tr_close": _Reader.row_close,
    "dt_open": _setter("dt"), "dt_close": _inline_close, "dl_close": _dl_close,
    "admonition_open": _admonition_open, "admonition_close": _admonition_close,
    "admonition_title_open": _setter("title"), "admonition_title_close": _inline_close,
}
