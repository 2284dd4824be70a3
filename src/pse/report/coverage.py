"""What one ``pse verify`` run judged, and what the renderers add beside the verdicts.

The coverage line says how many documents were read, how many references they held and
how many of those were judged (verified, unverified or external; ignored spans are not
code references), so a run that checked nothing never reads like a clean one.
:class:`Extras` carries the rest of a run's report data that is not part of a verdict:
the severity configured per reference, git history per finding and notes such as the
baseline's count; every renderer takes it as one optional argument.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from pse.verify.provenance import Provenance
from pse.verify.refs import CheckedReference, Reference

STATUSES = ("verified", "unverified", "external", "ignored")
JUDGED = ("verified", "unverified", "external")
Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Coverage:
    """Counts of one run: documents read, references found, references per status."""

    documents: int
    references: int
    counts: Mapping[str, int]
    """References per status, every status present."""

    @property
    def judged(self) -> int:
        """References that got a verdict about the code (not ``ignored``)."""
        return sum(self.counts[s] for s in JUDGED)

    def as_dict(self) -> dict[str, int]:
        """The JSON/SARIF form (stable key order)."""
        return {"documents": self.documents, "references": self.references,
                "judged": self.judged, **{s: self.counts[s] for s in STATUSES}}

    def line(self) -> str:
        """The one-line human form."""
        judged = ", ".join(f"{self.counts[s]} {s}" for s in JUDGED)
        return (f"coverage: {_plural(self.documents, 'document')} read, "
                f"{_plural(self.references, 'reference')} found, {self.judged} judged "
                f"({judged}), {self.counts['ignored']} ignored")


def measure(checked: Iterable[CheckedReference], *, documents: int) -> Coverage:
    """The coverage of ``checked``, the answers for ``documents`` documents."""
    counts: Counter[str] = Counter(item.result.status for item in checked)
    return Coverage(documents=documents, references=sum(counts.values()),
                    counts={s: counts[s] for s in STATUSES})


@dataclass(frozen=True)
class Extras:
    """Report data beside the verdicts (all optional)."""

    coverage: Coverage | None = None
    levels: Mapping[Reference, Level] = field(default_factory=dict)
    """The configured severity of an unverified reference (``error`` when absent)."""
    history: Mapping[Reference, Provenance] = field(default_factory=dict)
    """Where a missing name or path went, per unverified reference, when git knows."""
    notes: tuple[str, ...] = ()
    """Lines about the run as a whole (the baseline's counts, a --since selection)."""

    def level(self, ref: Reference) -> Level:
        """The severity of ``ref`` when it is unverified."""
        return self.levels.get(ref, "error")


NO_EXTRAS = Extras()


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")
