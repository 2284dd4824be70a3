"""What a resume run was asked for: the input files' paths and the user's choices.

The state keeps paths, never texts (:mod:`pse.tasks.resume.texts` reads the files, again
when a run is continued). Paths are absolute, as the command line resolved them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pse.pipeline.inputs import LEGACY_SEPARATOR, TaskInputs


@dataclass(frozen=True)
class ResumeInputs(TaskInputs):
    """The inputs of ``pse resume``."""

    cv: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: "\n"})
    """The CV files (the first one's header heads the resume)."""
    jd: str | None = None
    """The job description file (``None`` in recommend mode)."""
    notes: str | None = None
    """A folder of notes the Planner may read."""
    pii_rules: str | None = None
    """A file of more private strings to redact."""
    banned: str | None = None
    """A file of more banned phrases."""
    mode: Literal["jd", "recommend"] = "jd"
    """Tailor to the job description, or to the role the CV fits best."""
    role: str = ""
    """The role to write for in recommend mode (empty: the best-fitting one)."""
    formats: tuple[str, ...] = field(default=("docx", "pdf"), metadata={LEGACY_SEPARATOR: ","})
    """The documents written besides the Markdown."""
    phone_regions: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: ","})
    """Regions whose national phone formats are redacted too (beside the settings')."""
    public: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: "\n"})
    """Header lines of the CV that may be sent as written (beside the settings')."""
    privacy: Literal["local", "remote"] = "remote"
    """``local`` when every stage ran on the embedded model."""

    @property
    def recommend(self) -> bool:
        """True in recommend mode."""
        return self.mode == "recommend"
