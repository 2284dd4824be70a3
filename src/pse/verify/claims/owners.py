"""Owners: the code a block's label or the structure above it names.

Shared by the sentence reader (a subject-less item or labelled sentence borrows its
owner as its subject) and the structural claims (a labelled item is a member of its owner).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pse.text import Block, CodeSpan, Document, code_spans, sentences
from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar's short name
from pse.verify.claims.words import alternation, words

SECTIONS = alternation(words("owner_sections"))
"""Titles of a list of members ("Attributes", 参数): looked through for the owner."""
_DESCRIPTIONS = re.compile(r"^(?:py:)?(?:auto)?(?:class|exception|function|method|module"
                           r"|data)$")
_HEADING_FILLER = re.compile(r"^(?:the|a|an|class|module|function|method|type|enum|object"
                             r"|api|reference|类|模块|函数|方法)$", re.IGNORECASE)
_LABEL_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_NUMBERING = re.compile(r"^\d+(?:\.\d+)*[.)、]?\s+")
_ANAPHOR_FIRST = re.compile(r"(?:this|the|that) (?:function|method|class|module|helper|"
                            r"decorator|property|constructor)\b|it\b|这个(?:函数|方法|类)|该(?:函数|方法|类)"
                            r"|它", re.IGNORECASE)
_PLAIN_CODE_HEADING = re.compile(r"(?:[a-z_]\w*|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"
                                 r"|[A-Za-z]\w*_\w*)(?:\(\))?")

_CLASS_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")
"""A capitalised identifier: a title ("Usage") alone, a class's name before its kind word
("### Evolver Class")."""
_KIND_WORD = re.compile(r"(?:(?:class|exception|enum)(?![A-Za-z])|类)")


def whole_span(text: str) -> str:
    """The code a table cell or label is, whole (bold or not); "" when it holds anything
    else ("`Cart` class", "Timeout")."""
    bare = text.strip().strip("*_").strip()
    spans = code_spans(bare)
    if len(spans) != 1 or not spans[0].is_code or bare != bare[spans[0].start:spans[0].end]:
        return ""
    return spans[0].target


_EXPLANATION = re.compile(r"\s*(?:[,，;；:：(（]|[—–]|\s-\s|$)")
"""What sets an explanation off the value a cell opens with ("`None`, i.e. no limit",
"`None`（不限制）", "`str` — the rendered text")."""


def leading_span(text: str) -> str:
    """The code a table cell opens with when the rest only explains it ("`None`，即不附带任何
    消息" gives ``None``); the whole span when the cell is one; "" when it opens with
    anything else or the code runs on into the sentence ("`None` means no limit")."""
    bare = text.strip().strip("*_").strip()
    spans = code_spans(bare)
    if not spans or not spans[0].is_code or spans[0].start != 0:
        return ""
    return spans[0].target if _EXPLANATION.match(bare, spans[0].end) else ""


def label_name(label: str) -> str:
    """The code a block's label names ("" when it names none): a code span, or a bold
    name with an optional kind word ("Console Class" gives ``Console``; "Environment
    Variables" gives nothing)."""
    # "`interval` (int)": the type in parentheses after the name is no part of it
    text = re.sub(r"\s+\([^()]*\)$", "", label.strip()).strip().strip("`").strip()
    text = re.sub(rf"\s+(?:{L.LABEL_KINDS})$", "", text, flags=re.IGNORECASE).strip("` ")
    text = re.sub(r"\(.*\)(?:\s*->.*)?$", "", text)  # "f(x) -> int": the signature's name
    return text if _LABEL_NAME.fullmatch(text) else ""


def owner_of(document: Document, index: int) -> str:
    """The code the structure above ``index`` names as the block's owner ("" if none)."""
    for block in document.owners(index):
        if block.kind == "row" or titles_members(block):
            continue  # a table's header row titles columns; "Attributes:" titles a list
        if block.kind == "heading" and not opens_section(document, index, block):
            return ""  # a list or table further down a section is not about its heading
        return _names(block)  # the nearest other block names the owner, or nothing does
    return ""


def opens_section(document: Document, index: int, heading: Block) -> bool:
    """Whether the top-level block holding ``index`` is the first of ``heading``'s section
    ("## `Console`" then "- `width`: ..."), with at most a lead-in ending in a colon before
    it; after a paragraph or another list the section has moved on to other things."""
    top, parent = index, document.blocks[index].parent
    while parent is not None:
        top, parent = parent, document.blocks[parent].parent
    between = [b for b in document.blocks[:top]
               if b.parent is None and b.line > heading.line and b.kind != "heading"]
    kind = document.blocks[top].kind
    while between and kind in {"item", "definition"} and between[-1].kind == kind:
        between.pop()  # the items of the same list before this one: its siblings
    named = _names(heading)
    return all(b.text.rstrip().endswith((":", "：")) or _about(b, named) for b in between)


def _about(block: Block, name: str) -> bool:
    """Whether a paragraph opens with ``name`` as its subject ("### `rruleset`", then "The
    `rruleset` class is a collection ...", then its items): still the heading's code."""
    if not name or block.kind != "paragraph":
        return False
    anaphor = _ANAPHOR_FIRST.match(block.text.lstrip()) is not None
    if not anaphor and name not in block.text:
        return False  # (no code spans read: a planted paragraph may be megabytes long)
    spans = [s for s in code_spans(block.text) if s.is_code] if "`" in block.text else []
    if not spans or spans[0].target.removesuffix("()") != name:
        # "This function sorts the graph.": an anaphor for the heading's code, and no
        # other code named before it
        return _ANAPHOR_FIRST.match(block.text.lstrip()) is not None and (
            not spans or spans[0].target.removesuffix("()") == name)
    return bool(_SUBJECT_FIRST.match(block.text[:spans[0].start]))


@lru_cache(maxsize=1024)
def _names(block: Block) -> str:
    """The code a block names as an owner (cached: a long list asks of one heading once
    per item)."""
    if block.kind == "directive":
        return block.label.split("(")[0].strip() if _DESCRIPTIONS.match(block.info) else ""
    if block.kind == "heading":
        span, plain = _heading_reading(block)
        if span is not None:
            return span.target.removesuffix("()")
        # a heading naming code without backticks ("### toposort function", "###
        # Node.add_child"): lower case, or dotted or snake_case (a capitalised word is a
        # title: "### Usage")
        plain = re.sub(r"^([A-Za-z_][\w.]*)\(.*\)$", r"\1", plain)  # a signature's name
        if _CLASS_NAME.fullmatch(plain) and re.search(
                rf"(?<![\w.]){re.escape(plain)}[*_]*\s*{_KIND_WORD.pattern}", block.text,
                re.IGNORECASE):
            return plain  # "### 1. **PythonPVector Class**": a class's name and its kind
        return plain if _PLAIN_CODE_HEADING.fullmatch(plain) else ""
    if block.label:
        return label_name(block.label)
    text = block.text.rstrip()
    if "\n" in text or not text.endswith((":", "：")):
        return ""
    # the sentence that opens the list: "`E` is an error. `E` has these methods:"
    said = sentences(text)
    spans = [s for s in code_spans(said[-1]) if s.is_code]
    if not spans and len(said) > 1 and _PRONOUN.match(said[-1].strip()):
        # "The `Node` class represents a node. It has the following attributes:": the
        # pronoun stands for the subject of the sentence before
        before = said[-2].strip()
        spans = [s for s in code_spans(before) if s.is_code][:1]
        if not spans or not _SUBJECT_FIRST.match(before[:spans[0].start]):
            return ""
    return spans[0].target.removesuffix("()") if len(spans) == 1 else ""


_PRONOUN = re.compile(r"(?:it|its|this class|the class|this module|the module|this type"
                      r"|this object)(?![a-z])|(?:它|该类|这个类|此类|该模块|这个模块)",
                      re.IGNORECASE)
"""A lead-in that opens with a pronoun for the code named before it."""
_SUBJECT_FIRST = re.compile(r"\W*(?:the |a |an )?\W*$", re.IGNORECASE)
"""What may come before the code a sentence is about (its subject opens it)."""


def heading_owner(document: Document, index: int) -> str:
    """The code the nearest heading of a higher level above the heading ``index`` names
    ("### `Graph`" over "#### `add_edge(src, dst)`"); "" when it names none."""
    level = document.blocks[index].level
    for block in reversed(document.blocks[:index]):
        if block.kind == "heading" and block.level < level:
            return _names(block)
    return ""


def names_code(block: Block) -> str:
    """The code a heading, label or lead-in names as an owner ("" if none)."""
    return _names(block)


def section_owner(document: Document, index: int) -> str:
    """The code the section holding the block ``index`` is about: what its heading names,
    or, for a heading that names none ("#### 1.1 Initialization"), what the nearest
    heading of a higher level above it names ("### 1. **PythonPVector Class**"); "" when
    none does."""
    level = 7
    for block in reversed(document.blocks[:index]):
        if block.kind != "heading" or block.level >= level:
            continue
        named = _names(block)
        if named:
            return named
        level = block.level
    return ""


def heading_code(block: Block) -> str:
    """What a heading written as one piece of code says, its numbering and kind words
    left out ("2. `add_edge(src, dst)` method", "### toposort(data)"); "" for any other
    heading."""
    span, plain = _heading_reading(block)
    return span.code.strip() if span is not None else plain


@lru_cache(maxsize=1024)
def _heading_reading(block: Block) -> tuple[CodeSpan | None, str]:
    """A heading read for the code it names, its numbering ("1.") and filler words
    ("the", "class", 函数) left out: its one code span, when that is all it holds; else,
    when it holds no code span, its other words joined ("toposort(data)"); else
    ``(None, "")``. Cached: a long list asks of one heading once per item."""
    text = _NUMBERING.sub("", block.text.strip())
    spans = [s for s in code_spans(text) if s.is_code]
    rest = re.sub(r"`+[^`]*`+", " ", text).replace("*", " ").split()  # ("**`A` class**")
    if len(spans) == 1 and all(_HEADING_FILLER.match(w) for w in rest):
        return spans[0], ""
    if spans:
        return None, ""
    return None, " ".join(w for w in text.replace("*", "").split()
                          if not _HEADING_FILLER.match(w))


def titles_members(block: Block) -> bool:
    """A block that only titles the list below it ("**Attributes**:", "Parameters")."""
    title = (block.label or block.text).strip().strip("*_:：").strip().lower()
    return bool(re.fullmatch(SECTIONS, title))


