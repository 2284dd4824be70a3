"""Deterministic quality gates of an article, each a named rule whose findings target lines.

They run in every evaluation round next to the reference checks, so the fix sees them and
the strip can delete what is still wrong: repeated sentences (exact or near-duplicate),
text copied from the prompts, an article that is mostly code or repeats a code block,
outline or prompt residue, a cut-off end, invented first-person incidents, a translation in
the wrong language or with another structure. (The length against ``--words`` and the
grounding of every section are final gates too: ``gates.py``.)
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence

from pse.tasks.article.text import (
    CJK,
    CODE_SPAN,
    LIST_ITEM,
    Block,
    cjk_share,
    code_blocks,
    content_words,
    count_words,
    normalized,
    prose_lines,
    read,
    sentences,
)
from pse.text import Document, parse_markdown, sentence_bounds
from pse.text.frames import frame_repeats
from pse.verify.finding import Finding
from pse.verify.strip import EXCERPT_HEADER, LIST_MARKER

_NEAR_DUPLICATE = 0.8
"""Word-set overlap (Jaccard) at which two sentences say the same thing."""
_MIN_REPEAT_WORDS = 7
_RESTATED_SHARE = 0.8
"""Share of a sentence's content words an earlier sentence said, at which it restates it.
A near or reworded copy must name no code the earlier one did not: "reach for `A` instead
of the helpers" and "reach for `B` ..." say different things in one frame."""
_MIN_RESTATED_WORDS = 6
_SHINGLE = 8
"""Words in a row shared with a prompt that count as copied (CJK: 2x characters)."""
_RESIDUE = re.compile(r"^\s{0,3}#{1,6}\s*(?:outline|plan|article outline|table of contents|"
                      r"sections?|draft|notes|大纲|提纲|目录|草稿)\s*[:：]?\s*$", re.IGNORECASE)
_PROMPT_TALK = re.compile(
    r"\b(?:in|from|of) the (?:source |code |given |provided )?excerpts\b|\bcopied exactly\b|"
    r"\bthe (?:provided|given) (?:excerpts?|sources?|code snippets?)\b|\bcode names\b|"
    r"\b(?:the|its|[\w-]+'s) real (?:api|code)\b|\breal api\b|"
    r"(?:提供的|给定的|所给的?)(?:摘录|代码片段|源码摘录)|摘录中", re.IGNORECASE)
"""A sentence about the writer's materials ("as they appear in the excerpts", "the real API
and code for X are", "**Real API and Code**: the project's real API ...": the prompt calls
the names it lists real): the prompt talking through the article, not the project."""
_MARKUP_RESIDUE = re.compile(r"^\s{0,3}#{1,6}\s+#")
_FACTS_RESIDUE = re.compile(
    r"its parameters in order:"
    r"|[;；]\s*\d+ ?个?(?:public|公有|公共|公开) ?(?:methods?\b|方法)\s*[:：]"
    r"|(?:\bsignature|签名) ?`[^`\n]+`(?:[;；]\s*(?:returns|返回) ?`[^`\n]+`)?[^;；\n]{0,40}"
    r"[;；(（]\s*\d+ ?(?:parameters?\b|个?参数)"
    r"|`[\w.]+\([^`\n]*\)`[,，]\s*\d+ ?(?:parameters?\b|个?参数)\s*[;；]"
    r"|^\W*`[^`\n]+`\s*[:：]\s*(?:signature|签名) ?`[^`\n]+`\s*$"
    r"|\((?:class|dataclass|enum|function|method|module|coroutine)[^()\n]{0,20}, "
    r"`?[\w./-]+\.py`?:\d+\)"
    r"|^\W*bases `[^`]+`(?:, `[^`]+`)*;"
    r"|called by `[^`]+` \(`?[\w./-]+\.py`?:\d+\)")
"""Pieces of the prompt's CODE FACTS lines (:mod:`pse.tasks.article.facts`: "- `Job`
(dataclass, src/job.py:20): bases ...; 6 fields, its parameters in order: ...; called by
`JobQueue.submit` (src/queue.py:34)"; "- `main`: signature `main() -> None`; 0
parameters"), pasted into the article, also in the words of the article's language
("签名 `cli(*args: Any) -> None`; 1 参数"): a shape no sentence written for a reader has."""
_LINK = re.compile(r"!?\[[^\]\n]*\]\([^)\n]*\)|\]\(https?://[^)\n]*\)|https?://\S+")


def _is_link_row(line: str) -> bool:
    """Whether a line is links and little else: a README's badge row ("[![PyPI](https://
    img.shields.io/...)](https://pypi.org/...)"), often cut mid-link when pasted."""
    links = _LINK.findall(line)
    if len(links) < 2 or not any(_BADGE.search(link) for link in links):
        return False  # "See [the docs](...) and [the changelog](...)" is a sentence
    rest = _LINK.sub(" ", line)
    return len(re.findall(r"[^\W\d_]{2,}", rest)) <= len(links)


_DEFINITION_LINE = re.compile(r"^\s*(?:async\s+)?(?:class|def)\s+`?[A-Za-z_]\w*`?\s*"
                              r"(?:\(.*\))?(?:\s*->\s*[^:]+)?:\s*$")
"""A ``class`` or ``def`` header standing as a prose line: an excerpt pasted without its
fence ("class `BaseFileLock`(contextlib.ContextDecorator, ...):")."""
_CODE_MARK = re.compile(r"[()=\[\]:.@]")
_KEYWORD_START = re.compile(r"(?:import|from|return|raise|yield|assert|del|pass|global)\b")


def _code_paragraph_lines(text: str) -> set[int]:
    """The lines of paragraphs that are code written without a fence, most of their lines
    Python statements ("self._myprop = None", "import unittest", "@property"): pasted
    source that Markdown reads as prose, a sentence each. A line of words that parses as a
    name ("DotMap") is no statement here."""
    found: set[int] = set()
    for block in parse_markdown(text).blocks:
        if block.kind != "paragraph" or len(block.lines) < 2:
            continue
        code = [number for number, line in block.lines if _is_statement(line)]
        if 3 * len(code) >= 2 * len(block.lines):
            found.update(code)
    return found


def _is_statement(line: str) -> bool:
    """Whether ``line`` (backticks a pass may have added removed) reads as one Python
    statement, or the head of one ("def f(self):", "@property"), with code's punctuation."""
    bare = line.replace("`", "").strip()
    if not bare or not (_CODE_MARK.search(bare) or _KEYWORD_START.match(bare)) or \
            bare.endswith((".", "。")) and " " in bare:
        return False
    if re.fullmatch(r"@[A-Za-z_][\w.]*(?:\(.*\))?", bare):
        return True
    candidate = f"{bare}\n    pass" if bare.endswith(":") else bare
    try:
        ast.parse(candidate)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


_CONFIG_LINE = re.compile(r"^\s*\[[\w.\-]+\]\s+`?[\w.\-]+`?\s*=|"
                          r"(?:`?[\w.\-]+`?\s*=\s*(?:\"[^\"]*\"|'[^']*'|\[|\d)[^=]*){3,}")
"""A configuration file pasted as a prose line: a table header with its first key
("[tool.poetry] name = ...") or three ``key = value`` settings in one line, outside its
code spans (a sentence may name settings as code)."""
_BADGE = re.compile(r"^!\[|img\.shields\.io|badge|pepy\.tech|codecov\.io", re.IGNORECASE)
_NAME_LIST = re.compile(
    r"(?:[-*+]\s+)?`[^`]+`(?:\s*(?:,|、|，|and|和|;|:|：|—|–|-|->|=>|→)\s*`[^`]+`)+\s*[.。]?")
"""Code spans and separators only: "`A`, `B` and `C`", "`JobQueue`: `JobQueue`"."""
_TERMINAL = tuple(".!?。！？)）\"'”」*_|")
"""How a finished line may end: not a colon, which announces what never came ("Output:")."""


def _finding(rule: str, message: str, *, path: str, line: int | None, text: str,
             hint: str, kind: str = "quality") -> Finding:
    return Finding(rule=rule, message=message, path=path, line=line, text=text, hint=hint,
                   kind=kind)


def repetitions(text: str | Document, *, path: str, near_duplicate: float = _NEAR_DUPLICATE,
                restated_share: float = _RESTATED_SHARE, min_words: int = _MIN_REPEAT_WORDS
                ) -> list[Finding]:
    """Later copies of a sentence said before, word for word or nearly (small models loop),
    or reworded: a sentence whose content words an earlier one nearly all said ("`X`
    provides methods for reading input" after "`X` is a class that provides methods to
    read input from ..."); and list items or sentences that repeat one frame with a word
    swapped ("may not be efficient / scalable for large jobs": :mod:`pse.text.frames`)."""
    seen: list[tuple[str, frozenset[str], frozenset[str], frozenset[str]]] = []
    findings = []
    for number, sentence in sentences(text):
        key = normalized(sentence)
        words = frozenset(key.split()) if " " in key else frozenset(_bigrams(key))
        if count_words(key) < min_words:
            continue  # short lines may repeat legitimately
        content = frozenset(content_words(sentence))
        codes = _code_names(sentence)
        if any(key == k or (_named_in(codes, said) and (
                _jaccard(words, w) >= near_duplicate
                or _restates(content, c, share=restated_share)))
               for k, w, c, said in seen):
            findings.append(_finding("repetition", "this sentence repeats an earlier one",
                                     path=path, line=number, text=sentence,
                                     hint="delete the repetition or say something new"))
        else:
            seen.append((key, words, content, _code_names(sentence)))
    flagged = {f.line for f in findings}
    findings.extend(_finding("repetition", "this sentence says the same words twice", path=path,
                             line=number, text=sentence,
                             hint="say it once: delete the repeated part")
                    for number, sentence in sentences(text)
                    if number not in flagged and _loops(sentence))
    flagged = {f.line for f in findings}
    findings.extend(_finding("repetition", "the same sentence, said again and again in a row",
                             path=path, line=number, text=run,
                             hint="say it once: delete the copies")
                    for number, run in _repeated_runs(text) if number not in flagged)
    flagged = {f.line for f in findings}
    findings.extend(_finding("repetition", "this sentence restates the paragraph before it",
                             path=path, line=number, text=sentence,
                             hint="delete it or say something the paragraph did not")
                    for number, sentence in _restated_paragraphs(text, share=restated_share)
                    if number not in flagged)
    flagged = {f.line for f in findings}
    findings.extend(_finding("repetition", f"this repeats the frame of \"{_short(r.earlier)}\" "
                             "with a word or two swapped", path=path, line=r.line, text=r.text,
                             hint="say it once, or give each item something of its own")
                    for r in frame_repeats(text) if r.line not in flagged)
    return sorted(findings, key=lambda f: f.line or 0)


def _repeated_runs(text: str | Document) -> Iterator[tuple[int, str]]:
    """Copies of a sentence that follow it on its own line, as one piece of that line
    ("它有哪些问题？" a hundred times over, a small model looping), or as the next
    paragraph ("例如，`3 hours ago`。" five paragraphs in a row): however short the
    sentence, prose never says it twice in a row. (List items may: "- yes" answers.)"""
    document = read(text)
    before = None
    for block in document.blocks:
        if block.kind == "paragraph" and before is not None and before.kind == block.kind \
                and normalized(block.text) == normalized(before.text) \
                and _WORD.search(block.text):
            yield block.line, block.text
        before = block
    for number, line in document.prose_lines():
        bounds = sentence_bounds(line)
        start = 0
        while start < len(bounds):
            first = line[bounds[start][0]:bounds[start][1]].strip()
            end = start + 1
            while end < len(bounds) and \
                    line[bounds[end][0]:bounds[end][1]].strip() == first:
                end += 1
            if end - start > 1 and _WORD.search(first):
                yield number, line[bounds[start + 1][0]:bounds[end - 1][1]]
            start = end


_LOOP_WORDS = 7
"""Words in a row (a code span is one) that, said twice in one sentence, make it a loop
("This entry point is the entry point of the project, which is the entry point of the
project"); parallel clauses people write share fewer ("in a way similar to `a`, or ...
in a way similar to `b`")."""
_LOOP_CJK = 10
"""The same for Chinese, in characters."""
_LOOP_TOKEN = re.compile(r"`[^`\n]+`|[\u4e00-\u9fff]|[^\W_]+")
_LINK_TARGET = re.compile(r"\]\([^)]*\)|<?https?://\S+")


def _loops(sentence: str) -> bool:
    """Whether a sentence repeats a run of words within itself (a small model looping)."""
    plain = _LINK_TARGET.sub(" ", sentence)  # URLs repeat by nature
    tokens = [t.lower() for t in _LOOP_TOKEN.findall(plain)]
    size = _LOOP_CJK if sum(len(t) == 1 and t >= "\u4e00" for t in tokens) * 2 > len(tokens) \
        else _LOOP_WORDS
    runs = [tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1)]
    seen: dict[tuple[str, ...], int] = {}
    for position, run in enumerate(runs):
        if run in seen and position - seen[run] >= size:  # two copies that do not overlap
            return True
        seen.setdefault(run, position)
    return False


def _code_names(sentence: str) -> frozenset[str]:
    """The code a sentence names, lower-cased, without call parentheses."""
    return frozenset(code.lower().removesuffix("()") for code in CODE_SPAN.findall(sentence))


def _named_in(codes: frozenset[str], earlier: frozenset[str]) -> bool:
    """Whether every code name of a sentence is one an earlier sentence named, itself or
    qualified (`submit` after `JobQueue.submit`): `Job` is not `JobFactory`."""
    return all(any(e == c or e.endswith("." + c) for e in earlier) for c in codes)


_RETOLD_SHARE = 0.6
"""Share of the paragraph's content words a sentence must say again to retell it: a
sentence that only reuses a paragraph's vocabulary ("the queue runs each job") says one
thing of it, not all of it again."""


def _restated_paragraphs(text: str | Document, *, share: float) -> list[tuple[int, str]]:
    """Sentences whose content words the paragraph before, taken together, nearly all said,
    and that say most of what it said (and name no code it did not): a small model's
    paragraph that says its predecessor again as one long sentence ("The solution does not
    provide ..., it does not handle ..., and it does not provide ..." after those three
    sentences). Only plain paragraphs of one section are compared: a list or a new
    section starts afresh."""
    found: list[tuple[int, str]] = []
    before: tuple[frozenset[str], frozenset[str], int | None] | None = None
    for _, block in read(text).prose():
        if block.kind != "paragraph" or block.label:
            before = None
            continue
        words: set[str] = set()
        codes: set[str] = set()
        for number, line in block.lines:
            for start, end in sentence_bounds(line):
                sentence = line[start:end].strip()
                content = frozenset(content_words(sentence))
                named = {code.lower() for code in CODE_SPAN.findall(sentence)}
                if before is not None and before[2] == block.heading and \
                        named <= before[1] and _restates(content, before[0], share=share) \
                        and len(content & before[0]) >= _RETOLD_SHARE * len(before[0]):
                    found.append((number, sentence))
                words |= content
                codes |= named
        before = (frozenset(words), frozenset(codes), block.heading)
    return found


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _restates(later: frozenset[str], earlier: frozenset[str], *,
              share: float = _RESTATED_SHARE) -> bool:
    """Whether ``later`` (content words of a sentence) says little ``earlier`` did not."""
    if len(later) < _MIN_RESTATED_WORDS:
        return False
    return len(later & earlier) / len(later) >= share


def repeated_share(text: str) -> float:
    """The share of prose sentences that repeat an earlier one."""
    total = len(sentences(text))
    return len(repetitions(text, path="")) / total if total else 0.0


def _bigrams(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(len(text) - 1)]


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def prompt_copies(text: str, prompts: Iterable[str], *, path: str) -> list[Finding]:
    """Lines (code blocks included) that copy a run of words from the prompts."""
    shingles = {s for prompt in prompts for s in _shingles(normalized(prompt))}
    findings = []
    for number, line in enumerate(text.split("\n"), start=1):
        if any(s in shingles for s in _shingles(normalized(line))):
            findings.append(_finding("prompt-copy", "this line copies the instructions",
                                     path=path, line=number, text=line.strip(),
                                     hint="delete it: the article is not the prompt",
                                     kind="leak"))
    return findings


def _shingles(key: str) -> set[str]:
    words = key.split()
    if len(words) >= _SHINGLE:
        return {" ".join(words[i:i + _SHINGLE]) for i in range(len(words) - _SHINGLE + 1)}
    compact = key.replace(" ", "")
    size = 2 * _SHINGLE
    if re.search(r"[\u4e00-\u9fff]", compact) and len(compact) >= size:
        return {compact[i:i + size] for i in range(len(compact) - size + 1)}
    return set()


def code_share(text: str) -> float:
    """The share of the article's words that sit in code blocks."""
    total = count_words(text)
    return sum(count_words(b.body) for b in code_blocks(text)) / total if total else 0.0


def code_problems(text: str, *, path: str, max_share: float = 0.5) -> list[Finding]:
    """A repeated code block (the later copies), a block that shows no code (nothing, a
    definition's first line alone, a bare name of the text's code, a sentence, a cut
    piece of a docstring), or an article that is mostly code."""
    findings = []
    seen: set[str] = set()
    spans = {span.strip("`").removesuffix("()") for span in CODE_SPAN.findall(text)}
    for block in code_blocks(text):
        key = normalized(block.body)
        if _stub(block, spans):
            findings.append(_finding("code-stub", "this code block shows no code: "
                                     "nothing, a definition's first line alone, a bare "
                                     "name, a sentence or a cut piece of a docstring",
                                     path=path, line=block.line,
                                     text=block.fence.strip(),
                                     hint="delete it, or show the code that does the work"))
        elif key and key in seen:
            findings.append(_finding("code-repeated", "this code block repeats an earlier one",
                                     path=path, line=block.line, text=block.fence.strip(),
                                     hint="delete the copy"))
        seen.add(key)
    share = code_share(text)
    if share > max_share:
        findings.append(_finding(
            "code-heavy", f"{share:.0%} of the article is code", path=path, line=None,
            text="code blocks", hint="explain the code in prose; keep short excerpts"))
    return findings


_HEAD_ONLY = re.compile(r"\s*(?:@[\w.]+(?:\(.*\))?|(?:async\s+)?def\s+\w+\s*\(.*\)\s*"
                        r"(?:->.*)?:|class\s+\w+\s*(?:\(.*\))?\s*:)\s*")
"""A definition's first line (or its decorator), which opens a body it does not show."""
_BARE_NAME = re.compile(r"\s*[A-Za-z_][\w.]*\s*")


def _stub(block: Block, names: Iterable[str]) -> bool:
    """Whether a closed Python (or unlabelled) code block shows no code: it holds
    nothing, only Markdown headings pasted inside ("### What x is for"), only the head of a
    definition (``class lrucache(object):``), or only a name
    the text writes as code elsewhere (``lrucache``; a shell command, ``pytest``, in an
    unlabelled block is left alone unless the text names it as code too)."""
    info = block.fence.strip().lstrip("`~").strip().lower()
    if not block.closed or info not in ("", "python", "py", "python3"):
        return False
    lines = [line for line in block.body.split("\n") if line.strip()]
    if not lines:
        return True
    if all(_HEAD_ONLY.fullmatch(line) for line in lines):
        return True
    if all(re.match(r"\s*#{2,6}\s+\S", line) for line in lines):
        return True  # Markdown headings pasted inside ("### What x is for"): no code
    if _not_code(block.body, lines):
        return True
    return len(lines) == 1 and _BARE_NAME.fullmatch(lines[0]) is not None and \
        lines[0].strip() in set(names)


_PROSE_LINE = re.compile(r"\s*[A-Z\u4e00-\u9fff][^=(){}\[\]<>$#|`;]*[.。]\s*")
"""A sentence: a capital (or a Chinese character) first, a full stop last, nothing of
code between ("Easy to use retry decorator.")."""
_DOCSTRING_FIELD = re.compile(r"\s*(?::(?:param|type|returns?|rtype|raises?|keyword)\b.*"
                              r"|\"{3}|'{3})\s*")


def _not_code(body: str, lines: list[str]) -> bool:
    """Whether a block that does not parse as Python is prose or a cut piece of a
    docstring: every line a sentence, or most of them docstring fields and quotes (the
    prompt's excerpt of a docstring pasted as a block)."""
    try:
        ast.parse(textwrap.dedent(body))
    except (SyntaxError, ValueError):
        pass
    else:
        return False
    if all(_PROSE_LINE.fullmatch(line) and len(line.split()) >= 3 for line in lines):
        return True
    fields = sum(bool(_DOCSTRING_FIELD.fullmatch(line)) for line in lines)
    return 2 * fields >= len(lines) and lines[-1].strip() in {'"""', "'''"}


_SECTION_LEVEL = 2
"""Headings of this level or above title the article and its sections."""


def _repeated_headings(text: str) -> Iterator[tuple[int, str]]:
    """Headings that say again the title of the article or of a section above them ("###
    What x is for" after "## What x is for", "## Problem-driven: x" after the title): the
    outline pasted into a section. A subheading each section may have ("### Example") is
    no repeat."""
    titles: dict[str, int] = {}
    lines = text.split("\n")
    for heading in (b for b in parse_markdown(text).blocks if b.kind == "heading"):
        key, level = normalized(heading.text), heading.level
        earlier = titles.get(key)
        if key and earlier is not None and (earlier < level or level <= _SECTION_LEVEL):
            yield heading.line, lines[heading.line - 1]
        if level <= _SECTION_LEVEL:
            titles.setdefault(key, level)


def residue(text: str, *, path: str) -> list[Finding]:
    """Headings that are the outline's or the prompt's, not the article's."""
    findings = []
    for number, line in prose_lines(text):
        if _RESIDUE.match(line) or _MARKUP_RESIDUE.match(line):
            findings.append(_finding("outline-residue", "an outline or prompt heading",
                                     path=path, line=number, text=line.strip(),
                                     hint="delete the heading", kind="leak"))
    findings.extend(_finding("outline-residue", "a heading said again: the outline or the "
                             "article's title pasted into a section", path=path, line=number,
                             text=line.strip(), kind="leak", hint="delete the heading")
                    for number, line in _repeated_headings(text))
    findings.extend(_finding("outline-residue", "a list marker with nothing after it (an rst "
                             "enumerator pasted from the project's docs)", path=path,
                             line=number, text=line.strip(), kind="leak", hint="delete it")
                    for number, line in prose_lines(text) if LIST_MARKER.match(line))
    findings.extend(_finding("outline-residue", "a row of links or badges pasted from the "
                             "project's README", path=path, line=number, text=line.strip(),
                             kind="leak", hint="delete it")
                    for number, line in prose_lines(text) if _is_link_row(line))
    pasted = _code_paragraph_lines(text)
    findings.extend(_finding("outline-residue", "a line of code pasted as prose, outside a "
                             "code block", path=path, line=number, text=line.strip(),
                             kind="leak", hint="delete it, or put the code in a fenced block")
                    for number, line in prose_lines(text)
                    if _DEFINITION_LINE.match(line) or number in pasted)
    findings.extend(_finding("outline-residue", "a configuration file pasted as prose",
                             path=path, line=number, text=_short(line.strip()),
                             kind="leak", hint="delete it, or say in a sentence what it sets")
                    for number, line in prose_lines(text)
                    if _CONFIG_LINE.search(CODE_SPAN.sub(" ", line)))
    findings.extend(_finding("outline-residue", "the prompt's code facts, pasted", path=path,
                             line=number, text=line.strip(), kind="leak",
                             hint="delete it, or say in a sentence what it means")
                    for number, line in prose_lines(text) if _FACTS_RESIDUE.search(line))
    flagged = {f.line for f in findings}
    findings.extend(_finding("outline-residue", "a list item with nothing but its label: "
                             "what it said was deleted, or never written", path=path,
                             line=number, text=line, kind="leak",
                             hint="delete it, or say what the label names")
                    for number, line in _bare_labels(text) if number not in flagged)
    headings = _heading_texts(text)
    for number, sentence in sentences(text):
        if _quotes_a_heading(sentence, headings):
            findings.append(_finding("outline-residue", "the prompt's line naming the section, "
                                     "pasted", path=path, line=number, text=sentence.strip(),
                                     hint="delete it", kind="leak"))
        elif _PROMPT_TALK.search(sentence):
            findings.append(_finding("outline-residue", "this sentence talks about the "
                                     "prompt's excerpts, which the reader never saw", path=path,
                                     line=number, text=sentence.strip(),
                                     hint="delete it: say what the code does", kind="leak"))
        elif _NAME_LIST.fullmatch(sentence.strip()):  # the prompt's focus list, pasted
            findings.append(_finding("outline-residue", "a bare list of code names, not a "
                                     "sentence", path=path, line=number, text=sentence,
                                     hint="delete it or say what these names do",
                                     kind="leak"))
    findings.extend(_finding("outline-residue", "the prompt's heading of a source excerpt",
                             path=path, line=number, text=line.strip(),
                             hint="delete it and the excerpt it heads: the reader never saw "
                                  "the prompt", kind="leak")
                    for number, line in enumerate(text.split("\n"), 1)
                    if EXCERPT_HEADER.match(line))
    listed = [(number, line) for number, line in prose_lines(text)
              if _EXCERPT_ITEM.match(line)]
    findings.extend(_finding("outline-residue", "the prompt's list of source excerpts, "
                             "pasted with a gloss", path=path, line=number, text=line.strip(),
                             hint="delete the list: the reader never saw the prompt",
                             kind="leak")
                    for number, line in (listed if len(listed) >= _EXCERPT_ITEMS else ()))
    findings.extend(_finding("outline-residue", "a heading's words as a paragraph of their "
                             "own", path=path, line=line, text=paragraph, hint="delete it",
                             kind="leak") for line, paragraph in _echoed_headings(text))
    return sorted(findings, key=lambda f: f.line or 0)


_EXCERPT_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+`?[^\s`]+`? \(lines \d+-\d+\)\s*"
                           r"(?:[:：—–-]|$)")
"""A list item that opens with an excerpt's heading ("- `pylru.py` (lines 392-451): the
implementation of ..."): the prompt's excerpts listed, each glossed."""
_EXCERPT_ITEMS = 2
"""So many such items make a pasted list; one alone may be a citation."""


def _bare_labels(text: str) -> Iterator[tuple[int, str]]:
    """List items that hold a bold label and nothing else ("2. **Default Time Settings**."),
    with no item or block of their own under them: a label that heads a nested list
    ("- **Parameters**:" then its items) is no residue."""
    document = parse_markdown(text)
    owners = {b.parent for b in document.blocks if b.parent is not None}
    lines = text.split("\n")
    for number, block in enumerate(document.blocks):
        if block.kind == "item" and number not in owners and block.line == block.end and \
                _BARE_LABEL.fullmatch(block.text):
            yield block.line, lines[block.line - 1].strip()


_BARE_LABEL = re.compile(r"\s*(\*\*|__)\s*[^\W\d_][^\n.!?。！？*_]{0,40}?[:：]?\1"
                         r"\s*[.:：。;；]?\s*")
"""A bold label of a few words alone ("**Default Time Settings**."), no bold sentence."""


def _heading_texts(text: str) -> frozenset[str]:
    return frozenset(b.text.strip() for b in parse_markdown(text).blocks if b.kind == "heading")


_QUOTED_HEADING = re.compile(r"[\"“'](?P<marks>#{1,6})\s+(?P<title>[^\"”'\n]+?)\s*[\"”']")


def _quotes_a_heading(sentence: str, headings: frozenset[str]) -> bool:
    """'This section: "## `f` in `a.py`"': the prompt's line naming the section, with the
    heading's own Markdown, written again as text."""
    return any(m["title"] in headings for m in _QUOTED_HEADING.finditer(sentence))


_ECHO_WORDS = 4
"""At most this many words make a paragraph that only echoes a heading ("Design
decisions." closing an article titled "Design decisions: tinyqueue")."""
_WORD = re.compile(r"[^\W_]+")
_PLAIN_WORDS = re.compile(r"[^\W\d_][\w '’:：-]*[.!。！]?")
"""Words only, as a sentence or a title writes them ("Problem-driven: x"; no code, link or
markup such as a label)."""


def _echoed_headings(text: str) -> list[tuple[int, str]]:
    """Paragraphs of a few words, every one of them a word of one heading: the style's
    name or a section title written again as the text (a small model's sign-off)."""
    document = parse_markdown(text)
    headings = [frozenset(_WORD.findall(b.text.lower())) for b in document.blocks
                if b.kind == "heading"]
    found = []
    for block in document.blocks:
        words = set(_WORD.findall(block.text.lower())) if block.kind == "paragraph" else set()
        if block.kind == "paragraph" and _PLAIN_WORDS.fullmatch(block.text.strip()) and \
                0 < len(_WORD.findall(block.text)) <= _ECHO_WORDS and \
                any(words <= heading for heading in headings):
            found.append((block.line, block.text.strip()))
    return found


_EMPTY_ITEM = re.compile(r"(?:\d+[.)]|[-*+])(?:\s+\**)?")


_ABBREVIATION_END = re.compile(r"\b(?:e\.g|i\.e|cf|vs|etc\.\s*\(|z\.B)\.$", re.IGNORECASE)
"""A last line ending "(e.g." is cut at the token cap, though it ends in a full stop."""


def cut_off_end(text: str, *, path: str) -> list[Finding]:
    """An open code fence, an open backtick or an unfinished last sentence."""
    blocks = code_blocks(text)
    if blocks and not blocks[-1].closed:
        return [_finding("cut-off", "the text ends inside an open code block", path=path,
                         line=blocks[-1].line, text=blocks[-1].fence.strip(),
                         hint="close or delete the block")]
    last = [(n, line) for n, line in prose_lines(text) if line.strip()]
    if not last:
        return []
    number, line = last[-1]
    if number < _last_line_number(text):
        return []  # it ends with a closed code block, which the lead-in announced
    stripped = line.strip()
    if _EMPTY_ITEM.fullmatch(stripped):  # "4." with nothing after it: cut at the cap
        return [_finding("cut-off", "the text ends in an empty list item", path=path,
                         line=number, text=stripped, hint="finish the item or delete it")]
    if stripped.startswith(("#", "|")) or re.fullmatch(r"(?:[-*+]|\d+[.)])\s.*", stripped) \
            and stripped.count("`") % 2 == 0:
        return []  # a heading, a table row or a list item need no full stop
    unlinked = re.sub(r"\]\([^()\s]*\)$", "]", stripped)  # a link's ")" ends no sentence
    if stripped.count("`") % 2 or not unlinked.endswith(_TERMINAL) or \
            _ABBREVIATION_END.search(stripped) or stripped.count("(") > stripped.count(")"):
        bounds = sentence_bounds(stripped)
        tail = stripped[bounds[-1][0]:].strip() if bounds else stripped
        return [_finding("cut-off", "the text ends mid-sentence", path=path, line=number,
                         text=tail, hint="finish the sentence or delete it")]
    return []


def _last_line_number(text: str) -> int:
    """The 1-based number of the last line that is not blank (0 for a blank text)."""
    lines = text.split("\n")
    return next((n for n in range(len(lines), 0, -1) if lines[n - 1].strip()), 0)


def experience_claims(text: str, patterns: Sequence[str], sources: str, *,
                      path: str) -> list[Finding]:
    """First-person incidents (outages, pages, traffic peaks) the sources never mention."""
    findings = []
    lowered_sources = sources.lower()
    for number, line in prose_lines(text):
        for pattern in patterns:
            match = re.search(pattern, line, flags=re.IGNORECASE)
            if match and match.group(0).lower() not in lowered_sources:
                findings.append(_finding(
                    "invented-experience", "an incident told as the author's own story; the "
                    "sources hold no such event", path=path, line=number, text=match.group(0),
                    hint="delete it: describe what the code does, not an invented event"))
                break
    return findings


def _in_another_language(text: str, lang: str) -> bool:
    """Whether the prose of ``text`` as a whole is not in ``lang`` (by script)."""
    share = cjk_share(text)
    wrong = (lang == "zh" and share < 0.5) or (lang == "en" and share > 0.1)
    return wrong and count_words(text) >= 20


def language_problems(text: str, *, lang: str, path: str) -> list[Finding]:
    """A text whose prose is not in ``lang`` (by script)."""
    if not _in_another_language(text, lang):
        return []
    share = cjk_share(text)
    return [_finding("wrong-language", f"the text is not in {lang!r} ({share:.0%} CJK)",
                     path=path, line=None, text=lang, hint=f"write the text in {lang}",
                     kind="translation")]


_ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
"""A word of letters (not a number or a version): what an English passage is made of."""
_NOT_WORDS = re.compile(r"`[^`\n]*`|!?\[[^\]\n]*\]\([^)\n]*\)|https?://\S+|<[^>\n]+>")
_PASSAGE_WORDS = 12
"""Words a line must have to be a passage in the other language, not a name or a term."""


def untranslated_passages(text: str, *, lang: str, path: str) -> list[Finding]:
    """Each prose line of a Chinese text written in English, twelve words or more outside
    code and links: a README paragraph pasted untranslated ("Versions of `ShortUUID` prior
    to 1.0.0 generated UUIDs with their MSB last ..." in a Chinese article). (In an English
    text, a tenth of its words in Chinese already makes the whole text `wrong-language`.)"""
    if lang != "zh" or _in_another_language(text, lang):
        return []  # a whole text in the other language is `wrong-language`, not stripped
    findings = []
    for number, line in prose_lines(text):
        if re.match(r"^\s{0,3}#|^\s*\|", line):
            continue  # a heading names code; a table row is read with its header
        words = _NOT_WORDS.sub(" ", line)
        if len(_ENGLISH_WORD.findall(words)) >= _PASSAGE_WORDS and not CJK.search(words):
            findings.append(_finding(
                "untranslated-passage", f"a passage not in {lang!r}, pasted untranslated",
                path=path, line=number, text=LIST_ITEM.sub("", line).strip(),
                hint=f"write it in {lang}, or delete it"))
    return findings


def structure_changes(original: str, translated: str, *, path: str) -> list[Finding]:
    """A translation must keep the original's headings and code blocks, one for one."""
    def shape(text: str) -> tuple[int, int]:
        headings = sum(1 for _, line in prose_lines(text) if re.match(r"^\s{0,3}#{1,6}\s", line))
        return headings, len(code_blocks(text))
    before, after = shape(original), shape(translated)
    if before == after:
        return []
    return [_finding("translation-structure",
                     f"the original has {before[0]} headings and {before[1]} code blocks, the "
                     f"translation {after[0]} and {after[1]}", path=path, line=None,
                     text="structure", hint="translate every heading and keep every code block",
                     kind="translation")]
