"""Marks over running text: a sentence or claim marked where it stands in its paragraph.

A name is one code span, so its mark wraps one token. A claim or a sentence runs over
text, code spans, emphasis and links, so its mark is a pair of tokens inserted into the
inline token's children: text children are split where the span starts and ends, and the
pair is widened until it holds whole elements (``<strong>a [b</strong> c]`` would be
invalid HTML, and the browser would move the mark). Each child's place in the inline's
source is found by reading the source forward, so a span is located by its source text
exactly as the checks reported it. A span that cannot be located stays unplaced (the
caller shows it as a badge): every mark stays visible.
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from pse.report.marks import Mark

OPEN = "pse_range_open"
CLOSE = "pse_range_close"
"""Token types of a range mark; both carry ``meta["marks"]`` and share one ``meta``."""

_Offsets = list[tuple[int, int] | None]


def place_ranges(token: Token, pending: dict[int, list[Mark]]) -> None:
    """Mark, inside the inline ``token``, every pending mark of its lines whose text it
    holds (moved out of ``pending``); marks on one span share one mark."""
    assert token.map is not None and token.children is not None  # an inline token
    content = token.content
    starts = _line_starts(content)
    first = token.map[0] + 1
    found: dict[tuple[int, int], list[tuple[int, Mark]]] = {}
    for offset, start in enumerate(starts):
        for mark in pending.get(first + offset, []):
            at = content.find(mark.text, start) if mark.text else -1
            if at >= 0:
                found.setdefault((at, at + len(mark.text)), []).append((first + offset, mark))
    placed: list[tuple[int, int, list[Mark]]] = []
    # longest first: a sentence is placed before a claim it holds
    for (start, end), entries in sorted(found.items(), key=lambda r: (r[0][0] - r[0][1], r[0])):
        marks = [mark for _, mark in entries]
        holder = next((p for p in placed if p[0] <= start and end <= p[1]), None)
        if holder is not None:  # a claim inside a marked sentence: one popup for both
            holder[2].extend(marks)
        elif all(end <= a or start >= b for a, b, _ in placed) and \
                _wrap(token.children, content, start, end, marks):
            placed.append((start, end, marks))
        else:
            continue
        for line, mark in entries:
            pending[line].remove(mark)


def _line_starts(content: str) -> list[int]:
    starts = [0]
    for index, char in enumerate(content):
        if char == "\n":
            starts.append(index + 1)
    return starts


def _wrap(children: list[Token], content: str, start: int, end: int,
          marks: list[Mark]) -> bool:
    """Insert the open/close pair around ``content[start:end]``; False if not placeable."""
    for cut in (start, end):
        if not _split_at(children, content, cut):
            return False
    offsets = child_offsets(children, content)
    inside = [i for i, span in enumerate(offsets) if span is not None
              and start <= span[0] and span[1] <= end and span != (start, start)]
    if not inside:
        return False
    first, last = _balanced(children, inside[0], inside[-1])
    meta: dict[str, object] = {"marks": marks}
    opening, closing = Token(OPEN, "", 1), Token(CLOSE, "", -1)
    opening.meta = closing.meta = meta
    children.insert(last + 1, closing)
    children.insert(first, opening)
    return True


def _split_at(children: list[Token], content: str, cut: int) -> bool:
    """Split the text child that ``cut`` falls inside (False when no child is known there)."""
    offsets = child_offsets(children, content)
    for index, span in enumerate(offsets):
        if span is None:
            continue
        a, b = span
        if a < cut < b:
            child = children[index]
            if child.type != "text":
                return False  # inside a code span or markup: not a boundary of prose
            left, right = Token("text", "", 0), Token("text", "", 0)
            left.content, right.content = child.content[:cut - a], child.content[cut - a:]
            children[index:index + 1] = [left, right]
            return True
    return any(span is not None and cut in span for span in offsets) or cut >= len(content)


def _balanced(children: Sequence[Token], first: int, last: int) -> tuple[int, int]:
    """``first..last`` widened until it opens and closes the same elements."""
    while True:
        depth = [0]
        for child in children[first:last + 1]:
            depth.append(depth[-1] + child.nesting)
        if min(depth) < 0 and first > 0:
            first -= 1
        elif depth[-1] > 0 and last < len(children) - 1:
            last += 1
        else:
            return first, last


def child_offsets(children: Sequence[Token], content: str) -> _Offsets:
    """Each child's ``(start, end)`` in the inline's source (None where it is not found)."""
    out: _Offsets = []
    cursor = 0
    for child in children:
        span = _locate(child, content, cursor)
        out.append(span)
        if span is not None:
            cursor = span[1]
    return out


def _locate(child: Token, content: str, cursor: int) -> tuple[int, int] | None:
    if child.type == "text":
        at = content.find(child.content, cursor) if child.content else cursor
        return None if at < 0 else (at, at + len(child.content))
    if child.type == "code_inline":
        at = content.find(child.content, cursor)
        if at < 0:
            return None
        ticks = len(child.markup)
        return max(cursor, at - ticks), at + len(child.content) + ticks
    if child.type in {"softbreak", "hardbreak"}:
        at = content.find("\n", cursor)
        return None if at < 0 else (at, at + 1)
    if child.type == "link_close":
        at = content.find("]", cursor)
        close = content.find(")", at) if at >= 0 and content[at + 1:at + 2] == "(" else at
        return None if at < 0 else (at, close + 1)
    markup = child.markup or ("[" if child.type == "link_open" else "")
    if markup and content.startswith(markup, cursor):
        return cursor, cursor + len(markup)
    return cursor, cursor
