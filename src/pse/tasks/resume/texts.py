"""The run's input files, read once: CVs, job description, notes and the PII rules.

The run state stores only the paths (:class:`pse.tasks.resume.inputs.ResumeInputs`); the
texts are read again when a run is continued, so ``state.json`` never holds the CV.
Sources are named ``cv.md``, ``cv-2.md``... in findings and prompts, not by their file
names (which often carry the candidate's name).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pse.cv.privacy import Redactor, find_pii, parse_rules
from pse.errors import SourceError

_NOTE_SUFFIXES = (".md", ".markdown", ".txt")


@dataclass(frozen=True)
class ResumeTexts:
    """The real texts of a run and the redactor built from them."""

    cvs: tuple[tuple[str, str], ...]
    """``(label, text)`` of each CV."""
    jd: str
    notes: tuple[tuple[str, str], ...]
    redactor: Redactor

    @property
    def sources(self) -> dict[str, str]:
        """The evidence the gate checks against: the CVs (notes and JD never are)."""
        return dict(self.cvs)


def read_texts(*, cvs: list[Path], jd: Path | None, notes: Path | None,
                pii_rules: Path | None, phone_regions: Sequence[str] = (),
                public: Sequence[str] = ()) -> ResumeTexts:
    """Read every input; a missing or unreadable file is a :class:`SourceError`.

    ``phone_regions`` add national phone formats to redact; ``public`` lines of the CV's
    header may be sent as written."""
    cv_texts = tuple((_label(n), read_text(p, "the CV")) for n, p in enumerate(cvs, start=1))
    jd_text = read_text(jd, "the job description") if jd is not None else ""
    note_texts = tuple((f"notes/{p.name}", read_text(p, "the note"))
                       for p in _note_files(notes)) if notes is not None else ()
    rules: list[str] = []
    if pii_rules is not None:
        try:
            rules = parse_rules(read_text(pii_rules, "the PII rules file"))
        except ValueError as exc:
            raise SourceError(f"the PII rules file {str(pii_rules)!r} has a {exc}") from exc
    redactor = find_pii([t for _, t in cv_texts],
                        other_texts=[jd_text, *(t for _, t in note_texts)], rules=rules,
                        regions=phone_regions, public=public)
    return ResumeTexts(cvs=cv_texts, jd=jd_text, notes=note_texts, redactor=redactor)


def _label(number: int) -> str:
    return "cv.md" if number == 1 else f"cv-{number}.md"


def _note_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise SourceError(f"--notes {str(folder)!r} is not a folder; give a folder of "
                          "Markdown or text notes")
    return sorted(p for p in folder.rglob("*") if p.is_file() and
                  p.suffix.lower() in _NOTE_SUFFIXES)


def read_text(path: Path, what: str) -> str:
    """A UTF-8 text file (BOM allowed), or a :class:`SourceError` saying what is wrong."""
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise SourceError(f"{what} {str(path)!r} does not exist") from exc
    except IsADirectoryError as exc:
        raise SourceError(f"{what} {str(path)!r} is a folder; give a text file") from exc
    except OSError as exc:
        raise SourceError(f"cannot read {what} {str(path)!r}: {exc.strerror}") from exc
    if b"\x00" in data[:8192]:
        raise SourceError(f"{what} {str(path)!r} is a binary file; give Markdown or text "
                          "(save a Word or PDF file as .txt or .md first)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{what} {str(path)!r} is not UTF-8 text (byte {exc.start})") from exc
    if not text.strip():
        raise SourceError(f"{what} {str(path)!r} is empty")
    return text.replace("\r\n", "\n")
