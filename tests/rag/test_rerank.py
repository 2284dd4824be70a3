"""Listwise reranking: the model's order wins, nothing it omits is lost."""

from __future__ import annotations

from pse.rag.rerank import RerankingRetriever, parse_order, rerank_prompt
from pse.rag.retriever import BM25Retriever, Chunk

WORDS = ["alder", "beech", "cedar", "daisy"]
CHUNKS = [Chunk(f"m{n}.py", 1, 2, f"def f{n}():\n    shared {word}\n", f"function f{n}")
          for n, word in enumerate(WORDS)]


def test_parse_order_named_first_then_the_rest() -> None:
    assert parse_order("3, 1", 4) == [2, 0, 1, 3]
    assert parse_order("[2] is best, then [2] and 9 and 0", 3) == [1, 0, 2]
    assert parse_order("no idea", 3) == [0, 1, 2]


def test_rerank_prompt_numbers_each_candidate_with_its_location() -> None:
    prompt = rerank_prompt("where?", CHUNKS[:2])
    assert "Question: where?" in prompt
    assert "[1] m0.py lines 1-2 (function f0): def f0(): shared alder" in prompt
    assert "[2] m1.py" in prompt and "[3]" not in prompt


def test_reranking_retriever_reorders_only_the_top_depth() -> None:
    base = BM25Retriever(CHUNKS)
    asked: list[str] = []
    reranked = RerankingRetriever(base, lambda p: asked.append(p) or "2 1", depth=2)
    before = [c.path for c in base.search("shared", k=4)]
    after = reranked.scored("shared", k=4)
    assert [h.chunk.path for h in after] == [before[1], before[0], *before[2:]]
    assert [h.rank for h in after] == [1, 2, 3, 4] and after[0].score == 1.0
    assert len(asked) == 1 and reranked.name == "bm25+rerank"


def test_reranking_retriever_skips_the_model_for_one_candidate() -> None:
    def never(prompt: str) -> str:
        raise AssertionError("no model call expected")
    assert [c.path for c in RerankingRetriever(BM25Retriever(CHUNKS), never).search(
        "daisy")] == ["m3.py"]
