"""The figure of issue 17: each adapter reproduces the native run byte for byte.

One scripted scenario (a section drafted with three invented references; the fix removes
two, the strip the third; two clean sections, the article's review, then a translation)
runs on pse's own runner and on each framework adapter: the artifacts, the report
(findings, rounds, stripped spans, usage) and the final checkpoint are byte-identical, the
trace has the same steps, findings and token counts, and a run interrupted on one runner
and continued on another reports the same token counts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from article_support import CLEAN_ZH, read_report, trace_events
from integrations.scenario import (
    ADAPTERS,
    INVENTED,
    OUTPUTS,
    SCRIPT,
    STAGES,
    drive,
    require,
    scenario_parts,
    scenario_state,
)
from pse.pipeline.codec import load_state
from pse.pipeline.runner import RunInterrupted, resume_pipeline
from pse.tasks import inputs_type

CALLS_BEFORE = {"prepare": 0, "plan": 1, "write": 2, "evaluate": 2, "fix": 3, "strip": 3,
                "advance": 3, "translate": len(SCRIPT)}
"""Scripted replies used once a run has first finished each step."""


def _native(source: Path, run_dir: Path) -> None:
    task, deps, llm = scenario_parts(source)
    drive("native", scenario_state(source), task, deps, run_dir=run_dir)
    assert llm.pending == 0


def _untimed(run_dir: Path) -> list[dict[str, Any]]:
    """The trace without wall-clock times (the only thing two runs may differ in)."""
    return [{k: v for k, v in event.items() if k != "seconds"}
            for event in trace_events(run_dir)]


def _assert_same_outputs(expected: Path, actual: Path) -> None:
    for name in OUTPUTS:
        assert (actual / name).read_bytes() == (expected / name).read_bytes(), name


def test_parity_scenario_fixes_two_and_strips_one(tinyqueue: Path, tmp_path: Path) -> None:
    _native(tinyqueue, tmp_path / "native")
    report = read_report(tmp_path / "native")
    assert [(r["scope"], r["bad"], r["fixed"]) for r in report["rounds"]] == [
        ("section 1", 3, 2), ("section 1", 1, 0), ("section 2", 0, 0), ("section 3", 0, 0),
        ("article", 0, 0)]
    assert report["stripped"] == [INVENTED[2]]
    assert (report["findings_fixed"], report["findings_stripped"]) == (2, 1)
    assert (report["status"], report["open_findings"]) == ("passed", [])
    article = (tmp_path / "native" / "artifact.en.md").read_text(encoding="utf-8")
    assert not any(line in article for line in INVENTED)
    assert (tmp_path / "native" / "artifact.zh.md").read_text(encoding="utf-8").endswith(
        CLEAN_ZH)


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_parity_adapter_writes_the_native_outputs_byte_for_byte(
        tinyqueue: Path, tmp_path: Path, adapter: str) -> None:
    _native(tinyqueue, tmp_path / "native")
    task, deps, llm = scenario_parts(tinyqueue)
    final = drive(adapter, scenario_state(tinyqueue), task, deps, run_dir=tmp_path / adapter)
    assert llm.pending == 0
    assert tuple(r.info.stage for r in llm.requests) == STAGES
    assert (final.status, final.step) == ("passed", "done")
    _assert_same_outputs(tmp_path / "native", tmp_path / adapter)
    assert _untimed(tmp_path / adapter) == _untimed(tmp_path / "native")


@pytest.mark.parametrize("stop", list(CALLS_BEFORE))
@pytest.mark.parametrize("adapter", ADAPTERS)
def test_parity_adapter_continues_a_native_checkpoint_with_the_same_usage(
        tinyqueue: Path, tmp_path: Path, adapter: str, stop: str) -> None:
    require(adapter)
    _native(tinyqueue, tmp_path / "native")
    done = CALLS_BEFORE[stop]
    run_dir = tmp_path / "continued"
    task, deps, first = scenario_parts(tinyqueue, SCRIPT[:done], stop_after=(stop,))
    with pytest.raises(RunInterrupted):
        drive("native", scenario_state(tinyqueue), task, deps, run_dir=run_dir)
    assert first.pending == 0
    task, deps, second = scenario_parts(tinyqueue, SCRIPT[done:])
    drive(adapter, load_state(run_dir, inputs_for=inputs_type), task, deps, run_dir=run_dir)
    assert second.pending == 0
    assert read_report(run_dir)["usage"] == read_report(tmp_path / "native")["usage"]
    _assert_same_outputs(tmp_path / "native", run_dir)


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_parity_native_resume_continues_an_adapter_checkpoint(
        tinyqueue: Path, tmp_path: Path, adapter: str) -> None:
    _native(tinyqueue, tmp_path / "native")
    run_dir = tmp_path / "continued"
    task, deps, _ = scenario_parts(tinyqueue, SCRIPT[:3], stop_after=("fix",))
    with pytest.raises(RunInterrupted, match="stopped after 'fix'"):
        drive(adapter, scenario_state(tinyqueue), task, deps, run_dir=run_dir)
    assert load_state(run_dir, inputs_for=inputs_type).step == "evaluate"
    task, deps, rest = scenario_parts(tinyqueue, SCRIPT[3:])
    resume_pipeline(run_dir, task, deps)
    assert rest.pending == 0
    _assert_same_outputs(tmp_path / "native", run_dir)
    usage = read_report(run_dir)["usage"]
    assert usage == read_report(tmp_path / "native")["usage"]
    assert usage["fix"]["completion_tokens"] == str(len(SCRIPT[2].split()))
