"""``pse rag index SOURCE`` and ``pse rag query SOURCE QUESTION``: inspect retrieval."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import click

from pse.cli.common import (
    EXIT_OK,
    OUTPUT_OPTION,
    CliContext,
    CliError,
    ProgressBar,
    get_context,
    verbosity_options,
)
from pse.cli.output import check_output_file, write_output
from pse.cli.sources import open_index
from pse.config import Settings, cache_dir
from pse.rag.context import focused_query
from pse.rag.factory import build_retriever, plan_retrieval
from pse.rag.retriever import Hit, ScoredRetriever
from pse.rag.store import RetrievalIndex, UpdateStats, update_index

RETRIEVERS = click.Choice(["auto", "bm25", "dense", "hybrid"])


@click.group("rag")
def command() -> None:
    """Build and query the retrieval index that grounds the writers.

    \b
    Examples:
      pse rag index .                          # chunk, tokenize, embed what changed
      pse rag query . "where are retries scheduled?"
      pse rag query . "重试是在哪里安排的？" --retriever bm25 --json
    """


def _open(context: CliContext, settings: Settings, source: Path
          ) -> tuple[RetrievalIndex, UpdateStats]:
    index, _ = open_index(context, settings, source)
    try:
        return update_index(index, cache_dir=cache_dir(settings),
                            on_progress=ProgressBar("retrieval index",
                                                    verbosity=context.verbosity))
    finally:
        index.close()


def _retriever(context: CliContext, settings: Settings, loaded: RetrievalIndex
               ) -> ScoredRetriever:
    return build_retriever(settings, loaded.chunks, segments=loaded.segments,
                           on_progress=ProgressBar("embedding", verbosity=context.verbosity),
                           on_notice=context.progress, ask=_ask(context, settings))


def _ask(context: CliContext, settings: Settings) -> Callable[[str], str] | None:
    """The planner's model as a reranker, when ``rag.reranker = llm``."""
    if settings.get_str("rag.reranker") != "llm":
        return None
    from pse.llm.registry import build_router  # noqa: PLC0415 - only when reranking
    from pse.llm.types import Message  # noqa: PLC0415

    router = build_router(settings, environ=context.environ)

    def ask(prompt: str) -> str:
        return router.chat([Message.user(prompt)], stage="planner", max_tokens=60).text
    return ask


def _settings(ctx: click.Context, source: Path, retriever: str | None,
              rerank: bool = False) -> Settings:
    context = get_context(ctx)
    return context.settings(cli={"rag.retriever": retriever,
                                 "rag.reranker": "llm" if rerank else None}, start=source)


@command.command("index")
@click.argument("source", type=click.Path(path_type=Path))
@click.option("--retriever", type=RETRIEVERS, default=None,
              help="Retriever to prepare (default: rag.retriever, auto).")
@verbosity_options
@click.pass_context
def index_command(ctx: click.Context, source: Path, retriever: str | None) -> int:
    """Build or update the retrieval index of SOURCE (changed files only).

    \b
    Exit codes: 0 index ready, 2 bad input or settings.
    Examples:
      pse rag index .
      pse rag index src --retriever bm25
    """
    context = get_context(ctx)
    settings = _settings(ctx, source, retriever)
    plan_retrieval(settings)  # a bad setting fails before any work
    started = time.perf_counter()
    loaded, stats = _open(context, settings, source)
    chosen = _retriever(context, settings, loaded)
    write_output(f"{stats.files} files, {stats.chunks} chunks ({stats.changed} chunked now, "
                 f"{stats.removed} removed; {stats.rebuilt} of {stats.segments} BM25 segments "
                 f"rebuilt), {stats.bytes / 1e6:.1f} MB in {loaded.folder}; "
                 f"{chosen.name} ready in {time.perf_counter() - started:.1f}s", None)
    return EXIT_OK


@command.command("query")
@click.argument("source", type=click.Path(path_type=Path))
@click.argument("question")
@click.option("-k", "--top-k", type=click.IntRange(1, 100), default=None,
              help="How many chunks to show (default: rag.top_k).")
@click.option("--retriever", type=RETRIEVERS, default=None,
              help="Retriever to use (default: rag.retriever, auto).")
@click.option("--rerank", is_flag=True,
              help="Let the LLM reorder the top hits (rag.reranker = llm).")
@click.option("--json", "as_json", is_flag=True, help="Print the hits as JSON.")
@OUTPUT_OPTION
@verbosity_options
@click.pass_context
def query_command(ctx: click.Context, source: Path, question: str, top_k: int | None,
                  retriever: str | None, rerank: bool, as_json: bool,
                  output_file: Path | None) -> int:
    """Show the chunks of SOURCE that retrieval finds for QUESTION, with scores.

    \b
    Exit codes: 0 answered (also when nothing matches), 2 bad input or settings.
    Examples:
      pse rag query . "where are retries scheduled?"
      pse rag query . "config loading" -k 3 --json -o reports/hits.json
    """
    if not question.strip():
        raise CliError("the question is empty; ask something, e.g. \"where is X handled?\"")
    check_output_file(output_file, inputs=[source])
    context = get_context(ctx)
    settings = _settings(ctx, source, retriever, rerank)
    plan_retrieval(settings)
    loaded, _ = _open(context, settings, source)
    chosen = _retriever(context, settings, loaded)
    query = focused_query(question)
    k = top_k or settings.get_int("rag.top_k")
    started = time.perf_counter()
    hits = chosen.scored(query, k=k)
    elapsed = (time.perf_counter() - started) * 1000
    text = (_json(query, chosen.name, hits) if as_json
            else _text(query, chosen.name, hits, elapsed))
    write_output(text, output_file, inputs=[source])
    return EXIT_OK


def _json(query: str, name: str, hits: list[Hit]) -> str:
    return json.dumps({"query": query, "retriever": name, "hits": [
        {"rank": h.rank, "path": h.chunk.path, "start": h.chunk.start, "end": h.chunk.end,
         "title": h.chunk.title, "symbol": h.chunk.symbol, "score": round(h.score, 6)}
        for h in hits]}, indent=2, ensure_ascii=False)


def _text(query: str, name: str, hits: list[Hit], elapsed_ms: float) -> str:
    if not hits:
        return f"no chunk matches {query!r} ({name})"
    lines = [f"{name}, {len(hits)} hits in {elapsed_ms:.1f} ms for {query!r}:"]
    for hit in hits:
        first = next((line.strip() for line in hit.chunk.text.splitlines() if line.strip()), "")
        lines.append(f"{hit.rank:>3}. {hit.chunk.path}:{hit.chunk.start}-{hit.chunk.end}  "
                     f"{hit.chunk.title}  (score {hit.score:.4f})")
        lines.append(f"     {first[:100]}")
    return "\n".join(lines)
