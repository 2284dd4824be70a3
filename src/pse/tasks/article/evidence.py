"""The ``unsupported`` rule: every sentence of a section backed by an excerpt it was given.

A section is written from excerpts (its focus symbols' source, docs passages, tests). Each
of its sentences is aligned to them (:mod:`pse.verify.evidence`): a sentence that names
code, or whose pronoun subject stands for code named before it, and that no excerpt backs
is an ``unsupported`` finding whose hint carries the closest excerpt, so Fix rewrites
it from that code and Strip deletes what stays unsupported. A section that is mostly
transitions (claims nothing) is ``mostly-transitions``, a whole-section finding. After the
run, each kept sentence's span goes into ``report.json`` (:func:`section_sentences`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pse.index.symbols import SymbolIndex
from pse.text import parse
from pse.verify.evidence import Aligned, NameRef, align, document_units, excerpt_spans
from pse.verify.evidence import transition_share as share_of_transitions
from pse.verify.evidence.audit import audit_text
from pse.verify.evidence.passages import is_prose_path
from pse.verify.finding import Evidence, Finding, VerifyResult

MAX_TRANSITIONS = 0.5
"""A section may be at most half transitions ("Here is an example:", "Let us look at...")."""
_MIN_UNITS = 4
"""Sections shorter than this are not judged for transitions (a lead-in and a code block)."""
_HINT_CHARS = 240


def name_refs(references: VerifyResult) -> list[NameRef]:
    """The reference check's findings as the aligner reads them."""
    refs = [NameRef(line=f.line or 0, text=f.text.strip("`"), status="verified",
                    evidence=tuple((e.path, e.line) for e in f.evidence), kind=f.kind,
                    message=f.message) for f in references.ok]
    refs += [NameRef(line=f.line or 0, text=f.text.strip("`"), status="unverified",
                     evidence=tuple((e.path, e.line) for e in f.evidence),
                     kind="claim" if f.rule == "claim-false" or f.kind == "claim" else f.kind,
                     message=f.message) for f in references.bad]
    return refs


def aligned_section(text: str, excerpts: Sequence[Mapping[str, object]],
                    references: VerifyResult) -> list[Aligned]:
    """Every sentence of ``text`` aligned to the excerpts it was written from."""
    spans = excerpt_spans(excerpts)
    # a README or docs passage it was shown backs a sentence that repeats it
    return align(document_units(text), spans, name_refs(references),
                 passages=[s for s in spans if is_prose_path(s.path)])


def unsupported_sentences(text: str, excerpts: Sequence[Mapping[str, object]],
                          references: VerifyResult, *, path: str) -> list[Finding]:
    """An ``unsupported`` finding per sentence no excerpt backs, and ``mostly-transitions``
    for a section that claims little."""
    if not excerpts:
        return []
    aligned = aligned_section(text, excerpts, references)
    findings = _unbacked(aligned, references, path=path,
                         message="no excerpt backs this sentence")
    if len(aligned) >= _MIN_UNITS and share_of_transitions(aligned) > MAX_TRANSITIONS:
        findings.append(Finding(
            rule="mostly-transitions", path=path, line=None, kind="quality",
            text=text.strip().split("\n", 1)[0],
            message=f"more than {MAX_TRANSITIONS:.0%} of this section's sentences claim "
                    "nothing about the code",
            hint="say what the excerpts show the code does, with its names"))
    return findings


def unsupported_in_source(text: str, references: VerifyResult, *, index: SymbolIndex,
                          path: str) -> list[Finding]:
    """An ``unsupported`` finding per sentence of the whole article that the source does not
    back: the audit ``pse verify --evidence`` runs, over the definitions the article's
    names point at and the project's prose.

    A section's excerpts are whole definitions; a sentence that joins words of two of
    their lines ("if `replacement_text` is empty, `max_len` is determined automatically",
    where "automatically" is `max_len`'s) is backed by the excerpt and not by the lines of
    the code it names. The audit reads the narrower spans, and frames repeated with one
    word swapped, so it is the last word on what a passed article may say."""
    # what the source contradicts, not what it only words otherwise: a section's words
    # were held to its excerpts already, and a paraphrase ("caps the number of tries")
    # is no invention; a quality or a limitation no span holds is one
    audited = [item for item in audit_text(text, name_refs(references), index=index)
               if not item.by_words or item.unbacked_claim or item.limitation]
    return _unbacked(audited, references, path=path,
                     message="the source does not back this sentence")


def _unbacked(aligned: Sequence[Aligned], references: VerifyResult, *, path: str,
              message: str) -> list[Finding]:
    # a sentence that names no code is read against its neighbours' spans in the audit;
    # here, where Strip deletes what is flagged, it only counts toward the transitions,
    # unless its subject stands for code named before ("It does not retry failed jobs"):
    # that one is judged like the sentence naming it; or unless it affirms a quality no
    # excerpt backs ("used in ... secure communication"): that needs no name to be a
    # claim about the project; or unless the excerpts say otherwise, not only lack its
    # words ("If a job fails, it does not retry it." beside "How often and how patiently
    # a failed job is retried."); or unless it states a limitation no excerpt holds
    # ("First, it does not handle exceptions gracefully."): a made-up weakness of the
    # project is as false as a made-up feature; or unless it is an item of a titled list
    # ("**Consistency**: ISO 8601 is consistent across systems"): an advantage or a
    # limitation listed with no evidence is a claim, not a transition.
    # a sentence whose name or structural claim is already flagged is that rule's finding
    flagged = {(f.line, f.text.strip("`")) for f in references.bad}
    return [_finding(item, path=path, message=message) for item in aligned
            if item.status == "unsupported"
            and (item.unit.names or item.unit.label or item.unit.subject or item.unit.title
                 or item.unbacked_claim or item.limitation or not item.by_words)
            and not any(line == item.unit.line and text in item.unit.text
                        for line, text in flagged)]


def _finding(item: Aligned, *, path: str, message: str) -> Finding:
    span = item.span
    if span is None:
        hint = "delete it, or say only what the excerpts show"
    else:
        shown = " ".join(span.text.split())[:_HINT_CHARS]
        hint = f"rewrite it from {span.where}, which says: {shown}"
    evidence = (Evidence(path=span.path, line=span.start),) if span is not None else ()
    return Finding(rule="unsupported", path=path, line=item.unit.line, text=item.unit.text,
                   kind="claim", hint=hint, evidence=evidence,
                   message=f"{message}: {item.reason}")


def section_sentences(text: str, excerpts: Sequence[Mapping[str, object]],
                      references: VerifyResult, *, section: int, offset: int = 0
                      ) -> list[dict[str, object]]:
    """The ``report.json`` records of a section's sentences (``offset``: the line the
    section starts on in ``article.md``, minus one)."""
    out: list[dict[str, object]] = []
    for item in aligned_section(text, excerpts, references):
        entry: dict[str, object] = {"section": section, "line": item.unit.line + offset,
                                    "text": item.unit.text, "status": item.status}
        if item.span is not None and item.status == "supported":
            entry["span"] = {"path": item.span.path, "start": item.span.start,
                             "end": item.span.end}
        out.append(entry)
    return out


def sections_of(text: str) -> list[tuple[int, str]]:
    """Each ``## `` section of a Markdown text: its first line and its text (from the
    heading to the line before the next ``## ``)."""
    doc = parse(text)
    starts = [b.line for b in doc.blocks if b.kind == "heading" and b.level == 2]
    lines = text.split("\n")
    ends = [*(s - 1 for s in starts[1:]), len(lines)][:len(starts)]  # none for none
    return [(start, "\n".join(lines[start - 1:end])) for start, end in zip(starts, ends,
                                                                            strict=True)]
