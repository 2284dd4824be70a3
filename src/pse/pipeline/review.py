"""LLM review issues as findings: an issue that quotes the text stays open while it is there.

The review runs once per article, but what it found is checked every round: an issue whose
quote is on a line of the text becomes a ``review-issue`` finding for as long as that line
is unchanged, so the fix must change the line or the strip deletes the quoted clause.
Issues that quote nothing in the text, or only a word that many lines hold (a class name
the whole article mentions), cannot be tracked; they go to the next fix once. So do bullets
that name no fault: a small reviewer asked for problems often restates the line it quotes
("`MethodDispatcher` is a subclass of `Dispatcher`" of "`MethodDispatcher` 类继承自
`Dispatcher` 类。"), and tracking that would make Strip delete a true sentence.
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
        entry = _tracked(issue, lines) if names_a_fault(issue) else None
        if entry is None:
            loose.append(issue)
        else:
            tracked.append(entry)
    return tracked, loose


_FAULT = re.compile(
    r"\b(?:not|n't|never|cannot|incorrect\w*|wrong\w*|false\w*|unclear|vague\w*|should|"
    r"must|needs? to|instead|actually|but|however|rather than|mislead\w*|inaccura\w*|"
    r"mistake\w*|mistaken\w*|typo\w*|redundan\w*|contradict\w*|confus\w*|invent\w*|"
    r"fabricat\w*|hallucinat\w*|unsupported|unverified|nonexist\w*|non-exist\w*|"
    r"marketing|hype|exaggerat\w*|overstat\w*|generic|filler|incomplete|truncat\w*|"
    r"broken|invalid|doubt\w*|irrelevant|off-topic|unrelated|missing from|no such|"
    r"no evidence|no mention|doesn|isn|aren|wasn|shouldn)\b|"
    r"(?:^|[;:.!]\s*|\bplease\s+)(?:say|mention|clarify|add|remove|delete|drop|fix|change|"
    r"replace|rename|rewrite)\b|"
    r"不是|不存在|不正确|不准确|不对|没有|并非|有误|应该|应为|应当|缺少|缺失|而是|实际上|"
    r"夸大|营销|多余|删除|修改|改为",
    re.IGNORECASE)
"""Words that say something is wrong, doubtful or to be changed."""


def names_a_fault(issue: str) -> bool:
    """Whether a review bullet says what is wrong, doubtful or to change, beyond its quotes:
    "`X` is not in the sources", "`Job.run` returns the job; say so", "营销用语"; not a
    description of the code ("`MethodDispatcher` is a subclass of `Dispatcher`")."""
    return _FAULT.search(_unquoted(issue)) is not None


def _says_something(issue: str) -> bool:
    """Whether an issue has words of its own besides what it quotes."""
    return len(re.findall(r"\w+", _unquoted(issue))) >= 2


def _unquoted(issue: str) -> str:
    """``issue`` without what it quotes (code spans, quoted phrases): its own words."""
    return re.sub(r"`[^`]*`|\"[^\"]*\"|“[^”]*”", " ", issue)


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
