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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from pse.index.symbols import SymbolIndex
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
    if not path or "." + path.rsplit(".", 1)[-1].lower() not in suffixes:
        return None
    return Reference(file=file, line=fence_line, text=opening.strip() or f"{path} (quoted)",
                     name=f"{path} (quoted)", kind="quote", origin="code", in_file=path,
                     lines=lines, quoted=code, loose=loose)


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
    path = _find(index, ref.in_file)
    if path is None and "/" not in ref.in_file:
        return Resolution("ignored", message=f"{ref.in_file} is not in the tree: an example "
                          "file, not a quote")
    if path is None:
        return Resolution("unverified", message=f"misquoted: no file {ref.in_file!r} in the "
                          "source tree")
    try:
        text = (index.root / path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return Resolution("unverified", message=f"cannot read {path}: {exc.strerror}")
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
    best = process.extractOne(line.text, file_lines, scorer=fuzz.ratio)
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
