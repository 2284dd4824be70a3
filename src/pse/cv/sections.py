"""Document structure: sections, entries and bullets in Markdown or plain text.

A section starts at a ``#``/``##`` heading, or at any heading-like line (``### Skills``,
``【工作经历】``, ``EXPERIENCE``, ``Skills:``, a line underlined with ``---``) whose text
names a known section in English or Chinese. Inside experience and project sections an
entry is a run of header lines (heading, bold line, date line, company line) followed by
its bullets; a header line after bullets starts the next entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pse.cv.dates import find_ranges, has_date

SectionName = Literal["header", "objective", "summary", "experience", "projects", "entries",
                      "education",
                      "skills", "certifications", "other"]

_SECTION_PATTERNS: tuple[tuple[SectionName, str], ...] = (
    ("objective", r"(?:career\s+)?objective|target(?:\s+(?:role|position|job))?|"
                  r"求职意向|求职目标|应聘职位|期望职位|意向职位"),
    ("projects", r"(?:key\s+|selected\s+|notable\s+|major\s+|professional\s+|relevant\s+|"
                 r"academic\s+|personal\s+|side\s+|research\s+|open[\s-]source\s+|"
                 r"university\s+|capstone\s+|freelance\s+|independent\s+|other\s+)?"
                 r"projects?(?:\s+(?:experience|history|highlights))?|"
                 r"项目经历|项目经验|重点项目|主要项目|项目"),
    ("experience", r"(?:(?:professional|work|relevant|employment|career)\s+)?"
                   r"(?:experience|history)|employment|work|career|positions(?:\s+held)?|"
                   r"professional\s+background|工作经历|工作经验|任职经历|职业经历|工作履历|"
                   r"实习经历|从业经历|工作背景"),
    ("education", r"education(?:al)?(?:\s+background)?|academic(?:\s+background)?|"
                  r"education\s*(?:&|and)\s*training|教育背景|教育经历|学历|教育"),
    ("certifications", r"(?:licen[sc]es?\s*(?:&|and)\s*)?certifications?"
                       r"(?:\s*(?:&|and)\s*licen[sc]es?)?|certificates?|licen[sc]es?|"
                       r"credentials|证书|资格证书|证书资质|资质证书|资格认证|认证"),
    ("skills", r"(?:(?:core|technical|key|professional|relevant)\s+)?"
               r"(?:skills?|competencies|expertise)(?:\s*(?:&|and)\s*(?:tools|technologies))?"
               r"|tech(?:nical)?\s+stack|专业技能|技能|技术栈|核心技能|技能特长|专业能力"),
    ("summary", r"(?:(?:professional|career|executive|personal)\s+)?(?:summary|profile)|"
                r"personal\s+statement|about(?:\s+me)?|"
                r"overview|个人简介|自我评价|个人优势|个人总结|个人概述|简介|概述|自我介绍"),
)
_COMPILED = tuple((name, re.compile(rf"(?:{pattern})", re.IGNORECASE))
                  for name, pattern in _SECTION_PATTERNS)
_ATX = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-+*–]\s+|[•·●▪◦‣]\s*|\d{1,2}[.)]\s+)(?=\S)")
_DECORATION = re.compile(r"[*_`#【】\[\]=~]")
_UNDERLINE = re.compile(r"^\s*(?:-{3,}|={3,})\s*$")
_JOINED = re.compile(r"\s*(?:[&＆、,，]|\band\b|及|与|和)\s*", re.IGNORECASE)
_CERT_WORD = re.compile(r"certif|licen[sc]|证书|资格|认证", re.IGNORECASE)
_TECH = re.compile(r"tech|技术栈|工具", re.IGNORECASE)
_INLINE_LABEL = re.compile(r"^\s*(?:\*\*)?([^:：*]{2,30}?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*\S")


@dataclass
class Section:
    """A named part of a document: the line numbers (1-based) of its body."""

    name: SectionName
    heading: int | None
    lines: list[int] = field(default_factory=list)
    level: int = 0
    """Markdown level of the heading (0: none or not a ``#`` heading)."""


@dataclass
class RawEntry:
    """Header line numbers and body line numbers of one job or project."""

    header: list[int] = field(default_factory=list)
    body: list[int] = field(default_factory=list)


def is_bullet(line: str) -> bool:
    """True for list items (``- x``, ``* x``, ``• x``, ``· x``, ``1. x``)."""
    return bool(_BULLET.match(line)) and not line.lstrip().startswith("**")


def strip_bullet(line: str) -> tuple[str, int]:
    """The line without its bullet marker, and the column where the rest starts."""
    match = _BULLET.match(line)
    start = match.end() if match and not line.lstrip().startswith("**") else 0
    while start < len(line) and line[start].isspace():
        start += 1
    return line[start:].rstrip(), start


def classify(title: str) -> SectionName | None:
    """The section a heading text names (``Work Experience``, ``教育背景 | Education``)."""
    cleaned = _DECORATION.sub("", title).strip().rstrip(":：").strip()
    pieces = re.split(r"\s*[|｜/]\s*", cleaned)
    for piece in [*pieces, *(p for whole in pieces for p in _JOINED.split(whole))]:
        for name, pattern in _COMPILED:
            if pattern.fullmatch(piece.strip()):
                return name
    return None


def names_certifications(title: str) -> bool:
    """True when a section heading also names certifications (``Education & Certifications``)."""
    return bool(_CERT_WORD.search(title))


def _heading(lines: list[str], index: int) -> tuple[int, str] | None:
    """``(level, text)`` when line ``index`` looks like a heading (level 9: heading-like)."""
    line = lines[index]
    match = _ATX.match(line)
    if match:
        return len(match.group(1)), match.group(2)
    stripped = line.strip()
    if not stripped or is_bullet(line) or len(stripped) > 48:
        return None
    nxt = lines[index + 1] if index + 1 < len(lines) else ""
    if _UNDERLINE.match(nxt) or (stripped.startswith("【") and stripped.endswith("】")):
        return 2, stripped
    return 9, stripped


def split_sections(lines: list[str]) -> list[Section]:
    """Split a document (its lines) into sections; text before the first is ``header``."""
    sections = [Section("header", None)]
    for index, line in enumerate(lines):
        number = index + 1
        if _UNDERLINE.match(line) and index and _heading(lines, index - 1):
            continue
        found = _heading(lines, index)
        name = classify(found[1]) if found else None
        if found and (name or _starts_other(found[0], sections[-1])):
            level = found[0] if found[0] <= 6 else 0
            sections.append(Section(name or "other", number, level=level))
            continue
        if _inline_section(lines, index, sections):
            continue
        if found and _starts_entries(found[0], line, sections[-1]):
            sections.append(Section("entries", None, [number]))
            continue
        sections[-1].lines.append(number)
    return sections


def _starts_entries(level: int, line: str, current: Section) -> bool:
    """A dated ``###`` heading outside any entry section (the writer left out the
    ``## Experience`` heading): its entries are read, not skipped."""
    if not 3 <= level <= 6 or current.name in ("experience", "projects", "entries",
                                               "education", "certifications"):
        return False
    # a range, not a lone year: "### Employee of the Year (2019)" under Awards is no entry
    return any(r.end != r.start for r in find_ranges(line, 0))


def _starts_other(level: int, current: Section) -> bool:
    """An unknown ``#``/``##`` heading ends the current section, unless it sits below that
    section's own heading (``# Experience`` then ``## Acme | Engineer``) or is the name."""
    if level > 2:
        return False
    if current.name == "header":
        return level == 2
    return not 0 < current.level < level


def _inline_section(lines: list[str], index: int, sections: list[Section]) -> bool:
    """``Skills: Python, SQL`` opens a skills (or certifications) section on its own line."""
    line = lines[index]
    label = _INLINE_LABEL.match(line) if not is_bullet(line) else None
    inline = classify(label.group(1)) if label else None
    in_entries = sections[-1].name in ("experience", "projects")
    if label and in_entries and _TECH.search(label.group(1)):
        inline = None
    if inline in ("skills", "certifications") and sections[-1].name != inline:
        sections.append(Section(inline, None, [index + 1]))
        return True
    return False


def split_entries(lines: list[str], body: list[int]) -> list[RawEntry]:
    """Group the lines of an experience or projects section into entries."""
    entries: list[RawEntry] = []
    for number in body:
        line = lines[number - 1]
        if not line.strip() or _UNDERLINE.match(line):
            continue
        if is_bullet(line) or _is_prose(line):
            if not entries:
                entries.append(RawEntry())
            entries[-1].body.append(number)
            continue
        if _continues(entries, lines, line):
            entries[-1].header.append(number)
        else:
            entries.append(RawEntry(header=[number]))
    return entries


def _is_prose(line: str) -> bool:
    stripped = line.strip()
    return len(stripped) > 100 and not has_date(stripped) and not stripped.startswith(("#", "**"))


def _continues(entries: list[RawEntry], lines: list[str], line: str) -> bool:
    """True when ``line`` adds to the current entry's header (dates line, company line)."""
    if not entries or entries[-1].body or not entries[-1].header:
        return False
    if _ATX.match(line) or len(entries[-1].header) >= 3:
        return False
    header_has_date = any(has_date(lines[n - 1]) for n in entries[-1].header)
    return not (header_has_date and has_date(line))
