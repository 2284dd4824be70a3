"""Reference extraction from Markdown, from the document model's token stream.

Block tokens carry their source lines, so every reference gets its exact 1-based line:
inline code spans (in paragraphs, headings, lists and tables, in any language of prose),
links to files (``[x](src/a.py#L10)``), and fenced blocks (Python examples are analysed as
programs; shell blocks yield commands). ``<!-- pse: ignore -->`` markers exclude a line,
the next block, a ``ignore-start``/``ignore-end`` range, or (``ignore-file``) everything.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import replace
from functools import cache

from markdown_it.token import Token

from pse.index.languages import known_suffixes
from pse.text.fences import PYTHON_LANGUAGES, SHELL_LANGUAGES, fence_language, fences
from pse.text.markdown import tokens
from pse.verify.bindings import Bindings
from pse.verify.codeblocks import FENCE_LANGUAGES, code_block_bindings, code_block_refs
from pse.verify.pycode import example_scope, python_block_refs
from pse.verify.quoted import example_file_bindings, quote_reference
from pse.verify.refs import Reference
from pse.verify.spans import CONTEXT_CHARS, SHELL_PROGRAMS, classify_span
from pse.verify.templates import TEMPLATE_FENCES, template_bindings, template_refs

# a backtick run opens a span only whole, and only a run of the same length closes it
# (CommonMark): also what keeps a line of many backticks linear, not cubic
_BACKTICKS = re.compile(r"`+")
"""An inline code span: a marker written inside one is quoted, not obeyed."""
_MARKER = re.compile(r"<!--\s*pse:\s*(ignore(?:-start|-end|-file|-next-line)?)\s*-->")
RST_MARKER = re.compile(r"\.\.\s+pse:\s*(ignore(?:-start|-end|-file)?)\b")
"""The ignore marker as a reStructuredText comment (``.. pse: ignore``)."""
_ROLE = re.compile(r"\{([\w:.-]+)\}$")
_CODE_ROLES = {"func", "class", "meth", "attr", "mod", "obj", "data", "exc", "const",
               "function", "method", "attribute", "module", "envvar", "py:func", "py:class"}
_URL_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_LINK_ANCHOR = re.compile(r"^(?P<path>[^#?]+)(?:#L(?P<a>\d+)(?:-L?(?P<b>\d+))?)?")


_SECTION_CHARS = 1500
"""How much of a section before a block a bare name may find its function in."""


def extract_references(text: str, *, file: str) -> list[Reference]:
    """Every reference candidate in a Markdown document, in document order."""
    lines = text.splitlines()
    ignored_lines = ignored_line_numbers(lines)
    if ignored_lines is None:
        return []
    refs: list[Reference] = []
    section_start = 0  # the line of the last heading: where a section's text begins
    for token in tokens(text):
        if token.type == "heading_open" and token.map:
            section_start = token.map[0]
        if token.type == "inline" and token.map:
            before = "\n".join(lines[section_start:token.map[0]])[-_SECTION_CHARS:]
            refs.extend(replace(ref, section=before) if ref.name.isidentifier() and before
                        else ref for ref in _inline_refs(token, file=file, lines=lines))
        elif token.type == "fence" and token.map:
            refs.extend(_fence_refs(token, file=file))
            quote = quote_reference(info=token.info, code=token.content,
                                    before=_line_before(lines, token.map[0]), file=file,
                                    fence_line=token.map[0] + 1,
                                    opening=lines[token.map[0]] if token.map[0] < len(lines)
                                    else "", suffixes=known_suffixes())
            if quote is not None:
                refs.append(quote)
    return [replace(r, ignored="ignored by a pse: ignore marker")
            if r.line in ignored_lines and not r.ignored else r for r in refs]


def _line_before(lines: list[str], index: int) -> str:
    """The last non-blank line above 0-based line ``index`` ("" if none)."""
    for line in reversed(lines[max(0, index - 3):index]):
        if line.strip():
            return line
    return ""


def document_bindings(text: str) -> Bindings:
    """What the document's own examples bind (``class C``, ``r = ...``, imports)."""
    bindings = Bindings()
    for token in tokens(text):
        if token.type == "fence":
            bindings.merge(block_bindings(language=fence_language(token.info), info=token.info,
                                          code=token.content))
    return bindings


def block_bindings(*, language: str, info: str, code: str) -> Bindings:
    """What one example block binds (shared by the Markdown and rst readers)."""
    module, body = example_file_bindings(info=info, code=code)
    if module:  # ``# in hello.py``: an example file the reader writes
        scope = example_scope(body)
        scope.locals.add(module)
        return scope
    if language in PYTHON_LANGUAGES or not language:
        return example_scope(code)
    if language in FENCE_LANGUAGES:
        return Bindings(locals=code_block_bindings(code, language=FENCE_LANGUAGES[language]))
    if language in TEMPLATE_FENCES:
        return Bindings(locals=template_bindings(code))
    return Bindings()


def strip_code_spans(line: str) -> str:
    """``line`` without its code spans, in time linear in the line.

    A span opens at a run of backticks and closes at the next run of the same length
    (CommonMark's rule). A regex with a lazy ``.+?`` and a backreference rescans the rest
    of the line from every unclosed run, which is quadratic on a planted line of thousands
    of backticks; here each run is looked at once and each length's runs are queued.
    """
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(line)]
    if not runs:
        return line
    queues: dict[int, deque[int]] = {}
    for number, (start, end) in enumerate(runs):
        queues.setdefault(end - start, deque()).append(number)
    kept: list[str] = []
    shown = 0
    number = 0
    while number < len(runs):
        start, end = runs[number]
        queue = queues[end - start]
        while queue and queue[0] <= number:
            queue.popleft()
        if not queue:  # unclosed: the run is literal text
            number += 1
            continue
        closing = queue.popleft()
        kept.append(line[shown:start])
        shown = runs[closing][1]
        number = closing + 1
    kept.append(line[shown:])
    return "".join(kept)


def ignored_line_numbers(lines: list[str], *, marker: re.Pattern[str] = _MARKER
                         ) -> set[int] | None:
    """1-based lines excluded by markers (None: the whole file is excluded).

    ``marker`` is the document format's spelling of the marker (an HTML comment in
    Markdown, a ``.. pse: ignore`` comment in reStructuredText); the rules are the same.
    """
    ignored: set[int] = set()
    start: int | None = None
    # rst has no fences (its ``~~~`` lines are section underlines), so only Markdown quotes
    fence_end = _fence_ends(lines) if marker is _MARKER else {}
    quoted = {n for opening, closing in fence_end.items() for n in range(opening, closing + 1)}
    for number, line in enumerate(lines, start=1):
        if number in quoted:
            continue  # a marker shown inside a code block is the block's content
        if "pse:" not in line:
            continue  # the common case, without the span scan
        for found in marker.findall(strip_code_spans(line)):
            if found == "ignore-file":
                return None
            if found == "ignore-start":
                start = number
            elif found == "ignore-end" and start is not None:
                ignored.update(range(start, number + 1))
                start = None
            elif marker.sub("", line).strip():
                ignored.add(number)  # the marker shares its line with the reference
            else:
                ignored.update(_next_block(lines, number, fence_end))
    if start is not None:
        ignored.update(range(start, len(lines) + 1))
    return ignored


def _fence_ends(lines: list[str]) -> dict[int, int]:
    """1-based opening line -> closing line of each fenced block (an unclosed one runs to
    the last line), by the one fence rule on raw lines: rst shares this path, and parsing
    the whole document as Markdown only to pair markers would cost it ten times over."""
    return {fence.start + 1: (len(lines) if fence.end is None else fence.end + 1)
            for fence in fences(lines)}


def _next_block(lines: list[str], marker_line: int, fence_end: dict[int, int]) -> range:
    for number in range(marker_line + 1, len(lines) + 1):
        if lines[number - 1].strip():
            if number in fence_end:
                return range(number, fence_end[number] + 1)
            end = number
            while end < len(lines) and lines[end].strip():
                end += 1  # a paragraph, list or table runs to the next blank line
            return range(number, end + 1)
    return range(0)


def _inline_refs(token: Token, *, file: str, lines: list[str]) -> list[Reference]:
    assert token.map is not None
    line = token.map[0] + 1
    context = token.content[:CONTEXT_CHARS]  # per span: a whole huge paragraph is quadratic
    refs: list[Reference] = []
    link_href: str | None = None
    link_text: list[str] = []
    children = token.children or []
    labelled = _bold_label(children, lines[token.map[0]] if token.map[0] < len(lines) else "")
    spans = {c.content.strip().lower() for c in children if c.type == "code_inline"}
    if labelled and labelled[:1].isupper() and labelled.lower() in spans:
        # "**Parse_minus**: The `parse_minus` method ...": a title for the name the item
        # writes as code, capitalised as titles are (the span is checked as written)
        labelled = ""
    if labelled:
        refs.append(classify_span(labelled, file=file, line=line, context=context))
    for position, child in enumerate(children):
        if child.type in {"softbreak", "hardbreak"}:
            line += 1
        elif child.type == "code_inline":
            if link_href is not None:
                link_text.append(child.content)
            before = children[position - 1] if position else None
            role = _ROLE.search(before.content) if before and before.type == "text" else None
            refs.append(_role_ref(role.group(1), child.content, file=file, line=line)
                        if role else
                        classify_span(child.content, file=file, line=line, context=context))
            line += _breaks_inside(child, lines[:token.map[1]], line)
        elif child.type == "link_open":
            link_href = str(child.attrs.get("href", ""))
            link_text = []
        elif child.type == "text" and link_href is not None:
            link_text.append(child.content)
        elif child.type == "link_close" and link_href is not None:
            ref = _link_ref(link_href, "".join(link_text), file=file, line=line)
            if ref is not None:
                refs.append(ref)
            link_href = None
    return refs


_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s")
_CODE_LABEL = re.compile(r"(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
                         r"(?:\([^()]*\)(?:\s*->\s*[^:：]+)?)?\s*[:：]?")
"""A label naming code: a name, a call or a signature ("increment_major", "to_tuple()",
"decode(data: bytes) -> str")."""
_CODE_SHAPED = re.compile(r"_|\.")
"""What a title word never has: an underscore, a dot (an inner capital, ``EndOfList``,
a product has too: ``GitHub``)."""
_HUMP = re.compile(r"[A-Z][a-z0-9]+")
_CODE_HUMPS = 3
"""Capitalised parts a product's name stays under (``GitHub``, ``JavaScript``,
``TensorFlow``) and a class name often reaches (``CroniterBadDateError``,
``SortedKeyList``): with as many, a bold name is shaped like code."""
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?:\d+(?:\.\d+)*[.)]?\s+)?(?=\*\*|__)")


def _bold_label(children: list[Token], line: str) -> str:
    """The code a list item's bold label names ("- **increment_major**: ...", "2.
    **EndOfList**: ..."), when it is shaped like code or the item says it is code ("-
    **pairwise**: This function ..."); "" for any other item and for a bold title
    ("**Parameters**:", "**Note**:") or a product ("**GitHub**: the repository"). A model
    writes its names this way as often as in backticks, so they are names to check like
    a code span's."""
    children = [c for c in children if c.type != "text" or c.content][:5]
    if len(children) >= 3 and children[0].type == "text" and _HEADING.match(line) and \
            re.fullmatch(r"\s*\d+(?:\.\d+)*[.)]?\s*", children[0].content):
        children = children[1:]  # "### 2.1 **CronIterStartTime**": the heading's number
    children = children[:4]
    if len(children) < 3 or \
            [c.type for c in children[:3]] != ["strong_open", "text", "strong_close"]:
        return ""
    written = children[1].content.strip()
    after = children[3].content if len(children) > 3 and children[3].type == "text" else ""
    if _HEADING.match(line):
        # a heading that is a bold name and nothing else ("### 1. **CronIterError**"):
        # code when shaped like code, there being no text after it to say so
        return code_label(written, "") if not after.strip() else ""
    if not _LIST_ITEM.match(line) or \
            not (written.endswith((":", "：")) or after.lstrip()[:1] in ":："):
        return ""
    return code_label(written, after)


def code_label(written: str, after: str) -> str:
    """The code a label names when it is code beyond doubt, else "": written as code
    ("`x`"), shaped like code (an underscore, a dot, ``()``), or said to be code by the
    text after it ("**pairwise**: This function ...", "**Signal**：这个类 ..."). A bold
    title ("Parameters", "Note") or a product ("GitHub") is none."""
    written = written.strip().rstrip(":：").strip()
    if written.startswith("`") and written.endswith("`"):
        written = written.strip("`")
        match = _CODE_LABEL.fullmatch(written)
        return match["name"] if match else ""
    match = _CODE_LABEL.fullmatch(written)
    if match is None:
        return ""
    name = match["name"]
    if _CODE_SHAPED.search(name) or "(" in written or len(_HUMP.findall(name)) >= _CODE_HUMPS:
        return name
    # "**Parameters**: The function takes ...": "the function" is the owner above, not
    # the title; "this" or "a" names what the label is (a capitalised word only "this")
    lead = _kind_lead().match(after)
    named = lead is not None and (lead["this"] or lead["a"] and name[:1].islower())
    return name if named and not _titles_a_section(name) else ""


@cache
def _kind_lead() -> re.Pattern[str]:
    """The text after a label that says the label is code: "**pairwise**: This function
    takes ...", "**Signal**：这个类 ..." (a kind noun the lexicons' anaphors use, after a
    demonstrative or an indefinite article and at most one word)."""
    # (imported here: the claims package reads documents through this module)
    from pse.verify.claims.words import alternation, words

    nouns = alternation(sorted(words("anaphor_nouns"), key=len, reverse=True))
    return re.compile(rf"\s*[:：]?\s*(?:(?P<this>this\s+|这个|该|此)|(?P<a>an?\s+|一个))"
                      rf"(?:[A-Za-z-]+\s+)?(?:{nouns})(?![A-Za-z])", re.IGNORECASE)


def _titles_a_section(name: str) -> bool:
    """Whether ``name`` is a title of a list of members ("Parameters", "Methods")."""
    from pse.verify.claims.words import words

    return name.lower() in words("owner_sections")


def _breaks_inside(span: Token, lines: list[str], line: int) -> int:
    """Line breaks inside a code span (CommonMark turns them into spaces in its content).

    The span is reported on its first line; the lines after it must count the breaks.
    """
    words = span.content.split()
    if len(words) < 2 or not 0 < line <= len(lines) or span.content in lines[line - 1]:
        return 0
    rest = lines[line - 1]
    breaks = 0
    for word in words:  # follow the span's words across the source lines
        while word not in rest and line + breaks < len(lines):
            breaks += 1
            rest = lines[line - 1 + breaks]
        rest = rest[rest.find(word) + len(word):] if word in rest else rest
    return breaks


def _role_ref(role: str, target: str, *, file: str, line: int) -> Reference:
    """A MyST role, ``{func}`pkg.f```: Python-domain roles name code, others do not."""
    role = role.split(":")[-1]
    if "<" in target and target.endswith(">"):
        target = target[target.rindex("<") + 1:-1]  # ``title <target>``
    target = target.lstrip("~!.")
    if role not in _CODE_ROLES:
        return Reference(file=file, line=line, text=target, name=target, kind="symbol",
                         ignored=f"{{{role}}} role (not a code reference)")
    explicit = f"{{{role}}} role"
    if role == "envvar":
        return Reference(file=file, line=line, text=target, name=target, kind="env_var",
                         explicit=explicit)
    if role == "mod":
        return Reference(file=file, line=line, text=target, name=target, kind="module",
                         explicit=explicit)
    ref = classify_span(target, file=file, line=line)
    return ref if ref.ignored else replace(ref, explicit=explicit)


def _link_ref(href: str, label: str, *, file: str, line: int) -> Reference | None:
    """A link to a file of the tree: ``[x](src/a.py#L10-L20)``."""
    if not href or href.startswith(("#", "/", "//")) or _URL_SCHEME.match(href):
        return None
    match = _LINK_ANCHOR.match(href)
    if not match:
        return None
    path = match.group("path").removeprefix("./")
    if path.endswith((".md", ".markdown", ".rst", ".html", ".txt")) or path.startswith("../"):
        return None  # links between documents are the docs' own business
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if "/" not in path and "." not in last:
        return None  # ``[x](api-validators)``: a cross-reference label, not a file
    symbol = label.strip().strip("`").removesuffix("()")
    symbol = symbol if re.fullmatch(r"[A-Za-z_][\w.]*", symbol) and "." in symbol else ""
    if match.group("a"):
        first = int(match.group("a"))
        last = int(match.group("b") or first)
        return Reference(file=file, line=line, text=href, name=path, kind="path_line",
                         origin="link", lines=(first, last), at_symbol=symbol)
    return Reference(file=file, line=line, text=href, name=path, kind="path", origin="link")


def _fence_refs(token: Token, *, file: str) -> list[Reference]:
    assert token.map is not None
    language = fence_language(token.info)
    first_line = token.map[0] + 2
    if language in PYTHON_LANGUAGES:
        return python_block_refs(token.content, file=file, first_line=first_line)
    if language in SHELL_LANGUAGES:
        return _shell_refs(token.content, file=file, first_line=first_line)
    if language in FENCE_LANGUAGES:
        return code_block_refs(token.content, language=FENCE_LANGUAGES[language], file=file,
                               first_line=first_line)
    if language in TEMPLATE_FENCES:
        return template_refs(token.content, file=file, first_line=first_line)
    if not language:
        # no info string: a Python example if it parses as one, else maybe a shell session
        refs = python_block_refs(token.content, file=file, first_line=first_line,
                                 strict=True)
        # (a diagram is as likely as a session here: only known programs' lines count)
        return refs or _shell_refs(token.content, file=file, first_line=first_line,
                                   any_program=False)
    return []


def _shell_refs(code: str, *, file: str, first_line: int, any_program: bool = True
                ) -> list[Reference]:
    refs: list[Reference] = []
    lines = code.splitlines()
    prompted = any(_USER_PROMPT.match(raw.strip()) for raw in lines)
    for number, raw in enumerate(lines, start=first_line):
        line = raw.strip()
        typed = bool(_USER_PROMPT.match(line))  # not ``# `` (a comment as often as root)
        if line.startswith(("$ ", "> ", "% ", "# ")) and line[2:3] != " ":
            line = line[2:].strip()
        elif line.startswith("#"):
            continue
        first = line.split(maxsplit=1)[0] if line else ""
        if first in SHELL_PROGRAMS or first.startswith(("./", "python3.")):
            refs.append(replace(classify_span(line, file=file, line=number), origin="code"))
        elif any_program and _PROGRAM_NAME.match(first) and (typed or not prompted) and \
                not raw.strip().startswith(("#", ">")):
            # any other program: the resolver judges it when it is the project's own
            refs.append(Reference(file=file, line=number, text=line, name=line,
                                  kind="command", origin="code", ignored="maybe-program"))
    return refs


_PROGRAM_NAME = re.compile(r"^[A-Za-z][\w.+-]*$")
"""A word that can name a program (not ``FOO=1``, ``>>>``, ``{``)."""


_USER_PROMPT = re.compile(r"^[$%] (?! )")
"""``$ cmd``: a line the session's user typed (the others of a prompted block are the
programs' output)."""
