"""Labels: the bold or code term a block opens with ("**Console**: ...", "`x` — ...")."""

from __future__ import annotations

import re

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
