"""A denial the source states the other way round.

"If a job fails, it does not retry it." of a queue whose retry policy's docstring says "How
often and how patiently a failed job is retried.": every content word of the sentence is
in one sentence of the source's own prose (a docstring or a comment of the spans the
sentence is anchored to), and that sentence affirms what the text denies. Only a denial
whose every word the affirming sentence holds is read, so a denial that adds anything the
source does not say ("does not retry jobs forever") is left to the other checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pse.text.words import covered, words
from pse.verify.evidence.spans import SourceSpan

_DENIAL = re.compile(
    r"\b(?:(?:does|do|did|is|are|was|were|can|will|would|should)(?:\s+not|n't)|cannot"
    r"|can't|never)\b|不(?:会|能|支持|可以)|无法|没有", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no|never|none|nothing|without|cannot)\b|n't\b|不|无|没有|非",
                      re.IGNORECASE)
_PROSE = re.compile(r'"""(?P<d>.*?)"""|\'\'\'(?P<s>.*?)\'\'\'|#(?P<c>[^\n]*)', re.DOTALL)
_SENTENCE_END = re.compile(r"[.!?。！？]\s|\n\s*\n")
_LEAST_WORDS = 2
"""A denial of fewer content words says too little to be held to one sentence."""


def denial_problem(text: str, spans: Sequence[SourceSpan], *, main: str) -> str:
    """Why ``text`` is contradicted by the prose of ``spans`` ("" when it is not), when its
    ``main`` clause (``text`` without its conditions) denies something: the words of the
    whole sentence, its condition's too ("If a job fails"), are what the source affirms."""
    if not _DENIAL.search(main):
        return ""
    said = words(_DENIAL.sub(" ", text))
    if len(said) < _LEAST_WORDS:
        return ""
    for span in spans:
        for sentence in _prose_sentences(span.text):
            if _NEGATED.search(sentence):
                continue
            if covered(said, words(sentence), abbreviations=False) == said:
                return f"the source says otherwise ({span.where}: {sentence.strip()!r})"
    return ""


def _prose_sentences(code: str) -> list[str]:
    """The sentences of the docstrings and comments of ``code``."""
    found: list[str] = []
    for match in _PROSE.finditer(code):
        prose = match["d"] or match["s"] or match["c"] or ""
        found.extend(p for p in _SENTENCE_END.split(prose) if p.strip())
    return found
