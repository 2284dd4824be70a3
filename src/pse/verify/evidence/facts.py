"""Return values and counts a sentence states, checked against the spans it is anchored to.

"returns `True`" needs a ``return ... True`` (or a ``-> bool``) in one of the spans;
"has three parameters" needs a callable with three; "`timeout` defaults to 10" needs no
signature giving ``timeout`` another number, ``True``, ``False`` or ``None``; "three
states: `A`, `B`, `C`, `D`" contradicts itself; "returns a string" and "`strict` is a
boolean" need no annotation (or literal default) of another type; "`retries`: ..."
must agree with the parameter's own docstring entry. Only what is stated in these frames
is read, in English and Chinese: a sentence that says nothing of the kind is never
contradicted here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence

from pse.text.words import covered, words
from pse.verify.claims.grammar import described_arguments
from pse.verify.claims.prose import sentences as prose_sentences
from pse.verify.defsource import function_def
from pse.verify.evidence.examples import example_problem
from pse.verify.evidence.spans import SourceSpan

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "single": 1, "一": 1, "两": 2, "二": 2, "三": 3,
            "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
# a whole word: "done", "often" and "someone" hold no number
_NUMBER = (r"(?P<n>(?<![A-Za-z0-9_])(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten"
           r"|single)|[一两二三四五六七八九十])")
_COUNT = re.compile(_NUMBER + r"\s*(?:个|种)?\s*(?:(?:main|key|different|distinct|possible|"
                    r"optional|required)\s+|(?:public|公开|公有|公共)(?:的|\s*)"
                    r"|(?P<part>private|static|special|helper)\s+|(?P<part_zh>私有|静态)的?)?"
                    r"(?P<noun>param(?:eter)?s?|arguments?|methods?|"
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
        _default_problem(text, spans) or _type_problem(text, spans) or \
        _library_problem(text, spans) or _arity_problem(text, spans) or \
        example_problem(text, spans)


_VARIADIC = re.compile(r"(?<![\w*])\*{1,2}[A-Za-z_]")


def _arity_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    """"`sign` takes a secret key and a value" of a ``def sign(self, value)``: more
    arguments described than the callable has parameters (none variadic). The list is
    read as the structural claims read one (:func:`described_arguments`), without their
    need for "as parameters" or a return after it: only a count above every parameter
    the callable has is flagged here."""
    for sentence in prose_sentences(text, rst=False):
        for claim in described_arguments(sentence, loose=True):
            said = len(claim.argument_types)
            name = claim.subject.removesuffix("()").rsplit(".", 1)[-1]
            callables = [s for s in spans if s.symbol.rsplit(".", 1)[-1] == name
                         and s.kind in ("function", "method", "class")]
            if said < 2 or not callables or any(
                    _VARIADIC.search(sig["params"]) for s in callables
                    for sig in _SIGNATURE.finditer(s.text)):
                continue
            most = max(len(s.params) for s in callables)
            if said > most:
                listed = ", ".join(callables[0].params) or "none"
                return f"it says `{name}` takes {said} arguments; it takes {most} ({listed})"
    return ""


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
        if match["part"] or match["part_zh"]:
            continue  # "two private methods": a part the spans do not count
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


def _returns_nothing(text: str) -> bool:
    """Whether the function whose source is ``text`` returns ``None`` whichever way it
    ends: its own body has no ``return`` with a value and no ``yield`` (one that falls off
    its end returns ``None``). False when ``text`` is not one whole function."""
    function = function_def(text)
    return function is not None and not _yields(function) and not any(
        isinstance(node, ast.Return) and not (
            node.value is None or isinstance(node.value, ast.Constant)
            and node.value.value is None)
        for node in _own_nodes(function))


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of ``function``'s own body (a nested definition's are its own)."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _falls_off_its_end(text: str) -> bool:
    """Whether the function whose source is ``text`` may end without a ``return`` or a
    ``raise`` (a loop that returns from inside finds nothing: ``None``). False for a
    generator, and when ``text`` is not one whole function."""
    function = function_def(text)
    return function is not None and not _yields(function) and \
        _may_fall_through(function.body)


def _yields(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``function``'s own body yields (a call returns a generator, never None)."""
    return any(isinstance(n, ast.Yield | ast.YieldFrom) for n in _own_nodes(function))


def _may_fall_through(body: Sequence[ast.stmt]) -> bool:
    """Whether running ``body`` may reach its end: its last statement is no ``return`` or
    ``raise``, nor a branch, block or ``while True`` loop every way out of which is one."""
    if not body:
        return True
    last = body[-1]
    if isinstance(last, ast.Return | ast.Raise):
        return False
    if isinstance(last, ast.If):
        return _may_fall_through(last.body) or _may_fall_through(last.orelse)
    if isinstance(last, ast.With | ast.AsyncWith):
        return _may_fall_through(last.body)
    if isinstance(last, ast.Try):
        return (_may_fall_through(last.orelse or last.body)
                or any(_may_fall_through(h.body) for h in last.handlers))
    if isinstance(last, ast.While) and isinstance(last.test, ast.Constant) and last.test.value:
        return any(isinstance(n, ast.Break) for n in ast.walk(last))
    return True


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
        if not any(pattern.search(s.text) for s in callables) and not (
                value == "None" and any(_returns_nothing(s.text) or _falls_off_its_end(s.text)
                                        for s in callables)):
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


# The types a sentence names in words, each with the annotation heads that agree with it.
_TYPE_WORDS = {
    "boolean": "bool", "bool": "bool", "布尔": "bool", "布尔值": "bool",
    "string": "str", "str": "str", "字符串": "str",
    "integer": "int", "int": "int", "整数": "int",
    "float": "float", "浮点数": "float",
    "list": "list", "列表": "list", "tuple": "tuple", "元组": "tuple",
    "dictionary": "dict", "dict": "dict", "字典": "dict"}
_HEADS = {
    "bool": "bool", "str": "str", "int": "int", "float": "float",
    "list": "list", "List": "list", "tuple": "tuple", "Tuple": "tuple",
    "dict": "dict", "Dict": "dict", "None": "None"}
"""Annotation heads read as one of the types above; an annotation with any other head
(``Sequence``, ``Text``, ``Any``, a type variable) may be what the sentence says."""
_TYPE = r"(?P<t>boolean|bool|string|str|integer|int|float|list|tuple|dictionary|dict|" \
    r"布尔值?|字符串|整数|浮点数|列表|元组|字典)"
_RETURNS_TYPE = re.compile(r"(?:\b(?:returns?|returned|returning)\s+(?:an?\s+|the\s+)?"
                           r"(?:(?:new|single|plain|python|native)\s+)?|返回(?:一个|一组)?(?:新的?)?)"
                           + _TYPE + r"(?![\w\u4e00-\u9fff])", re.IGNORECASE)
_PARAM_TYPE = re.compile(r"`(?P<name>[A-Za-z_]\w*)`\s*(?:(?:parameter|argument|option|参数)\s*)?"
                         r"(?:is|should\s+be|must\s+be|是|[:：(（—-])\s*(?:an?\s+|一个)?"
                         r"(?:(?:optional|single|plain)\s+)?" + _TYPE + r"(?![\w\u4e00-\u9fff])",
                         re.IGNORECASE)
_PARAM = re.compile(r"(?P<name>\w+)\s*(?::\s*(?P<ann>[^=]+?))?\s*(?:=\s*(?P<default>.+))?")
_DEF_LINE = re.compile(r"^\s*(?:async\s+)?def\s+\w+\s*\((?P<params>.*?)\)\s*"
                       r"(?:->\s*(?P<returns>[^:]+?))?\s*:\s*(?:#.*)?$", re.DOTALL | re.MULTILINE)


def _type_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    """"returns a string" of a function annotated ``-> int``; "`strict` is a string" of a
    parameter annotated ``bool`` (or defaulting to ``True``)."""
    callables = [s for s in spans if s.kind in ("function", "method")]
    for match in _RETURNS_TYPE.finditer(text):
        said = _TYPE_WORDS[match["t"].lower()]
        given = {types for sig in (_DEF_LINE.search(s.text) for s in callables)
                 if sig is not None and sig["returns"]
                 for types in [_annotation_types(sig["returns"])] if types}
        if given and all(not _agrees(said, types) for types in given):
            return (f"it says the code returns a {match['t']}; its signature says "
                    + " or ".join(sorted({t for types in given for t in types})))
    for match in _PARAM_TYPE.finditer(text):
        said, name = _TYPE_WORDS[match["t"].lower()], match["name"]
        given = {types for s in spans if name in s.params
                 for types in [_param_types(s.text, name)] if types}
        if given and all(not _agrees(said, types) for types in given):
            return (f"it says `{name}` is a {match['t']}; its signature says "
                    + " or ".join(sorted({t for types in given for t in types})))
    return ""


def _agrees(said: str, types: frozenset[str]) -> bool:
    """Whether a type said in words is one of ``types`` (a list and a tuple are both
    sequences: which one is a detail prose seldom keeps)."""
    return said in types or bool({said} & {"list", "tuple"} and types & {"list", "tuple"})


def _annotation_types(annotation: str) -> frozenset[str]:
    """The types an annotation allows ("" parts unknown give the empty set): ``Optional[int]``
    and ``int | None`` give {int, None}; ``List[str]`` gives {list}; ``Text`` gives {}."""
    text = annotation.strip().strip("'\"")
    match = re.fullmatch(r"(?:typing\.)?(?P<wrap>Optional|Union)\[(?P<inner>.*)\]", text)
    parts = _top_level(match["inner"] if match else text, "," if match else "|")
    if match and match["wrap"] == "Optional":
        parts.append("None")
    types = set()
    for part in parts:
        head = re.match(r"\s*(?:typing\.)?([A-Za-z_]\w*)", part)
        if head is None or head[1] not in _HEADS:
            return frozenset()
        types.add(_HEADS[head[1]])
    return frozenset(types)


def _top_level(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside brackets."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += (char in "[({") - (char in "])}")
        if char == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


def _param_types(source: str, name: str) -> frozenset[str]:
    """The types the first signature of ``source`` gives parameter ``name``: its annotation,
    else the type of a literal default (``True`` -> bool, ``0`` -> int, ``""`` -> str)."""
    sig = _DEF_LINE.search(source)
    if sig is None:
        return frozenset()
    match = next((m for part in _top_level(" ".join(sig["params"].split()), ",")
                  for m in [_PARAM.fullmatch(part.strip().lstrip("*"))]
                  if m is not None and m["name"] == name), None)
    if match is None:
        return frozenset()
    if match["ann"]:
        return _annotation_types(match["ann"])
    default = (match["default"] or "").strip()
    if default in ("True", "False"):
        return frozenset({"bool"})
    if re.fullmatch(r"-?\d+", default):
        return frozenset({"int"})
    if re.fullmatch(r"(?:'[^']*'|\"[^\"]*\")", default):
        return frozenset({"str"})
    return frozenset()


_ROLE_SHARE = 0.34
"""The share of a parameter description's words its own docstring line must hold."""
_ROLE_MISSING = 2
_ROLE_LINES = 4
"""A parameter's docstring entry is its line and at most this many continuation lines."""
_TYPE_STEMS = words("boolean bool string str integer int float list tuple dictionary dict "
                    "optional parameter argument option value default flag indicating whether")


def role_problem(name: str, claim: set[str], spans: Sequence[SourceSpan]) -> str:
    """Why a description of parameter ``name`` (its content ``claim`` words) is not what
    the docstrings of ``spans`` say of it ("" when none documents it, or it agrees): "the
    `info` parameter is a boolean indicating whether to store the item" of a function whose
    docstring says ``info`` adds cache statistics. The entry is read with the lines of the
    body that use the parameter (what it does)."""
    entries = [(s, entry) for s in spans if name in s.params
               for entry in [_param_entry(s.text, name)] if entry]
    if not entries:
        return ""
    claim = claim - _TYPE_STEMS - words(name)
    if not claim:
        return ""
    # with the name of what it is a parameter of ("`console`: where the progress is
    # written" of `Progress`)
    held = set().union(*(words(f"{entry} {_uses(s.text, name)} {name} {s.symbol}")
                         for s, entry in entries))
    missing = claim - covered(claim, held)
    if len(missing) >= _ROLE_MISSING and len(claim) - len(missing) < _ROLE_SHARE * len(claim):
        entry = " ".join(entries[0][1].split())
        return f"its docstring says `{name}`: {entry[:120]!r}"
    return ""


_DOCSTRING = re.compile(r'(?P<q>"""|\'\'\')(?P<doc>.*?)(?P=q)', re.DOTALL)


def _param_entry(source: str, name: str) -> str:
    """The docstring entry of parameter ``name`` in ``source`` (Google, numpy or Sphinx
    style), its continuation lines with it; "" when there is none."""
    lines = [line for doc in _DOCSTRING.finditer(source) for line in doc["doc"].splitlines()]
    head = re.compile(rf"^(?P<indent>\s*)(?::param\s+(?:[^:]*\s)?\**{re.escape(name)}\s*:|"
                      rf"\**{re.escape(name)}\s*(?:\([^)]*\))?\s*:(?!=))(?P<rest>.*)$")
    for number, line in enumerate(lines):
        match = head.match(line)
        if match is None:
            continue
        entry, indent = [match["rest"]], len(match["indent"])
        for more in lines[number + 1:number + 1 + _ROLE_LINES]:
            if not more.strip() or len(more) - len(more.lstrip()) <= indent:
                break
            entry.append(more.strip())
        return " ".join(entry)
    return ""


def _uses(source: str, name: str) -> str:
    """The code lines of ``source`` (past its signature) that use ``name``."""
    body = source.split(":\n", 1)[-1]
    pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
    return "\n".join(line for line in body.splitlines()
                     if pattern.search(line) and not line.lstrip().startswith(("#", ":param")))
