"""Context for the writers: labelled blocks, traces with scores, focused queries."""

from __future__ import annotations

import json

from pse.rag.context import context_blocks, focused_query, merge_context, retrieve
from pse.rag.retriever import BM25Retriever, Chunk

CHUNKS = [
    Chunk("src/q.py", 14, 22, "class RetryPolicy:\n    backoff = 0.1\n", "class q.RetryPolicy",
          "q.RetryPolicy"),
    Chunk("src/q.py", 25, 60, "class JobQueue:\n    def submit(self, job): ...\n",
          "class q.JobQueue", "q.JobQueue"),
    Chunk("README.md", 1, 5, "# tinyqueue\n\nRun jobs, retry failures.\n", "# tinyqueue"),
]


def test_retrieve_returns_chunks_and_a_trace_with_scores() -> None:
    chunks, trace = retrieve(BM25Retriever(CHUNKS), "retry policy backoff", k=2)
    assert chunks[0] == CHUNKS[0]
    record = trace.to_dict()
    assert record["event"] == "retrieval" and record["retriever"] == "bm25"
    assert record["k"] == 2 and record["query"] == "retry policy backoff"
    hits = record["hits"]
    assert isinstance(hits, list) and hits[0]["path"] == "src/q.py" and hits[0]["rank"] == 1
    assert hits[0]["start"] == 14 and hits[0]["score"] > 0
    json.dumps(record)  # trace-ready


def test_retrieve_from_a_plain_retriever_has_no_scores() -> None:
    class Plain:
        def search(self, query: str, *, k: int = 8) -> list[Chunk]:  # noqa: ARG002
            return CHUNKS[:k]
    _, trace = retrieve(Plain(), "x", k=1)
    assert trace.retriever == "Plain" and trace.hits[0].score is None


def test_context_blocks_are_labelled_with_path_lines_and_symbol() -> None:
    text = context_blocks([CHUNKS[0], CHUNKS[2].to_dict()], max_chars=12)
    assert text.startswith("### src/q.py (lines 14-22) — q.RetryPolicy\n```\nclass RetryP")
    assert "### README.md (lines 1-5)\n```\n# tinyqueue" in text
    assert context_blocks([]) == "(no excerpts)"


def test_merge_context_keeps_order_drops_repeats_and_caps() -> None:
    planner, specialist = [CHUNKS[2], CHUNKS[0]], [CHUNKS[0], CHUNKS[1]]
    assert merge_context(planner, specialist) == [CHUNKS[2], CHUNKS[0], CHUNKS[1]]
    assert merge_context(planner, specialist, limit=2) == [CHUNKS[2], CHUNKS[0]]


def test_focused_query_keeps_short_inputs_whole() -> None:
    assert focused_query("  where is   the retry policy? ") == "where is the retry policy?"


def test_focused_query_picks_the_telling_terms_of_a_long_input() -> None:
    jd = ("We are hiring a backend engineer. " * 5 + "You will own the `RetryPolicy` and "
          "the job_queue service, tune exponential backoff, and keep the job_queue fast. "
          "Experience with asyncio and Kubernetes is a plus. 我们重视分布式系统经验。" + " " * 50)
    query = focused_query(jd, max_terms=8)
    words = query.split()
    assert len(words) <= 8 and len(query) < len(jd) / 4
    assert "RetryPolicy" in words and "job_queue" in words
    assert words.index("RetryPolicy") < words.index("job_queue")  # first-seen order
    assert "the" not in words and "a" not in words
