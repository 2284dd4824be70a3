"""reStructuredText into the document model: a linear line reader.

Section titles are a text line under (or between) adornment lines of one punctuation
character, levelled in order of first use, so ``~~~`` is an underline here and never a
code fence. Bullet and enumerated lists nest by indent; definition lists, directives
(code and literal blocks, admonitions and ``py:``/``auto`` descriptions, whose body is
prose owned by the directive), comments, field lists, doctests and grid or simple tables
are blocks of their own. A reader of lines, not docutils: a document docutils rejects
still yields its blocks, and no line is read more than a bounded number of times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pse.text.labels import leading_label
from pse.text.model import Block, BlockKind, Document

_ADORNMENT = re.compile(r"""^([=\-`:'"~^_*+#<>.!$%&(),/;?@\[\]\\{|}])\1+\s*$""")
_ITEM = re.compile(r"^(?P<indent>\s*)(?P<marker>[-*+•‣⁃]|\d+[.)]|\(\d+\)|#\.)\s+(?P<text>\S.*)$")
_DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?P<name>[\w:.-]+)::\s*(?P<arg>.*)$")
_COMMENT = re.compile(r"^\s*\.\.(?:\s|$)")
_FIELD = re.compile(r"^\s*:[^:\s][^:]*:(?:\s|$)")
_OPTION = re.compile(r"^\s*:(?P<name>[\w-]+):\s*(?P<value>.*)$")
_GRID = re.compile(r"^\s*[+|]")
_SIMPLE_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")
_CODE = frozenset({"code-block", "code", "sourcecode", "click:example", "testcode", "doctest",
                   "ipython", "jupyter-execute", "literalinclude", "highlight", "testoutput",
                   "parsed-literal", "math", "raw", "graphviz", "mermaid", "csv-table",
                   "list-table", "table", "toctree", "image", "figure", "include", "click:run",
                   "only", "tabularcolumns", "autosummary", "code-tab"})
"""Directives whose body is not prose (code, data, markup or navigation)."""
_MAX_NESTING = 8
"""Prose directives nested deeper than this keep their body as text without reading it
into blocks: each level copies the rest of its body, so unbounded nesting is cubic in the
document's size (real documents nest 2-3 deep)."""


def parse_rst(text: str) -> Document:
    """The document model of a reStructuredText text."""
    reader = _Reader(text.split("\n"))
    reader.run()
    return Document(tuple(reader.blocks), rst=True, comments=tuple(reader.comments))


@dataclass
class _Reader:
    lines: list[str]
    blocks: list[Block] = field(default_factory=list)
    styles: dict[tuple[str, bool], int] = field(default_factory=dict)
    heading: int | None = None
    items: list[tuple[int, int]] = field(default_factory=list)
    """Open list items: (content column, block index)."""
    owners: list[tuple[int, int]] = field(default_factory=list)
    """Open prose directives: (indent, block index)."""
    comments: list[tuple[int, int]] = field(default_factory=list)
    at: int = 0

    def run(self) -> None:
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if not line.strip():
                self.at += 1
                continue
            self._close(_indent(line))
            self._read(line)

    def _close(self, indent: int) -> None:
        """Leave the list items and directives that a line at ``indent`` is outside of."""
        while self.items and indent < self.items[-1][0]:
            self.items.pop()
        while self.owners and indent <= self.owners[-1][0]:
            self.owners.pop()

    def _read(self, line: str) -> None:
        if self._title():
            return
        directive = _DIRECTIVE.match(line)
        if directive:
            self._directive(directive)
        elif _COMMENT.match(line):
            first = self.at + 1
            self._skip_body(self.at, _indent(line))
            self.comments.append((first, self.at))
        elif _FIELD.match(line):
            self._skip_body(self.at, _indent(line))
        elif line.lstrip().startswith(">>>"):
            self._doctest()
        elif _SIMPLE_BORDER.match(line):
            self._simple_table()
        elif _GRID.match(line):
            self._grid_table()
        elif _ADORNMENT.match(line.strip()) and len(line.strip()) >= 4:
            self.at += 1  # a transition
        else:
            self._paragraph(line)

    def _add(self, kind: BlockKind, first: int, last: int, **fields: object) -> int:
        self.blocks.append(Block(kind, first, last, heading=self.heading, **fields))  # type: ignore[arg-type]  # fields are Block's own
        return len(self.blocks) - 1

    def _parent(self) -> int | None:
        candidates = [i for _, i in self.items[-1:]] + [i for _, i in self.owners[-1:]]
        return max(candidates) if candidates else None

    # ---------------------------------------------------------------- titles
    def _title(self) -> bool:
        lines, at = self.lines, self.at
        text = lines[at]
        below = lines[at + 1] if at + 1 < len(lines) else ""
        if _ADORNMENT.match(text.strip()) and at + 2 < len(lines) and \
                lines[at + 2].strip() == text.strip() and lines[at + 1].strip() and \
                not _ADORNMENT.match(lines[at + 1].strip()):
            self._heading(lines[at + 1].strip(), at + 2, (text.strip()[0], True), at + 1)
            self.at = at + 3
            return True
        if text[:1].isspace() or not _ADORNMENT.match(below.strip()) or \
                _ADORNMENT.match(text.strip()) or len(below.strip()) < min(len(text.strip()), 3):
            return False
        self._heading(text.strip(), at + 1, (below.strip()[0], False), at + 1)
        self.at = at + 2
        return True

    def _heading(self, title: str, text_line: int, style: tuple[str, bool], last: int) -> None:
        level = self.styles.setdefault(style, len(self.styles) + 1)
        self.items.clear()
        self.owners.clear()
        self.heading = None
        self.heading = self._add("heading", text_line, last + 1, lines=((text_line, title),),
                                 text=title, level=level)

    # ---------------------------------------------------------------- prose
    def _paragraph(self, line: str) -> None:
        item = _ITEM.match(line)
        indent = _indent(line)
        first = self.at
        if item:
            column = len(line) - len(item.group("text"))
            parent = self.items[-1][1] if self.items else self._parent()
            content = [item.group("text")]
        else:
            content = [line.strip()]
        self.at += 1
        while self.at < len(self.lines):
            nxt = self.lines[self.at]
            if not nxt.strip() or _ITEM.match(nxt) or _COMMENT.match(nxt) or \
                    (self.at + 1 < len(self.lines) and _ADORNMENT.match(
                        self.lines[self.at + 1].strip()) and not nxt[:1].isspace()):
                break
            if not item and _indent(nxt) > indent and not self.items:
                break  # a definition: the lines so far were its term
            content.append(nxt.strip())
            self.at += 1
        lines = tuple((first + 1 + n, part) for n, part in enumerate(content))
        joined = "\n".join(content)
        if item:
            index = self._add("item", first + 1, first + len(content), lines=lines, text=joined,
                              level=len(self.items) + 1, parent=parent,
                              label=leading_label(joined))
            self.items.append((column, index))
        elif self.at < len(self.lines) and self.lines[self.at].strip() and \
                _indent(self.lines[self.at]) > indent and not self.items:
            self._definition(joined, indent)
        else:
            self._add("paragraph", first + 1, first + len(content), lines=lines, text=joined,
                      label=leading_label(joined), parent=self._parent())
        if joined.rstrip().endswith("::"):
            # indented past the "::" line, not past the paragraph's first line: an item's
            # continuation paragraphs are not its literal block
            self._literal(_indent(self.lines[first + len(content) - 1]))

    def _definition(self, term: str, indent: int) -> None:
        first = self.at
        content: list[str] = []
        while self.at < len(self.lines) and self.lines[self.at].strip() and \
                _indent(self.lines[self.at]) > indent:
            content.append(self.lines[self.at].strip())
            self.at += 1
        lines = tuple((first + 1 + n, part) for n, part in enumerate(content))
        self._add("definition", first + 1, first + len(content), lines=lines,
                  text="\n".join(content), label=term.strip(), level=1, parent=self._parent())

    # ---------------------------------------------------------------- bodies
    def _body_end(self, start: int, indent: int) -> int:
        """The index after the indented body that follows line ``start``."""
        end = start + 1
        while end < len(self.lines) and (not self.lines[end].strip()
                                         or _indent(self.lines[end]) > indent):
            end += 1
        while end > start + 1 and not self.lines[end - 1].strip():
            end -= 1
        return end

    def _skip_body(self, start: int, indent: int) -> None:
        self.at = self._body_end(start, indent)

    def _literal(self, indent: int) -> None:
        """The indented block after a paragraph ending with ``::``: code."""
        start = self.at
        while start < len(self.lines) and not self.lines[start].strip():
            start += 1
        if start >= len(self.lines) or _indent(self.lines[start]) <= indent:
            return
        end = self._body_end(start - 1, indent)
        self._add("code", start + 1, end, text=_dedent(self.lines[start:end]),
                  parent=self._parent())
        self.at = end

    def _directive(self, match: re.Match[str]) -> None:
        start, indent = self.at, len(match.group("indent"))
        name, arg = match.group("name"), match.group("arg").strip()
        end = self._body_end(start, indent)
        options: dict[str, str] = {}
        body_start = start + 1
        while body_start < end and (option := _OPTION.match(self.lines[body_start])):
            options[option.group("name")] = option.group("value").strip()
            body_start += 1
        body = next((n + 1 for n in range(body_start, end) if self.lines[n].strip()), 0)
        source = {"directive": name, "argument": arg, "options": tuple(options.items()),
                  "body": body}
        short = name.split(":")[-1] if name.startswith(("py:", "rst:")) else name
        if short in _CODE or name in _CODE:
            self._add("code", start + 1, end, text=_dedent(self.lines[body_start:end]),
                      info=arg if short in {"code-block", "code", "sourcecode"} else name,
                      title=options.get("caption", options.get("name", "")),
                      parent=self._parent(), **source)
            self.at = end
            return
        index = self._add("directive", start + 1, max(start + 1, end), info=name, label=arg,
                          parent=self._parent(), text=_dedent(self.lines[body_start:end]),
                          **source)
        if len(self.owners) >= _MAX_NESTING:
            self.at = end  # its body stays its text, unread: see _MAX_NESTING
            return
        self.owners.append((indent, index))
        self.at = body_start

    def _doctest(self) -> None:
        start = self.at
        while self.at < len(self.lines) and self.lines[self.at].strip():
            self.at += 1
        self._add("code", start + 1, self.at, text=_dedent(self.lines[start:self.at]),
                  info="pycon", parent=self._parent())

    # ---------------------------------------------------------------- tables
    def _grid_table(self) -> None:
        start = self.at
        while self.at < len(self.lines) and _GRID.match(self.lines[self.at]):
            line = self.lines[self.at].strip()
            if line.startswith("|"):
                cells = tuple(c.strip() for c in line.strip("|").split("|"))
                self._add("row", self.at + 1, self.at + 1, lines=((self.at + 1, line),),
                          text=line, cells=cells)
            self.at += 1
        if self.at == start:
            self.at += 1

    def _simple_table(self) -> None:
        borders, head = 0, None
        header: tuple[str, ...] = ()
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if _SIMPLE_BORDER.match(line):
                borders += 1
                self.at += 1
                if borders >= 2 and (self.at >= len(self.lines) or not self.lines[self.at].strip()):
                    return
                continue
            if not line.strip():
                if borders >= 3:
                    return
                self.at += 1
                continue
            cells = tuple(c for c in re.split(r"\s{2,}", line.strip()) if c)
            index = self._add("row", self.at + 1, self.at + 1, lines=((self.at + 1, line.strip()),),
                              text=line.strip(), cells=cells, header=header, parent=head)
            if borders == 1:
                header, head = cells, index
            self.at += 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _dedent(lines: list[str]) -> str:
    indents = [_indent(line) for line in lines if line.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(line[cut:] for line in lines).strip("\n") + ("\n" if lines else "")
