"""``pse verify --format html``: the documents rendered with every reference marked.

One page for any number of documents: the summary, an index of the documents with
their counts, the filterable findings list (status, kind, file) and every document
rendered with its references marked in place; hovering or focusing a mark shows its
evidence (``path:line`` and the source lines around it) or the suggestion. Pure: the
caller passes the documents' text and a reader for the evidence files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from html import escape

from pse.report.coverage import NO_EXTRAS, Extras
from pse.report.document import DocumentRenderer
from pse.report.links import UrlOf
from pse.report.marks import STATUSES, Mark, SourceLines, marks_from_checked, status_counts
from pse.report.page import render_page
from pse.verify.check import CheckedReference


def render_html(checked: list[CheckedReference], *, documents: Mapping[str, str] | None = None,
                read_lines: SourceLines | None = None, url_of: UrlOf | None = None,
                title: str = "pse verify", extras: Extras = NO_EXTRAS) -> str:
    """The report page of ``pse verify``.

    Args:
        checked: the checked references of every document.
        documents: document path -> text; each one is rendered with its marks (without
            it the page holds the findings list only).
        read_lines: reads an evidence file's lines, for the source shown in popups.
        url_of: the repository URL of a source line; evidence then links to it.
        title: the page title.
        extras: the coverage line and run notes shown under the summary (history and
            severities reach the page through the references' messages).
    """
    marks = marks_from_checked(_with_levels(checked, extras))
    renderer = DocumentRenderer(read_lines=read_lines, url_of=url_of)
    texts = dict(documents or {})
    paths = sorted(set(texts) | {m.file for m in marks})
    sections = [_document_section(renderer, number, path, texts.get(path), marks)
                for number, path in enumerate(paths, start=1)]
    notes = [extras.coverage.line()] if extras.coverage is not None else []
    notes.extend(extras.notes)
    body = [f"<h1>{escape(title)}</h1>", render_summary(marks),
            *(f'<p class="coverage">{escape(note)}</p>' for note in notes),
            render_index(paths, marks), render_findings(marks, renderer.ids),
            "<h2>Documents</h2>", *sections]
    return render_page(title, "\n".join(body))


def _with_levels(checked: list[CheckedReference], extras: Extras) -> list[CheckedReference]:
    """Warnings say so in their message (the page's statuses are the verdicts)."""
    if not extras.levels:
        return checked
    return [CheckedReference(c.ref, replace(c.result, message=f"warning (does not fail the "
                                            f"run): {c.result.message}"))
            if c.result.status == "unverified" and extras.level(c.ref) == "warning" else c
            for c in checked]


def _document_section(renderer: DocumentRenderer, number: int, path: str, text: str | None,
                      marks: Sequence[Mark]) -> str:
    own = [m for m in marks if m.file == path]
    content = renderer.render(path, text, own) if text is not None else \
        '<p class="muted">(the document text is not part of this report)</p>'
    return (f'<section class="doc" id="doc-{number}"><h3>{escape(path)}</h3>'
            f"{render_counts(own)}{content}</section>")


def render_summary(marks: Sequence[Mark]) -> str:
    """Counts per status, the flags first."""
    counts = status_counts(marks)
    spans = "".join(f'<span class="s-{s}">{counts[s]} {s}</span>' for s in STATUSES)
    return f'<p class="summary">{len(marks)} references: {spans}</p>'


def render_counts(marks: Sequence[Mark]) -> str:
    """Counts per status of one document (non-zero only)."""
    counts = status_counts(marks)
    spans = "".join(f'<span class="s-{s}">{counts[s]} {s}</span>' for s in STATUSES
                    if counts[s])
    return f'<p class="counts">{spans or "no references"}</p>'


def render_index(paths: Sequence[str], marks: Sequence[Mark]) -> str:
    """The file index: one row per document with its counts, linked to its section."""
    if len(paths) < 2:
        return ""
    rows = []
    for number, path in enumerate(paths, start=1):
        counts = status_counts(m for m in marks if m.file == path)
        cells = "".join(f'<td class="n s-{s}">{counts[s]}</td>' for s in STATUSES)
        rows.append(f'<tr><td><a href="#doc-{number}">{escape(path)}</a></td>{cells}</tr>')
    head = "".join(f"<th>{s}</th>" for s in STATUSES)
    return (f'<h2>Files</h2><table class="index"><thead><tr><th>document</th>{head}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>')


def render_findings(marks: Sequence[Mark], ids: Mapping[int, str], *,
                    heading: str = "Findings") -> str:
    """The findings list (flags first) with the filters the page script enables."""
    order = {status: rank for rank, status in enumerate(STATUSES)}
    ordered = sorted(marks, key=lambda m: (order.get(m.status, 9), m.file, m.line, m.text))
    rows = [_finding_row(mark, ids.get(id(mark))) for mark in ordered]
    return (f"<h2>{escape(heading)}</h2>{_filters(marks)}"
            '<table class="findings"><thead><tr><th>where</th><th>span</th><th>kind</th>'
            "<th>status</th><th>evidence or advice</th></tr></thead>"
            f'<tbody>{"".join(rows)}</tbody></table>')


def _finding_row(mark: Mark, mark_id: str | None) -> str:
    where = escape(f"{mark.file}:{mark.line}")
    link = f'<a href="#{mark_id}">{where}</a>' if mark_id else where
    notes = []
    if mark.message:
        notes.append(escape(mark.message))
    if mark.suggestion:
        notes.append(f"did you mean <code>{escape(mark.suggestion)}</code>?"
                     if " " not in mark.suggestion.strip() else escape(mark.suggestion))
    notes.extend(escape(p + (f":{n}" if n else "")) for p, n in mark.evidence[:3])
    return (f'<tr data-status="{escape(mark.status)}" data-kind="{escape(mark.kind)}" '
            f'data-file="{escape(mark.file)}"><td>{link}</td><td><code>{escape(mark.text)}'
            f'</code></td><td>{escape(mark.kind)}</td><td class="st s-{escape(mark.status)}">'
            f'{escape(mark.status)}</td><td>{"<br>".join(notes)}</td></tr>')


def _filters(marks: Sequence[Mark]) -> str:
    """Hidden until the script runs: without JavaScript every row is simply shown."""
    def select(name: str, values: Sequence[str]) -> str:
        options = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in values)
        return (f'<label>{name} <select name="{name}"><option value="">all</option>{options}'
                "</select></label>")
    statuses = [s for s in STATUSES if any(m.status == s for m in marks)]
    return (f'<form id="filters" hidden>{select("status", statuses)}'
            f'{select("kind", sorted({m.kind for m in marks}))}'
            f'{select("file", sorted({m.file for m in marks}))}'
            '<span id="shown" aria-live="polite"></span></form>')
