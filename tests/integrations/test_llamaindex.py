"""The LlamaIndex adapter: the seeds' typed events, each step calling a pipeline step."""

from __future__ import annotations

import asyncio
import importlib
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from article_support import JOBS, RETRIES, trace_events
from integrations.extra_step import register_polish
from integrations.scenario import DRAFT, SCRIPT, require, scenario_parts, scenario_state
from pse.pipeline.codec import load_state
from pse.pipeline.runner import RunInterrupted
from pse.tasks import inputs_type

require("llamaindex")
from llama_index.core.workflow import StopEvent  # noqa: E402

from pse.integrations.llamaindex import (  # noqa: E402
    AdvanceEvent,
    EvaluatorEvent,
    FinalizeEvent,
    FixEvent,
    PlannerEvent,
    PrepareEvent,
    PSEWorkflow,
    SpecialistEvent,
    StepEvent,
    StripEvent,
    TranslateEvent,
    arun_workflow,
    event_for,
    run_workflow,
)


@pytest.mark.parametrize(("step", "event"), [
    ("prepare", PrepareEvent), ("plan", PlannerEvent), ("write", SpecialistEvent),
    ("evaluate", EvaluatorEvent), ("fix", FixEvent), ("strip", StripEvent),
    ("advance", AdvanceEvent), ("translate", TranslateEvent), ("finalize", FinalizeEvent),
    ("polish", StepEvent)])
def test_llamaindex_event_for_each_step(tinyqueue: Path, step: str, event: type) -> None:
    state = replace(scenario_state(tinyqueue), step=step)
    sent = event_for(state)
    assert type(sent) is event and sent.state is state


def test_llamaindex_a_finished_state_stops_with_the_state(tinyqueue: Path) -> None:
    state = replace(scenario_state(tinyqueue), step="done")
    stop = event_for(state)
    assert isinstance(stop, StopEvent) and stop.result is state


def test_llamaindex_workflow_validates(tinyqueue: Path, tmp_path: Path) -> None:
    task, deps, _ = scenario_parts(tinyqueue)
    workflow = PSEWorkflow(task, deps, run_dir=tmp_path / "run")
    # valid: every event a step may send (``Next``, advance's included) has a handler
    assert workflow.validate() is False  # ... and no human-in-the-loop step


def test_llamaindex_routes_a_step_registered_later(tinyqueue: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen = register_polish(monkeypatch)
    task, deps, llm = scenario_parts(tinyqueue)
    final = run_workflow(PSEWorkflow(task, deps, run_dir=tmp_path / "run"),
                         scenario_state(tinyqueue))
    assert (final.status, llm.pending, seen) == ("passed", 0, [DRAFT, RETRIES, JOBS])
    steps = [e["step"] for e in trace_events(tmp_path / "run") if e["event"] == "step"]
    assert steps[:5] == ["prepare", "plan", "write", "polish", "evaluate"]


def test_llamaindex_runs_inside_a_callers_event_loop(tinyqueue: Path, tmp_path: Path) -> None:
    task, deps, llm = scenario_parts(tinyqueue)
    workflow = PSEWorkflow(task, deps, run_dir=tmp_path / "run")
    final = asyncio.run(arun_workflow(workflow, scenario_state(tinyqueue)))
    assert (final.status, final.step, llm.pending) == ("passed", "done", 0)


def test_llamaindex_continues_a_checkpointed_state(tinyqueue: Path, tmp_path: Path) -> None:
    task, deps, _ = scenario_parts(tinyqueue, SCRIPT[:2], stop_after=("write",))
    with pytest.raises(RunInterrupted):
        run_workflow(PSEWorkflow(task, deps, run_dir=tmp_path / "run"),
                     scenario_state(tinyqueue))
    task, deps, rest = scenario_parts(tinyqueue, SCRIPT[2:])
    final = run_workflow(PSEWorkflow(task, deps, run_dir=tmp_path / "run"),
                         load_state(tmp_path / "run", inputs_for=inputs_type))
    assert (final.status, rest.pending) == ("passed", 0)


def test_llamaindex_missing_extra_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "llama_index.core.workflow", None)
    monkeypatch.delitem(sys.modules, "pse.integrations.llamaindex")
    with pytest.raises(ImportError, match=r'install "pse\[llamaindex\]"'):
        importlib.import_module("pse.integrations.llamaindex")


def test_llamaindex_a_step_that_never_ends_is_stopped(tinyqueue: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from pse.pipeline.runner import STEPS

    monkeypatch.setitem(STEPS, "prepare", lambda state, task, deps: state)  # step stays
    monkeypatch.setattr("pse.integrations.llamaindex.MAX_STEPS", 5)
    task, deps, _ = scenario_parts(tinyqueue, ())
    with pytest.raises(RuntimeError, match="did not finish in 5 steps"):
        run_workflow(PSEWorkflow(task, deps, run_dir=tmp_path / "run"),
                     scenario_state(tinyqueue))
    steps = [e["step"] for e in trace_events(tmp_path / "run") if e["event"] == "step"]
    assert steps == ["prepare"] * 5
