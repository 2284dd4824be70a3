"""Docstrings a document quotes from the source in its code blocks.

A model that writes a library's class or function out again in a fenced block
(:mod:`.quoted`) writes its docstring from memory too: "Release lock by incrementing
count." for diskcache's "Release lock by decrementing count.", or the prompt's facts
("Signature `default_dumps(obj: Any) -> str`; 1 parameter") where the function says "Fake
``dumps()`` function to use as a default marker." A reader takes a quoted docstring for
the library's own words, so each of its lines must be the real docstring's: its words in
that order, somewhere in it. Markup, case and line breaks do not count, nor a line too
short to say anything ("Args:", "..."), nor what the quote leaves out.
"""

from __future__ import annotations

import ast
import re

from pse.index.model import Symbol
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.source import definition_node
from pse.verify.resolve import Resolver

MIN_WORDS = 3
"""A quoted docstring line of fewer words ("Args:", "Returns:") says nothing to check."""
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_SHOWN = 100


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, without markup or punctuation."""
    return [w.lower() for w in _WORD.findall(text)]


def quoted_docstring(resolver: Resolver, symbol: Symbol, quoted: str) -> Decision:
    """Whether every line of ``quoted`` (a docstring a code block gives ``symbol``) is
    said, word for word, in ``symbol``'s own docstring."""
    if symbol.kind not in {"class", "function", "method"}:
        return undecided("not a class or function")
    real = _docstring(resolver, symbol)
    if real is None:
        return undecided(f"the source of {short(symbol.qualname)} does not parse")
    said = [w for w in (words(line) for line in quoted.split("\n")) if len(w) >= MIN_WORDS]
    if not said:
        return undecided("the quoted docstring is too short to compare")
    name = short(symbol.qualname)
    if not real.strip():
        return Decision(False, f"{name} has no docstring", at(symbol))
    text = f" {' '.join(words(real))} "
    shown = " ".join(real.split())
    shown = shown if len(shown) <= _SHOWN else f"{shown[:_SHOWN].rstrip()}..."
    message = f"{name}'s docstring reads: \"{shown}\""
    return Decision(all(f" {' '.join(line)} " in text for line in said), message, at(symbol))


def _docstring(resolver: Resolver, symbol: Symbol) -> str | None:
    """The docstring of ``symbol``'s definition ("" for none; None: no source to read)."""
    node = definition_node(resolver, symbol)
    return None if node is None else ast.get_docstring(node) or ""
