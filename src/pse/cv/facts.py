"""The facts a CV or a resume states, as plain values.

Extraction (:mod:`pse.cv.extract`) turns a Markdown or plain-text document into
a :class:`Document`; grounding (:mod:`pse.cv.ground`) compares a resume's
document with the sources' documents and returns :class:`ResumeFinding` values. Every
span keeps its 1-based line and 0-based column so findings quote the resume exactly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal[
    "company", "title", "date", "duration", "metric", "degree", "school", "certification",
    "project", "skill", "jd-only-skill", "missing-time-range", "duplicate", "tool-use",
    "repetition",
]
Status = Literal["supported", "unsupported"]
MetricKind = Literal["percent", "multiplier", "money", "count", "time"]
Approx = Literal["exact", "over", "under", "about"]
DegreeLevel = Literal["associate", "bachelor", "master", "mba", "doctorate"]
EntryKind = Literal["job", "project"]


@dataclass(frozen=True)
class Span:
    """An exact piece of one line of a document."""

    text: str
    line: int
    """1-based line number."""
    col: int
    """0-based column (code points) where ``text`` starts in that line."""


@dataclass(frozen=True, order=True)
class YearMonth:
    """A point in time at month or year precision."""

    year: int
    month: int | None = None

    def index(self, *, end: bool = False) -> int:
        """Months since year 0; a year-only point counts as January (or December for ends)."""
        month = self.month if self.month is not None else (12 if end else 1)
        return self.year * 12 + month - 1


@dataclass(frozen=True)
class DateRange:
    """A time range as written: ``Mar 2019 – Jun 2022``, ``2023.09 ~ 至今``, ``(2020)``."""

    start: YearMonth
    end: YearMonth | None
    """None when the range runs to the present."""
    span: Span

    @property
    def present(self) -> bool:
        """True for ranges that end at present / 至今."""
        return self.end is None


@dataclass(frozen=True)
class Metric:
    """A number in a bullet, normalised to a base unit (seconds for times)."""

    span: Span
    value: float
    kind: MetricKind
    approx: Approx = "exact"
    tolerance: float = 0.0
    """Half the step of the last digit written (``4.7M`` -> 50,000), in base units."""
    round_step: float = 0.0
    """Half the step implied by trailing zeros (``124,000`` -> 500), in base units."""
    unit: float = 1.0
    """Base units per written unit (60 for minutes); ``value / unit`` is the number written."""


@dataclass(frozen=True)
class Bullet:
    """A body line of an entry with the numbers it states."""

    span: Span
    metrics: tuple[Metric, ...] = ()


@dataclass(frozen=True)
class Entry:
    """A job or a project: its header fields and its bullets."""

    kind: EntryKind
    source: str
    header: tuple[Span, ...]
    name: Span | None = None
    """The project name (projects only)."""
    company: Span | None = None
    title: Span | None = None
    dates: DateRange | None = None
    bullets: tuple[Bullet, ...] = ()
    aliases: tuple[str, ...] = ()
    """Other names the document gives the company, e.g. ``(Alibaba Group)``."""


@dataclass(frozen=True)
class Degree:
    """A degree mention and its level."""

    span: Span
    level: DegreeLevel


@dataclass(frozen=True)
class EducationItem:
    """One education line: degree and school, either of which may be missing."""

    line: int
    text: str
    degree: Degree | None = None
    school: Span | None = None


@dataclass(frozen=True)
class Duration:
    """A stated length of experience: ``8+ years``, ``12年以上``, ``近十年``."""

    span: Span
    years: float
    approx: Approx = "exact"


@dataclass(frozen=True)
class SkillItem:
    """One item of a skills list; ``hedged`` for "Familiar with:" / "了解：" lists."""

    span: Span
    hedged: bool = False


@dataclass(frozen=True)
class Document:
    """Everything extracted from one CV, note file or resume."""

    path: str
    lines: tuple[str, ...]
    jobs: tuple[Entry, ...] = ()
    projects: tuple[Entry, ...] = ()
    education: tuple[EducationItem, ...] = ()
    certifications: tuple[Span, ...] = ()
    skills: tuple[SkillItem, ...] = ()
    durations: tuple[Duration, ...] = ()
    loose_metrics: tuple[Bullet, ...] = ()
    """Bullet-like lines outside any entry (notes, summaries) with their numbers."""

    @property
    def text(self) -> str:
        """The whole document."""
        return "\n".join(self.lines)


@dataclass(frozen=True)
class ResumeFinding:
    """One checked fact of the resume."""

    text: str
    line: int | None
    kind: Kind
    status: Status
    evidence: str | None = None
    """The source text that supports the fact (PII masked), or None."""
    source: str | None = None
    """The source file the evidence comes from."""
    source_line: int | None = None
    reason: str = ""
    """Why the fact is unsupported (or how it was matched)."""
    col: int = 0

    def sort_key(self) -> tuple[int, int, str, str]:
        """Stable order: line, column, kind, text."""
        return (self.line or 0, self.col, self.kind, self.text)


@dataclass(frozen=True)
class ResumeReport:
    """All findings for one resume, in resume order."""

    resume: str
    findings: tuple[ResumeFinding, ...] = field(default_factory=tuple)

    @property
    def unsupported(self) -> tuple[ResumeFinding, ...]:
        """The findings that are not supported by the sources."""
        return tuple(f for f in self.findings if f.status == "unsupported")

    @property
    def supported(self) -> tuple[ResumeFinding, ...]:
        """The findings the sources support."""
        return tuple(f for f in self.findings if f.status == "supported")

    def summary(self) -> dict[str, object]:
        """Counts for the report: supported, unsupported and unsupported per kind."""
        by_kind = Counter(f.kind for f in self.unsupported)
        return {"supported": len(self.supported), "unsupported": len(self.unsupported),
                "unsupported_by_kind": dict(sorted(by_kind.items()))}
