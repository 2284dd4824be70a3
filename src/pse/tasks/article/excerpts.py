"""Excerpt choice: what a section's Specialist is shown, within a fixed budget.

A section's Specialist sees the source of its focus symbols first, then the part of the
Planner's context (docs) that matches the section, then what the specialist retriever
finds in the source for its title and focus (call sites, tests), within a fixed budget:
a long article fits any context window, and a small model gets a task it can do.

The two retrievers, as in the seeds: :func:`doc_chunks` (README, docs, module docstrings)
feed the planner retriever, :func:`source_chunks` the specialist retriever.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from pse.index.symbols import SymbolIndex
from pse.index.walk import is_test_path
from pse.pipeline.plan import Section
from pse.rag.context import RetrievalTrace, focused_query, retrieve, whole_lines
from pse.rag.retriever import BM25Retriever, Chunk, Retriever
from pse.tasks.article.markup import rst_as_markdown, unwrap

CONTEXT_CHARS = 3000
"""Excerpt budget per section (about 850 tokens: fits a 2,048-token window with room)."""


_MAX_CHUNK = 1100


def section_context(index: SymbolIndex, chunks: Sequence[Chunk], section: Section,
                    *, retriever: Retriever | None,
                    planner_context: Sequence[Chunk] = ()) -> list[Chunk]:
    """Excerpts for ``section``: its focus symbols' source, then retrieved passages."""
    found, _ = section_excerpts(index, chunks, section, retriever=retriever,
                                planner_context=planner_context)
    return found


def section_excerpts(index: SymbolIndex, chunks: Sequence[Chunk], section: Section,
                     *, retriever: Retriever | None, planner_context: Sequence[Chunk] = ()
                     ) -> tuple[list[Chunk], RetrievalTrace]:
    """:func:`section_context` and the trace record of its search.

    Order: the focus symbols' own source, a docs passage and a test naming them, the
    Planner's context chunk that matches the section best, then the specialist
    retriever's hits; each kept while the budget :data:`CONTEXT_CHARS` allows.
    """
    focus = section.focus
    # "`get_shell` in `posix/__init__.py`": the focus file's definition, not a namesake's
    files = tuple(name for name in focus if _is_path(name.strip("`")))
    picked: list[Chunk] = [c for name in focus
                           for c in defining(index, chunks, name, within=files)[:1]]
    picked.extend(mentioning(chunks, focus, picked))
    query = focused_query(" ".join([section.title, *focus, section.brief]))
    if planner_context:  # one passage: a small model copied whole docs passages it was shown
        picked.extend(BM25Retriever(planner_context).search(query, k=1))
    hits, trace = retrieve(retriever or BM25Retriever(chunks), query, k=8)
    picked.extend(hits)
    return _within_budget(picked), trace


def _within_budget(picked: Sequence[Chunk]) -> list[Chunk]:
    chosen: list[Chunk] = []
    used = 0
    for chunk in picked:
        key = (chunk.path, chunk.start)
        if any((c.path, c.start) == key for c in chosen) or \
                (chosen and is_import_list(chunk.text)):
            continue
        text = _doc_text(chunk) if is_doc(chunk.path) else source_excerpt(chunk.text)
        if used + len(text) > CONTEXT_CHARS and chosen:
            continue
        chosen.append(replace(chunk, text=text))
        used += len(text)
    return chosen


def source_excerpt(text: str) -> str:
    """A source chunk cut to whole lines within :data:`_MAX_CHUNK` characters."""
    return whole_lines(text, _MAX_CHUNK)


_MAX_DOC = 700
"""A docs passage is context, not material to paste: shorter than a source excerpt."""


def _doc_text(chunk: Chunk) -> str:
    """A docs chunk as the writer sees it: Markdown, cut at a paragraph end near
    :data:`_MAX_DOC` characters."""
    text = unwrap(rst_as_markdown(chunk.text) if chunk.path.lower().endswith((".rst", ".txt"))
                  else chunk.text)
    if len(text) <= _MAX_DOC:
        return text
    cut = text.rfind("\n\n", 0, _MAX_DOC)
    return text[:cut if cut > _MAX_DOC // 3 else _MAX_DOC].rstrip()


_EXPORT_LINE = re.compile(r"""^\s*(?:from\s|import\s|__all__\b|["'][\w.]+["'],?\s*$|[\])]\s*$)""")
"""An import, an ``__all__`` line, or one of its quoted names."""


def is_import_list(text: str) -> bool:
    """Whether a chunk is mostly import statements (a package's ``__init__``): it explains
    nothing, and a small model pasted one into a section as its only "example"."""
    lines = [line for line in text.split("\n") if line.strip()
             and not line.lstrip().startswith("#")]
    imports = sum(1 for line in lines if _EXPORT_LINE.match(line))
    return len(lines) >= 4 and imports >= 0.5 * len(lines)


def doc_chunks(chunks: Sequence[Chunk]) -> list[Chunk]:
    """What the planner retriever searches: docs files and each module's docstring.

    A module's docstring is the head of its first chunk, cut where the docstring ends
    (its imports and code stay with the source).
    """
    found: list[Chunk] = []
    for chunk in chunks:
        if is_doc(chunk.path) and not is_test_path(chunk.path) and not is_meta_doc(chunk.path):
            found.append(chunk)
        elif chunk.path.endswith(".py") and chunk.start == 1 and not chunk.symbol:
            head = _module_docstring(chunk)
            if head is not None:
                found.append(head)
    return found


def source_chunks(chunks: Sequence[Chunk]) -> list[Chunk]:
    """What the specialist retriever searches: everything but the docs files."""
    return [c for c in chunks if not is_doc(c.path)]


def _module_docstring(chunk: Chunk) -> Chunk | None:
    lines = chunk.text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()
                  and not line.startswith("#")), None)
    if first is None or not lines[first].lstrip("rbuRBU").startswith(('"""', "'''")):
        return None
    quote = lines[first].lstrip("rbuRBU")[:3]
    last = next((i for i in range(first, len(lines))
                 if lines[i].count(quote) >= (2 if i == first else 1)), len(lines) - 1)
    return Chunk(chunk.path, chunk.start + first, chunk.start + last,
                 "\n".join(lines[first:last + 1]), title=f"{chunk.path} (module docstring)")


def mentioning(chunks: Sequence[Chunk], focus: Sequence[str], skip: Sequence[Chunk]
               ) -> list[Chunk]:
    """A README or docs passage and a test that name a focus symbol (one of each)."""
    tails = [f.strip("`").removesuffix("()").rsplit(".", 1)[-1] for f in focus if "/" not in f]
    patterns = [re.compile(rf"\b{re.escape(t)}\b") for t in tails if len(t) > 2]
    found: list[Chunk] = []
    for kind in (is_doc, is_test_path):
        hit = next((c for c in chunks if kind(c.path) and c not in skip
                    and not is_meta_doc(c.path) and any(p.search(c.text) for p in patterns)), None)
        if hit is not None:
            found.append(mention_passage(hit, patterns) if kind is is_doc else hit)
    return found


def mention_passage(chunk: Chunk, patterns: Sequence[re.Pattern[str]]) -> Chunk:
    """The paragraph of a docs chunk that names a focus symbol, with the paragraph that
    introduces it when it is code (``Example::``) or introduces the next one.

    The whole chunk was a README's opening (badges, the project's pitch) and a small model
    pasted that pitch into a section about one class; the paragraph that names the class
    is what the section needs.
    """
    paragraphs = _paragraphs(chunk.text)
    hit = next((i for i, (_, text) in enumerate(paragraphs)
                if any(p.search(text) for p in patterns)), None)
    if hit is None:
        return chunk
    first = last = hit
    if hit > 0 and (paragraphs[hit][1][:1].isspace()
                    or _introduces(paragraphs[hit - 1][1])):
        first = hit - 1
    if last + 1 < len(paragraphs) and _introduces(paragraphs[last][1]):
        last += 1
    start = paragraphs[first][0]
    text = "\n\n".join(t for _, t in paragraphs[first:last + 1])
    return Chunk(chunk.path, chunk.start + start, chunk.start + start + text.count("\n"), text,
                 title=chunk.title, symbol=chunk.symbol)


_OPEN_END = re.compile(r"(?:[:：,，]|[\w`*_])\s*$")
_NOT_PROSE = re.compile(r"^(?:\s{4}|\t|\s*(?:#|```|~~~|\||[-*+] |\d+[.)] |>|\.\. |<))")


def _introduces(paragraph: str) -> bool:
    """Whether a paragraph is the opening of what follows: it ends in a colon ("Example:")
    or in the middle of its sentence ("`DotMap` is a dot-access `dict` subclass that",
    then the list of what it does); without what follows, a small model copies it as a
    broken sentence. A heading, a list, a table or code ends no sentence either, and
    introduces nothing."""
    last = paragraph.rstrip().split("\n")[-1]
    return bool(_OPEN_END.search(last)) and not _NOT_PROSE.match(last) and \
        not _NOT_PROSE.match(paragraph)


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """Blank-line separated paragraphs with their 0-based first line."""
    found: list[tuple[int, str]] = []
    current: list[str] = []
    for number, line in enumerate([*text.split("\n"), ""]):
        if line.strip():
            current.append(line)
        elif current:
            found.append((number - len(current), "\n".join(current)))
            current = []
    return found


def is_doc(path: str) -> bool:
    lower = path.lower()
    return lower.startswith(("readme", "docs/", "doc/")) or lower.endswith((".md", ".rst"))


_META_DOC = re.compile(
    r"(?:^|/)(?:changes?|changelog|history|news|release[-_ ]?notes?|whatsnew|changelog\.d)"
    r"(?:[./]|$)|(?:^|/)(?:claude|agents?|gemini|copilot-instructions|\.cursorrules|"
    r"code[-_]of[-_]conduct|licen[cs]e|copying|security|authors|contributors)(?:\.\w+)?$",
    re.IGNORECASE)


def is_meta_doc(path: str) -> bool:
    """Whether ``path`` is a docs file that does not describe the project: a changelog (news
    of one release, "now emits a warning", which a writer retells as what the project does),
    instructions for coding agents (``CLAUDE.md``, ``AGENTS.md``: orders, not facts), or a
    licence, code of conduct, security policy or list of authors."""
    return bool(_META_DOC.search(path)) and not path.endswith(".py")


def _is_path(name: str) -> bool:
    return "/" in name or name.endswith((".py", ".md", ".toml"))


def defining(index: SymbolIndex, chunks: Sequence[Chunk], name: str, *,
             within: Sequence[str] = ()) -> list[Chunk]:
    """The chunks that hold the definition of ``name`` (a symbol or a file path); of a
    name several files define, the one in a file of ``within`` (the files a section's
    focus names) first."""
    bare = name.strip("`").removesuffix("()")
    if _is_path(bare):
        return [c for c in chunks if c.path == bare][:1]
    tail = bare.rsplit(".", 1)[-1]
    symbols = [s for s in index.by_name(tail) if s.qualname.endswith(bare)] or \
        index.by_name(tail)
    symbols = sorted(symbols, key=lambda s: s.path not in within)
    found: list[Chunk] = []
    for symbol in symbols[:2]:
        found.extend(c for c in chunks if c.path == symbol.path
                     and c.start <= symbol.line <= c.end)
    return found
