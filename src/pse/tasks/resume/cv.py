"""The candidate's CV as the resume task sees it: numbered entries and retrieval chunks.

The CV is parsed by the checker's own extractor (:mod:`pse.cv.extract`), so the
task and the gate agree on what a job or a project is. Entries get stable keys (``J1`` for
the most recent job, ``P1`` for the first project) that the planner names in its plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pse.cv.extract import parse_document
from pse.cv.facts import Document, Entry, EntryKind
from pse.cv.sections import split_sections, strip_bullet
from pse.rag.retriever import Chunk

_FAR_FUTURE = 10 ** 6


@dataclass(frozen=True)
class CvEntry:
    """One job or project of the CV, with what the resume must copy from it."""

    key: str
    kind: EntryKind
    name: str
    """The project name (projects) or the title (jobs)."""
    company: str
    title: str
    dates: str
    """The date range as the CV writes it ("" when it gives none)."""
    start: int
    """Months since year 0 of the start (for ordering); 0 when unknown."""
    end: int
    """Months since year 0 of the end; very large for ranges that run to the present."""
    bullets: tuple[str, ...]
    header_text: str = ""
    """The CV's own header line(s) of the entry, as written."""
    entry: Entry | None = field(default=None, compare=False, repr=False)
    """The parsed entry (for matching the resume's entries to it)."""

    def heading(self) -> str:
        """A Markdown heading with the CV's own values (``### Title | Company | dates``)."""
        if self.kind == "job":
            parts = [self.title, self.company, self.dates]
        else:
            parts = [self.name, self.company, self.dates]
        return "### " + " | ".join(p for p in parts if p)

    def summary(self) -> str:
        """One line for prompts: ``J1. Title | Company | dates``."""
        return f"{self.key}. {self.heading()[4:]}"


def parse_cv(texts: Sequence[tuple[str, str]]) -> list[Document]:
    """The parsed CV (and note) documents, ``[(name, text)]`` in order."""
    return [parse_document(text, name) for name, text in texts if text.strip()]


def cv_entries(docs: Sequence[Document]) -> list[CvEntry]:
    """Jobs (most recent first) and projects (CV order) with their keys."""
    jobs = [e for d in docs for e in d.jobs]
    jobs.sort(key=lambda e: (-_end(e), -_start(e)))
    projects = [e for d in docs for e in d.projects]
    out = [_entry(f"J{n}", e) for n, e in enumerate(jobs, start=1)]
    out.extend(_entry(f"P{n}", e) for n, e in enumerate(projects, start=1))
    return out


def _start(entry: Entry) -> int:
    return entry.dates.start.index() if entry.dates else 0


def _end(entry: Entry) -> int:
    if entry.dates is None:
        return 0
    return _FAR_FUTURE if entry.dates.end is None else entry.dates.end.index(end=True)


def _entry(key: str, entry: Entry) -> CvEntry:
    return CvEntry(
        key=key, kind=entry.kind,
        name=entry.name.text if entry.name else (entry.title.text if entry.title else ""),
        company=entry.company.text if entry.company else "",
        title=entry.title.text if entry.title else "",
        dates=entry.dates.span.text if entry.dates else "",
        start=_start(entry), end=_end(entry),
        bullets=tuple(b.span.text for b in entry.bullets),
        header_text=" ".join(s.text.strip() for s in entry.header), entry=entry)


def cv_chunks(doc: Document) -> list[Chunk]:
    """Retrieval chunks of one CV: one per job or project, one per other section."""
    lines = list(doc.lines)
    chunks: list[Chunk] = []
    entry_lines: set[int] = set()
    for entry in (*doc.jobs, *doc.projects):
        numbers = [s.line for s in entry.header] + [b.span.line for b in entry.bullets]
        first, last = min(numbers), max(numbers)
        entry_lines.update(range(first, last + 1))
        chunks.append(Chunk(path=doc.path, start=first, end=last,
                            text="\n".join(lines[first - 1:last]),
                            title=f"{entry.kind}: {lines[first - 1].strip()}"))
    for section in split_sections(lines):
        numbers = [n for n in section.lines if n not in entry_lines and lines[n - 1].strip()]
        if not numbers or section.name in ("experience", "projects") and not numbers:
            continue
        heading = lines[section.heading - 1].strip() if section.heading else section.name
        body = [heading] if section.heading else []
        body.extend(lines[n - 1] for n in numbers)
        chunks.append(Chunk(path=doc.path, start=section.heading or numbers[0],
                            end=numbers[-1], text="\n".join(body), title=section.name))
    return sorted(chunks, key=lambda c: c.start)


def header_lines(text: str) -> list[str]:
    """The CV's lines before its first section (name, contact line), without bullets."""
    lines = text.replace("\r\n", "\n").split("\n")
    sections = split_sections(lines)
    head = sections[0] if sections and sections[0].name == "header" else None
    if head is None:
        return []
    return [strip_bullet(lines[n - 1])[0] for n in head.lines if lines[n - 1].strip()]
