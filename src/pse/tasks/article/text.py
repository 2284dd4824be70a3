"""Reading an article's text: prose lines, sentences, words, code blocks (pure helpers).

Every reader here goes through the document model (:mod:`pse.text`): one fence rule (a
fence at any indentation, a list item's code block and an indented block are code) and
one sentence splitter for the whole article task. Words are whitespace-separated tokens
of Latin script plus one per CJK character, so a Chinese article's length compares with
``--words`` the way its readers count (字数).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from pse.text import Document, parse_markdown, sentence_bounds

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z0-9_][\w'.-]*")


@dataclass(frozen=True)
class Block:
    """A fenced code block: where its opening fence is and what it holds."""

    line: int
    fence: str
    """The opening fence line as written."""
    body: str
    closed: bool
    end: int = 0
    """The 1-based line of the closing fence (the block's last line if unclosed)."""


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """1-based numbered lines outside code blocks (fence lines excluded).

    Code is the document model's (:mod:`pse.text`): a fence inside a list item counts, at
    any indentation, and so does an indented code block (a list item's included).
    """
    code = parse_markdown(text).code_lines()
    for number, line in enumerate(text.split("\n"), start=1):
        if number not in code:
            yield number, line


@lru_cache(maxsize=8)
def code_line_indices(lines: tuple[str, ...]) -> frozenset[int]:
    """0-based indices of the lines of code blocks, fence lines included (cached: callers
    ask line by line about the same text)."""
    return frozenset(n - 1 for n in parse_markdown("\n".join(lines)).code_lines())


def code_blocks(text: str) -> list[Block]:
    """Every fenced block, in order (an unclosed one runs to the end of its container)."""
    lines = text.split("\n")
    blocks: list[Block] = []
    for block in parse_markdown(text).code():
        if not block.label:
            continue  # an indented code block
        opening = lines[block.line - 1] if block.line <= len(lines) else ""
        closing = lines[block.end - 1].strip() if block.end > block.line else ""
        closed = closing.startswith(block.label) and not closing.lstrip("`~").strip()
        body = lines[block.line:block.end - 1 if closed else block.end]
        blocks.append(Block(block.line, opening, "\n".join(body), closed=closed,
                            end=block.end))
    return blocks


LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
"""A list item's marker and the space after it."""


def read(text: str | Document) -> Document:
    """The document model of an article text (a model already read is returned as is)."""
    return text if isinstance(text, Document) else parse_markdown(text)


def sentences(text: str | Document) -> list[tuple[int, str]]:
    """``(line, sentence)`` for every sentence of the prose blocks (paragraphs, list items,
    definitions; not headings, table rows or code), split by :func:`pse.text.sentence_bounds`."""
    return [(number, line[a:b].strip()) for number, line in read(text).prose_lines()
            for a, b in sentence_bounds(line)]


def count_words(text: str) -> int:
    """Latin words plus CJK characters of the prose and code."""
    return len(_LATIN_WORD.findall(text)) + len(CJK.findall(text))


def cjk_share(text: str) -> float:
    """CJK characters among the letters of the prose (outside code and backticks)."""
    prose = "\n".join(line for _, line in prose_lines(text))
    prose = re.sub(r"`[^`]*`", " ", prose)
    cjk = len(CJK.findall(prose))
    latin = sum(len(w) for w in re.findall(r"[A-Za-z]+", prose))
    return cjk / (cjk + latin / 4) if cjk or latin else 0.0


def normalized(sentence: str) -> str:
    """Lower case, punctuation and markup gone, a link read as its text: the key of a
    repetition ("[pathvalidate](https://...) 是一个 Python 库" repeats "pathvalidate 是...")."""
    return re.sub(r"[\W_]+", " ", _LINK_TARGET.sub(r"\1", sentence).lower()).strip()


_LINK_TARGET = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
"""A Markdown link or image; group 1 is the text it shows."""


CODE_SPAN = re.compile(r"`([^`\n]+)`")
"""An inline code span of article prose; group 1 is its text."""

_STOP = frozenset(
    "a an the and or of to in on at by for with from as is are was were be been being it "
    "its this that these those which who whom whose what when where how why not no nor "
    "but if then than so such can could will would shall should may might must do does "
    "did done has have had having also only just very more most other any all each every "
    "both either neither one two use used uses using via into onto over under about "
    "their there here they them he she we you your our i me my provides provide provided "
    "class classes function functions method methods module modules "
    "instance instances value values given new set get please note see".split())
WORD = re.compile(r"[a-z0-9_]{2,}")
_SLASH_LIST = re.compile(r"\w+(?:/\w+){2,}")
"""``auto/long/short/native``: a list of option values, one word (not four)."""
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+")


def _stem(word: str) -> str:
    """A crude stem: "converts", "converted", "converting" and "convert" meet."""
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[:-len(suffix)]
    return word


def content_words(text: str, *, skip: frozenset[str] = frozenset()) -> list[str]:
    """Lower-cased, stemmed words of ``text`` without function words, URLs and ``skip``
    (the project's own name: every docstring of it may say it)."""
    text = _SLASH_LIST.sub(lambda m: m.group(0).replace("/", "_"), _URL.sub(" ", text.lower()))
    return [_stem(w) for w in WORD.findall(text) if w not in _STOP and w not in skip]
