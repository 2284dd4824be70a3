"""A plan is data: sections, each with a verified focus (names that resolve in the index).

The runner walks the sections and runs the same write, evaluate, fix and strip steps on
each section's text (the ``section`` cursor of :class:`~pse.pipeline.state.PSEState`),
then checks the assembled article as a whole.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

PlanSource = Literal["planner", "index"]


@dataclass(frozen=True)
class Section:
    """One section of the plan."""

    title: str
    focus: list[str] = field(default_factory=list)
    """The real modules, classes, functions or files it explains (each resolved)."""
    source: PlanSource = "planner"
    brief: str = ""
    """What the section should say, in the Planner's words (or the index's)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready (stored in ``PSEState.sections``)."""
        return asdict(self)


def section_from_dict(data: dict[str, object]) -> Section:
    """The plan part of a stored section (its text and status are ignored)."""
    focus = data.get("focus")
    source: PlanSource = "index" if data.get("source") == "index" else "planner"
    return Section(title=str(data.get("title", "")),
                   focus=[str(f) for f in focus] if isinstance(focus, list) else [],
                   source=source, brief=str(data.get("brief", "")))
