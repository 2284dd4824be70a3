"""Renderers for ``verify-resume`` reports: text, JSON (the contract) and HTML. Pure."""

from __future__ import annotations

import html
import json

from pse.cv.facts import ResumeFinding, ResumeReport


def render_json(report: ResumeReport) -> str:
    """The JSON contract: ``findings`` (text, line, kind, status, evidence, ...) and
    ``summary``; stable order, no timestamps."""
    doc = {"findings": [_as_dict(f) for f in report.findings], "summary": report.summary()}
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _as_dict(item: ResumeFinding) -> dict[str, object]:
    return {"text": item.text, "line": item.line, "kind": item.kind, "status": item.status,
            "evidence": item.evidence, "source": item.source, "source_line": item.source_line,
            "reason": item.reason}


def render_text(report: ResumeReport, *, show_supported: bool = False) -> str:
    """One line per unsupported fact (all facts with ``show_supported``), then a summary."""
    lines: list[str] = []
    for item in report.findings:
        if item.status == "supported" and not show_supported:
            continue
        where = f"{report.resume}:{item.line}" if item.line else report.resume
        line = f"{where}: {item.status} {item.kind} {item.text!r}"
        if item.reason:
            line += f" - {item.reason}"
        if item.evidence:
            line += f" [source: {item.evidence!r}]"
        lines.append(line)
    summary = report.summary()
    lines.append(f"{summary['unsupported']} unsupported, {summary['supported']} supported "
                 f"facts in {report.resume}")
    return "\n".join(lines) + "\n"


_STYLE = """body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;
text-align:left;vertical-align:top}tr.unsupported td.status{color:#b00020;font-weight:600}
tr.supported td.status{color:#1b5e20}caption{text-align:left;margin-bottom:.5rem}"""


def render_html(report: ResumeReport) -> str:
    """A standalone HTML page: a table of every checked fact, unsupported first."""
    rows = sorted(report.findings, key=lambda f: (f.status != "unsupported", f.sort_key()))
    body = "\n".join(_row(f) for f in rows)
    summary = report.summary()
    title = html.escape(f"verify-resume: {report.resume}")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{title}</title><style>{_STYLE}</style></head><body>\n"
            f"<h1>{title}</h1>\n<table><caption>{summary['unsupported']} unsupported, "
            f"{summary['supported']} supported</caption>\n"
            "<tr><th>line</th><th>kind</th><th>status</th><th>text</th><th>why</th>"
            "<th>source evidence</th></tr>\n"
            f"{body}\n</table></body></html>\n")


def _row(item: ResumeFinding) -> str:
    cells = [str(item.line or ""), item.kind, item.status, item.text, item.reason,
             item.evidence or ""]
    tds = "".join(f"<td class=\"{name}\">{html.escape(value)}</td>" for name, value in zip(
        ("line", "kind", "status", "text", "reason", "evidence"), cells, strict=True))
    return f"<tr class=\"{item.status}\">{tds}</tr>"
