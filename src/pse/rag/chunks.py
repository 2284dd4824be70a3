"""Structure-aware chunking of a source tree (reads files; uses the symbol index)."""

from __future__ import annotations

import re

from pse.index.symbols import SymbolIndex
from pse.rag.retriever import Chunk

_MAX_LINES = 60
_TEXT_LANGUAGES = {"markdown", "rst", "toml", "yaml", "ini", "text", "json", "shell"}
_HEADING = re.compile(r"^#{1,6}\s")


def chunk_tree(index: SymbolIndex, *, max_file_bytes: int = 400_000) -> list[Chunk]:
    """Chunks of every readable source and docs file of the indexed tree."""
    chunks: list[Chunk] = []
    for path, (language, _) in sorted(index.files.items()):
        if language not in _TEXT_LANGUAGES and language != "python":
            continue
        try:
            data = (index.root / path).read_bytes()
        except OSError:
            continue
        if len(data) > max_file_bytes or b"\0" in data[:8192]:
            continue
        lines = data.decode("utf-8", errors="replace").splitlines()
        if language == "python":
            chunks.extend(_python_chunks(index, path, lines))
        elif language == "markdown":
            chunks.extend(_markdown_chunks(path, lines))
        else:
            chunks.extend(_windows(path, lines, title=path))
    return chunks


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
        title = f"{symbol.kind} {symbol.qualname}"
        chunks.extend(_windows(path, lines[symbol.line - 1:symbol.end_line], title=title,
                               offset=symbol.line - 1))
        covered = max(covered, symbol.end_line)
    if covered < len(lines):
        chunks.extend(_windows(path, lines[covered:], title=f"{path} (module)", offset=covered))
    return chunks


def _markdown_chunks(path: str, lines: list[str]) -> list[Chunk]:
    starts = [i for i, line in enumerate(lines) if _HEADING.match(line)] or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    chunks: list[Chunk] = []
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        title = lines[start].strip() if _HEADING.match(lines[start]) else path
        chunks.extend(_windows(path, lines[start:end], title=title, offset=start))
    return chunks


def _windows(path: str, lines: list[str], *, title: str, offset: int = 0) -> list[Chunk]:
    chunks: list[Chunk] = []
    for start in range(0, len(lines), _MAX_LINES):
        window = lines[start:start + _MAX_LINES]
        if any(line.strip() for line in window):
            chunks.append(Chunk(path=path, start=offset + start + 1,
                                end=offset + start + len(window), text="\n".join(window),
                                title=title))
    return chunks
