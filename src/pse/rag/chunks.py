"""Structure-aware chunking of a source tree (reads files; uses the symbol index)."""

from __future__ import annotations

import re

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.planted import read_planted
from pse.rag.retriever import Chunk
from pse.text import Block, parse

_MAX_LINES = 60
_TEXT_LANGUAGES = {"markdown", "rst", "toml", "yaml", "ini", "text", "json", "shell"}
_HEADING = re.compile(r"^#{1,6}\s")


def chunk_tree(index: SymbolIndex, *, max_file_bytes: int = 400_000) -> list[Chunk]:
    """Chunks of every readable source and docs file of the indexed tree."""
    chunks: list[Chunk] = []
    for path, language in chunkable_files(index):
        chunks.extend(chunk_file(index, path, language, max_file_bytes=max_file_bytes))
    return chunks


def chunkable_files(index: SymbolIndex) -> list[tuple[str, str]]:
    """``(path, language)`` of the indexed files that are chunked, sorted by path."""
    return [(path, language) for path, (language, _) in sorted(index.files.items())
            if language in _TEXT_LANGUAGES or language == "python"]


def chunk_file(index: SymbolIndex, path: str, language: str, *,
               max_file_bytes: int = 400_000) -> list[Chunk]:
    """Chunks of one file (none when it is unreadable, binary or too large)."""
    data = read_planted(index.root / path, limit=max_file_bytes)
    if data is None or b"\0" in data[:8192]:
        return []
    lines = data.decode("utf-8", errors="replace").splitlines()
    if language == "python":
        return _python_chunks(index, path, lines)
    if language == "markdown":
        return _markdown_chunks(path, lines)
    return _windows(path, lines, title=path)


def _python_chunks(index: SymbolIndex, path: str, lines: list[str]) -> list[Chunk]:
    module = index.module_of(path)
    tops = [s for s in index.in_file(path)
            if s.parent == module and s.kind in {"class", "function"}]
    chunks: list[Chunk] = []
    covered = 0
    for symbol in sorted(tops, key=lambda s: s.line):
        if symbol.line > covered + 1:
            chunks.extend(_windows(path, lines[covered:symbol.line - 1], title=f"{path} (module)",
                                   offset=covered))
        if symbol.kind == "class" and symbol.end_line - symbol.line >= _MAX_LINES:
            chunks.extend(_class_chunks(index, path, lines, symbol))
        else:
            chunks.extend(_windows(path, lines[symbol.line - 1:symbol.end_line],
                                   title=f"{symbol.kind} {symbol.qualname}",
                                   offset=symbol.line - 1, symbol=symbol.qualname))
        covered = max(covered, symbol.end_line)
    if covered < len(lines):
        chunks.extend(_windows(path, lines[covered:], title=f"{path} (module)", offset=covered))
    return chunks


def _class_chunks(index: SymbolIndex, path: str, lines: list[str], cls: Symbol
                  ) -> list[Chunk]:
    """A long class as its header, then its members packed up to ``_MAX_LINES`` lines.

    Each member takes the lines above it (decorators, comments) down from the end of the
    previous one, so no line is lost; a chunk of one member is titled and tagged with
    that member, a chunk of several with the class and the members' names.
    """
    members = sorted((s for s in index.in_file(path) if s.parent == cls.qualname
                      and s.kind in {"method", "function", "class"}
                      and cls.line < s.line <= cls.end_line), key=lambda s: s.line)
    if not members:
        return _windows(path, lines[cls.line - 1:cls.end_line], title=f"class {cls.qualname}",
                        offset=cls.line - 1, symbol=cls.qualname)
    pieces: list[tuple[int, int, list[Symbol]]] = []
    start = members[0].line
    for member in members:
        end = max(member.end_line, start)
        pieces.append((start, end, [member]))
        start = end + 1
    if start <= cls.end_line:
        first, _, group = pieces[-1]
        pieces[-1] = (first, cls.end_line, group)
    chunks = _windows(path, lines[cls.line - 1:members[0].line - 1], title=f"class {cls.qualname}",
                      offset=cls.line - 1, symbol=cls.qualname)
    for first, last, group in _pack(pieces):
        title, symbol = _group_title(cls, group)
        chunks.extend(_windows(path, lines[first - 1:last], title=title, offset=first - 1,
                               symbol=symbol))
    return chunks


def _pack(pieces: list[tuple[int, int, list[Symbol]]]) -> list[tuple[int, int, list[Symbol]]]:
    packed: list[tuple[int, int, list[Symbol]]] = []
    for first, last, group in pieces:
        if packed and last - packed[-1][0] < _MAX_LINES:
            packed[-1] = (packed[-1][0], last, packed[-1][2] + group)
        else:
            packed.append((first, last, group))
    return packed


def _group_title(cls: Symbol, group: list[Symbol]) -> tuple[str, str]:
    if len(group) == 1:
        return f"{group[0].kind} {group[0].qualname}", group[0].qualname
    return f"class {cls.qualname}: " + ", ".join(s.name for s in group), cls.qualname


def _markdown_chunks(path: str, lines: list[str]) -> list[Chunk]:
    """One run of chunks per section (ATX and setext headings alike), each chunk cut
    where a block starts: a chunk never opens in the middle of a paragraph, a list item
    or a code block, which a model handed the excerpt would copy as a broken sentence
    ("internally) with:"). A block longer than a chunk is cut by lines."""
    document = parse("\n".join(lines))
    headings = {b.line - 1: b for b in document.blocks if b.kind == "heading"}
    cuts = {b.line - 1 for b in document.blocks}
    starts = sorted({0, *headings})
    chunks: list[Chunk] = []
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        title = _heading_title(lines, headings[start]) if start in headings else path
        chunks.extend(_blocks_windows(path, lines, start, end, cuts, title=title))
    return chunks


def _heading_title(lines: list[str], heading: Block) -> str:
    """A heading as its chunk's title: the line as written ("## Usage"), or the text of
    a setext heading ("Installation" over "------")."""
    line = lines[heading.line - 1].strip()
    return line if _HEADING.match(line) else heading.text.strip() or line


def _blocks_windows(path: str, lines: list[str], start: int, end: int, cuts: set[int], *,
                    title: str) -> list[Chunk]:
    """Chunks of ``lines[start:end]`` of at most :data:`_MAX_LINES` lines, each ending
    before the last block start that fits (0-based line indexes)."""
    chunks: list[Chunk] = []
    while start < end:
        limit = min(start + _MAX_LINES, end)
        stop = limit if limit == end else max(
            (c for c in cuts if start < c <= limit), default=limit)
        window = lines[start:stop]
        if any(line.strip() for line in window):
            chunks.append(Chunk(path=path, start=start + 1, end=stop, text="\n".join(window),
                                title=title))
        start = stop
    return chunks


def _windows(path: str, lines: list[str], *, title: str, offset: int = 0,
             symbol: str = "") -> list[Chunk]:
    chunks: list[Chunk] = []
    for start in range(0, len(lines), _MAX_LINES):
        window = lines[start:start + _MAX_LINES]
        if any(line.strip() for line in window):
            chunks.append(Chunk(path=path, start=offset + start + 1,
                                end=offset + start + len(window), text="\n".join(window),
                                title=title, symbol=symbol))
    return chunks


def chunk_document(label: str, text: str) -> list[Chunk]:
    """Chunks of a text that is not in the tree (a job description, notes, a CV).

    Markdown headings start sections, as for Markdown files; ``label`` stands in for the
    path in the chunks and their context labels.
    """
    lines = text.splitlines()
    if any(_HEADING.match(line) for line in lines):
        return _markdown_chunks(label, lines)
    return _windows(label, lines, title=label)
