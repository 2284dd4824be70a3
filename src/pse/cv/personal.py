"""Personal by position: the CV's header block, its contact section, its referees.

Patterns miss what nobody wrote a pattern for (a city, a birth place, a relative's name),
so the places where CVs keep personal data are treated as personal whatever they say:
every non-empty line before the first section heading, and every line of a section whose
heading names contact details, personal information or references (the headings are
data, ``data/pii.toml``). Each such line is redacted as a unit, except the lines the user
marks as public (a title line such as ``Senior Data Engineer``). Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pse.cv.piidata import pii_data
from pse.cv.sections import split_sections

_MARKUP = re.compile(r"^\s{0,3}(?:#{1,6}\s+|>\s*|[-*+•·]\s+)|[*_`]+|\s*#+\s*$")
_HEADING_DECORATION = re.compile(r"[#*_`【】\[\]=~:：]+")
_MAX_HEADING = 40
_MAX_SECTION_LINES = 15
"""A contact or references section with no heading after it ends here."""
_HEADERLESS_LINES = 8
"""A CV with no section heading at all: only its first paragraph (at most this many lines)
is the header, not the whole CV."""


def line_text(line: str) -> str:
    """A line without its Markdown marks (heading, quote, bullet, bold) and outer space."""
    return _MARKUP.sub("", line).strip()


def heading_key(line: str) -> str:
    """The folded text of a heading-like line ("" for a line too long to be a heading)."""
    text = _HEADING_DECORATION.sub(" ", line).strip()
    if not text or len(text) > _MAX_HEADING:
        return ""
    return re.sub(r"\s+", " ", text).casefold()


def personal_lines(text: str, *, public: Sequence[str] = ()) -> list[str]:
    """The text of every line that is personal by position (Markdown marks removed),
    in CV order, except those equal to a ``public`` line."""
    lines = text.replace("\r\n", "\n").split("\n")
    numbers = header_block(lines) + _personal_sections(lines)
    keep = {line_text(p).casefold() for p in public if line_text(p)}
    out: list[str] = []
    for number in sorted(set(numbers)):
        value = line_text(lines[number - 1])
        if value and value.casefold() not in keep:
            out.append(value)
    return list(dict.fromkeys(out))


def header_block(lines: Sequence[str]) -> list[int]:
    """Line numbers (1-based) before the first section heading."""
    sections = split_sections(list(lines))
    if not sections or sections[0].name != "header":
        return []
    numbers = [n for n in sections[0].lines if lines[n - 1].strip()]
    if len(sections) == 1:  # no heading anywhere: the first paragraph only
        first: list[int] = []
        for number in sections[0].lines:
            if not lines[number - 1].strip():
                if first:
                    break
                continue
            first.append(number)
        numbers = first[:_HEADERLESS_LINES]
    return numbers


def _personal_sections(lines: Sequence[str]) -> list[int]:
    """Line numbers of the bodies of contact, personal-information and references sections."""
    data = pii_data()
    wanted = data.contact_headings | data.reference_headings
    sections = split_sections(list(lines))
    starts = sorted(s.heading for s in sections if s.heading)
    out: list[int] = []
    for number, line in enumerate(lines, start=1):
        if heading_key(line) not in wanted:
            continue
        end = next((s for s in starts if s > number), len(lines) + 1)
        for after in range(number + 1, min(end, number + 1 + _MAX_SECTION_LINES)):
            if _starts_section(lines, after):
                break
            if lines[after - 1].strip():
                out.append(after)
    return out


def _starts_section(lines: Sequence[str], number: int) -> bool:
    """A heading the section reader does not know (``Esperienza``, ``## Sprachen``)."""
    line = lines[number - 1]
    return line.lstrip().startswith("#") or heading_key(line) in pii_data().section_headings
