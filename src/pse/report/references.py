"""Render checked references as JSON (the ``pse verify`` contract) or readable text."""

from __future__ import annotations

import json
from collections import Counter
from itertools import groupby

from pse.report.coverage import NO_EXTRAS, Extras
from pse.verify.refs import CheckedReference

STATUSES = ("verified", "unverified", "external", "ignored")


def reference_dicts(checked: list[CheckedReference], *, extras: Extras = NO_EXTRAS
                    ) -> list[dict[str, object]]:
    """One JSON-ready dict per reference, in the contract's shape (plus ``severity`` and
    ``history`` on unverified ones when the run has them)."""
    rows: list[dict[str, object]] = []
    for item in checked:
        ref, result = item.ref, item.result
        row: dict[str, object] = {
            "file": ref.file, "line": ref.line, "text": f"`{ref.text}`"
            if ref.origin == "inline" and ref.kind != "claim" else ref.text,
            "name": ref.name, "kind": ref.kind,
            "status": result.status,
            "evidence": [{"path": p, "line": n} for p, n in result.evidence],
        }
        if result.suggestion:
            row["suggestion"] = result.suggestion
        if result.message:
            row["message"] = result.message
        if result.status == "unverified":
            row["severity"] = extras.level(ref)
            if ref in extras.history:
                row["history"] = extras.history[ref].as_dict()
        rows.append(row)
    return rows


def summary(checked: list[CheckedReference]) -> dict[str, int]:
    """Counts per status (every status present, zero included)."""
    counts: Counter[str] = Counter(item.result.status for item in checked)
    return {status: counts[status] for status in STATUSES}


def render_json(checked: list[CheckedReference], *, extras: Extras = NO_EXTRAS) -> str:
    """The ``pse verify --format json`` document (stable: sorted, no timestamps)."""
    document: dict[str, object] = {"references": reference_dicts(checked, extras=extras),
                                   "summary": summary(checked)}
    if extras.coverage is not None:
        document["coverage"] = extras.coverage.as_dict()
    if extras.notes:
        document["notes"] = list(extras.notes)
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def render_text(checked: list[CheckedReference], *, verbose: bool = False,
                extras: Extras = NO_EXTRAS) -> str:
    """Flagged references grouped by file, with evidence and suggestions, then a summary."""
    out: list[str] = []
    shown = [c for c in checked if verbose or c.result.status == "unverified"]
    for file, items in groupby(shown, key=lambda c: c.ref.file):
        out.append(file)
        for item in items:
            ref, result = item.ref, item.result
            mark = {"unverified": "✗", "verified": "✓", "external": "→", "ignored": "·"}
            text = f"{ref.name}: {ref.text}" if ref.kind == "claim" else ref.text
            sign = "!" if result.status == "unverified" and \
                extras.level(ref) == "warning" else mark[result.status]
            line = f"  {ref.line:>5}  {sign} {text}"
            if result.message:
                line += f"  ({result.message})"
            out.append(line)
            if result.suggestion:
                out.append(f"         did you mean {result.suggestion!r}?")
            for path, number in result.evidence:
                out.append(f"         at {path}" + (f":{number}" if number else ""))
        out.append("")
    counts = summary(checked)
    out.append(", ".join(f"{counts[s]} {s}" for s in STATUSES))
    if extras.coverage is not None:
        out.append(extras.coverage.line())
    out.extend(extras.notes)
    return "\n".join(out) + "\n"
