"""Chunks, the Retriever protocol and the default BM25 retriever."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pse.rag.tokens import tokenize


@dataclass(frozen=True)
class Chunk:
    """A piece of a source file: where it is and what it says."""

    path: str
    start: int
    end: int
    text: str
    title: str = ""
    """What the chunk is (``class Session``, ``## Install``), for prompts."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (stored in the run state)."""
        return {"path": self.path, "start": self.start, "end": self.end, "title": self.title,
                "text": self.text}


class Retriever(Protocol):
    """Finds the chunks most relevant to a query."""

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks for ``query``, best first."""
        ...


class BM25Retriever:
    """Okapi BM25 over identifier-aware tokens (k1=1.5, b=0.75)."""

    def __init__(self, chunks: Sequence[Chunk], *, k1: float = 1.5, b: float = 0.75) -> None:
        self.chunks = list(chunks)
        self.k1, self.b = k1, b
        self._tf = [Counter(tokenize(f"{c.title} {c.path} {c.text}")) for c in self.chunks]
        self._len = [sum(tf.values()) for tf in self._tf]
        self._avg = (sum(self._len) / len(self._len)) if self._len else 0.0
        df: Counter[str] = Counter()
        for tf in self._tf:
            df.update(tf.keys())
        n = len(self.chunks)
        self._idf = {term: math.log(1 + (n - freq + 0.5) / (freq + 0.5))
                     for term, freq in df.items()}

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks for ``query``, best first (ties by path and line)."""
        terms = [t for t in set(tokenize(query)) if t in self._idf]
        if not terms:
            return []
        scored: list[tuple[float, str, int, int]] = []
        for index, tf in enumerate(self._tf):
            score = 0.0
            norm = self.k1 * (1 - self.b + self.b * self._len[index] / (self._avg or 1))
            for term in terms:
                freq = tf.get(term, 0)
                if freq:
                    score += self._idf[term] * freq * (self.k1 + 1) / (freq + norm)
            if score > 0:
                chunk = self.chunks[index]
                scored.append((-score, chunk.path, chunk.start, index))
        scored.sort()
        return [self.chunks[index] for _, _, _, index in scored[:k]]
