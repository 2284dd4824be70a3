"""A self-contained HTML report of checked references (no scripts, no external assets)."""

from __future__ import annotations

from html import escape

from pse.report.references import STATUSES, summary
from pse.verify.check import CheckedReference

_STYLE = """
body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;
text-align:left;vertical-align:top}code{background:#f4f4f4;padding:0 3px}
.unverified{color:#b00020;font-weight:600}.verified{color:#2e7d32}.external{color:#555}
.ignored{color:#999}.summary span{margin-right:1.5rem}
"""


def render_html(checked: list[CheckedReference], *, title: str = "pse verify") -> str:
    """The report page: summary counts, then one row per reference, flags first."""
    counts = summary(checked)
    order = {"unverified": 0, "verified": 1, "external": 2, "ignored": 3}
    ordered = sorted(checked, key=lambda c: (order[c.result.status], c.ref.file, c.ref.line))
    rows = []
    for item in ordered:
        ref, result = item.ref, item.result
        evidence = "<br>".join(escape(p + (f":{n}" if n else "")) for p, n in result.evidence)
        note = escape(result.message)
        if result.suggestion:
            note += f"<br>did you mean <code>{escape(result.suggestion)}</code>?"
        rows.append(f"<tr><td>{escape(ref.file)}:{ref.line}</td><td><code>{escape(ref.text)}"
                    f"</code></td><td>{escape(ref.kind)}</td><td class='{result.status}'>"
                    f"{result.status}</td><td>{evidence}</td><td>{note}</td></tr>")
    spans = "".join(f"<span class='{s}'>{counts[s]} {s}</span>" for s in STATUSES)
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1><p class='summary'>{spans}</p><table><thead><tr>"
            "<th>where</th><th>reference</th><th>kind</th><th>status</th><th>evidence</th>"
            f"<th>note</th></tr></thead><tbody>{''.join(rows)}</tbody></table></body></html>\n")
