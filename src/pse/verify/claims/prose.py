"""Prose of a document as sentences whose code spans are argument slots.

A sentence is normalised for the grammar: each code span becomes ``§N§`` (N indexes the
line's spans), English is lower-cased with contractions expanded, adverbs and parentheticals
without code are dropped, and spaces next to Chinese characters or slots are removed (Chinese
writes none, and mixed text places them anywhere), so the grammar sees one spelling.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pse.text import CLAUSE_END, CodeSpan, Document, code_spans, parse, sentence_bounds
from pse.text.labels import heading_subject, heading_subjects
from pse.verify.claims import lexicon as L  # noqa: N812 - the grammar's short name
from pse.verify.claims.lexicon import ADVERBS, ADVERBS_ZH, CONDITIONS_EN
from pse.verify.claims.owners import label_name, owner_of, whole_span
from pse.verify.claims.words import alternation, is_file_span, words
from pse.verify.markdown import RST_MARKER, code_label, ignored_line_numbers

_CLAUSE_END = re.compile(r"[,，、]")
_CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
_ADVERBS = re.compile(rf"(?<![\w-]){ADVERBS}(?![\w-]) ?")
_ADVERBS_ZH = re.compile(ADVERBS_ZH)
_CONTRACTIONS = ((r"\bcan't\b|\bcannot\b", "can not"), (r"\bwon't\b", "will not"),
                 (r"n't\b", " not"), (r"’", "'"))


@dataclass(frozen=True)
class Sentence:
    """One sentence of a prose line."""

    line: int
    text: str
    """Exactly as written (stripped)."""
    spans: tuple[str, ...]
    """The code spans of the sentence, by slot number."""
    clauses: tuple[str, ...]
    """The normalised clauses (comma-separated parts) of the sentence."""
    normalised: str
    """The whole sentence normalised (for qualifiers such as "besides ``self``")."""
    owner: str = ""
    """The code the document's structure puts the sentence under (a label, or the parent
    item or lead-in of its list item), or that its opening pronoun stands for ("Its
    constructor takes six parameters, among them `override` ..."), as written; "" for
    none."""


def sentences(text: str, *, rst: bool, document: Document | None = None
              ) -> Iterator[Sentence]:
    """Every prose sentence holding at least two code spans or one span and a number.

    Prose lines come from the document model (``document``, else ``text`` parsed), so
    code blocks, tables, headings and directives never reach the grammar. A sentence is
    read on its line; one that a hard-wrapped paragraph began on the line before keeps that
    line's open condition ("For example, if variable" / "``f`` of type ``Foo`` has a method
    ``bar``, ...": the line alone would state it). A block opening with a label that names
    code ("**`Console`**: Represents ...", "- `x`: returns ...") lends it as the subject of
    a sentence after the label that has none.
    """
    document = document if document is not None else parse(text, rst=rst)
    lines = text.split("\n")
    ignored = ignored_line_numbers(lines, marker=RST_MARKER) if rst else \
        ignored_line_numbers(lines)
    if ignored is None:
        return
    lent = _lent_subjects(document)
    starts_block = {block.line for block in document.blocks if block.kind == "item"}
    paragraph_of = _paragraphs(document)
    previous = (0, "")
    subject = ""  # the code the sentence before opened with: what its "It" refers to
    plural: list[str] = []  # the codes a section's heading names together: its "They"
    module = ""  # the module or file the sentence before named: what "该模块" refers to
    for number, line in document.prose_lines():
        if number in ignored:
            continue
        if previous[0] != number - 1 and not _follows(paragraph_of, previous[0], number):
            module = ""
            # a new section, list or table: "It" no longer refers back, but the first
            # paragraph under "## `list_versions`: ..." says "The function" of it
            heading = paragraph_of.get(number, (None,))[0]
            opens = paragraph_of.get(previous[0], (None,))[0] != heading
            subject = heading_subject(document.blocks[heading].text) \
                if heading is not None and opens else ""
            if opens:  # "### `A` and `B` Functions": the section's "These functions"
                plural = heading_subjects(document.blocks[heading].text) \
                    if heading is not None else []
        wrapped = previous[0] == number - 1 and not _ends_sentence(previous[1]) and \
            number not in starts_block
        carried = _open_condition(previous[1]) if previous[0] == number - 1 else False
        previous = (number, line)
        spans = _with_quoted_values(line, [m for m in code_spans(line) if m.is_code])
        starts = [m.start for m in spans]  # in order: each sentence's spans by bisection
        label, after_label, above = lent.get(number, ("", False, ""))
        bounds = _listed(line, sentence_bounds(line, clauses=True), spans) or [(0, 0)]
        if label and after_label and _code_label(label, line):
            # "2. **EndOfList**: This class ... It is a subclass of ...": an item that
            # opens with a label naming code is about it, not about the item before
            subject = label
        for position, (start, end) in enumerate(bounds):
            rest = position == 0 and wrapped  # the end of the sentence before: same subject
            like = _LIKE_ZH.match(line[start:end])
            start += like.end() if like else 0
            inside = spans[bisect.bisect_left(starts, start):bisect.bisect_left(starts, end)]
            # "- `errors`: The strategy. Default is "strict".": a default said later in
            # the item is the label's too
            labelled = after_label and (position == 1 and _is_label_only(line[:start]) or (
                position > 1 and _is_label_only(line[:bounds[0][1]])
                and (_DEFAULT_LEAD.match(line[start:end]) or _COUNTED.match(line[start:end]))
                is not None))
            owner = label if labelled or (position == 0 and not after_label and not rest) \
                else ""
            piece = line[start:end]
            if not owner and label and after_label and subject == label and \
                    _SUBJECTLESS.match(piece):
                # "**`f`**: Counts nodes. Returns a list.": still the label's
                owner = label
            # an item's "It" is the code its list is under ("**`A`**:" then "- It raises
            # ..."), not what the item before it was about
            antecedent = label if position == 0 and label and not after_label and \
                not rest else "" if rest else subject
            if module and _MODULE_ANAPHOR.match(piece):  # "该模块", "This module": a module's
                antecedent = module
            # a sentence without code may still be about code: "It has three states.",
            # "**Text Class**: The base class ...", "**`A`**: Inherits from ..."
            together = plural if plural and not subject and _PLURAL.match(piece) else []
            borrowed = together or (antecedent and (
                _PRONOUN.match(piece) or _DEFAULT_ANAPHOR.match(piece))) or (owner and (
                _SUBJECTLESS.match(piece) or _DEFAULT_LEAD.match(piece)
                or (labelled and _COUNTED.match(piece))
                or (labelled and (_APPOSED.match(piece) or _BARE_NOUN.match(piece)
                                  or _PARTICIPLE.match(piece) or _later_predicate(piece)))))
            if not inside and not borrowed:
                # a bold title alone ("2. **Parameters**:") opens no other topic
                subject = subject if rest or _is_title(piece) else ""
                continue
            sentence = _sentence(number, piece, inside, offset=start,
                                 conditional=carried and position == 0,
                                 antecedent=antecedent, owner=owner,
                                 apposed=labelled, together=tuple(together),
                                 under=above if labelled else "")
            # (a sentence about the heading's codes together leaves "They" theirs)
            subject = subject if rest or together else _subject(sentence)
            module = _module_named(sentence) or module
            yield sentence
        if label and after_label and not subject:
            # "- **`f()`**：检查 ...。\n  - 它会调用 `g`": the item's "it" is its label's code,
            # whether or not the label's own text was read as a claim
            subject = label
    yield from _row_sentences(document, ignored)


_MODULE_ANAPHOR = re.compile(r"^\s*(?:该|这个|此|本)(?:模块|文件)"
                             r"|^\s*(?:this|that|the) (?:module|file)\b", re.IGNORECASE)


def _module_named(sentence: Sentence) -> str:
    """The last code span of ``sentence`` that names a file or a module by its form (a
    path, or a name the text calls a module): what a later "该模块" / "this module" means."""
    named = [s for s in sentence.spans if is_file_span(s)]
    named += [sentence.spans[int(m)] for m in re.findall(r"§(\d+)§ ?(?:module|模块)",
                                                         sentence.normalised)]
    return named[-1] if named else ""


_Place = tuple[int | None, bool, tuple[int | None, int] | None]
"""A prose line's section (heading index), whether its block is a plain paragraph, and,
for a list item, its list (the parent block and the nesting depth)."""


def _paragraphs(document: Document) -> dict[int, _Place]:
    """Per prose line: where its block is (see :data:`_Place`)."""
    return {n: (block.heading, block.kind == "paragraph" and not block.label,
                (block.parent, block.level) if block.kind == "item" else None)
            for _, block in document.prose() for n, _ in block.lines}


def _follows(paragraph_of: dict[int, _Place], before: int, line: int) -> bool:
    """Whether the block at ``line`` goes on from the one ending at ``before``: both plain
    paragraphs of one section ("`A` is the main class.\n\nIt inherits from `list`." says
    "It" of `A`), or two items of one list, blank lines between them ("1. **`A`**: ...",
    then "2. It uses ..."). After a heading, another list or a table it no longer refers
    back."""
    if not before:
        return False
    section, plain, item = paragraph_of.get(line, (None, False, None))
    earlier = paragraph_of.get(before)
    if earlier is None or earlier[0] != section:
        return False
    return (plain and earlier[1]) or (item is not None and earlier[2] == item)


_ASPECT_CELL = re.compile(r"^(`[^`]+`)\s*(?:的|'s)\s*(?:内部)?(?:实现|行为|做法|逻辑|流程|返回值"
                          r"|返回类型|implementation|behaviou?r|body|internals|return value"
                          r"|return type|result)$", re.IGNORECASE)
"""A first cell naming code and the side of it the row describes ("`f` 的实现", "`f`'s
implementation", "`f` 的返回值"): the row still says what ``f`` does."""
_OWNED_CELL = re.compile(r"^`(?P<a>[A-Za-z_][\w.]*)`\s*(?:的|'s)\s*`(?P<b>[A-Za-z_]\w*)`"
                         r"(?:\s*(?:参数|parameter|argument|属性|attribute|字段|field))?$")
"""A first cell naming a member through its owner ("`set_pointer` 的 `create`"): the row
is about ``set_pointer.create``."""
_OWN_LEAD = re.compile(r"^\s*(?:(?:the|a|an)|默认的?|by default,?(?:\s+the)?)?\s*$",
                       re.IGNORECASE)
"""What may come before a cell sentence's own subject ("默认 `timeout` 为 5", "the `x`
..."): the sentence is still about that code."""


def _row_sentences(document: Document, ignored: set[int]) -> Iterator[Sentence]:
    """The sentences of a table row's description cells, about the code its first cell
    names ("| `copy` | Returns a plain `dict` |": `copy` returns a plain `dict`): a row is
    a labelled item written across, so its first sentence borrows that name as the label's
    text does. Header cells and rows whose first cell is not one code name say nothing."""
    for block in document.blocks:
        if block.kind != "row" or not block.header or block.line in ignored or \
                len(block.cells) < 2:
            continue
        first = block.cells[0].strip().strip("*_").strip()
        aspect = _ASPECT_CELL.match(first)
        owned = _OWNED_CELL.match(first)
        name = f"{owned['a']}.{owned['b']}" if owned else label_name(
            aspect[1] if aspect else first) if aspect or whole_span(block.cells[0]) else ""
        # a plain word ("Timeout", "Location") may be a setting's title, not code: its
        # row's cells say only what their own sentences say of their own subjects; a
        # first cell that is a sentence ("| `x` defaults to `2` | ... |") is one of them
        for cell in block.cells[1:] if name or aspect else block.cells:
            spans = [m for m in code_spans(cell) if m.is_code]
            starts = [m.start for m in spans]
            for position, (start, end) in enumerate(sentence_bounds(cell, clauses=True)):
                inside = spans[bisect.bisect_left(starts, start):bisect.bisect_left(starts, end)]
                piece = cell[start:end]
                owner = name if position == 0 else ""
                worded = len(piece.split()) > 1 or len(re.findall(rf"[{_CJK}]", piece)) > 2
                borrowed = bool(owner) and worded and (
                    _SUBJECTLESS.match(piece) or _DEFAULT_LEAD.match(piece) or _APPOSED.match(piece)
                    or _BARE_NOUN.match(piece) or _PARTICIPLE.match(piece))
                # "| `set_key` | `quote_mode` defaults to ... |": its own subject, under the row's
                own = bool(inside) and bool(_OWN_LEAD.match(
                    cell[start:inside[0].start].strip(" *_")))
                # a row about no code may hold a whole sentence in any cell ("| Passing a
                # bad separator to `E` raises `TypeError` | ... |"): the grammar reads it
                whole = not name and not aspect and worded and bool(inside)
                # "| `string_types` | In `classic.py`, `string_types` is a `list` |": a
                # cell sentence that names its row's code again is about it, whatever opens it
                again = bool(name) and worded and any(
                    m.target.rsplit(".", 1)[-1] == name.rsplit(".", 1)[-1] for m in inside)
                # "| `x` | It is a `list` |", "| `x` | 它的值类型是 ... |": the row's code
                pronoun = bool(name) and worded and bool(
                    _PRONOUN.match(piece) or _POSSESSIVE_NOUN.match(piece))
                if not (borrowed or own or whole or again or pronoun):
                    # one word is a column's value; a cell sentence without its row's
                    # subject is about nothing
                    continue
                if not name and not worded:
                    continue  # "| Default | `None` |": a value, not a sentence
                yield _sentence(block.line, piece, inside, offset=start, owner=name,
                                apposed=bool(borrowed), antecedent=name if pronoun else "")


_LIST_ONLY = re.compile(r"\s*(?:§,?\s*(?:(?:and|or|和|或|及|以及|与)\s*)?[,，、]?\s*)+"
                        r"(?:(?:etc|等)\.?)?\s*[.。]?\s*")


def _listed(line: str, bounds: list[tuple[int, int]], spans: list[CodeSpan]
            ) -> list[tuple[int, int]]:
    """``bounds`` with a piece ending in a colon joined to the list of code spans after it
    ("It has three states: `A`, `B` and `C`."): the list is the colon's object."""
    merged: list[tuple[int, int]] = []
    for start, end in bounds:
        if merged and line[merged[-1][0]:merged[-1][1]].rstrip().endswith((":", "：")) \
                and _is_span_list(line, start, end, spans):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _is_span_list(line: str, start: int, end: int, spans: list[CodeSpan]) -> bool:
    """Whether ``line[start:end]`` holds nothing but code spans, commas and "and"/"or"."""
    inside = [m for m in spans if start <= m.start and m.end <= end]
    if not inside:
        return False
    text, cursor = [], start
    for match in inside:
        text.append(line[cursor:match.start])
        text.append("§")
        cursor = match.end
    text.append(line[cursor:end])
    return _LIST_ONLY.fullmatch("".join(text)) is not None


def _lent_subjects(document: Document) -> dict[int, tuple[str, bool, str]]:
    """Per first line of a block: the code its subject-less sentence is about, whether
    that sentence follows the block's own label (else it opens the block, an item whose
    owner is named above it), and, for a label that is a bare name, the code the structure
    above puts it under ("**`f(a, errors)`**:" then "- `errors`: ... Default is ...": a
    parameter of ``f``)."""
    lent: dict[int, tuple[str, bool, str]] = {}
    for index, block in document.prose():
        name = label_name(block.label)
        if name and _titles_its_text(name):
            # "#### `Creator`" then "**Description**: A function that ...": the title
            # labels what is said of the code above
            above = owner_of(document, index)
            if above and "(" not in above:
                lent[block.line] = (above, True, "")
            continue
        if name:
            above = owner_of(document, index) if block.kind == "item" and "." not in name \
                else ""
            lent[block.line] = (name, True, above if above != name else "")
        elif block.kind in {"item", "paragraph"} and (owner := owner_of(document, index)):
            # an item under its owner, or a paragraph opening the section of a heading
            # that names code ("### `f`" then "Returns a list.")
            lent[block.line] = (owner, False, "")
    return lent


def _titles_its_text(name: str) -> bool:
    """Whether a bold label is a title ("Description", "Return Value", 说明), no name."""
    return name.lower() in words("label_titles") or name.lower() in words("owner_sections")


def _is_label_only(before: str) -> bool:
    """Whether the text before a sentence is just the block's label (and its colon)."""
    # a code span may hold underscores (`from_dict`); outside one they are emphasis
    # ("`interval` (int):": a type in parentheses after the name is part of the label)
    # a bold name is whole, underscores and all ("**check_label**:", "**_unot(s)**:")
    return bool(re.fullmatch(r"\s*(?:(?:\*\*|__)?(?:`+[^`]+`+|[^`*_]*)(?:\s*\([^()`]*\))?"
                             r"(?:\*\*|__)?|\*\*[A-Za-z_][\w.]*(?:\([^()`]*\))?\*\*)"
                             r"\s*[:：]?\s*(?:\*\*|__)?\s*", before))


_QUOTED_VALUE = re.compile(r"(?<![\w`'\"])(?:\"(?P<d>[\w.+-]{1,40})\"|'(?P<s>[\w.+-]{1,40})'"
                           r"|“(?P<c>[\w.+-]{1,40})”)(?![\w`'\"])")
"""A string value written in quotes in prose ("Default is "strict"", "defaults to 'utf-8'")."""


def _with_quoted_values(line: str, spans: list[CodeSpan]) -> list[CodeSpan]:
    """``spans`` with each quoted string value of ``line`` outside them as a span of that
    literal: "Default is "strict"" says the value `"strict"` as much as a code span would."""
    quoted = [CodeSpan(m.start(), m.end(), f'"{m["d"] or m["s"] or m["c"]}"')
              for m in _QUOTED_VALUE.finditer(line)
              if not any(s.start <= m.start() < s.end for s in spans)]
    return sorted([*spans, *quoted], key=lambda s: s.start) if quoted else spans


def _code_label(name: str, line: str) -> bool:
    """Whether a block's label ``name`` is code beyond doubt (:func:`code_label`: written
    as code on its ``line``, shaped like code, or said to be code after it);
    "**Parameters**:" and "**Definition**:" are titles."""
    head, _, tail = line.partition(name)
    quoted = head.rstrip(" *_").endswith("`")
    return bool(code_label(f"`{name}`" if quoted else name, tail.lstrip("`*_ ")))


def _is_title(piece: str) -> bool:
    """Whether ``piece`` is only a bold title and its colon ("**Parameters**:")."""
    return bool(re.fullmatch(r"\s*(?:\*\*|__)[^`*_]+(?:\*\*|__)\s*[:：]?\s*", piece))


def _ends_sentence(line: str) -> bool:
    return not line.strip() or CLAUSE_END.search(line.rstrip()[-1:]) is not None


_LIKE_ZH = re.compile(r"^\s*(?:和|与|跟|同|像)[^，,。；;]{1,40}?一样[，,]\s*")
"""A comparison before the sentence ("和 `Utc` 一样，它也实现了 `m`"): what follows is said
of the sentence's own subject; the compared code is left out."""
_SEQUENCE = (r"(?:(?i:next|then|finally|first|second|third|afterwards|later|now|after that"
             r"|接着|然后|最后|随后|之后|首先|其次) ?)?")
"""A step's adverb before the pronoun ("Next it calls `b`", "然后它会调用 `b`")."""
_ANAPHORS = "(?:" + alternation([w for w in words("anaphors") if w not in {"it", "它"}]) + \
    "|" + alternation(words("demonstratives")) + " ?" + alternation(words("anaphor_nouns")) + ")"
"""The lexicons' anaphors, and a demonstrative before a kind noun ("this helper", 这个 class)."""
_FRONTED_PHRASE = (r"(?:(?!(?i:if|when|whenever|unless|whether|once|otherwise|then|else"
                   r"|in that case|in this case|in either case|where|while|after|before"
                   r"|until)\b)[A-Z][^,，§`]{0,60}[,，] ?)?")
"""A fronted phrase without code before the pronoun ("Despite being immutable, it ...",
"Like every ordered type, it ..."): set aside, as an adverb is. A condition or a time
clause ("If ..., it ...", "When ..., it ...", "Otherwise, it ...") is not: what follows
holds only then."""
_FRONTED_WHEN_ZH = r"(?:(?:如果|若|当|在|一旦)[^，,。；;§`]{1,30}?[，,]\s*)?"
"""A fronted Chinese condition or time clause without code ("如果没有安装 redis，该构造函数
会抛出 ...", "在 PyPy 下运行时，constructor 会 raise ..."): the anaphor after it is still the
sentence's subject (a raise is said under a condition as often as not)."""
_FRONTED_WHEN_EN = (r"(?:(?i:if|when|whenever|once|unless|otherwise|after|before)\b"
                    r"[^,，§`]{0,60}[,，] ?(?=(?i:it|(?:this|the) \w+) (?:\w+ly |also |then "
                    r"|first |will |may |can |would |should |might )?(?:calls?|uses?|invokes?"
                    r"|raises?|throws?|returns?|yields?|delegates?|passes|falls back)\b))?")
"""A fronted English condition or time clause without code before what the pronoun's code
does ("If the string is not in camel case, it uses `is_pascalcase`", "If it does, the
function raises ..."): a call, a raise or a return that exists on no path is false under
any condition. What it is ("If it is empty, it is a subclass of ...") holds or not
whatever the condition: no claim."""
_PRONOUN = re.compile(rf"^(\s*){_FRONTED_PHRASE}{_FRONTED_WHEN_EN}{_FRONTED_WHEN_ZH}{_SEQUENCE}"
                      rf"(?:It(?= )|it(?= )|它(?![们的])"
                      rf"|其中(?=(?:还|也)?(?:包括|包含|有))"
                      # a Chinese condition then its clause without a subject ("如果输入不是
                      # 字符串，则使用 `g` 来判断"): what follows is the last subject's doing
                      rf"|(?<=[，,])\s*(?:则|就)(?=\s*(?:会|将)?\s*(?:使用|调用|抛出|引发|返回))"
                      # a bare demonstrative before the copula ("This is a function", 这是
                      # 一个函数): what the sentence before, or the item's label, named
                      rf"|[Tt]his(?= (?:is|was) (?:a|an|the|one|not)\b)"
                      rf"|这(?=(?:就|也|只|其实)?(?:不)?是(?:一个|一种|个|`))"
                      rf"|(?i:{_ANAPHORS})(?![A-Za-z0-9_]))")
"""A sentence opening with "It", "This class", "该函数" (the lexicons' anaphors) says
something of the previous one's subject; so does 其中 ("among them") before 包括/有 ("其中
包括一个 `x` 字段": it has an `x` field), and a Chinese condition's consequence that calls,
raises or returns with no subject of its own (如果..., 则调用 `g`)."""
_CLASS_WORDS = frozenset({"class", "exception", "enum", "类", "异常类", "异常", "枚举"})
_MEMBER_OF_CLASS = re.compile(r"(?P<cls>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)\.[a-z_]\w*")


def _meant(antecedent: str, pronoun: re.Match[str], kind_noun: re.Match[str] | None) -> str:
    """The code an anaphor stands for: the antecedent; its constructor for "The
    constructor raises ...", "该构造函数会抛出 ..."; its class for "this class" / 该类 after a
    sentence about a class's member ("`Result` 的 `__slots__` ...", read as
    `Result.__slots__`)."""
    if _CONSTRUCTOR.search(pronoun.group(0)) and not antecedent.endswith("__init__") and \
            not _OF_OWNER.match(pronoun.string[pronoun.end():]):
        return f"{antecedent}.__init__"
    member = _MEMBER_OF_CLASS.fullmatch(antecedent)
    if member and kind_noun and (kind_noun["en"] or kind_noun["zh"] or "").lower() in \
            _CLASS_WORDS:
        return member["cls"]
    return antecedent


_KIND_ANAPHOR = re.compile(r"(?:^|\s)(?:this|that) (?P<en>class|function|method|enum|exception"
                           r"|decorator|property|coroutine)$|(?:该|这个|此)(?P<zh>类|函数|方法|枚举|"
                           r"异常类|异常|装饰器)$", re.IGNORECASE)
"""An anaphor that names a kind ("This class", "该函数"): what it stands for is said to be
one, as "the `X` class" says of `X`."""
_PLURAL = re.compile(r"^(\s*)(?:(?:these|those|both|the)(?: two| three)? (?:functions|methods"
                     r"|classes|helpers|helper functions|types)|they|both(?= )"
                     r"|它们|这些(?:函数|方法|类)|这(?:两|三)个(?:函数|方法|类)?|两者|二者)(?![A-Za-z])",
                     re.IGNORECASE)
"""A plural anaphor opening a sentence ("These functions", "They", "它们"): the codes a
section's heading names together, when the section has no other subject yet."""
CONSTRUCTOR_NOUN = r"(?:constructor|initiali[sz]er|构造函数|构造方法|构造器|初始化方法)"
"""The words that name a class's constructor, in English and Chinese."""
_CONSTRUCTOR = re.compile(CONSTRUCTOR_NOUN, re.IGNORECASE)
_OF_OWNER = re.compile(r"\s*(?:of|for)\s|\s*的")
"""What names the constructor's class after it ("The constructor of `A`"): no anaphor."""
_NOUN_SUBJECT = re.compile(rf"(?:^|(?<![a-z]))(?:the|this) ?§(\d+)§ ?{L.KIND_EN}(?![a-z])")
"""A definite noun phrase naming code ("the `wait_for` function"): a subject an anaphor
in the next sentence can refer to."""
_POSSESSIVE = re.compile(r"^(\s*)(?:Its|its|它的) ?$")
"""A possessive opening before the sentence's first code span names a member of the code
the sentence before was about."""
_POSSESSIVE_NOUN = re.compile(r"^(\s*)(?:(?P<en>Its|The(?= default(?: value)? (?:is|was|will "
                              r"be)\b)) (?=[a-z])"
                              r"|(?P<zh>它的 ?|(?=默认值?(?:是|为)))(?=[a-z\u4e00-\u9fff]))"
                              r"(?!constructor|initiali[sz]er|构造)")
"""A possessive opening before a noun ("Its fields include ...", "它的方法有 ..."): the
noun phrase belongs to the code the sentence before was about; so does a default said
with no owner ("The default value is True.", "默认值是 `8`。")."""
_DEFAULT_ANAPHOR = re.compile(r"^\s*(?:(?:The|Its) default(?: value)? (?:is|was|will be)\b"
                              r"|(?:它的)?默认值?(?:是|为))")
"""A sentence that says a default and names no owner: the default of the code the sentence
before was about."""
_LEAD_ZH = rf"(?:(?:{ADVERBS_ZH}|{L.AUX_ZH.removesuffix('?')}|自己|本身)\s*)*"
"""Adverbs and auxiliaries before a Chinese verb, in any order (先调用, 会逐个调用)."""
_WHEN_ZH = r"(?:[^，,。；;§`]{1,24}?(?:之后|以后|之前|以前|的时候|时)[，,]?\s*)?"
"""A fronted time clause without code before a Chinese verb ("注册完 plugin 之后会调用")."""
_WHEN_PREFIX = re.compile(_WHEN_ZH)
_SUBJECTLESS = re.compile(rf"^\s*(?!(?:{L.NOT_A_VERB})\b)[A-Za-z]+s\b"
                          rf"|^\s*{_WHEN_ZH}{_LEAD_ZH}{alternation(words('lead_verbs'))}")
"""Text opening with a verb whose subject is left out: an English word in -s that is no
determiner or pronoun ("Provides", "Inherits"; an imperative "Call" is no claim), or a
Chinese lead verb (包含, 返回), after any adverbs and auxiliary (先调用, 会抛出) and a
time clause ("注册完之后会调用")."""
_DEFAULT_LEAD = re.compile(r"^\s*(?:[Dd]efault(?: value)?(?![\w-])|[Dd]efaults to\b"
                           r"|默认(?:值)?(?:为|是|:|：)|缺省(?:值)?(?:为|是))")
"""Text opening with the default it states ("Default: `1`", "默认为 `None`"): a label's
value, said without its subject."""
_APPOSED = re.compile(r"^\s*(?:The|A|An|the|a|an) [a-z`]"
                      r"|^\s*(?:是)?(?:一个|一种)\s*(?=`|[\u4e00-\u9fff]|[a-z])"
                      r"|^\s*`[^`]+`\s*的\s*(?:子类|派生类|subclass|sub-class|别名|alias)\s*[。.]?\s*$")
"""A label's text opening with a noun phrase names what the label is ("**Text Class**: The
base class ...": `Text` is the base class ...)."""
_BARE_NOUN = re.compile(rf"^\s*(?i:{L.SUBCLASS_NOUN}|{L.BASE_NOUN}|alias|wrapper|instance"
                        rf"|part|member) (?:of|for|to|around)\b")
"""A label's or cell's text opening with a relation noun without an article ("| `A` |
Subclass of `B` |", "- `A`: alias for `B`"): `A` is a subclass of `B`. Checked before the
verbs in -s, which "Subclass" and "Alias" would pass for."""
_COUNTED = re.compile(
    r"^\s*(?:(?:\d+|zero|no|one|a single|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve) (?:[a-z-]+ ){0,2}(?:param(?:eter)?s?|arg(?:ument)?s?|fields?|members?"
    r"|methods?|attributes?|properties|values?|states?|variants?|entries|bases?|base classes"
    r"|subclasses)\b"
    r"|(?:\d+|[零一二两三四五六七八九十]+)\s*个\s*(?:[^\s，,。；;§`]{0,6}的)?(?:参数|形参|字段"
    r"|成员|方法|属性|值|状态|基类|父类|子类))", re.IGNORECASE)
"""A label's text opening with a count ("- `RetryPolicy`: 2 parameters", "- `A`：3 个字段"):
the label has that many, as "`A` has 2 parameters" says."""
_PARTICIPLE = re.compile(r"^\s*(?:[A-Z]?[a-z]+ed|[A-Z]?[a-z]+en|[Bb]uilt|[Kk]ept|[Hh]eld"
                         r"|[Ff]ound|[Ww]ritten|[Mm]ade) (?:in|inside|within|by|from|as|on|at"
                         r"|with|when|to)\b")
"""A label's text opening with a past participle and its preposition ("Defined in",
"Raised by", "Called from"): the label is what it describes, as with a noun phrase."""
_OPENING_SLOT = re.compile(rf"^(?:[A-Za-z][\w.-]{{0,30}} ?的 ?|(?:the )?[A-Za-z][\w.-]{{0,30}}'s )?"
                           rf"(?:the ?)?(?:{L.KIND_EN} ?)?§(\d+)§")
"""A sentence opening with code, or with a kind noun in apposition to it ("The function
`list_versions()` is defined in ..."), or with code said to be the project's ("parse 的
`strf_date_convert` 函数", "parse's `search` function"): that code is its subject."""
_CJK_START = re.compile(rf"^\s*[{_CJK}]")


def _later_predicate(text: str) -> bool:
    """Whether a label's text opens with a phrase without code and a later clause of it
    opens with its predicate ("整个循环的核心，一共接收 5 个参数", "the root of the
    hierarchy, based on `B`"): the phrase names the label's code, the clause says of it."""
    first, *later = _top_level_clauses(text)
    return "§" not in first and "`" not in first and any(
        _SUBJECTLESS.match(c) or _PARTICIPLE.match(c) for c in later)


def _subject(sentence: Sentence) -> str:
    """The code a sentence opens with as its subject, else the last code its definite noun
    phrases name ("... using the `wait_for` function."); "" if none."""
    coded = [c for c in sentence.clauses if "§" in c]  # past a fronted "In addition,"
    # past a fronted condition too ("当 `host` 为 `None` 时，`A` 会抛出 ...": `A`)
    coded = [c for c in coded if not _OPENING_CONDITION.match(c)] or coded
    first = _OPENING_SLOT.match(coded[0]) if coded else None
    if first:
        return sentence.spans[int(first[1])]
    phrases = _NOUN_SUBJECT.findall(sentence.normalised)
    return sentence.spans[int(phrases[-1])] if phrases else ""


_OPENING_CONDITION = re.compile(L.OPENING_CONDITION)
_CONDITION_TAIL = re.compile(rf"(?:^|[\s(])(?:{CONDITIONS_EN})\s[^,，]*$", re.IGNORECASE)


def _open_condition(line: str) -> bool:
    """Whether ``line`` ends inside a sentence whose last clause is a condition."""
    if not line.strip() or CLAUSE_END.search(line.rstrip()[-1:]):
        return False
    ends = [m.end() for m in CLAUSE_END.finditer(line)]
    tail = line[ends[-1]:] if ends else line
    return _CONDITION_TAIL.search(tail) is not None


def _joined_subject(opening: str, codes: tuple[str, ...], together: tuple[str, ...]
                    ) -> tuple[str, tuple[str, ...]]:
    """``opening`` with its plural anaphor replaced by slots for ``together``, joined."""
    plural = _PLURAL.match(opening) if together else None
    if plural is None:
        return opening, codes
    joined = ("和" if _CJK_START.match(opening[plural.end():]) else " and ").join(
        f"§{len(codes) + i}§" for i in range(len(together)))
    return f"{plural.group(1)}{joined}{opening[plural.end():]}", (*codes, *together)


_DEFINITION_HEADER = re.compile(r"\s*(?:async\s+)?(?:def|class)\s+(?P<name>[A-Za-z_]\w*)\s*[(:]")


def _named_by(code: str) -> str:
    """The name a span stands for in a claim: a definition's first line, or the whole
    definition quoted in one span ("`class NullHandler(logging.Handler): def emit(self,
    record): pass` is a decorator"), names what it defines."""
    header = _DEFINITION_HEADER.match(code)
    return header.group("name") if header else code


def _sentence(number: int, raw: str, spans: list[CodeSpan], *, offset: int,
              conditional: bool = False, antecedent: str = "", owner: str = "",
              apposed: bool = False, together: tuple[str, ...] = (), under: str = ""
              ) -> Sentence:
    codes = tuple(_named_by(m.target) for m in spans)
    slotted, cursor = [], 0
    for index, match in enumerate(spans):
        slotted.append(raw[cursor:match.start - offset])
        cursor = match.end - offset
        kind = _KIND_SPANS.get(match.target.rsplit(".", 1)[-1])
        noun = _CLASS_NOUN.match(raw, cursor) if kind else None
        if kind and noun:  # "a `Protocol` class" names a kind, not a base to look up
            slotted.append(f" {kind} class ")
            cursor = noun.end()
            continue
        slotted.append(f"§{index}§")
    slotted.append(raw[cursor:])
    possessive = _POSSESSIVE.match(slotted[0]) if antecedent and len(codes) else None
    if possessive:  # "Its `popitem` raises ...": the antecedent's `popitem`
        slotted[0] = possessive.group(1)
        codes = (f"{antecedent}.{codes[0]}", *codes[1:])
    owned = _POSSESSIVE_NOUN.match(slotted[0]) if antecedent else None
    if owned:  # "Its fields include `a`": the antecedent's fields
        mark = "的" if owned["zh"] is not None else "'s "
        slotted[0] = f"{owned.group(1)}§{len(codes)}§{mark}{slotted[0][owned.end():]}"
        codes = (*codes, antecedent)
    # "These functions use `g`": `A` and `B` use `g` (then no pronoun is left to read)
    slotted[0], codes = _joined_subject(slotted[0], codes, together)
    pronoun = _PRONOUN.match(slotted[0])
    about = antecedent if possessive or owned else ""
    apposition = pronoun is not None and slotted[0][pronoun.end():].strip() in {",", "，"} \
        and len(slotted) > 2 and slotted[2].lstrip().startswith((",", "，"))
    if antecedent and pronoun and slotted[0][pronoun.end():].strip() and \
            not apposition:  # "It calls `b`.": A; "This class, `C`, ...": C itself
        kind_noun = _KIND_ANAPHOR.search(pronoun.group(0))
        # "This class encodes ...": the antecedent, said to be a class
        named = f"the §{len(codes)}§ {kind_noun['en'].lower()}" if kind_noun and \
            kind_noun["en"] else f"§{len(codes)}§{kind_noun['zh']}" if kind_noun \
            else f"§{len(codes)}§"
        slotted[0] = _PRONOUN.sub(rf"\g<1>{named}", slotted[0], count=1)
        codes = (*codes, _meant(antecedent, pronoun, kind_noun))
        about = antecedent
    elif owner and apposed and _BARE_NOUN.match(slotted[0]):  # "| `A` | Subclass of `B` |"
        slotted[0] = f"§{len(codes)}§ is a {slotted[0].lstrip()}"
        codes = (*codes, owner)
    elif owner and (_SUBJECTLESS.match(slotted[0]) or _DEFAULT_LEAD.match(slotted[0])):
        # "**`A`**: Calls `b`.": A calls b; "- `x`: default `1`": x's default is 1; after
        # a time clause ("注册完之后会调用 `b`") the subject goes before the verb
        text = slotted[0].lstrip()
        when = _WHEN_PREFIX.match(text)
        # (a condition, "当宽度不为 1 时抛出 `E`", keeps the subject first, as written)
        cut = when.end() if when and _SUBJECTLESS.match(text) and \
            not text.startswith(("当", "如果", "若", "一旦")) else 0
        slotted[0] = f"{text[:cut]}§{len(codes)}§ {text[cut:]}"
        codes = (*codes, owner)
    elif owner and apposed and (_APPOSED.match(raw) or _PARTICIPLE.match(slotted[0])
                                or _COUNTED.match(slotted[0])):
        # "**A**: The base class ...", "| `A` | Defined in `a.py` |": A is ...; "| `A` |
        # 一个 `staticmethod` |", "| `A` | `B` 的 subclass |": A 是 ...; "- `A`: 2
        # parameters", "- `A`：3 个字段": A has ...
        verb = ("有" if re.search(rf"[{_CJK}]", raw) else "has") if _COUNTED.match(
            slotted[0]) else "是" if re.search(rf"[{_CJK}]", raw) else "is"
        slotted[0] = f"§{len(codes)}§ {verb} {slotted[0].lstrip()}"
        codes = (*codes, owner)
    elif owner and apposed and _later_predicate(slotted[0]):
        # "**`A`**：整个循环的核心，一共接收 5 个参数": A 是整个循环的核心, and A 接收 ...
        slotted[0] = f"§{len(codes)}§ {'是' if _CJK_START.match(slotted[0]) else 'is'} " \
                     f"{slotted[0].lstrip()}"
        codes = (*codes, owner)
    joined = _DASH_RELATIVE.sub(r", \1\2, ", "".join(slotted))
    joined, codes = _owned(joined, codes)
    clauses = tuple(c for c in (normalise(p) or _kept_adverbial(p)
                                for p in _top_level_clauses(joined)) if c)
    counted = _COUNT_AFTER_LIST.sub(_count_first, joined)
    if counted != joined:  # the count, read whole, besides what each clause says
        clauses = (*clauses, normalise(counted))
    if conditional and clauses:  # the condition began on the line before: say it here
        clauses = (f"if {clauses[0]}", *clauses[1:])
    where = _LOCATIVE.fullmatch(clauses[0]) if clauses and len(clauses) > 1 else None
    return Sentence(line=number, text=raw.strip(), spans=codes, clauses=derived(clauses),
                    normalised=normalise(joined),
                    owner=under or owner or about or (codes[int(where[1])] if where else ""))


_LOCATIVE = re.compile(r"(?:在|in|inside|within)\s*§(\d+)§\s*(?:中|里|内|里面|当中|之中)?")
"""A fronted place clause ("在 `JsonFormatter` 中，", "In `JsonFormatter`, ..."): the code
the rest of the sentence is under, where a bare member or parameter name belongs first."""


_DEFAULT_ZH = re.compile(r"\s*(?:在)?(?:默认|缺省)(?:情况下|时)?\s*")


def _kept_adverbial(clause: str) -> str:
    """A fronted 默认情况下， the normaliser drops as an adverb: kept as its own clause, since
    the clause after it states a default ("默认情况下，`gnu` 为 False")."""
    return "默认情况下" if _DEFAULT_ZH.fullmatch(clause) else ""


_KIND_SPANS = {"Protocol": "protocol", "NamedTuple": "namedtuple", "Enum": "enum",
               "IntEnum": "enum", "StrEnum": "enum"}
"""Classes whose name, written as code before "class" or 类, says a kind of class."""
_CLASS_NOUN = re.compile(r"\s*(?:类|class(?![\w-]))")
_OWNED = re.compile(
    r"§(?P<a>\d+)§\s*(?:(?:自己|自身)?的|'s(?: own)?)\s*§(?P<b>\d+)§"
    r"(?!\s*(?:[,，、]|和|与|及|或|and\b|or\b|参数|形参|关键字参数|属性|字段|成员|变量|值"
    r"|(?:keyword[- ])?(?:parameter|argument|kwarg|keyword|attribute|field|option|member"
    r"|variable|value)s?\b))")
"""A member named through its owner ("`A` 的 `b` 方法", "`A`'s own `b`"): one slot, ``A.b``.
A parameter or attribute phrase ("`A` 的 `b` 参数") and a list ("`A`'s `b` and `c`") keep
their slots: the noun, not the owner, says what they are."""


_DUNDER_NAME = re.compile(r"__\w+__")
_MEMBER_OF = re.compile(
    r"(?<![\w-])(?P<the>[Tt]he\s+)§(?P<b>\d+)§\s*(?:(?P<noun>method|property|attribute"
    r"|classmethod|staticmethod|field|class attribute|instance attribute|member|list|tuple"
    r"|dict|dictionary|mapping|set|constant|variable)\s+)?(?P<via>of|(?<=[a-z]\s)in)\s+"
    r"(?:the\s+)?(?:class\s+)?§(?P<a>\d+)§(?:\s+class\b)?")
"""A member named with its owner after it ("the `get` method of `IniConfig`", "the `name`
attribute of the `Section` class"): one slot, ``IniConfig.get``, its noun kept. (A
parameter "of `f`" stays two slots: the default frames read it.)"""


def _owned(joined: str, codes: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """``joined`` with each owner-and-member pair of slots made one (see ``_OWNED`` and
    ``_MEMBER_OF``)."""
    found = list(codes)

    def merge(hit: re.Match[str]) -> str:
        owner, member = codes[int(hit["a"])], codes[int(hit["b"])]
        if "noun" in hit.re.groupindex and not hit["noun"] and not _DUNDER_NAME.fullmatch(member):
            return hit.group(0)  # "the `x` of `f`" may be a parameter: the default frames'
        if "via" in hit.re.groupindex and hit["via"] == "in" and "class" not in hit.group(0):
            return hit.group(0)  # "the `folders` mapping in `run`": a local, not a member
        if re.fullmatch(r"(?:\w+/)*\w+\.pyi?", owner) and owner not in {"__init__.py",
                                                                   "__init__.pyi"}:
            # "`m.py` 的 `X`", "the `__all__` of `pkg/__init__.py`": the module's
            owner = re.sub(r"(?:/__init__)?\.pyi?$", "", owner).replace("/", ".")
        if not (DOTTED.fullmatch(owner) and DOTTED.fullmatch(member.removesuffix("()"))) \
                or owner.endswith(_FILE_ENDINGS):
            return hit.group(0)
        found.append(f"{owner}.{member}")
        noun, the = hit.groupdict().get("noun"), hit.groupdict().get("the") or ""
        # "member" says no kind: the merged name stands alone
        return f"{the}§{len(found) - 1}§" + (f" {noun}" if noun and noun != "member" else "")

    return _MEMBER_OF.sub(merge, _OWNED.sub(merge, joined)), tuple(found)


_FILE_ENDINGS = (".py", ".pyi", ".md", ".rst", ".txt", ".toml", ".cfg", ".json")


DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
"""A dotted Python name (``pathlib.Path``, ``A.b``)."""
# An aside between dashes is dropped as a parenthetical, unless it says something about
# the slot before it ("`A` — which inherits from `B` — ..."): that one becomes an aside
# between commas, which :func:`derived` reads.
_DASH_RELATIVE = re.compile(
    r"(?<=§)\s+[—–]{1,2}\s+((?:which|that|a|an|not a|not an)\s)([^—–]*?§\d+§[^—–]*?)"
    r"\s+[—–]{1,2}\s+", re.IGNORECASE)
_PLURALS = ((r"\bsubclasses of\b", "a subclass of"), (r"\bsubtypes of\b", "a subtype of"),
            (r"\bchildren of\b", "a child of"), (r"\bclasses\b", "a class"),
            (r"\bfunctions\b", "a function"), (r"\bmethods\b", "a method"),
            (r"\bexceptions\b", "an exception"), (r"\bmodules\b", "a module"),
            (r"\bproperties\b", "a property"))
_KIND_WORD = (r"(?:class|function|method|exception|module|decorator|property|attribute"
              r"|constant|variable|tuple|list|dict|dictionary|mapping|set|enum|dataclass"
              r"|helper|object)")
# "and" coordination of code names (never "or": "returns `a` or `b`" is one claim)
_AND = L.AND_JOIN
_SLOT_LIST = rf"§\d+§(?:{_AND}§\d+§)+"
_COORDINATED = re.compile(
    rf"^(?:the ?)?(?:both ?)?(?P<list>{_SLOT_LIST}) ?{_KIND_WORD}?e?s? ?(?:both |all |each )?"
    r"(?:也都|全都|都|均|也)?(?P<rest>[a-z\u4e00-\u9fff].+)$")
_RECIPROCAL = re.compile(r"^(?:are|is|refer to|point to|both)\b.*\bthe (?:very )?same\b"
                         r"|^(?:其实|实际上|本质上)?(?:都)?(?:是|指向|引用)(?:的是)?同一")
_RECIPROCAL_ZH = re.compile(r"§\d+§(?:和|与|跟|同)§\d+§(?:其实|实际上|本质上)?(?:都)?"
                            r"(?:是|指向|引用)(?:的是)?同一")
"""A predicate said of coordinated names together ("are the same object", "是同一个对象"):
not one clause per name."""
# a list in object position: "inherits from both `A` and `B`", "继承了 `str` 和 `Item`"
_COORDINATED_OBJECT = re.compile(  # "the constructor `A` accepts `b`, `c` and `d`"
    rf"^(?P<pre>[^§]{{0,40}}?§\d+§[^§]*?[a-z\u4e00-\u9fff] ?)(?:both ?)?(?P<list>{_SLOT_LIST})"
    r"(?P<post>[^§]*)$")
_COUNTED_LIST = re.compile(
    rf"^(?P<pre>§\d+§[^§]*?[a-z\u4e00-\u9fff] ?)(?P<list>{_SLOT_LIST}) ?"
    r"(?P<num>[两二三四五六七八九十]|\d+|two|three|four|five|six)个? ?"
    r"(?P<noun>参数|形参|字段|成员|属性|(?:parameter|argument|param|field|member|attribute)s?)"
    r"(?![a-z])(?P<post>[^§]*)$")
"""A list of names followed by their count and noun, as Chinese writes an apposition
("接收 `a` 和 `b` 两个参数", mixed: "需要 `a` 和 `b` 两个 parameters")."""
_TAKES = re.compile(r"^(?:the ?)?§\d+§ ?(?:函数|方法|构造函数|function|method|decorator|class"
                    r"|constructor)? ?(?:会|可以|还|也|also |only )?(?:接受|接收|需要|takes|accepts"
                    r"|receives|expects)")
_TAKEN_NOUNS = re.compile(r"(?:(?:一个|一|个) ?(?:函数|可调用对象|回调函数|回调)"
                          r"|(?:可能的|可选的|其他的?|其它的?|额外的)? ?(?:参数|入参)"
                          r"|(?<![a-z])(?:a|an|one) (?:function|callable|callback|predicate)"
                          r"|(?<![a-z])(?:the |its |some )?(?:optional |possible |extra "
                          r"|additional |keyword |positional )?(?:arguments?|parameters?))"
                          r" ?(?=§)")
"""What a list of taken arguments names before its slots ("接受一个函数 `f` 和可能的参数 `a`、
`b` 作为参数", "takes a function `f` and the optional arguments `a` and `b`"): its
parameters all the same."""
_LONE_SLOT = re.compile(rf"^(?:both ?)?§\d+§{_KIND_WORD}?$")
_TAIL_LIST = re.compile(rf"^(?:{L.AND_WORD} ?|是 ?)?§\d+§(?:{_AND}§\d+§)*(?: ?(?:等|etc))?"
                        rf"(?: ?(?:{L.NOUN}|policy|policies|flag|flags|hook|hooks|value|values)"
                        r"(?: as well| too)?"
                        # "接受 `a`、`b` 和 `c` 作为参数", "takes `a`, `b` and `c` as arguments"
                        r"| ?(?:作为|当作)(?:其)?(?:参数|输入|入参)"
                        r"| ?as (?:its |their )?(?:parameters|arguments|inputs))?$")
_LOCATED_SUBJECT = re.compile(
    rf"^(?P<det>the ?)?(?P<s>(?P<slot>§\d+§){_KIND_WORD}?) ?(?:in|from|of) ?(?:the ?)?"
    r"(?P<place>§\d+§)"
    r"(?:module|package|file)? ?(?P<rest>(?:is|are|was|has|does|can|will|never|also"
    r"|directly|inherits|derives|extends|subclasses|raises|calls|takes|accepts|lives"
    r"|defines|[a-z]+s)\b.*)$")
_LOCATED_SUBJECT_ZH = re.compile(
    r"^(?P<place>§\d+§)(?P<noun>模块|文件|包|module|file|package)?(?:中|里|内|里面|当中)的"
    r"(?P<slot>§\d+§)(?:类|函数|方法|异常|装饰器|属性|常量|变量|元组|列表|字典|集合|枚举"
    r"|数据类|class|function|method)?(?P<rest>[^§]*?(?:§\d+§.*)?)$")
"""A subject qualified by where it is, in Chinese ("`m` 模块中的 `A` 类", "`a.py` 里的 `X`")."""
_COPULAR_NP = re.compile(r"^(?:the )?§\d+§ ?(?:is|are) (?:the|a|an) [^§]*$")
"""A clause saying what its subject is with a noun phrase and no other code."""
_VERB_RELATIVE = re.compile(r"^(?:which|that) (?P<rest>[a-z]+s\b.*)$")
"""A relative clause opening with a verb in -s ("which declares five keys")."""
_APPOSITION = re.compile(r"^(?P<not>not )?(?P<np>(?:a|an|the) .*§\d+§.*)$")
_RELATIVE_VERB = (r"(?:returns|yields|takes|accepts|has|holds|contains|defines|raises"
                  r"|inherits|derives|extends|subclasses|defaults)\b")
"""Verbs whose claims need no code object ("which returns a list", "that takes two
arguments")."""
_RELATIVE = re.compile(r"^(?:which|that) (?P<rest>.*§\d+§.*"
                       r"|(?:is|are|was|were) (?!(?:why|what|how|where|when|because)\b).*"
                       rf"|{_RELATIVE_VERB}.*)$")
"""A relative clause said of the slot before it: one naming code ("which inherits from
`B`"), or a predicate of its own ("which is implemented as a dataclass", "which returns
a list of intervals"); "which is why ..." says nothing of the slot."""
_LATER_PRONOUN = re.compile(r"^(?:(?P<its>its|它的)|it(?= [a-z])|它(?![们]))")
"""A later clause opening with "it"/"它" (or "its"/"它的") says something of the code the
sentence opened with ("`A` is the entry point, it lives in `m`")."""
_FRONTED = re.compile(r"^as (?P<np>(?:a|an|the) .*§\d+§.*)$|^作为(?P<zh>.*§\d+§.*)$")
_ENDS_WITH_SLOT = re.compile(rf"(§\d+§) ?(?:{_KIND_WORD}|parameter|argument|option|field)?$")
_INNER_RELATIVE = re.compile(rf"(§\d+§)(?:{_KIND_WORD}|parameter|argument|option|field)? ?"
                             r"(?:that|which) "
                             rf"(?P<rest>{_RELATIVE_VERB}.*)$")
"""A restrictive relative clause inside a clause, said of the slot it follows ("provides
the `search` method that returns a list")."""
_STARTS_WITH_SLOT = re.compile(r"^(?:the ?)?(§\d+§)")
_CONDITION_ON_ONE = re.compile(r"^(?:如果|若|当|一旦|(?:在|每次)?调用)[^§，,。]{0,12}(§\d+§)"
                               r"[^§，,。]*$")
"""A fronted Chinese condition or call that names one code name ("如果 `Response` 的状态码不在
范围内，会抛出 `ValueError`", "调用 `f` 时，会返回 `None`"): the subjectless clause after it
is about that name."""


def _unlocated(clause: str) -> list[str]:
    """A clause whose subject is qualified by where it is, as the clause about the
    subject alone and, where a noun says the place is a module or file, the location:
    "the `A` class in the `m` module is ...", "`m` 模块中的 `A` 类继承自 `C`"."""
    located = _LOCATED_SUBJECT.match(clause)
    if located:
        found = [f"{located['det'] or ''}{located['s']} {located['rest']}"]
        if re.search(r"module|package|file", clause[located.end("place"):][:10]):
            found.append(f"{located['slot']} is in {located['place']}")
        return found
    located = _LOCATED_SUBJECT_ZH.match(clause)
    if located and not located["noun"] and _FIELD_NOUN_ZH.match(located["rest"]):
        # "`render` 中的 `decimals` 参数是必填的": a parameter of `render`, not a place
        return [f"{located['place']}的{located['slot']}{located['rest']}"]
    if located:
        found = [f"{located['slot']}{located['rest']}"]
        if located["noun"]:
            found.append(f"{located['slot']} is in {located['place']}")
        return found
    # an object qualified the same way: "继承自 `abc` 模块中的 `ABC`" inherits from `ABC`
    return [_LOCATED_OBJECT_ZH.sub(r"\g<slot>", clause)]


_FIELD_NOUN_ZH = re.compile(r"\s*(?:参数|形参|关键字参数|属性|字段|选项|parameter|argument|option)")
"""A parameter noun after a name qualified by where it is: the place is its function."""
_LOCATED_OBJECT_ZH = re.compile(
    r"(?<=[^\s§])§\d+§(?:模块|文件|包|module|file|package)(?:中|里|内|里面|当中)的(?P<slot>§\d+§)")
"""An object after its verb, qualified by the module it is in."""


_SHARED_DEFAULT = re.compile(
    r"^(?:and |which |that )?(?P<all>both |each |all |all of them |each of them )?"
    r"(?P<verb>defaulting|default|defaults) to ?(?P<en>.+)$"
    r"|^(?:并且|而且|且)?(?:默认值?|缺省值?)(?:均|皆)?(?:是|为|设为)(?P<zh>.+)$")
"""A clause that gives defaults to the names listed before it: one each, in order ("which
default to 0 and 1"), one for all ("both defaulting to `1`", "which default to `1`"), or,
said in the singular or ambiguously, one for the last name ("`value` and an optional
`ndigits`, which defaults to `None`", "默认值是 `1`")."""
_VALUES = re.compile(r" ?(?:,|、|，) ?(?:and ?|or ?)?|(?<=§) ?(?:and|or) ?(?=§)| (?:and|or) "
                     r"|和|与|或")
_TAKES_LIST = re.compile(
    r"^(?P<own>§\d+§) ?(?:takes|take|accepts|accept|has|have|receives|receive|接收|接受|有)"
    r" ?(?:the )?(?:parameters |arguments |参数)?(?P<list>§\d+§(?: ?(?:,|and|or|和|与|、)"
    r" ?§\d+§)*)(?: ?(?:parameters|arguments|两个参数|参数))?$")
"""A clause listing the parameters a function takes, in a form a shared default may
follow."""


_KIND_IN_PLACE = re.compile(
    rf"^(?P<s>§\d+§) ?(?P<be>is|are) (?P<neg>not )?(?P<np>(?:a|an) {L.KIND_EN}) "
    r"(?:defined |declared |implemented )?(?P<in>in|inside|within) ?(?P<place>.*§.*)$")
""""`A` is a module-level helper function in `a.py`": a kind and a place."""


def _kind_and_place(clause: str) -> list[str]:
    """A clause giving its subject a kind and a place, as two clauses ([] for another)."""
    found = _KIND_IN_PLACE.match(clause)
    if found is None:
        return []
    if found["neg"]:  # "is not a function defined in `a.py`": read as a whole (a place)
        return []
    return [f"{found['s']} {found['be']} {found['np']}",
            f"{found['s']} {found['be']} defined {found['in']} {found['place']}"]


def _counted_names(clause: str) -> list[str]:
    """"接收 `a` 和 `b` 两个参数": the count, and each name with its noun ([] for another
    clause)."""
    counted = _COUNTED_LIST.match(clause)
    if counted is None:
        return []
    return [f"{counted['pre']}{counted['num']}个{counted['noun']}{counted['post']}",
            *(f"{counted['pre']}{slot}{counted['noun']}{counted['post']}"
              for slot in re.findall(r"§\d+§", counted["list"]))]


def _shared_defaults(clause: str, before: tuple[str, ...]) -> list[str]:
    """One default clause per parameter the clauses ``before`` list, when ``clause`` gives
    them one default ([] otherwise)."""
    shared = _SHARED_DEFAULT.match(clause)
    owner, taken = _taken_before(before) if shared else ("", [])
    if shared is None or not taken:
        return []
    value = shared["zh"] or shared["en"]
    values = [v for v in _VALUES.split(value) if v.strip()]
    if len(values) > 1:  # "which default to 0 and 1": one each, or no reading
        pairs = list(zip(taken, values, strict=False)) if len(values) == len(taken) else []
    elif shared["all"] or shared["verb"] == "default" or len(taken) == 1:
        pairs = [(slot, value) for slot in taken]
    else:
        pairs = [(taken[-1], value)]
    return [f"{owner}的{slot}默认值是{v}" if shared["zh"] else
            f"{owner}'s {slot} defaults to {v}" for slot, v in pairs]


def _taken_before(clauses: tuple[str, ...]) -> tuple[str, list[str]]:
    """The function and the parameters the clauses just before a shared default say it
    takes (a list of names is one clause per name by then: "`f` takes `x`", "`f` takes
    `y`")."""
    owner, taken = "", list[str]()
    for clause in reversed(clauses):
        match = _TAKES_LIST.match(clause)
        if match is None or owner and match["own"] != owner:
            break
        owner = match["own"]
        taken[:0] = re.findall(r"§\d+§", match["list"])
    return owner, taken


def _each_subject(clause: str) -> list[str]:
    """A clause of coordinated subjects as one clause per subject ("`A` and `B` are
    subclasses of `C`"), or whole where its predicate is said of them together ("`A` and
    `B` are the same object"); [] for a clause with one subject."""
    coordinated = _COORDINATED.match(clause)
    if coordinated and _RECIPROCAL.search(coordinated["rest"]) or \
            _RECIPROCAL_ZH.search(clause):
        return [clause]
    if not coordinated:
        return []
    rest = _singular(coordinated["rest"])
    space = "" if re.match(rf"[{_CJK}]", rest) else " "
    return [f"{slot}{space}{rest}" for slot in re.findall(r"§\d+§", coordinated["list"])]


def _top_level_clauses(text: str) -> list[str]:
    """``text`` cut at its commas, but not at one inside parentheses: "`i` (int),
    `default_one` (bool, default `True`)" says the default of `default_one`, and the
    comma inside its parenthesis opens no clause said of the sentence's first name."""
    parts: list[str] = []
    depth = start = 0
    for at, char in enumerate(text):
        if char in "(（":
            depth += 1
        elif char in ")）":
            depth = max(0, depth - 1)
        elif depth == 0 and _CLAUSE_END.match(char):
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return parts


def derived(clauses: tuple[str, ...]) -> tuple[str, ...]:
    """The clauses as the grammar reads them: each says one thing of one subject.

    - coordinated subjects make one clause each ("`A` and `B` are subclasses of `C`");
    - a location modifier of the subject becomes a clause of its own ("the `A` class in
      the `m` module is a subclass of `C`": `A` is in `m`, and `A` is a subclass of `C`);
    - an apposition or a relative clause after a slot is said of that slot ("`A`, a
      subclass of `C`, ..."; "`A`, which inherits from `C`, ..."), and so is a fronted
      "as" phrase of the slot after it ("As a subclass of `C`, `A` ...").
    """
    found: list[str] = []
    clauses = _rejoined(_predicates_split(clauses))
    opening = (_STARTS_WITH_SLOT.match(clauses[0]) or _CONDITION_ON_ONE.match(clauses[0])) \
        if clauses else None
    # "`a` 和 `b` 两个函数接受 ...，并返回 ...": what the later clause says is said of each
    together = _COORDINATED.match(clauses[0]) if opening else None
    reciprocal = together is not None and _each_subject(clauses[0]) == [clauses[0]]
    subject = together["list"] if together and not reciprocal else \
        opening[1] if opening else ""
    for number, clause in enumerate(clauses):
        if number:  # "定义了 `start` 方法，该方法会抛出 ...": that method; "..., it ...": the first
            clause = _named_before(clause, clauses[number - 1]) or (
                _with_opening_subject(clause, subject) if subject else clause)
        each = _each_subject(clause)
        if each:
            found.extend(each)
            continue
        expanded = _counted_names(clause) or _shared_defaults(clause, clauses[:number]) \
            or _kind_and_place(clause)
        if expanded:
            found.extend(expanded)
            continue
        listed = _COORDINATED_OBJECT.match(_TAKEN_NOUNS.sub("", clause)) \
            if _TAKES.match(clause) else _COORDINATED_OBJECT.match(clause)
        if listed:
            found.extend(f"{listed['pre']}{slot}{listed['post']}"
                         for slot in re.findall(r"§\d+§", listed["list"]))
            continue
        found.extend(_unlocated(clause))
        found.extend(_inner_relative(clause))
        said = _said_of_a_slot(clause, clauses[number - 1] if number else "")
        if said is not None:
            found.extend(said)
        elif number and opening and _COPULAR_NP.match(clauses[number - 1]):
            # "`A` is the counterpart, which declares five keys": the noun phrase is `A`
            relative = _VERB_RELATIVE.match(clause)
            if relative:
                found.append(f"{opening[1]} {relative['rest']}")
        fronted = _FRONTED.match(clause)
        after = _STARTS_WITH_SLOT.match(clauses[number + 1]) \
            if fronted and number + 1 < len(clauses) else None
        if fronted and after is not None:
            found.append(f"{after[1]} is {fronted['np']}" if fronted["np"] else
                         f"{after[1]}是{fronted['zh']}")
    return tuple(found)


def _inner_relative(clause: str) -> list[str]:
    """A relative clause inside ``clause`` said of the slot it follows ("provides the `m`
    method that returns a list": "`m` returns a list")."""
    inner = _INNER_RELATIVE.search(clause)
    return [f"{inner[1]} {inner['rest']}"] if inner is not None and inner.start() > 0 else []


def _said_of_a_slot(clause: str, before: str) -> list[str] | None:
    """What ``clause`` says of the slot ``before`` ends with: an apposition ("`A`, a
    subclass of `C`") or a relative clause ("`A`, which returns a list"); None when
    ``before`` ends with no slot."""
    found: list[str] = []
    last = _ENDS_WITH_SLOT.search(before) if before else None
    if last is None:
        return None
    apposition, relative = _APPOSITION.match(clause), _RELATIVE.match(clause)
    if apposition:
        negation = "not " if apposition["not"] else ""
        found.append(f"{last[1]} is {negation}{apposition['np']}")
    elif relative:
        found.append(f"{last[1]} {relative['rest']}")
    return found


_CONJUNCTION = re.compile(r"^(?:(?:and|but|so|while|and then|and also|because|since) |(?:并且|而且"
                          r"|并|且|同时|但是|但|而|另外|此外|因为|由于|所以|因此|因而)(?!且))")
_PREDICATE_EN = (r"(?:has|have|provides|inherits|derives|extends|subclasses|raises|calls"
                 r"|defaults|falls back|default(?: value)?(?: is|:)?(?= ?§)"
                 r"|takes|accepts|lives|defines|returns|contains|exposes|implements|includes"
                 r"|wraps|is|are|can|does|will|never|may|uses|lets|adds|overrides"
                 r"|introduces)")
_NEG_ZH = L.NEG_ZH.replace("?P<neg>", "?:")  # "但不是 `B` 的子类": a negated predicate
_PREDICATE_FIRST = re.compile(
    rf"^(?:{_PREDICATE_EN}\b|{_LEAD_ZH}{_NEG_ZH}{_LEAD_ZH}(?:继承|派生|扩展|有|拥有|包含|包括|提供|定义"
    r"|实现|调用|抛出|引发|返回|接收|接受|位于|是|属于|暴露|支持|使用|依赖|需要|值为|值是"
    r"|添加了|新增了|重写了)(?![们]))")
"""A clause that opens with its predicate has no subject of its own: the sentence's."""
_AND_PREDICATE = re.compile(rf"(?:(?<=§)|(?<=[a-z]) )(?:and|but) (?={_PREDICATE_EN}\b)")


def _predicates_split(clauses: tuple[str, ...]) -> tuple[str, ...]:
    """Clauses with coordinated predicates of one subject cut apart ("`A` inherits from
    `B` and has four parameters": two clauses, the second without its subject), when the
    part before the conjunction names code."""
    split: list[str] = []
    for clause in clauses:
        parts = _AND_PREDICATE.split(clause)
        if len(parts) > 1 and "§" in parts[0]:
            split.extend(parts)
        else:
            split.append(clause)
    return tuple(split)


_THAT_NOUN = re.compile(r"^(?:该|这个|此|这一|上述)(?P<zh>方法|函数|类|属性|常量|模块|异常)"
                        r"|^(?:this|that|the|said) (?P<en>method|function|class|property"
                        r"|constant|module|exception|helper)\b ?")
"""A clause opening with a demonstrative and a kind noun ("该方法", "this method")."""


def _named_before(clause: str, before: str) -> str | None:
    """The clause with its demonstrative subject ("该方法会抛出 ...", "this method raises
    ...") replaced by the code the clause before ends naming with the same kind noun
    ("... 定义了 `start` 方法", "... defines the `start` method"); None when it does not."""
    bare = _CONJUNCTION.sub("", clause, count=1).lstrip()
    that = _THAT_NOUN.match(bare)
    if that is None:
        return None
    noun = that["zh"] or that["en"]
    last = re.search(rf"(§\d+§) ?{re.escape(noun)}s?(?:的)?\s*$|(§\d+§)\s*$", before)
    if last is None or last[2] and not re.search(rf"\b(?:the|a|an) (?:{noun}) ?§\d+§\s*$",
                                                 before):
        return None
    slot = last[1] or last[2]
    rest = bare[that.end():]
    return f"{slot}{rest}" if that["zh"] else f"{slot} {rest}"


def _with_opening_subject(clause: str, subject: str) -> str:
    """A later clause said of the code the sentence opened with: one opening with "it",
    "its", 它 ("`A` is the entry point, it lives in `m`"), or with its predicate, after a
    conjunction or none ("`A` 继承自 `B`，并且有四个参数", "`A` is a class, and inherits
    from `B`")."""
    bare = _CONJUNCTION.sub("", clause, count=1).lstrip()
    pronoun = _LATER_PRONOUN.match(bare)
    if pronoun:
        joiner = ("的" if pronoun["its"] == "它的" else "'s") if pronoun["its"] else ""
        return f"{subject}{joiner}{bare[pronoun.end():]}"
    if _PREDICATE_FIRST.match(bare) or _PREDICATE_FIRST.match(_singular(bare)):
        # (a plural verb after coordinated subjects: "`a` and `b` ..., and return ...")
        return f"{subject}{bare}"  # the normaliser writes no space next to a slot
    if _PARTICIPLE.match(bare):  # "`A` is the root of the hierarchy, based on `B`"
        return f"{subject} is {bare}"
    return clause


def _rejoined(clauses: tuple[str, ...]) -> tuple[str, ...]:
    """The clauses with a list of names split at its commas put back together: "`A`, `B`
    and `C` are functions" was cut into "`A`", "`B`" and "and `C` are functions"."""
    joined: list[str] = []
    pending = ""
    for clause in clauses:
        if _LONE_SLOT.match(clause):
            pending += f"{clause}, "
            continue
        if pending and re.match(rf"^(?:{L.AND_WORD} ?)?§", clause):
            clause = f"{pending}{clause}"
        elif pending:
            joined.extend(c.rstrip(", ") for c in pending.split(", ") if c)
        pending = ""
        if joined and re.search(r"§$", joined[-1]) and _TAIL_LIST.match(clause):
            # "takes `a`, `b` and `c`"; "先调用 `a`，然后是 `b`"
            joined[-1] = f"{joined[-1]}, {re.sub(r'^是 ?', '', clause)}"
            continue
        joined.append(clause)
    if pending and joined and re.search(r"§$", joined[-1]):
        # "first calls `a`, then `b`": names trailing the sentence continue its list
        joined[-1] = f"{joined[-1]}, {pending.rstrip(', ')}"
        pending = ""
    joined.extend(c for c in pending.split(", ") if c)
    return tuple(joined)


def _singular(text: str) -> str:
    """A plural predicate said of each subject alone ("are subclasses of" -> "is a ...")."""
    text = re.sub(r"^are\b(?: (?:both|all|each)\b)?", "is", text)
    text = re.sub(r"^(inherit|derive|extend|subclass|raise|call|take|accept|define|live"
                  r"|return|yield|use|provide|support|implement|override|wrap)\b",
                  r"\1s", text)
    for pattern, replacement in _PLURALS:
        text = re.sub(pattern, replacement, text)
    return text


def normalise(text: str) -> str:
    """The grammar's spelling of a piece of slotted text (see the module docstring)."""
    text = text.lower()
    for pattern, replacement in _CONTRACTIONS:
        text = re.sub(pattern, replacement, text)
    # "is defined as a subclass of" states what "is a subclass of" does
    text = re.sub(rf"\b{L.AS_VERB} as (?=(?:a|an|the) (?:direct )?{L.SUBCLASS_NOUN}\b)", "",
                  text)
    # "the built-in `dict`", "Python's `list`", "内置的 `dict`": where a name comes from
    # qualifies the name, it is not part of the relation ("a subclass of the built-in `dict`")
    text = re.sub(r"\b(?:python ?'s|python|the standard library ?'s|standard[- ]library"
                  r"|stdlib|built-?in|builtin) (?=§)"
                  r"|(?:内置|python ?(?:自带|内置)?|(?:python ?)?标准库(?:里|中|自带)?)的?(?=\s*§)",
                  "", text)
    # a gloss after Chinese ("属性（property）") says which word was meant: keep its words
    text = re.sub(r"(?<=[\u4e00-\u9fff])\s*[（(]([a-z][a-z -]*)[）)]", r"\1", text)
    text = re.sub(r"\([^()§]*\)|（[^（）§]*）", " ", text)
    text = re.sub(r"\s[—–-]{1,2}\s[^§—–]*?\s[—–-]{1,2}\s", " ", text)  # an aside between dashes
    text = re.sub(r"[*_\"“”‘']+(?![a-z])|(?<![a-z§])[*_\"“”‘']+", " ", text)
    text = _ADVERBS.sub("", text)
    # "`a`, `b` and an optional `c`": the last item of a list of names, with its article
    text = re.sub(r"(?<=§)(,? (?:and|or) )(?:an?|the) (?:(?:optional|required|extra"
                  r"|additional|keyword|positional|new) )*(?=§)", r"\1", text)
    text = re.sub(r"\s+", " ", text)
    # "A `EmojiMatch` is a tuple ...": a model's article before the name it defines
    text = re.sub(r"^\s*(?:a|an) (?=§\d+§ ?(?:is|are)\b)", "", text)
    text = re.sub(rf"\s*([{_CJK}§])\s*", r"\1", text)
    text = _ADVERBS_ZH.sub("", text)
    text = re.sub(r"(?:自己|本身)(?!的)", "", text)  # "`A` 自己 override 了 `m`": A's own, as said
    # a cleft ("raise 的是 `E`", "返回的是一个 `bytes`", "调用的是 `g`"): the verb and its object
    text = re.sub(r"(抛出|引发|raise|抛|返回|return|调用|call|继承|inherit)的(?:就)?是"
                  r"(?=[^§]{0,12}§)", r"\1", text)
    # the 把 construction puts the object first: "把 `f` 的返回类型标注成 `T`" says "`f` 的返回
    # 类型标注为 `T`", "把 `x` 的默认值设成 `1`" "`x` 的默认值设为 `1`"
    text = re.sub(r"把(§\d+§[^§，,。；;]{0,16}?)(标注|注解|设置|设|定义|声明|写|指定)(?:成|为)了?",
                  r"\1\2为", text)
    text = re.sub(r"§\s+|\s+§", lambda m: m.group(0).strip(), text)
    text = _QUALIFIER.sub("", _DISCOURSE.sub("", text))
    return text.strip(" .!?;:。！？；：")


_DISCOURSE = re.compile(
    r"^(?:note that|notice that|keep in mind that|remember that|bear in mind that"
    r"|also,?|in addition,?|additionally,?|moreover,?|furthermore,?|importantly,?"
    r"|interestingly,?|in practice,?|in fact,?|indeed,?|similarly,?|likewise,?"
    r"|其中[，,]?|此外[，,]?|另外[，,]?|值得注意的是[，,]?|需要注意的是[，,]?|要注意的是[，,]?"
    r"|注意[，,：:]?|同时[，,]?|而且[，,]?|并且[，,]?|另一方面[，,]?) ?(?=§)")
"""A discourse marker before a clause's subject ("Note that `X` is ...", "其中 `X` ...",
"值得注意的是，`X` ..."): it says how the sentence fits, not what it claims."""
_QUALIFIER = re.compile(
    r"^(?:the )?(?:top-level|old|older|legacy|classic|new|newer|public|module-level) ?(?=§)"
    r"|^(?:顶层|旧版|老版|旧|新版|公开|模块级)(?:的)? ?(?:package|包|模块|module)?(?:的)? ?(?=§)")
"""A word that says which of the project's names a subject is ("the top-level `x`", "旧版的
`f`", "顶层 package 的 `x`"): the name is still the subject."""


_COUNT_AFTER_LIST = re.compile(
    r"(?P<list>§\d+§(?:\s*(?:[、，,]|和|与|及|以及)\s*§\d+§)+)\s*(?:这|这些|共|一共|总共)?"
    r"\s*(?:(?P<num>[一二两三四五六七八九十]|\d+)\s*(?:个|种))?\s*"
    # a kind of parameter ("三个可选参数", "三个 named parameters"): a count of that kind,
    # not of every parameter; the names are still its parameters
    r"(?P<kind>(?:可选|必需|必选|命名|关键字|位置)的?|(?:named|keyword|keyword-only|positional"
    r"|optional|required)\s+)?"
    r"(?P<public>公开的?|公共的?|public\s+)?"
    r"(?P<noun>方法|函数|属性|成员|字段|参数|取值|值|枚举值|状态"
    r"|(?:parameter|argument|param|method|attribute|field|member)s?)(?=\s*[。；;.]?\s*$)")
"""A Chinese count after the list it counts ("有 `a`、`b` 和 `c` 三个方法"): read as the
count before its list ("有三个方法：`a`、`b` 和 `c`"), the order the frames read. Without a
count ("接收 `a`、`b` 和 `c` 参数") or with a kind of parameter, only the list is read."""
_NOUN_ZH = {"parameter": "参数", "argument": "参数", "param": "参数", "method": "方法",
            "attribute": "属性", "field": "字段", "member": "成员"}


def _count_first(match: re.Match[str]) -> str:
    """:data:`_COUNT_AFTER_LIST`'s match as the count (if it counts all) before its list."""
    noun = ("公开" if match["public"] else "") + \
        _NOUN_ZH.get(match["noun"].lower().removesuffix("s"), match["noun"])
    if match["num"] is None or match["kind"] and noun == "参数":
        return f"{noun}：{match['list']}"
    return f"{match['num']}个{noun}：{match['list']}"
