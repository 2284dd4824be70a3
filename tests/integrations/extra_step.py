"""A step registered after the adapters were written, to show they route it generically."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pse.pipeline import steps
from pse.pipeline.runner import STEPS
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task


def register_polish(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Register ``polish`` between ``write`` and ``evaluate``; returns the drafts it saw
    (each section's, as the cursor moves)."""
    seen: list[str] = []

    def write(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
        return replace(steps.write(state, task, deps), step="polish")

    def polish(state: PSEState, task: Task, deps: RunDeps) -> PSEState:  # noqa: ARG001
        seen.append(state.current_text())
        return replace(state, step="evaluate")

    monkeypatch.setitem(STEPS, "write", write)
    monkeypatch.setitem(STEPS, "polish", polish)
    return seen
