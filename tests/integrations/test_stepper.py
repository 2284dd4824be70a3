"""advance(): exactly one native-runner step per call, checkpointed, with usage counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import PLAN, trace_events
from integrations.scenario import SCRIPT, scenario_parts, scenario_state
from pse.errors import SourceError
from pse.integrations.stepper import DONE, RunContext, advance, step_names
from pse.pipeline.codec import load_state
from pse.pipeline.runner import STEPS, RunInterrupted
from pse.tasks import inputs_type


def _context(source: Path, run_dir: Path, replies: tuple[str, ...] = SCRIPT,
             **options: object) -> RunContext:
    task, deps, _ = scenario_parts(source, replies, **options)
    return RunContext(task=task, deps=deps, run_dir=run_dir)


def test_stepper_step_names_are_the_registered_steps_then_finalize() -> None:
    assert step_names() == (*STEPS, "finalize")
    assert {"prepare", "plan", "write", "evaluate", "fix", "strip", "translate"} <= set(STEPS)


def test_stepper_advance_runs_one_step_and_checkpoints_it(tinyqueue: Path,
                                                          tmp_path: Path) -> None:
    run = _context(tinyqueue, tmp_path / "run", SCRIPT[:1])
    prepared = advance(scenario_state(tinyqueue), run)
    assert prepared.step == "plan" and prepared.context and not prepared.plan
    planned = advance(prepared, run)
    assert (planned.step, planned.plan) == ("write", PLAN)
    assert load_state(tmp_path / "run", inputs_for=inputs_type) == planned
    assert planned.usage["planner"]["completion_tokens"] == str(len(PLAN.split()))
    assert [(e["event"], e["step"]) for e in trace_events(tmp_path / "run")
            if e["event"] in ("step", "llm_call")] == [
        ("step", "prepare"), ("llm_call", "plan"), ("step", "plan")]


def test_stepper_advance_keeps_the_callers_stop_after(tinyqueue: Path, tmp_path: Path) -> None:
    run = _context(tinyqueue, tmp_path / "run", stop_after=("prepare",))
    with pytest.raises(RunInterrupted, match="stopped after 'prepare'"):
        advance(scenario_state(tinyqueue), run)
    assert load_state(tmp_path / "run", inputs_for=inputs_type).step == "plan"


def test_stepper_advance_leaves_a_finished_run_alone(tinyqueue: Path, tmp_path: Path) -> None:
    run = _context(tinyqueue, tmp_path / "run", ())
    state = scenario_state(tinyqueue)
    done = type(state)(**{**vars(state), "step": DONE})
    assert advance(done, run) is done
    assert not (tmp_path / "run").exists()


def test_stepper_advance_rejects_an_unknown_step(tinyqueue: Path, tmp_path: Path) -> None:
    run = _context(tinyqueue, tmp_path / "run", ())
    state = scenario_state(tinyqueue)
    bogus = type(state)(**{**vars(state), "step": "bogus"})
    with pytest.raises(SourceError, match="unknown step 'bogus'"):
        advance(bogus, run)
