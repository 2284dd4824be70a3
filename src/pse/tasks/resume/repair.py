"""The deterministic last resort: what the rules can put right before anything is deleted.

Run when the fix rounds are spent. In order: header values the gate flagged are replaced
by the CV's (dates, titles, employer names; a project heading without dates gets the CV's
range), jobs and projects the CV does not have are removed whole, every job and project
the plan selected that went missing is put back from the CV, jobs are put in
reverse-chronological order, and banned phrases (placeholders, hype) are removed. What is
still unsupported afterwards is deleted clause by clause by the pipeline's strip step.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pse.cv.api import verify_resume
from pse.cv.facts import ResumeFinding
from pse.cv.policy import ResumePolicy
from pse.cv.sections import split_sections
from pse.tasks.resume.cv import CvEntry
from pse.tasks.resume.match import Matched, entry_lines, match_entries, parse_resume, source_facts

_SECTION_TITLES = {("job", "en"): "## Experience", ("project", "en"): "## Projects",
                   ("job", "zh"): "## 工作经历", ("project", "zh"): "## 项目经历"}


@dataclass(frozen=True)
class RepairContext:
    """What the rules need: the sources, the CV's entries and what the plan kept."""

    sources: Mapping[str, str]
    jd: str
    policy: ResumePolicy
    entries: Sequence[CvEntry]
    selected: frozenset[str]
    banned: Sequence[str] = ()
    lang: str = "en"


def repair(text: str, ctx: RepairContext) -> tuple[str, list[str]]:
    """The repaired resume and a note per change (for the report's ``stripped`` list)."""
    notes: list[str] = []
    text = add_section_headings(drop_repeated_sections(text, notes), ctx)
    for step in (_fix_headers, _drop_invented, _restore_missing, _order_jobs):
        text = step(text, ctx, notes)
    return remove_banned(text, ctx.banned, notes), notes


def _matched(text: str, ctx: RepairContext) -> list[Matched]:
    facts = source_facts(ctx.sources, jd=ctx.jd, policy=ctx.policy)
    return match_entries(parse_resume(text, facts), ctx.entries, facts)


def _fix_headers(text: str, ctx: RepairContext, notes: list[str]) -> str:
    report = verify_resume(text, ctx.sources, jd=ctx.jd or None, policy=ctx.policy)
    bad = [f for f in report.unsupported if f.line]
    lines = text.split("\n")
    for item in _matched(text, ctx):
        if item.cv is None:
            continue
        header = {s.line for s in item.entry.header}
        edits = [(f, new) for f in bad if f.line in header
                 for new in [_replacement(f, item)] if new is not None]
        for finding, new in sorted(edits, key=lambda e: -(e[0].col)):
            assert finding.line is not None
            lines[finding.line - 1] = _apply(lines[finding.line - 1], finding, new, notes)
    return "\n".join(lines)


def _replacement(finding: ResumeFinding, item: Matched) -> str | None:
    """The CV's value for a flagged header field, or None when the rules have none."""
    cv = item.cv
    assert cv is not None
    if finding.kind == "date" and cv.dates:
        return cv.dates
    if finding.kind == "title" and cv.title:
        return cv.title
    if finding.kind == "company" and item.entry.kind == "job" and cv.company:
        return cv.company
    if finding.kind == "company":
        return ""
    if finding.kind == "missing-time-range" and cv.dates:
        return f"{finding.text} | {cv.dates}"
    return None


def _apply(line: str, finding: ResumeFinding, new: str, notes: list[str]) -> str:
    start = finding.col if line[finding.col:].startswith(finding.text) else line.find(finding.text)
    if start < 0:
        return line
    notes.append(f"{finding.kind} {finding.text!r} -> {new!r} (from the CV)")
    return line[:start] + new + line[start + len(finding.text):]


def _drop_invented(text: str, ctx: RepairContext, notes: list[str]) -> str:
    report = verify_resume(text, ctx.sources, jd=ctx.jd or None, policy=ctx.policy)
    flagged = {(f.line, f.kind) for f in report.unsupported}
    lines: list[str | None] = list(text.split("\n"))
    for item in _matched(text, ctx):
        field = item.entry.company if item.entry.kind == "job" else item.entry.name
        kind = "company" if item.entry.kind == "job" else "project"
        if item.cv is not None or field is None or (field.line, kind) not in flagged:
            continue
        first, last = entry_lines(item.entry)
        notes.append(f"removed the {item.entry.kind} {field.text!r}, which the CV does not have")
        for number in range(first, last + 1):
            lines[number - 1] = None
    return "\n".join(line for line in lines if line is not None)


def _restore_missing(text: str, ctx: RepairContext, notes: list[str]) -> str:
    present = {m.cv.key for m in _matched(text, ctx) if m.cv is not None}
    missing = [e for e in ctx.entries if e.key in ctx.selected and e.key not in present]
    for entry in missing:
        block = [entry.heading(), *(f"- {b}" for b in entry.bullets)]
        text = _insert(text, block, entry.kind, ctx.lang)
        notes.append(f"restored the {entry.kind} {entry.name or entry.company!r} from the CV")
    return text


def _insert(text: str, block: list[str], kind: str, lang: str) -> str:
    lines = text.rstrip("\n").split("\n")
    wanted = "experience" if kind == "job" else "projects"
    sections = split_sections(lines)
    target = next((s for s in sections if s.name == wanted), None)
    if target is not None:
        body = [n for n in target.lines if lines[n - 1].strip()]
        at = max(body) if body else (target.heading or len(lines))
        return "\n".join([*lines[:at], "", *block, *lines[at:]]) + "\n"
    title = _SECTION_TITLES[(kind, "zh" if lang == "zh" else "en")]
    after = ("projects", "education", "skills", "certifications", "other") if kind == "job" \
        else ("education", "skills", "certifications", "other")
    later = next((s.heading for s in sections if s.heading and s.name in after), None)
    at = (later - 1) if later else len(lines)
    return "\n".join([*lines[:at], title, "", *block, "", *lines[at:]]).rstrip("\n") + "\n"


def repeated_sections(text: str) -> list[tuple[int, str]]:
    """``(line, heading)`` of each ``##`` heading that appeared before (a model looping)."""
    seen: set[str] = set()
    found: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if re.match(r"##\s", line):
            key = line.strip().casefold()
            if key in seen:
                found.append((number, line.strip()))
            seen.add(key)
    return found


def drop_repeated_sections(text: str, notes: list[str]) -> str:
    """Delete every section whose heading came before, up to the next new heading."""
    repeats = {number for number, _ in repeated_sections(text)}
    if not repeats:
        return text
    out: list[str] = []
    skipping = False
    for number, line in enumerate(text.split("\n"), start=1):
        if re.match(r"##\s", line):
            skipping = number in repeats
        if not skipping:
            out.append(line)
    notes.append(f"removed {len(repeats)} repeated section(s)")
    return "\n".join(out)


def add_section_headings(text: str, ctx: RepairContext) -> str:
    """``## Experience`` / ``## Projects`` before entries the writer left without one
    (layout only: no fact changes)."""
    lines = text.split("\n")
    implicit = {n for s in split_sections(lines) if s.name == "entries" for n in s.lines}
    if not implicit:
        return text
    firsts: dict[str, int] = {}
    for item in _matched(text, ctx):
        line = item.entry.header[0].line
        if line in implicit:
            firsts[item.entry.kind] = min(firsts.get(item.entry.kind, line), line)
    lang = "zh" if ctx.lang == "zh" else "en"
    for kind, line in sorted(firsts.items(), key=lambda kv: -kv[1]):
        lines[line - 1:line - 1] = [_SECTION_TITLES[(kind, lang)], ""]
    return "\n".join(lines)


def _order_jobs(text: str, ctx: RepairContext, notes: list[str]) -> str:
    lines = text.split("\n")
    matched = [m for m in _matched(text, ctx) if m.entry.kind == "job"]
    for section in split_sections(lines):
        if section.name != "experience" or not section.lines:
            continue
        inside = [m for m in matched if m.entry.header[0].line in section.lines]
        if len(inside) < 2:
            continue
        starts = [entry_lines(m.entry)[0] for m in inside]
        end = max(n for n in section.lines if lines[n - 1].strip())
        bounds = [(s, (starts[i + 1] - 1) if i + 1 < len(starts) else end)
                  for i, s in enumerate(starts)]
        order = sorted(range(len(inside)), key=lambda i: _recency(inside[i]), reverse=True)
        if order == sorted(order):
            continue
        blocks = [_block(lines, *bounds[i]) for i in order]
        notes.append("jobs put in reverse-chronological order")
        new = [line for block in blocks for line in [*block, ""]]
        return "\n".join([*lines[:starts[0] - 1], *new, *lines[end:]])
    return text


def _recency(item: Matched) -> tuple[int, int]:
    if item.cv is not None:
        return item.cv.end, item.cv.start
    dates = item.entry.dates
    if dates is None:
        return 0, 0
    return (10 ** 6 if dates.end is None else dates.end.index(end=True)), dates.start.index()


def _block(lines: list[str], first: int, last: int) -> list[str]:
    block = lines[first - 1:last]
    while block and not block[-1].strip():
        block.pop()
    return block


def banned_pattern(phrases: Sequence[str]) -> re.Pattern[str] | None:
    """One pattern for every banned phrase (whole words for Latin phrases)."""
    parts = []
    for phrase in sorted(set(phrases), key=len, reverse=True):
        escaped = re.escape(phrase)
        parts.append(rf"(?<!\w){escaped}(?!\w)" if phrase[:1].isascii() else escaped)
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def remove_banned(text: str, phrases: Sequence[str], notes: list[str]) -> str:
    """``text`` without the banned phrases; a bullet left empty goes too."""
    pattern = banned_pattern(phrases)
    if pattern is None:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        new = pattern.sub("", line)
        if new != line:
            notes.append(f"removed {', '.join(repr(m) for m in pattern.findall(line))}")
            new = re.sub(r"\s{2,}", " ", re.sub(r"\(\s*\)|（\s*）|\s+([,.;:，。；：])", r"\1", new))
            if not re.sub(r"^\s*(?:[-*+•·]|\d+[.)])", "", new).strip(" \t,.;:，。；：-–|"):
                continue
        out.append(new)
    return "\n".join(out)
