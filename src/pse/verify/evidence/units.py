"""The units a document is audited in: each sentence of its prose, with its line and names.

Paragraphs, list items and definitions come from :mod:`pse.text` (code blocks, headings and
tables are not prose claims); each is split with the project's one sentence splitter. A
unit keeps the code spans it mentions, and the names of its block's owners (the parent item,
the lead-in, the heading) so a sentence without a name ("It blocks until ...") is checked
against what its block is about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from pse.text import code_spans, parse, sentence_bounds
from pse.text.labels import heading_subject, leading_label
from pse.text.model import Block, Document

_NAME = re.compile(r"^[A-Za-z_][\w.]*(?:\(\))?$")
_CALL = re.compile(r"^(?P<name>[A-Za-z_][\w.]*)\(.*\)$", re.DOTALL)
"""A call written out with its arguments (``Version("1.0")``): it names its callee."""
_LITERAL = frozenset({"None", "True", "False", "self", "cls"})


@dataclass(frozen=True)
class Unit:
    """One sentence or list item sentence of a document."""

    line: int
    """The 1-based line the sentence starts on."""
    text: str
    """The sentence as written (Markdown inline marks kept)."""
    names: tuple[str, ...]
    """The code names it mentions (backticked identifiers and dotted names), in order."""
    literals: tuple[str, ...]
    """The other code spans it mentions (values such as ``True`` or ``0``)."""
    context: tuple[str, ...] = ()
    """The code names of the block's owners and its earlier sentences (what "it" means)."""
    section: int = 0
    """The index of the ``##`` section it is in (0 before the first)."""
    lead_in: bool = False
    """A sentence that ends with ":" and leads into a list or code block."""
    label: str = ""
    """The block's bold label when it may be a code name ("**JustifyMethod Class**:" gives
    ``JustifyMethod``): the unit is about that definition when the source has one."""
    title: str = ""
    """The plain bold title of its block or of the item it is nested in ("**Auto Refresh**:",
    "**Segment**:"): an option or a class named in words, when the source has one."""
    subject: str = ""
    """The code name a pronoun or noun-phrase subject stands for ("It ...", "This method
    ...", "它..."): the first name of the nearest earlier sentence of its paragraph (or of
    the item it is nested in) that names code."""


def document_units(text: str, *, rst: bool = False) -> list[Unit]:
    """Every prose sentence of ``text`` as a :class:`Unit`, in document order."""
    doc = parse(text, rst=rst)
    units: list[Unit] = []
    sections = _section_numbers(doc)
    before: dict[int, list[str]] = {}  # names said earlier in each section
    said: list[str] = []  # names said earlier in the document
    ends: dict[int, str] = {}  # the subject each paragraph ends on
    for index, block in doc.prose():
        owners = [n for owner in doc.owners(index)
                  for n in (*_names(_text_of(owner))[0], _label_name(_text_of(owner))) if n]
        section = sections.get(index, 0)
        earlier: list[str] = []
        labelled = _label_name(_text_of(block))
        title = _title(block, doc.owners(index))
        # the subject a pronoun binds to: the paragraph's last sentence that names code,
        # else the item it is nested in
        subject = next((n for owner in doc.owners(index) if owner.kind != "heading"
                        for n in (*_names(_text_of(owner))[0], _label_name(_text_of(owner)))
                        if n), "") or _opening_subject(doc, index, section, before) \
            or _list_subject(doc, index, ends)
        for line, sentence in _sentences(block):
            names, literals = _names(sentence)
            # nearest first: the block's earlier sentences, its owners, the section, the text
            context = [*reversed(earlier), *owners, *reversed(before.get(section, [])),
                       *reversed(said)]
            units.append(Unit(line=line, text=sentence, names=names, literals=literals,
                              context=tuple(dict.fromkeys(context))[:_CONTEXT],
                              section=section, label=labelled, title=title,
                              subject=subject if not names and _PRONOUN.match(
                                  without_title(sentence)) else "",
                              lead_in=sentence.rstrip().endswith((":", "："))))
            subject = names[0] if names else subject
            earlier.extend(names)
            before.setdefault(section, []).extend(names)
            said.extend(names)
        if block.kind == "paragraph":
            ends[index] = subject
    if units and not said:
        return units
    first = tuple(dict.fromkeys(n for u in units for n in u.names))[:_CONTEXT]
    # a sentence before any name ("Rich is a library for ...") is about what the text names
    return [u if u.context or u.names else _with_context(u, first) for u in units]


def _opening_subject(doc: Document, index: int, section: int,
                     before: dict[int, list[str]]) -> str:
    """The code a section's heading names alone ("## `list_versions`: Return ..."), for
    the pronoun of a block before any other name of the section ("The function takes
    ..."); "" otherwise."""
    heading = doc.blocks[index].heading
    if heading is None or before.get(section):
        return ""
    return heading_subject(doc.blocks[heading].text)


def _list_subject(doc: Document, index: int, ends: dict[int, str]) -> str:
    """The subject the paragraph right before a top-level list ends on, for the pronoun
    of one of its items ("The `f` function ... It works in two steps." then "1. **Sort**:
    The function first sorts ..."); "" for any other block."""
    block = doc.blocks[index]
    if block.kind != "item" or block.parent is not None:
        return ""
    before = index - 1
    while before >= 0 and doc.blocks[before].kind == "item":  # the list's earlier items
        before -= 1
    if before < 0 or doc.blocks[before].heading != block.heading:
        return ""
    return ends.get(before, "")


_CONTEXT = 6
"""How many names of its surroundings a unit is read against (nearest first)."""


def _with_context(unit: Unit, context: tuple[str, ...]) -> Unit:
    return replace(unit, context=context)


# a subject that stands for code named before: "It", "This method", "The class", "它", "该方法"
# (a noun of the domain, "The queue", may be another thing than the last name: not bound)
_PRONOUN = re.compile(
    # after a fronted condition too ("If a key matches, the function sets ...")
    r"\s*(?:(?:If|When|Once|After|Before|Otherwise)\b[^,，]{0,80}[,，]\s*)?"
    r"(?:(?i:It|Its|They|Their|This|These|That|Those|The|Each|Such)\s+(?:(?:\w+\s+){0,2}?"
    r"(?:class|classes|method|methods|function|functions|module|modules|package|decorator|"
    r"object|objects|instance|type|enum|attribute|parameter|property|api)\b)|(?:It|They)\b"
    r"|(?:它们?|该|此|这个|这些|其)"
    # a Chinese sentence may drop its subject: "提供了一些内部使用的函数。", "返回 `True`。"
    r"|(?:提供|包含|返回|用于|负责|支持|允许|接受|接收|可以|会|将|如果|当))")
_TITLE = re.compile(r"^\s*(?:\*\*|__)[^*\n]{1,80}?(?:\*\*|__)\s*[:：]?")


def without_title(text: str) -> str:
    """``text`` without its bold title ("**Size Control**: ..."): a title names a topic."""
    return _TITLE.sub("", text, count=1)


def _title(block: Block, owners: Iterable[Block]) -> str:
    """The plain bold title of ``block`` or of the nearest item it is nested in."""
    for owner in (block, *(o for o in owners if o.kind != "heading")):
        label = leading_label(_text_of(owner))
        if label and not _label_name(_text_of(owner)) and re.fullmatch(r"[A-Za-z ]{2,60}",
                                                                       label.strip()):
            return label.strip()
    return ""


def _text_of(block: Block) -> str:
    return block.text or " ".join(text for _, text in block.lines)


def _section_numbers(doc: Document) -> dict[int, int]:
    """Each block's ``##`` section number (headings of level 1 and 2 open sections)."""
    numbers: dict[int, int] = {}
    current = 0
    for index, block in enumerate(doc.blocks):
        if block.kind == "heading" and block.level <= 2 and index:
            current += 1
        numbers[index] = current
    return numbers


def _sentences(block: Block) -> list[tuple[int, str]]:
    """The sentences of a prose block with the line each starts on; a leading bold label
    (``**Size Control**:``) is the item's title, not a sentence of its own."""
    joined = ""
    starts: list[tuple[int, int]] = []
    for line, text in block.lines:
        starts.append((len(joined), line))
        joined += text + " "
    label = leading_label(joined)
    found: list[tuple[int, str]] = []
    for a, b in sentence_bounds(joined):
        sentence = joined[a:b].strip()
        a += len(joined[a:b]) - len(joined[a:b].lstrip())  # its first character's line
        if not sentence or (label and sentence.strip("*: ") == label.strip("*: ")):
            continue
        line = max((ln for offset, ln in starts if offset <= a), default=block.line)
        found.append((line, sentence))
    return found


_BOLD = re.compile(r"^\s*(?:\*\*|__)`?(?P<name>__\w+__|[A-Za-z_][\w.]{0,80}?)`?(?P<kind>\s+(?:"
                   r"class|method|function|module|decorator|attribute))?[:：]?(?:\*\*|__)", re.I)
_CODE_SHAPE = re.compile(r"[a-z][A-Z]|_|\.")


def _label_name(text: str) -> str:
    """The code name a bold label is ("**JustifyMethod Class**:", "**__eq__**:",
    "**Segment class**:"), or "": a plain word ("**Padding**:") is a title, not code."""
    match = _BOLD.match(text)
    if match is None:
        return ""
    name = match["name"]
    return name if match["kind"] or _CODE_SHAPE.search(name) else ""


def code_name(target: str) -> str:
    """The code name a code span stands for ("" for a value): ``Queue.get()`` and
    ``Version("1.0")`` name ``Queue.get`` and ``Version``."""
    target = target.strip()
    if _NAME.match(target):
        return "" if target in _LITERAL else target.removesuffix("()")
    call = _CALL.match(target)
    return call["name"] if call is not None else ""


def _names(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The code names and the other code spans of ``text``."""
    names: list[str] = []
    literals: list[str] = []
    for span in code_spans(text):
        if not span.is_code:
            continue
        target = span.target.strip()
        name = code_name(target)
        if name:
            names.append(name)
        if target and name != target.removesuffix("()"):
            literals.append(target)
    return tuple(dict.fromkeys(names)), tuple(dict.fromkeys(literals))
