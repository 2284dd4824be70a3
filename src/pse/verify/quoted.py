"""Quoted code: a code block attributed to a source file must really be in that file.

A block is attributed to a file by its info string (```` ```python title="src/a.py" ````,
``file=``/``filename=``), by a first line that is a comment naming the file (``# src/a.py``,
``// src/a.ts:10``), by a ``path:line`` reference on the line just before it, or by a
caption naming one file on the line just before it (``From `src/a.py`:``; such lead-in
lines must end with a colon), or by a heading that is just a path
(``#### src/a.py``). Its lines must occur in the file in the same order, compared
without whitespace; the file may have other lines between them (a quote may leave lines
out), ``...``/``…`` lines are elisions and a
``...`` inside a line matches anything (skeleton bodies, ``f(...)``). A docstring's quotes
and a trailing comment in the file are not needed. Otherwise the block is ``misquoted``,
with the closest line of the file as evidence. A block attributed only by a caption is
checked when most of its lines are in the file: a usage example under "in `a.py`:" is not
a quote. The result is a reference of kind ``quote``.

A Python block attributed to no file that opens by defining a name the tree defines
(``class InputWrapper:``, after any imports, comments and decorators) presents itself as
that definition: it is checked, from the definition's line on, against each definition
of the name and is a quote of the first it matches. A model that writes ``class
InputWrapper:`` over another class's methods invents code under a real name. Not judged:
a name the tree does not define (the reader's example), a ``def`` whose first line is not
the real function's, functions local to another function, definitions in tests, docs,
examples or benchmarks, and implementations of a function the tree declares without a
body (a hook specification). Without ``--strict`` such a block is only checked, never
flagged (a maintainer's simplified sketch of a class is common).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.index.walk import is_sample_path
from pse.planted import MAX_COUNTED_BYTES, read_planted_text
from pse.text.fences import PYTHON_LANGUAGES, fence_language
from pse.verify.fuzzy import extract_one
from pse.verify.refs import Reference, Resolution

_TITLE = re.compile(r"""\b(?:title|file|filename|path)\s*=\s*["']?([^"'\s]+)""")
_HEADER = re.compile(r"^\s*(?:#|//|/\*|<!--|--|;)\s*(?:file:\s*|in\s+|from\s+)?`?"
                     r"(?P<path>[\w@.+-]+(?:/[\w@.+-]+)*\.[A-Za-z0-9]+)`?"
                     r"(?::(?P<a>\d+)(?:-(?P<b>\d+))?)?\s*(?:\*/|-->)?\s*$")
_PATH_LINE = re.compile(r"`?(?P<path>[\w@.+-]+(?:/[\w@.+-]+)*\.[A-Za-z0-9]+)"
                        r"(?::(?P<a>\d+)(?:-(?P<b>\d+))?|#L(?P<c>\d+)(?:-L?(?P<d>\d+))?)`?")
_HEADING_PATH = re.compile(r"^#{1,6}\s+`?(?P<path>[\w@.+-]+(?:/[\w@.+-]+)+\.[A-Za-z0-9]+)`?\s*$")
"""A heading that is only a path (with a folder) titles the block under it."""
_CAPTION_PATH = re.compile(r"`(?P<path>[\w@.+-]+(?:/[\w@.+-]+)*\.[A-Za-z0-9]+)`")
_ELISION = re.compile(r"^(?:\.\.\.|…|(?:#|//|/\*|--)\s*(?:\.\.\.|…).*|pass)$")
_QUOTES = re.compile(r"""^(?:[rbuRBU]{0,2})(?:\"\"\"|''')|(?:\"\"\"|''')$""")
_COMMENT = ("#", "//", "/*", "--")
_OPENING_DEFINITION = re.compile(r"(?:async\s+)?(?:def|class)\s+(?P<name>[A-Za-z_]\w*)\b")
_PREAMBLE = re.compile(r"(?:#|@|import\s|from\s+[\w.]+\s+import\s)")
"""Lines a block may open with before the definition it presents."""
_LOOKAHEAD = 4
"""How many file lines one block line may span (a signature the quote joined)."""


@dataclass(frozen=True)
class _Line:
    number: int
    """1-based line in the block."""
    raw: str
    """The line as written (for messages)."""
    text: str
    pattern: re.Pattern[str] | None
    """For lines with ``...`` inside: the line as a pattern."""


def quote_reference(*, info: str, code: str, before: str, file: str, fence_line: int,
                    suffixes: frozenset[str], opening: str = "") -> Reference | None:
    """The ``quote`` reference a fenced block makes, if it is attributed to a file.

    Args:
        info: the fence's info string.
        code: the block's content.
        before: the last non-blank document line before the fence.
        file: the document.
        fence_line: the 1-based line of the opening fence (where the result is reported).
        opening: the text of that line (the reference's ``text``).
        suffixes: file extensions that mark a source file (``.py``, ``.ts``...).
    """
    path, lines, loose = _attribution(info, code, before)
    if not path:
        return _definition_quote(info=info, code=code, file=file, fence_line=fence_line,
                                 opening=opening)
    if "." + path.rsplit(".", 1)[-1].lower() not in suffixes:
        return None
    return Reference(file=file, line=fence_line, text=opening.strip() or f"{path} (quoted)",
                     name=f"{path} (quoted)", kind="quote", origin="code", in_file=path,
                     lines=lines, quoted=code, loose=loose)


def _definition_quote(*, info: str, code: str, file: str, fence_line: int, opening: str
                      ) -> Reference | None:
    """The ``quote`` of a Python block that opens with ``class X``/``def X`` (no file named):
    ``at_symbol`` is ``X``, ``in_file`` is empty (the files defining ``X`` are looked up)."""
    language = fence_language(info)
    if language and language not in PYTHON_LANGUAGES:
        return None
    name, _ = _opening_definition(code)
    if not name:
        return None
    return Reference(file=file, line=fence_line, text=opening.strip() or f"{name} (quoted)",
                     name=f"{name} (quoted)", kind="quote", origin="code", at_symbol=name,
                     quoted=code)


def _opening_definition(code: str) -> tuple[str, int]:
    """(name, 1-based line) of the definition a block's first statement makes at column 0;
    ("", 0) if it opens otherwise. Imports, comments and decorators before it are the
    example's own and are not part of the quote."""
    for number, line in enumerate(code.splitlines(), start=1):
        if not line.strip() or _PREAMBLE.match(line):
            continue
        match = _OPENING_DEFINITION.match(line)
        return (match.group("name"), number) if match else ("", 0)
    return "", 0


def _attribution(info: str, code: str, before: str
                 ) -> tuple[str, tuple[int, int] | None, bool]:
    if match := _TITLE.search(info):
        return match.group(1).removeprefix("./"), None, False
    first = code.splitlines()[0] if code.strip() else ""
    if match := _HEADER.match(first):
        return match.group("path").removeprefix("./"), _lines(match), False
    before = before.strip()
    if match := _HEADING_PATH.match(before):
        return match.group("path").removeprefix("./"), None, False  # ``#### src/a.py``
    if not before.endswith(":"):
        return "", None, False  # only a lead-in ("From `a.py:10`:") attributes a block
    if match := _PATH_LINE.search(before):
        if match.group("a") or match.group("c"):
            return match.group("path").removeprefix("./"), _lines(match), False
    paths = _CAPTION_PATH.findall(before)
    if len(set(paths)) == 1:
        return paths[0].removeprefix("./"), None, True
    return "", None, False


def _lines(match: re.Match[str]) -> tuple[int, int] | None:
    groups = match.groupdict()
    first = groups.get("a") or groups.get("c")
    if not first:
        return None
    last = groups.get("b") or groups.get("d") or first
    return int(first), int(last)


def check_quote(ref: Reference, index: SymbolIndex) -> Resolution:
    """Verified when the block's lines are in ``ref.in_file`` in order, else misquoted."""
    if not ref.in_file:
        return _check_definition_quote(ref, index)
    path = _find(index, ref.in_file)
    if path is None and "/" not in ref.in_file:
        return Resolution("ignored", message=f"{ref.in_file} is not in the tree: an example "
                          "file, not a quote")
    if path is None:
        return Resolution("unverified", message=f"misquoted: no file {ref.in_file!r} in the "
                          "source tree")
    text = read_planted_text(index.root / path, limit=MAX_COUNTED_BYTES)
    if text is None:
        return Resolution("unverified", message=f"cannot read {path}: not a regular file "
                          f"of at most {MAX_COUNTED_BYTES} bytes")
    file_lines = [_squash(line) for line in text.splitlines()]
    block = _block_lines(ref.quoted)
    if not block:
        return Resolution("ignored", message="an empty or elided block")
    start, failed = _match(block, file_lines)
    if failed is None:
        return _placed(ref, path, start)
    if ref.loose and _share(block, file_lines) < 0.5:
        return Resolution("ignored", message=f"an example near a mention of {path}, "
                          "not a quote of it")
    closest = _closest(block[failed], file_lines)
    shown = block[failed].raw[:60]
    return Resolution("unverified", evidence=((path, closest),),
                      message=f"misquoted: line {block[failed].number} of the block "
                      f"({shown!r}) is not in {path}"
                      + (f"; closest is line {closest}" if closest else ""))


def _check_definition_quote(ref: Reference, index: SymbolIndex) -> Resolution:
    """A block presenting ``ref.at_symbol``: verified where a definition of it holds it.

    A ``def`` presents the tree's function only when its first line is that function's
    (``async def main():`` over a tree whose ``main`` takes arguments is the reader's own);
    a ``class`` of the tree's name presents the class whatever its bases."""
    name = ref.at_symbol
    _, opening = _opening_definition(ref.quoted)
    block = [line for line in _block_lines(ref.quoted) if line.number >= opening]
    if not block:
        return Resolution("ignored", message="an empty or elided block")
    is_class = block[0].text.startswith("class")
    definitions = _definitions(index, name, is_class=is_class)
    best: tuple[int, str, int] | None = None  # (block lines matched, path, closest line)
    stub = ""
    for path in sorted({d.path for d in definitions})[:_MAX_DEFINING_FILES]:
        text = read_planted_text(index.root / path, limit=MAX_COUNTED_BYTES)
        if text is None:
            continue
        stub = stub or (path if not is_class and _defines_stub(text, name) else "")
        file_lines = [_squash(line) for line in text.splitlines()]
        for definition in (d for d in definitions if d.path == path):
            first = max(0, definition.line - 1)
            found = _find_line(block[0], file_lines, first)
            if not is_class and (found is None or found[0] >= max(definition.end_line,
                                                                  definition.line)):
                continue  # another signature: not this function
            start, failed = _match(block, file_lines[first:])
            if failed is None:
                return Resolution("verified", evidence=((path, first + start),))
            if best is None or failed > best[0]:
                best = (failed, path, _closest(block[failed], file_lines) or definition.line)
    if stub:  # a hook specification or abstract method: the block implements it
        return Resolution("ignored", message=f"an implementation of {name!r}, which {stub} "
                          "declares without a body: not a quote of it")
    if best is None:
        return Resolution("ignored", message=f"the block defines its own {name!r}: an "
                          "example, not a quote")
    failed, path, closest = best
    where = f"{path} (where {name!r} is defined)" if len({d.path for d in definitions}) == 1 \
        else f"{path} or the other files defining {name!r}"
    return Resolution("unverified", evidence=((path, closest),),
                      message=f"misquoted: line {block[failed].number} of the block "
                      f"({block[failed].raw[:60]!r}) is not in {where}; closest is line "
                      f"{closest}")


def _definitions(index: SymbolIndex, name: str, *, is_class: bool) -> list[Symbol]:
    """The tree's own classes, or functions and methods, named ``name``: not tests, docs or
    examples, and not functions local to another function (a helper's ``def f``)."""
    kinds = {"class"} if is_class else {"function", "method"}
    found = []
    for symbol in index.by_name(name):
        if symbol.kind not in kinds or is_sample_path(symbol.path):
            continue
        if any(parent.kind in ("function", "method")
               for parent in index.by_qualname(symbol.parent)):
            continue
        found.append(symbol)
    return found


def _defines_stub(text: str, name: str) -> bool:
    """Whether the file declares a function ``name`` whose body is only a docstring,
    ``pass``, ``...`` or ``raise NotImplementedError`` (a hook spec, an abstract method)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name
               and all(_is_stub_statement(statement) for statement in node.body)
               for node in ast.walk(tree))


def _is_stub_statement(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return True  # a docstring or ``...``
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"
    return False


_MAX_DEFINING_FILES = 20
"""A name defined in more files than this (``__init__``, ``run``) is checked in the first."""


def _placed(ref: Reference, path: str, start: int) -> Resolution:
    if ref.lines is not None and abs(ref.lines[0] - start) > 3:
        return Resolution("unverified", evidence=((path, start),),
                          message=f"misquoted: these lines are at {path}:{start}, not at "
                          f"line {ref.lines[0]}")
    return Resolution("verified", evidence=((path, start),))


def _find(index: SymbolIndex, path: str) -> str | None:
    matches = index.paths_matching(path)
    return matches[0] if matches else None


def _squash(line: str) -> str:
    """A line without whitespace or docstring quotes: what a quote must reproduce."""
    return _QUOTES.sub("", "".join(line.split()))


def _block_lines(code: str) -> list[_Line]:
    lines: list[_Line] = []
    for number, raw in enumerate(code.splitlines(), start=1):
        stripped = raw.strip()
        if number == 1 and _HEADER.match(raw):
            continue
        if not stripped or _ELISION.match(stripped):
            continue
        text = _squash(stripped)
        text = re.sub(r"(?:\.\.\.|…)$", "", text) if not text.startswith(("...", "…")) \
            else text  # ``def f(): ...``: a skeleton body
        if not text:
            continue
        pattern = None
        if "..." in text or "…" in text:
            parts = re.split(r"\.\.\.|…", text)
            pattern = re.compile(".*".join(re.escape(p) for p in parts))
        lines.append(_Line(number, stripped, text, pattern))
    return lines


def _match(block: list[_Line], file_lines: list[str]) -> tuple[int, int | None]:
    """(first file line matched, index of the first block line not found or None)."""
    position = 0
    start = 0
    for index, line in enumerate(block):
        found = _find_line(line, file_lines, position)
        if found is None:
            return start, index
        if index == 0:
            start = found[0] + 1
        position = found[1]
    return start, None


def _find_line(line: _Line, file_lines: list[str], position: int) -> tuple[int, int] | None:
    """(first, end) file indexes of ``line`` at or after ``position``."""
    for first in range(position, len(file_lines)):
        if not file_lines[first]:
            continue
        joined = ""
        for end in range(first, min(first + _LOOKAHEAD, len(file_lines))):
            joined += file_lines[end]
            if _same(line, joined):
                return first, end + 1
            if len(joined) > len(line.text) + 200:
                break
    return None


def _same(line: _Line, candidate: str) -> bool:
    if line.pattern is not None:
        return line.pattern.fullmatch(candidate) is not None
    if candidate == line.text:
        return True
    rest = candidate[len(line.text):] if candidate.startswith(line.text) else ""
    return bool(rest) and rest.startswith(_COMMENT)  # the file has a trailing comment


def _share(block: list[_Line], file_lines: list[str]) -> float:
    present = set(file_lines)
    return sum(1 for line in block if line.text in present) / len(block)


def _closest(line: _Line, file_lines: list[str]) -> int | None:
    if not file_lines:
        return None
    best = extract_one(line.text, file_lines)
    return int(best[2]) + 1 if best else None


def example_file_bindings(*, info: str, code: str) -> tuple[str, str]:
    """(module name, code) of a block that writes an example file the tree does not have
    (``# in hello.py``, ``:caption: hello.py``): its names are local to the document.

    ("", "") when the block names no bare file name.
    """
    path, _, _ = _attribution(info, code, "")
    if not path or "/" in path or "." not in path:
        return "", ""
    lines = code.splitlines()
    if lines and _HEADER.match(lines[0]):
        lines[0] = ""
    return path.rsplit(".", 1)[0], "\n".join(lines)
