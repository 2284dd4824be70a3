"""Dense retrieval (cosine over cached chunk embeddings) and reciprocal-rank fusion."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from pse.rag.embeddings import Embedder, EmbeddingCache, ProgressCallback, embed_missing
from pse.rag.passages import passage_text
from pse.rag.retriever import Chunk, Hit, ScoredRetriever, rank_hits

_RECENT = 64
RRF_K = 60
"""The constant of reciprocal-rank fusion (Cormack et al. 2009): 1 / (60 + rank)."""


class DenseRetriever:
    """Chunks ranked by the cosine of their embedding with the query's."""

    def __init__(self, chunks: Sequence[Chunk], embedder: Embedder, *,
                 cache: EmbeddingCache | None = None,
                 on_progress: ProgressCallback | None = None,
                 passage: Callable[[Chunk], str] = passage_text) -> None:
        """Embed every chunk not in ``cache`` yet (``on_progress`` sees how many).

        ``passage`` says what is embedded for a chunk; the cache key is the hash of that
        text, so a chunk that did not change is never embedded again.
        """
        self.chunks = list(chunks)
        self.embedder = embedder
        self.name = f"dense:{embedder.name}"
        cache = cache or EmbeddingCache(None)
        passages = [passage(c) for c in self.chunks]
        keys = [_text_digest(text) for text in passages]
        texts = dict(zip(keys, passages, strict=True))
        vectors = embed_missing(embedder, cache, texts, on_progress=on_progress)
        dim = len(next(iter(vectors.values()))) if vectors else 0
        self._recent: dict[str, NDArray[np.float32]] = {}
        self._matrix = np.zeros((len(self.chunks), dim), dtype=np.float32)
        for row, key in enumerate(keys):
            self._matrix[row] = vectors[key]

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


def _text_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


DENSE_WEIGHT = 0.5
"""Weight of the dense ranking in hybrid fusion (BM25's is 1): chosen on the stdlib
``http`` questions of ``bench/retrieval_bench.py`` among RRF k = 10/30/60, dense weights
0.5/0.7/1 and score fusion, then checked on asyncio, click and httpx (see the README)."""


class HybridRetriever:
    """Weighted reciprocal-rank fusion of several retrievers' top ``depth`` lists."""

    def __init__(self, retrievers: Sequence[ScoredRetriever], *, depth: int = 50,
                 rrf_k: int = RRF_K, weights: Sequence[float] | None = None) -> None:
        """Fuse ``retrievers``; ``weights`` (one per retriever, default 1 each) scale
        their reciprocal ranks."""
        self.retrievers = list(retrievers)
        self.weights = list(weights) if weights is not None else [1.0] * len(self.retrievers)
        if len(self.weights) != len(self.retrievers):
            raise ValueError("HybridRetriever needs one weight per retriever")
        self.name = "hybrid(" + "+".join(r.name for r in self.retrievers) + ")"
        self.depth, self.rrf_k = depth, rrf_k

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The ``k`` best chunks by fused score sum(weight / (rrf_k + rank))."""
        fused: dict[tuple[str, int, int, str], float] = {}
        chunks: dict[tuple[str, int, int, str], Chunk] = {}
        for retriever, weight in zip(self.retrievers, self.weights, strict=True):
            for hit in retriever.scored(query, k=max(k, self.depth)):
                key = (hit.chunk.path, hit.chunk.start, hit.chunk.end, hit.chunk.title)
                fused[key] = fused.get(key, 0.0) + weight / (self.rrf_k + hit.rank)
                chunks[key] = hit.chunk
        keys = list(fused)
        return rank_hits([chunks[key] for key in keys],
                         [(fused[key], i) for i, key in enumerate(keys)], k)

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks, best first."""
        return [hit.chunk for hit in self.scored(query, k=k)]
