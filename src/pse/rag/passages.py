"""What a chunk is embedded as: what it is and what it says it does, not its raw code.

A small embedding model reads natural language far better than code, and a question asks
what code does ("which function parses the headers?"), which a signature and a docstring
say and a loop body does not. So a code chunk is embedded as its title, its symbol's
name split into words, then each definition's signature and the first paragraph of its
docstring (and the chunk's comments when it has no docstring); a chunk without
definitions (prose, a module's top, a config file) as its title and the head of its text.
The passage is short, which also makes embedding a tree several times faster.
"""

from __future__ import annotations

import re

from pse.rag.retriever import Chunk
from pse.text.identifiers import name_words

PASSAGE_CHARS = 700
"""At most this many characters are embedded per chunk (about 180 e5 tokens)."""
_DEF = re.compile(r"^\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)")
_QUOTES = ('"""', "'''", 'r"""', "r'''")


def passage_text(chunk: Chunk, *, limit: int = PASSAGE_CHARS) -> str:
    """The text embedded for ``chunk`` (see the module docstring)."""
    lines = chunk.text.splitlines()
    head = [chunk.title or chunk.path, chunk.path]
    if chunk.symbol:
        head.append(name_words(chunk.symbol))
    described = _definitions(lines)
    body = "\n".join(described) if described else " ".join(chunk.text.split())
    return "\n".join([*head, body])[:limit]


def raw_passage(chunk: Chunk, *, limit: int = 1200) -> str:
    """The chunk's title, path and the head of its raw text (the baseline the evaluation
    compares :func:`passage_text` with)."""
    return f"{chunk.title}\n{chunk.path}\n{chunk.text}"[:limit]


def _definitions(lines: list[str]) -> list[str]:
    """Each definition's signature, name in words and docstring's first paragraph."""
    found: list[str] = []
    for number, line in enumerate(lines):
        match = _DEF.match(line)
        if match is None:
            continue
        signature, after = _signature(lines, number)
        doc = _docstring(lines, after)
        found.append(f"{signature} ({name_words(match.group(1))})")
        if doc:
            found.append(doc)
        elif comments := _comments(lines, after):
            found.append(comments)
    return found


def _signature(lines: list[str], start: int) -> tuple[str, int]:
    """The definition starting at ``start`` up to its colon, and the next line's index."""
    parts: list[str] = []
    for number in range(start, min(len(lines), start + 8)):
        parts.append(lines[number].strip())
        if lines[number].rstrip().endswith(":"):
            return " ".join(parts).rstrip(":"), number + 1
    return " ".join(parts), start + 1


def _docstring(lines: list[str], start: int) -> str:
    """The first paragraph of the docstring opening at ``start`` ("" if there is none)."""
    if start >= len(lines):
        return ""
    first = lines[start].strip()
    quote = next((q for q in _QUOTES if first.startswith(q)), "")
    if not quote:
        return ""
    text = [first[len(quote):]]
    for line in lines[start + 1:start + 12]:
        if quote[-3:] in text[-1] or not line.strip():
            break
        text.append(line.strip())
    return " ".join(" ".join(text).split(quote[-3:])[0].split())


def _comments(lines: list[str], start: int) -> str:
    """The ``#`` comments of the first lines of a body without a docstring."""
    found = [line.strip().lstrip("#").strip() for line in lines[start:start + 10]
             if line.strip().startswith("#")]
    return " ".join(found)
