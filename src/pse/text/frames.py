"""Repeated frames: a list or run of sentences that says one thing with a word swapped.

A small model pads a section with a list of one sentence three times: "The solution may
not be efficient / scalable / maintainable for large jobs, especially if the
`RetryPolicy` is used", often behind bold labels ("- **Efficiency**: ..."). The word sets
of such items differ in two words of fifteen, a label included, so a near-duplicate test
over word sets lets them through. Here two units are compared as token *sequences*: they
repeat one frame when, aligned, they share most tokens in order and differ only in one or
two places of at most two words each (Chinese: six characters).

Parallel lists stay legitimate when what changes is the subject: a code span ("`x`: the x
value", "`y`: the y value"), or the item's own label ("- **Linux**: ... on Linux"). Units
are the items of one list (their label set aside) and the sentences of one section's
paragraphs, read from the document model (:mod:`pse.text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from difflib import SequenceMatcher

from pse.text.identifiers import name_words
from pse.text.markdown import parse_markdown
from pse.text.model import Block, Document
from pse.text.sentences import sentence_bounds
from pse.text.spans import code_spans

_MIN_SHARED = 7.0
"""Words two units share in order before a swap makes them one frame (a CJK character
counts half a word)."""
_MIN_SHARED_SHARE = 0.7
"""...and the share of the longer unit those shared words are."""
_MAX_PLACES = 2
"""Places where the two may differ."""
_MAX_SWAP = 2.0
"""Words a place may hold on either side (CJK: half a word per character)."""
_MAX_SWAP_CJK = 6
"""Characters a place written in Chinese only may hold on either side: two Chinese words
run to five or six characters ("解析字符串", "重复名称错误")."""
_TOKEN = re.compile(r"`[^`\n]+`|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
                    r"|[^\W_]+(?:['’_-][^\W_]+)*")
_IDENTIFIER = re.compile(r"[a-z][A-Z]|_|\(\)$|\.\w")
"""A label word written as code: ``camelCase``/``CamelCase``, ``snake_case``, ``f()``, ``a.b``."""
_MIN_STEM = 4
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True)
class FrameRepeat:
    """A unit that repeats an earlier unit's frame."""

    line: int
    text: str
    """What to delete: the whole line for a one-line list item, else the sentence."""
    earlier: str
    """The unit whose frame it repeats."""


@dataclass(frozen=True)
class _Unit:
    line: int
    text: str
    tokens: tuple[str, ...]
    subjects: frozenset[str]
    """Tokens that name what the unit is about: its code spans and its label's words."""
    name_parts: frozenset[str]
    """The words of the code names it mentions ("retry", "policy" of ``RetryPolicy``):
    a swapped word that is a form of one ("overflowing") changes the subject too."""
    label: tuple[str, ...] = ()
    """A list item's label tokens (a code span's whole: "`ratio`"), set aside from
    ``tokens``."""

    def template(self) -> tuple[str, ...]:
        """Its tokens with its own label, a code name said again, replaced: what it says
        of any item (a label of words, "**Border Style**", is echoed by a description of
        its own: "Set a specific style for the border")."""
        return tuple("§" if token in self.label and token.startswith("`") else token
                     for token in self.tokens)


def frame_repeats(text: str | Document) -> list[FrameRepeat]:
    """Every list item or sentence that repeats the frame of an earlier one of its group.

    Given the text, an item's finding quotes its whole source line (marker and label
    included); given a parsed document, the item's own text."""
    found: list[FrameRepeat] = []
    doc, lines = (parse_markdown(text), text.split("\n")) if isinstance(text, str) else (text, [])
    for kind, group in _groups(doc, lines):
        kept: list[_Unit] = []
        retold: dict[int, int] = {}  # a kept sentence -> how often said of other code
        templates: dict[tuple[str, ...], list[_Unit]] = {}  # items saying one thing
        for unit in group:
            match = next((e for e in kept if is_same_frame(unit, e)), None)
            if match is not None:
                found.append(FrameRepeat(unit.line, unit.text, match.text))
                continue
            kept.append(unit)
            if kind != "sentences":
                same = templates.setdefault(unit.template(), [])
                same.append(unit)
                if "§" in unit.template() and len(same) >= _MAX_RETOLD and \
                        _weight(unit.tokens) >= _MIN_SHARED:
                    # "- `ratio`: The function name is `ratio`, which is a common name
                    # ...", item after item: the list says one thing of every name
                    kept.pop()
                    found.append(FrameRepeat(unit.line, unit.text, same[0].text))
                continue
            said = next((i for i, e in enumerate(kept[:-1])
                         if is_same_frame(unit, e, any_subject=True)), None)
            if said is not None:
                retold[said] = retold.get(said, 1) + 1
                if retold[said] >= _MAX_RETOLD:
                    kept.pop()
                    found.append(FrameRepeat(unit.line, unit.text, kept[said].text))
    return sorted(found, key=lambda r: r.line)


_MAX_RETOLD = 3
"""The time a section's prose says one frame of different code at which it loops: two
sentences may be parallel ("reach for `A` ..." / "reach for `B` ..."), a third is a list
said as sentences ("These are the default directories for `a` and `b` respectively." four
times over). Lists are exempt: an API list is rightly one frame per item, unless its
items say one sentence word for word with only their own label said again in it."""


def is_same_frame(later: _Unit, earlier: _Unit, *, any_subject: bool = False) -> bool:
    """Whether ``later`` says ``earlier``'s sentence with a word or two swapped (with
    ``any_subject``, also when what is swapped is what they are about)."""
    a, b = earlier.tokens, later.tokens
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    codes = matcher.get_opcodes()
    shared = sum(_weight(a[i1:i2]) for tag, i1, i2, _, _ in codes if tag == "equal")
    if shared < _MIN_SHARED or shared < _MIN_SHARED_SHARE * max(_weight(a), _weight(b)):
        return False
    places = [(a[i1:i2], b[j1:j2]) for tag, i1, i2, j1, j2 in codes if tag != "equal"]
    if len(places) > _MAX_PLACES or any(not _small_swap(x) or not _small_swap(y)
                                        for x, y in places):
        return False
    if any_subject:
        return True
    subjects = earlier.subjects | later.subjects
    parts = earlier.name_parts | later.name_parts
    return not any(_names_subject(token, subjects, parts) for x, y in places
                   for token in (*x, *y))


def _small_swap(tokens: tuple[str, ...]) -> bool:
    """Whether one side of a place is at most two words (Chinese only: six characters)."""
    if tokens and all(_CJK.fullmatch(t) for t in tokens):
        return len(tokens) <= _MAX_SWAP_CJK
    return _weight(tokens) <= _MAX_SWAP


def _weight(tokens: tuple[str, ...]) -> float:
    return sum(0.5 if _CJK.fullmatch(t) else 1.0 for t in tokens)


def tokens(text: str) -> tuple[str, ...]:
    """Lower-cased words, CJK characters and whole code spans, in order (markup dropped)."""
    return tuple(t.lower() for t in _TOKEN.findall(text))


def _groups(doc: Document, lines: list[str]) -> Iterator[tuple[str, list[_Unit]]]:
    """The items of each list (by parent, depth and section) and each section's sentences."""
    groups: dict[tuple[str, int | None, int | None, int], list[_Unit]] = {}
    for _, block in doc.prose():
        if block.kind == "item":
            key = ("item", block.heading, block.parent, block.level)
            groups.setdefault(key, []).append(_item_unit(block, lines))
        elif block.kind == "paragraph":
            groups.setdefault(("sentences", block.heading, None, 0), []).extend(
                _sentence_units(block))
    yield from ((key[0], units) for key, units in groups.items())


def _item_unit(block: Block, lines: list[str]) -> _Unit:
    label = tokens(block.label)
    words = tokens(block.text)
    if label and words[:len(label)] == label:
        words = words[len(label):]
    one_line = block.line == block.end and 0 < block.line <= len(lines)
    text = lines[block.line - 1].strip() if one_line else block.text.strip()
    return _Unit(block.line, text, words, *_subjects(block.text, block.label), label=label)


def _sentence_units(block: Block) -> Iterator[_Unit]:
    for number, line in block.lines:
        for start, end in sentence_bounds(line):
            sentence = line[start:end].strip()
            yield _Unit(number, sentence, tokens(sentence), *_subjects(sentence, ""))


def _subjects(text: str, label: str) -> tuple[frozenset[str], frozenset[str]]:
    """What a unit is about: its code spans (whole, and the words in them: "`x`" is also
    "x") and its label's words; and the name words of the code it names, a label written
    as an identifier included ("**OverflowMethod Class**")."""
    names = [span.code for span in code_spans(text)]
    subjects = set(tokens(label.replace("`", " "))) | {f"`{n}`".lower() for n in names}
    subjects.update(t for name in names for t in tokens(name))
    names += [word for word in label.replace("`", " ").split() if _IDENTIFIER.search(word)]
    parts = {word for name in names for word in name_words(name).split()}
    return frozenset(subjects), frozenset(parts)


def _names_subject(token: str, subjects: frozenset[str], parts: frozenset[str]) -> bool:
    """Whether ``token`` is a subject, or a form of a code name's word ("overflowing" of
    ``OverflowMethod``): then the units differ in what they are about, not in a word."""
    if token in subjects:
        return True
    return any(len(word) >= _MIN_STEM and len(_common_prefix(token, word)) >= max(
        _MIN_STEM, len(word) - 2) for word in parts)


def _common_prefix(a: str, b: str) -> str:
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return a[:size]
