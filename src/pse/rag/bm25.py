"""BM25 segments on the bm25s library (eager sparse scores, saved as numpy arrays).

A segment indexes a list of token lists (pse's identifier-aware tokens, not bm25s's own
tokenizer) and scores a query against every document at once. Large trees are split
into several segments by path (see :mod:`pse.rag.store`) so that changing one file
rebuilds one segment only; each segment keeps its own term statistics, as shards of a
search engine do.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import bm25s  # type: ignore[import-untyped]  # ships no type hints
import numpy as np
from numpy.typing import NDArray

K1, B = 1.5, 0.75
_LOG = logging.getLogger(__name__)


class BM25Segment:
    """Okapi BM25 (Lucene variant, k1=1.5, b=0.75) over pre-tokenized documents."""

    def __init__(self, model: bm25s.BM25 | None, size: int) -> None:
        self._model = model
        self.size = size
        """Number of documents."""

    @classmethod
    def build(cls, documents: Sequence[Sequence[str]], *, k1: float = K1,
              b: float = B) -> BM25Segment:
        """Index ``documents`` (each a list of tokens)."""
        if not any(documents):
            return cls(None, len(documents))
        model = bm25s.BM25(k1=k1, b=b, method="lucene")
        model.index([list(doc) for doc in documents], show_progress=False)
        return cls(model, len(documents))

    @classmethod
    def load(cls, folder: Path, size: int) -> BM25Segment:
        """A segment saved with :meth:`save` (``size`` documents)."""
        if not (folder / "params.index.json").is_file():
            return cls(None, size)
        model = bm25s.BM25.load(str(folder), show_progress=False)
        return cls(model, size)

    def save(self, folder: Path) -> None:
        """Write the segment's arrays and vocabulary under ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        if self._model is not None:
            self._model.save(str(folder), show_progress=False)

    def scores(self, tokens: Sequence[str]) -> NDArray[np.float32]:
        """BM25 score of every document for the query ``tokens`` (0 where none matches)."""
        if self._model is None:
            return np.zeros(self.size, dtype=np.float32)
        ids = self._model.get_tokens_ids(sorted(set(tokens)))
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._model.get_scores_from_ids(ids), dtype=np.float32)


def top_positive(scores: NDArray[np.float32], k: int) -> list[int]:
    """Positions of the ``k`` best positive scores, best first; ties in position order.

    Every position tied with the k-th score is returned too, so that callers can break
    ties on their own key (path and line) and stay deterministic.
    """
    positive = np.flatnonzero(scores > 0)
    if not len(positive) or k <= 0:
        return []
    if len(positive) > k:
        kth = np.partition(scores[positive], len(positive) - k)[len(positive) - k]
        positive = positive[scores[positive] >= kth]
    order = np.lexsort((positive, -scores[positive]))
    return [int(i) for i in positive[order]]
