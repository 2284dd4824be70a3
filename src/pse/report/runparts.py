"""Parts of the run report built from loosely shaped data: plan, gates, timeline, costs.

Each reads JSON-like values defensively and returns "" when there is nothing to show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from html import escape

from pse.report.document import DocumentRenderer


def render_value(value: object) -> str:
    """Any JSON value as short, escaped HTML."""
    if isinstance(value, list | tuple):
        return ", ".join(render_value(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{escape(str(k))}: {render_value(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return escape(str(value))


def render_plan(plan: object, renderer: DocumentRenderer, *, outline: str = "") -> str:
    """The plan: an outline (text) or sections (title, focus, where it came from).

    ``outline`` is the Planner's text, shown when ``plan`` holds no sections.
    """
    if isinstance(plan, Mapping) and not plan.get("sections") and outline.strip():
        source = plan.get("source")
        plan = outline if not source or source == "planner" else plan
    if isinstance(plan, str):
        if not plan.strip():
            return ""
        return ('<h2>The plan</h2><p class="muted">An outline written by the Planner.</p>'
                f'<div class="doc">{renderer.render("plan.md", plan, [])}</div>')
    if isinstance(plan, Mapping):
        source = plan.get("source")
        sections = plan.get("sections")
        note = f'<p class="muted">source: {render_value(source)}</p>' if source else ""
        notes = plan.get("notes")
        if isinstance(notes, list) and notes:
            items = "".join(f"<li>{escape(str(n))}</li>" for n in notes)
            note += f"<p>Outlines rejected on the way:</p><ul>{items}</ul>"
        return "<h2>The plan</h2>" + note + _sections(sections)
    if isinstance(plan, list):
        return "<h2>The plan</h2>" + _sections(plan)
    return ""


def _sections(sections: object) -> str:
    if not isinstance(sections, list) or not sections:
        return '<p class="muted">no sections</p>'
    rows = []
    for number, section in enumerate(sections, start=1):
        if not isinstance(section, Mapping):
            rows.append(f"<tr><td>{number}</td><td>{render_value(section)}</td><td></td>"
                        "<td></td></tr>")
            continue
        focus = section.get("focus")
        focus_html = ", ".join(f"<code>{escape(str(f))}</code>" for f in focus) \
            if isinstance(focus, list) else render_value(focus or "")
        extra = {k: v for k, v in section.items() if k not in {"title", "focus", "source"}}
        rows.append(f"<tr><td>{number}</td><td>{render_value(section.get('title', ''))}</td>"
                    f"<td>{focus_html}</td><td>{render_value(section.get('source', ''))}"
                    f"{'<br>' + render_value(extra) if extra else ''}</td></tr>")
    return ("<table><thead><tr><th>#</th><th>section</th><th>focus</th>"
            f'<th>where it came from</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def render_gates(gates: object) -> str:
    """The gates: a list of {name, passed, ...} or a mapping name -> result."""
    if isinstance(gates, Mapping):
        items: list[object] = [{"name": k, **v} if isinstance(v, Mapping) else
                               {"name": k, "result": v} for k, v in gates.items()]
    elif isinstance(gates, list):
        items = list(gates)
    else:
        return ""
    rows = []
    for gate in items:
        if not isinstance(gate, Mapping):
            rows.append(f"<tr><td>{render_value(gate)}</td><td></td><td></td></tr>")
            continue
        passed = gate.get("passed", gate.get("ok", gate.get("result")))
        verdict = ("passed" if passed else "failed") if isinstance(passed, bool) else \
            str(passed or "")
        details = {k: v for k, v in gate.items()
                   if k not in {"name", "gate", "passed", "ok", "result", "detail"}}
        shown = render_value(gate.get("detail", "")) + \
            (("; " if gate.get("detail") else "") + render_value(details) if details else "")
        rows.append(f"<tr><td>{render_value(gate.get('name', gate.get('gate', '')))}</td>"
                    f'<td class="{escape(verdict)}">{escape(verdict)}</td>'
                    f"<td>{shown}</td></tr>")
    if not rows:
        return ""
    return ("<h2>Gates</h2><table><thead><tr><th>gate</th><th>result</th><th>details</th>"
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _number(value: object) -> float:
    try:
        return float(str(value))
    except ValueError:
        return 0.0


def render_timeline(trace: Sequence[Mapping[str, object]]) -> str:
    """One row per step: when it started, how long it took, what it left open."""
    steps = [e for e in trace if e.get("event") == "step"]
    if not steps:
        return ""
    total = sum(_number(e.get("seconds")) for e in steps) or 1.0
    rows, start, calls = [], 0.0, 0
    for event in trace:
        if event.get("event") == "llm_call":
            calls += 1
            continue
        if event.get("event") != "step":
            continue
        seconds = _number(event.get("seconds"))
        rows.append(f"<tr><td>{escape(str(event.get('step', '')))}</td>"
                    f"<td>{start:.1f}s</td><td>{seconds:.1f}s</td>"
                    f'<td><progress max="{total:.3f}" value="{seconds:.3f}"></progress></td>'
                    f"<td>{calls}</td><td>{escape(str(event.get('open_findings', '')))}</td>"
                    f"<td>{escape(str(event.get('next', '')))}</td></tr>")
        start += seconds
        calls = 0
    return ("<h2>Timeline</h2><table><thead><tr><th>step</th><th>at</th><th>took</th>"
            "<th></th><th>LLM calls</th><th>open findings after</th><th>next</th></tr>"
            f'</thead><tbody>{"".join(rows)}</tbody></table>')


def decimal_or_none(value: object) -> Decimal | None:
    """A money value from JSON (string or number), or None when unknown."""
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def cost_rows(trace: Sequence[Mapping[str, object]], usage: object
              ) -> list[tuple[str, str, int, int, int, Decimal | None]]:
    """(stage, model, requests, prompt, completion, cost) per stage and model.

    From the trace's LLM calls (cache hits cost nothing and are not requests); a run
    without a trace falls back to the per-stage totals of ``report.json``.
    """
    table: dict[tuple[str, str], list[object]] = {}
    for event in trace:
        if event.get("event") != "llm_call" or event.get("cache_hit"):
            continue
        key = (str(event.get("stage", "")), str(event.get("model", "")))
        row = table.setdefault(key, [0, 0, 0, Decimal(0)])
        row[0] = int(str(row[0])) + 1
        row[1] = int(str(row[1])) + int(_number(event.get("prompt_tokens")))
        row[2] = int(str(row[2])) + int(_number(event.get("completion_tokens")))
        cost = decimal_or_none(event.get("cost"))
        row[3] = None if cost is None or row[3] is None else row[3] + cost  # type: ignore[operator]  # Decimal by construction
    if not table and isinstance(usage, Mapping):
        for stage, totals in usage.items():
            if isinstance(totals, Mapping):
                table[(str(stage), "")] = [int(_number(totals.get("requests"))),
                                           int(_number(totals.get("prompt_tokens"))),
                                           int(_number(totals.get("completion_tokens"))),
                                           decimal_or_none(totals.get("cost"))]
    return [(stage, model, int(str(r[0])), int(str(r[1])), int(str(r[2])),
             r[3] if isinstance(r[3], Decimal) else None)
            for (stage, model), r in sorted(table.items())]


def render_cost_table(trace: Sequence[Mapping[str, object]], usage: object) -> str:
    """Requests, tokens and cost per stage and model, with a total row."""
    rows = cost_rows(trace, usage)
    if not rows:
        return ""
    body = []
    for stage, model, requests, prompt, completion, cost in rows:
        body.append(f"<tr><td>{escape(stage)}</td><td>{escape(model)}</td><td>{requests}</td>"
                    f"<td>{prompt}</td><td>{completion}</td><td>{_money(cost)}</td></tr>")
    costs = [r[5] for r in rows]
    total = None if any(c is None for c in costs) else sum((c for c in costs if c), Decimal(0))
    body.append(f"<tr><th>total</th><th></th><th>{sum(r[2] for r in rows)}</th>"
                f"<th>{sum(r[3] for r in rows)}</th><th>{sum(r[4] for r in rows)}</th>"
                f"<th>{_money(total)}</th></tr>")
    return ("<h2>Tokens and cost</h2><table><thead><tr><th>stage</th><th>model</th>"
            "<th>requests</th><th>prompt tokens</th><th>completion tokens</th><th>cost</th>"
            f'</tr></thead><tbody>{"".join(body)}</tbody></table>')


def _money(cost: Decimal | None) -> str:
    return "unknown" if cost is None else f"{cost:.4f}"
