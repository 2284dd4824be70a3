"""Tokenization for retrieval: identifiers split into their words, CJK into bigrams."""

from __future__ import annotations

import re

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+|[\u4e00-\u9fff]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_STOP = frozenset({"the", "a", "an", "and", "or", "of", "to", "in", "is", "for", "on", "it",
                   "self", "def", "return", "import", "from", "none", "true", "false", "if",
                   "else", "with", "as", "this", "that", "be", "by", "not", "are", "at"})


def tokenize(text: str) -> list[str]:
    """Lower-case search tokens of ``text``."""
    tokens: list[str] = []
    for word in _WORD.findall(text):
        if "\u4e00" <= word[0] <= "\u9fff":
            tokens.extend(word)
            tokens.extend(word[i:i + 2] for i in range(len(word) - 1))
            continue
        lower = word.lower()
        if lower not in _STOP:
            tokens.append(lower)
        parts = [p.lower() for piece in word.split("_") for p in _CAMEL.findall(piece)]
        if len(parts) > 1:
            tokens.extend(p for p in parts if p not in _STOP and len(p) > 1)
    return tokens
