"""The one sentence splitter (English and Chinese), aware of code spans.

A sentence ends at ``.``, ``!`` or ``?`` before a space or the end of the line, or at a
Chinese full stop, exclamation or question mark (never the stop of "e.g.", "i.e.", "cf."
or "vs."); with ``clauses=True`` also at ``;`` and ``:`` (and their Chinese forms), where a
new statement starts. :func:`clause_pieces` cuts finer, also at commas (``,``, ``，``,
``、``) and ``;``/``:`` before a space (``1,000``, ``HTTP/1.0`` and ``a:b`` hold no
boundary): the pieces a deletion may take out of a sentence. Punctuation inside a code
span never ends anything.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from pse.text.spans import code_spans

_NOT_AN_END = r"(?<!\be\.g)(?<!\bi\.e)(?<!\bcf)(?<!\bvs)(?<!\b[A-Z])"
"""The full stop of "e.g.", "i.e.", "cf." and "vs." ends no sentence, nor that of an
initial ("Michael T. Nygard")."""
SENTENCE_END = re.compile(_NOT_AN_END + r"[.!?](?=\s|$)|[。！？]")
CLAUSE_END = re.compile(_NOT_AN_END + r"[.!?](?=\s|$)|[;:。！？；：]")
_PIECE_END = re.compile(_NOT_AN_END + r"[.!?;:,](?=\s|$)|[。！？；：，、]")


def sentence_bounds(text: str, *, clauses: bool = False) -> list[tuple[int, int]]:
    """``(start, end)`` of each non-blank sentence of one line of ``text``."""
    inside = [(span.start, span.end) for span in code_spans(text)]
    starts = [a for a, _ in inside]
    bounds: list[tuple[int, int]] = []
    start = 0
    for match in (CLAUSE_END if clauses else SENTENCE_END).finditer(text):
        if _covered(inside, starts, match.start()):
            continue
        bounds.append((start, match.end()))
        start = match.end()
    bounds.append((start, len(text)))
    return [(a, b) for a, b in bounds if text[a:b].strip()]


def clause_pieces(text: str) -> list[str]:
    """``text`` cut after each clause boundary (see the module docstring) outside code
    spans; the pieces keep their punctuation and spacing, so they join back to ``text``."""
    inside = [(span.start, span.end) for span in code_spans(text)]
    starts = [a for a, _ in inside]
    cuts = [m.end() for m in _PIECE_END.finditer(text) if not _covered(inside, starts, m.start())]
    edges = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(edges, edges[1:], strict=False) if b > a]


def sentence_pieces(text: str) -> list[str]:
    """``text`` cut after each sentence end outside code spans (pieces join back to it)."""
    edges = [0, *(end for _, end in sentence_bounds(text)[:-1]), len(text)]
    return [text[a:b] for a, b in zip(edges, edges[1:], strict=False) if b > a]


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (one paragraph or line), stripped."""
    return [text[a:b].strip() for a, b in sentence_bounds(text)]


def _covered(spans: list[tuple[int, int]], starts: list[int], position: int) -> bool:
    # spans are sorted and disjoint: only the last one starting at or before can cover
    at = bisect_right(starts, position) - 1
    return at >= 0 and position < spans[at][1]
