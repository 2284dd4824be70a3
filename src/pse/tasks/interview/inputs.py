"""What an interview run was asked for: the CV and job description files."""

from __future__ import annotations

from dataclasses import dataclass, field

from pse.pipeline.inputs import LEGACY_SEPARATOR, TaskInputs


@dataclass(frozen=True)
class InterviewInputs(TaskInputs):
    """The inputs of ``pse run interview`` (absolute paths, as the command line resolved
    them)."""

    cv: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: "\n"})
    """The CV files."""
    jd: str | None = None
    """The job description file (required: the task says so when it is missing)."""
