"""Return values and counts a sentence states, checked against the spans it is anchored to.

"returns `True`" needs a ``return ... True`` (or a ``-> bool``) in one of the spans;
"has three parameters" needs a callable with three; "`timeout` defaults to 10" needs no
signature giving ``timeout`` another number, ``True``, ``False`` or ``None``; "three
states: `A`, `B`, `C`, `D`" contradicts itself. Only what is stated in these fixed frames
is read, in English and Chinese: a sentence that says nothing of the kind is never
contradicted here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pse.verify.evidence.spans import SourceSpan

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "一": 1, "两": 2, "二": 2, "三": 3, "四": 4,
            "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_NUMBER = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|[一两二三四五六七八九十])"
_COUNT = re.compile(_NUMBER + r"\s*(?:个|种)?\s*(?:(?:main|key|different|distinct|possible|"
                    r"optional|required)\s+)?(?P<noun>param(?:eter)?s?|arguments?|methods?|"
                    r"states?|values?|members?|attributes?|fields?|参数|方法|状态|值|成员|属性|字段)",
                    re.IGNORECASE)
_RETURNS = re.compile(r"(?:returns?|returned|返回)\s*(?:the\s+value\s+|值\s*)?`?(?P<v>True|False|"
                      r"None)\b`?")
_PARAM_NOUNS = ("param", "argument", "参数")
_MEMBER_NOUNS = ("method", "state", "value", "member", "attribute", "field", "方法", "状态",
                 "值", "成员", "属性", "字段")


def contradiction(text: str, spans: Sequence[SourceSpan]) -> str:
    """Why ``text`` contradicts ``spans`` ("" when it does not)."""
    return _count_problem(text, spans) or _return_problem(text, spans) or \
        _default_problem(text, spans) or \
        _library_problem(text, spans)


# "`TopologicalSorter` is a Python library", "`Signal` 是一个库": what a small model calls
# every name it writes about
_LIBRARY = re.compile(r"`(?P<name>[A-Za-z_][\w.]*)`\s*(?:class\s+|类\s*)?(?:is|是)\s*"
                      r"(?:an?\s+|the\s+|一个|一种)?(?:[\w-]+\s+){0,3}?"
                      r"(?P<kind>library|package|framework|toolkit)\b|"
                      r"`(?P<zh>[A-Za-z_][\w.]*)`\s*(?:类\s*)?是[^，。,.`]{0,12}?(?:库|框架)")
_DEFINITIONS = frozenset({"class", "function", "method"})


def _library_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    """A class or function said to be a library or package."""
    for match in _LIBRARY.finditer(text):
        name = (match["name"] or match["zh"]).rsplit(".", 1)[-1]
        kinds = {_kind(s) for s in spans if s.symbol.rsplit(".", 1)[-1] == name}
        if kinds and kinds <= _DEFINITIONS:
            kind = sorted(kinds)[0]
            return f"it calls `{name}` a library; the source defines it as a {kind}"
    return ""


def _count_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    for match in _COUNT.finditer(text):
        raw = match["n"].lower()
        number = int(raw) if raw.isdigit() else _NUMBERS.get(raw, 0)
        noun = match["noun"].lower()
        listed = _listed_after(text, match.end())
        if listed > number:
            return f"it says {match.group(0)!r} and lists {listed}"
        if noun.startswith(_PARAM_NOUNS):
            counts = {len(s.params) for s in spans if s.kind in ("function", "method", "class")}
        elif noun.startswith(_MEMBER_NOUNS) and noun not in ("value", "values", "值"):
            counts = {count for s in spans if s.kind == "class"
                      for count in _member_counts(s, noun)}
        else:
            continue
        if counts and number not in counts:
            return (f"it says {match.group(0)!r}; the source has "
                    + " or ".join(str(c) for c in sorted(counts)))
    return ""


def _member_counts(span: SourceSpan, noun: str) -> set[int]:
    """The counts of ``span``'s public members a ``noun`` may mean: its methods for
    "methods", its other members for "fields" and "attributes", either for "members"
    ("`RetryPolicy` has two fields" is true of two fields and a method)."""
    public = [m for m in span.members if not m.startswith("_")]
    methods = [m for m in public if m in span.methods]
    if noun.startswith(("method", "方法")):
        return {len(methods)}
    data = len(public) - len(methods)
    if noun.startswith(("field", "attribute", "字段", "属性")):
        return {data}
    return {len(public), data}


def _listed_after(text: str, position: int) -> int:
    """How many code spans a list right after ``position`` names ("...: `A`, `B` and `C`")."""
    rest = text[position:position + 200]
    head = re.match(r"\s*(?:[:：(（]|,?\s*(?:namely|including|such as))", rest)
    if head is None:
        return 0
    return len(re.findall(r"`[^`]+`", rest.split(".")[0]))


def _return_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    callables = [s for s in spans if s.kind in ("function", "method", "excerpt")]
    if not callables:
        return ""
    for match in _RETURNS.finditer(text):
        value = match["v"]
        pattern = re.compile(rf"\b(?i:returns?)\b[^\n]*\b{value}\b|->\s*(?:bool|{value})\b"
                             if value != "None" else
                             r"\breturn\s*$|->\s*None\b|\b(?i:returns?) None\b", re.MULTILINE)
        if not any(pattern.search(s.text) for s in callables):
            return f"it says the code returns {value}, which no return in the source does"
    for match in _RETURNS_NAME.finditer(text):  # "returns `DEFAULT`": a name the code has
        value = match["v"]
        if not any(re.search(rf"(?<!\w){re.escape(value)}(?!\w)", s.text)
                   for s in callables):
            return f"it says the code returns `{value}`, which its source never names"
    return ""


_RETURNS_NAME = re.compile(r"(?:returns?|returned|返回)\s*(?:the\s+|a\s+|an\s+)?"
                           r"`(?P<v>(?!True`|False`|None`)[A-Za-z_]\w*)`")


_VALUE = r"`?(?P<v>-?\d+(?:\.\d+)?|True|False|None)\b`?"
_DEFAULTS = tuple(re.compile(p) for p in (
    # "`timeout` defaults to 10", "`strict` (default value is True)"
    r"`(?P<name>[A-Za-z_]\w*)`[^.`;]{0,40}?\bdefaults?\s+(?:value\s+)?(?:to|is|of)\s+" + _VALUE,
    # "`strict` is `True` by default"
    r"`(?P<name>[A-Za-z_]\w*)`[^.`;]{0,40}?\b(?:is|are)\s+" + _VALUE + r"\s+by\s+default",
    # "`timeout` 参数默认为 10"
    r"`(?P<name>[A-Za-z_]\w*)`[^。，`]{0,12}?默认(?:值)?(?:为|是)\s*" + _VALUE))
_SIGNATURE = re.compile(r"\bdef\s+\w+\s*\((?P<params>.*?)\)\s*(?:->[^:]*)?:", re.DOTALL)


def _default_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    """"`timeout` defaults to 10": a number, ``True``, ``False`` or ``None`` said to be a
    parameter's default, where the signatures of its spans give it another."""
    for match in (m for pattern in _DEFAULTS for m in pattern.finditer(text)):
        name, value = match["name"], match["v"]
        given = {default for s in spans for sig in _SIGNATURE.finditer(s.text)
                 for default in re.findall(rf"(?<![\w.]){re.escape(name)}\s*(?::[^=,)]*)?="
                                           r"\s*([^,)\s]+)", sig["params"])}
        if given and value not in given and all(_is_literal(d) for d in given):
            return (f"it says `{name}` defaults to {value}; the source's default is "
                    + " or ".join(sorted(given)))
    return ""


def _is_literal(value: str) -> bool:
    return value in ("True", "False", "None") or re.fullmatch(r"-?\d+(?:\.\d+)?", value) is not None


def _kind(span: SourceSpan) -> str:
    """A span's kind; an excerpt's is what its first definition line says."""
    if span.kind != "excerpt":
        return span.kind
    match = re.search(r"^\s*(?:async\s+)?(?P<kind>def|class)\s+(?P<name>\w+)", span.text,
                      re.MULTILINE)
    if match is None or match["name"] != span.symbol.rsplit(".", 1)[-1]:
        return "excerpt"
    return "class" if match["kind"] == "class" else "function"
