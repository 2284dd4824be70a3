"""Listwise reranking of the top retrieved chunks by a language model.

The model sees the question and the top ``depth`` candidates, numbered, each as its
path, title and first lines, and answers with the numbers in order of relevance
("3, 1, 2"). Numbers it leaves out keep their first-stage order after the ones it
names; an answer with no usable number leaves the order as it was, so a weak or
confused model can reorder but never lose a chunk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pse.rag.retriever import Chunk, Hit, ScoredRetriever

Ask = Callable[[str], str]
"""Sends one prompt to the model and returns its reply text."""
_SNIPPET = 300
_NUMBER = re.compile(r"\d+")


def rerank_prompt(query: str, chunks: Sequence[Chunk]) -> str:
    """The prompt listing the candidates for ``query``."""
    lines = [f"Question: {query}", "", "Candidates:"]
    for number, chunk in enumerate(chunks, start=1):
        snippet = " ".join(chunk.text.split())[:_SNIPPET]
        lines.append(f"[{number}] {chunk.path} lines {chunk.start}-{chunk.end} "
                     f"({chunk.title}): {snippet}")
    lines += ["", "Which candidates answer the question best? Reply with the candidate "
              "numbers only, most relevant first, separated by commas (e.g. 3, 1, 2)."]
    return "\n".join(lines)


def parse_order(reply: str, count: int) -> list[int]:
    """0-based positions in the order the reply names them, then the rest in order."""
    named: list[int] = []
    for match in _NUMBER.finditer(reply):
        position = int(match.group()) - 1
        if 0 <= position < count and position not in named:
            named.append(position)
    return named + [p for p in range(count) if p not in named]


class RerankingRetriever:
    """A first-stage retriever whose top ``depth`` hits a model puts in order."""

    def __init__(self, base: ScoredRetriever, ask: Ask, *, depth: int = 10) -> None:
        self.base, self.ask, self.depth = base, ask, depth
        self.name = f"{base.name}+rerank"

    def scored(self, query: str, *, k: int = 8) -> list[Hit]:
        """The base retriever's hits, the top ``depth`` reordered; scores are 1/rank."""
        hits = self.base.scored(query, k=max(k, self.depth))
        top, rest = hits[:self.depth], hits[self.depth:]
        if len(top) > 1:
            order = parse_order(self.ask(rerank_prompt(query, [h.chunk for h in top])),
                                len(top))
            top = [top[p] for p in order]
        return [Hit(h.chunk, 1.0 / rank, rank) for rank, h in
                enumerate([*top, *rest][:k], start=1)]

    def search(self, query: str, *, k: int = 8) -> list[Chunk]:
        """The ``k`` best chunks after reranking."""
        return [hit.chunk for hit in self.scored(query, k=k)]
