"""What the tree's Python files write, read once per run: the methods called on ``self``
and the attribute expressions written through a local name.

Some names a document uses are in no definition but in the code itself: ``formatTime``,
a method a class inherits from ``logging.Formatter`` and calls as ``self.formatTime()``;
``adapter.warn``, where a function binds ``adapter = cls(...)`` and then writes
``adapter.warn(...)``. Looking each such name up by scanning the files again would cost a
pass over the tree per name (seconds on a large tree); this reads every file once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

_SELF_CALL = re.compile(r"\bself\.([A-Za-z_]\w*)\s*\(")
_THROUGH = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*[A-Za-z_]\w*")
_BOUND = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)"
                    r"|\b(?:for|as)\s+([A-Za-z_]\w*)\b")


@dataclass
class CodeText:
    """The Python files' text, indexed for the lookups the resolver makes."""

    self_calls: dict[str, tuple[str, int]] = field(default_factory=dict)
    """A method name called on ``self`` -> its first place (path, line)."""
    through: dict[str, list[tuple[str, int, str]]] = field(default_factory=dict)
    """A local name a file binds -> each line of that file writing ``name.attr``, as
    (path, line, the line's text)."""

    @classmethod
    def read(cls, paths: Iterable[str], text_of: Callable[[str], str | None]) -> CodeText:
        """Read ``paths`` (in the order given: the first place found is kept)."""
        found = cls()
        for path in paths:
            text = text_of(path) or ""
            bound = {a or b for a, b in _BOUND.findall(text)}
            for number, line in enumerate(text.splitlines(), 1):
                for name in _SELF_CALL.findall(line):
                    found.self_calls.setdefault(name, (path, number))
                for name in set(_THROUGH.findall(line)) & bound:
                    found.through.setdefault(name, []).append((path, number, line))
        return found
