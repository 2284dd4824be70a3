"""Evidence for every sentence: each claim of a document aligned to the source that backs it.

A document is read into units (:mod:`.units`: each sentence of a paragraph, each list item
sentence, with its line and the code names it mentions). The source is read into spans
(:mod:`.spans`: a function's or method's body, a class's head and docstring with its member
names, a module's docstring, or an excerpt a writer was shown), each with the identifiers it
holds and its stemmed content words (:mod:`pse.text.words`, English stems and Chinese terms
mapped through small synonym tables kept as data). :func:`align` gives each unit a status:
``supported`` (with the span that backs it), ``unsupported`` (it names code the span does not
hold, states a return value, count or default the span contradicts, or its words are not
covered, words its whole package never uses counting against it), or
``transition`` (it names no code and claims nothing). Everything is deterministic: the same
document and source give the same answer, and nothing here calls a model.
"""

from __future__ import annotations

from pse.verify.evidence.align import Aligned, NameRef, align, transition_share
from pse.verify.evidence.spans import SourceSpan, excerpt_spans, symbol_spans
from pse.verify.evidence.units import Unit, document_units

__all__ = ["Aligned", "NameRef", "SourceSpan", "Unit", "align", "document_units",
           "excerpt_spans", "symbol_spans", "transition_share"]
