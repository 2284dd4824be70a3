"""Run the steps in order, checkpointing after each; resume from the last checkpoint.

The loop is explicit and bounded: ``evaluate`` leads to ``fix`` at most ``max_retries``
times per scope (each section, then the assembled article), then to ``strip``; ``advance``
moves the section cursor; every other step has one successor. ``finalize`` computes the
gates and writes ``passed`` only when every one of them holds.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, replace
from decimal import Decimal
from pathlib import Path

from pse.errors import SourceError
from pse.llm.usage import CallRecord
from pse.pipeline import steps
from pse.pipeline.codec import finding_to_dict, inputs_to_dict, load_state, save_state
from pse.pipeline.publish import publish_reports
from pse.pipeline.state import Gate, PSEState, RoundRecord, Status
from pse.pipeline.task import EvidencedTask, RunDeps, SectionedTask, Task, with_default_hooks
from pse.pipeline.trace import Trace

Step = Callable[[PSEState, Task, RunDeps], PSEState]
def _prepare(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    return replace(task.prepare(state, deps), step="plan")


STEPS: dict[str, Step] = {
    "prepare": _prepare,
    "plan": steps.plan, "write": steps.write, "evaluate": steps.evaluate, "fix": steps.fix,
    "strip": steps.strip, "advance": steps.advance, "translate": steps.translate,
}
_MAX_STEPS = 2000
"""A hard ceiling on steps per run, far above what max_retries and the plan allow."""


def _bind(step: Step, task: Task, deps: RunDeps) -> Callable[[PSEState], PSEState]:
    def run(state: PSEState) -> PSEState:
        return step(state, task, deps)
    return run


class RunInterrupted(Exception):  # noqa: N818 - a control-flow signal, caught by callers
    """Raised after a step listed in ``RunDeps.stop_after`` (tests of resume)."""


def run_pipeline(state: PSEState, task: Task, deps: RunDeps, *, run_dir: Path) -> PSEState:
    """Run (or continue) ``state`` to the end and write the outputs into ``run_dir``."""
    task = with_default_hooks(task)  # a plug-in task may lack the optional hooks
    trace = Trace(run_dir)
    # the task's caps, here for every entry point: a continued run writes as the first did
    deps = replace(deps, on_event=_traced(trace, deps.on_event),
                   max_tokens={**deps.max_tokens, **task.token_caps(state)})
    for _ in range(_MAX_STEPS):
        name = state.step
        if name == "finalize":
            state = finalize(state, task, run_dir=run_dir)
            save_state(state, run_dir)
            _emit(deps, {"event": "done", "status": state.status})
            return state
        step = STEPS.get(name)
        if step is None:
            raise SourceError(f"the checkpoint of run {state.run_id!r} names an unknown "
                              f"step {name!r}; start a new run")
        state = _timed(trace, deps, name, _bind(step, task, deps), state)
        save_state(state, run_dir)
        if name in deps.stop_after:
            raise RunInterrupted(f"stopped after {name!r}")
    raise RuntimeError(f"run {state.run_id} did not finish in {_MAX_STEPS} steps")


def _timed(trace: Trace, deps: RunDeps, name: str, fn: Callable[[PSEState], PSEState],
           state: PSEState) -> PSEState:
    _emit(deps, {"event": "step_start", "step": name, "round": len(state.rounds)})
    seen = len(deps.ledger.calls) if deps.ledger is not None else 0
    started = time.monotonic()
    new_state = fn(state)
    if deps.ledger is not None:
        calls = deps.ledger.calls[seen:]
        trace.llm_calls(calls, step=name)
        new_state = replace(new_state, usage=add_usage(new_state.usage, calls))
    trace.write({"event": "step", "step": name, "seconds": round(time.monotonic() - started, 3),
                 "next": new_state.step, "open_findings": len(new_state.bad),
                 "attempts": new_state.attempts})
    _emit(deps, {"event": "step_end", "step": name, "next": new_state.step,
                 "open_findings": len(new_state.bad),
                 "review_issues": len(new_state.llm_issues)})
    return new_state


def add_usage(usage: dict[str, dict[str, str]], calls: tuple[CallRecord, ...]
              ) -> dict[str, dict[str, str]]:
    """Per-stage totals (tokens and cost as strings, so money stays exact in JSON)."""
    totals = {stage: dict(values) for stage, values in usage.items()}
    for call in calls:
        if call.cached:
            continue
        entry = totals.setdefault(call.stage, {"requests": "0", "prompt_tokens": "0",
                                               "completion_tokens": "0", "cost": "0"})
        entry["requests"] = str(int(entry["requests"]) + 1)
        entry["prompt_tokens"] = str(int(entry["prompt_tokens"]) + call.usage.prompt_tokens)
        entry["completion_tokens"] = str(int(entry["completion_tokens"])
                                         + call.usage.completion_tokens)
        entry["cost"] = str(Decimal(entry["cost"]) + (call.cost or Decimal(0)))
    return totals


_TRACED_EVENTS = frozenset({"retrieval", "notice"})
"""Events a task sends that also belong in ``trace.jsonl`` (retrieval top-k and scores)."""


def _traced(trace: Trace, forward: Callable[[dict[str, object]], None] | None
            ) -> Callable[[dict[str, object]], None]:
    def on_event(event: dict[str, object]) -> None:
        if event.get("event") in _TRACED_EVENTS:
            trace.write(event)
        if forward is not None:
            forward(event)
    return on_event


def _emit(deps: RunDeps, event: dict[str, object]) -> None:
    if deps.on_event is not None:
        deps.on_event(event)


def resume_pipeline(run_dir: Path, task: Task, deps: RunDeps) -> PSEState:
    """Continue the run checkpointed in ``run_dir`` without repeating finished steps."""
    state = load_state(run_dir, inputs_for=lambda _name: task.inputs_type)
    return run_pipeline(state, task, deps, run_dir=run_dir)


def finalize(state: PSEState, task: Task, *, run_dir: Path) -> PSEState:
    """Judge the gates, then write the artifact(s) and the report.

    ``passed`` only when every gate holds; anything else goes to ``needs-review/`` with
    the first failing gate as the reason.
    """
    gates = final_gates(state, task)
    failing = [g for g in gates if not g.passed]
    status: Status = "needs-review" if failing or state.status in ("failed", "needs-review") \
        else "passed"
    reason = "; ".join(f"{g.name}: {g.detail}" for g in failing[:3])
    state = replace(state, status=status, step="done", gates=gates,
                    reason=reason if status != "passed" else "")
    target = run_dir if status == "passed" else run_dir / "needs-review"
    target.mkdir(parents=True, exist_ok=True)
    lang = state.inputs.lang
    texts = {lang: state.artifact, **state.translations}
    for name, text in texts.items():
        (target / f"artifact.{name}.md").write_text(task.finalize(state, text, lang=name),
                                                    encoding="utf-8")
    report = run_report(state)
    if isinstance(task, EvidencedTask):
        report["sentences"] = task.sentences(state)
    (target / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=2,
                                                   sort_keys=True) + "\n", encoding="utf-8")
    if target != run_dir:
        shutil.copy2(target / "report.json", run_dir / "report.json")
    publish_reports(state, task, report, folder=target, run_dir=run_dir)
    return state


def final_gates(state: PSEState, task: Task) -> list[Gate]:
    """The generic gates (no open finding, a readable review) and the task's own."""
    open_count = len(state.bad)
    gates = [Gate("findings", passed=open_count == 0, value=open_count,
                  detail=f"{open_count} open finding(s)" + (
                      f", first: {state.bad[0].rule} {state.bad[0].text!r}"
                      if open_count else ""))]
    if not state.review_readable:
        gates.append(Gate("llm-review", passed=False, value=0,
                          detail="the LLM review could not be read as a verdict"))
    if isinstance(task, SectionedTask):
        gates.extend(task.gates(state))
    return gates


def run_report(state: PSEState) -> dict[str, object]:
    """What the run did: rounds, findings fixed and stripped, what is still open."""
    return {
        "run_id": state.run_id, "task": state.task, "status": state.status,
        "inputs": inputs_to_dict(state.inputs), "rounds": [_round_view(r) for r in state.rounds],
        "fix_rounds": state.attempts,
        "findings_fixed": sum(r.fixed for r in state.rounds),
        "findings_stripped": len(state.stripped), "stripped": state.stripped,
        "usage": state.usage, "open_findings": [finding_to_dict(f) for f in state.bad],
        "languages": [state.inputs.lang, *sorted(state.translations)],
        "gates": [asdict(g) for g in state.gates], "reason": state.reason,
        "rejected_edits": sum(r.rejected_edits for r in state.rounds),
        "review": {"readable": state.review_readable,
                   "tracked_issues": [e.get("issue", "") for e in state.review]},
        "plan": {"source": state.plan_source or ("planner" if state.plan else ""),
                 "notes": state.plan_notes,
                 "sections": [{k: v for k, v in asdict(s).items()
                               if k not in ("text", "draft", "excerpts")}
                              for s in state.sections]},
    }


def _round_view(record: RoundRecord) -> dict[str, object]:
    """A round as the run report shows it: each finding's rule, line, text, message and
    hint (its evidence stays in ``open_findings``)."""
    view = asdict(record)
    view["findings"] = [{"rule": f.rule, "line": f.line, "text": f.text, "message": f.message,
                         "hint": f.hint} for f in record.findings]
    return view
