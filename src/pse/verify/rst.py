"""Reference extraction from reStructuredText (Sphinx) documents.

The same :class:`~pse.verify.refs.Reference` values as Markdown, with exact lines:
inline literals (````x````), Python-domain roles (``:py:func:`pkg.f```, ``:class:`~X```,
``:meth:``, ``:attr:``, ``:exc:``, ``:data:``, ``:mod:``, ``:envvar:``; ``:ref:``,
``:doc:``, ``:issue:``... are not code), ``auto*`` and ``py:*`` directives, code blocks
(``.. code-block:: python``, ``.. code::``, ``.. click:example::``, ``::`` literal blocks,
``>>>`` doctests) read like fenced Markdown blocks, and quoted-code attribution through
``:caption:`` and the ``::`` line before a literal block. Directives, literal blocks and
comments come from the document model (:func:`pse.text.parse_rst`, a line reader, not
docutils: a document that docutils would reject still yields its references); every other
line is prose here, headings, field lists and tables included.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace

from pse.index.languages import known_suffixes
from pse.text import Block, parse_rst
from pse.text.fences import PYTHON_LANGUAGES, SHELL_LANGUAGES
from pse.verify.bindings import Bindings
from pse.verify.codeblocks import FENCE_LANGUAGES, code_block_refs
from pse.verify.markdown import (
    RST_MARKER,
    _role_ref,
    _shell_refs,
    block_bindings,
    ignored_line_numbers,
)
from pse.verify.pycode import python_block_refs
from pse.verify.quoted import quote_reference
from pse.verify.refs import Reference
from pse.verify.spans import CONTEXT_CHARS, classify_span
from pse.verify.templates import TEMPLATE_FENCES, template_refs

_INLINE = re.compile(r"(?<![\w`])``(?P<literal>[^`]+?)``(?![\w`])"
                     r"|(?<![\w`]):(?P<role>[\w:.-]{1,64}):`(?P<target>[^`]+?)`(?!`)")
"""Role names are bounded: an unbounded role pattern rescans a long ``:a:a:a...`` run
from every colon in it, which is quadratic in the run."""
_CONTEXT_LINES = 8
"""Lines either side of a span that count as its paragraph."""
_MAX_NESTING = 8
"""Directives nested deeper than this are read as prose: each level re-reads its content,
so the work is at most this many times the document's size (real documents nest 2-3)."""
_CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "click:example", "testcode",
                    "doctest", "literalinclude-code"}
_AUTO = {"autoclass": "symbol", "autofunction": "symbol", "automethod": "symbol",
         "autoattribute": "symbol", "autodata": "symbol", "autoexception": "symbol",
         "automodule": "module", "currentmodule": "module", "module": "module",
         "py:module": "module", "py:currentmodule": "module"}
_OPAQUE = ("click:run", "literalinclude", "include", "image", "figure", "toctree", "raw",
           "math", "csv-table", "graphviz", "mermaid")
"""Directives whose content is neither prose nor Python."""
_DESCRIBE = re.compile(r"^(?:py:)?(?:function|class|method|attribute|exception|data|"
                       r"decorator|property|classmethod|staticmethod)$")


@dataclass(frozen=True)
class _Block:
    """A directive or literal block: its content lines and where they start."""

    name: str
    argument: str
    options: dict[str, str]
    content: str
    first_line: int
    """1-based document line of the first content line."""
    directive_line: int
    opening: str
    """The text of the directive line (or the ``::`` line of a literal block)."""
    before: str
    """The ``::`` line of a literal block, for quoted-code attribution ("" for a directive)."""


def extract_rst_references(text: str, *, file: str) -> list[Reference]:
    """Every reference candidate in a reStructuredText document, in document order."""
    return _extract(text.splitlines(), file=file, offset=0, depth=0)


def _extract(lines: list[str], *, file: str, offset: int, depth: int) -> list[Reference]:
    """References of ``lines``, the first of which is document line ``offset + 1``."""
    ignored = ignored_line_numbers(lines, marker=RST_MARKER)
    if ignored is None:
        return []
    refs: list[Reference] = []
    if depth > _MAX_NESTING:
        segments: list[tuple[str, _Block | list[tuple[int, str]]]] = [
            ("prose", list(enumerate(lines, start=1)))]
    else:
        segments = _parts(lines)
    for kind, payload in segments:
        if isinstance(payload, _Block):
            refs.extend(_block_refs(payload, file=file, depth=depth))
        else:
            refs.extend(_prose_refs(payload, file=file, kind=kind))
    refs = [replace(r, ignored="ignored by a pse: ignore marker")
            if r.line in ignored and not r.ignored else r for r in refs]
    return [replace(r, line=r.line + offset) for r in refs] if offset else refs


def rst_bindings(text: str, *, _depth: int = 0) -> Bindings:
    """What the document's own code examples bind."""
    bindings = Bindings()
    if _depth > _MAX_NESTING:
        return bindings
    for _, payload in _parts(text.splitlines()):
        if isinstance(payload, _Block) and payload.name in _CODE_DIRECTIVES | {"::"}:
            caption = payload.options.get("caption", "")  # ``:caption: hello.py``
            bindings.merge(block_bindings(language=_language(payload), code=payload.content,
                                          info=f"title={caption}" if caption else ""))
        elif isinstance(payload, _Block) and payload.content and _is_container(payload):
            bindings.merge(rst_bindings(payload.content, _depth=_depth + 1))
    return bindings


def _parts(lines: list[str]) -> list[tuple[str, _Block | list[tuple[int, str]]]]:
    """Prose runs (as numbered lines) and blocks, in document order, from the document
    model: its directives and literal blocks are blocks, every other line except a comment's
    is prose (headings, field lists and tables hold references too). A directive's body is
    left to its block, read again by :func:`_extract` at the next depth."""
    document = parse_rst("\n".join(lines))
    comments = {n for first, last in document.comments for n in range(first, last + 1)}
    out: list[tuple[str, _Block | list[tuple[int, str]]]] = []
    done = 0  # the last line read (1-based)
    for block in document.blocks:
        if block.line <= done or block.kind not in ("code", "directive") or \
                not block.directive and block.info:
            continue  # nested, not a block, or a bare doctest (prose to this reader)
        intro = block.line - 1 if block.directive else \
            next(n for n in range(block.line - 1, 0, -1) if lines[n - 1].strip())
        prose = [(n, lines[n - 1]) for n in range(done + 1, intro + 1) if n not in comments]
        out.append(("prose", prose))
        out.append(("block", _directive(block, lines) if block.directive
                    else _literal(block, intro=intro, line=lines[intro - 1])))
        done = block.end
    out.append(("prose", [(n, lines[n - 1]) for n in range(done + 1, len(lines) + 1)
                          if n not in comments]))
    return out


def _directive(block: Block, lines: list[str]) -> _Block:
    # a directive names its file by its caption, not by the line before it
    return _Block(name=block.directive.lower(), argument=block.argument,
                  options=dict(block.options), content=_content(block.text),
                  first_line=block.body, directive_line=block.line,
                  opening=lines[block.line - 1].strip(), before="")


def _literal(block: Block, *, intro: int, line: str) -> _Block:
    """A literal block after its ``::`` line (``intro``, 1-based), quoted-code attribution's
    opening line too."""
    return _Block(name="::", argument="", options={}, content=_content(block.text),
                  first_line=block.line, directive_line=intro, opening=line.strip(),
                  before=line)


def _content(text: str) -> str:
    """A block's text from its first non-blank line, with blank lines emptied."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the model ends a body with a newline
    skip = 0
    while skip < len(lines) and not lines[skip].strip():
        skip += 1
    return "\n".join(line if line.strip() else "" for line in lines[skip:])


def _language(block: _Block) -> str:
    if block.name == "click:example" or block.name in ("testcode", "doctest"):
        return "python"
    if block.name == "::":
        return ""
    return (block.argument.split() or [""])[0].lower()


def _block_refs(block: _Block, *, file: str, depth: int) -> list[Reference]:
    if block.name in _AUTO:
        return _directive_ref(block, kind=_AUTO[block.name], file=file)
    if _DESCRIBE.match(block.name):
        return _directive_ref(block, kind="symbol", file=file)
    if block.name not in _CODE_DIRECTIVES and block.name != "::":
        # admonitions, version notes, tabs: prose, possibly with nested blocks
        if not _is_container(block):
            return []
        return _extract(block.content.split("\n"), file=file, offset=block.first_line - 1,
                        depth=depth + 1)
    refs = _code_refs(block, file=file)
    quote = quote_reference(info=" ".join(f"{k}={v}" for k, v in block.options.items()
                                          if k in ("caption", "name")).replace("caption=",
                                                                              "title="),
                            code=block.content, before=block.before, file=file,
                            fence_line=block.directive_line, opening=block.opening,
                            suffixes=known_suffixes())
    return refs + ([quote] if quote is not None else [])


def _is_container(block: _Block) -> bool:
    """True for directives whose content is more prose (admonitions, notes, tabs)."""
    return bool(block.content) and block.name not in _CODE_DIRECTIVES and \
        block.name not in _AUTO and not _DESCRIBE.match(block.name) and \
        not block.name.startswith(_OPAQUE)


def _code_refs(block: _Block, *, file: str) -> list[Reference]:
    language = _language(block)
    code, first = block.content, block.first_line
    if language in PYTHON_LANGUAGES:
        return python_block_refs(code, file=file, first_line=first)
    if language in SHELL_LANGUAGES:
        return _shell_refs(code, file=file, first_line=first)
    if language in FENCE_LANGUAGES:
        return code_block_refs(code, language=FENCE_LANGUAGES[language], file=file,
                               first_line=first)
    if language in TEMPLATE_FENCES:
        return template_refs(code, file=file, first_line=first)
    if language == "":
        refs = python_block_refs(code, file=file, first_line=first, strict=True)
        return refs or _shell_refs(code, file=file, first_line=first)
    return []


def _directive_ref(block: _Block, *, kind: str, file: str) -> list[Reference]:
    target = re.split(r"[\s(]", block.argument, maxsplit=1)[0] if block.argument else ""
    if not re.fullmatch(r"[A-Za-z_][\w.]*", target):
        return []
    return [Reference(file=file, line=block.directive_line, text=target, name=target,
                      kind=kind, origin="code",  # type: ignore[arg-type]  # a RefKind literal
                      explicit=f"{block.name} directive")]


def _prose_refs(prose: list[tuple[int, str]], *, file: str, kind: str) -> list[Reference]:
    if not prose:
        return []
    # indentation is dropped: it holds no reference, and a deeply nested document is
    # mostly indentation, which the pattern would otherwise scan at every level
    stripped = [line.lstrip() for _, line in prose]
    text = "\n".join(stripped)
    starts = [0]
    for line in stripped:
        starts.append(starts[-1] + len(line) + 1)
    refs: list[Reference] = []
    paragraphs = _Paragraphs(prose)
    for match in _INLINE.finditer(text):
        row = bisect.bisect_right(starts, match.start()) - 1  # a scan here is quadratic
        number = int(prose[row][0])
        if match.group("literal") is not None:
            literal = " ".join(match.group("literal").split())
            refs.append(classify_span(literal, file=file, line=number,
                                      context=paragraphs.around(row)))
        else:
            target = " ".join(match.group("target").split())
            refs.append(_role_ref(match.group("role"), target, file=file, line=number))
    return refs


class _Paragraphs:
    """The paragraph around each prose row (the context of env-var judgements), each
    joined once: every span carries its context, so re-joining a paragraph per span is
    quadratic in a long one. A paragraph over ``CONTEXT_CHARS`` gives each span only the
    lines next to it."""

    def __init__(self, prose: list[tuple[int, str]]) -> None:
        self._prose = prose
        self._texts: dict[int, str] = {}
        self._first: list[int] = []
        for row in range(len(prose)):  # the first row of each row's paragraph
            blank_before = row == 0 or not prose[row - 1][1].strip()
            self._first.append(row if blank_before else self._first[row - 1])

    def around(self, row: int) -> str:
        """The context of a span on ``prose[row]``."""
        first = self._first[row]
        if first not in self._texts:
            last = first
            while last + 1 < len(self._prose) and self._prose[last + 1][1].strip():
                last += 1
            self._texts[first] = self._join(first, last)
        text = self._texts[first]
        if len(text) <= CONTEXT_CHARS:
            return text
        return self._join(max(first, row - _CONTEXT_LINES), min(row + _CONTEXT_LINES,
                                                                 len(self._prose) - 1))

    def _join(self, first: int, last: int) -> str:
        return " ".join(line.strip() for _, line in self._prose[first:last + 1])
