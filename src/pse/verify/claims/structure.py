"""Claims read from a document's structure rather than from one sentence.

A list item, definition or table row whose label is a code name ("- `min_width`: ...")
describes a member of its owner: the nearest block above it that names code — its parent
item's label ("- **`Console`**:"), the lead-in paragraph before its list ("The `Console`
class takes:"), an rst description directive (``.. py:class:: Console``) or its section's
heading ("## `Console`"). Owners that only title the list ("**Attributes**:",
"Parameters") are looked through; any other owner ends the search, so a list under "See
also:" claims nothing. A bold label with a kind word ("**JustifyMethod Class**: ...")
states that kind. A table row whose first cell is a code name states what its columns
title: its kind under "Kind" / "Type" / "类型", where it is defined under "Module" / "File"
/ "模块", its bases under "Base" / "Parent" / "基类", its default under "Default" / "默认值",
what it returns under "Returns" / "Return type" / "返回类型" (one code span) and what it
raises under "Raises" / "Exceptions" / "抛出的异常". A value cell may explain the code it
opens with ("`None`，即不附带任何消息", "`str` (the rendered text)").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from pse.text import Block, Document, code_spans
from pse.verify.claims.grammar import argument_type, canonical_kind, read_claims
from pse.verify.claims.model import Claim, Relation
from pse.verify.claims.owners import (
    SECTIONS,
    heading_code,
    heading_owner,
    label_name,
    leading_span,
    names_code,
    opens_section,
    owner_of,
    section_owner,
    titles_members,
    whole_span,
)
from pse.verify.claims.prose import sentences
from pse.verify.claims.values import canonical_value
from pse.verify.claims.words import builtin_type, type_nouns

_MEMBER = re.compile(r"[A-Za-z_]\w*(?:\(.*\))?")


def structural_claims(document: Document, *, ignored: set[int]) -> Iterator[Claim]:
    """The member claims of labelled items and rows, the kind claims of bold labels, and
    what signatures and titled sections say (see each reader below)."""
    for index, block in enumerate(document.blocks):
        if block.line in ignored:
            continue
        if block.kind == "heading":
            yield from _signature_said(heading_code(block), owner=heading_owner(document, index),
                                       line=block.line, sentence=block.text.strip(),
                                       untyped=True)
            yield from _heading_kind(block)
        elif block.kind in {"item", "definition", "row", "paragraph"}:
            yield from _block_claims(document, index)


def _block_claims(document: Document, index: int) -> Iterator[Claim]:
    """The structural claims of one item, definition, row or paragraph."""
    block = document.blocks[index]
    kind = _label_kind(block)
    if kind is not None:
        yield kind
    yield from _column_claims(block)
    yield from _default_column(block, owner_of(document, index) if block.kind == "row"
                               else "")
    if block.kind in {"item", "paragraph"}:
        yield from _returned_in_words(document, index)
    if block.kind == "item":
        yield from _returned_items(document, index)
        yield from _plain_parameter_item(document, index)
    yield from _signature_spans(block)
    if block.kind == "item" and block.label:
        yield from _record_field(document, index)
    if block.kind in {"item", "definition", "paragraph"} and _titled(block)[0]:
        yield from _section_item(block, owner_of(document, index))
    if block.kind in {"item", "definition"} and block.label:
        yield from _typed_parameter_item(document, index)
        yield from _kind_of_section(document, index)
        yield from _kind_of_lead(document, index)
        yield from _kind_only_label(document, index)
    if block.kind in {"item", "definition", "paragraph"} and block.label:
        yield from _signature_label(block, owner_of(document, index))
    kinded = _kinded_member(block) if block.kind == "item" else ""
    member = _member(block) or _bold_member(document, block) or \
        _plain_member(document, index) or kinded
    titled = "" if member or block.kind != "item" else _titled_member(block)
    if not (member or titled) or block.kind == "paragraph":
        return
    owner = owner_of(document, index) or _titled_list_owner(document, index) or \
        (section_owner(document, index) if kinded else "")
    if owner and owner.split(".")[-1] != (member or titled).removesuffix("()"):
        # a method listed as one of the class's, by its kind ("- **`__new__` Method**:"),
        # is one the class writes: not merely what every class gets from `object`
        listed = bool(kinded) and member == kinded and _METHOD_WORD.search(block.label)
        yield Claim("has_method" if listed else "has_item", subject=owner,
                    obj=member or titled, negated=False, line=block.line,
                    sentence=_first_line(block), presupposed="structure",
                    obj_text="listed" if listed else "titled" if titled else "")


_RECORD_NAME = re.compile(r"class(?: name)?|name|类名?|类名称|名称", re.IGNORECASE)
_RECORD_METHODS = re.compile(r"(?:public |main |key )?methods|方法(?:列表)?|主要方法|公开方法",
                             re.IGNORECASE)
_RECORD_BASES = re.compile(r"bases?|base class(?:es)?|parents?|parent class(?:es)?|基类|父类",
                           re.IGNORECASE)


def _record(document: Document, index: int) -> list[Block]:
    """The items of one record ``index`` is in: the run of items of its list, each on the
    line after the one before, with no blank line (which starts the next record)."""
    block = document.blocks[index]

    def same_list(other: Block) -> bool:
        return other.kind == "item" and other.level == block.level and \
            other.parent == block.parent

    first = index
    while first > 0 and same_list(document.blocks[first - 1]) and \
            document.blocks[first - 1].end + 1 == document.blocks[first].line:
        first -= 1
    last = index
    while last + 1 < len(document.blocks) and same_list(document.blocks[last + 1]) and \
            document.blocks[last].end + 1 == document.blocks[last + 1].line:
        last += 1
    return list(document.blocks[first:last + 1])


def _record_field(document: Document, index: int) -> Iterator[Claim]:
    """What one field of a record of labelled items says of the class another field names
    ("- **类**: `ValueSortedDict`" then "- **方法**: `clear`, `ItemsView`": a record the
    prompt's code facts taught a small model to write): its methods, its bases."""
    block = document.blocks[index]
    title = block.label.strip("*_:： ")
    methods, bases = _RECORD_METHODS.fullmatch(title), _RECORD_BASES.fullmatch(title)
    if not (methods or bases):
        return
    names = [b for b in _record(document, index)
             if _RECORD_NAME.fullmatch(b.label.strip("*_:： "))]
    owner = whole_span(_after_label(names[0])) if len(names) == 1 else ""
    if not owner or not re.fullmatch(r"[A-Za-z_][\w.]*", owner):
        return
    for span in code_spans(_after_label(block)):
        target = span.target.removesuffix("()")
        if span.is_code and re.fullmatch(r"[A-Za-z_][\w.]*", target):
            yield Claim("has_method" if methods else "subclass", subject=owner, obj=target,
                        negated=False, line=block.line, sentence=_first_line(block),
                        presupposed="structure")


_KINDED_LABEL = re.compile(r"[*_]*`(?P<name>[A-Za-z_]\w*)(?:\(\))?`[*_]*\s*"
                           r"(?:method|property|attribute|方法|属性)[*_]*", re.IGNORECASE)


_METHOD_WORD = re.compile(r"method|方法", re.IGNORECASE)


def _kinded_member(block: Block) -> str:
    """The member a label names as code with its member kind ("- **`__setitem__`
    Method**: ...", "- `len()` 方法：..."): a member of the class the section is about,
    however deep the list sits in it."""
    match = _KINDED_LABEL.fullmatch(block.label.strip().rstrip(":：").strip())
    return match["name"] if match else ""


_TITLED_MEMBER = re.compile(r"(?P<words>[A-Za-z][a-z0-9]*(?: [A-Za-z][a-z0-9]*){0,5}) "
                            r"(?:method|function|property|attribute)", re.IGNORECASE)


def _titled_member(block: Block) -> str:
    """The member a bold label names in words and a kind ("- **Set As Environment
    Variables Method**:" under "#### `DotEnv` Class" is ``set_as_environment_variables``),
    as its snake-case name; the judge also takes the member spelled another way."""
    label = block.label.strip()
    if not label.startswith("**") and not block.text.lstrip().startswith("**") or \
            _KIND_ONLY_LABEL.match(label.strip("*_:： ")):
        return ""  # ("**Helper function**:" says what its owner is: _kind_only_label)
    match = _TITLED_MEMBER.fullmatch(label.strip("*_:： "))
    return "_".join(match["words"].lower().split()) if match else ""


_PARAMETERS_LABEL = re.compile(r"param(?:eter)?s?|arg(?:ument)?s?|inputs?|参数|形参|输入参数"
                               r"|(?:constructor |init )?(?:param(?:eter)?s|arguments)")
_RETURNS_LABEL = re.compile(r"returns?|return (?:values?|types?)|returned value|output|返回值?"
                            r"|返回类型|输出")
_RAISES_LABEL = re.compile(r"raises|exceptions?|errors|throws|异常|抛出(?:的异常)?")
_NAME_ONLY = re.compile(r"[A-Za-z_]\w*")


_PLAIN_LISTED = re.compile(r"(?P<name>[a-z_][a-z0-9_]*)(?:\s*[(（][^()（）]*[)）])?")


def _plain_names(rest: str) -> list[str]:
    """The names a list without code gives after a "Parameters" title ("graph (dict),
    sort (bool)", "graph and sort"): lower-case identifiers, each with at most a type in
    parentheses; [] when any part is more than that (a sentence is no list of names)."""
    parts = [p.strip() for p in re.split(r",|，|、|\band\b|和", rest.strip(" .。*_:："))]
    names = [hit["name"] for p in parts if (hit := _PLAIN_LISTED.fullmatch(p))]
    return names if parts and len(names) == len(parts) and not set(names) & _NO_PARAMETER \
        else []


_DESCRIBED_SPLIT = re.compile(r"\s*(?:[,，、;；]\s*(?:and\s+|以及|和|及)?|\s+and\s+|以及|和|及|与)"
                              r"\s*")
_NOT_ONE_ARGUMENT = re.compile(r"\b(?:optional|default|e\.g|such as|for example|etc)\b"
                               r"|可选|默认|例如|比如|如|等|[.。:：`]", re.IGNORECASE)
_LONGEST_DESCRIPTION = 6
_LONGEST_DESCRIPTION_ZH = 14
"""The most words (English) or characters (Chinese) one listed argument may take."""


def _described_items(rest: str) -> list[str]:
    """The arguments a "Parameters" title lists by what they are, without code ("the JSON
    string, the encoding, strictness and hooks", "需要解析的 JSON 字符串，编码，是否严格处理"):
    each short; [] when the text is a sentence rather than such a list (a part saying
    optional or default, an example, a second sentence)."""
    text = rest.strip().rstrip(" .。;；")
    parts = [p for p in _DESCRIBED_SPLIT.split(text) if p]
    if len(parts) < 2 or _NOT_ONE_ARGUMENT.search(text):
        return []
    for part in parts:
        chinese = len(re.findall(r"[\u4e00-\u9fff]", part))
        if len(part.split()) > _LONGEST_DESCRIPTION or chinese > _LONGEST_DESCRIPTION_ZH:
            return []
    return parts


def _section_item(block: Block, owner: str) -> Iterator[Claim]:
    """An item titled for a part of its owner's signature, the code after the title
    being that part: "- **Parameters**: `begin`, `end`" (parameters of the owner, a class's
    those of its constructor), "- **Returns**: `Interval` or `None`" (what calling it
    gives), "- **Raises**: `ValueError`" (an error it raises)."""
    title, rest = _titled(block)
    owner = re.sub(r"\(.*\)$", "", owner)
    if not owner or not re.fullmatch(r"[A-Za-z_][\w.]*", owner):
        return
    spans = [sp.target for sp in code_spans(rest) if sp.is_code]
    sentence = _first_line(block)

    def said(relation: Relation, obj: str) -> Claim:
        return Claim(relation, subject=owner, obj=obj, negated=False, line=block.line,
                     sentence=sentence, presupposed="structure")

    if _PARAMETERS_LABEL.fullmatch(title):
        names = spans or _plain_names(rest)
        for name in names:
            if _NAME_ONLY.fullmatch(name) and name not in {"self", "cls"}:
                yield said("has_param", name)
        described = [] if names else _described_items(rest)
        if len(described) >= 2:
            # "- **参数**：需要解析的 JSON 字符串，编码，是否严格处理": the arguments listed
            # by what they are, which may be only some of them but never more than all
            yield Claim("param_count", subject=owner, obj=str(len(described)),
                        obj_text="described_some", negated=False, line=block.line,
                        sentence=sentence, presupposed="structure",
                        argument_types=("",) * len(described))
    elif _RETURNS_LABEL.fullmatch(title) and spans and \
            all(_DOTTED.fullmatch(sp) for sp in spans) and \
            re.fullmatch(r"[\s`*_.,;:：，、。；()（）]*(?:(?:or|或|或者)[\s`*_.]*)?", re.sub(
                r"`[^`]*`", " ", rest).replace(" or ", " ")):
        # only the types, "or" between them: "`Interval` or `None`", not a sentence
        yield said("returns", spans[0] if len(spans) == 1 else f"Union[{', '.join(spans)}]")
    elif _RAISES_LABEL.fullmatch(title):
        for name in spans:
            if _DOTTED.fullmatch(name) and re.search(r"(?:Error|Exception|Warning|Exit)$", name):
                yield said("raises", name)


_TYPED_LABEL = re.compile(r"[*_]*`(?P<name>[A-Za-z_]\w*)`[*_]*\s*"
                          r"[(（](?P<type>[^()（）]{1,40})[)）][*_]*\s*[:：]?")
_ONE_TYPE = re.compile(r"(?P<t>[^,，;；]+?)\s*(?:[,，;；]\s*(?:optional|可选|默认|default).*)?")


def _typed_parameter_item(document: Document, index: int) -> Iterator[Claim]:
    """An item "- `v` (int): ..." of a list of parameters (under "**Parameters**:", or a
    heading written as the signature that lists ``v``) says its owner takes ``v``, an
    ``int``: a type the words name plainly, one alone ("str or bytes", a class, is left
    to the reader)."""
    block = document.blocks[index]
    hit = _TYPED_LABEL.fullmatch(block.label.strip()) if block.kind == "item" else None
    one = _ONE_TYPE.fullmatch(hit["type"].strip()) if hit else None
    if hit is None or one is None or re.search(r"\bor\b|或|\|", one["t"]):
        return
    kind = argument_type(one["t"].strip().lower())
    written = next((b for b in document.owners(index) if not titles_members(b)), None)
    owner = owner_of(document, index)
    listed = any(_titles_parameters(b) for b in document.owners(index)) or (
        written is not None and re.search(rf"\(.*\b{re.escape(hit['name'])}\b.*\)",
                                          written.text) is not None)
    subject = re.sub(r"\(.*\)$", "", owner)
    if not kind or not listed or not re.fullmatch(r"[A-Za-z_][\w.]*", subject) or \
            hit["name"] in {"self", "cls"}:
        return
    yield Claim("has_param", subject=subject, obj=hit["name"], negated=False,
                line=block.line, sentence=_first_line(block), presupposed="structure",
                argument_types=(kind,))


_PLAIN_PARAMETER = re.compile(r"(?P<name>[a-z_][a-z0-9_]*)\s*(?:\([^()]*\))?\s*(?:[:：]|\s[-–—]\s)")
_NO_PARAMETER = frozenset({"returns", "return", "raises", "yields", "example", "examples",
                           "note", "notes", "default", "type", "see", "usage", "none"})


_PARAMETER_LEAD = re.compile(r"(?:parameters|arguments|params|args|参数|形参)\s*(?:如下)?\s*[:：]$",
                             re.IGNORECASE)
_PARAMETER_HEADING = re.compile(r"\b(?:parameters|arguments)\b|参数", re.IGNORECASE)


def _titles_parameters(block: Block) -> bool:
    """Whether ``block`` only titles a list of parameters ("**Parameters**:", "#### Args",
    "参数")."""
    title = (block.label or block.text).strip().strip("*_:：#").strip().lower()
    return titles_members(block) and _PARAMETERS_LABEL.fullmatch(title) is not None


def _lists_parameters(block: Block) -> bool:
    """Whether ``block`` titles a list of parameters: "**Parameters**:", "#### Args", a
    lead-in ending in the word ("`toposort` takes the following parameters:", "`f` 接受以下
    参数："), a heading with it ("### Parameters for `toposort`")."""
    if _titles_parameters(block):
        return True
    if block.kind == "heading":
        return _PARAMETER_HEADING.search(block.text) is not None
    return block.kind in {"paragraph", "item"} and \
        _PARAMETER_LEAD.search(block.text.strip().replace("*", "")) is not None


def _raw_label(block: Block) -> str:
    """A bold label as written ("**__init__**" is ``__init__``, which Markdown reads as
    emphasis around ``init``); the parsed label for any other."""
    hit = re.match(r"\s*\*\*(?P<name>[^*]+?)\*\*", block.text)
    return hit["name"].strip() if hit and block.label else block.label.strip().strip("*_").strip()


def _plain_parameter_item(document: Document, index: int) -> Iterator[Claim]:
    """An item of a list of parameters (under "**Parameters**:", "Args:", 参数) that names
    its parameter without code, as small models often write it: "- **graph** (dict): ..."
    or "- graph: ...". A lower-case identifier there is a parameter name, as a code label
    would be (:func:`_member`); a capitalised word is a title."""
    block = document.blocks[index]
    name = _plain_name(block)  # (a code label is read as a member)
    if not name or name in {"self", "cls"}:
        return
    where = next((i for i in document.owner_indexes(index)
                  if _lists_parameters(document.blocks[i])), None)
    if where is None:
        return
    title, owner = document.blocks[where], owner_of(document, index)
    if title.kind != "heading" and not owner:
        # "It takes the following parameters:" names nothing: its own section's code
        owner = owner_of(document, where)
    if title.kind == "heading" and not owner:
        # "### `toposort`" then "#### Parameters" then the items: the heading above, or
        # the one code span of "### Parameters for `toposort`"
        spans = [sp.target for sp in code_spans(title.text) if sp.is_code]
        owner = spans[0] if len(spans) == 1 else heading_owner(document, where)
    subject = re.sub(r"\(.*\)$", "", owner)
    if re.fullmatch(r"[A-Za-z_][\w.]*", subject):
        yield Claim("has_param", subject=subject, obj=name, negated=False, line=block.line,
                    sentence=_first_line(block), presupposed="structure")


def _returned_in_words(document: Document, index: int) -> Iterator[Claim]:
    """What an item or paragraph titled for its owner's return value says it is, in
    words: "- **Returns**: A list of sets.", "Return value: a `list`.", "返回值：一个列表。"
    or, nested under such an item, "- 返回一个列表" and "- **List of Sets**: ...": the
    owner's return claim, read by the grammar as "`owner` returns a list of sets"."""
    block = document.blocks[index]
    parent = document.blocks[block.parent] if block.parent is not None else None
    title, rest = _titled(block)
    if _RETURNS_LABEL.fullmatch(title):
        owner, words = owner_of(document, index), rest
    elif block.kind == "item" and parent is not None and parent.kind == "item" and \
            _RETURNS_LABEL.fullmatch(_titled(parent)[0]) and not whole_span(block.label):
        owner, words = owner_of(document, block.parent or 0), _first_line(block).strip("*_ ")
    else:
        return
    yield from _returns_said(owner, words, block.line, _first_line(block))


def _returns_said(owner: str, words: str, line: int, sentence: str) -> Iterator[Claim]:
    """The return claim words say of ``owner`` ("A list of sets.", "一个列表"), read by
    the grammar as "`owner` returns a list of sets"."""
    owner = re.sub(r"\(.*\)$", "", owner)
    words = re.sub(r"^\*\*([^*]+)\*\*\s*[:：]?\s*", r"\1: ", words).strip()
    if not owner or not re.fullmatch(r"[A-Za-z_][\w.]*", owner) or not words:
        return
    cjk = re.match(r"[\u4e00-\u9fff]", words) is not None
    said = _RETURNS_WORD.sub("", words)
    text = f"`{owner}` {words}" if words.startswith("返回") else \
        f"`{owner}` 返回{words}" if cjk else f"`{owner}` returns {said}"
    for read in sentences(text, rst=False):
        for claim in read_claims(read):
            if claim.relation == "returns" and claim.subject == owner:
                yield replace(claim, line=line, sentence=sentence, presupposed="structure")


_PLAIN_TITLE = re.compile(r"(?P<title>[A-Z][A-Za-z]*(?: [a-z]+){0,2}|[\u4e00-\u9fff]{1,6})"
                          r"\s*[:：]\s*(?P<rest>.*)")


def _titled(block: Block) -> tuple[str, str]:
    """The title a block opens with (lower case) and the rest of its first line: its bold
    label, or a capitalised word or two and a colon ("Return value: a list", "返回值：
    一个列表"); ("", "") for a block with no title."""
    if block.label:
        return _title(block), _after_label(block)
    hit = _PLAIN_TITLE.fullmatch(re.sub(r"^\*\*([^*]+)\*\*", r"\1", _first_line(block)))
    return (hit["title"].lower(), hit["rest"].strip()) if hit else ("", "")


def _returned_items(document: Document, index: int) -> Iterator[Claim]:
    """An item labelled with a type under a title for the return value ("#### Returns"
    or "**Returns:**" above "- `list`: the nodes"): what its owner returns."""
    block = document.blocks[index]
    name = whole_span(block.label)
    if not _DOTTED.fullmatch(name):
        return
    if block.parent is not None and document.blocks[block.parent].kind == "paragraph":
        title, owner = _titled(document.blocks[block.parent])[0] or \
            document.blocks[block.parent].text.strip().strip("*_:： ").lower(), \
            owner_of(document, block.parent)
    elif block.parent is None and block.heading is not None:
        title = heading_code(document.blocks[block.heading]).strip("*_:： ").lower()
        owner = heading_owner(document, block.heading)
    else:
        return
    owner = re.sub(r"\(.*\)$", "", owner)
    if _RETURNS_LABEL.fullmatch(title) and re.fullmatch(r"[A-Za-z_][\w.]*", owner):
        yield Claim("returns", subject=owner, obj=name, negated=False, line=block.line,
                    sentence=_first_line(block), presupposed="structure")


_RETURNS_WORD = re.compile(r"^returns?\s+", re.IGNORECASE)


def _title(block: Block) -> str:
    return block.label.strip().strip("*_`:： ").lower()


def _after_label(block: Block) -> str:
    rest = _first_line(block)
    return rest[rest.find(block.label) + len(block.label):].strip(" *_:：") \
        if block.label and block.label in rest else ""


_KIND_SECTION = re.compile(r"(?:\d+(?:\.\d+)*[.)、]?\s*)?(?:the |main |key |core |public "
                           r"|important |available |主要的?|核心的?|常用的?)?(?P<kind>.+)")
_KIND_MODIFIERS = frozenset({"static", "class", "helper", "utility", "abstract", "base",
                             "public", "private", "internal", "async", "asynchronous", "main",
                             "core", "key", "instance", "special", "magic", "dunder",
                             "builtin", "built-in", "module-level", "top-level", "other"})
"""Words before a kind in a section title that leave it a kind ("Static Method")."""
_SECTION_KINDS = frozenset({"classmethod", "staticmethod", "exception", "class", "enum",
                            "dataclass", "method", "function", "context manager"})
"""Kinds a section titled for them claims of each item it lists ("### Class methods" then
"- **`from_intervals`**: ..."). (A method said to be a function is left open by the kind
check: a reader names them loosely; a property or a module function listed as a method
is not one.)"""
_METHODS_LEAD = re.compile(r"(?:(?:the )?following |these |several |以下|下列|如下)?"
                           r"(?:methods|方法)\s*(?:如下|包括)?\s*[:：]\s*$", re.IGNORECASE)
"""A lead-in that says the list after it holds methods ("It includes the following
methods:", "它包含以下方法：")."""


def _kind_of_section(document: Document, index: int) -> Iterator[Claim]:
    """A top-level item labelled with code, first in a section whose heading names one
    kind in the plural ("#### 3. 类方法", "## Exceptions"), is of that kind."""
    block = document.blocks[index]
    if block.heading is None or block.level != 1:
        return
    heading = document.blocks[block.heading]
    title = _KIND_SECTION.fullmatch(heading.text.strip().strip("*_#` ").lower())
    words = title["kind"].split() if title else []
    # the kind alone ("Class methods", 类方法), not a phrase holding one ("_attrs_ Classes
    # and Dataclasses")
    kind = canonical_kind(title["kind"].strip()) if title and len(words) <= 2 and \
        not re.search(r"\b(?:and|or|&)\b|[和与及或、,，]", title["kind"]) else ""
    for named in (label_name(heading.text.strip().strip("#").strip()), names_code(heading)):
        if named and not canonical_kind(named.lower()) and \
                named.lower() not in _KIND_MODIFIERS:
            return  # "### Tracer Class": about one class, whose items are its members
    name = label_name(block.label) if whole_span(block.label) else ""
    if kind in _SECTION_KINDS and name and opens_section(document, index, heading):
        yield Claim("kind", subject=name, obj=kind, obj_text=title["kind"].strip()
                    if title else "", negated=False, line=block.line,
                    sentence=_first_line(block), presupposed="structure")


_SIGNATURE_LABEL = re.compile(r"(?P<name>[A-Za-z_][\w.]*)\((?P<params>.*)\)(?:\s*->\s*\S.*)?")


def _signature_label(block: Block, owner: str) -> Iterator[Claim]:
    """A label written as a signature ("**encode(data: str, errors: str = 'strict') ->
    Tuple[bytes, int]**", "- `alabel(label)`: ..."): each parameter named is one of the
    function's (of the owner's member of that name, under an owner); a default and the
    return annotation, where the label is a definition's signature beyond doubt (``self``
    first, or a type written), are claims of their own. Read with Python's parser, so only
    a label that parses as a ``def`` line says anything."""
    written = _LABEL_KIND_WORD.sub("", block.label.strip().strip("*").strip())
    written = written.strip().strip("`").strip()
    yield from _signature_said(written, owner=owner, line=block.line,
                               sentence=_first_line(block), untyped=True)


_LABEL_KIND_WORD = re.compile(r"(?<=[`)])\s*(?:function|method|class|constructor|函数|方法|类"
                              r"|构造函数)$", re.IGNORECASE)
"""A kind word after a signature in a label ("**`f(a)` 函数**"): no part of it."""


def _signature_spans(block: Block) -> Iterator[Claim]:
    """A code span in running text written as a definition's signature beyond doubt
    ("the signature is `JobQueue(policy: RetryPolicy, retries: int)`", "`def delay(self,
    attempt)`"): what :func:`_signature_label` reads of a label. A span without a type,
    ``self`` or ``def`` may be a call ("`f(x, y)`"), whose arguments name no parameters;
    the call check binds those. The label itself is read as a label."""
    label = block.label.strip().strip("*").strip().strip("`").strip()
    for line, text in block.lines:
        for span in code_spans(text):
            written = span.code.strip()
            if not span.is_code or span.role or written == label:
                continue
            written = re.sub(r"^(?:async\s+)?def\s+", "", written) if re.match(
                r"(?:async\s+)?def\s", written) else written if _TYPED.search(
                    written) or _SELF_FIRST.search(written) else ""
            if written:
                yield from _signature_said(written, owner="", line=line,
                                           sentence=text.strip(), untyped=False)


_TYPED = re.compile(r"\(\s*\**[A-Za-z_]\w*\s*:\s*\S|,\s*\**[A-Za-z_]\w*\s*:\s*\S|\)\s*->")
"""A parameter annotated ("(x: int", ", y: str") or a return annotation: a definition's
line, never a call (a call has no ``name: type`` and no ``->``)."""
_SELF_FIRST = re.compile(r"^[A-Za-z_][\w.]*\(\s*(?:self|cls)\s*[,)]")


def _signature_said(written: str, *, owner: str, line: int, sentence: str,
                    untyped: bool) -> Iterator[Claim]:
    """The claims of one written signature (see :func:`_signature_label`); ``untyped``:
    also read a signature with no type and no ``self`` for its parameter names."""
    if _SIGNATURE_LABEL.fullmatch(written) is None:
        return
    try:
        tree = ast.parse(f"def {written.split('(', 1)[0].rsplit('.', 1)[-1]}"
                         f"({written.split('(', 1)[1]}:\n    pass\n")
    except (SyntaxError, ValueError, RecursionError):
        return
    node = tree.body[0]
    if not isinstance(node, ast.FunctionDef):
        return
    name = written.split("(", 1)[0]
    owner = re.sub(r"\(.*\)$", "", owner)
    subject = f"{owner}.{name}" if owner and "." not in name and \
        re.fullmatch(r"[A-Za-z_][\w.]*", owner) and owner.rsplit(".", 1)[-1] != name else name
    args = node.args
    named = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    method = bool(named) and named[0].arg in {"self", "cls"}
    typed = node.returns is not None or any(a.annotation is not None for a in named)
    if not (untyped or method or typed):
        return

    def said(relation: Relation, obj: str, obj_text: str = "") -> Claim:
        return Claim(relation, subject=subject, obj=obj, obj_text=obj_text, negated=False,
                     line=line, sentence=sentence, presupposed="structure")

    for param in named[1:] if method else named:
        yield said("has_param", param.arg)
    if not (method or typed):
        return  # ``f(x, y=2)`` may be a call: its values are arguments, not defaults
    positional = [*args.posonlyargs, *args.args]
    defaults = list(zip(positional[len(positional) - len(args.defaults):], args.defaults,
                        strict=True))
    defaults += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                 if d is not None]
    for param, default in defaults:
        value = canonical_value(ast.unparse(default))
        if value:
            yield Claim("default", subject=f"{subject}.{param.arg}", obj=value,
                        obj_text=ast.unparse(default), negated=False, line=line,
                        sentence=sentence, presupposed="structure", default_of="signature")
    if node.returns is not None:
        yield said("returns", ast.unparse(node.returns), obj_text="annotated")


def _kind_of_lead(document: Document, index: int) -> Iterator[Claim]:
    """An item labelled with code in a list whose lead-in (a paragraph, or the parent
    item) says it lists methods is a method of the owner named above it: a property or a
    module function listed there is not one."""
    block = document.blocks[index]
    if block.parent is None:
        return
    lead = document.blocks[block.parent]
    if lead.kind not in {"paragraph", "item"} or \
            not _METHODS_LEAD.search(lead.text.rstrip()):
        return
    name = label_name(block.label) if whole_span(block.label) else ""
    owner = re.sub(r"\(.*\)$", "", owner_of(document, index))
    if not name or not owner or not re.fullmatch(r"[A-Za-z_][\w.]*", owner):
        return
    subject = name if "." in name else f"{owner}.{name}"
    yield Claim("kind", subject=subject, obj="method", obj_text="method", negated=False,
                line=block.line, sentence=_first_line(block), presupposed="structure")


def _first_line(block: Block) -> str:
    return block.lines[0][1].strip() if block.lines else block.text.strip()


def _member(block: Block) -> str:
    """The member a block describes: its label, or a row's first cell, when it is code."""
    written = block.cells[0] if block.kind == "row" and block.cells else block.label
    if block.kind == "row" and not _is_member_column(block):
        return ""
    spans = code_spans(written)
    if len(spans) != 1 or written.strip().strip("*_").strip() != written[
            spans[0].start:spans[0].end].strip():
        return ""
    target = spans[0].target
    return target if _MEMBER.fullmatch(target) else ""


_MEMBER_LEAD = re.compile(r"(?:methods|attributes|properties|members|fields|functions"
                          r"|方法|属性|成员|字段|函数)\s*(?:如下|包括)?\s*[:：]\s*$", re.IGNORECASE)
_BOLD_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _member_title(document: Document, index: int) -> int | None:
    """The index of the block that titles the list ``index`` is in as one of members: a
    heading ("#### Methods", "### Attributes"), a label ("**Methods:**") or a lead-in
    ending in the word ("`Graph` has the following methods:", "主要方法：")."""
    for where in document.owner_indexes(index):
        block = document.blocks[where]
        text = block.text.strip().replace("*", "")
        if block.kind == "heading":
            return where if _MEMBER_HEADING.fullmatch(
                _NUMBERED.sub("", text).strip(" :：").lower()) else None
        if block.kind in {"paragraph", "item"} and _MEMBER_LEAD.search(text.rstrip()):
            return where
    return None


_MEMBER_HEADING = re.compile(r"(?:(?:public |key |main |instance |class |available |other )?"
                             r"(?:methods|attributes|properties|members|fields|functions))"
                             r"|(?:主要|公开|其他)?(?:方法|属性|成员|字段|函数)")
_NUMBERED = re.compile(r"^\d+(?:\.\d+)*[.)、]?\s+")


def _titled_list_owner(document: Document, index: int) -> str:
    """The owner of an item of a list titled by a heading or a lead-in that names no code
    ("### `Graph`", "#### Methods", then the items; "It has these methods:"): the code the
    heading above it, or the lead-in's own section, names."""
    where = _member_title(document, index)
    if where is None:
        where = next((i for i in document.owner_indexes(index)
                      if _lists_parameters(document.blocks[i])), None)
    if where is None:
        return ""
    return heading_owner(document, where) if document.blocks[where].kind == "heading" \
        else owner_of(document, where)


def _plain_member(document: Document, index: int) -> str:
    """A member an item of a list titled for members names without code: a bold name with
    its arguments ("**remove(item)**", "**clear()**") or a plain one before a colon ("-
    clear: ..."); a lower-case identifier, as in :func:`_plain_parameter_item`."""
    block = document.blocks[index]
    name = _plain_name(block) if block.kind == "item" else ""
    return name if name and _member_title(document, index) is not None else ""


def _plain_name(block: Block) -> str:
    """The lower-case identifier an item names without code: its bold label with any
    arguments or type in parentheses left out ("**graph (dict)**", "**remove(item)**"),
    or the plain word before its colon or dash ("- graph: ..."); "" for a code label, a
    capitalised word (a title) or a section's own word ("returns")."""
    if whole_span(block.label) or any(s.is_code for s in code_spans(block.label)):
        return ""
    label = re.sub(r"\s*\(.*\)$", "", _raw_label(block))
    hit = _PLAIN_PARAMETER.match(block.text.strip().replace("**", "")) if not label else None
    name = label if label and re.fullmatch(r"[a-z_][a-z0-9_]*", label) else \
        hit["name"] if hit else ""
    return "" if name in _NO_PARAMETER else name


def _bold_member(document: Document, block: Block) -> str:
    """A bold label that is a plain identifier ("**streamwriter**:"), in a list its lead-in
    says holds members ("It includes the following methods:"): a member, as a code label
    would be. Elsewhere a bold word is a title, not a name."""
    if block.kind != "item" or block.parent is None or not block.label:
        return ""
    name = _raw_label(block)
    lead = document.blocks[block.parent]
    if lead.kind != "paragraph" or not _BOLD_NAME.fullmatch(name) or \
            not block.text.lstrip().startswith("**"):
        return ""
    return name if _MEMBER_LEAD.search(lead.text.rstrip()) else ""


def _is_member_column(block: Block) -> bool:
    head = block.header[0].strip().strip("*_").lower() if block.header else ""
    return head in {"name", "member", "名称", "名字"} or bool(
        re.fullmatch(SECTIONS, head))


_KIND_LABEL = re.compile(r"^(?P<name>`?[A-Za-z_][\w.]*`?)\s+(?P<kind>class|function|method"
                         r"|module|exception|decorator|property|constant|类|函数|方法|模块"
                         r"|list|tuple|dict|dictionary|set|列表|元组|字典|集合)$",
                         re.IGNORECASE)


_KIND_ONLY_LABEL = re.compile(r"^(?:(?:helper|utility|internal|private|public|main|core|base"
                              r"|abstract|static|class|module-level|top-level|wrapper)\s+)?"
                              r"(?P<kind>function|class|method|property|decorator|exception"
                              r"|constant|enum|dataclass|coroutine)$"
                              r"|^(?:辅助|工具|内部|私有|公共|主要|核心|基|抽象|静态|包装)?的?"
                              r"(?P<kindz>函数|类|方法|属性|装饰器|异常|常量|枚举|数据类)$",
                              re.IGNORECASE)
"""A label that is only a kind, with an adjective or none ("**Helper function**:",
"**辅助函数**：")."""


def _kind_only_label(document: Document, index: int) -> Iterator[Claim]:
    """"#### `_safe_key`" then "- **Helper function**: Converts ...": a label that is only
    a kind says it of the owner above it (a heading, a parent label), when the text after
    the label names no code that could be its subject instead."""
    block = document.blocks[index]
    hit = _KIND_ONLY_LABEL.match(block.label.strip().strip("*_").strip())
    if hit is None or any(sp.is_code for sp in code_spans(_after_label(block))):
        return
    owner = re.sub(r"\(.*\)$", "", owner_of(document, index))
    if not owner or not re.fullmatch(r"[A-Za-z_][\w.]*", owner):
        return
    written = hit["kind"] or hit["kindz"]
    kind = canonical_kind(written.lower())
    if kind:
        yield Claim("kind", subject=owner, obj=kind, obj_text=written, negated=False,
                    line=block.line, sentence=_first_line(block), presupposed="structure")


def _label_kind(block: Block) -> Claim | None:
    """"**JustifyMethod Class**: ..." says ``JustifyMethod`` is a class."""
    hit = _KIND_LABEL.match(block.label.strip())
    if hit is None or not block.text.lstrip().startswith(("**", "__")) or \
            _KIND_ONLY_LABEL.match(block.label.strip().strip("*_").strip()):
        return None  # ("**Helper function**" names no `Helper`: see _kind_only_label)
    kind = canonical_kind(hit["kind"].lower())
    name = hit["name"].strip("`")
    if hit["kind"].lower() in _VALUE_LABELS:  # "**`powers` List**": a list value
        return Claim("value_type", subject=name, obj=type_nouns()[hit["kind"].lower()],
                     obj_text=hit["kind"], negated=False, line=block.line,
                     sentence=_first_line(block))
    if not kind:
        return None
    return Claim("kind", subject=name, obj=kind, obj_text=hit["kind"], negated=False,
                 line=block.line, sentence=_first_line(block))


_KIND_HEADING = re.compile(
    r"^(?:\d+(?:\.\d+)*[.)、]?\s+)?(?:the\s+)?(?:(?P<name>`[A-Za-z_][\w.]*(?:\(\))?`)\s*"
    r"(?P<kind>class|function|method|module|exception|decorator|enum|类|函数|方法|模块|异常"
    r"|装饰器|枚举)|(?P<kind2>class|function|method|module|exception|decorator|enum|类|函数"
    r"|方法|模块|异常|装饰器|枚举)[:：]?\s*(?P<name2>`[A-Za-z_][\w.]*(?:\(\))?`))[:：]?$",
    re.IGNORECASE)
"""A heading that names one piece of code and its kind: "### The `Branch` Class", "## 2.
`names` function", "#### `Graph` 类", "### Class `Graph`"."""


def _heading_kind(block: Block) -> Iterator[Claim]:
    """"### The `Branch` Class" says ``Branch`` is a class, as a bold label does."""
    hit = _KIND_HEADING.match(block.text.strip().replace("**", ""))
    if hit is None:
        return
    written = hit["kind"] or hit["kind2"]
    kind = canonical_kind(written.lower())
    if kind:
        name = (hit["name"] or hit["name2"]).strip("`").removesuffix("()")
        yield Claim("kind", subject=name, obj=kind, obj_text=written, negated=False,
                    line=block.line, sentence=block.text.strip())


_VALUE_LABELS = frozenset({"list", "tuple", "dict", "dictionary", "set", "列表", "元组", "字典",
                           "集合"})
"""Kind words of a label that name the type of a value ("**`powers` List**"): type nouns
of the lexicons (:func:`.words.type_nouns` says which type)."""


_KIND_COLUMN = re.compile(r"kind|type|category|类型|种类|类别")
_VALUE_TYPE_COLUMNS = frozenset({"type", "类型"})
_VALUE_TYPE_COLUMN = re.compile(r"value type|type of (?:the )?value|值的?类型|取值类型")
_VALUE_KINDS = frozenset({"function", "constant", "attribute", "coroutine"})
"""Under "Type" a parameter or field table gives a value's type ("| `key` | function |":
a key function is passed): only kinds a value cannot have are read there."""
_LOCATION_COLUMN = re.compile(r"(?:(?:defined|declared|lives) in (?:the )?|所在的? ?|所属的? ?"
                              r"|定义(?:所在)?的? ?|source )?(?:module|file|location|path|模块|文件"
                              r"|位置|路径)(?: ?(?:path|name|路径|名))?|defined in|定义位置")
_BASE_COLUMN = re.compile(r"(?P<direct>direct |immediate |直接)?(?:bases?|base class(?:es)?"
                          r"|parent(?: class)?|parents|superclass|inherits(?: from)?|基类|父类)")


_RETURN_COLUMN = re.compile(r"returns?|return (?:type|value|annotation)s?"
                            r"(?: annotations?| hints?)?"
                            r"|return hints?|returned(?: type)?|result(?: type)?|返回|返回值"
                            r"|返回类型|返回值类型|返回结果|返回(?:值)?(?:类型)?(?:注解|标注)")
_RAISES_COLUMN = re.compile(r"raises|raised|exceptions?(?: raised)?|errors?(?: raised)?"
                            r"|raised (?:exceptions?|errors?)|(?:抛出|引发)(?:的)?(?:异常|错误)?"
                            r"|异常(?:类型)?|错误(?:类型)?")
_PARAM_COUNT_COLUMN = re.compile(r"(?:number of |# ?|no\. of )(?:param(?:eter)?s|arguments?|args)"
                                 r"|(?:param(?:eter)?s?|arguments?|args) ?(?:count|个数|数量|数)"
                                 r"|(?:参数|形参)(?:个数|数量|数)")
_DOTTED = re.compile(r"[A-Za-z_][\w.]*(?:\(.*\))?")
_DEFAULT_COLUMN = re.compile(r"defaults?|default value|默认值?|缺省值?")
_NAMED_DEFAULT_COLUMN = re.compile(r"(?i:default(?: value)?(?: for| of)?) ?`(?P<a>[A-Za-z_]\w*)`"
                                   r"|`(?P<b>[A-Za-z_]\w*)` ?(?:(?i:'s )?(?i:default(?: value)?)"
                                   r"|的? ?(?:默认值?|缺省值?))")
_PARAMETER_COLUMN = re.compile(r"param(?:eter)?s?|arg(?:ument)?s?|options?|keyword|参数|形参"
                               r"|参数名")


def _default_column(block: Block, owner: str) -> Iterator[Claim]:
    """The default a row states under "Default" / "默认值" ("| `gnu` | `False` |"), of
    the parameter or field its first cell names (its owner's, where one is named above),
    or of the parameter a "Parameter" column names of the function in its first cell
    ("| `f` | `gnu` | `False` |")."""
    if block.kind != "row" or not block.header or len(block.cells) < 2:
        return
    name = whole_span(block.cells[0])
    if not re.fullmatch(r"[A-Za-z_][\w.]*(?:\(\))?", name):
        return
    for head, cell in zip(block.header[1:], block.cells[1:], strict=False):
        if _PARAMETER_COLUMN.fullmatch(head.strip().strip("*_").strip().lower()):
            param = whole_span(cell)
            if re.fullmatch(r"[A-Za-z_]\w*", param):  # the first cell is the function
                owner, name = name, param
            break
    for head, cell in zip(block.header[1:], block.cells[1:], strict=False):
        # "| Lock class | Default for `fail_when_locked` |": the column names the parameter
        # of each row's function or class
        titled = _NAMED_DEFAULT_COLUMN.fullmatch(head.strip().strip("*_").strip())
        if titled and re.fullmatch(r"[A-Za-z_][\w.]*(?:\(\))?", name):
            yield from _default_said(block, owner=name, name=titled["a"] or titled["b"],
                                     cell=cell)
            return
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return
    for head, cell in zip(block.header[1:], block.cells[1:], strict=False):
        if _DEFAULT_COLUMN.fullmatch(head.strip().strip("*_").strip().lower()):
            yield from _default_said(block, owner=owner, name=name, cell=cell)


def _default_said(block: Block, *, owner: str, name: str, cell: str) -> Iterator[Claim]:
    """The default claim of a cell: ``owner``'s ``name`` defaults to the cell's value."""
    written = cell.strip().strip("*_").strip()
    value = canonical_value(written) if len(written.split()) <= 3 else ""
    if not value and (lead := leading_span(written)):  # "`None`, i.e. no limit"
        written = f"`{lead}`"
        value = canonical_value(written)
    if value:
        owner = re.sub(r"\(.*\)$", "", owner)
        subject = f"{owner}.{name}" if re.fullmatch(r"[A-Za-z_][\w.]*", owner) else name
        yield Claim("default", subject=subject, obj=value, obj_text=written, negated=False,
                    line=block.line, sentence=_first_line(block), presupposed="structure")


def _kind_cell(title: str, cell: str, said: Callable[[Relation, str, str], Claim]
               ) -> Iterator[Claim]:
    """A "Kind" / "Type" cell: a builtin type written as code is its value's type ("|
    `TIMEOUT` | `float` |"), a kind word its kind (under "Type", only a kind no value has)."""
    written = cell.strip().strip("`*_").strip()
    if builtin := builtin_type(whole_span(cell)):
        yield said("value_type", builtin, written)
        return
    kind = canonical_kind(written.lower()) if len(written.split()) <= 3 else ""
    if kind and _KIND_COLUMN.fullmatch(title) and \
            not (title in _VALUE_TYPE_COLUMNS and kind in _VALUE_KINDS):
        yield said("kind", kind, written)


def _column_claims(block: Block) -> Iterator[Claim]:
    """The kind, place and bases a row states in columns titled for them."""
    if block.kind != "row" or not block.header or len(block.cells) < 2:
        return
    name = whole_span(block.cells[0])
    if not _DOTTED.fullmatch(name):
        return
    name = re.sub(r"\(.*\)$", "", name)
    def said(relation: Relation, obj: str, written: str = "") -> Claim:
        return Claim(relation, subject=name, obj=obj, obj_text=written, negated=False,
                     line=block.line, sentence=_first_line(block), presupposed="structure")

    for head, cell in zip(block.header[1:], block.cells[1:], strict=False):
        title = head.strip().strip("*_").strip().lower()
        if _KIND_COLUMN.fullmatch(title) or _VALUE_TYPE_COLUMN.fullmatch(title):
            yield from _kind_cell(title, cell, said)
        elif _LOCATION_COLUMN.fullmatch(title) and (place := leading_span(cell)):
            yield said("location", place)
        elif base := _BASE_COLUMN.fullmatch(title):
            yield from (said("subclass", s.target, "direct" if base["direct"] else "")
                        for s in code_spans(cell) if s.is_code)
        elif _RETURN_COLUMN.fullmatch(title) and (returned := leading_span(cell)):
            # under "Return annotation" the cell is what is written there
            yield said("returns", returned,
                       "annotated" if re.search(r"annotation|hint|注解|标注", title) else "")
        elif _RETURN_COLUMN.fullmatch(title):
            yield from _returns_said(name, cell.strip(), block.line, _first_line(block))
        elif _RAISES_COLUMN.fullmatch(title):
            yield from (said("raises", s.target) for s in code_spans(cell)
                        if s.is_code and re.fullmatch(r"[A-Za-z_][\w.]*", s.target))
        elif _PARAM_COUNT_COLUMN.fullmatch(title) and \
                (number := cell.strip().strip("`*_").strip()).isdigit():
            yield said("param_count", number, number)
