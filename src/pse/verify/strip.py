"""Deterministic fallback: delete what could not be verified, keep the Markdown valid.

In prose the smallest clause around a flagged span goes (sentences and clauses as
:mod:`pse.text` cuts them, never inside a code span); a clause too short to stand alone
(one member of a coordination: "a fast, `bogus`, and easy way") takes its whole sentence
with it. In a fenced block the line goes (a ``def`` or ``class`` line: the whole block,
whose body would be left broken); in a table, the row. The structure is read from
the document model: a list item emptied goes whole, with its continuation lines and the
items nested under it (they described it), and a lead-in line ("`Foo` provides:") that
goes takes the list it introduced; a false item alone never takes its list, and a code
block deleted takes the paragraph after it that points at it ("This code does the
following:"). Afterwards empty headings and emptied code blocks are removed, blank lines
collapsed, fences balanced.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pse.text import (
    Block,
    Document,
    clause_pieces,
    code_spans,
    parse_markdown,
    sentence_bounds,
    sentence_pieces,
)
from pse.text.fences import PYTHON_LANGUAGES, Fence, closes, fence_language, fences, opening
from pse.text.labels import leading_label

_SENTENCE_END = set(".!?;。！？；")
_MIN_CLAUSE_WORDS = 3
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s")
LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)]|#\.)\s*$")
"""A list marker alone on its line (rst's "#." auto-enumerator too): an empty item."""
_RST_ENUMERATOR = re.compile(r"^(\s*)#\.(?=\s+\S)")
"""rst's auto-enumerated item ("#. Import the `config` object:"), pasted from a project's
docs: in Markdown it is a numbered item."""
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_ANSWERS_PREVIOUS = re.compile(
    r"^\s*(?:if\s+not\b|if\s+so\b|otherwise\b|else\b|or\s+else\b|in\s+(?:that|this)\s+"
    r"case\b|否则|不然|如果不是|若不是|如果是这样"
    r"|(?:this|that|these|those)\s+(?:[a-z]+ly\s+)?(?:is|was|are|were|has|have|had|does|did|do"
    r"|can|could|may|might|will|would|should|must|means|leads?|causes?|makes?|results?"
    r"|ensures?|allows?|helps?|lets?|gives?|prevents?|avoids?|requires?)\b"
    r"|这(?:是|也|就|会|可能|将|意味着|导致|使得|就是为什么)|这样(?:会|可能|就)|这些(?:是|会|都))",
    re.IGNORECASE)
"""A sentence opening that answers or goes on from the sentence before it ("If not, ...",
"Otherwise, ...", "否则...", "This can lead to ...", "This was later fixed", "这会导致..."):
a demonstrative that stands alone as the subject, before its verb, means the sentence
before it ("This class keeps ..." names its own subject). It goes with that sentence when
Strip deletes it, and so does the next one that goes on from it in turn."""
_PRONOUN_SUBJECT = re.compile(r"^\s*(?:(?:it|they|它|它们)(?![\w\u4e00-\u9fff]|[们的])"
                              r"|(?:these|those)\b|这些|那些)", re.IGNORECASE)
"""A sentence whose subject is a pronoun, or a plural demonstrative ("These methods ...",
"这些分数计算方法..."): after the first sentence of its line or item is deleted, what it
referred to is gone ("2. **`RetryPolicy`**: The class ... It uses ...", a list of the
library's functions, then "these methods"), and it goes too."""


@dataclass(frozen=True)
class Span:
    """A flagged piece of text on a 1-based line."""

    line: int
    text: str
    repeat: bool = False
    """A later copy of text said before: the text's first occurrence stays (when the copy
    shares its line with the original, only the copies on that line go)."""


def strip_spans(text: str, spans: Iterable[Span]) -> tuple[str, list[str]]:
    """Remove every span's clause (or code line, or table row); return text and removals."""
    lines = text.split("\n")
    original = list(lines)
    in_fence = _fence_lines(lines)
    removed: list[str] = []
    by_line: dict[int, list[str]] = {}
    repeats: set[tuple[int, str]] = set()
    for span in spans:
        by_line.setdefault(span.line, []).append(span.text)
        if span.repeat:
            repeats.add((span.line, span.text.strip("`")))
    for number in sorted(by_line):
        index = number - 1
        if not 0 <= index < len(lines) or lines[index] is None:
            continue
        line = lines[index]
        if opening(line) and any(opening(t) for t in by_line[number]):
            removed.append(_drop_block(lines, index))
            continue
        targets = [t for t in by_line[number] if t and t.strip("`") in line]
        if not targets:
            continue
        whole = any(t.strip() == line.strip() for t in targets)  # e.g. a leaked note line
        if index in in_fence and _DEFINITION.match(line):
            # a quoted ``def``/``class`` that misquotes the library: without its header
            # the body would be broken code, so the block goes
            fence = next((f for f in fences(original) if f.start < index
                          and (f.end is None or index < f.end)), None)
            if fence is not None and lines[fence.start] is not None:
                removed.append(_drop_block(lines, fence.start))
                continue
        if index in in_fence or _is_table_row(line) or _HEADING.match(line) or whole:
            removed.append(line.strip())
            lines[index] = None  # type: ignore[call-overload]  # marks the line deleted
            continue
        # an exact copy on the original's own line: the original stays (a near-copy's
        # original is other text, so its first occurrence is the copy itself)
        first = {t for t in targets if (number, t.strip("`")) in repeats
                 and line.count(t.strip("`")) > 1 and not _said_before(lines, index, t.strip("`"))}
        lines[index] = _strip_line(line, targets, keep_first=first, removed=removed)
    removed.extend(_drop_broken_blocks(original, lines))
    document = parse_markdown(text)
    removed.extend(_drop_block_descriptions(document, lines))
    removed.extend(_drop_orphans(document, original, lines))
    kept = [line for line in lines if line is not None]
    return repair_markdown("\n".join(kept)), removed


_ABOUT_THE_BLOCK = re.compile(
    r"^\s*(?:(?:in\s+)?(?:this|the\s+above|the|that)\s+(?:code|snippet|example|implementation"
    r"|listing)(?:\s+(?:above|snippet|example))?\b|这段代码|上面的代码|上述代码|以上代码|该代码"
    r"|这个(?:例子|示例)|上面的(?:例子|示例))", re.IGNORECASE)
"""A paragraph that opens by pointing at the code block above it ("This code does the
following:", "In the code above, ...", "这段代码..."): it describes that block."""


def _drop_block_descriptions(document: Document, lines: list[str]) -> list[str]:
    """Delete the paragraph right after a deleted code block that describes it ("This code
    does the following:"; a lead-in then takes its list, see :func:`_drop_orphans`): the
    block was deleted as a misquote, and what it says of the block says it of nothing."""
    removed: list[str] = []
    blocks = document.blocks
    for index, block in enumerate(blocks[:-1]):
        following = blocks[index + 1]
        span = range(block.line - 1, min(block.end, len(lines)))
        if block.kind != "code" or not block.label or not span or \
                any(lines[n] is not None for n in span) or following.kind != "paragraph" or \
                not _ABOUT_THE_BLOCK.match(following.text):
            continue
        for position in range(following.line - 1, min(following.end, len(lines))):
            if lines[position] is not None:
                removed.append(lines[position].strip())
                lines[position] = None  # type: ignore[call-overload]  # marks the line deleted
    return removed


def _drop_orphans(document: Document, original: list[str], lines: list[str]) -> list[str]:
    """Delete what an emptied block leaves without its head: the rest of an emptied list
    item and the items nested under it, and the list an emptied lead-in introduced (a
    list item's own removal never reaches its siblings). Returns the lines deleted."""
    removed: list[str] = []
    children: dict[int, list[int]] = {}
    for index, block in enumerate(document.blocks):
        if block.parent is not None:
            children.setdefault(block.parent, []).append(index)
    for index, block in enumerate(document.blocks):
        head = block.line - 1
        if _bare_label(document, index, children, original, lines):
            # "2. **`JobState` Enum**:" whose nested items all went: a label of nothing
            removed.append(lines[head].strip())
            lines[head] = None  # type: ignore[call-overload]  # marks the line deleted
            continue
        if block.kind not in {"item", "paragraph"} or not 0 <= head < len(lines) or \
                lines[head] == original[head] or not _emptied(lines[head]):
            continue
        if block.kind == "paragraph" and not original[block.end - 1].rstrip().endswith(
                (":", "：")):
            continue
        # an unindented line after an item is lazily part of it to Markdown, not to the
        # writer: only the item's indented continuation lines go with it
        doomed = [p for p in range(block.line, block.end) if original[p][:1].isspace()] \
            if block.kind == "item" else []
        if block.kind == "item" and lines[head] is not None and lines[head].strip() and \
                not LIST_MARKER.match(lines[head]):
            doomed.append(head)  # the label its text went from
        stack = list(children.get(index, []))
        while stack:
            child = document.blocks[stack.pop()]
            doomed.extend(range(child.line - 1, child.end))
            stack.extend(children.get(document.blocks.index(child), []))
        for position in sorted(set(doomed)):
            if 0 <= position < len(lines) and lines[position] is not None:
                removed.append(lines[position].strip())
                lines[position] = None  # type: ignore[call-overload]  # marks the line deleted
    return removed


def _bare_label(document: Document, index: int, children: dict[int, list[int]],
                original: Sequence[str], lines: Sequence[str | None]) -> bool:
    """Whether block ``index`` is a list item that is only a label ("2. **`A`**:") whose
    nested blocks were all deleted: what it introduced is gone."""
    block = document.blocks[index]
    head = block.line - 1
    nested = children.get(index, [])
    if block.kind != "item" or not nested or not 0 <= head < len(lines) or \
            lines[head] is None or lines[head] != original[head] or \
            not _LABEL_ONLY.match(original[head]):
        return False
    below = [n for child in nested for blk in [document.blocks[child]]
             for n in range(blk.line - 1, min(blk.end, len(lines)))]
    return any(lines[n] != original[n] for n in below) and \
        all(_emptied(lines[n]) for n in below)


# what is left of an item whose text went and whose label stayed ("1. **Text Class**:")
_LABEL_ONLY = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*(?:(?:\*\*|__)[^*_]{1,200}(?:\*\*|__)"
                         r"|`[^`]{1,200}`)\s*[:：—–-]?\s*$")


def _emptied(line: str | None) -> bool:
    return line is None or not line.strip() or LIST_MARKER.match(line) is not None or \
        _LABEL_ONLY.match(line) is not None


def _title_line(lines: list[str], fence: int) -> int | None:
    """The heading that only names the file of the block at ``fence``, if there is one."""
    position = fence - 1
    while position >= 0 and lines[position] is not None and not lines[position].strip():
        position -= 1
    if position < 0 or lines[position] is None:
        return None
    if re.match(r"^#{1,6}\s+`?[\w@.+-]+(?:/[\w@.+-]+)*\.\w+`?\s*$", lines[position]):
        return position
    return None


def _block_end(lines: Sequence[str | None], start: int) -> int:
    """Index of the fence that closes the block opened at ``start`` (the last line if none)."""
    opened = opening(lines[start] or "")
    marker = opened[0] if opened else "```"
    return next((position for position in range(start + 1, len(lines))
                 if (line := lines[position]) is not None and closes(line, marker)),
                len(lines) - 1)


_DEFINITION = re.compile(r"\s*(?:async\s+def|def|class)\s+\w+.*:\s*(?:#.*)?$")
"""A line of code that opens a function or class definition."""


def _fence_lines(lines: list[str]) -> set[int]:
    """0-based indices of the lines inside fenced code blocks, fences excluded (the
    document model's fences: one inside a list item counts, an indented block is none)."""
    inside: set[int] = set()
    for block in parse_markdown("\n".join(lines)).code():
        if not block.label:
            continue
        closing = lines[block.end - 1].strip() if block.line < block.end <= len(lines) else ""
        closed = closing.startswith(block.label) and not closing.lstrip("`~").strip()
        inside.update(range(block.line, block.end - 1 if closed else block.end))
    return inside


def _is_table_row(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("|") and stripped.endswith("|") and not _TABLE_RULE.match(line)


_BINDS = re.compile(r"^\s*(?:from\s+[\w.]+\s+)?import\s+(?P<imported>[\w., ]+?)\s*$"
                    r"|^\s*(?:async\s+)?(?:def|class)\s+(?P<defined>\w+)"
                    r"|^\s*(?P<assigned>[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::[^=]+)?=(?!=)"
                    r"|^\s*(?:for|with)\b.*?\b(?:as\s+)?(?P<target>[A-Za-z_]\w*)\s*(?:in\b|:)")
_IDENTIFIER = re.compile(r"(?<![\w.])[A-Za-z_]\w*")


def _bound(line: str) -> set[str]:
    """The names a line of Python binds (an import, a ``def``/``class``, an assignment, a
    loop's or ``with``'s target), read from its shape."""
    match = _BINDS.match(line)
    if match is None:
        return set()
    if match["imported"]:
        return {part.split(" as ")[-1].strip().split(".")[0]
                for part in match["imported"].split(",") if part.strip()}
    found = match["defined"] or match["assigned"] or match["target"] or ""
    return {n.strip() for n in found.split(",") if n.strip()}


def _drop_broken_blocks(original: list[str], lines: list[str]) -> list[str]:
    """Delete a Python block Strip cut lines from when a line it kept uses a name only a
    deleted line bound (``uuid = build()`` deleted, ``print(uuid)`` kept): what is left
    would fail where the reader runs it. A shell or config block's ``NAME=value`` reads
    the same way, so every language whose comments start with ``#`` is read."""
    removed: list[str] = []
    for fence in fences(original):
        if fence.end is None or lines[fence.start] is None or \
                _COMMENT.get(fence_language(fence.info)) != "#":
            continue
        inner = list(fence.inner(len(original)))
        cut = [original[i] for i in inner if lines[i] is None]
        kept = [lines[i] for i in inner if lines[i] is not None]
        if not cut or not kept:
            continue
        lost = set().union(*(_bound(line) for line in cut)) - \
            set().union(*(_bound(line) for line in kept))
        used = {name for line in kept
                for name in _IDENTIFIER.findall(line.split("#", 1)[0])}
        # Python the cut no longer parses (a misquoted docstring's line, an ``if`` whose
        # body went): the block goes whole, as a quoted ``def`` line's does
        broken = fence_language(fence.info) in PYTHON_LANGUAGES and \
            _parses([original[i] for i in inner]) and not _parses(kept)
        if lost & used or broken:
            removed.append(_drop_block(lines, fence.start))
    return removed


def _parses(lines: list[str]) -> bool:
    """Whether ``lines`` are Python that parses (moved to the margin together)."""
    try:
        ast.parse(textwrap.dedent("\n".join(lines)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _drop_block(lines: list[str], index: int) -> str:
    """Mark the fenced block opening at ``index`` (and its ``#### path`` title) deleted;
    return its text. A span that is a fence line stands for a misquoted code block."""
    end = _block_end(lines, index)
    text = "\n".join(str(x) for x in lines[index:end + 1] if x is not None)
    for position in range(index, end + 1):
        lines[position] = None  # type: ignore[call-overload]  # marks the line deleted
    title = _title_line(lines, index)
    if title is not None:
        lines[title] = None  # type: ignore[call-overload]  # its ``#### path`` title
    return text


def _strip_line(line: str, targets: Sequence[str], *, keep_first: set[str],
                removed: list[str]) -> str:
    """``line`` without the clauses that hold a target (every occurrence, but the first of
    a target in ``keep_first``: the original of a repeat on its own line)."""
    for target in dict.fromkeys(t.strip("`") for t in targets if t.strip("`")):
        head, rest = _after_first(line, target) if any(
            t.strip("`") == target for t in keep_first) else ("", line)
        cut = "start"
        while cut:  # every occurrence on the line goes, not just the first
            rest, cut = _remove_clause(rest, target)
            if cut:
                removed.append(cut)
        line = head + rest if head and rest.strip() else head or rest
    return line


def _said_before(lines: Sequence[str | None], index: int, target: str) -> bool:
    return any(target in line for line in lines[:index] if line is not None)


def _after_first(line: str, target: str) -> tuple[str, str]:
    """``line`` split after the sentence that holds ``target`` first (kept as said)."""
    start = line.find(target) + len(target) - 1  # the target may end its sentence
    end = next((i + 1 for i in range(start, len(line)) if line[i] in _SENTENCE_END
                and (i + 1 == len(line) or line[i + 1].isspace())), len(line))
    return line[:end], line[end:]


def _remove_clause(line: str, target: str) -> tuple[str, str]:
    """Remove the smallest clause holding ``target``; the whole sentence if little is left."""
    prefix = re.match(r"^(\s*(?:[-*+]|\d+[.)]|>)?\s*)", line)
    lead = prefix.group(1) if prefix else ""
    body = line[len(lead):]
    sentences = sentence_pieces(body)
    holds = _holder(target)
    for position, sentence in enumerate(sentences):
        if not holds(sentence):
            continue
        clauses = clause_pieces(sentence)
        holder = next((i for i, clause in enumerate(clauses) if holds(clause)), None)
        rest = "".join(c for i, c in enumerate(clauses) if i != holder)
        # the first clause usually carries the subject: without it the rest is garbage;
        # a clause of one or two words is a member of a coordination ("a fast, `x`, and
        # easy way"): without it the rest is broken, so the sentence goes
        if holder is None or holder == 0 or len(_words(rest)) < _MIN_CLAUSE_WORDS or \
                len(_words(clauses[holder])) < _MIN_CLAUSE_WORDS:
            sentences[position] = ""
            cut = sentence.strip()
            # a block that opens with a label ("**Encoding**: The `encode` method ...") is
            # about what the label names: without it, what is left says nothing the reader
            # can place ("1. The output has the most significant digit first.")
            labelled = position == 0 and bool(leading_label(sentence))
            following = position + 1
            while following < len(sentences) and (
                    labelled or _ANSWERS_PREVIOUS.match(sentences[following])
                    or position == 0 and _PRONOUN_SUBJECT.match(sentences[following])):
                # "If not, it returns the string." answers the sentence just cut: alone it
                # says nothing the reader can follow
                cut = f"{cut} {sentences[following].strip()}"
                sentences[following] = ""
                following += 1
        else:
            cut = clauses[holder].strip()
            if holder == len(clauses) - 1:
                # the last clause carried the sentence's end: keep the full stop
                rest = rest.rstrip().rstrip(",，、:：") + _ending(sentence)
            sentences[position] = rest
        return lead + _tidy("".join(sentences)).lstrip(), cut
    run = _spanning(sentences, target.strip())
    if run is not None:  # a flagged sentence Strip's boundaries cut in two ("...; it ...")
        cut = "".join(sentences[run[0]:run[1]]).strip()
        sentences[run[0]:run[1]] = []
        return lead + _tidy("".join(sentences)).lstrip(), cut
    return line, ""


def _spanning(pieces: list[str], target: str) -> tuple[int, int] | None:
    """(first, end) indexes of the consecutive pieces that together hold ``target``."""
    body = "".join(pieces)
    start = body.find(target) if target else -1
    if start < 0:
        return None
    end = start + len(target)
    offsets, position = [], 0
    for piece in pieces:
        offsets.append((position, position + len(piece)))
        position += len(piece)
    touched = [i for i, (a, b) in enumerate(offsets) if a < end and b > start]
    # within one piece the holder's whole-name rule decided (``run`` is not ``run_all``)
    return (touched[0], touched[-1] + 1) if len(touched) > 1 else None


def _holder(target: str) -> Callable[[str], bool]:
    """Whether a piece holds ``target`` as a whole name (``run`` is not in ``run_all``)."""
    before = "(?<![A-Za-z0-9_])" if re.match(r"[A-Za-z0-9_]", target) else ""
    after = "(?![A-Za-z0-9_])" if re.search(r"[A-Za-z0-9_]$", target) else ""
    pattern = re.compile(before + re.escape(target) + after)
    return lambda piece: pattern.search(piece) is not None


def _ending(sentence: str) -> str:
    stripped = sentence.rstrip()
    if not stripped or stripped[-1] not in _SENTENCE_END:
        return ""
    return stripped[-1] + ("" if ord(stripped[-1]) > 0x2FFF else " ")


def _words(text: str) -> list[str]:
    # a CJK character counts as a word, so short Chinese remainders are judged fairly;
    # a code span is one word, whatever it holds
    for span in reversed(code_spans(text)):
        text = text[:span.start] + " code " + text[span.end:]
    return re.findall(r"[\u4e00-\u9fff]|[A-Za-z0-9_]+", text)


def _tidy(text: str) -> str:
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = re.sub(r"([,，])\s*([.。!?！？;；])", r"\2", text)
    text = re.sub(r"^\s*[,，、;；]\s*", "", text)
    return re.sub(r"[ \t]{2,}", " ", text).rstrip()


_ORDINAL = re.compile(r"^(\s*)\d{1,9}(?=[.)])")


def renumber_lists(text: str) -> str:
    """Ordered lists numbered 1, 2, 3 again after items went: a list that reads "2." then
    "3." tells the reader something is missing. A list that goes on from the list before
    it in the same section ("3." after one that ended at "2.") keeps counting from there."""
    doc = parse_markdown(text)
    lists: dict[int, list[Block]] = {}
    for block in doc.blocks:
        if block.kind == "item" and block.number:
            lists.setdefault(block.list, []).append(block)
    lines = text.split("\n")
    # per section and depth: the number the last list ended at
    last_end: dict[tuple[int | None, int], int] = {}
    for items in lists.values():
        first, where = items[0].number, (items[0].heading, items[0].level)
        start = first if first == last_end.get(where, 0) + 1 and first > 1 else 1
        for offset, item in enumerate(items):
            index = item.line - 1
            if 0 <= index < len(lines):
                lines[index] = _ORDINAL.sub(rf"\g<1>{start + offset}", lines[index], count=1)
        last_end[where] = start + len(items) - 1
    return "\n".join(lines)


def repair_markdown(text: str) -> str:
    """Remove empty list items, empty headings and code blocks; balance fences; number
    ordered lists again (:func:`renumber_lists`)."""
    lines = drop_stray_fences(text.split("\n"))
    code = _fence_lines(lines)
    lines = [line if index in code else _RST_ENUMERATOR.sub(r"\g<1>1.", line)
             for index, line in enumerate(lines)
             if index in code or not LIST_MARKER.match(line)]
    lines = _drop_empty_fences(lines)
    lines = _drop_empty_tables(lines)
    lines = _drop_dangling_lead_ins(lines)
    lines = _drop_empty_headings(lines)
    unclosed = [fence for fence in fences(lines) if fence.end is None]
    if unclosed:  # a draft cut inside a block: close it with its own marker, after its text
        while lines and not lines[-1].strip():
            lines.pop()
        lines.append(unclosed[-1].marker)
    collapsed: list[str] = []
    for line in lines:
        if line.strip() or (collapsed and collapsed[-1].strip()):
            collapsed.append(line.rstrip())
    while collapsed and not collapsed[-1].strip():
        collapsed.pop()
    return renumber_lists("\n".join(collapsed)) + "\n"


def drop_stray_fences(lines: list[str]) -> list[str]:
    """``lines`` without the bare fences (no info string) that open no code.

    A bare fence whose block would hold a fence that names a language: no writer nests
    "```console" in a "```" block (quoting a fence takes a longer one), so the bare one is
    the close of a wrapper the model put around its reply, and read as an opening it
    swallows the headings and prose after it. So is one whose block opens with a Markdown
    heading of a section and holds nothing but headings or prose ("like the following:"
    then "```" then "## Problem-driven: x" and the article again; a comment in code is one
    ``#``), and one never closed that holds nothing or opens with such a heading. Each
    goes alone, and the fences after it pair again, until none is left: a model that
    pasted a prompt's excerpts with one fence too many had every heading read as code and
    every excerpt as prose."""
    lines = list(lines)
    for _ in range(len(lines)):
        stray = next((found for fence in fences(lines)
                      if not fence.info and (found := _stray(lines, fence))), ())
        if not stray:
            break
        lines = [line for index, line in enumerate(lines) if index not in stray]
    return lines


def _stray(lines: list[str], fence: Fence) -> tuple[int, ...]:
    """The fence lines of the bare ``fence`` that go (see :func:`drop_stray_fences`)."""
    inner = [lines[i] for i in fence.inner(len(lines))]
    content = [line for line in inner if line.strip()]
    first = content[0] if content else ""
    if fence.end is None:  # never closed: it only swallows what follows it
        return (fence.start,) if not content or _SECTION_HEADING.match(first) else ()
    for line in inner:
        opened = opening(line)
        if opened is not None and opened[1] and opened[0][0] == fence.marker[0] \
                and len(opened[0]) >= len(fence.marker):
            return (fence.start,)
    if not _SECTION_HEADING.match(first):
        return ()
    if all(EXCERPT_HEADER.match(line) for line in content):
        # the prompt's excerpt headings alone: the fence that opened the block was one too
        # many, and the one that closes it opens the excerpt's code
        return (fence.start,)
    return (fence.start, fence.end) if _is_prose(content) else ()  # prose wrapped as code


EXCERPT_HEADER = re.compile(r"^\s{0,3}(?:#{1,6}\s+)?(?:\d{1,2}[.)]\s+)?`?[^\s`]+`? "
                            r"\(lines \d+-\d+\)(?: — `?[^\s`]+`?)?\s*$")
"""The heading the prompt puts over each source excerpt (``### a.py (lines 3-9) — m.f``,
:func:`pse.rag.context.context_blocks`), pasted into the article with its excerpt, with
its ``###`` or without, numbered as the excerpts are counted or not, its names in
backticks or not: a line no article writes,
checked on every line, code included, since a pasted excerpt often leaves a fence open
around it."""
_SECTION_HEADING = re.compile(r"^\s{0,3}#{2,6}\s+\S")
_PROSE_LINE = re.compile(r"^\s*[^\W\d_][^=;{}<>|$]*\s[^=;{}<>|$]*\s\S[^=;{}<>|$]*[.!?:。！？：]$")
"""A line of words that ends a sentence: three or more words, no code's punctuation."""


def _is_prose(lines: Iterable[str]) -> bool:
    """Whether ``lines`` (a block's content) are Markdown prose, not code: a sentence of
    words among them, and no Python program."""
    content = list(lines)
    return any(_PROSE_LINE.match(line) and not line.lstrip().startswith("#")
               for line in content) and not _parses(content)


def _drop_empty_fences(lines: list[str]) -> list[str]:
    """``lines`` without the closed fenced blocks that hold nothing but blank lines, or,
    in a language whose comments are known, nothing but comments (a snippet whose code
    Strip deleted: "# Create a UUID object" and "# Print the UUID" show nothing)."""
    empty: set[int] = set()
    for fence in fences(lines):
        if fence.end is None:
            continue
        comment = _COMMENT.get(fence_language(fence.info))
        if not any(lines[i].strip() and not (comment and lines[i].strip().startswith(comment))
                   for i in fence.inner(len(lines))):
            empty.update(fence.lines(len(lines)))
    return [line for index, line in enumerate(lines) if index not in empty]


_COMMENT = {**dict.fromkeys((*PYTHON_LANGUAGES, "bash", "sh", "shell", "zsh", "toml", "yaml",
                             "yml", "ruby", "r", "perl"), "#"),
            **dict.fromkeys(("javascript", "js", "typescript", "ts", "go", "rust", "c",
                             "cpp", "c++", "java", "kotlin", "swift", "csharp", "cs"), "//")}
"""The line comment of the languages a fence's info may name."""


_ANNOUNCES = re.compile(
    r"\b(?:has|have|comes with|provides|offers|includes|there are)\s+(?:several|a few|some|"
    r"many|a number of|the following|two|three|four|five)\s+(?:\w+\s+){0,2}?"
    r"(?:limitations|drawbacks|advantages|benefits|features|steps|ways|reasons|"
    r"disadvantages|caveats|use cases)\.$"
    r"|(?:有|存在|具有|包括)(?:以下|如下|几个|一些|若干|多个|几|个){1,3}(?:主要)?(?:限制|局限|缺点|优点|"
    r"特点|好处|步骤|原因|功能)。$", re.IGNORECASE)
"""A sentence that only announces a list ("The solution has several limitations.",
"它有以下几个限制。"): with the list gone, it says nothing."""


def _drop_dangling_lead_ins(lines: list[str]) -> list[str]:
    """``lines`` without the sentence that ends a paragraph in a colon ("Here is an example
    of how to use `show`:"), or that only announces what follows ("The solution has
    several limitations."), right before a heading or the end: what it introduced was
    deleted. The sentences before it in its paragraph stay."""
    code = _fence_lines(lines)
    gone: set[int] = set()
    lines = list(lines)
    for last, line in enumerate(lines):
        if last in code or not (line.rstrip().endswith((":", "：")) or
                                _ANNOUNCES.search(line.rstrip())) or _HEADING.match(line) \
                or _LIST_ITEM.match(line):
            continue
        after = next((i for i in range(last + 1, len(lines)) if lines[i].strip()), None)
        if after is not None and (after in code or not _HEADING.match(lines[after])):
            continue
        bounds = sentence_bounds(line)
        if len(bounds) > 1:  # the lead-in is the line's last sentence
            lines[last] = line[:bounds[-1][0]].rstrip()
            continue
        first = last  # the lead-in may have begun on a line before (a wrapped paragraph)
        while first > 0 and lines[first - 1].strip() and first - 1 not in code and \
                not _HEADING.match(lines[first - 1]) and \
                not _LIST_ITEM.match(lines[first - 1]) and \
                lines[first - 1].rstrip()[-1:] not in _SENTENCE_END:
            before = sentence_bounds(lines[first - 1])
            if len(before) > 1:  # where it began, after a sentence of its own line
                lines[first - 1] = lines[first - 1][:before[-1][0]].rstrip()
                break
            first -= 1
        gone.update(range(first, last + 1))
    return [line for index, line in enumerate(lines) if index not in gone]



def _drop_empty_tables(lines: list[str]) -> list[str]:
    """A table whose body rows were all removed goes too (header and rule)."""
    result: list[str] = []
    code = _fence_lines(lines)
    index = 0
    while index < len(lines):
        is_header = index not in code and index + 1 < len(lines) \
            and lines[index].strip().startswith("|") and _TABLE_RULE.match(lines[index + 1])
        if is_header:
            following = lines[index + 2] if index + 2 < len(lines) else ""
            if not following.strip().startswith("|"):
                index += 2
                continue
        result.append(lines[index])
        index += 1
    return result


def _drop_empty_headings(lines: list[str]) -> list[str]:
    keep = [True] * len(lines)
    code = _fence_lines(lines)  # a "# comment" in a code block is not a heading
    for index, line in enumerate(lines):
        match = _HEADING.match(line)
        if not match or index in code:
            continue
        level = len(match.group(1))
        for following in lines[index + 1:]:
            next_heading = _HEADING.match(following)
            if next_heading and len(next_heading.group(1)) <= level:
                keep[index] = False
                break
            if following.strip():
                break
        else:
            keep[index] = False
    return [line for line, kept in zip(lines, keep, strict=True) if kept]
