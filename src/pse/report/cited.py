"""The cited source of a run report: every evidence place its marks point to, in the page.

Without a repository link a mark's evidence has nowhere to go, so the page carries the
source itself: :class:`CitedSources` stands in for a repository linker (same signature),
hands each evidence place an anchor as the marks are rendered, and
:func:`render_cited` then writes one block per place (its lines with a little context),
so a click on a mark, or on the ``path:line`` in its popup, lands on the code that backs it.
"""

from __future__ import annotations

import re
from html import escape

from pse.report.marks import SourceLines

BEFORE, AFTER = 2, 8
"""Lines shown above and below a cited line (a sentence's span runs on from its start)."""
_MAX_LINE_CHARS = 160


class CitedSources:
    """``cited(path, line)`` -> ``#anchor`` of that place, remembered in first-cited order."""

    def __init__(self) -> None:
        self.places: dict[tuple[str, int | None], str] = {}

    def __call__(self, path: str, line: int | None) -> str:
        key = (path, line)
        if key not in self.places:
            slug = re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-")
            self.places[key] = f"src-{len(self.places) + 1}-{slug}"
        return "#" + self.places[key]


def render_cited(cited: CitedSources, read_lines: SourceLines | None) -> str:
    """The "Cited source" section ("" when no mark cited anything)."""
    if not cited.places:
        return ""
    blocks = [_block(path, line, anchor, read_lines)
              for (path, line), anchor in sorted(cited.places.items(),
                                                 key=lambda p: (p[0][0], p[0][1] or 0))]
    return ('<h2>Cited source</h2><p class="muted">Every place a mark of the article '
            "points to, with its context.</p>" + "".join(blocks))


def _block(path: str, line: int | None, anchor: str, read_lines: SourceLines | None) -> str:
    where = escape(path + (f":{line}" if line else ""))
    lines = read_lines(path) if read_lines is not None else None
    rows: list[str] = []
    if lines and line and 0 < line <= len(lines):
        for number in range(max(1, line - BEFORE), min(len(lines), line + AFTER) + 1):
            hit = " hit" if number == line else ""
            rows.append(f'<span class="sl{hit}"><span class="ln">{number}</span>'
                        f"{escape(lines[number - 1][:_MAX_LINE_CHARS])}</span>")
    body = f'<span class="src">{"".join(rows)}</span>' if rows else ""
    return f'<div class="cited" id="{escape(anchor)}"><p class="evp">{where}</p>{body}</div>'
