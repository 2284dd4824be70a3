"""The one fence rule on raw lines, for the readers that cannot parse a whole document.

The document model (:func:`pse.text.parse_markdown`) finds code blocks for every reader that
has a whole, well-formed text. A few places work on lines the parser cannot place: repairing
a draft whose fences do not balance, pairing ignore markers in a file that may be rst, and
finding a wrapper fence around a model's reply. They all ask this module what a fence line is
and which line closes it, so there is one rule (CommonMark's) rather than one per reader:

- a fence is three or more backticks or tildes, after any indentation (a fence inside a list
  item is indented), followed by an info string; a backtick fence's info has no backtick,
  since ```` ```x` ```` is inline code, not a fence;
- it is closed by a line of the same character, at least as long, with nothing after it, so
  a ```` ```` ```` block can quote a ```` ``` ```` one;
- a fence never closed runs to the end of the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_FENCE_LINE = re.compile(r"^[ \t]*(?P<marker>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True)
class Fence:
    """A fenced block: its opening and closing line (0-based indices), marker and info."""

    start: int
    end: int | None  # None: never closed, so it runs to the end of the text
    marker: str
    info: str

    def inner(self, length: int) -> range:
        """The indices of the block's content lines in a text of ``length`` lines."""
        return range(self.start + 1, length if self.end is None else self.end)

    def lines(self, length: int) -> range:
        """The indices of every line of the block, fences included."""
        return range(self.start, length if self.end is None else self.end + 1)


PYTHON_LANGUAGES = frozenset({"python", "py", "python3", "py3", "pyi", "ipython", "pycon"})
"""Fence languages that hold Python: source, stubs and interactive sessions (a reader that
parses the block as a program gets None for a ``>>>`` session and skips it)."""
SHELL_LANGUAGES = frozenset({"bash", "sh", "shell", "console", "zsh", "shell-session",
                             "bash-session", "terminal", "cmd", "powershell", "ps1", "fish"})
"""Fence languages of a command line."""


def fence_language(info: str) -> str:
    """The language a fence's info string names, lower case, "" for none: ``python`` of
    ``python title="x.py"`` and of ``{.python}``."""
    words = info.split()
    return words[0].lower().strip("{}.") if words else ""


def opening(line: str) -> tuple[str, str] | None:
    """``(marker, info)`` when ``line`` can open a fenced block, else None."""
    found = _FENCE_LINE.match(line)
    if found is None:
        return None
    marker, info = found.group("marker"), found.group("info").strip()
    if marker[0] == "`" and "`" in info:
        return None  # ```x` is an inline code span, not a fence
    return marker, info


def closes(line: str, marker: str) -> bool:
    """Whether ``line`` closes a block opened by ``marker``."""
    stripped = line.strip()
    run = len(stripped) - len(stripped.lstrip(marker[0]))
    return run >= len(marker) and not stripped[run:].strip()


def fences(lines: Sequence[str]) -> list[Fence]:
    """Every fenced block of ``lines``, in order; lines inside a block open nothing."""
    found: list[Fence] = []
    index = 0
    while index < len(lines):
        opened = opening(lines[index])
        if opened is None:
            index += 1
            continue
        marker, info = opened
        end = next((j for j in range(index + 1, len(lines)) if closes(lines[j], marker)), None)
        found.append(Fence(index, end, marker, info))
        if end is None:
            break
        index = end + 1
    return found
