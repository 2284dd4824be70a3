"""Reply shaping: a section reply made into a section of the article.

Deterministic passes over the Specialist's reply, before it counts as drafted: its heading
levels, a cut-off tail, pasted prompt lists, its own repeats, dangling lead-ins, sentences
that restate an earlier section, and openings that point at nothing. What a pass removes is
reported as ``trimmed`` (a decoding or prompt artefact, not a writing problem).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pse.pipeline.plan import Section
from pse.tasks.article.markup import inline_rst_as_markdown, unwrap
from pse.tasks.article.quality import cut_off_end, repetitions, residue
from pse.tasks.article.text import (
    LIST_ITEM,
    code_blocks,
    code_line_indices,
    count_words,
    prose_lines,
    sentences,
)
from pse.text import sentence_bounds
from pse.verify.strip import Span, drop_stray_fences, renumber_lists, strip_spans


def prose(text: str) -> str:
    """``text`` without its headings and fenced code."""
    return "\n".join(line for _, line in prose_lines(text) if not line.lstrip().startswith("#"))


SUBHEADING_WORDS = 250
"""A section shorter than this reads better as plain paragraphs than under sub-headings."""


def shape_section(title: str, text: str, *, subheadings: bool = True,
                  earlier: Sequence[str] = ()) -> tuple[str, str]:
    """``## title`` then the body, and the unfinished tail trimmed off (``""`` if none).

    Headings the model added on top go, ``#``/``##`` inside become ``###`` (a section has one
    heading of its level), or go too when ``subheadings`` is false (a short section that a
    small model cut into "### Problem", "### Limits", "### Conclusion"); a reply cut at the
    token cap loses its unfinished last sentence or its unclosed code block, so a section
    never ends mid-sentence; a bare fence that holds no code goes first (see
    :func:`~pse.verify.strip.drop_stray_fences`). ``earlier``: the texts of the sections
    before it, whose sentences it must not restate (see :func:`drop_restatements`).
    """
    # a fence opened on nothing would make the rest code, headings and all
    text = "\n".join(drop_stray_fences(inline_rst_as_markdown(text).split("\n")))
    text, trimmed = trim_cut_off(text)
    lines = text.strip().split("\n")
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    if not subheadings:
        lines = [line for i, line in enumerate(lines)
                 if _in_code(lines, i) or not _ANY_HEADING.match(line)]
        lines = [line for i, line in enumerate(lines)  # one blank line where a heading was
                 if line.strip() or i == 0 or lines[i - 1].strip() or _in_code(lines, i)]
    body = [re.sub(r"^\s{0,3}#{1,2}\s+", "### ", line) if not _in_code(lines, i) else line
            for i, line in enumerate(lines)]
    text, broken = drop_broken_spans("\n".join(body))
    text, lists = drop_name_lists(unwrap(drop_name_list_prefix(text)))
    text, repeats = drop_own_repeats(text)
    text, lead_ins = drop_dangling_lead_ins(text)
    text, restated = drop_restatements(text, earlier)
    text, orphans = drop_orphan_openings(text)
    repeats = [*broken, *lists, *repeats, *lead_ins, *restated, *orphans]
    text = renumber_lists(drop_empty_headings(text)).strip()
    trimmed = "\n".join(part for part in (trimmed, *repeats) if part)
    return (f"## {title}\n\n{text}\n" if text else f"## {title}\n"), trimmed


_NAME_LIST_PREFIX = re.compile(r"^(?:`[^`\n]+`\s*(?:,|、|，)\s*)+`[^`\n]+`\s*[—–:-]+\s+(?=\S)")


def drop_name_list_prefix(text: str) -> str:
    """``text`` without a list of code names pasted before its first sentence.

    The prompt lists the names a section may cite; a small model began its reply with that
    list ("`A`, `b.py`, `README.rst` — pluggy is ..."), which no reader wants.
    """
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and not _in_code(lines, first):
        lines[first] = _NAME_LIST_PREFIX.sub("", lines[first].lstrip(), count=1)
    return "\n".join(lines)


def drop_name_lists(text: str) -> tuple[str, list[str]]:
    """``text`` without sentences that are only a list of code names.

    The prompt lists the names a section may cite and what earlier sections explained; a
    small model pasted those lists as sentences of their own. They are the prompt, not
    writing, so they go before the text counts as drafted (like a cut-off tail).
    """
    spans = [Span(f.line, f.text) for f in residue(text, path="")
             if f.line and f.message.startswith("a bare list of code names")]
    return strip_spans(text, spans) if spans else (text, [])


def drop_broken_spans(text: str) -> tuple[str, list[str]]:
    """``text`` without the paragraphs whose inline code runs over a line end.

    A small model pastes a multi-line regular expression or code fragment between single
    backticks; the paragraph around it no longer reads as prose, and its "names" are not
    names. (Fenced blocks are left alone.)
    """
    lines = text.split("\n")
    drop: set[int] = set()
    dropped: list[str] = []
    for first, last in _prose_paragraphs(lines):
        if any(line.count("`") % 2 for line in lines[first:last]):
            drop.update(range(first, last))
            dropped.append("\n".join(lines[first:last]).strip())
    if not drop:
        return text, []
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)), dropped


def _prose_paragraphs(lines: list[str]) -> list[tuple[int, int]]:
    """``[first, last)`` line ranges of blank-line separated prose outside fences."""
    ranges: list[tuple[int, int]] = []
    start: int | None = None
    for index, line in enumerate(lines):
        prose = bool(line.strip()) and not _in_code(lines, index) and \
            not line.lstrip().startswith(("```", "~~~"))
        if prose and start is None:
            start = index
        elif not prose and start is not None:
            ranges.append((start, index))
            start = None
    if start is not None:
        ranges.append((start, len(lines)))
    return ranges


_ANNOUNCED = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|```|~~~|\||>|    |\t)")
"""What a lead-in ending in a colon may announce: a list, code, a table, a quote."""


def drop_dangling_lead_ins(text: str) -> tuple[str, list[str]]:
    """``text`` without sentences that end in a colon and announce nothing.

    A small model wrote "It provides a way to manipulate time zones, such as:" and went on
    with another paragraph; the lead-in (its last sentence) goes, the rest of the paragraph
    stays. A colon before a list, a code block, a table or a quote is kept.
    """
    lines = text.split("\n")
    removed: list[str] = []
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if not stripped.endswith((":", "：")) or _in_code(lines, index) or \
                _ANNOUNCED.match(line) or _ANY_HEADING.match(line):
            continue
        following = next((x for x in lines[index + 1:] if x.strip()), None)
        if following is not None and _ANNOUNCED.match(following):
            continue
        ends = sentence_ends(stripped)
        keep = stripped[:ends[-1]] if ends else ""
        removed.append(stripped[len(keep):].strip())
        lines[index] = keep
    if not removed:
        return text, []
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n"), removed


_ORPHAN_OPENING = re.compile(
    r"^(?:it|they|its|their|(?:this|these)\s+(?:is|are|was|were|has|have|can|will|"
    r"provides?|allows?|makes?|helps?|means?))\b", re.IGNORECASE)
"""A pronoun subject: at a section's start it points at nothing the reader was told."""


def drop_orphan_openings(text: str) -> tuple[str, list[str]]:
    """``text`` without the code-free sentences before its first one that has a subject.

    A section reply of the 0.5B began "It is particularly useful for applications that
    need ..." under a heading it took as the antecedent; the reader has none. A sentence
    that names code ("It wraps `Cache`") stays: it says something the section needs.
    """
    removed: list[str] = []
    for _ in range(3):
        first = next(iter(sentences(text)), None)
        if first is None or "`" in first[1] or not _ORPHAN_OPENING.match(first[1]):
            break
        lines = text.split("\n")
        if any(line.strip() and not _ANY_HEADING.match(line) for line in lines[:first[0] - 1]) \
                or LIST_ITEM.match(lines[first[0] - 1]):
            break  # after a code block, "It" has something to point at; a list item
            # stays (its list would start at item 3)
        text, cut = strip_spans(text, [Span(first[0], first[1])])
        if not cut:
            break
        removed.extend(cut)
    return text, removed


def drop_orphan_openings_per_section(text: str) -> tuple[str, list[str]]:
    """:func:`drop_orphan_openings` for each ``## `` section of ``text``."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines)
              if line.startswith("## ") and not _in_code(lines, i)]
    parts: list[str] = []
    removed: list[str] = []
    for first, last in zip([0, *starts], [*starts, len(lines)], strict=True):
        part, cut = drop_orphan_openings("\n".join(lines[first:last]))
        parts.append(part)
        removed.extend(cut)
    if not removed:
        return text, []
    return re.sub(r"\n{3,}", "\n\n", "\n".join(parts)), removed


_RESTATED = 0.75
"""Share of a sentence's content words an earlier one holds for it to be a restatement."""


_MIN_CONTENT_WORDS = 5


_FUNCTION_WORDS = frozenset(
    "the and for with that this which are was were its it's from into onto than then also "
    "can will would could should may might has have had not but any all such these those "
    "their there here when where what who how why use used uses using way ways more most "
    "very other each both one two about over under between through".split())


def _content_words(sentence: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z][a-z0-9-]{2,}", sentence.lower())
                     if w not in _FUNCTION_WORDS)


def drop_restatements(text: str, earlier: Sequence[str]) -> tuple[str, list[str]]:
    """``text`` without sentences that restate an earlier section in other words.

    The 0.5B opened every section with the project's pitch again ("JSON (JavaScript Object
    Notation) is a subset of JavaScript, which is ..."), each time worded a little
    differently, so no word-for-word check saw it. A sentence that names no code (a code
    span is what a section adds) and whose content words an earlier sentence mostly holds
    goes; Chinese, without spaces, is left alone.
    """
    seen = [words for section in earlier for line in prose(section).split("\n")
            for sentence in _split_sentences(line) if "`" not in sentence
            and len(words := _content_words(sentence)) >= _MIN_CONTENT_WORDS]
    if not seen:
        return text, []
    lines = text.split("\n")
    removed: list[str] = []
    for index, line in enumerate(lines):
        if not line.strip() or _in_code(lines, index) or _ANY_HEADING.match(line):
            continue
        parts = _split_sentences(line)
        kept = []
        for sentence in parts:
            words = _content_words(sentence)
            if "`" not in sentence and len(words) >= _MIN_CONTENT_WORDS and any(
                    len(words & other) / min(len(words), len(other)) >= _RESTATED
                    for other in seen):
                removed.append(sentence.strip())
            else:
                kept.append(sentence)
        if len(kept) != len(parts):
            lines[index] = "".join(kept).rstrip()
    if not removed:
        return text, []
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n"), removed


def _split_sentences(line: str) -> list[str]:
    """The sentences of one line, each with the spaces after it (joined, the line again)."""
    cuts = [0]
    for start, _ in sentence_bounds(line)[1:]:
        while start < len(line) and line[start] == " ":
            start += 1
        cuts.append(start)
    cuts.append(len(line))
    return [line[a:b] for a, b in zip(cuts[:-1], cuts[1:], strict=True) if line[a:b]]


def drop_own_repeats(text: str) -> tuple[str, list[str]]:
    """``text`` without the sentences that repeat an earlier one of the same reply.

    Greedy decoding makes a small model loop (a section's three paragraphs written out
    twice); the copies are a decoding artefact like a cut-off tail, so they go before the
    text counts as drafted and are reported with it as ``trimmed``. A sentence repeated
    from an *earlier section* is a writing problem instead: a finding for Fix and Strip.
    """
    spans = [Span(f.line, f.text, repeat=True) for f in repetitions(text, path="") if f.line]
    return strip_spans(text, spans) if spans else (text, [])


_ANY_HEADING = re.compile(r"^\s{0,3}(#{1,6})(?:\s|$)")


def drop_empty_headings(text: str) -> str:
    """Without headings that head nothing (a bare ``###``, or one followed only by blank
    lines up to the next heading of its level or above, or the end)."""
    lines = text.split("\n")
    keep = [True] * len(lines)
    for index, line in enumerate(lines):
        match = _ANY_HEADING.match(line)
        if match is None or _in_code(lines, index):
            continue
        level = len(match.group(1))
        rest = lines[index + 1:]
        following = next((x for x in rest if x.strip()), None)
        nxt = _ANY_HEADING.match(following) if following is not None else None
        if not line.strip("# ") or following is None or (
                nxt is not None and len(nxt.group(1)) <= level):
            keep[index] = False
    return "\n".join(x for x, k in zip(lines, keep, strict=True) if k)


def trim_cut_off(text: str) -> tuple[str, str]:
    """``text`` without an unclosed last code block or an unfinished last sentence.

    The unfinished sentence may run over several lines (a hard-wrapped paragraph cut at
    the token cap), so lines go until the text ends at a sentence end or a closed block.
    """
    removed: list[str] = []
    for _ in range(text.count("\n") + 1):
        text, cut = _trim_once(text)
        if not cut:
            break
        removed.insert(0, cut)
    return text, "\n".join(removed)


_TERMINALS = tuple(".!?。！？")


def sentence_ends(line: str) -> list[int]:
    """Where each finished sentence of ``line`` ends (the one splitter, :mod:`pse.text`)."""
    return [len(line[:b].rstrip()) for a, b in sentence_bounds(line)
            if line[a:b].rstrip().endswith(_TERMINALS)]


def _trim_once(text: str) -> tuple[str, str]:
    blocks = code_blocks(text)
    lines = text.rstrip().split("\n")
    if blocks and not blocks[-1].closed:
        return "\n".join(lines[:blocks[-1].line - 1]).rstrip() + "\n", \
            "\n".join(lines[blocks[-1].line - 1:])
    cut = cut_off_end(text, path="")
    if not cut or not text.strip():
        return text, ""
    last = lines[-1]
    if cut[0].message.endswith("empty list item"):
        return "\n".join(lines[:-1]).rstrip() + "\n", last.strip()
    ends = sentence_ends(last)
    if not ends:
        return "\n".join(lines[:-1]).rstrip() + "\n", last.strip()
    return "\n".join([*lines[:-1], last[:ends[-1]]]) + "\n", last[ends[-1]:].strip()


def _in_code(lines: list[str], index: int) -> bool:
    """Whether 0-based line ``index`` is part of a fenced code block (fences included)."""
    return index in code_line_indices(tuple(lines))


def assemble(title: str, sections: Sequence[Section]) -> str:
    """``# title`` and the sections, in plan order."""
    texts = [drop_empty_headings(s.text).strip() for s in sections]
    parts = [f"# {title}"] + [text for text in texts if text]
    return "\n\n".join(parts) + "\n"


def section_words(sections: Sequence[Section]) -> list[int]:
    """Words per section, in order."""
    return [count_words(s.text) for s in sections]
