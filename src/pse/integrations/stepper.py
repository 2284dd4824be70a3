"""One step of a run, taken by the native runner itself, for framework adapters.

A framework node (a LangGraph node, a LlamaIndex step) calls :func:`advance` with the state
it holds. The step is not reimplemented here: :func:`~pse.pipeline.runner.run_pipeline`
runs it, told to stop right after it (``RunDeps.stop_after``), so its LLM calls are traced
and added to ``state.usage`` and the state is checkpointed to ``run_dir/state.json``
exactly as in a native run, whatever the runner does around a step now or later. A run
driven by a framework can therefore be continued by ``pse resume`` and vice versa, and
reports the same token counts. Routing stays with the state: the caller reads the returned
``state.step`` to pick the next node; ``done`` ends the run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pse.pipeline.codec import load_state
from pse.pipeline.runner import STEPS, RunInterrupted, run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task

FINALIZE = "finalize"
"""The last step: writes the artifact(s) and the report (not in ``STEPS``: it needs the
run folder)."""
DONE = "done"
"""The step name a finished run carries."""
MAX_STEPS = 500
"""A ceiling on steps per framework-driven run: the pipeline bounds its own loops
(``max_retries`` per text or section), this only stops a routing bug from spinning."""


@dataclass(frozen=True)
class RunContext:
    """What every step of one run needs besides the state."""

    task: Task
    deps: RunDeps
    run_dir: Path


def step_names() -> tuple[str, ...]:
    """Every step a run can take: the registered steps, then ``finalize``."""
    return (*STEPS, FINALIZE)


def advance(state: PSEState, run: RunContext) -> PSEState:
    """Run the one step ``state.step`` names and return the checkpointed state after it.

    Raises:
        SourceError: the state names a step that is not registered.
        RunInterrupted: the step is listed in the caller's ``RunDeps.stop_after``.
    """
    name = state.step
    if name == DONE:
        return state
    once = replace(run.deps, stop_after=(name,))
    try:
        return run_pipeline(state, run.task, once, run_dir=run.run_dir)
    except RunInterrupted:
        if name in run.deps.stop_after:
            raise
        return load_state(run.run_dir, inputs_for=lambda _name: run.task.inputs_type)
