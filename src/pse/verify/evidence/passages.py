"""Passages of a project's own prose (README, docs) and the sentences that quote them.

A writer shown a README often copies it: "Sometimes you want to send some data to untrusted
environments, then get it back later." Such a sentence names no code and its words are the
docs', not the code's, so reading it against definitions calls it unsupported. When a
sentence repeats a passage of the project's prose nearly word for word, in order, that
passage is its span. Only a near copy counts: a paraphrase that mixes the docs' words with
its own ("stored in the database") is read like any other sentence.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from difflib import SequenceMatcher
from functools import cache

from pse.index.symbols import SymbolIndex
from pse.index.walk import is_test_path
from pse.text import parse
from pse.verify.evidence.spans import SourceSpan, make_span

QUOTED = 0.8
"""The share of a sentence's words that must appear in a passage, in the same order."""
_MIN_WORDS = 6
"""A shorter sentence ("Install it with pip.") repeats a passage by chance as often as by
copying it."""
_CANDIDATES = 5
"""Passages read closely per sentence: those sharing most of its words."""
_PROSE_CHARS = 1_000_000
"""At most this many characters of a tree's prose files are read (READMEs first)."""
_TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]")
_PROSE_SUFFIXES = (".md", ".markdown", ".rst", ".txt")
_NOT_PROSE = re.compile(r"(?:^|/)(?:license|licence|copying|notice|authors|requirements"
                        r"[\w.-]*)(?:\.\w+)?$", re.IGNORECASE)


def is_prose_path(path: str) -> bool:
    """Whether ``path`` is a prose file of a project (README, a docs page), not a licence
    or a requirements list."""
    name = path.rsplit("/", 1)[-1].lower()
    return (name.startswith("readme") or name.endswith(_PROSE_SUFFIXES)) and \
        not _NOT_PROSE.search(path)


def tree_passages(index: SymbolIndex, *, excluding: Collection[str] = ()
                  ) -> list[SourceSpan]:
    """Every prose block (paragraph, list item) of the tree's prose files, READMEs first,
    tests and the paths ``excluding`` left out, read up to :data:`_PROSE_CHARS`
    characters."""
    paths = sorted((p for p in index.files if is_prose_path(p) and not is_test_path(p)
                    and p not in excluding),
                   key=lambda p: (not p.rsplit("/", 1)[-1].lower().startswith("readme"),
                                  p.count("/"), p))
    spans: list[SourceSpan] = []
    budget = _PROSE_CHARS
    for path in paths:
        text = index.file_text(path)
        if not text:
            continue
        text = text[:budget]
        spans.extend(_blocks(path, text))
        budget -= len(text)
        if budget <= 0:
            break
    return spans


def _blocks(path: str, text: str) -> Iterable[SourceSpan]:
    document = parse(text, rst=path.lower().endswith(".rst"))
    for _, block in document.prose():
        written = " ".join(line for _, line in block.lines) or block.text
        if len(_tokens(written)) >= _MIN_WORDS:
            yield make_span(path, block.line, block.end, written, kind="passage")


_INTRODUCED = re.compile(
    r"^\s*(?:the\s+)?[\w.`-]+\s+(?:is|are)\s+an?\s+(?:[\w-]+\s+){0,3}?(?:library|package"
    r"|module|tool|toolkit|framework|project)\s+(?:that|which)\s+(?:(?:provides?|offers?)\s+"
    r"(?:an?\s+)?(?:way|means|set\s+of\s+\w+)\s+(?:to|for)\s+|(?:helps?|lets?|allows?|enables?)"
    r"\s+(?:you|users|developers)\s+(?:to\s+)?|can\s+)?", re.IGNORECASE)
"""How a writer introduces a project before repeating its README ("Itsdangerous is a
Python library that provides a way to ..."): the words after it are the quote."""


def quoted(sentence: str, passages: Sequence[SourceSpan]) -> SourceSpan | None:
    """The passage ``sentence`` repeats nearly word for word (at least :data:`QUOTED` of
    its words, in order; of the words after an introduction of the project such as
    "`x` is a Python library that provides a way to"), or None."""
    introduced = _INTRODUCED.match(sentence)
    if introduced is not None and introduced.end() < len(sentence):
        found = _quoted(sentence[introduced.end():], passages)
        if found is not None:
            return found
    return _quoted(sentence, passages)


def _quoted(sentence: str, passages: Sequence[SourceSpan]) -> SourceSpan | None:
    words = _tokens(sentence)
    if len(words) < _MIN_WORDS or not passages:
        return None
    wanted = set(words)
    ranked = sorted(passages, key=lambda s: -len(wanted & _token_set(s.text)))
    for passage in ranked[:_CANDIDATES]:
        matcher = SequenceMatcher(None, words, _tokens(passage.text), autojunk=False)
        same = sum(block.size for block in matcher.get_matching_blocks())
        if same >= QUOTED * len(words):
            return passage
    return None


@cache
def _token_set(text: str) -> frozenset[str]:
    return frozenset(_tokens(text))


def _tokens(text: str) -> list[str]:
    """Lower-case words and numbers, each Chinese character a word; markup and addresses
    dropped (a line of badges repeats a README's links, not its prose)."""
    return _TOKEN.findall(_ADDRESS.sub(" ", text.lower()))


_ADDRESS = re.compile(r"\]\([^)\s]*\)|\b[a-z][a-z0-9+.-]*://\S+")
