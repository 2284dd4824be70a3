"""``report.html`` of a run: the final artifact with its marks and the story of the run.

A pure renderer of the run-report dict (``pipeline.runner.run_report``) plus what only
the run folder knows: the final texts with their marks, the trace events and the first
draft. The dict is read defensively, because it comes from checkpoints of any pse
version and the pipeline grows: fields it does not have are left out, and newer ones
(``plan`` as sections, ``gates``, per-round ``findings``/``diff``/``stripped``) are shown
when present.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from html import escape

from pse.report.cited import CitedSources, render_cited
from pse.report.document import DocumentRenderer
from pse.report.html import render_counts, render_findings
from pse.report.links import UrlOf
from pse.report.marks import Mark, SourceLines, marks_from_sentences
from pse.report.page import render_page
from pse.report.runparts import (
    render_cost_table,
    render_gates,
    render_plan,
    render_timeline,
    render_value,
)


def render_run_report(report: Mapping[str, object], *,
                      artifacts: Mapping[str, tuple[str, Sequence[Mark]]],
                      trace: Sequence[Mapping[str, object]] = (), draft: str = "",
                      why_stripped: Mapping[str, str] | None = None,
                      read_lines: SourceLines | None = None,
                      url_of: UrlOf | None = None) -> str:
    """The run's report page.

    Args:
        report: the run-report dict (``report.json``).
        artifacts: language -> (final text, its marks).
        trace: the events of ``trace.jsonl``, in order.
        draft: the Specialist's first full text (to show what the run changed).
        why_stripped: stripped span -> why it was stripped.
        read_lines: reads an evidence file's lines, for the source in popups.
        url_of: the repository URL of a source line; evidence then links to it (without
            one, to the "Cited source" section at the end of the page).
    """
    # without a repository link, evidence links to the cited source in the page itself
    cited = CitedSources() if url_of is None else None
    renderer = DocumentRenderer(read_lines=read_lines, url_of=url_of or cited)
    artifacts = _with_sentences(artifacts, report)
    run_id = str(report.get("run_id") or "run")
    sections = [_header(report), _artifacts(renderer, artifacts)]
    all_marks = [m for _, marks in artifacts.values() for m in marks]
    sections.append(render_findings(all_marks, renderer.ids, heading="Checked spans"))
    sections.append(render_plan(report.get("plan"), renderer,
                                outline=str(report.get("plan_text") or "")))
    sections.append(render_gates(report.get("gates")))
    sections.append(_rounds(report, renderer))
    sections.append(_changes(draft, artifacts, report))
    sections.append(_stripped(report.get("stripped"), why_stripped or {}))
    sections.append(render_timeline(trace))
    sections.append(render_cost_table(trace, report.get("usage")))
    if cited is not None:
        sections.append(render_cited(cited, read_lines))
    return render_page(f"pse run {run_id}", "\n".join(s for s in sections if s))


def _with_sentences(artifacts: Mapping[str, tuple[str, Sequence[Mark]]],
                    report: Mapping[str, object]) -> dict[str, tuple[str, Sequence[Mark]]]:
    """The artifacts, the article's own language with a mark per aligned sentence (the
    report's ``sentences``, when the run recorded them)."""
    out = dict(artifacts)
    languages = report.get("languages")
    lang = str(languages[0]) if isinstance(languages, list) and languages else \
        next(iter(sorted(artifacts)), "")
    if lang in out:
        text, marks = out[lang]
        extra = marks_from_sentences(report.get("sentences"), file=f"artifact.{lang}.md")
        out[lang] = (text, [*marks, *extra])
    return out


def _header(report: Mapping[str, object]) -> str:
    status = str(report.get("status") or "unknown")
    inputs = report.get("inputs") if isinstance(report.get("inputs"), Mapping) else {}
    assert isinstance(inputs, Mapping)  # narrowed above
    facts = [("task", report.get("task")), ("source", inputs.get("source_label")
                                            or inputs.get("project")),
             ("style", inputs.get("style")), ("languages", report.get("languages")),
             ("words asked", inputs.get("words")), ("why it needs review", report.get("reason")),
             ("review", report.get("review")), ("source links", report.get("links"))]
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{render_value(v)}</td></tr>"
                   for k, v in facts if v)
    counts = [("evaluation rounds", _length(report.get("rounds"))),
              ("fix rounds", report.get("fix_rounds")),
              ("findings fixed", report.get("findings_fixed")),
              ("spans stripped", report.get("findings_stripped")),
              ("open findings", _length(report.get("open_findings")))]
    summary = ", ".join(f"{escape(str(v))} {k}" for k, v in counts if v is not None)
    css = "passed" if status == "passed" else "failed"
    return (f"<h1>pse run {escape(str(report.get('run_id') or ''))} "
            f'<span class="{css}">{escape(status)}</span></h1>'
            f'<p class="summary">{summary}</p><table class="facts">{rows}</table>')


def _length(value: object) -> int | None:
    return len(value) if isinstance(value, list | tuple) else None


def _artifacts(renderer: DocumentRenderer,
               artifacts: Mapping[str, tuple[str, Sequence[Mark]]]) -> str:
    parts = ["<h2>The artifact</h2>"]
    for number, (lang, (text, marks)) in enumerate(sorted(artifacts.items()), start=1):
        path = f"artifact.{lang}.md"
        parts.append(f'<section class="doc" id="doc-{number}"><h3>{escape(path)}</h3>'
                     f"{render_counts(marks)}{renderer.render(path, text, marks)}</section>")
    if not artifacts:
        parts.append('<p class="muted">no text was written</p>')
    return "".join(parts)


def _rounds(report: Mapping[str, object], renderer: DocumentRenderer) -> str:
    rounds = report.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        return ""
    rows: list[str] = []
    details: list[str] = []
    for entry in rounds:
        if not isinstance(entry, Mapping):
            continue
        number = entry.get("round", len(rows) + 1)
        scope = f" ({entry['scope']})" if entry.get("scope") else ""
        rows.append(f"<tr><td>{escape(str(number) + scope)}</td>"
                    f"<td>{escape(str(entry.get('bad', '')))}"
                    f"</td><td>{escape(str(entry.get('llm_issues', '')))}</td>"
                    f"<td>{escape(str(entry.get('fixed', '')))}</td></tr>")
        details.append(_round_details(number, entry))
    return ("<h2>Rounds</h2><table><thead><tr><th>round</th><th>findings</th>"
            "<th>review issues</th><th>fixed by the next fix</th></tr></thead>"
            f'<tbody>{"".join(rows)}</tbody></table>{"".join(details)}')


def _round_details(number: object, entry: Mapping[str, object]) -> str:
    parts = []
    findings = entry.get("findings")
    if isinstance(findings, list) and findings:
        items = "".join(f"<li>{_finding_line(f)}</li>" for f in findings
                        if isinstance(f, Mapping))
        parts.append(f"<p>Findings</p><ul>{items}</ul>")
    issues = entry.get("issues") or entry.get("review")
    if isinstance(issues, list) and issues:
        items = "".join(f"<li>{escape(str(i))}</li>" for i in issues)
        parts.append(f"<p>Review issues</p><ul>{items}</ul>")
    diff = entry.get("diff")
    if isinstance(diff, str) and diff.strip():
        parts.append(f"<p>What the fix changed</p>{render_diff(diff.splitlines())}")
    elif isinstance(entry.get("before"), str) and isinstance(entry.get("after"), str):
        lines = _unified(str(entry["before"]), str(entry["after"]))
        parts.append(f"<p>What the fix changed</p>{render_diff(lines)}")
    stripped = entry.get("stripped")
    if isinstance(stripped, list) and stripped:
        items = "".join(f"<li><del>{escape(str(s))}</del></li>" for s in stripped)
        parts.append(f"<p>Stripped</p><ul>{items}</ul>")
    if not parts:
        return ""
    return f'<details class="round"><summary>Round {escape(str(number))}</summary>' \
           f'{"".join(parts)}</details>'


def _finding_line(finding: Mapping[str, object]) -> str:
    where = f"line {finding.get('line')}" if finding.get("line") else ""
    hint = f" — {escape(str(finding['hint']))}" if finding.get("hint") else ""
    return (f"<code>{escape(str(finding.get('rule', '')))}</code> {escape(where)}: "
            f"{escape(str(finding.get('message', '')))}{hint}")


def _unified(before: str, after: str) -> list[str]:
    return list(difflib.unified_diff(before.splitlines(), after.splitlines(), "before",
                                     "after", lineterm="", n=1))


def render_diff(lines: Sequence[str]) -> str:
    """A unified diff, lines coloured by their sign."""
    out = []
    for line in lines:
        if line.startswith(("+++", "---")):
            continue
        cls = {"+": "add", "-": "del", "@": "hunk"}.get(line[:1], "")
        out.append(f'<span class="{cls}">{escape(line)}</span>' if cls else escape(line))
    if not out:
        return '<p class="muted">no change</p>'
    return f'<pre class="diff">{chr(10).join(out)}</pre>'


def _changes(draft: str, artifacts: Mapping[str, tuple[str, Sequence[Mark]]],
             report: Mapping[str, object]) -> str:
    lang = report.get("languages")
    first = str(lang[0]) if isinstance(lang, list) and lang else next(iter(artifacts), "")
    final = artifacts.get(first, ("", ()))[0]
    if not draft or not final:
        return ""
    lines = _unified(draft, final)
    note = ("<p>From the Specialist's first draft to the final text: every Fix edit and "
            "every Strip deletion together.</p>")
    return f"<h2>What Fix and Strip changed</h2>{note}{render_diff(lines)}"


def _stripped(stripped: object, why: Mapping[str, str]) -> str:
    if not isinstance(stripped, list) or not stripped:
        return ""
    rows = []
    for item in stripped:
        text = str(item.get("text", "")) if isinstance(item, Mapping) else str(item)
        reason = str(item.get("reason", "")) if isinstance(item, Mapping) else ""
        reason = reason or why.get(text, "still flagged after the last fix round")
        rows.append(f"<tr><td><del>{escape(text)}</del></td><td>{escape(reason)}</td></tr>")
    return ("<h2>What Strip removed</h2><table><thead><tr><th>removed</th><th>why</th></tr>"
            f'</thead><tbody>{"".join(rows)}</tbody></table>')

