"""Inline code spans: Markdown backtick runs and rst literals and roles, by position."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Only a whole backtick run opens a span and only a run of the same length closes it
# (CommonMark): also what keeps a line of many backticks linear. An rst role
# (``:class:`X```) or MyST role (``{py:class}`X```) before the run is part of the span.
# Role names are bounded: an unbounded one rescans a ``:a:a:a...`` run from every colon
# (quadratic; 80,000 of them took minutes).
_SPAN = re.compile(
    r"(?:\{(?P<myst>[\w:.-]{1,64})\}|:(?P<role>[\w:.-]{1,64}):)?(?<!`)(`+)(?P<code>[^`]+?)\3(?!`)")
_TEXT_ROLES = frozenset({"doc", "ref", "term", "numref", "download", "abbr", "guilabel",
                         "menuselection", "pep", "rfc", "issue", "pr", "user"})
"""Roles whose target is a page, label or word, not code."""


@dataclass(frozen=True)
class CodeSpan:
    """One code span of a line of text."""

    start: int
    end: int
    code: str
    """The span's content as written (``title <target>`` of a role kept)."""
    role: str = ""
    """The rst or MyST role written before it ("" for none)."""

    @property
    def is_code(self) -> bool:
        """False for roles that name a page, label or term rather than code."""
        return self.role.split(":")[-1] not in _TEXT_ROLES

    @property
    def target(self) -> str:
        """What the span names: a role's ``title <target>`` and ``~``/``!`` marks removed."""
        code = self.code.strip()
        if code.endswith(">") and "<" in code:
            code = code[code.rindex("<") + 1:-1]
        return code.lstrip("~!")

    @property
    def shown(self) -> str:
        """What Sphinx shows for a role: its title, the last part of a ``~`` target, else
        the target (the span's code for a plain span)."""
        code = self.code.strip()
        if not self.role:
            return code
        if code.endswith(">") and "<" in code:
            return code[:code.rindex("<")].strip() or self.target
        return self.target.rsplit(".", 1)[-1] if code.startswith("~") else self.target


def code_spans(text: str) -> list[CodeSpan]:
    """Every code span of ``text`` in order."""
    return [CodeSpan(m.start(), m.end(), m.group("code"), m.group("role") or m.group("myst")
                     or "") for m in _SPAN.finditer(text)]
