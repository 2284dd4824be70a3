"""Chunks, the Retriever protocol and the default BM25 retriever."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pse.rag.bm25 import K1, B, BM25Segment, top_positive
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
    symbol: str = ""
    """Qualified name of the class or function the chunk belongs to ("" for other text)."""

    @property
    def digest(self) -> str:
        """Hash of what the chunk says (its embedding is cached under it)."""
        data = f"{self.title}\n{self.text}".encode()
        return hashlib.sha256(data).hexdigest()[:32]

    def search_text(self) -> str:
        """The text BM25 indexes: title, path and body."""
        return f"{self.title} {self.path} {self.text}"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (stored in the run state)."""
        data: dict[str, object] = {"path": self.path, "start": self.start, "end": self.end,
                                   "title": self.title, "text": self.text}
        if self.symbol:
            data["symbol"] = self.symbol
        return data


@dataclass(frozen=True)
class Hit:
    """A retrieved chunk with its score and rank (1 = best) under one retriever."""

    chunk: Chunk
    score: float
    rank: int


class Retriever(Protocol):
    """Finds the chunks most relevant to a query."""

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks for ``query``, best first."""
        ...


@runtime_checkable
class ScoredRetriever(Protocol):
    """A retriever that also says how well each chunk scored (for traces and fusion)."""

    name: str

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks for ``query``, best first."""
        ...

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The ``k`` best chunks for ``query`` with their scores, best first."""
        ...


def rank_hits(chunks: Sequence[Chunk], scored: Sequence[tuple[float, int]], k: int
              ) -> list[Hit]:
    """``(score, chunk position)`` pairs as hits: best score first, ties by path and line."""
    ordered = sorted(scored, key=lambda item: (-item[0], chunks[item[1]].path,
                                               chunks[item[1]].start, item[1]))
    return [Hit(chunks[i], float(score), rank) for rank, (score, i) in
            enumerate(ordered[:k], start=1)]


class BM25Retriever:
    """Okapi BM25 (bm25s, k1=1.5, b=0.75) over identifier-aware tokens."""

    name = "bm25"

    def __init__(self, chunks: Sequence[Chunk], *, k1: float = K1, b: float = B,
                 segments: Sequence[tuple[BM25Segment, Sequence[int]]] | None = None
                 ) -> None:
        """Index ``chunks``, or use prebuilt ``segments``.

        Args:
            chunks: the corpus.
            k1: BM25 term-frequency saturation.
            b: BM25 length normalisation.
            segments: ``(segment, chunk positions)`` pairs that cover ``chunks`` (from the
                persisted index); one segment over all chunks when omitted.
        """
        self.chunks = list(chunks)
        if segments is None:
            docs = [tokenize(c.search_text()) for c in self.chunks]
            segments = [(BM25Segment.build(docs, k1=k1, b=b), range(len(self.chunks)))]
        self._segments = [(segment, list(positions)) for segment, positions in segments]

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The ``k`` best matching chunks with their BM25 scores (ties by path and line)."""
        tokens = tokenize(query)
        if not tokens or k <= 0:
            return []
        found: list[tuple[float, int]] = []
        for segment, positions in self._segments:
            scores = segment.scores(tokens)
            found.extend((float(scores[i]), positions[i]) for i in top_positive(scores, k))
        return rank_hits(self.chunks, found, k)

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks for ``query``, best first (ties by path and line)."""
        return [hit.chunk for hit in self.scored(query, k=k)]
