"""Parse the Evaluator's review, fail-closed.

The review must say ``APPROVED`` (on a line of its own, optionally as ``VERDICT: APPROVED``)
and list no issues to pass. Issues are read from any bullet style: ``-``, ``*``, ``+``,
``•``, ``1.``, ``1)``, ``(1)``, ``①``, Chinese ``一、``. A review that neither approves nor
lists an issue is itself an issue: an unreadable verdict never passes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pse.pipeline.clean import strip_thinking

_APPROVED = re.compile(r"^\W*(?:verdict\s*[:：]\s*)?(approved|通过|批准)\W*$", re.IGNORECASE)
_REJECTED = re.compile(r"^\W*(?:verdict\s*[:：]\s*)?(rejected|changes requested|needs changes|"
                       r"不通过|需要修改)\W*$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*+•·]|\d+[.)、]|\(\d+\)|[①-⑳]|[一二三四五六七八九十]+、)\s*(.+)$")
_NONE = re.compile(r"^(?:none|no issues?(?: found)?|n/?a|无|没有问题|无问题)[.。!！]?$",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    """The review's decision and the issues it raised."""

    approved: bool
    issues: tuple[str, ...] = ()
    readable: bool = True
    """False when the review neither approved nor named an issue nor rejected."""


def parse_verdict(text: str) -> Verdict:
    """Read a review; anything unclear counts against approval."""
    lines = [line.strip() for line in strip_thinking(text).splitlines() if line.strip()]
    approved = any(_APPROVED.match(line) for line in lines)
    rejected = any(_REJECTED.match(line) for line in lines)
    issues: list[str] = []
    for line in lines:
        match = _BULLET.match(line)
        if match:
            issue = match.group(1).strip().strip("*").strip()
            if issue and not _NONE.match(issue) and not _APPROVED.match(issue):
                issues.append(issue)
    if approved and not rejected and not issues:
        return Verdict(approved=True)
    if not issues:
        reason = "the review rejected the text without naming an issue" if rejected else \
            f"the review could not be read as a verdict: {text.strip()[:200]!r}"
        issues.append(reason)
        return Verdict(approved=False, issues=tuple(issues), readable=rejected)
    return Verdict(approved=False, issues=tuple(issues))

