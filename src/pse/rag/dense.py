"""Dense retrieval (cosine over cached chunk embeddings) and reciprocal-rank fusion."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from pse.rag.embeddings import (
    Embedder,
    EmbeddingCache,
    ProgressCallback,
    embed_missing,
    passage_text,
)
from pse.rag.retriever import Chunk, Hit, ScoredRetriever, rank_hits

_RECENT = 64
RRF_K = 60
"""The constant of reciprocal-rank fusion (Cormack et al. 2009): 1 / (60 + rank)."""


class DenseRetriever:
    """Chunks ranked by the cosine of their embedding with the query's."""

    def __init__(self, chunks: Sequence[Chunk], embedder: Embedder, *,
                 cache: EmbeddingCache | None = None,
                 on_progress: ProgressCallback | None = None) -> None:
        """Embed every chunk not in ``cache`` yet (``on_progress`` sees how many)."""
        self.chunks = list(chunks)
        self.embedder = embedder
        self.name = f"dense:{embedder.name}"
        cache = cache or EmbeddingCache(None)
        texts = {c.digest: passage_text(c.title, c.path, c.text) for c in self.chunks}
        vectors = embed_missing(embedder, cache, texts, on_progress=on_progress)
        dim = len(next(iter(vectors.values()))) if vectors else 0
        self._recent: dict[str, NDArray[np.float32]] = {}
        self._matrix = np.zeros((len(self.chunks), dim), dtype=np.float32)
        for row, chunk in enumerate(self.chunks):
            self._matrix[row] = vectors[chunk.digest]

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The ``k`` most similar chunks, with their cosine similarity."""
        if not query.strip() or k <= 0 or not len(self.chunks):
            return []
        sims = self._matrix @ self._query_vector(query)
        depth = min(len(sims), k)
        best = np.argpartition(-sims, depth - 1)[:depth]
        return rank_hits(self.chunks, [(float(sims[i]), int(i)) for i in best], k)

    def _query_vector(self, query: str) -> NDArray[np.float32]:
        # A query is often asked twice in a row (hybrid then rerank, a section retried).
        if query not in self._recent:
            if len(self._recent) >= _RECENT:
                self._recent.pop(next(iter(self._recent)))
            self._recent[query] = self.embedder.embed([query], kind="query")[0]
        return self._recent[query]

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` most similar chunks, best first."""
        return [hit.chunk for hit in self.scored(query, k=k)]


class HybridRetriever:
    """Reciprocal-rank fusion of several retrievers' top ``depth`` lists."""

    def __init__(self, retrievers: Sequence[ScoredRetriever], *, depth: int = 50,
                 rrf_k: int = RRF_K) -> None:
        self.retrievers = list(retrievers)
        self.name = "hybrid(" + "+".join(r.name for r in self.retrievers) + ")"
        self.depth, self.rrf_k = depth, rrf_k

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The ``k`` best chunks by fused score sum(1 / (rrf_k + rank))."""
        fused: dict[tuple[str, int, int, str], float] = {}
        chunks: dict[tuple[str, int, int, str], Chunk] = {}
        for retriever in self.retrievers:
            for hit in retriever.scored(query, k=max(k, self.depth)):
                key = (hit.chunk.path, hit.chunk.start, hit.chunk.end, hit.chunk.title)
                fused[key] = fused.get(key, 0.0) + 1.0 / (self.rrf_k + hit.rank)
                chunks[key] = hit.chunk
        keys = list(fused)
        return rank_hits([chunks[key] for key in keys],
                         [(fused[key], i) for i, key in enumerate(keys)], k)

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks, best first."""
        return [hit.chunk for hit in self.scored(query, k=k)]
