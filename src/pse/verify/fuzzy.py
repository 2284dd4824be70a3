"""Fuzzy name scores (rapidfuzz's ``ratio``), rapidfuzz imported on first use.

Only a name that does not resolve is scored; a run whose references all resolve, or come
from the memo, does not pay for importing rapidfuzz.
"""

from __future__ import annotations

from collections.abc import Sequence


def ratio(first: str, second: str) -> float:
    """rapidfuzz's ``fuzz.ratio`` (0-100)."""
    from rapidfuzz import fuzz

    return fuzz.ratio(first, second)


def extract_one(query: str, choices: Sequence[str], *, cutoff: float | None = None
                ) -> tuple[str, float, int] | None:
    """The best of ``choices`` by :func:`ratio` (choice, score, index); None below
    ``cutoff`` (rapidfuzz's ``process.extractOne``)."""
    from rapidfuzz import fuzz, process

    return process.extractOne(query, choices, scorer=fuzz.ratio, score_cutoff=cutoff)
