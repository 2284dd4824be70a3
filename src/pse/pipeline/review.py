"""LLM review issues as findings: an issue that quotes the text stays open while it is there.

The review runs once per article, but what it found is checked every round: an issue whose
quote is on a line of the text becomes a ``review-issue`` finding for as long as that line
is unchanged, so the fix must change the line or the strip deletes the quoted clause.
Issues that quote nothing in the text, or only a word that many lines hold (a class name
the whole article mentions), cannot be tracked; they go to the next fix once.
"""

from __future__ import annotations

import re

from pse.pipeline.patch import quotes
from pse.verify.finding import Finding

_MIN_QUOTE = 3
"""Shorter quotes (``a``, ``is``) would match anywhere."""


def split_review(issues: list[str], text: str) -> tuple[list[dict[str, str]], list[str]]:
    """``(tracked, loose)``: issues quoting a line of ``text``, and all the others."""
    lines = text.split("\n")
    tracked: list[dict[str, str]] = []
    loose: list[str] = []
    for issue in dict.fromkeys(issues):  # a small model repeats its bullets
        if not _says_something(issue):
            continue  # "- `RetryPolicy`": a name alone names no problem
        entry = _tracked(issue, lines)
        if entry is None:
            loose.append(issue)
        else:
            tracked.append(entry)
    return tracked, loose


def _says_something(issue: str) -> bool:
    """Whether an issue has words of its own besides what it quotes."""
    rest = re.sub(r"`[^`]*`|\"[^\"]*\"|“[^”]*”", " ", issue)
    return len(re.findall(r"\w+", rest)) >= 2


def _tracked(issue: str, lines: list[str]) -> dict[str, str] | None:
    for quote in quotes(issue):
        if len(quote.strip()) < _MIN_QUOTE:
            continue
        # headings name things; the claim the review doubts is in the prose
        found = [line for line in lines if quote in line and not line.lstrip().startswith("#")]
        # a lone word (a class name the whole article mentions) does not say which line is
        # wrong: only a phrase, or a word on one line only, anchors the issue
        if found and (len(quote.split()) > 1 or len(found) == 1):
            return {"issue": issue, "quote": quote, "line": found[0]}
    return None


def open_review_findings(review: list[dict[str, str]], text: str, *, path: str
                         ) -> list[Finding]:
    """A finding for each tracked issue whose line is still in ``text``, unchanged."""
    lines = text.split("\n")
    findings = []
    for entry in review:
        if entry.get("line") in lines:
            number = lines.index(entry["line"]) + 1
            findings.append(Finding(
                rule="review-issue", message=f"the LLM review: {entry['issue']}", path=path,
                line=number, text=entry["quote"], kind="review",
                hint="change what the review names, or delete the sentence"))
    return findings
