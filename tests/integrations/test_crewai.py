"""The CrewAI adapter: pse's verify as a task guardrail, and the three-agent crew.

The crew runs for real (CrewAI's agent executor, its ReAct parser and its guardrail retry
loop) with pse's scripted model behind ``CrewLLM``, offline. crewai writes into the user's
data folder when it is imported, so it is imported by the ``crew`` fixture, after
``offline_crewai`` pointed that folder into the test's temp folder.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from article_support import (
    APPROVED,
    CLEAN,
    INVENTED_LINE,
    PLAN,
    WITH_INVENTED,
    article_settings,
    new_state,
    scripted_deps,
)
from integrations.scenario import (
    DRAFT,
    DRAFT_ARTICLE,
    INVENTED,
    SCRIPT,
    scenario_parts,
    scenario_state,
)
from pse.llm.fake import ScriptedLLM
from pse.llm.types import LLMClient
from pse.pipeline.codec import finding_to_dict, load_state
from pse.pipeline.runner import RunInterrupted, resume_pipeline, run_pipeline
from pse.pipeline.state import PSEState
from pse.tasks import inputs_type
from pse.tasks.article.task import ArticleTask
from pse.tools.sandbox import Sandbox

if importlib.util.find_spec("crewai") is None:
    pytest.skip('install "pse[crewai]" (the test extra includes it)', allow_module_level=True)


@pytest.fixture
def crew(offline_crewai: list[str]) -> ModuleType:  # noqa: ARG001 - imports after it
    """``pse.integrations.crewai`` (crewai is imported here, offline and sandboxed)."""
    return importlib.import_module("pse.integrations.crewai")


def _answer(text: str) -> str:
    """A reply in CrewAI's ReAct format."""
    return f"Thought: I now can give a great answer\nFinal Answer: {text}"


def _output(text: str) -> Any:
    from crewai.tasks.task_output import TaskOutput
    return TaskOutput(description="write", raw=text, agent="Specialist")


def _prepared(source: Path, llm: ScriptedLLM, *, max_retries: int = 3
              ) -> tuple[ArticleTask, PSEState, LLMClient]:
    settings = article_settings(source)
    deps = scripted_deps(llm, settings)
    task = ArticleTask(settings=settings)
    return task, task.prepare(new_state(source, max_retries=max_retries), deps), deps.llm


# ------------------------------------------------------------------ guardrail

def test_crewai_task_guardrail_passes_a_clean_text(crew: ModuleType, tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    guard = crew.task_guardrail(task, state)
    assert guard(_output(CLEAN.strip())) == (True, CLEAN)  # normalized like a model reply
    assert guard.gate.failures == 0 and [r.bad for r in guard.gate.results] == [[]]


def test_crewai_task_guardrail_lists_every_finding_for_the_retry(crew: ModuleType,
                                                                 tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    ok, message = crew.task_guardrail(task, state)(_output(DRAFT_ARTICLE))
    assert ok is False and isinstance(message, str)
    assert message.startswith("pse found 3 statement(s) the sources do not support")
    for line, name in [(6, "JobQueue.cancel()"), (7, "Job.retry()"),
                       (8, "RetryPolicy.jitter()")]:
        assert f"- line {line}: {name!r}: " in message
    assert "hint: " in message


def test_crewai_reference_guardrail_gives_evidence_and_suggestion(crew: ModuleType,
                                                                  tinyqueue: Path) -> None:
    guard = crew.reference_guardrail(tinyqueue)
    ok, message = guard(_output("Call `JobQueue.submitt()` to add a job.\n"))
    assert ok is False
    assert "hint: did you mean 'JobQueue.submit'?" in str(message)
    assert guard(_output("Call `JobQueue.submit()` to add a job.\n"))[0] is True
    assert [(f.text, f.evidence[0].path) for f in guard.gate.results[-1].ok] == [
        ("JobQueue.submit()", "src/tinyqueue/queue.py")]


def test_crewai_guardrail_strips_after_the_allowed_rounds(crew: ModuleType,
                                                          tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    guard = crew.task_guardrail(task, state, strip_after=1)
    assert guard(_output(WITH_INVENTED))[0] is False
    assert guard(_output(WITH_INVENTED)) == (True, CLEAN)
    assert guard.gate.stripped == [INVENTED_LINE]


def test_crewai_accepts_the_guardrail(crew: ModuleType, tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    from crewai import Task as CrewTask
    crew_task = CrewTask(description="write", expected_output="text",
                         guardrail=crew.task_guardrail(task, state))
    assert crew_task.guardrail is not None


# ------------------------------------------------------------------ crew

def test_crewai_crew_fixes_through_the_guardrail(crew: ModuleType, tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(WITH_INVENTED), _answer(CLEAN),
                       _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    parts = crew.build_crew(task, state, llm=client)
    result = parts.crew.kickoff()
    assert llm.pending == 0
    assert [r.info.stage for r in llm.requests] == ["planner", "specialist", "specialist",
                                                    "evaluator"]
    assert parts.specialist.output.raw.strip() == CLEAN.strip()
    assert result.raw == APPROVED
    retry = llm.requests[2].messages[-1].content
    assert "Previous attempt failed validation: pse found 1 statement(s)" in retry
    assert "- line 6: 'JobQueue.cancel()'" in retry
    assert PLAN.strip() in llm.requests[1].messages[-1].content  # the plan as context
    assert (parts.guardrail.gate.failures, parts.guardrail.gate.stripped) == (1, [])


def test_crewai_crew_strips_when_the_fix_rounds_are_spent(crew: ModuleType,
                                                          tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(WITH_INVENTED), _answer(WITH_INVENTED),
                       _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm, max_retries=1)
    parts = crew.build_crew(task, state, llm=client)
    parts.crew.kickoff()
    assert llm.pending == 0
    assert parts.specialist.output.raw.strip() == CLEAN.strip()
    assert parts.guardrail.gate.stripped == [INVENTED_LINE]


def test_crewai_crew_prompts_are_pses(crew: ModuleType, tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    crew.build_crew(task, state, llm=client).crew.kickoff()
    planner = llm.requests[0].messages
    assert planner[0].role == "system"
    assert task.messages("planner", state)[0].content in planner[0].content
    assert "def run_all" in planner[-1].content  # pse's retrieved source excerpt


def test_crewai_crew_usage_reaches_pses_ledger(crew: ModuleType, tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    settings = article_settings(tinyqueue)
    deps = scripted_deps(llm, settings)
    task = ArticleTask(settings=settings)
    state = task.prepare(new_state(tinyqueue), deps)
    crew.build_crew(task, state, llm=deps.llm).crew.kickoff()
    assert deps.ledger is not None
    assert [c.stage for c in deps.ledger.calls] == ["planner", "specialist", "evaluator"]
    assert deps.ledger.calls[0].usage.completion_tokens == len(_answer(PLAN).split())


def _native_rounds(source: Path, run_dir: Path) -> tuple[PSEState, str, PSEState]:
    """The scenario on the native runner: the state after the first section's first
    evaluation, that section's text after the fix, and the final state."""
    task, deps, _ = scenario_parts(source, SCRIPT[:2], stop_after=("evaluate",))
    with pytest.raises(RunInterrupted):
        run_pipeline(scenario_state(source), task, deps, run_dir=run_dir)
    first = load_state(run_dir, inputs_for=inputs_type)
    task, deps, _ = scenario_parts(source, SCRIPT[2:3], stop_after=("fix",))
    with pytest.raises(RunInterrupted):
        resume_pipeline(run_dir, task, deps)
    fixed = load_state(run_dir, inputs_for=inputs_type).current_text()
    task, deps, _ = scenario_parts(source, SCRIPT[3:])
    return first, fixed, resume_pipeline(run_dir, task, deps)


def _unplaced(findings: list[dict[str, object]]) -> list[dict[str, object]]:
    """Findings without their line: the native run checks the section (its lines count
    from the section's heading), the crew the whole article."""
    return [{k: v for k, v in f.items() if k != "line"} for f in findings]


def test_crewai_parity_crew_reaches_the_native_text_and_findings(
        crew: ModuleType, tinyqueue: Path, tmp_path: Path) -> None:
    first, fixed, native = _native_rounds(tinyqueue, tmp_path / "native")
    fixed_article = DRAFT_ARTICLE.replace(DRAFT, fixed)
    llm = ScriptedLLM([_answer(PLAN), _answer(DRAFT_ARTICLE), _answer(fixed_article),
                       _answer(APPROVED)])
    task, deps, _ = scenario_parts(tinyqueue, ())
    state = task.prepare(scenario_state(tinyqueue), deps)
    parts = crew.build_crew(task, state, llm=llm)  # max_retries=1: one fix, then strip
    parts.crew.kickoff()
    gate = parts.guardrail.gate
    assert parts.specialist.output.raw == native.artifact  # byte for byte
    crew_first = [finding_to_dict(f) for f in gate.results[0].bad]
    native_first = [finding_to_dict(f) for f in first.bad]
    assert _unplaced(crew_first) == _unplaced(native_first) and len(crew_first) == 3
    assert [f["line"] for f in crew_first] == [
        int(f["line"]) + 2 for f in native_first]  # type: ignore[call-overload]  # + title
    section_one = [r.bad for r in native.rounds if r.scope == "section 1"]
    assert [len(r.bad) for r in gate.results] == section_one == [3, 1]
    assert gate.stripped == native.stripped == [INVENTED[2]]


# ------------------------------------------------------------------ tools

def test_crewai_sandbox_tools_read_through_the_sandbox(crew: ModuleType, tinyqueue: Path) -> None:
    tools = {tool.name: tool for tool in crew.sandbox_tools(Sandbox([tinyqueue]))}
    assert sorted(tools) == ["grep", "list_dir", "read_file", "run_command"]
    text = tools["read_file"].run(path="src/tinyqueue/queue.py", start=20, end=21)
    assert "def delay" in text
    assert tools["read_file"].run(path="../../etc/passwd").startswith("refused [")
    assert "queue.py" in tools["grep"].run(pattern="def run_all")


def test_crewai_specialist_calls_a_sandbox_tool(crew: ModuleType, tinyqueue: Path) -> None:
    action = ("Thought: I should read the queue.\nAction: read_file\n"
              "Action Input: " + json.dumps({"path": "src/tinyqueue/queue.py"}))
    llm = ScriptedLLM([_answer(PLAN), action, _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    crew.build_crew(task, state, llm=client, sandbox=Sandbox([tinyqueue])).crew.kickoff()
    assert llm.pending == 0
    conversation = "\n".join(m.content for m in llm.requests[2].messages)
    assert "Observation:" in conversation
    assert "src/tinyqueue/queue.py (lines 1-60 of 60)" in conversation  # pse's sandbox
    assert "class JobQueue" in conversation


def test_crewai_llm_passes_the_stage_and_parameters(crew: ModuleType) -> None:
    llm = ScriptedLLM(["an answer\nObservation: cut here"])
    crew_llm = crew.CrewLLM.wrap(llm, stage="fix", max_tokens=99)
    crew_llm.stop = ["\nObservation:"]
    assert crew_llm.call([{"role": "system", "content": "rules"},
                          {"role": "user", "content": [{"type": "text", "text": "hi"}]}]
                         ) == "an answer"
    request = llm.requests[0]
    assert (request.info.stage, request.info.params) == ("fix", {"max_tokens": 99})
    assert [(m.role, m.content) for m in request.messages] == [("system", "rules"),
                                                               ("user", "hi")]


def test_crewai_runs_offline(crew: ModuleType, offline_crewai: list[str], tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    crew.build_crew(task, state, llm=client).crew.kickoff()
    assert offline_crewai == []


def test_crewai_missing_extra_names_the_install(crew: ModuleType,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "crewai", None)
    monkeypatch.delitem(sys.modules, "pse.integrations.crewai")
    with pytest.raises(ImportError, match=r'install "pse\[crewai\]"'):
        importlib.import_module("pse.integrations.crewai")

