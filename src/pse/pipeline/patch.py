"""Targeted fixes: the model sees only the flagged lines and returns find/replace edits.

The reply is a JSON list ``[{"find": "<exact text>", "replace": "<new text>"}]`` (a code
fence around it is fine; ``FIND:``/``REPLACE:`` blocks are accepted too). An edit whose
``find`` text is not in the artifact is skipped: the model cannot rewrite what it was not
shown, and the next evaluation judges what it did change.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from pse.verify.finding import Finding


@dataclass(frozen=True)
class Edit:
    """Replace ``find`` (exact text of the artifact) with ``replace``."""

    find: str
    replace: str


def flagged_excerpt(artifact: str, findings: list[Finding], issues: list[str]) -> str:
    """The lines the fix may touch, each with what is wrong there (for the fix prompt)."""
    lines = artifact.split("\n")
    blocks: list[str] = []
    by_line: dict[int, list[Finding]] = {}
    for finding in findings:
        by_line.setdefault(finding.line or 0, []).append(finding)
    for number in sorted(by_line):
        text = lines[number - 1] if 0 < number <= len(lines) else ""
        notes = []
        for finding in by_line[number]:
            note = f"- `{finding.text}`: {finding.message}"
            if finding.hint:
                note += f"; {finding.hint}"
            if finding.evidence:
                note += "; real: " + ", ".join(
                    e.path + (f":{e.line}" if e.line else "") for e in finding.evidence)
            notes.append(note)
        blocks.append(f"LINE {number}:\n{text}\nPROBLEMS:\n" + "\n".join(notes))
    for issue in issues:
        blocks.append(f"REVIEW ISSUE:\n- {issue}\nRELEVANT LINES:\n"
                      + "\n".join(_lines_mentioning(lines, issue)))
    return "\n\n".join(blocks)


def _lines_mentioning(lines: list[str], issue: str) -> list[str]:
    quoted = re.findall(r"`([^`]+)`|\"([^\"]+)\"|“([^”]+)”", issue)
    needles = [next(part for part in group if part) for group in quoted]
    found = [line for line in lines if any(n in line for n in needles)] if needles else []
    return found[:5] or ["(no single line: edit only what the issue names)"]


def parse_edits(text: str) -> list[Edit]:
    """The edits in a fix reply (empty when none can be read)."""
    text = re.sub(r"<think>.*?</think>", "", text, flags=re.DOTALL)
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


def apply_edits(artifact: str, edits: list[Edit]) -> tuple[str, int]:
    """Apply the edits whose ``find`` occurs in the artifact; return text and count applied."""
    applied = 0
    for edit in edits:
        if edit.find and edit.find in artifact and edit.find != edit.replace:
            artifact = artifact.replace(edit.find, edit.replace, 1)
            applied += 1
    return artifact, applied
