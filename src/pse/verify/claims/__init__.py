"""Structural claims: what the prose says about the code, checked against the index.

Every name in "`Group` subclasses `Context`" exists; the sentence is still false. This
package reads such sentences (:mod:`.prose` makes slots of the code spans,
:mod:`.grammar` reads relation frames over them, in English, Chinese and mixed text),
decides each relation from the symbol index (:mod:`.types`: inheritance, kinds,
location; :mod:`.code`: parameters, members, calls, raises) and reports it as a
reference of kind ``claim``: verified, unverified (false, with the true relation and,
where exact, a corrected sentence) or ignored (about code the tree cannot decide).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import replace

from pse.text import parse
from pse.verify.claims.focus import document_focus
from pse.verify.claims.grammar import read_claims
from pse.verify.claims.judge import judge
from pse.verify.claims.model import Claim
from pse.verify.claims.prose import Sentence, sentences
from pse.verify.claims.quoted import quoted_signature_claims
from pse.verify.claims.structure import structural_claims
from pse.verify.markdown import RST_MARKER, ignored_line_numbers
from pse.verify.memo import VerifyMemo
from pse.verify.refs import Reference, Resolution
from pse.verify.resolve import Resolver

Judged = list[tuple[Reference, Resolution]]


def check_claims(text: str, *, file: str, resolver: Resolver, rst: bool = False,
                 memo: VerifyMemo | None = None, strict: bool = False) -> Judged:
    """Every structural claim of one document with its verdict, in document order.

    Args:
        text: the document.
        file: its display path (the references' ``file``).
        resolver: the resolver of the source tree.
        rst: True for reStructuredText (else Markdown).
        memo: claims of sentences read before over the same tree (a sentence's claims
            and verdicts depend on nothing else of its document).
        strict: read indefinite noun phrases too ("a `decoder` class"): in generated
            text they are about the project, in docs mostly about the reader's code.
    """
    document = parse(text, rst=rst)
    found: Judged = []
    read = list(sentences(text, rst=rst, document=document))
    focus = document_focus(document, resolver)
    for sentence in read:
        if memo is None:
            found.extend(_verdicts(read_claims(sentence, indefinite=strict), file=file,
                                   resolver=resolver, focus=focus))
            continue
        key = _sentence_key(sentence, focus)
        kept = memo.sentence(key)
        if kept is None:
            kept = [(replace(ref, file="", line=ref.line - sentence.line), result)
                    for ref, result in _verdicts(read_claims(sentence, indefinite=strict),
                                                 file="", resolver=resolver, focus=focus)]
            memo.put_sentence(key, kept)
        found.extend((replace(ref, file=file, line=sentence.line + ref.line), result)
                     for ref, result in kept)
    lines = text.split("\n")
    ignored = ignored_line_numbers(lines, marker=RST_MARKER) if rst else \
        ignored_line_numbers(lines)
    if ignored is not None:
        found.extend(_verdicts(structural_claims(document, ignored=ignored), file=file,
                               resolver=resolver, focus=focus))
        found.extend(_verdicts(quoted_signature_claims(document, resolver, ignored=ignored,
                                                       docstrings=strict),
                               file=file, resolver=resolver, focus=focus))
    found.sort(key=lambda judged: judged[0].line)
    return _once(found)


def _verdicts(claims: Iterable[Claim], *, file: str, resolver: Resolver,
              focus: frozenset[str]) -> Judged:
    """The claims with their verdicts; a use with no call written ("`f` uses `g`") that
    cannot be decided (`g` is no function of the tree) is no claim at all. ``focus``: the
    modules the document names (:mod:`.focus`)."""
    found: Judged = []
    for claim in claims:
        ref, result = judge(claim, file=file, resolver=resolver, focus=focus)
        if claim.obj_text != "loose" or result.status != "ignored":
            found.append((ref, result))
    return found


def _once(found: Judged) -> Judged:
    """Each claim once per line: two readings of one sentence may state one relation
    ("`A` 的 `b` 是一个代理类，它提供了 ..." says twice that `b` is A's)."""
    seen: set[tuple[int, str]] = set()
    kept: Judged = []
    for ref, result in found:
        if (ref.line, ref.name) not in seen:
            seen.add((ref.line, ref.name))
            kept.append((ref, result))
    return kept


def _sentence_key(sentence: Sentence, focus: frozenset[str]) -> str:
    """Everything of a sentence but its line (what its claims are read from, the owner
    the document puts it under included: two table rows may say the same of two classes),
    and the modules its document is about (what its bare names mean)."""
    parts = (sentence.text, *sentence.spans, "\0", *sentence.clauses, "\0",
             sentence.normalised, "\0", sentence.owner, "\0", *sorted(focus))
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
