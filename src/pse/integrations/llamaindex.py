"""pse's gate as a LlamaIndex ``Workflow`` with the seeds' typed events.

``PlannerEvent`` → ``planner``, ``SpecialistEvent`` → ``specialist``, ``EvaluatorEvent`` →
``evaluator``, which answers with a ``FixEvent`` (a fix round is left), a ``StripEvent``
(the fix rounds are spent), an ``AdvanceEvent`` (a section passed: the cursor moves to the
next section, or the article is assembled and evaluated whole) or a ``TranslateEvent`` (the
article passed); ``finalize`` ends with a ``StopEvent`` whose ``result`` is the final
:class:`~pse.pipeline.state.PSEState`. Each
event carries the run state; each step calls the registered pipeline step through
:func:`~pse.integrations.stepper.advance` (checkpointed, traced, usage counted as in a
native run) and turns the ``state.step`` it set into the next event. A step the pipeline
registers later travels as a ``StepEvent`` to the generic ``step`` handler, so new steps
and loops route without a change here. Only ``llama-index-core`` is needed.

Example:
    >>> workflow = PSEWorkflow(ArticleTask(settings=settings), deps, run_dir=Path("runs/r1"))
    >>> final = run_workflow(workflow, PSEState(run_id="r1", task="article", inputs=inputs))
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TypeAlias

from pse.integrations.stepper import DONE, MAX_STEPS, RunContext
from pse.integrations.stepper import advance as take_step
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task

try:
    from llama_index.core.workflow import Event, StartEvent, StopEvent, Workflow, step
except ImportError as exc:  # the extra is optional; say how to get it
    raise ImportError('install "pse[llamaindex]" to run pse inside a LlamaIndex '
                      "Workflow") from exc


class PSEStartEvent(StartEvent):
    """Starts (or continues) a run: ``workflow.run(state=PSEState(...))``."""

    state: PSEState


class PSEEvent(Event):
    """An event that hands the run state to the step that runs next."""

    state: PSEState


class PrepareEvent(PSEEvent):
    """The task collects its data (index, facts, retrieved sources)."""


class PlannerEvent(PSEEvent):
    """The Planner writes the outline."""


class SpecialistEvent(PSEEvent):
    """The Specialist writes the text."""


class EvaluatorEvent(PSEEvent):
    """The gate: LLM review in round one, deterministic checks every round."""


class FixEvent(PSEEvent):
    """One targeted fix round on the flagged lines."""


class StripEvent(PSEEvent):
    """The fix rounds are spent: delete what is still unverified."""


class AdvanceEvent(PSEEvent):
    """Close the section just checked; write the next one or assemble the article."""


class TranslateEvent(PSEEvent):
    """Translate the passing text (each translation is verified too)."""


class FinalizeEvent(PSEEvent):
    """Write the artifact(s) and the report."""


class StepEvent(PSEEvent):
    """Any other registered step (its name is ``state.step``)."""


EVENTS: Mapping[str, type[PSEEvent]] = {
    "prepare": PrepareEvent, "plan": PlannerEvent, "write": SpecialistEvent,
    "evaluate": EvaluatorEvent, "fix": FixEvent, "strip": StripEvent,
    "advance": AdvanceEvent, "translate": TranslateEvent, "finalize": FinalizeEvent}
"""The event of each known step; other steps travel as :class:`StepEvent`."""

Next: TypeAlias = (PrepareEvent | PlannerEvent | SpecialistEvent | EvaluatorEvent | FixEvent
                   | StripEvent | AdvanceEvent | TranslateEvent | FinalizeEvent | StepEvent
                   | StopEvent)
"""What any step may send next (every step routes on ``state.step``)."""


def event_for(state: PSEState) -> PSEEvent | StopEvent:
    """The event that runs the step ``state`` names (``StopEvent`` when it is done)."""
    if state.step == DONE:
        return StopEvent(result=state)
    return EVENTS.get(state.step, StepEvent)(state=state)


class PSEWorkflow(Workflow):
    """Planner → (Specialist → Evaluator ⇄ Fix → Strip → Advance) per section → Evaluator
    on the article → Translate → Finalize.

    Steps run on the event loop's thread and block it while the model answers (a task's
    symbol index is an SQLite connection bound to the thread that opened it); run the
    workflow in a thread of its own when the loop must stay responsive.
    """

    def __init__(self, task: Task, deps: RunDeps, *, run_dir: Path,
                 timeout: float | None = None, **options: object) -> None:
        """Bind the run's task, dependencies and folder (no timeout by default: a local
        model can take minutes per step; the pipeline bounds its own loops)."""
        super().__init__(timeout=timeout, **options)
        self._run = RunContext(task=task, deps=deps, run_dir=run_dir)
        self._taken: Counter[str] = Counter()
        """Steps taken per run id (bounded by ``MAX_STEPS``)."""

    async def _next(self, state: PSEState) -> Next:
        self._taken[state.run_id] += 1
        if self._taken[state.run_id] > MAX_STEPS:
            raise RuntimeError(f"run {state.run_id!r} did not finish in {MAX_STEPS} steps")
        # On the loop's own thread, not in a worker: a task holds thread-bound resources
        # (the SQLite symbol index), so every step must run where the first one did.
        return event_for(take_step(state, self._run))

    @step
    async def start(self, ev: PSEStartEvent) -> Next:
        """Route a new or checkpointed state to the step it names (nothing runs yet)."""
        return event_for(ev.state)

    @step
    async def prepare(self, ev: PrepareEvent) -> Next:
        """Run the task's ``prepare``."""
        return await self._next(ev.state)

    @step
    async def planner(self, ev: PlannerEvent) -> Next:
        """Run ``plan``."""
        return await self._next(ev.state)

    @step
    async def specialist(self, ev: SpecialistEvent) -> Next:
        """Run ``write``."""
        return await self._next(ev.state)

    @step
    async def evaluator(self, ev: EvaluatorEvent) -> Next:
        """Run ``evaluate``; it routes to fix, strip, advance or translate."""
        return await self._next(ev.state)

    @step
    async def fix(self, ev: FixEvent) -> Next:
        """Run ``fix``."""
        return await self._next(ev.state)

    @step
    async def strip(self, ev: StripEvent) -> Next:
        """Run ``strip``."""
        return await self._next(ev.state)

    @step
    async def advance(self, ev: AdvanceEvent) -> Next:
        """Run ``advance``: the next section, or the assembled article."""
        return await self._next(ev.state)

    @step
    async def translate(self, ev: TranslateEvent) -> Next:
        """Run ``translate``."""
        return await self._next(ev.state)

    @step
    async def finalize(self, ev: FinalizeEvent) -> Next:
        """Write the outputs; the result is the final state."""
        return await self._next(ev.state)

    @step
    async def other_step(self, ev: StepEvent) -> Next:
        """Run whichever other registered step the state names."""
        return await self._next(ev.state)


async def arun_workflow(workflow: PSEWorkflow, state: PSEState) -> PSEState:
    """Run ``state`` to the end inside ``workflow``; the final state."""
    final = await workflow.run(state=state)
    assert isinstance(final, PSEState)
    return final


def run_workflow(workflow: PSEWorkflow, state: PSEState) -> PSEState:
    """:func:`arun_workflow` for synchronous callers (starts its own event loop)."""
    return asyncio.run(arun_workflow(workflow, state))
