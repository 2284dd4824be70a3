"""BM25 over identifier-aware tokens: relevant chunks first, deterministic ties."""

from __future__ import annotations

from pathlib import Path

from article_support import copy_tinyqueue
from pse.index.builder import build_index
from pse.rag.chunks import chunk_tree
from pse.rag.retriever import BM25Retriever, Chunk, Retriever


def _chunk(path: str, text: str, start: int = 1, title: str = "") -> Chunk:
    return Chunk(path=path, start=start, end=start + text.count("\n"), text=text, title=title)


CHUNKS = [
    _chunk("a.py", "def submit(job):\n    queue.append(job)\n"),
    _chunk("b.py", "class RetryPolicy:\n    max_attempts = 3\n    backoff = 0.1\n"),
    _chunk("c.md", "# Retries\n\nFailed jobs are retried with exponential backoff.\n"),
    _chunk("d.md", "# 重试\n\n失败的任务会按指数退避重试。\n"),
]


def test_bm25_ranks_the_matching_chunk_first() -> None:
    retriever = BM25Retriever(CHUNKS)
    assert [c.path for c in retriever.search("submit a job")][:1] == ["a.py"]
    assert [c.path for c in retriever.search("retry policy max attempts")][:1] == ["b.py"]


def test_bm25_matches_identifier_parts() -> None:
    # "max attempts" in the query matches the identifier max_attempts
    assert [c.path for c in BM25Retriever(CHUNKS).search("attempts")] == ["b.py"]


def test_bm25_searches_chinese_by_bigrams() -> None:
    assert [c.path for c in BM25Retriever(CHUNKS).search("指数退避")] == ["d.md"]


def test_bm25_returns_only_chunks_that_match_and_at_most_k() -> None:
    retriever = BM25Retriever(CHUNKS)
    assert retriever.search("nothing here matches zzz") == []
    assert retriever.search("") == []
    assert len(retriever.search("backoff retried retries job", k=2)) == 2
    assert {c.path for c in retriever.search("backoff")} == {"b.py", "c.md"}


def test_bm25_ties_break_on_path_and_line() -> None:
    same = "queue runs jobs\n"
    chunks = [_chunk("z.py", same, 5), _chunk("a.py", same, 9), _chunk("a.py", same, 2)]
    found = BM25Retriever(chunks).search("queue")
    assert [(c.path, c.start) for c in found] == [("a.py", 2), ("a.py", 9), ("z.py", 5)]


def test_bm25_title_and_path_count_as_text() -> None:
    chunks = [_chunk("src/retry.py", "x = 1\n"), _chunk("b.py", "y = 2\n", title="class Queue")]
    retriever = BM25Retriever(chunks)
    assert [c.path for c in retriever.search("retry")] == ["src/retry.py"]
    assert [c.path for c in retriever.search("queue")] == ["b.py"]


def test_bm25_empty_corpus() -> None:
    assert BM25Retriever([]).search("anything") == []


def test_bm25_is_a_retriever_and_chunks_serialize() -> None:
    retriever: Retriever = BM25Retriever(CHUNKS)
    assert retriever.search("submit")[0].to_dict() == {
        "path": "a.py", "start": 1, "end": 3, "title": "",
        "text": "def submit(job):\n    queue.append(job)\n"}


def test_bm25_on_tinyqueue_finds_the_retry_code(tmp_path: Path) -> None:
    index, _ = build_index(copy_tinyqueue(tmp_path / "tq"), cache_dir=tmp_path / "cache")
    retriever = BM25Retriever(chunk_tree(index))
    top = retriever.search("exponential backoff delay before a retry attempt", k=3)
    assert top[0].title == "class tinyqueue.queue.RetryPolicy"
    again = BM25Retriever(chunk_tree(index)).search("exponential backoff delay", k=3)
    assert [c.title for c in again] == [c.title for c in retriever.search(
        "exponential backoff delay", k=3)]
