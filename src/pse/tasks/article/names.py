"""Code names a writer left as plain words, put in backticks when they are real.

Small models often write ``JobQueue`` or ``run_all()`` without backticks. Such a name is
invisible to the verifier, so a section that explains real code reads as ungrounded, and a
misspelt plain name escapes the check. Only words that look like code (an inner capital,
an underscore, a dot between identifiers, a ``()`` call or a file path) are candidates, and
only those the project's index verifies get backticks: marking never adds a finding, it
turns a true plain mention into a checked reference.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pse.tasks.article.text import prose_lines

_EDGE_BEFORE = r"(?<![A-Za-z0-9_`./-])"  # ASCII edges: CJK text abuts names
_EDGE_AFTER = r"(?![A-Za-z0-9_`/-])"
_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_SEGMENT = r"[A-Za-z_][A-Za-z0-9_]+"  # two characters at least: "e.g" is no module path
_CANDIDATE = re.compile(
    _EDGE_BEFORE + "(?:"
    + r"(?:[\w-]+/)+[\w.-]+\.[A-Za-z]{1,5}"          # a path: src/pkg/mod.py
    + "|" + _SEGMENT + r"(?:\." + _SEGMENT + r")+(?:\(\))?"   # dotted: pkg.mod, Cls.meth()
    + "|" + _IDENT + r"\(\)"                           # a call: run_all()
    + r"|[A-Za-z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+"      # CamelCase / camelCase: JobQueue
    + r"|_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+_?"            # snake_case: run_all
    + ")" + _EDGE_AFTER)
_PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<[^>]+>|https?://\S+")


def mark_code_names(text: str, verified: Callable[[Sequence[str]], Sequence[str]]) -> str:
    """``text`` with each real code name of its prose (outside headings, code, links) in
    backticks; ``verified`` returns the subset of the names it is given that are real."""
    lines = text.split("\n")
    spots = {number: _candidates(line) for number, line in prose_lines(text)
             if not line.lstrip().startswith("#")}
    names = sorted({name for found in spots.values() for _, _, name in found})
    real = set(verified(names)) if names else set()
    for number, found in spots.items():
        line = lines[number - 1]
        for start, end, name in reversed(found):
            if name in real:
                line = line[:start] + f"`{name}`" + line[end:]
        lines[number - 1] = line
    return "\n".join(lines)


def _candidates(line: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of each code-looking word outside code spans and links."""
    shielded = _PROTECTED.sub(lambda m: " " * len(m.group(0)), line)
    return [(m.start(), m.end(), m.group(0)) for m in _CANDIDATE.finditer(shielded)]
