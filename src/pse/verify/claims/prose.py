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

from pse.verify.claims.lexicon import ADVERBS, ADVERBS_ZH, CONDITIONS_EN
from pse.verify.markdown import ignored_line_numbers

# only a whole backtick run opens a span (CommonMark; a line of backticks stays linear)
_SPAN = re.compile(
    r"(?:\{(?P<myst>[\w:.-]{1,64})\}|:(?P<role>[\w:.-]{1,64}):)?(?<!`)(`+)(?P<code>[^`]+?)\3(?!`)")
"""Role names are bounded: an unbounded one rescans a ``:a:a:a...`` run from each colon."""
_TEXT_ROLES = frozenset({"doc", "ref", "term", "numref", "download", "abbr", "guilabel",
                         "menuselection", "pep", "rfc", "issue", "pr", "user"})
"""Roles whose target is a page, label or word, not code: never a claim's argument."""
_RST_MARKER = re.compile(r"\.\.\s+pse:\s*(ignore(?:-start|-end|-file)?)\b")
_FENCE = re.compile(r"^\s*(```|~~~)")
_SKIPPED = re.compile(r"^\s*(?:#|\||<|\.\. |[=\-~^\"'`#*+]{3,}\s*$|:[\w-]+:(?:\s|$))")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[;:。！？；：]")
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


def sentences(text: str, *, rst: bool) -> Iterator[Sentence]:
    """Every prose sentence holding at least two code spans or one span and a number.

    A sentence is read on its line; one that a hard-wrapped paragraph began on the line
    before keeps that line's open condition ("For example, if variable" / "``f`` of type
    ``Foo`` has a method ``bar``, ...": the line alone would state it).
    """
    previous = (0, "")
    subject = ""  # the code the sentence before opened with: what its "It" refers to
    for number, line in _prose_lines(text, rst=rst):
        wrapped = previous[0] == number - 1 and not _ends_sentence(previous[1])
        carried = _open_condition(previous[1]) if previous[0] == number - 1 else False
        previous = (number, line)
        if not line.strip():
            subject = ""  # a new paragraph: "It" no longer refers back
            continue
        spans = [m for m in _SPAN.finditer(line) if not _is_text_role(m)]
        starts = [m.start() for m in spans]  # in order: each sentence's spans by bisection
        for position, (start, end) in enumerate(_sentence_bounds(line, spans) or [(0, 0)]):
            rest = position == 0 and wrapped  # the end of the sentence before: same subject
            inside = spans[bisect.bisect_left(starts, start):bisect.bisect_left(starts, end)]
            if not inside:
                subject = subject if rest else ""
                continue
            sentence = _sentence(number, line[start:end], inside, offset=start,
                                 conditional=carried and position == 0,
                                 antecedent="" if rest else subject)
            subject = subject if rest else _subject(sentence)
            yield sentence


def _ends_sentence(line: str) -> bool:
    return not line.strip() or _SENTENCE_END.search(line.rstrip()[-1:]) is not None


_PRONOUN = re.compile(r"^(\s*)(?:It(?= )|它(?![们的]))")
"""A sentence opening with "It" (``它``) says something of the previous one's subject."""
_OPENING_SLOT = re.compile(r"^(?:the ?)?§(\d+)§")


def _subject(sentence: Sentence) -> str:
    """The code a sentence opens with as its subject ("" if it opens otherwise)."""
    first = _OPENING_SLOT.match(sentence.clauses[0]) if sentence.clauses else None
    return sentence.spans[int(first[1])] if first else ""


_CONDITION_TAIL = re.compile(rf"(?:^|[\s(])(?:{CONDITIONS_EN})\s[^,，]*$", re.IGNORECASE)


def _open_condition(line: str) -> bool:
    """Whether ``line`` ends inside a sentence whose last clause is a condition."""
    if not line.strip() or _SENTENCE_END.search(line.rstrip()[-1:]):
        return False
    ends = [m.end() for m in _SENTENCE_END.finditer(line)]
    tail = line[ends[-1]:] if ends else line
    return _CONDITION_TAIL.search(tail) is not None


def _prose_lines(text: str, *, rst: bool) -> Iterator[tuple[int, str]]:
    lines = text.split("\n")
    ignored = ignored_line_numbers(lines, marker=_RST_MARKER) if rst else \
        ignored_line_numbers(lines)
    if ignored is None:
        return
    fenced = False
    literal_indent: int | None = None
    for number, line in enumerate(lines, start=1):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None and (not line.strip() or indent > literal_indent):
            continue  # an rst literal block or directive body
        literal_indent = None
        if rst and (line.rstrip().endswith("::") or line.lstrip().startswith(".. ")):
            literal_indent = indent
        if fenced or number in ignored or _SKIPPED.match(line) or (
                indent >= 4 and not rst and not _LIST_ITEM.match(line)):
            continue  # an indented Markdown line is code unless it is a nested list item
        yield number, line


def _sentence_bounds(line: str, spans: list[re.Match[str]]) -> list[tuple[int, int]]:
    inside = _code_positions(spans)
    bounds: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        if match.start() in inside:
            continue
        bounds.append((start, match.end()))
        start = match.end()
    bounds.append((start, len(line)))
    return [(a, b) for a, b in bounds if line[a:b].strip()]


def _is_text_role(match: re.Match[str]) -> bool:
    role = match.group("role") or match.group("myst") or ""
    return role.split(":")[-1] in _TEXT_ROLES


def _code_positions(spans: list[re.Match[str]]) -> set[int]:
    return {i for m in spans for i in range(m.start(), m.end())}


def _sentence(number: int, raw: str, spans: list[re.Match[str]], *, offset: int,
              conditional: bool = False, antecedent: str = "") -> Sentence:
    codes = tuple(_target(m.group("code")) for m in spans)
    slotted, cursor = [], 0
    for index, match in enumerate(spans):
        slotted.append(raw[cursor:match.start() - offset])
        slotted.append(f"§{index}§")
        cursor = match.end() - offset
    slotted.append(raw[cursor:])
    if antecedent and _PRONOUN.match(slotted[0]):  # "It calls `b`." after "`A` ...": A
        slotted[0] = _PRONOUN.sub(rf"\g<1>§{len(codes)}§", slotted[0], count=1)
        codes = (*codes, antecedent)
    joined = _DASH_RELATIVE.sub(r", \1\2, ", "".join(slotted))
    clauses = tuple(c for c in (normalise(p) for p in _CLAUSE_END.split(joined)) if c)
    if conditional and clauses:  # the condition began on the line before: say it here
        clauses = (f"if {clauses[0]}", *clauses[1:])
    return Sentence(line=number, text=raw.strip(), spans=codes, clauses=derived(clauses),
                    normalised=normalise(joined))


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
_KIND_WORD = r"(?:class|function|method|exception|module)"
_COORDINATED = re.compile(
    rf"^(?:both ?)?(?P<a>§\d+§){_KIND_WORD}? ?and ?(?P<b>§\d+§){_KIND_WORD}?e?s? ?"
    r"(?P<rest>[a-z].+)$")
_LOCATED_SUBJECT = re.compile(
    rf"^(?P<det>the ?)?(?P<s>§\d+§{_KIND_WORD}?) ?(?:in|from|of) (?:the ?)?§\d+§"
    r"(?:module|package|file)? ?(?P<rest>(?:is|are|was|has|does|can|will|never|also"
    r"|directly|inherits|derives|extends|subclasses|raises|calls|takes|accepts|lives"
    r"|defines)\b.*)$")
_APPOSITION = re.compile(r"^(?P<not>not )?(?P<np>(?:a|an|the) .*§\d+§.*)$")
_RELATIVE = re.compile(r"^(?:which|that) (?P<rest>.*§\d+§.*)$")
_FRONTED = re.compile(r"^as (?P<np>(?:a|an|the) .*§\d+§.*)$|^作为(?P<zh>.*§\d+§.*)$")
_ENDS_WITH_SLOT = re.compile(rf"(§\d+§){_KIND_WORD}?$")
_STARTS_WITH_SLOT = re.compile(r"^(?:the )?(§\d+§)")


def derived(clauses: tuple[str, ...]) -> tuple[str, ...]:
    """The clauses as the grammar reads them: each says one thing of one subject.

    - coordinated subjects make one clause each ("`A` and `B` are subclasses of `C`");
    - a location modifier of the subject is dropped ("the `A` class in the `m` module is
      a subclass of `C`": the frame would otherwise take `m` as the subject);
    - an apposition or a relative clause after a slot is said of that slot ("`A`, a
      subclass of `C`, ..."; "`A`, which inherits from `C`, ..."), and so is a fronted
      "as" phrase of the slot after it ("As a subclass of `C`, `A` ...").
    """
    found: list[str] = []
    for number, clause in enumerate(clauses):
        coordinated = _COORDINATED.match(clause)
        if coordinated:
            rest = _singular(coordinated["rest"])
            found.extend((f"{coordinated['a']} {rest}", f"{coordinated['b']} {rest}"))
            continue
        located = _LOCATED_SUBJECT.match(clause)
        found.append(f"{located['det'] or ''}{located['s']} {located['rest']}" if located
                     else clause)
        before = _ENDS_WITH_SLOT.search(clauses[number - 1]) if number else None
        if before is not None:
            apposition, relative = _APPOSITION.match(clause), _RELATIVE.match(clause)
            if apposition:
                negation = "not " if apposition["not"] else ""
                found.append(f"{before[1]} is {negation}{apposition['np']}")
            elif relative:
                found.append(f"{before[1]} {relative['rest']}")
        fronted = _FRONTED.match(clause)
        after = _STARTS_WITH_SLOT.match(clauses[number + 1]) \
            if fronted and number + 1 < len(clauses) else None
        if fronted and after is not None:
            found.append(f"{after[1]} is {fronted['np']}" if fronted["np"] else
                         f"{after[1]}是{fronted['zh']}")
    return tuple(found)


def _singular(text: str) -> str:
    """A plural predicate said of each subject alone ("are subclasses of" -> "is a ...")."""
    text = re.sub(r"^are\b", "is", text)
    text = re.sub(r"^(inherit|derive|extend|subclass|raise|call|take|accept|define|live)\b",
                  r"\1s", text)
    for pattern, replacement in _PLURALS:
        text = re.sub(pattern, replacement, text)
    return text


def _target(code: str) -> str:
    """What a span names: an rst role's ``title <target>`` and ``~``/``!`` marks removed."""
    code = code.strip()
    if code.endswith(">") and "<" in code:
        code = code[code.rindex("<") + 1:-1]
    return code.lstrip("~!")


def normalise(text: str) -> str:
    """The grammar's spelling of a piece of slotted text (see the module docstring)."""
    text = text.lower()
    for pattern, replacement in _CONTRACTIONS:
        text = re.sub(pattern, replacement, text)
    # a gloss after Chinese ("属性（property）") says which word was meant: keep its words
    text = re.sub(r"(?<=[\u4e00-\u9fff])\s*[（(]([a-z][a-z -]*)[）)]", r"\1", text)
    text = re.sub(r"\([^()§]*\)|（[^（）§]*）", " ", text)
    text = re.sub(r"\s[—–-]{1,2}\s[^§—–]*?\s[—–-]{1,2}\s", " ", text)  # an aside between dashes
    text = re.sub(r"[*_\"“”‘']+(?![a-z])|(?<![a-z§])[*_\"“”‘']+", " ", text)
    text = _ADVERBS.sub("", text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(rf"\s*([{_CJK}§])\s*", r"\1", text)
    text = _ADVERBS_ZH.sub("", text)
    text = re.sub(r"§\s+|\s+§", lambda m: m.group(0).strip(), text)
    return text.strip(" .!?;:。！？；：")
