"""What hybrid retrieval adds to an article run: the seconds to build its retrievers.

Run:  python bench/retrieval_task_cost.py TREE... [--cache DIR]

For each TREE (``examples/tinyqueue``, a stdlib package), builds the article task's two
retrievers (planner over docs, specialist over source) the way a run does, first with
BM25 only, then hybrid with the packaged embedding model on a cold embedding cache, then
again on the warm cache (a second run on the same tree, or a tree whose chunks did not
change), and runs the planner and one section query. Prints seconds and the embedded
chunk count; the warm run must embed nothing (the cache is keyed by passage hash).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from pse.config import load_settings
from pse.llm.fake import ScriptedLLM
from pse.pipeline.plan import Section
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask


def build_seconds(tree: Path, cache: Path, retriever: str) -> tuple[float, int]:
    """Seconds to prepare a run's retrieval on ``tree`` and the passages embedded."""
    environ = {"PSE_CACHE_DIR": str(cache / "pse"), "PSE_RAG_RETRIEVER": retriever}
    settings = load_settings(environ=environ, start=tree, cwd=tree)
    task = ArticleTask(settings=settings)
    state = PSEState(run_id="cost", task="article",
                     inputs=ArticleInputs(source=str(tree), lang="en", project=tree.name))
    task.chunks(state)  # the symbol index and chunks: the same for every retriever
    before = _cached(cache)
    started = time.perf_counter()
    state = task.prepare(state, RunDeps(llm=ScriptedLLM()))
    state.sections.append(Section("How it works"))
    task.section_context(state, RunDeps(llm=ScriptedLLM()))
    return time.perf_counter() - started, _cached(cache) - before


def _cached(cache: Path) -> int:
    """Vectors in the embedding cache under ``cache``."""
    path = cache / "pse" / "rag" / "embeddings.sqlite"
    if not path.is_file():
        return 0
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    args = parser.parse_args(argv)
    print(f"{'tree':<12} {'bm25 s':>8} {'hybrid cold s':>14} {'embedded':>9} "
          f"{'hybrid warm s':>14} {'embedded':>9}")
    for tree in args.trees:
        with tempfile.TemporaryDirectory() as cache:
            bm25, _ = build_seconds(tree.resolve(), Path(cache), "bm25")
            cold, embedded = build_seconds(tree.resolve(), Path(cache), "hybrid")
            warm, again = build_seconds(tree.resolve(), Path(cache), "hybrid")
        print(f"{tree.name:<12} {bm25:>8.2f} {cold:>14.2f} {embedded:>9} {warm:>14.2f} "
              f"{again:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
