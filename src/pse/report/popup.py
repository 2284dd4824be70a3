"""The evidence popup of a mark: status, message, suggestion, and the source lines.

Only phrasing content (spans) is produced, so a popup may sit inside a paragraph, a
heading, a table cell or a ``<pre>`` without the HTML parser closing them early. It is
shown by CSS on hover and focus, so it works without JavaScript.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from pse.report.links import UrlOf
from pse.report.marks import Mark, SourceLines, worst_status

CONTEXT_LINES = 2
"""Source lines shown before and after an evidence line."""
_MAX_EVIDENCE = 3
_MAX_LINE_CHARS = 160
_ON_TEXT = frozenset({"sentence", "claim"})


def render_mark(marks: Sequence[Mark], inner: str, *, mark_id: str,
                read_lines: SourceLines | None, url_of: UrlOf | None = None) -> str:
    """``inner`` (already HTML) wrapped as a focusable mark with its popup."""
    return (open_mark(marks, mark_id=mark_id, url_of=url_of) + inner
            + close_mark(marks, mark_id=mark_id, read_lines=read_lines, url_of=url_of))


def open_mark(marks: Sequence[Mark], *, mark_id: str, url_of: UrlOf | None = None,
              css: str = "ref") -> str:
    """The opening tag of a mark (for content rendered in between, like a link's); with
    ``url_of``, a click on it opens its first evidence (``data-href``, read by the page's
    script)."""
    status = worst_status(marks)
    kinds = " ".join(sorted({m.kind for m in marks}))
    evidence = next(((path, line) for m in marks for path, line in m.evidence), None)
    href = url_of(*evidence) if url_of is not None and evidence is not None else ""
    target = f' data-href="{escape(href)}"' if href else ""
    return (f'<span class="{css} s-{escape(status)}" tabindex="0" id="{mark_id}" '
            f'data-status="{escape(status)}" data-kind="{escape(kinds)}"{target} '
            f'aria-describedby="{mark_id}-pop">')


def close_mark(marks: Sequence[Mark], *, mark_id: str, read_lines: SourceLines | None,
               url_of: UrlOf | None = None) -> str:
    """The popup and the closing tag of a mark."""
    return render_popup(marks, popup_id=f"{mark_id}-pop", read_lines=read_lines,
                        url_of=url_of) + "</span>"


def render_popup(marks: Sequence[Mark], *, popup_id: str, read_lines: SourceLines | None,
                 url_of: UrlOf | None = None) -> str:
    """The popup of the marks on one span (evidence linked when ``url_of`` is given)."""
    parts = [_popup_part(mark, read_lines, url_of) for mark in marks]
    return f'<span class="pop" role="tooltip" id="{popup_id}">{"".join(parts)}</span>'


def _popup_part(mark: Mark, read_lines: SourceLines | None, url_of: UrlOf | None) -> str:
    # a sentence or claim is marked on the text itself: no second copy of it in the popup
    shown = "" if mark.kind in _ON_TEXT else f" <code>{escape(mark.text)}</code>"
    head = (f'<span class="ph"><b class="st s-{escape(mark.status)}">{escape(mark.status)}'
            f'</b> {escape(mark.kind)}{shown}</span>')
    body = [head]
    if mark.message:
        body.append(f'<span class="pm">{escape(mark.message)}</span>')
    if mark.suggestion:
        advice = (f"did you mean <code>{escape(mark.suggestion)}</code>?"
                  if _looks_like_name(mark.suggestion)
                  else escape(mark.suggestion))
        body.append(f'<span class="sug">{advice}</span>')
    for path, line in mark.evidence[:_MAX_EVIDENCE]:
        body.append(render_evidence(path, line, read_lines, url_of=url_of))
    if len(mark.evidence) > _MAX_EVIDENCE:
        body.append(f'<span class="pm">and {len(mark.evidence) - _MAX_EVIDENCE} more</span>')
    return f'<span class="pp">{"".join(body)}</span>'


def _looks_like_name(text: str) -> bool:
    return " " not in text.strip()


def render_evidence(path: str, line: int | None, read_lines: SourceLines | None, *,
                    url_of: UrlOf | None = None) -> str:
    """``path:line`` (a link with ``url_of``) and, when the file is readable, the line
    with a little context."""
    where = escape(path + (f":{line}" if line else ""))
    if url_of is not None:
        where = (f'<a href="{escape(url_of(path, line))}" rel="noopener noreferrer">'
                 f"{where}</a>")
    lines = read_lines(path) if read_lines is not None and line else None
    if not lines or line is None or not 0 < line <= len(lines):
        return f'<span class="ev"><span class="evp">{where}</span></span>'
    first, last = max(1, line - CONTEXT_LINES), min(len(lines), line + CONTEXT_LINES)
    rows = []
    for number in range(first, last + 1):
        text = lines[number - 1][:_MAX_LINE_CHARS]
        hit = " hit" if number == line else ""
        rows.append(f'<span class="sl{hit}"><span class="ln">{number}</span>'
                    f"{escape(text)}</span>")
    return (f'<span class="ev"><span class="evp">{where}</span>'
            f'<span class="src">{"".join(rows)}</span></span>')
