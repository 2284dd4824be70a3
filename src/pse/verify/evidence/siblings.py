"""A sentence that describes a definition's near-namesake instead of the definition itself.

Models mix up callables whose names differ by a letter or two and whose docstrings are
cut from one frame: ``load`` ("Parse TOML from a binary file object.") and ``loads``
("Parse TOML from a string."), ``wcwidth`` ("Given one Unicode character, ...") and
``wcswidth`` ("Given a unicode string, ..."). "`load` parses TOML from a string" is every
word true of the package and false of ``load``. What tells the two apart is what their
docstrings' summaries do not share: a sentence about one that uses a word only the other's
summary has, and none only its own has, describes the other.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Sequence
from difflib import SequenceMatcher

from pse.verify.evidence.spans import SourceSpan
from pse.verify.evidence.words import covered, words

_CALLABLE = frozenset({"function", "method"})
_NEAR_NAME = 0.8
"""Names at least this alike (difflib's ratio) are near-namesakes: ``load``/``loads``
(0.89), ``wcwidth``/``wcswidth`` (0.93), ``sign``/``unsign`` (0.8); ``encode``/``decode``
(0.67) and ``skip_chars``/``skip_until`` (0.6) are not."""
_MIN_NAME = 4
"""Shorter names (``get``/``set``) are too alike by chance to be read this way."""
_DOCSTRING = re.compile(r'^[ \t]*[rRuU]?(?:"""|\'\'\')(?P<doc>.*?)(?:"""|\'\'\')',
                        re.DOTALL | re.MULTILINE)


def summary(span: SourceSpan) -> str:
    """The first paragraph of the docstring of the definition ``span`` holds ("" when it
    has none or the span is no definition)."""
    doc = ""
    try:
        tree = ast.parse(textwrap.dedent(span.text))
        node = tree.body[0] if tree.body else None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node) or ""
    except SyntaxError:  # a span cut at its line limit: the first string literal after it
        match = _DOCSTRING.search(span.text)
        doc = textwrap.dedent(match["doc"]) if match else ""
    return doc.strip().split("\n\n", 1)[0]


def namesake_problem(claim: set[str], anchors: Sequence[SourceSpan],
                     spans: Sequence[SourceSpan], named: set[str]) -> str:
    """Why a unit whose prose (code spans left out, but not the words of the names it
    mentions: "decode" in "`base64_decode` decodes ...") has the stems ``claim``, about the
    callables among ``anchors``, describes a near-namesake of one of them ("" when it does
    not). A namesake the unit names as well (``named``: last names) or is anchored to is
    one it tells apart."""
    for own in anchors:
        if own.kind not in _CALLABLE or not own.symbol:
            continue
        owner, _, name = own.symbol.rpartition(".")
        mine = words(summary(own))
        for other in spans:
            other_name = other.symbol.rpartition(".")[2]
            if other.kind not in _CALLABLE or other_name == name or other_name in named \
                    or other in anchors \
                    or other.symbol.rpartition(".")[0] != owner or not _near(name, other_name):
                continue
            theirs = words(summary(other))
            shared = mine & theirs
            if not mine or not theirs or 2 * len(shared) < min(len(mine), len(theirs)):
                continue  # summaries of different frames say different things anyway
            only_theirs = covered(claim, theirs - shared, abbreviations=False)
            if only_theirs and not covered(claim, mine - shared, abbreviations=False):
                said = ", ".join(sorted(only_theirs))
                return (f"it says {said}, which the docstring of `{other_name}` says and "
                        f"that of `{name}` does not: it describes `{other_name}`")
    return ""


def _near(a: str, b: str) -> bool:
    return min(len(a), len(b)) >= _MIN_NAME and \
        SequenceMatcher(None, a, b, autojunk=False).ratio() >= _NEAR_NAME
