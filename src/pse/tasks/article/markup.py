"""reStructuredText inline markup, read as the Markdown an article is written in.

Many Python projects document themselves in reStructuredText (Sphinx). A section's
writer is shown those docs as excerpts, and a small model copies what it is shown: the
article then carried ``:meth:`PluginManager.register``` and ```` ``self`` ```` into
Markdown, where they render as noise and hide the code names from the verifier. So docs
excerpts are turned into Markdown before a writer sees them (:func:`rst_as_markdown`),
and a reply's leftover roles are read the same way (:func:`inline_rst_as_markdown`).
"""

from __future__ import annotations

import re

from pse.text import CodeSpan, code_spans, parse_markdown

_WORDS_ONLY = re.compile(r"[A-Za-z]+(?: [A-Za-z]+)+")
_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+:.])\1{2,}\s*$")
"""A reStructuredText section title's underline (or overline)."""
_TITLED = re.compile(r"^(?P<title>.+?)\s+<(?P<target>[^<>\n]+)>$")
"""```title <target>```: a link's title and where it points."""
_LINK = re.compile(r"(?<![\w`])`(?P<body>[^`\n]+?)`__?(?![\w`])")
"""```text <https://...>`_`` or ```text`_``: a hyperlink reference."""
_TITLED_SPAN = re.compile(r"(?<![\w`])`(?P<title>[^`<>\n]+?)\s+<(?P<target>[\w.:~()-]+)>`(?![\w`])")
"""`` `register(plugin) <PluginManager.register>` ``: a role whose ``:meth:`` was lost."""
_DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?P<name>[\w:.-]+)::\s*(?P<arg>.*)$")
_TARGET = re.compile(r"^\s*\.\.\s+_[^:]*:.*$|^\s*\.\.\s*$")
_OPTION = re.compile(r"^\s+:[\w-]+:.*$")
_CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode", "doctest"})


def inline_rst_as_markdown(text: str) -> str:
    """``text`` with reStructuredText roles, literals and link references in Markdown.

    ``:meth:`~pkg.Manager.register``` becomes `` `Manager.register` `` (the tilde shows the
    last part, as Sphinx does), ```` ``self`` ```` becomes `` `self` ``, a role with a title
    shows its title, and ```text <url>`_`` becomes ``[text](url)``. Fenced code is left alone.
    """
    lines = text.split("\n")
    code = parse_markdown(text).code_lines()
    for index, line in enumerate(lines):
        if index + 1 not in code and "`" in line:
            lines[index] = _inline(line)
        if index + 1 not in code and "_" in lines[index]:
            lines[index] = _bare_references(lines[index])
    return "\n".join(lines)


_BARE_REFERENCE = re.compile(r"(?<![\w`*/.-])(?P<word>[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])_"
                             r"(?=[\s.,;:!?)]|$)")
"""``jsonlines_``: a bare named hyperlink reference, pasted from a README with its
target left behind (a name with a trailing underscore in prose is code only when written
as a code span)."""


def _bare_references(line: str) -> str:
    """``line`` with bare named references outside code spans as their words."""
    parts: list[str] = []
    at = 0
    for span in code_spans(line):
        parts += [_BARE_REFERENCE.sub(r"\g<word>", line[at:span.start]), line[span.start:span.end]]
        at = span.end
    return "".join([*parts, _BARE_REFERENCE.sub(r"\g<word>", line[at:])])


def _inline(line: str) -> str:
    """One line's roles and literals as Markdown code spans (read by the document model's
    span reader, :func:`pse.text.code_spans`), then its link references."""
    parts: list[str] = []
    at = 0
    for span in code_spans(line):
        parts += [line[at:span.start], _as_markdown(span, line[span.start:span.end])]
        at = span.end
    line = "".join([*parts, line[at:]])
    line = _LINK.sub(_link, line)
    return _TITLED_SPAN.sub(lambda m: f"`{m.group('title')}`", line)


def _as_markdown(span: CodeSpan, written: str) -> str:
    """A role as the code span Sphinx shows; ````x```` as code, but ````host program````
    (words only: emphasis, not code) as words; any other span as written."""
    if span.role:
        return f"`{span.shown}`"
    if written.startswith("``") and not written.startswith("```"):
        literal = span.code
        return literal if _WORDS_ONLY.fullmatch(literal) else f"`{literal}`"
    return written


def _link(match: re.Match[str]) -> str:
    body = match.group("body")
    titled = _TITLED.match(body)
    if titled and "://" in titled.group("target"):
        return f"[{titled.group('title')}]({titled.group('target')})"
    return titled.group("title") if titled else body


def rst_as_markdown(text: str) -> str:
    """A reStructuredText passage as Markdown: inline markup converted, code directives and
    ``::`` literal blocks fenced, other directive and target lines dropped (their indented
    content stays, dedented)."""
    out: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = _DIRECTIVE.match(line)
        if directive or line.rstrip().endswith("::") and not _TARGET.match(line):
            index = _block(lines, index, directive, out)
            continue
        if _UNDERLINE.match(line):  # a title's over- or underline: the title is its own line
            out.append("")
        elif not _TARGET.match(line):
            titled = index + 1 < len(lines) and _UNDERLINE.match(lines[index + 1])
            out.extend(["", _inline(line)] if titled else [_inline(line)])
        index += 1
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).lstrip("\n")


def _block(lines: list[str], start: int, directive: re.Match[str] | None,
           out: list[str]) -> int:
    """Append the block that ``lines[start]`` introduces; return the line after it."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines) and (not lines[end].strip()
                                or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    body = [line for line in lines[start + 1:end] if not _OPTION.match(line)]
    depth = min((len(x) - len(x.lstrip()) for x in body if x.strip()), default=0)
    body = [x[depth:] for x in body]
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    if directive is None:  # "some text::" then a literal block: reads "some text:"
        intro = lines[start].rstrip()[:-2].rstrip()
        if intro:
            out.append(_inline(intro) + ":")
    code = directive is None or directive.group("name") in _CODE_DIRECTIVES
    if code and body:
        language = directive.group("arg").strip() if directive is not None else ""
        out.extend(["", f"```{language if language != 'pycon' else 'python'}", *body, "```", ""])
    elif body:
        out.extend(["", *(_inline(x) for x in body), ""])
    return end


_BLOCK_START = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#|>|\||```|~~~|<)|^\s{4,}\S|^\s*$")
"""A line that starts its own block (list item, heading, quote, table, fence, code)."""
_SENTENCE_ENDS = tuple(".!?:;。！？：；")
_CJK_END = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]$")


def unwrap(text: str) -> str:
    """``text`` with every sentence that a hard wrap split over lines on one line.

    Markdown renders both the same, but every line-based step (Strip, repetition, Fix's
    line-anchored edits) then sees a sentence whole: when a copied, hard-wrapped docs
    passage lost a sentence, the sentence's second line stayed behind as a fragment. A line
    that ends a sentence stays a line (Fix is shown only the lines it must edit); list
    items, headings, tables, quotes and code stay as written.
    """
    out: list[str] = []
    code = parse_markdown(text).code_lines()
    for number, line in enumerate(text.split("\n"), start=1):
        if number in code or number - 1 in code:
            out.append(line)
            continue
        joinable = (out and not _BLOCK_START.match(line)
                    and out[-1].strip() and not _opens_block(out[-1])
                    and not out[-1].rstrip().endswith(_SENTENCE_ENDS))
        if joinable:
            glue = "" if _CJK_END.search(out[-1].rstrip()) else " "
            out[-1] = out[-1].rstrip() + glue + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


def _opens_block(line: str) -> bool:
    """Whether a paragraph may not continue after ``line`` (a heading, a fence, a table row,
    a line ending in two spaces or a backslash: a Markdown hard break)."""
    return bool(re.match(r"^\s*(?:#|```|~~~|\||>)", line)) or line.endswith(("  ", "\\")) \
        or _in_list(line)


def _in_list(line: str) -> bool:
    return bool(re.match(r"^\s*(?:[-*+]|\d+[.)])\s", line))
