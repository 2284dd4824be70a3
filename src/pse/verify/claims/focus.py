"""The modules a document is about, and what a bare name of it means there.

An article titled "The `markdown.blockprocessors` module" that says "`run` returns
`bool`" means its own module's ``run`` methods, not ``markdown.__main__.run``; a claim
about a bare name that several modules define is read as the definitions of the modules
the document names, where some of them are there. A document that names no module, or
only the whole package, reads every definition as before.

The focus is read from the document's title, its first heading: each code span there that
names a module of the tree (``markdown.blockprocessors``, ``blockprocessors.py``,
``markdown/util.py``), or, where it has none, a dotted module written as a plain word in
any case ("## Markdown.blockprocessors"). Modules named further down are what a document
about a whole package passes through, not what its bare names mean.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pse.index.model import Symbol
from pse.text import Document
from pse.text.spans import code_spans
from pse.verify.claims.names import Named, resolve_span
from pse.verify.resolve import Resolver

_MODULE_KINDS = frozenset({"module", "package"})


def document_focus(document: Document, resolver: Resolver) -> frozenset[str]:
    """The dotted modules of the tree its title's spans name (a file span: its module)."""
    title = next((b for b in document.blocks if b.kind == "heading"), None)
    if title is None:
        return frozenset()
    spans = (span.code for _, text in title.lines for span in code_spans(text))
    found: set[str] = set()
    for span in dict.fromkeys(spans):
        named = resolve_span(resolver, span)
        found.update(resolver.index.module_of(path) for path in named.paths
                     if path.endswith(".py"))
        found.update(s.qualname for s in named.symbols if s.kind in _MODULE_KINDS)
    found.discard("")
    if not found:  # "## Markdown.blockprocessors": a dotted module written as a plain word
        found.update(_written_modules(resolver, " ".join(text for _, text in title.lines)))
    return frozenset(found)


_DOTTED = re.compile(r"(?<![\w.`])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?![\w`])")


def _written_modules(resolver: Resolver, title: str) -> set[str]:
    """The modules of the tree a title writes as dotted words, without code spans and in
    any case ("Markdown.blockprocessors"): only a dotted name, so that a title naming a
    word ("Markdown") is not read as the package."""
    found: set[str] = set()
    for word in _DOTTED.findall(title):
        for candidate in (word, word.lower()):
            if any(s.kind in _MODULE_KINDS for s in resolver.index.by_qualname(candidate)):
                found.add(candidate)
                break
    return found


def in_focus(resolver: Resolver, subject: Named, focus: frozenset[str]) -> Named:
    """``subject`` narrowed to the definitions of the focus modules (and their
    submodules), when it is a bare name some of whose definitions, but not all, are
    there; a bare name read as definitions elsewhere (a module-level function first) is
    read as the focus modules' definitions of that name where they have some."""
    if not focus or not subject.name or "." in subject.name or not subject.symbols:
        return subject
    kept = tuple(s for s in subject.symbols if within_focus(resolver, s, focus))
    if not kept:
        kept = tuple(s for s in resolver.index.by_name(subject.name)
                     if s.kind != "parameter" and within_focus(resolver, s, focus))
    if not kept or kept == subject.symbols:
        return subject
    return replace(subject, symbols=kept)


def within_focus(resolver: Resolver, symbol: Symbol, focus: frozenset[str]) -> bool:
    """Whether ``symbol`` is defined in one of the focus modules or their submodules."""
    module = resolver.index.module_of(symbol.path)
    return any(module == f or module.startswith(f"{f}.") for f in focus)
