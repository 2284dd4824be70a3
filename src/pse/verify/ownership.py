"""Who owns a name? Evidence read from the words around it and from its document.

The default mode flags an unresolved name only when the text means it as the project's
code. Besides the name's own shape (see :mod:`pse.verify.intent`), writers leave
evidence in the prose, and real models leave it as often as maintainers do:

- for the project: the document is about it (its title names the project), the
  sentence names the project or says "in this module/package/library", or a kind noun
  presents the name as code (``the `shard()` function``, ``the `Encoder` class``);
- for another owner: a possessive of another name (``Uvicorn's `ProxyHeadersMiddleware```),
  a link to another project around the name, the reader's own hypothetical code ("if you
  write a `http_get` function"), or an example of the same document that imports another
  (non-standard-library) package.

Each piece of evidence is a named :class:`Signal` with a weight, so a verdict can say
which evidence decided it. Pure functions over strings; nothing here reads the index.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass

_WINDOW = 300
"""At most this many characters either side of a name are read as its sentence."""
_KIND_WORDS = (r"class|method|function|decorator|exception|error|attribute|property|"
               r"constant|sentinel|coroutine|module|package|subclass|classmethod|staticmethod|"
               r"helper")
_KIND_AFTER = re.compile(rf"^`?\)?`?\s*(?:{_KIND_WORDS})\b|^`?\s*(?:类|方法|函数|装饰器|异常|"
                         r"属性|模块|常量)", re.IGNORECASE)
_KIND_BEFORE = re.compile(rf"\b(?:{_KIND_WORDS})\s+(?:called\s+|named\s+)?`?$|(?:类|方法|函数|"
                          r"装饰器|模块)\s*`?$", re.IGNORECASE)
_THIS_PROJECT = re.compile(r"\b(?:this|the same|our)\s+(?:module|package|library|framework|"
                           r"api|project)\b|(?:该|这个|本|此)(?:模块|库|包|框架)",
                           re.IGNORECASE)
_READERS = re.compile(r"\b(?:you|we|I)\s+(?:\w+\s+){0,2}?(?:write|define|create|implement|"
                      r"add|make|have|call)\s+(?:a|an|the|your|some)?\s*`*$|"
                      r"\byour\s+(?:own\s+)?`*$", re.IGNORECASE)
"""A hypothetical of the reader's: "if you write a `http_get` function", "your `app`"."""
_INDEFINITE = re.compile(r"\b(?:a|an|any|some|your)\s+`*$", re.IGNORECASE)
_OPEN_QUOTES = ('"', "“", "「")
_CLOSE_QUOTES = ('"', "”", "」")
_FOREIGN_BEFORE = re.compile(r"\b(?:standard|stdlib|built-?in|third-party|Windows|POSIX|"
                             r"Linux|macOS|libc|kernel)\s+`*$", re.IGNORECASE)
_FOREIGN_AFTER = re.compile(r"^`*(?:\(\))?`*\s+(?:system\s+call|syscall)", re.IGNORECASE)
"""The operating system's or the standard library's: "the Windows `CreateProcess()` system
call", "the standard `doctests` module"."""
_PATTERN_WORDS = re.compile(r"\b(?:end(?:s|ing)?\s+(?:in|with)|start(?:s|ing)?\s+with|"
                            r"(?:pre|suf)fix(?:ed)?(?:\s+(?:with|by))?)\s+`*$", re.IGNORECASE)
"""A pattern of names, not a name: "functions that end in `_test`"."""
_VALUE_BEFORE = re.compile(r"\b(?:returns?|returning|raises?|set\s+to|defaults?\s+to|"
                           r"equals?)\s+`*$|(?:返回|设置为|设为|默认为|等于)\s*`*$",
                           re.IGNORECASE)
"""Words that present what follows as a value the code returns or takes."""
_SPAN = re.compile(r"(`+)([^`]+?)\1")
_POSSESSIVE = re.compile(r"\b([A-Za-z][\w.-]*)['’]s\s+`?$")
_LINK = re.compile(r"\]\((?P<url>https?://[^)\s]+)\)")
_RST_LINK = re.compile(r"<(?P<url>https?://[^>\s]+)>`__?")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_STDLIB = frozenset(sys.stdlib_module_names)


@dataclass(frozen=True)
class Signal:
    """One piece of evidence about who owns a name."""

    name: str
    """What the evidence is (``kind noun``, ``another owner's possessive``...)."""
    weight: int
    """Positive for the project, negative for another owner."""
    detail: str = ""
    """The words that carry it, for the message."""
    direct: bool = True
    """Whether it is about the name itself (its shape, the words presenting it), not
    only about the text around it (the title, the project named in the sentence): a
    project's own docs name the project everywhere, so that alone marks no word."""

    def describe(self) -> str:
        """``name ('detail')``, as a verdict's message lists it."""
        return f"{self.name} ({self.detail})" if self.detail else self.name


def document_signals(*, title: str, imported_tops: Iterable[str],
                     project: frozenset[str]) -> tuple[Signal, ...]:
    """Evidence of a whole document: its title naming the project, imports of others."""
    found: list[Signal] = []
    words = {word.lower() for word in _WORD.findall(title)}
    named = sorted(words & project)
    if named:
        found.append(Signal("the document is about the project", 1, f"title names {named[0]}",
                            direct=False))
    others = sorted(top for top in imported_tops
                    if top.lower() not in project and top not in _STDLIB)
    if others:
        found.append(Signal("the document imports another package", -1, others[0]))
    return tuple(found)


def sentence_signals(*, text: str, context: str, project: frozenset[str]
                     ) -> tuple[Signal, ...]:
    """Evidence in the words around ``text`` (a span of ``context``, the paragraph)."""
    at = context.find(f"`{text}")
    if at < 0:
        return ()
    before = context[max(0, at - _WINDOW):at + 1]
    after = context[at + len(text) + 1:at + len(text) + 1 + _WINDOW]
    before = re.split(r"[.!?。！？]\s", before)[-1]
    after = re.split(r"[.!?。！？](?:\s|$)", after)[0]
    found = _presenting_signals(before, after)
    if example := _used_by_inline_example(text, context):
        found.append(Signal("a variable of an example in the text", -3, example[:40]))
    if _is_quoted(before, after):
        found.append(Signal("a phrase quoted as an example", -2))
    return tuple(found + _owner_signals(before, after, project=project))


def value_signals(*, text: str, context: str) -> tuple[Signal, ...]:
    """"returns `DEFAULT`", "则返回 `EMPTY`": the sentence presents the name as a value of
    the code (for an all-capitals word, the mark of a constant, not of an acronym)."""
    at = context.find(f"`{text}")
    if at < 0:
        return ()
    before = re.split(r"[.!?。！？，,;；]\s*", context[max(0, at - _WINDOW):at + 1])[-1]
    match = _VALUE_BEFORE.search(before)
    return (Signal("presented as a value of the code", 1, match.group(0).strip("` ")),) \
        if match else ()


def _presenting_signals(before: str, after: str) -> list[Signal]:
    """How the words right around the name present it: as code, as the reader's, as a
    pattern or as the system's."""
    found: list[Signal] = []
    kind = _KIND_AFTER.search(after) or _KIND_BEFORE.search(before)
    indefinite = _INDEFINITE.search(before)
    if kind and indefinite:
        found.append(Signal("the reader's own code", -2, "an indefinite 'a ... "
                            f"{kind.group(0).strip('` ')}'"))  # "write a `Plugin` class"
    elif kind:
        found.append(Signal("a kind noun presents it as code", 1, kind.group(0).strip("` ")))
    elif indefinite:
        found.append(Signal("an indefinite mention", -1, "a ..."))  # "backed by a `x`"
    if (foreign := _FOREIGN_BEFORE.search(before)) or (foreign := _FOREIGN_AFTER.search(after)):
        found.append(Signal("another owner's (the system's, the standard library's)", -3,
                            foreign.group(0).strip("`() ")))
    if pattern := _PATTERN_WORDS.search(before):
        found.append(Signal("a pattern of names, not a name", -3, pattern.group(0).strip("` ")))
    if reader := _READERS.search(before):
        found.append(Signal("the reader's own code", -2, reader.group(0).strip("` ")))
    return found


def _owner_signals(before: str, after: str, *, project: frozenset[str]) -> list[Signal]:
    """Whose the sentence says the name is: this project's or another's."""
    found: list[Signal] = []
    near = before + " " + after
    if match := _THIS_PROJECT.search(near):
        found.append(Signal("the sentence says it is this project's", 1, match.group(0)))
    named = sorted({w.lower() for w in _WORD.findall(near)} & project)
    if named:
        found.append(Signal("the sentence names the project", 1, named[0], direct=False))
    possessive = _POSSESSIVE.search(before)
    if possessive and possessive.group(1).lower() not in project:
        found.append(Signal("attributed to another owner", -3, f"{possessive.group(1)}'s"))
    links = [m.group("url") for pattern in (_LINK, _RST_LINK) for m in pattern.finditer(near)]
    foreign = [url for url in links if not any(word in url.lower() for word in project)]
    if foreign:
        found.append(Signal("a link to another project", -3, foreign[0][:60]))
    return found


def _used_by_inline_example(text: str, context: str) -> str:
    """The inline example of the paragraph that uses ``text`` as one of its names
    (``["cp", source_file, dest_file]`` for ``source_file``), "" if none."""
    if not re.fullmatch(r"[A-Za-z_]\w*", text):
        return ""
    word = re.compile(rf"(?<![\w.]){re.escape(text)}(?![\w(])")
    for match in _SPAN.finditer(context):
        span = match.group(2).strip()
        is_code = bool(re.search(r"[(\[{=,]", span)) and "://" not in span  # not a link
        if span != text and is_code and word.search(span):
            return span
    return ""


def _is_quoted(before: str, after: str) -> bool:
    """Whether the name sits inside a quoted phrase of the sentence ("the `X` class"):
    a phrase mentioned as an example, not a statement about the code."""
    opened = sum(before.count(q) for q in _OPEN_QUOTES if q != '"') + before.count('"') % 2
    closes = any(q in after for q in _CLOSE_QUOTES)
    return opened > sum(before.count(q) for q in _CLOSE_QUOTES if q != '"') and closes


def weigh(signals: Iterable[Signal]) -> tuple[bool, str]:
    """(meant as the project's, the reason): the project's when the evidence for it
    outweighs the evidence against it by 2 or more and some of it is about the name
    itself."""
    ordered = sorted(signals, key=lambda s: (-s.weight, s.name))
    score = sum(s.weight for s in ordered)
    reasons = "; ".join(s.describe() for s in ordered)
    return score >= 2 and any(s.weight > 0 and s.direct for s in ordered), reasons
