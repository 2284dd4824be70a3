"""Statements of the Python version a project needs, checked against ``requires-python``.

"Requires Python 3.10", "Python 3.10 or later", "Python 3.10+", "Python >= 3.10" in
prose (outside code blocks) are read as the minimum version the project supports. The
statement is wrong when the project's ``requires-python`` (pyproject ``[project]``)
excludes that version; a requirement line of its own ("Requires Python 3.9+", a list
item) is also wrong when ``requires-python`` starts at another version. Mid-sentence
statements are often about something else ("``tomllib`` needs Python 3.11"), so they
are only held to the first rule. No ``requires-python``: nothing is checked.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pse.planted import read_planted_text
from pse.text import parse
from pse.verify.history import is_historical
from pse.verify.refs import CheckedReference, Document, Reference, Resolution

if TYPE_CHECKING:  # packaging is imported when a document states a version (most do not)
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

RULE = "requires-python"
_STATEMENT = re.compile(
    r"(?i)\bpython\s*(?:version\s*)?(?:>=|≥)\s*(?P<a>[23]\.\d+)"
    r"|\b(?:requires?|requiring|needs?|supports?)\s+python\s+(?P<b>[23]\.\d+)\b(?!\.\d)"
    r"|\bpython\s+(?P<c>[23]\.\d+)(?:\+|\s+or\s+(?:later|newer|higher|above|greater))")
_ABOUT_PYTHON = re.compile(r"(?i)\b(?:when|if|once)\s+(?:you(?:'re|\s+are)?\s+)?(?:using|running|"
                           r"on|with)\s+$")
"""Words before a mid-sentence statement that make it one about Python itself ("type
annotations, when using Python 3.6+"), not about what the project needs."""
_ATTRIBUTIVE = re.compile(r"\s+(?:[A-Z][a-z]|(?:code|syntax|features?|annotations|"
                          r"projects?|applications?|apps?|packages?|libraries)\b)")
"""Words after ``Python 3.5+`` that make it describe other code ("for testing Python
3.5+ Tornado code"), not state a requirement."""
_OWN_LINE = re.compile(r"(?i)[\s>*+\-\d.)#|_`]*(?:(?:requirements?|requires|needs)\s*:?\s*)?"
                       r"[*_`]*")
"""What may precede a statement that is a requirement line of its own: list markers,
emphasis, a "Requirements:" label."""


def read_requires_python(root: Path) -> tuple[SpecifierSet, int] | None:
    """The project's ``requires-python`` and its line in pyproject.toml."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    # planted: only a regular file below the cap (a FIFO named pyproject.toml would block)
    text = read_planted_text(root / "pyproject.toml")
    if text is None:
        return None
    try:
        project = tomllib.loads(text).get("project", {})
        spec = SpecifierSet(str(project["requires-python"]))
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, AttributeError,
            InvalidSpecifier):
        return None
    line = next((n for n, x in enumerate(text.splitlines(), 1)
                 if x.strip().startswith("requires-python")), 0)
    return spec, line


def minimum(spec: SpecifierSet) -> Version | None:
    """The lowest ``3.x`` (or ``2.7``) release ``spec`` allows."""
    from packaging.version import Version

    for candidate in ["2.7", *(f"3.{minor}" for minor in range(0, 40))]:
        if spec.contains(Version(candidate), prereleases=True):
            return Version(candidate)
    return None


def _is_rst(path: str) -> bool:
    return path.lower().endswith((".rst", ".rest"))


def check_python_statements(documents: list[Document], root: Path, *,
                            historical: Sequence[str] = ()) -> list[CheckedReference]:
    """One checked ``claim`` (name ``requires-python``) per version statement (none in
    historical documents, which rightly state old requirements)."""
    stated = [(document, found) for document in documents
              if not is_historical(document.path, document.text, historical)
              for found in statements(document.text, rst=_is_rst(document.path))]
    requires = read_requires_python(root) if stated else None  # read only when needed
    if requires is None:
        return []
    from packaging.version import Version

    spec, line = requires
    lowest = minimum(spec)
    out: list[CheckedReference] = []
    for document, (number, text, version, own_line) in stated:
        ref = Reference(file=document.path, line=number, text=text, name=RULE,
                        kind="claim", origin="link")
        out.append(CheckedReference(ref, _judge(Version(version), spec, lowest,
                                                own_line=own_line, line=line)))
    return out


def _judge(version: Version, spec: SpecifierSet, lowest: Version | None, *,
           own_line: bool, line: int) -> Resolution:
    evidence = (("pyproject.toml", line or None),)
    if not spec.contains(version, prereleases=True) or (own_line and lowest is not None
                                                          and version != lowest):
        return Resolution("unverified", evidence=evidence,
                          suggestion=f"Python {lowest}" if lowest is not None else "",
                          message=f"requires-python is {str(spec)!r}")
    return Resolution("verified", evidence=evidence)


def statements(text: str, *, rst: bool = False) -> list[tuple[int, str, str, bool]]:
    """(line, span, version, on a line of its own) of each statement outside code (the
    document model's code blocks: a code block's version is code, not a statement)."""
    found: list[tuple[int, str, str, bool]] = []
    code = parse(text, rst=rst).code_lines()
    for number, line in enumerate(text.splitlines(), start=1):
        if number in code:
            continue
        for match in _STATEMENT.finditer(line):
            version = match.group("a") or match.group("b") or match.group("c")
            own = bool(_OWN_LINE.fullmatch(line[:match.start()]))
            if not own and _is_about_other_code(line, match):
                continue
            found.append((number, match.group(0), version, own))
    return found


def _is_about_other_code(line: str, match: re.Match[str]) -> bool:
    """A mid-sentence "Python 3.6+" about Python itself or about code written for it."""
    if _ABOUT_PYTHON.search(line[:match.start()]):
        return True
    return bool(match.group("c")) and bool(_ATTRIBUTIVE.match(line[match.end():]))
