"""Whether each section of an article is grounded: it names verified code, and the code
its heading promises.

A section without a verified reference explains nothing checkable; a section whose heading
names code its text never mentions is off topic (the 0.5B wrote about ``map`` and
``filter`` under "## `merge` and `merge_with`"). Neither can be repaired by deleting a
clause, so both are whole-section findings that Fix is told about and Strip leaves alone.
"""

from __future__ import annotations

import re

from pse.tasks.article.text import CODE_SPAN, prose_lines
from pse.verify.finding import Finding

HEADING = re.compile(r"^\s{0,3}##\s+\S")

_UNGROUNDED_MESSAGE = "this section names no verified code"
_UNGROUNDED_HINT = "mention what the section explains: "
UNGROUNDED_WORDS = f"{_UNGROUNDED_MESSAGE}; {_UNGROUNDED_HINT}"
"""What Fix is told about an ungrounded section: a model that pastes it is caught as a copy."""


def ungrounded_sections(text: str, ok: list[Finding], *, path: str,
                        focus: list[str]) -> list[Finding]:
    """Each ``## `` section (or the whole text, if it has none) without a verified reference,
    and each whose heading names code its text never mentions (``off-topic-section``)."""
    lines = text.split("\n")
    headings = [n for n, line in prose_lines(text) if HEADING.match(line)]
    starts = headings or [1]
    # a name in the heading does not ground a section whose body names no code
    verified_lines = {f.line for f in ok if f.line} - set(headings)
    findings = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(lines) + 1
        if any(start <= n < end for n in verified_lines):
            promised = CODE_SPAN.findall(lines[start - 1]) if headings else []
            if promised and not _mentions("\n".join(lines[start:end - 1]), promised):
                findings.append(_off_topic(lines, start, end, promised, path=path))
            continue
        hint = (_UNGROUNDED_HINT + ", ".join(f"`{f}`" for f in focus[:3])
                if focus else "name the real code this section explains, in backticks")
        # Fix edits the first body line: the planned heading itself is never rewritten
        body = next((n for n in range(start + 1, end) if lines[n - 1].strip()), start)
        findings.append(Finding(rule="ungrounded-section", path=path, line=body,
                                text=lines[start - 1].strip(), kind="quality", hint=hint,
                                message=_UNGROUNDED_MESSAGE))
    return findings




def _mentions(body: str, names: list[str]) -> bool:
    """Whether ``body`` names one of ``names`` (by its last dotted or path component)."""
    for name in names:
        last = re.split(r"[./]", name.strip().removesuffix("()").rstrip("/"))[-1]
        if last and re.search(rf"(?<![\w]){re.escape(last)}(?!\w)", body):
            return True
    return False


def _off_topic(lines: list[str], start: int, end: int, promised: list[str], *,
               path: str) -> Finding:
    """A section whose heading promises code its text never mentions (the 0.5B wrote
    about ``map`` and ``filter`` under "## `merge` and `merge_with`")."""
    listed = " or ".join(f"`{name}`" for name in promised[:3])
    body = next((n for n in range(start + 1, end) if lines[n - 1].strip()), start)
    return Finding(rule="off-topic-section", path=path, line=body,
                   text=lines[start - 1].strip(), kind="quality",
                   message=f"the heading names {listed}, which this section never mentions",
                   hint=f"explain {listed} here, by name, from the excerpts")
