"""Signatures a document quotes from the source in its code blocks.

Small models explain a library by writing its classes out again in a fenced block, from
memory:

```python
class CardinalityField:
    @classmethod
    def matches_type(cls, name):
        ...
```

where the library's method is ``matches_type(cls, type_name)``. Every name in the block
exists, so the reference check passes it; the signature is still false. A block reads as
a quote of the library when it defines a class the library defines, with at least half
of its methods ones that class has (a reader's own subclass or example class has another
name, or methods of its own), or a top-level function with a docstring, named like one
function of the library (a test's ``def test_hello`` is none). Each parameter such a
``def`` writes is then a ``has_param`` claim of that definition, and so is each
parameter its docstring documents (``:param name:``); the docstring it writes is a
``docstring`` claim, that the library's says the same (:mod:`.docstrings`). What the judge
cannot find in the tree stays open, like any claim.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import docstring_parser

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.symbols import code_first
from pse.index.walk import is_sample_path
from pse.text.fences import PYTHON_LANGUAGES, fence_language
from pse.text.model import Block, Document
from pse.verify.claims.bodies import written_statements
from pse.verify.claims.model import Claim
from pse.verify.resolve import Resolver

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def quoted_signature_claims(document: Document, resolver: Resolver, *,
                            ignored: set[int], docstrings: bool = False) -> Iterator[Claim]:
    """The parameter claims of the definitions the code blocks of ``document`` quote from
    the tree of ``resolver`` (``ignored``: lines pse is told to skip); with
    ``docstrings``, their docstrings' claims too (in generated text: a maintainer's docs
    write their own docstrings for the hooks a library asks them to implement)."""
    for block in document.blocks:
        if block.kind != "code" or block.line in ignored or \
                fence_language(block.info) not in {"", *PYTHON_LANGUAGES}:
            continue
        tree = parse_quietly(block.text.encode("utf-8"))
        if tree is None:  # another language, a console session, a planted block
            continue
        first = _first_code_line(block)
        lines = block.text.split("\n")
        fence = (block.line, f"{block.label}{block.info}") if block.label else None
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and _quotes_class(resolver, node):
                if docstrings:
                    yield from _docstring(node, node.name, first, lines, fence)
                for member in node.body:
                    if isinstance(member, _Def):
                        subject = f"{node.name}.{member.name}"
                        yield from _parameters(member, subject, first, lines, method=True)
                        if docstrings:
                            yield from _docstring(member, subject, first, lines, fence)
                            yield from _body(member, subject, first, lines, fence)
            elif isinstance(node, _Def) and ast.get_docstring(node) and \
                    len(_library(resolver, node.name, "function")) == 1:
                yield from _parameters(node, node.name, first, lines, method=False)
                if docstrings:
                    yield from _docstring(node, node.name, first, lines, fence)
                    yield from _body(node, node.name, first, lines, fence)


def _docstring(node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef, subject: str,
               first: int, lines: list[str], fence: tuple[int, str] | None
               ) -> Iterator[Claim]:
    """A ``docstring`` claim for the docstring the quoted definition writes: its words are
    said to be the library's (:mod:`.docstrings`). It stands on the block's opening
    fence, which Strip reads as the whole block (a misquoted block goes; a docstring
    line alone would leave a quote without its words); in a block without a fence, on
    the docstring's first line of words."""
    doc = ast.get_docstring(node)
    if not doc or not node.body:
        return
    if fence:
        yield Claim("docstring", subject=subject, obj=doc, negated=False, line=fence[0],
                    sentence=fence[1], presupposed="structure")
        return
    start, end = node.body[0].lineno, node.body[0].end_lineno or node.body[0].lineno
    line = next((n for n in range(start, min(end, len(lines)) + 1)
                 if any(ch.isalnum() for ch in lines[n - 1])), start)
    sentence = lines[line - 1].strip() if line <= len(lines) else ""
    yield Claim("docstring", subject=subject, obj=doc, negated=False,
                line=first + line - 1, sentence=sentence, presupposed="structure")


def _body(node: ast.FunctionDef | ast.AsyncFunctionDef, subject: str, first: int,
          lines: list[str], fence: tuple[int, str] | None) -> Iterator[Claim]:
    """A ``body`` claim for the statements the quoted ``def`` writes: each is said to be
    the library's (:mod:`.bodies`). On the opening fence, like the docstring's claim, so
    a misquoted block goes whole; without a fence, on the ``def`` line."""
    if not written_statements(node):
        return
    source = ast.unparse(node)
    if fence:
        yield Claim("body", subject=subject, obj=source, negated=False, line=fence[0],
                    sentence=fence[1], presupposed="structure")
        return
    sentence = lines[node.lineno - 1].strip() if node.lineno <= len(lines) else ""
    yield Claim("body", subject=subject, obj=source, negated=False,
                line=first + node.lineno - 1, sentence=sentence, presupposed="structure")


def _first_code_line(block: Block) -> int:
    """The document line of the block's first line of code: after a fence's opening line,
    at a directive's body, or the block's own first line (an indented block)."""
    if block.body:
        return block.body
    return block.line + 1 if block.label else block.line


def _quotes_class(resolver: Resolver, node: ast.ClassDef) -> bool:
    """Whether ``class`` ``node`` is the tree's class of that name written out again: one
    class of the tree has the name, and at least half of the methods written are its."""
    classes = _library(resolver, node.name, "class")
    methods = [m.name for m in node.body if isinstance(m, _Def)]
    if len(classes) != 1 or not methods:
        return False
    own = {m.name for m in resolver.index.children(classes[0].qualname)}
    return 2 * sum(name in own for name in methods) >= len(methods)


def _library(resolver: Resolver, name: str, kind: str) -> list[Symbol]:
    """The definitions of ``kind`` named ``name`` in the library's own code (a test's or
    an example's ``def test_hello`` is no definition a document quotes; a ``.pyi`` stub
    beside its module declares the module's again)."""
    return code_first(s for s in resolver.index.by_name(name)
                      if s.kind == kind and not is_sample_path(s.path))


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, subject: str, first: int,
                lines: list[str], *, method: bool) -> Iterator[Claim]:
    """A ``has_param`` claim for each parameter the ``def`` writes (a method's first,
    ``self`` or ``cls``, aside; ``*args`` and ``**kwargs`` are no names to look up)."""
    arguments = node.args
    named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                 for d in node.decorator_list)
    if method and not static and named:
        named = named[1:]
    line = first + node.lineno - 1
    sentence = lines[node.lineno - 1].strip() if node.lineno <= len(lines) else ""
    for argument in named:
        yield Claim("has_param", subject=subject, obj=argument.arg, negated=False,
                    line=line, sentence=sentence, presupposed="structure")
    yield from _documented_parameters(node, subject, first, lines)


def _documented_parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, subject: str,
                           first: int, lines: list[str]) -> Iterator[Claim]:
    """A ``has_param`` claim for each parameter the quoted docstring documents
    (``:param name:``, ``Args:`` and numpydoc sections, read by ``docstring_parser``), on
    the line that names it."""
    doc = ast.get_docstring(node)
    if not doc or not node.body:
        return
    try:
        documented = [p.arg_name for p in docstring_parser.parse(doc).params
                      if p.args and p.args[0] in {"param", "parameter", "arg", "argument",
                                                  "key", "keyword"}]
    except docstring_parser.ParseError:
        return
    docstring = node.body[0]
    end = docstring.end_lineno or docstring.lineno
    for name in documented:
        if not name.isidentifier():
            continue
        entry = re.compile(rf":(?:param|parameter|arg|argument|key|keyword)\s+(?:[^:]*\s)?"
                           rf"{re.escape(name)}\s*:|^\s*{re.escape(name)}\s*(?:\([^)]*\))?\s*:")
        at = next((n for n in range(docstring.lineno, min(end, len(lines)) + 1)
                   if entry.search(lines[n - 1])), None)
        if at is not None:
            yield Claim("has_param", subject=subject, obj=name, negated=False,
                        line=first + at - 1, sentence=lines[at - 1].strip(),
                        presupposed="structure")
