"""One document audited against a whole source tree (``pse verify --evidence``).

The reference check has already resolved every code name of the document; its answers say
which names are the tree's (with the definition's file and line), which are external and
which are not in the tree. Only the files those definitions are in are read into spans, so
an audit of one article over a large tree reads a few files, not the tree.
"""

from __future__ import annotations

from collections.abc import Sequence

from pse.index.symbols import SymbolIndex
from pse.text.frames import FrameRepeat, frame_repeats
from pse.verify.evidence.align import Aligned, NameRef, align
from pse.verify.evidence.passages import tree_passages
from pse.verify.evidence.spans import SourceSpan, package_vocabulary, symbol_spans
from pse.verify.evidence.units import document_units
from pse.verify.refs import CheckedReference


def name_refs(checked: Sequence[CheckedReference]) -> list[NameRef]:
    """The reference check's answers as the aligner reads them."""
    return [NameRef(line=c.ref.line, text=c.ref.text.strip("`"), status=c.result.status,
                    evidence=tuple(c.result.evidence), kind=c.ref.kind,
                    message=c.result.message) for c in checked]


def audit_document(text: str, checked: Sequence[CheckedReference], *, index: SymbolIndex,
                   rst: bool = False, threshold: float | None = None,
                   passages: Sequence[SourceSpan] | None = None) -> list[Aligned]:
    """Every sentence of ``text`` aligned to the definitions its checked names point at.
    ``passages``: the project's prose a sentence may repeat (default: every prose file of
    the tree; a caller auditing documents of the tree leaves those out, since a text
    cannot back itself)."""
    return audit_text(text, name_refs(checked), index=index, rst=rst, threshold=threshold,
                      passages=passages)


def audit_text(text: str, refs: Sequence[NameRef], *, index: SymbolIndex, rst: bool = False,
               threshold: float | None = None,
               passages: Sequence[SourceSpan] | None = None) -> list[Aligned]:
    """:func:`audit_document` with the checked names already read as :class:`NameRef`
    (the article's gate has them as findings, not as checked references)."""
    paths = {path for ref in refs if ref.status == "verified"
             for path, _ in ref.evidence if path in index.files}
    units = document_units(text, rst=rst)
    for label in sorted({u.label for u in units if u.label}):  # "**Style Class**:" items
        paths.update(s.path for s in index.by_name(label.rsplit(".", 1)[-1])[:3])
    for title in sorted({u.title for u in units if u.title}):  # "**Segment**:" items
        paths.update(s.path for s in index.by_name("".join(title.split()))[:3]
                     if s.kind == "class")
    spans = symbol_spans(index, index.root, paths)
    vocabulary = package_vocabulary(index.root, paths, index.files)
    if passages is None:
        passages = tree_passages(index)
    aligned = align(units, spans, refs, vocabulary=vocabulary, passages=passages) \
        if threshold is None else align(units, spans, refs, threshold=threshold,
                                        vocabulary=vocabulary, passages=passages)
    return aligned if rst else retold(aligned, frame_repeats(text))


def retold(aligned: Sequence[Aligned], repeats: Sequence[FrameRepeat]) -> list[Aligned]:
    """``aligned`` with each unit that repeats an earlier one's frame with a word swapped
    (:mod:`pse.text.frames`: "正则表达式组的数量决定了<X>的模式" said of four functions, "may
    not be efficient / scalable / maintainable") unsupported: one sentence said of
    several things backs none of them."""
    found: list[Aligned] = []
    for item in aligned:
        repeat = next((r for r in repeats if r.line == item.unit.line and (
            item.unit.text in r.text or r.text in item.unit.text)), None)
        if repeat is None or item.status != "supported":
            found.append(item)
            continue
        earlier = repeat.earlier if len(repeat.earlier) <= _QUOTED else \
            repeat.earlier[:_QUOTED - 1] + "…"
        found.append(Aligned(item.unit, "unsupported", item.span, item.coverage,
                             reason=f"it repeats the frame of “{earlier}” with a word "
                                    "swapped"))
    return found


_QUOTED = 60
