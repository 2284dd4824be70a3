"""The one place that removes model artefacts from a reply: thinking blocks and a wrapper fence.

Every stage's reply goes through :func:`clean_output` (the verdict and fix parsers use
:func:`strip_thinking`), so a ``<think>`` block cut at the token cap, or a reply that opens
and closes with two different code blocks, is handled the same way everywhere.
"""

from __future__ import annotations

import re

from pse.text.fences import closes, opening

_THINK_BLOCK = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL | re.IGNORECASE)
_WRAPPER_TAGS = {"", "markdown", "md"}


def strip_thinking(text: str) -> str:
    """``text`` without ``<think>`` blocks; an unclosed block is thinking to the end."""
    if "</think>" in text.lower() and "<think>" not in text.lower():
        # the chat template opened the block in the prompt: everything before the close goes
        text = text[text.lower().rindex("</think>") + len("</think>"):]
    return _THINK_BLOCK.sub("", text)


def clean_output(text: str) -> str:
    """The model's text without thinking blocks or a fence wrapped around all of it."""
    lines = strip_thinking(text).strip().split("\n")
    return "\n".join(_unwrapped(lines)).strip() + "\n"


def _unwrapped(lines: list[str]) -> list[str]:
    """Drop a fence that opens the reply and closes it (or was cut before closing).

    Only a fence whose own closing line is the reply's last line is a wrapper: a reply that
    starts with one code block and ends with another keeps both.
    """
    opened = opening(lines[0]) if lines else None
    if opened is None or opened[1].lower() not in _WRAPPER_TAGS:
        return lines
    marker, tagged = opened[0], bool(opened[1])
    close = _closing_line(lines, marker, nested=tagged)
    if close is None:  # cut at the token cap inside the wrapper
        return lines[1:] if tagged else lines
    if close == len(lines) - 1:
        return lines[1:-1]
    return lines


def _closing_line(lines: list[str], marker: str, *, nested: bool) -> int | None:
    """The line that closes the fence opened on line 0 (``None`` when it never closes).

    Inside a ``markdown`` wrapper, tagged inner fences open nested blocks, so the wrapper
    closes at the bare fence that balances them.
    """
    depth = 0
    for number, line in enumerate(lines[1:], start=1):
        fence = opening(line)
        if fence is None or fence[0][0] != marker[0]:
            continue
        if fence[1]:
            depth += 1 if nested else 0
        elif depth:
            depth -= 1
        elif closes(line, marker):
            return number
    return None
