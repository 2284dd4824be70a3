"""Marks: the checked spans of a document as the HTML reports show them.

A :class:`Mark` is one checked span (a code reference, or any finding of a task's
checks) with its status, its evidence and the advice for fixing it. Marks come from
``pse verify`` (:func:`marks_from_checked`) or from a run's findings
(:func:`marks_from_findings`); the renderers only ever see marks, so both reports look
and behave the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from pse.verify.check import CheckedReference

STATUSES = ("unverified", "verified", "external", "ignored")
"""Display order: what needs attention first."""

SourceLines = Callable[[str], Sequence[str] | None]
"""The lines of a source file by its POSIX path relative to the root (None: unreadable)."""


@dataclass(frozen=True)
class Mark:
    """One checked span of a document."""

    file: str
    line: int
    text: str
    status: str
    """``verified``, ``unverified``, ``external`` or ``ignored``."""
    kind: str
    message: str = ""
    suggestion: str = ""
    """A close real name (shown as "did you mean"), or a hint for fixing the span."""
    evidence: tuple[tuple[str, int | None], ...] = ()
    origin: str = "inline"
    """Where the span sits: ``inline`` code, a ``code`` block, a ``link`` or ``text``."""


def marks_from_checked(checked: Iterable[CheckedReference]) -> list[Mark]:
    """One mark per reference checked by ``pse verify``."""
    marks: list[Mark] = []
    for item in checked:
        ref, result = item.ref, item.result
        marks.append(Mark(file=ref.file, line=ref.line, text=ref.text, status=result.status,
                          kind=ref.kind, message=result.message, suggestion=result.suggestion,
                          evidence=result.evidence, origin=ref.origin))
    return marks


def marks_from_findings(findings: Iterable[Mapping[str, object]], *, file: str) -> list[Mark]:
    """Marks from serialized findings (``Finding`` dicts) of one document.

    ``ref-verified`` findings are verified references; every other rule is a flag. The
    dicts are read defensively: they come from checkpoints of any pse version.
    """
    marks: list[Mark] = []
    for item in findings:
        line = item.get("line")
        text = str(item.get("text") or "")
        if not isinstance(line, int) or line < 1 or not text:
            continue
        rule = str(item.get("rule") or "")
        status = "verified" if rule == "ref-verified" else "unverified"
        marks.append(Mark(file=file, line=line, text=text, status=status,
                          kind=str(item.get("kind") or rule or "finding"),
                          message=_message(item, text), suggestion=str(item.get("hint") or ""),
                          evidence=_evidence(item.get("evidence")),
                          origin="inline" if rule.startswith("ref-") else "text"))
    return marks


_SENTENCE_STATUS = {"supported": "verified", "unsupported": "unverified"}


def marks_from_sentences(sentences: object, *, file: str) -> list[Mark]:
    """Marks from a run report's ``sentences`` (each sentence's evidence alignment:
    ``{"line", "text", "status", "span": {"path", "start", "end"}}``): a supported one
    shows its span, an unsupported one is flagged; other statuses (a transition) are
    shown as ignored. Read defensively, like findings."""
    if not isinstance(sentences, list | tuple):
        return []
    marks: list[Mark] = []
    for item in sentences:
        if not isinstance(item, Mapping):
            continue
        line, text = item.get("line"), str(item.get("text") or "")
        if not isinstance(line, int) or line < 1 or not text:
            continue
        status = _SENTENCE_STATUS.get(str(item.get("status") or ""), "ignored")
        span = item.get("span")
        evidence: tuple[tuple[str, int | None], ...] = ()
        message = "no span of the source supports it" if status == "unverified" else ""
        if isinstance(span, Mapping) and span.get("path"):
            start, end = span.get("start"), span.get("end")
            first = start if isinstance(start, int) else None
            evidence = ((str(span["path"]), first),)
            where = f"{span['path']}:{start}" + (f"-{end}" if isinstance(end, int) and
                                                 end != start else "")
            message = f"supported by {where}" if status == "verified" else \
                f"closest span {where}"
        marks.append(Mark(file=file, line=line, text=text, status=status, kind="sentence",
                          message=message, evidence=evidence, origin="text"))
    return marks


def _message(item: Mapping[str, object], text: str) -> str:
    message = str(item.get("message") or "")
    # finding messages repeat the span first ("'X': not found"); the mark shows the span
    prefix = f"{text!r}: "
    return message[len(prefix):] if message.startswith(prefix) else message


def _evidence(raw: object) -> tuple[tuple[str, int | None], ...]:
    if not isinstance(raw, list | tuple):
        return ()
    out: list[tuple[str, int | None]] = []
    for entry in raw:
        if isinstance(entry, Mapping) and entry.get("path"):
            line = entry.get("line")
            out.append((str(entry["path"]), line if isinstance(line, int) else None))
    return tuple(out)


def status_counts(marks: Iterable[Mark]) -> dict[str, int]:
    """Marks per status, every status present (zero included), in display order."""
    counts = dict.fromkeys(STATUSES, 0)
    for mark in marks:
        counts[mark.status] = counts.get(mark.status, 0) + 1
    return counts


def worst_status(marks: Sequence[Mark]) -> str:
    """The status a group of marks on one span shows: the first in display order."""
    order = {status: rank for rank, status in enumerate(STATUSES)}
    return min((m.status for m in marks), key=lambda s: order.get(s, len(order)))
