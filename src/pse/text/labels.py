"""Labels: the bold or code term a block opens with ("**Console**: ...", "`x` — ..."),
and the code a heading names alone."""

from __future__ import annotations

import re

from pse.text.spans import code_spans

# "**Term**:", "**Term:**", "**Term** -", "`term`: ...", "`term` — ...": the opening term
# names what the rest of the block describes. A bold run with nothing after it is a label too.
# Underscores inside a bold run are part of it ("**`from_dict`**", "**max_size**"): a
# snake_case name is as much a label as a CamelCase one.
_LABEL = re.compile(
    r"^\s*(?:(?P<b>\*\*|__)(?P<bold>(?:`[^`\n]+`|[^*`\n]){1,200}?)[:：]?(?P=b)\s*(?:[:：—–]|-\s|$)"
    r"|(?P<code>(?P<ticks>`+)[^`\n]{1,200}?(?P=ticks)(?:\s*\([^()\n]{0,200}\))?)\s*(?:[:：—–]|-\s))")


def leading_label(text: str) -> str:
    """The label ``text`` opens with, markup of a bold run removed ("" for none)."""
    match = _LABEL.match(text)
    if match is None:
        return ""
    return (match.group("bold") or match.group("code") or "").strip()


def heading_subject(heading: str) -> str:
    """The code a heading opens with when it names only that ("`list_versions`: Return
    ...", "The `Flags` class"), else "": what the section's first "The function ..." or
    "It ..." stands for."""
    spans = [s for s in code_spans(heading) if s.is_code]
    if len(spans) != 1 or heading[:spans[0].start].strip().lower() not in ("", "the"):
        return ""
    return spans[0].target.removesuffix("()")


_JOINED = re.compile(r"(?:\s|,|&|and|or|the|和|与|及|以及|、|"
                     r"functions?|methods?|classes|class|helpers?|types?|函数|方法|类)*",
                     re.IGNORECASE)
"""What may stand between and around the names of a heading that names several code
objects together ("`_lexists` and `_isdir` Functions", "`A`、`B` 和 `C` 类")."""


def heading_subjects(heading: str) -> list[str]:
    """The codes a heading names together when it names only them ("`_listdir` and
    `_rlistdir` Functions"); [] for a heading naming fewer than two: what a section's
    "These functions ..." or "它们 ..." stands for."""
    spans = [s for s in code_spans(heading) if s.is_code]
    if len(spans) < 2:
        return []
    gaps = [heading[:spans[0].start]] + [heading[a.end:b.start]
                                          for a, b in zip(spans, spans[1:], strict=False)]
    gaps.append(heading[spans[-1].end:])
    if not all(_JOINED.fullmatch(gap.strip().lstrip("#").strip()) for gap in gaps):
        return []
    return [s.target.removesuffix("()") for s in spans]
