"""A document rendered as HTML with every checked span marked in place.

Markdown is parsed by markdown-it with raw HTML off, so ``<script>`` or ``<img onerror>``
in a document is text; images become text too (an ``<img>`` would fetch its URL) and
links never get a ``javascript:`` target (markdown-it refuses those). A pre-pass walks
the tokens, tracks the 1-based line of every inline token and fence line, and assigns
each mark to the code span, link or code line it names; a claim or sentence is marked
over its own words in the paragraph (:mod:`pse.report.ranges`); a mark whose text cannot
be found is shown as a badge at the start of the block that holds its line, so every
mark is visible. Other formats (``.rst``) are shown as numbered plain lines with the same
marks.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import cast

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token

from pse.report.links import UrlOf
from pse.report.marks import Mark, SourceLines
from pse.report.popup import close_mark, open_mark, render_mark
from pse.report.ranges import CLOSE, OPEN, place_ranges

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_MARKDOWN = (".md", ".markdown", ".mdx")


@dataclass
class _Placement:
    """What the pre-pass decided, keyed by token identity."""

    spans: dict[int, list[Mark]] = field(default_factory=dict)
    """code_inline / link_open token -> the marks it shows."""
    lines: dict[tuple[int, int], list[tuple[int, int, list[Mark]]]] = field(
        default_factory=dict)
    """(fence token, line offset) -> (start, end, marks) ranges in that line."""
    badges: dict[int, list[Mark]] = field(default_factory=dict)
    """badge / fence token -> marks not found in its text."""
    orphans: list[Mark] = field(default_factory=list)


class DocumentRenderer:
    """Renders documents; mark ids are unique across every document of one page."""

    def __init__(self, *, read_lines: SourceLines | None = None, url_of: UrlOf | None = None,
                 prefix: str = "m") -> None:
        self.read_lines = read_lines
        self.url_of = url_of
        self.prefix = prefix
        self.ids: dict[int, str] = {}
        """``id(mark)`` -> the id of the element that shows it (for the findings list)."""
        self._count = 0
        self._md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
        self._md.add_render_rule("image", _render_image)

    def render(self, path: str, text: str, marks: Sequence[Mark]) -> str:
        """The HTML of one document (a fragment: ``<div class="doc-body">``)."""
        if path.lower().endswith(_MARKDOWN):
            return self._markdown(text, marks)
        return self._plain(text, marks)

    def _next_id(self, marks: Sequence[Mark]) -> str:
        self._count += 1
        mark_id = f"{self.prefix}{self._count}"
        for mark in marks:
            self.ids[id(mark)] = mark_id
        return mark_id

    def _mark(self, marks: Sequence[Mark], inner: str) -> str:
        return render_mark(marks, inner, mark_id=self._next_id(marks),
                           read_lines=self.read_lines, url_of=self.url_of)

    # ---------------------------------------------------------------- markdown
    def _markdown(self, text: str, marks: Sequence[Mark]) -> str:
        front = _FRONT_MATTER.match(text)
        head = ""
        if front:
            # blank lines keep every later line at its number
            head = f'<pre class="front">{escape(front.group(0))}</pre>'
            text = "\n" * front.group(0).count("\n") + text[front.end():]
        tokens = self._md.parse(text)
        placement = _place(tokens, marks)
        self._install_rules(placement)
        body = str(self._md.renderer.render(tokens, self._md.options, {}))
        tail = self._orphans(placement.orphans)
        return f'<div class="doc-body">{head}{body}{tail}</div>'

    def _install_rules(self, placement: _Placement) -> None:
        renderer = cast(RendererHTML, self._md.renderer)
        links: list[tuple[list[Mark], str] | None] = []

        def code_inline(tokens: Sequence[Token], idx: int, *_: object) -> str:
            token = tokens[idx]
            inner = f"<code>{escape(token.content)}</code>"
            found = placement.spans.get(id(token))
            return self._mark(found, inner) if found else inner

        def link_open(tokens: Sequence[Token], idx: int, options: object, env: object) -> str:
            token = tokens[idx]
            token.attrSet("rel", "noopener noreferrer nofollow")
            opening = str(renderer.renderToken(tokens, idx, options, env))  # type: ignore[arg-type]  # options is OptionsDict
            found = placement.spans.get(id(token))
            if not found:
                links.append(None)
                return opening
            mark_id = self._next_id(found)
            links.append((found, mark_id))
            return opening + open_mark(found, mark_id=mark_id, url_of=self.url_of)

        def link_close(tokens: Sequence[Token], idx: int, options: object, env: object) -> str:
            entry = links.pop() if links else None
            closing = str(renderer.renderToken(tokens, idx, options, env))  # type: ignore[arg-type]  # options is OptionsDict
            if entry is None:
                return closing
            return close_mark(entry[0], mark_id=entry[1], read_lines=self.read_lines,
                              url_of=self.url_of) + closing

        def range_open(tokens: Sequence[Token], idx: int, *_: object) -> str:
            meta = tokens[idx].meta
            marks = cast(list[Mark], meta["marks"])
            meta["id"] = self._next_id(marks)
            return open_mark(marks, mark_id=str(meta["id"]), url_of=self.url_of,
                             css="sent")

        def range_close(tokens: Sequence[Token], idx: int, *_: object) -> str:
            meta = tokens[idx].meta
            return close_mark(cast(list[Mark], meta["marks"]), mark_id=str(meta["id"]),
                              read_lines=self.read_lines, url_of=self.url_of)

        def badge(tokens: Sequence[Token], idx: int, *_: object) -> str:
            return self._badge(placement.badges.get(id(tokens[idx]), []))

        def fence(tokens: Sequence[Token], idx: int, *_: object) -> str:
            return self._fence(tokens[idx], placement)

        for name, rule in (("code_inline", code_inline), ("link_open", link_open),
                           ("link_close", link_close), ("pse_badge", badge), ("fence", fence),
                           ("code_block", fence), (OPEN, range_open), (CLOSE, range_close)):
            # plain functions, not bound methods: each render has its own placement
            renderer.rules[name] = rule  # type: ignore[assignment]  # the renderer calls it unbound

    def _fence(self, token: Token, placement: _Placement) -> str:
        lines = token.content.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        out = []
        for offset, line in enumerate(lines):
            ranges = placement.lines.get((id(token), offset), [])
            out.append(self._marked_line(line, ranges))
        lang = escape(token.info.split()[0]) if token.info.strip() else ""
        badge = placement.badges.get(id(token))
        label = f'<span class="lang">{lang}</span>' if lang else ""
        return (f'<pre class="code">{label}{self._badge(badge) if badge else ""}<code>'
                + "\n".join(out) + "</code></pre>\n")

    def _marked_line(self, line: str, ranges: list[tuple[int, int, list[Mark]]]) -> str:
        out, at = [], 0
        for start, end, marks in sorted(ranges, key=lambda r: r[0]):
            out.append(escape(line[at:start]))
            out.append(self._mark(marks, escape(line[start:end])))
            at = end
        out.append(escape(line[at:]))
        return "".join(out)

    def _badge(self, marks: Sequence[Mark]) -> str:
        return "".join(self._mark([m], f'<span class="badge">{escape(m.text[:60])}</span>')
                       for m in marks)

    def _orphans(self, marks: Sequence[Mark]) -> str:
        if not marks:
            return ""
        items = "".join(f"<li>line {m.line}: {self._badge([m])}</li>" for m in marks)
        return f'<ul class="orphans">{items}</ul>'

    # ---------------------------------------------------------------- plain
    def _plain(self, text: str, marks: Sequence[Mark]) -> str:
        by_line: dict[int, list[Mark]] = defaultdict(list)
        for mark in marks:
            by_line[mark.line].append(mark)
        rows = []
        lines = text.split("\n")
        for number, line in enumerate(lines, start=1):
            ranges, missing = _find_ranges(line, by_line.pop(number, []))
            rows.append(f'<span class="pl" id="{self.prefix}L{number}">'
                        f'<span class="ln">{number}</span>{self._badge(missing)}'
                        f"{self._marked_line(line, ranges)}</span>")
        orphans = [m for group in by_line.values() for m in group]
        return (f'<div class="doc-body"><pre class="plain">{"".join(rows)}</pre>'
                f"{self._orphans(orphans)}</div>")


def _render_image(self: object, tokens: Sequence[Token], idx: int, *_: object) -> str:
    """An image as text: loading it would be a network request and a tracking pixel."""
    token = tokens[idx]
    alt = escape(token.content or "image")
    src = escape(str(token.attrGet("src") or ""))
    return f'<span class="img">[image: {alt}] <span class="url">{src}</span></span>'


def _place(tokens: Sequence[Token], marks: Sequence[Mark]) -> _Placement:
    """Assign every mark to the token (or fence line range) that shows it."""
    pending: dict[int, list[Mark]] = defaultdict(list)
    for mark in marks:
        pending[mark.line].append(mark)
    placement = _Placement()
    holders: list[tuple[int, int, Token]] = []
    for token in tokens:
        if token.map is None:
            continue
        if token.type == "inline" and token.children is not None:
            _place_inline(token, pending, placement)
            place_ranges(token, pending)  # claims and sentences, on the text itself
            holder = Token("pse_badge", "", 0)
            token.children.insert(0, holder)
            holders.append((token.map[0] + 1, token.map[1], holder))
        elif token.type in {"fence", "code_block"}:
            _place_fence(token, pending, placement)
            holders.append((token.map[0] + 1, token.map[1], token))
    for line in sorted(pending):
        if not pending[line]:
            continue
        found = next((t for first, last, t in holders if first <= line <= last), None)
        if found is None:
            placement.orphans.extend(pending[line])
        else:
            placement.badges.setdefault(id(found), []).extend(pending[line])
    return placement


def _place_inline(token: Token, pending: dict[int, list[Mark]], placement: _Placement) -> None:
    assert token.map is not None and token.children is not None  # checked by the caller
    line = token.map[0] + 1
    for child in token.children:
        if child.type in {"softbreak", "hardbreak"}:
            line += 1
        elif child.type == "code_inline":
            _claim(child, child.content, pending.get(line, []), placement, exact=True)
        elif child.type == "link_open":
            target = str(child.attrGet("href") or "")
            _claim(child, target, pending.get(line, []), placement, exact=False)


def _claim(token: Token, content: str, candidates: list[Mark], placement: _Placement, *,
           exact: bool) -> None:
    """Move the marks ``content`` shows from ``candidates`` to ``token``."""
    if exact:
        hits = [m for m in candidates if m.text == content and m.origin != "link"]
        if not hits:
            hits = [m for m in candidates if m.origin == "inline" and m.text in content][:1]
    else:
        hits = [m for m in candidates if m.origin == "link" and m.text and m.text in content]
    for mark in hits:
        candidates.remove(mark)
    if hits:
        placement.spans.setdefault(id(token), []).extend(hits)


def _place_fence(token: Token, pending: dict[int, list[Mark]], placement: _Placement) -> None:
    assert token.map is not None  # checked by the caller
    first = token.map[0] + (2 if token.type == "fence" else 1)
    for offset, line in enumerate(token.content.split("\n")):
        candidates = pending.get(first + offset)
        if not candidates:
            continue
        ranges, missing = _find_ranges(line, candidates)
        pending[first + offset] = missing
        if ranges:
            placement.lines[(id(token), offset)] = ranges


def _find_ranges(line: str, marks: list[Mark]) -> tuple[list[tuple[int, int, list[Mark]]],
                                                        list[Mark]]:
    """Non-overlapping ranges of ``line`` that show ``marks``; the rest are missing."""
    ranges: list[tuple[int, int, list[Mark]]] = []
    missing: list[Mark] = []
    for mark in marks:
        same = next((r for r in ranges if line[r[0]:r[1]] == mark.text), None)
        if same is not None:
            same[2].append(mark)
            continue
        start = _free_position(line, mark.text, ranges)
        if start < 0:
            missing.append(mark)
        else:
            ranges.append((start, start + len(mark.text), [mark]))
    return ranges, missing


def _free_position(line: str, text: str, ranges: list[tuple[int, int, list[Mark]]]) -> int:
    if not text:
        return -1
    start = line.find(text)
    while start >= 0:
        end = start + len(text)
        if all(end <= a or start >= b for a, b, _ in ranges):
            return start
        start = line.find(text, start + 1)
    return -1
