"""The CrewAI adapter: pse's verify as a task guardrail, and the three-agent crew.

The crew runs for real (CrewAI's agent executor, its ReAct parser and its guardrail retry
loop) with pse's scripted model behind :class:`CrewLLM`, offline.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

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
from integrations.scenario import DRAFT, INVENTED
from pse.llm.fake import ScriptedLLM
from pse.llm.types import LLMClient
from pse.pipeline.state import PSEState
from pse.tasks.article.task import ArticleTask
from pse.tools.sandbox import Sandbox

pytest.importorskip("crewai", reason='install "pse[crewai]" (the test extra includes it)')
from crewai import Task as CrewTask  # noqa: E402
from crewai.tasks.task_output import TaskOutput  # noqa: E402

from pse.integrations.crewai import (  # noqa: E402
    CrewLLM,
    build_crew,
    reference_guardrail,
    sandbox_tools,
    task_guardrail,
)

pytestmark = pytest.mark.usefixtures("offline_crewai")


def _answer(text: str) -> str:
    """A reply in CrewAI's ReAct format."""
    return f"Thought: I now can give a great answer\nFinal Answer: {text}"


def _output(text: str) -> TaskOutput:
    return TaskOutput(description="write", raw=text, agent="Specialist")


def _prepared(source: Path, llm: ScriptedLLM, *, max_retries: int = 3
              ) -> tuple[ArticleTask, PSEState, LLMClient]:
    settings = article_settings(source)
    deps = scripted_deps(llm, settings)
    task = ArticleTask(settings=settings)
    return task, task.prepare(new_state(source, max_retries=max_retries), deps), deps.llm


# ------------------------------------------------------------------ guardrail

def test_crewai_task_guardrail_passes_a_clean_text(tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    guard = task_guardrail(task, state)
    assert guard(_output(CLEAN)) == (True, CLEAN)
    assert guard.gate.failures == 0 and guard.gate.last is not None


def test_crewai_task_guardrail_lists_every_finding_for_the_retry(tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    ok, message = task_guardrail(task, state)(_output(DRAFT))
    assert ok is False and isinstance(message, str)
    assert message.startswith("pse found 3 statement(s) the sources do not support")
    for line, name in [(6, "JobQueue.cancel()"), (7, "Job.retry()"),
                       (12, "RetryPolicy.jitter()")]:
        assert f"- line {line}: {name!r}: " in message
    assert "hint: " in message


def test_crewai_reference_guardrail_gives_evidence_and_suggestion(tinyqueue: Path) -> None:
    guard = reference_guardrail(tinyqueue)
    ok, message = guard(_output("Call `JobQueue.submitt()` to add a job.\n"))
    assert ok is False
    assert "hint: did you mean 'JobQueue.submit'?" in str(message)
    assert guard(_output("Call `JobQueue.submit()` to add a job.\n"))[0] is True
    ok_refs = guard.gate.last.ok if guard.gate.last else []
    assert [(f.text, f.evidence[0].path) for f in ok_refs] == [
        ("JobQueue.submit()", "src/tinyqueue/queue.py")]


def test_crewai_guardrail_strips_after_the_allowed_rounds(tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    guard = task_guardrail(task, state, strip_after=1)
    assert guard(_output(WITH_INVENTED))[0] is False
    assert guard(_output(WITH_INVENTED)) == (True, CLEAN)
    assert guard.gate.stripped == [INVENTED_LINE]


def test_crewai_accepts_the_guardrail(tinyqueue: Path) -> None:
    task, state, _ = _prepared(tinyqueue, ScriptedLLM())
    crew_task = CrewTask(description="write", expected_output="text",
                         guardrail=task_guardrail(task, state))
    assert crew_task.guardrail is not None


# ------------------------------------------------------------------ crew

def test_crewai_crew_fixes_through_the_guardrail(tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(WITH_INVENTED), _answer(CLEAN),
                       _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    parts = build_crew(task, state, llm=client)
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


def test_crewai_crew_strips_when_the_fix_rounds_are_spent(tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(WITH_INVENTED), _answer(WITH_INVENTED),
                       _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm, max_retries=1)
    parts = build_crew(task, state, llm=client)
    parts.crew.kickoff()
    assert llm.pending == 0
    assert parts.specialist.output.raw.strip() == CLEAN.strip()
    assert parts.guardrail.gate.stripped == [INVENTED_LINE]


def test_crewai_crew_prompts_are_pses(tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    build_crew(task, state, llm=client).crew.kickoff()
    planner = llm.requests[0].messages
    assert planner[0].role == "system"
    assert task.messages("planner", state)[0].content in planner[0].content
    assert "def run_all" in planner[-1].content  # pse's retrieved source excerpt


def test_crewai_crew_usage_reaches_pses_ledger(tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    settings = article_settings(tinyqueue)
    deps = scripted_deps(llm, settings)
    task = ArticleTask(settings=settings)
    state = task.prepare(new_state(tinyqueue), deps)
    build_crew(task, state, llm=deps.llm).crew.kickoff()
    assert deps.ledger is not None
    assert [c.stage for c in deps.ledger.calls] == ["planner", "specialist", "evaluator"]
    assert deps.ledger.calls[0].usage.completion_tokens == len(_answer(PLAN).split())


# ------------------------------------------------------------------ tools

def test_crewai_sandbox_tools_read_through_the_sandbox(tinyqueue: Path) -> None:
    tools = {tool.name: tool for tool in sandbox_tools(Sandbox([tinyqueue]))}
    assert sorted(tools) == ["grep", "list_dir", "read_file", "run_command"]
    text = tools["read_file"].run(path="src/tinyqueue/queue.py", start=20, end=21)
    assert "def delay" in text
    assert tools["read_file"].run(path="../../etc/passwd").startswith("refused [")
    assert "queue.py" in tools["grep"].run(pattern="def run_all")


def test_crewai_specialist_calls_a_sandbox_tool(tinyqueue: Path) -> None:
    action = ("Thought: I should read the queue.\nAction: read_file\n"
              "Action Input: " + json.dumps({"path": "src/tinyqueue/queue.py"}))
    llm = ScriptedLLM([_answer(PLAN), action, _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    build_crew(task, state, llm=client, sandbox=Sandbox([tinyqueue])).crew.kickoff()
    assert llm.pending == 0
    conversation = "\n".join(m.content for m in llm.requests[2].messages)
    assert "Observation:" in conversation
    assert "src/tinyqueue/queue.py (lines 1-60 of 60)" in conversation  # pse's sandbox
    assert "class JobQueue" in conversation


def test_crewai_llm_passes_the_stage_and_parameters() -> None:
    llm = ScriptedLLM(["an answer\nObservation: cut here"])
    crew_llm = CrewLLM.wrap(llm, stage="fix", max_tokens=99)
    crew_llm.stop = ["\nObservation:"]
    assert crew_llm.call([{"role": "system", "content": "rules"},
                          {"role": "user", "content": [{"type": "text", "text": "hi"}]}]
                         ) == "an answer"
    request = llm.requests[0]
    assert (request.info.stage, request.info.params) == ("fix", {"max_tokens": 99})
    assert [(m.role, m.content) for m in request.messages] == [("system", "rules"),
                                                               ("user", "hi")]


def test_crewai_runs_offline(offline_crewai: list[str], tinyqueue: Path) -> None:
    llm = ScriptedLLM([_answer(PLAN), _answer(CLEAN), _answer(APPROVED)])
    task, state, client = _prepared(tinyqueue, llm)
    build_crew(task, state, llm=client).crew.kickoff()
    assert offline_crewai == []


def test_crewai_missing_extra_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "crewai", None)
    monkeypatch.delitem(sys.modules, "pse.integrations.crewai")
    with pytest.raises(ImportError, match=r'install "pse\[crewai\]"'):
        importlib.import_module("pse.integrations.crewai")


def test_crewai_scenario_draft_names_three_inventions() -> None:
    assert all(line in DRAFT for line in INVENTED)
