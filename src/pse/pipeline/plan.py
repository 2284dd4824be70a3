"""A plan is data: sections, each with a verified focus (names that resolve in the index).

The runner walks the sections and runs the same write, evaluate, fix and strip steps on
each section's text (the ``section`` cursor of :class:`~pse.pipeline.state.PSEState`),
then checks the assembled article as a whole. A :class:`Section` carries both its plan
(title, focus, brief) and what was written for it, so the checkpoint holds one value per
section (see :mod:`pse.pipeline.codec`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pse.rag.retriever import Chunk

PlanSource = Literal["planner", "index"]


@dataclass(frozen=True)
class Section:
    """One section of the plan, and its text once written."""

    title: str
    focus: list[str] = field(default_factory=list)
    """The real modules, classes, functions or files it explains (each resolved)."""
    source: PlanSource = "planner"
    brief: str = ""
    """What the section should say, in the Planner's words (or the index's)."""
    text: str = ""
    """The section as it stands (written, then fixed or stripped)."""
    draft: str = ""
    """The Specialist's shaped reply, kept to measure what survives."""
    trimmed: str = ""
    """What shaping cut off the reply (a tail cut at the token cap)."""
    excerpts: list[Chunk] = field(default_factory=list)
    """The excerpts it was written from (its sentences' evidence)."""
    open_findings: int | None = None
    """Findings still open when the cursor left it (``None``: not closed yet)."""
