"""Reports of ``pse verify --evidence``: each sentence, its status and the span behind it.

JSON lists every sentence (supported with ``span``, unsupported with the closest span and
the reason, transitions); text lists the unsupported ones and a summary; SARIF and CI
formats reuse the reference renderers with one finding kind, ``unsupported``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from pse.verify.evidence import Aligned
from pse.verify.refs import CheckedReference, Reference, Resolution


@dataclass(frozen=True)
class DocumentEvidence:
    """One document's aligned sentences."""

    path: str
    aligned: Sequence[Aligned]


def sentence_dicts(report: Sequence[DocumentEvidence]) -> list[dict[str, object]]:
    """Every sentence as the JSON report lists it, in document order."""
    out: list[dict[str, object]] = []
    for doc in report:
        for item in doc.aligned:
            entry: dict[str, object] = {"file": doc.path, "line": item.unit.line,
                                        "text": item.unit.text, "status": item.status}
            if item.span is not None:
                entry["span"] = {"path": item.span.path, "start": item.span.start,
                                 "end": item.span.end}
            if item.status == "unsupported":
                entry["reason"] = item.reason
            out.append(entry)
    return out


def summary(report: Sequence[DocumentEvidence]) -> dict[str, int]:
    """How many sentences have each status."""
    counts = {"supported": 0, "unsupported": 0, "transition": 0}
    for doc in report:
        for item in doc.aligned:
            counts[item.status] += 1
    return counts


def render_json(report: Sequence[DocumentEvidence]) -> str:
    """The JSON document (stable: document order, no timestamps)."""
    return json.dumps({"sentences": sentence_dicts(report), "summary": summary(report)},
                      ensure_ascii=False, indent=2) + "\n"


def render_text(report: Sequence[DocumentEvidence], *, verbose: bool = False) -> str:
    """Unsupported sentences by file (every sentence with ``verbose``), then a summary."""
    marks = {"supported": "✓", "unsupported": "✗", "transition": "·"}
    out: list[str] = []
    for doc in report:
        shown = [a for a in doc.aligned if verbose or a.status == "unsupported"]
        if shown:
            out.append(doc.path)
        for item in shown:
            where = f" [{item.span.where}]" if item.span is not None else ""
            why = f" — {item.reason}" if item.status == "unsupported" else ""
            out.append(f"  {item.unit.line}: {marks[item.status]} {item.unit.text}{where}{why}")
    counts = summary(report)
    out.append(f"{counts['supported']} supported, {counts['unsupported']} unsupported, "
               f"{counts['transition']} transitions")
    return "\n".join(out) + "\n"


def as_findings(report: Sequence[DocumentEvidence]) -> list[CheckedReference]:
    """Unsupported sentences as unverified references of kind ``unsupported`` (for the
    SARIF and CI renderers, which place and fingerprint them like any finding)."""
    found: list[CheckedReference] = []
    for doc in report:
        for item in doc.aligned:
            if item.status != "unsupported":
                continue
            evidence = ((item.span.path, item.span.start),) if item.span is not None else ()
            message = item.reason + (f"; closest span {item.span.where}"
                                     if item.span is not None else "")
            found.append(CheckedReference(
                Reference(file=doc.path, line=item.unit.line, text=item.unit.text,
                          name=item.unit.text, kind="unsupported"),
                Resolution(status="unverified", evidence=evidence, message=message)))
    return found
