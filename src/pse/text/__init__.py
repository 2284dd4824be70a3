"""The one document model: Markdown and reStructuredText read once into blocks.

A document is a tuple of :class:`Block` values in source order — headings with their level,
paragraphs, list items with their nesting and parent, definitions with their term, table
rows with their header cells, code blocks with their info string and title, directives —
each with exact 1-based lines. Prose blocks keep their content line by line, so readers
split sentences (:func:`sentence_bounds`, one splitter for English and Chinese) and find
code spans (:func:`code_spans`) without finding fences or list markers themselves.
Markdown is markdown-it-py's token stream; rst is a linear line reader. The content words
of a text (stemmed English, Chinese terms mapped to them) are :mod:`pse.text.words`'s.
Nothing here imports the rest of pse.
"""

from __future__ import annotations

from pse.text.markdown import parse_markdown
from pse.text.model import Block, BlockKind, Document
from pse.text.rst import parse_rst
from pse.text.sentences import (
    CLAUSE_END,
    SENTENCE_END,
    clause_pieces,
    sentence_bounds,
    sentence_pieces,
    sentences,
)
from pse.text.spans import CodeSpan, code_spans


def parse(text: str, *, rst: bool = False) -> Document:
    """The document model of ``text`` (reStructuredText when ``rst``, else Markdown)."""
    return parse_rst(text) if rst else parse_markdown(text)


__all__ = ["CLAUSE_END", "SENTENCE_END", "Block", "BlockKind", "CodeSpan", "Document",
           "clause_pieces", "code_spans", "parse", "parse_markdown", "parse_rst", "sentence_bounds",
           "sentence_pieces", "sentences"]
