"""Retrieval evaluation: BM25, dense and hybrid side by side on real trees.

Run:  python bench/retrieval_bench.py REPO... [--symbols 30] [--retrievers bm25,dense,hybrid]
                                      [--stdlib DIR]

Each REPO is a source folder: a stdlib package (``$(python -c 'import http, os;
print(os.path.dirname(http.__file__))')``) and unpacked PyPI sdists (``pip download
--no-deps --no-binary :all: click==8.1.7 httpx==0.27.0 -d /tmp/sd`` then ``tar xzf``).
Questions come from the code itself (see ``retrieval_questions.py``): about four per
documented symbol, half English, half Chinese, each answered by one file and symbol. A
retrieved chunk answers when it is in that file and overlaps the symbol's lines.

Printed per repository, language and retriever: recall@5, MRR@10 and the median query
latency; then all repositories together, and the default (hybrid: weighted reciprocal
rank fusion of BM25 and dense over chunk descriptions) minus BM25, per repository and
overall. ``dense`` embeds each chunk's description (title, symbol in words, signatures,
docstrings: :mod:`pse.rag.passages`); ``dense-raw`` its raw text, for comparison. With
``--stdlib DIR`` it also builds the persisted index of that whole tree (a copy, so one
file can be touched) and prints build time, size, the incremental update after touching
one file as a share of the full build, and the median BM25 query latency. With
``--rerank N`` it also compares hybrid with hybrid+rerank (the configured LLM) on the
first N questions of each language of each repository.

Embeddings are cached in ``--cache`` (default: a folder under the system temp dir), so a
second run embeds nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from retrieval_questions import Question, questions_for  # noqa: E402

from pse.index.builder import build_index  # noqa: E402
from pse.rag.chunks import chunk_tree  # noqa: E402
from pse.rag.dense import DENSE_WEIGHT, DenseRetriever, HybridRetriever  # noqa: E402
from pse.rag.embeddings import EmbeddingCache, Kind, LocalEmbedder, Vectors  # noqa: E402
from pse.rag.passages import passage_text, raw_passage  # noqa: E402
from pse.rag.retriever import BM25Retriever, Chunk, ScoredRetriever  # noqa: E402


@dataclass(frozen=True)
class Score:
    """Results of one retriever on one set of questions."""

    recall5: float
    mrr10: float
    median_ms: float
    count: int


def rank_of(question: Question, chunks: Sequence[Chunk]) -> int:
    """1-based rank of the first chunk that holds the answer (0: none in the list)."""
    for rank, chunk in enumerate(chunks, start=1):
        if chunk.path == question.path and chunk.start <= question.end \
                and chunk.end >= question.start:
            return rank
    return 0


def ranks(retriever: ScoredRetriever, questions: Sequence[Question]
          ) -> list[tuple[int, float]]:
    """(rank of the answer, milliseconds) of every question."""
    found = []
    for question in questions:
        started = time.perf_counter()
        chunks = retriever.search(question.text, k=10)
        found.append((rank_of(question, chunks), (time.perf_counter() - started) * 1000))
    return found


def score(found: Sequence[tuple[int, float]]) -> Score:
    """recall@5, MRR@10 and median latency of ranks from :func:`ranks`."""
    return Score(recall5=sum(1 for r, _ in found if 0 < r <= 5) / len(found),
                 mrr10=sum(1 / r for r, _ in found if r) / len(found),
                 median_ms=statistics.median(ms for _, ms in found), count=len(found))


def retrievers_for(chunks: list[Chunk], names: Sequence[str], cache: EmbeddingCache
                   ) -> dict[str, ScoredRetriever]:
    """The named retrievers over ``chunks`` (dense ones share one embedding pass).

    ``hybrid`` is the default (weighted RRF, dense weight :data:`DENSE_WEIGHT`),
    ``rrf-equal`` plain RRF with equal weights; ``dense-raw`` embeds each chunk's raw
    head instead of its description (:func:`pse.rag.passages.passage_text`).
    """
    made: dict[str, ScoredRetriever] = {}
    bm25 = BM25Retriever(chunks)
    dense = raw = None
    if {"dense", "hybrid", "rrf-equal"} & set(names):
        dense = _timed_dense(chunks, cache, passage_text, "described")
    if "dense-raw" in names:
        raw = _timed_dense(chunks, cache, raw_passage, "raw")
    for name in names:
        if name == "bm25":
            made[name] = bm25
        elif name == "dense" and dense is not None:
            made[name] = dense
        elif name == "dense-raw" and raw is not None:
            made[name] = raw
        elif name == "hybrid" and dense is not None:
            made[name] = HybridRetriever([bm25, dense], weights=[1.0, DENSE_WEIGHT])
        elif name == "rrf-equal" and dense is not None:
            made[name] = HybridRetriever([bm25, dense])
    return made


class _QueryMemo:
    """The local embedder, each query embedded once per run (dense, rrf-equal and hybrid
    ask the same questions; ``rrf-equal``'s latency leaves the query's embedding out)."""

    def __init__(self) -> None:
        self._model = LocalEmbedder()
        self.name = self._model.name
        self._queries: dict[str, Vectors] = {}

    def forget(self) -> None:
        """Embed every query again (so that the default's latency is its own)."""
        self._queries.clear()

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:
        if kind == "passage" or len(texts) != 1:
            return self._model.embed(texts, kind=kind)
        if texts[0] not in self._queries:
            self._queries[texts[0]] = self._model.embed(texts, kind=kind)
        return self._queries[texts[0]]


_EMBEDDER: list[_QueryMemo] = []


def _timed_dense(chunks: list[Chunk], cache: EmbeddingCache,
                 passage: Callable[[Chunk], str], label: str) -> DenseRetriever:
    started = time.perf_counter()
    if not _EMBEDDER:
        _EMBEDDER.append(_QueryMemo())
    dense = DenseRetriever(chunks, _EMBEDDER[0], cache=cache, passage=passage)
    print(f"  {label} embeddings ready in {time.perf_counter() - started:.1f}s",
          file=sys.stderr)
    return dense


def run_repo(root: Path, *, symbols: int, names: Sequence[str], cache: EmbeddingCache,
             work: Path, rerank: int = 0
             ) -> dict[tuple[str, str], tuple[Score, list[Question]]]:
    """Scores per (retriever, language) on one repository."""
    index, _ = build_index(root, cache_dir=work / root.name)
    chunks = chunk_tree(index)
    files = sorted(p for p, (lang, _) in index.files.items() if lang == "python")
    questions = questions_for(index.root, files, symbols=symbols)
    print(f"{root.name}: {len(files)} Python files, {len(chunks)} chunks, "
          f"{len(questions)} questions", file=sys.stderr)
    results = {}
    groups = ["en", "zh", *sorted({q.form for q in questions})]
    made = retrievers_for(chunks, names, cache)
    if rerank and "hybrid" in made:
        _rerank_sample(made["hybrid"], questions, rerank, results)
    for name, retriever in made.items():
        if name == "hybrid" and _EMBEDDER:
            _EMBEDDER[0].forget()
        found = ranks(retriever, questions)
        for group in groups:
            subset = [i for i, q in enumerate(questions) if group in (q.lang, q.form)]
            results[(name, group)] = (score([found[i] for i in subset]),
                                      [questions[i] for i in subset])
    index.close()
    return results


def _rerank_sample(hybrid: ScoredRetriever, questions: Sequence[Question], count: int,
                   results: dict[tuple[str, str], tuple[Score, list[Question]]]) -> None:
    """hybrid and hybrid+rerank on the first ``count`` questions of each language."""
    from pse.config import load_settings  # noqa: PLC0415 - only with --rerank
    from pse.llm.registry import build_router  # noqa: PLC0415
    from pse.llm.types import Message  # noqa: PLC0415
    from pse.rag.rerank import RerankingRetriever  # noqa: PLC0415

    router = build_router(load_settings(), environ=dict(os.environ))
    reranked = RerankingRetriever(hybrid, lambda prompt: router.chat(
        [Message.user(prompt)], stage="planner", max_tokens=60).text)
    for lang in ("en", "zh"):
        sample = [q for q in questions if q.lang == lang][:count]
        results[("hyb-sample", lang)] = (score(ranks(hybrid, sample)), sample)
        results[("+rerank", lang)] = (score(ranks(reranked, sample)), sample)


def print_table(title: str, rows: dict[tuple[str, str], Score], names: Sequence[str],
                groups: Sequence[str] = ("en", "zh")) -> None:
    """One block: a line per retriever and language (or question form)."""
    print(f"\n{title}")
    print(f"  {'retriever':<10} {'lang':<7} {'n':>4} {'recall@5':>9} {'MRR@10':>8} "
          f"{'p50 ms':>8}")
    for name in names:
        for lang in groups:
            if (name, lang) in rows:
                s = rows[(name, lang)]
                print(f"  {name:<10} {lang:<7} {s.count:>4} {s.recall5:>9.3f} {s.mrr10:>8.3f} "
                      f"{s.median_ms:>8.1f}")


def pooled(scores: Sequence[Score]) -> Score:
    """Scores of several question sets taken together (latency: median of medians)."""
    total = sum(s.count for s in scores)
    return Score(recall5=sum(s.recall5 * s.count for s in scores) / total,
                 mrr10=sum(s.mrr10 * s.count for s in scores) / total,
                 median_ms=statistics.median(s.median_ms for s in scores), count=total)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the evaluation; print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="*", type=Path)
    parser.add_argument("--symbols", type=int, default=30)
    parser.add_argument("--retrievers", default="bm25,dense,rrf-equal,hybrid",
                        help="any of bm25, dense, dense-raw, rrf-equal, hybrid")
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "pse-retrieval-bench")
    parser.add_argument("--stdlib", type=Path, default=None)
    parser.add_argument("--rerank", type=int, default=0, metavar="N",
                        help="also measure hybrid+rerank (the configured LLM, listwise) "
                        "on the first N questions of each language of each repository")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.retrievers.split(",") if n.strip()]
    shown = [*names, "hyb-sample", "+rerank"] if args.rerank else names
    cache = EmbeddingCache(args.cache / "embeddings.sqlite")
    everything: dict[tuple[str, str], list[Score]] = {}
    with tempfile.TemporaryDirectory() as work:
        for root in args.repos:
            results = run_repo(root.resolve(), symbols=args.symbols, names=names,
                               cache=cache, work=Path(work), rerank=args.rerank)
            scores = {key: s for key, (s, _) in results.items()}
            print_table(f"{root.name}", scores, shown)
            _print_gain(scores, where=root.name)
            for key, (score, _) in results.items():
                everything.setdefault(key, []).append(score)
    if everything:
        total = {key: pooled(scores) for key, scores in everything.items()}
        print_table(f"all {len(args.repos)} repositories", total, shown)
        forms = sorted({group for _, group in total} - {"en", "zh"})
        print_table("all repositories, by question form", total, names, forms)
        _print_gain(total, where=f"all {len(args.repos)} repositories")
    if args.stdlib is not None:
        from stdlib_index import report_stdlib  # noqa: PLC0415 - only for --stdlib

        report_stdlib(args.stdlib)
    return 0


def _print_gain(total: dict[tuple[str, str], Score], *, where: str) -> None:
    for lang in ("en", "zh"):
        if ("hybrid", lang) in total and ("bm25", lang) in total:
            h, b = total[("hybrid", lang)], total[("bm25", lang)]
            print(f"  {where}: default (hybrid) - bm25, {lang}: recall@5 "
                  f"{h.recall5 - b.recall5:+.3f}, MRR@10 {h.mrr10 - b.mrr10:+.3f}")


if __name__ == "__main__":
    sys.exit(main())
