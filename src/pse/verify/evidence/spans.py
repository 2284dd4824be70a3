"""Source spans: the pieces of code (or excerpts) a sentence can be backed by.

A function's or method's span is its whole definition. A class's span is its head (the
``class`` line, docstring and anything before its first method) with its members' names and
its constructor's parameters, so a sentence about a class is not covered by every word of
every method. A module's span is what comes before its first definition (docstring,
imports). In the pipeline the spans are the excerpts the writer was shown, as shown.
"""

from __future__ import annotations

import io
import re
import textwrap
import tokenize
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.text.words import words

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MAX_LINES = 150
"""A span's text is read at most this many lines (a 2,000-line function backs nothing
more precisely than its first screens)."""
_CALLABLE = frozenset({"function", "method"})


@dataclass(frozen=True)
class SourceSpan:
    """A range of lines of one source file and what it holds."""

    path: str
    start: int
    end: int
    text: str
    symbol: str = ""
    """The qualname it defines ("" for an excerpt)."""
    kind: str = "excerpt"
    members: tuple[str, ...] = ()
    """A class's member names (methods, attributes, enum values)."""
    methods: tuple[str, ...] = ()
    """Which of ``members`` are callables (a count of "fields" leaves them out)."""
    params: tuple[str, ...] = ()
    """A callable's (or a class constructor's) parameters, ``self`` and ``cls`` left out."""
    idents: frozenset[str] = field(default=frozenset(), compare=False)
    """Every identifier it holds, lower case (and the last part of its qualname)."""
    vocabulary: frozenset[str] = field(default=frozenset(), compare=False)
    """Its content stems (:func:`pse.text.words.words`)."""

    @property
    def where(self) -> str:
        """``path:start-end``."""
        return f"{self.path}:{self.start}-{self.end}"


def code_vocabulary(span: SourceSpan) -> frozenset[str]:
    """The content stems of ``span`` without its comments: its names, docstrings and code.
    What a definition manages is in its code; a comment may tell of another's work ("the
    queue decides whether to retry", in a job's method)."""
    # its qualified name too: `parse.extract_format` is about parsing, where it lives says
    extra = " ".join([span.symbol.replace(".", " "), *span.members, *span.params])
    return _code_words(span.text, extra)


@cache
def _code_words(text: str, extra: str) -> frozenset[str]:
    return frozenset(words(f"{_without_comments(text)} {extra}"))


_LINE_COMMENT = re.compile(r"^\s*(?:#|//).*$|\s+(?:#|//)\s.*$", re.MULTILINE)


def _without_comments(text: str) -> str:
    """Python source without its comments (read by :mod:`tokenize`); a text it cannot
    read (a cut span, another language) loses whole comment lines and ``  # ...`` tails."""
    kept: list[str] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(textwrap.dedent(text)).readline):
            if token.type != tokenize.COMMENT:
                kept.append(token.string)
    except (tokenize.TokenError, SyntaxError):
        return _LINE_COMMENT.sub("", text)
    return " ".join(kept)


def make_span(path: str, start: int, end: int, text: str, *, symbol: str = "",
              kind: str = "excerpt", members: Sequence[str] = (),
              params: Sequence[str] = (), methods: Sequence[str] = ()) -> SourceSpan:
    """A span with its identifiers and vocabulary read from ``text`` and its names."""
    extra = " ".join([symbol.rsplit(".", 1)[-1], *members, *params])
    idents = {m.lower() for m in _IDENT.findall(f"{text} {extra}")}
    return SourceSpan(path=path, start=start, end=end, text=text, symbol=symbol, kind=kind,
                      members=tuple(members), methods=tuple(methods), params=tuple(params),
                      idents=frozenset(idents),
                      vocabulary=frozenset(words(f"{text} {extra}")))


def excerpt_spans(excerpts: Iterable[Mapping[str, object]]) -> list[SourceSpan]:
    """Spans of the excerpts a writer was shown (``path``, ``start``, ``end``, ``text``)."""
    spans = []
    for excerpt in excerpts:
        text = str(excerpt.get("text", ""))
        start = _int(excerpt.get("start"), 1)
        end = _int(excerpt.get("end"), start + text.count("\n"))
        spans.append(make_span(str(excerpt.get("path", "")), start, end, text,
                               symbol=str(excerpt.get("symbol", "") or "")))
    return spans


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def symbol_spans(index: SymbolIndex, root: Path, paths: Iterable[str]) -> list[SourceSpan]:
    """The spans of every definition in ``paths`` (files of the index under ``root``)."""
    spans: list[SourceSpan] = []
    for path in sorted(set(paths)):
        try:
            lines = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        symbols = sorted(index.in_file(path), key=lambda s: (s.line, s.qualname))
        spans.extend(_file_spans(path, lines, symbols))
    return spans


def _file_spans(path: str, lines: list[str], symbols: list[Symbol]) -> list[SourceSpan]:
    children: dict[str, list[Symbol]] = {}
    for symbol in symbols:
        children.setdefault(symbol.parent, []).append(symbol)
    defs = [s for s in symbols if s.kind in _CALLABLE or s.kind == "class"]
    first = min((s.line for s in defs), default=len(lines) + 1)
    module = next((s.qualname for s in symbols if s.kind in ("module", "package")), "")
    head_end = max(1, min(first - 1, 80))
    spans: list[SourceSpan] = []
    for symbol in defs:
        own = children.get(symbol.qualname, [])
        end = symbol.end_line
        if symbol.kind == "class":
            methods = [s.line for s in own if s.kind in _CALLABLE]
            end = min([end, symbol.line + 80, *(line - 1 for line in methods)])
            init = next((s for s in own if s.name == "__init__"), None)
            params = _own_params(init) if init else ()
            if init is not None:  # the constructor's docstring describes the class's options
                end = max(end, min(init.end_line, init.line + _MAX_LINES))
        else:
            end = min(end, symbol.line + _MAX_LINES)
            params = _own_params(symbol)
        end = max(end, symbol.line)
        spans.append(make_span(path, symbol.line, end, "\n".join(lines[symbol.line - 1:end]),
                               symbol=symbol.qualname, kind=symbol.kind,
                               members=list(dict.fromkeys(s.name for s in own)),
                               params=params,
                               methods=[s.name for s in own if s.kind in _CALLABLE]))
    # a module is what its docstring and its top-level classes' heads say it holds
    tops = "\n".join(s.text for s in spans if s.kind == "class" and
                     s.symbol.rsplit(".", 1)[0] == module)
    head = make_span(path, 1, head_end, "\n".join(lines[:head_end]), symbol=module,
                     kind="module", members=[s.name for s in children.get(module, [])])
    return [replace(head, vocabulary=head.vocabulary | words(tops)), *spans]


_PACKAGE_CHARS = 2_000_000
"""At most this many characters of a package are read for its vocabulary (its definition
files first, then the others in path order): a flat tree of hundreds of modules is read
in part."""
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_]*|[\u4e00-\u9fff]+")


def package_vocabulary(root: Path, paths: Iterable[str], files: Iterable[str]
                       ) -> frozenset[str]:
    """The content stems of every file of the packages ``paths`` are in (the folders that
    hold them, among ``files``): the words the project uses anywhere, in code, comments
    and docstrings."""
    paths = sorted(set(paths))
    folders = {path.rsplit("/", 1)[0] if "/" in path else "" for path in paths}
    others = sorted(f for f in files if f not in paths and (
        (f.rsplit("/", 1)[0] if "/" in f else "") in folders
        or any(f.startswith(d + "/") for d in folders if d)))
    tokens: set[str] = set()
    budget = _PACKAGE_CHARS
    for path in [*paths, *others]:
        try:  # read no more than the budget: a huge or endless file costs nothing more
            with (root / path).open(encoding="utf-8", errors="replace") as handle:
                text = handle.read(budget)
        except OSError:
            continue
        tokens.update(_TOKEN.findall(text))
        budget -= len(text)
        if budget <= 0:
            break
    return frozenset(words(" ".join(sorted(tokens))))


def _own_params(symbol: Symbol) -> tuple[str, ...]:
    return tuple(p.lstrip("*") for p in symbol.params if p not in ("self", "cls"))
