"""Targeted fixes: the model sees only the flagged lines and returns find/replace edits.

The reply is a JSON list ``[{"find": "<exact text>", "replace": "<new text>"}]`` (a code
fence around it is fine; ``FIND:``/``REPLACE:`` blocks are accepted too). An edit applies
only inside the lines the model was shown (:func:`shown_lines`): a ``find`` text that
occurs only elsewhere, or nowhere, is rejected and counted, so a fix meant for a flagged
line can never change an earlier, verified one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pse.pipeline.clean import strip_thinking
from pse.text import code_spans
from pse.verify.finding import Finding

MAX_LOOSE_ISSUES = 8
"""Review issues that quote no line, per fix prompt (the rest get none)."""
MAX_EXCERPT_CHARS = 2_000
"""About 500 tokens: with the section, its excerpts and the ask, a fix prompt fits a
2,048-token window (what does not fit waits for the next round)."""


@dataclass(frozen=True)
class Edit:
    """Replace ``find`` (exact text of the artifact) with ``replace``."""

    find: str
    replace: str


def flagged_excerpt(artifact: str, findings: list[Finding], issues: list[str]) -> str:
    """The lines the fix may touch, each with what is wrong there (for the fix prompt)."""
    return "\n\n".join(text for text, _ in _blocks(artifact, findings, issues))


def _blocks(artifact: str, findings: list[Finding], issues: list[str]
            ) -> list[tuple[str, set[int]]]:
    """Each block of the fix prompt and the line numbers it shows, within the budget
    (:data:`MAX_EXCERPT_CHARS`: the prompt must fit a small model's window, whatever the
    review wrote; the blocks that do not fit wait for the next round)."""
    lines = artifact.split("\n")
    blocks: list[tuple[str, set[int]]] = []
    by_line: dict[int, list[Finding]] = {}
    for finding in findings:
        by_line.setdefault(finding.line or 0, []).append(finding)
    for number in sorted(by_line):
        text = lines[number - 1] if 0 < number <= len(lines) else ""
        notes = [_note(finding) for finding in by_line[number]]
        shown = {number} if 0 < number <= len(lines) else set()
        blocks.append((f"LINE {number}:\n{text}\nPROBLEMS:\n" + "\n".join(notes), shown))
    for issue in issues[:MAX_LOOSE_ISSUES]:
        numbers = _numbers_mentioning(lines, issue)
        found = [lines[n - 1] for n in numbers] or \
            ["(no single line: edit only what the issue names)"]
        blocks.append((f"REVIEW ISSUE:\n- {issue}\nRELEVANT LINES:\n" + "\n".join(found),
                       set(numbers)))
    kept: list[tuple[str, set[int]]] = []
    used = 0
    for block in blocks:
        if kept and used + len(block[0]) > MAX_EXCERPT_CHARS:
            break
        kept.append(block)
        used += len(block[0]) + 2
    return kept


def _note(finding: Finding) -> str:
    note = f"- `{finding.text}`: {finding.message}"
    if finding.hint:
        note += f"; {finding.hint}"
    if finding.evidence:
        note += "; real: " + ", ".join(
            e.path + (f":{e.line}" if e.line else "") for e in finding.evidence)
    return note


def quotes(issue: str) -> list[str]:
    """The spans an issue quotes (backticks, straight or Chinese double quotes)."""
    quoted = re.findall(r"`([^`]+)`|\"([^\"]+)\"|“([^”]+)”", issue)
    return [next(part for part in group if part) for group in quoted]


def _numbers_mentioning(lines: list[str], issue: str) -> list[int]:
    needles = quotes(issue)
    found = [n for n, line in enumerate(lines, start=1) if any(q in line for q in needles)]
    return found[:5]


def shown_lines(artifact: str, findings: list[Finding], issues: list[str]) -> set[int]:
    """The 1-based line numbers :func:`flagged_excerpt` shows (where edits may land)."""
    return {n for _, shown in _blocks(artifact, findings, issues) for n in shown}


def parse_edits(text: str) -> list[Edit]:
    """The edits in a fix reply (empty when none can be read)."""
    text = strip_thinking(text)
    start, end = text.find("["), text.rfind("]")
    if start != -1 and end > start:
        try:
            raw = json.loads(text[start:end + 1])
        except json.JSONDecodeError:
            raw = None
        if isinstance(raw, list):
            return [Edit(str(item["find"]), str(item.get("replace", "")))
                    for item in raw if isinstance(item, dict) and item.get("find")]
    edits = []
    for match in re.finditer(r"FIND:\s*(.+?)\s*REPLACE:\s*(.*?)(?=\n\s*FIND:|\Z)", text,
                             flags=re.DOTALL):
        edits.append(Edit(match.group(1).strip(), match.group(2).strip()))
    return edits


def apply_edits(artifact: str, edits: list[Edit], *, lines: set[int] | None = None,
                findings: list[Finding] | None = None) -> tuple[str, int, int]:
    """Apply each edit at its first occurrence inside ``lines`` (all lines when ``None``).

    Returns the text, the number applied and the number rejected (``find`` absent, or
    present only outside the shown lines, a sentence put in a code span, or the words of
    one of the ``findings`` shown put in the text).
    """
    applied = rejected = 0
    checker_words = _checker_phrases(findings or [])
    for edit in edits:
        if not edit.find or edit.find == edit.replace:
            continue
        start = _first_inside(artifact, edit.find, lines)
        if start is None or _prose_as_code(edit) or _echoes(edit, checker_words):
            rejected += 1
            continue
        artifact = artifact[:start] + edit.replace + artifact[start + len(edit.find):]
        applied += 1
    return artifact, applied, rejected


_SENTENCE_END = re.compile(r"[。！？；，]")
_MOST_CODE_WORDS = 8


def _prose_as_code(edit: Edit) -> bool:
    """Whether ``edit`` writes a sentence inside a code span it adds ("`ambiguity_warn`"
    replaced by "`警告用户……作为参数。`", a small model's fix): prose in backticks reads
    as code and hides the name the sentence was about."""
    before = {span.code for span in code_spans(edit.find)}
    return any(_SENTENCE_END.search(span.code) or len(span.code.split()) > _MOST_CODE_WORDS
               for span in code_spans(edit.replace) if span.code not in before)


_QUOTED = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|“[^”]*”|‘[^’]*’")
_LEAST_WORDS = 5
_LEAST_CJK = 8
_SAYS_THE_TRUTH = frozenset({"claim-false"})
"""Rules whose message states what the code is ("`A` is a subclass of `B`"): the words a
fix of the claim is meant to write."""


def _checker_phrases(findings: list[Finding]) -> set[str]:
    """The checker's own wording in ``findings``' messages and hints, lower case: each run
    of words between the names they quote, five words or more (eight characters of
    Chinese), "no such file or folder in the tree" of "'a/b.Test': no such file or folder
    in the tree"; none of a message that states what the code is."""
    phrases = set()
    for finding in findings:
        said_of_code = finding.rule in _SAYS_THE_TRUTH
        for said in ("" if said_of_code else finding.message, finding.hint or ""):
            for piece in re.split(r"[;:；：()（）]", _QUOTED.sub(";", said)):
                piece = " ".join(piece.split()).strip(" ,.，。?？").lower()
                cjk = len(re.findall(r"[\u4e00-\u9fff]", piece))
                if len(piece.split()) >= _LEAST_WORDS or cjk >= _LEAST_CJK:
                    phrases.add(piece)
    return phrases


def _echoes(edit: Edit, phrases: set[str]) -> bool:
    """Whether ``edit`` writes a finding's words into the text ("`a/b.Test: no such file or
    folder in the tree; did you mean 'a/b.py'?`", a small model's fix): the checker talking
    through the article, never a repair."""
    written, before = " ".join(edit.replace.split()).lower(), " ".join(edit.find.split()).lower()
    return any(phrase in written and phrase not in before for phrase in phrases)


def _first_inside(text: str, find: str, lines: set[int] | None) -> int | None:
    """Where ``find`` first occurs with every line it covers in ``lines``."""
    start = text.find(find)
    while start != -1:
        first = text.count("\n", 0, start) + 1
        last = first + find.rstrip("\n").count("\n")
        if lines is None or all(n in lines for n in range(first, last + 1)):
            return start
        start = text.find(find, start + 1)
    return None
