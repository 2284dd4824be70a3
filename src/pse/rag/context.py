"""What a writing step gets from retrieval: labelled context blocks, a trace, a query.

- :func:`retrieve` runs a query and returns the chunks with a :class:`RetrievalTrace`
  (query, retriever, top-k, each hit's path, lines and score) for ``trace.jsonl``.
- :func:`context_blocks` renders chunks as prompt blocks labelled with path and lines.
- :func:`merge_context` lets a later step reuse an earlier step's context (the
  Specialist reuses the Planner's; Fix receives both) without repeating a chunk.
- :func:`focused_query` turns a long task input (a job description, notes, a whole
  README) into a query of its most telling terms instead of cutting it at N characters.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pse.rag.retriever import Chunk, Hit, Retriever, ScoredRetriever
from pse.rag.tokens import tokenize

_CHUNK_CHARS = 1400
_CODE_LIKE = re.compile(r"[a-z][A-Z]|_|\.|\(\)|^[A-Z]{2,}$")
_WORD = re.compile(r"`[^`\n]{1,80}`|[A-Za-z_][A-Za-z0-9_.]*[A-Za-z0-9_]|[\u4e00-\u9fff]{2,}")


@dataclass(frozen=True)
class TracedHit:
    """One retrieved chunk as the trace records it (no text)."""

    rank: int
    path: str
    start: int
    end: int
    title: str
    score: float | None


@dataclass(frozen=True)
class RetrievalTrace:
    """A retrieval as recorded in the trace: which query, retriever and top-k gave what."""

    query: str
    retriever: str
    k: int
    hits: tuple[TracedHit, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (a ``retrieval`` trace event)."""
        return {"event": "retrieval", "query": self.query, "retriever": self.retriever,
                "k": self.k, "hits": [{"rank": h.rank, "path": h.path, "start": h.start,
                                       "end": h.end, "title": h.title, "score": h.score}
                                      for h in self.hits]}


def retrieve(retriever: Retriever, query: str, *, k: int = 8
             ) -> tuple[list[Chunk], RetrievalTrace]:
    """The ``k`` best chunks for ``query`` and the trace record of the search."""
    if isinstance(retriever, ScoredRetriever):
        hits = retriever.scored(query, k=k)
        name = retriever.name
    else:
        hits = [Hit(c, float("nan"), rank) for rank, c in
                enumerate(retriever.search(query, k=k), start=1)]
        name = type(retriever).__name__
    traced = tuple(TracedHit(h.rank, h.chunk.path, h.chunk.start, h.chunk.end, h.chunk.title,
                             None if h.score != h.score else round(h.score, 6))
                   for h in hits)
    return [h.chunk for h in hits], RetrievalTrace(query, name, k, traced)


def whole_lines(text: str, max_chars: int) -> str:
    """``text`` cut to whole lines within ``max_chars`` (one line longer than that is cut
    where it must). Cut mid-line, an excerpt ended in ``    erro`` or ``if result is None
    or`` and a small model pasted it so, as code the file does not hold."""
    if len(text) <= max_chars:
        return text
    cut = text.rfind("\n", 0, max_chars + 1)
    return text[:cut] if cut > 0 else text[:max_chars]


def context_blocks(chunks: Sequence[Chunk | Mapping[str, object]], *,
                   max_chars: int = _CHUNK_CHARS) -> str:
    """Prompt blocks, each headed by its path, lines and symbol: ``### a.py (lines 3-9)``."""
    blocks = []
    for chunk in chunks:
        item = chunk.to_dict() if isinstance(chunk, Chunk) else dict(chunk)
        label = f"### {item.get('path')} (lines {item.get('start')}-{item.get('end')})"
        if item.get("symbol"):
            label += f" — {item['symbol']}"
        text = whole_lines(str(item.get("text", "")), max_chars)
        blocks.append(f"{label}\n```\n{text}\n```")
    return "\n\n".join(blocks) or "(no excerpts)"


def merge_context(*contexts: Sequence[Chunk], limit: int = 12) -> list[Chunk]:
    """The chunks of several retrievals in order, each once, at most ``limit``."""
    seen: set[tuple[str, int, int]] = set()
    merged: list[Chunk] = []
    for context in contexts:
        for chunk in context:
            key = (chunk.path, chunk.start, chunk.end)
            if key not in seen and len(merged) < limit:
                seen.add(key)
                merged.append(chunk)
    return merged


def focused_query(text: str, *, max_terms: int = 32, short: int = 200) -> str:
    """A search query for ``text``: the text itself when short, else its key terms.

    Terms are ranked by how often they occur, code-like ones (``snake_case``, ``CamelCase``,
    dotted names, backticked spans) counting double, and kept in first-seen order so the
    query still reads like the input. Chinese runs are kept whole.
    """
    if len(text) <= short:
        return " ".join(text.split())
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for position, match in enumerate(_WORD.finditer(text)):
        term = match.group().strip("`").strip()
        if not term or not tokenize(term):
            continue
        key = term.lower()
        counts[key] += 2 if _CODE_LIKE.search(term) else 1
        first.setdefault(key, position)
        spelled.setdefault(key, term)
    best = sorted(counts, key=lambda k: (-counts[k], first[k]))[:max_terms]
    return " ".join(spelled[k] for k in sorted(best, key=lambda k: first[k]))
