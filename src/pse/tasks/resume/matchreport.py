"""The match report of a run: every requirement, the CV lines that support it, the gaps,
and what tailoring changed - as ``match.md``, as JSON for ``report.json`` and as a section
of ``report.html``. Pure: the caller writes the files (and redacts what it must)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from pse.tasks.resume.requirements import JobMatch

_LABEL = {"covered": "covered", "partial": "partly covered", "gap": "gap"}


def match_json(match: JobMatch, changes: Sequence[str]) -> dict[str, object]:
    """The match as plain data."""
    return {"requirements": [{"text": r.text, "coverage": r.coverage, "found": list(r.found),
                              "missing": list(r.missing), "unshown": list(r.unshown),
                              "evidence": list(r.evidence)}
                             for r in match.requirements],
            "covered": sum(1 for r in match.requirements if r.coverage == "covered"),
            "partial": sum(1 for r in match.requirements if r.coverage == "partial"),
            "gaps": sum(1 for r in match.requirements if r.coverage == "gap"),
            "changes": list(changes)}


def match_markdown(match: JobMatch, changes: Sequence[str], *, target: str) -> str:
    """``match.md``: the requirements of ``target`` with evidence, the gaps, the changes."""
    data = match_json(match, changes)
    lines = [f"# Match: {target}", "",
             f"{data['covered']} covered, {data['partial']} partly covered, "
             f"{data['gaps']} gaps, of {len(match.requirements)} requirements.", "",
             "## Covered", ""]
    for r in match.requirements:
        if r.coverage == "gap":
            continue
        lines.append(f"- **{r.text}** ({_LABEL[r.coverage]})")
        lines.extend(f"  - CV: {line}" for line in r.evidence)
        if r.missing:
            lines.append(f"  - not in the CV: {', '.join(r.missing)}")
        if r.unshown:
            lines.append(f"  - the CV does not say: {', '.join(r.unshown)}")
    lines.extend(["", "## Gaps", ""])
    gaps = [r for r in match.requirements if r.coverage == "gap"]
    lines.extend(f"- {r.text}" + (f" (not in the CV: {', '.join(r.missing)})" if r.missing
                                  else "") for r in gaps)
    if not gaps:
        lines.append("- none")
    lines.extend(["", "## Changes made", ""])
    lines.extend(f"- {change}" for change in changes)
    return "\n".join(lines) + "\n"


def match_html(match: JobMatch, changes: Sequence[str], *, target: str) -> str:
    """A ``report.html`` section with the same content as ``match.md``."""
    rows = []
    for r in match.requirements:
        evidence = "<br>".join(escape(line) for line in r.evidence) or "&mdash;"
        missing = escape(", ".join((*r.missing, *r.unshown))) or "&mdash;"
        rows.append(f"<tr><td>{escape(r.text)}</td><td>{_LABEL[r.coverage]}</td>"
                    f"<td>{evidence}</td><td>{missing}</td></tr>")
    items = "".join(f"<li>{escape(c)}</li>" for c in changes)
    return (f'<section id="match"><h2>Match: {escape(target)}</h2><table>'
            "<thead><tr><th>requirement</th><th>coverage</th><th>CV evidence</th>"
            f"<th>not in the CV</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"<h3>Changes made</h3><ul>{items}</ul></section>")
