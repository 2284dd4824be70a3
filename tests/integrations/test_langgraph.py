"""The LangGraph adapter: named nodes over the registered steps, routed on ``state.step``."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from article_support import JOBS, RETRIES, trace_events
from integrations.extra_step import register_polish
from integrations.scenario import DRAFT, SCRIPT, require, scenario_parts, scenario_state

require("langgraph")
from langgraph.graph import END  # noqa: E402

from pse.integrations.langgraph import (  # noqa: E402
    RECURSION_LIMIT,
    build_graph,
    checkpoint_serializer,
    node_name,
    route,
    run_graph,
)
from pse.pipeline.codec import load_state  # noqa: E402
from pse.tasks import inputs_type  # noqa: E402
from pse.tasks.article.task import ArticleTask  # noqa: E402


def test_langgraph_nodes_are_the_seeds_roles_and_the_steps(tinyqueue: Path,
                                                           tmp_path: Path) -> None:
    task, deps, _ = scenario_parts(tinyqueue)
    graph = build_graph(task, deps, run_dir=tmp_path / "run").compile().get_graph()
    assert sorted(graph.nodes) == sorted(["__start__", "__end__", "prepare", "planner",
                                          "specialist", "evaluator", "fix", "strip",
                                          "advance", "translate", "finalize"])
    edges = {(e.source, e.target) for e in graph.edges}
    assert {("evaluator", "fix"), ("evaluator", "strip"), ("evaluator", "advance"),
            ("evaluator", "translate"), ("fix", "evaluator"), ("strip", "advance"),
            ("advance", "specialist"), ("advance", "evaluator"), ("finalize", END)} <= edges


def test_langgraph_route_follows_the_step_the_state_names(tinyqueue: Path) -> None:
    state = scenario_state(tinyqueue)
    assert [node_name(s) for s in ("plan", "write", "evaluate", "fix", "done", "polish")] == [
        "planner", "specialist", "evaluator", "fix", END, "polish"]
    assert route({"state": state}) == "prepare"


def test_langgraph_routes_a_step_registered_later(tinyqueue: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    seen = register_polish(monkeypatch)
    task, deps, llm = scenario_parts(tinyqueue)
    final = run_graph(build_graph(task, deps, run_dir=tmp_path / "run"),
                      scenario_state(tinyqueue))
    assert (final.status, llm.pending, seen) == ("passed", 0, [DRAFT, RETRIES, JOBS])
    steps = [e["step"] for e in trace_events(tmp_path / "run") if e["event"] == "step"]
    assert steps[:5] == ["prepare", "plan", "write", "polish", "evaluate"]


def test_langgraph_continues_a_checkpointed_state(tinyqueue: Path, tmp_path: Path) -> None:
    task, deps, _ = scenario_parts(tinyqueue, SCRIPT[:2])
    graph = build_graph(task, deps, run_dir=tmp_path / "run")
    state = scenario_state(tinyqueue)
    for _ in range(3):  # prepare, plan, write
        state = graph.nodes[node_name(state.step)].runnable.invoke({"state": state})["state"]
    assert state.step == "evaluate"
    task, deps, rest = scenario_parts(tinyqueue, SCRIPT[2:])
    final = run_graph(build_graph(task, deps, run_dir=tmp_path / "run"), state)
    assert (final.status, rest.pending) == ("passed", 0)


def test_langgraph_missing_extra_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "langgraph.graph", None)
    monkeypatch.delitem(sys.modules, "pse.integrations.langgraph")
    with pytest.raises(ImportError, match=r'install "pse\[langgraph\]"'):
        importlib.import_module("pse.integrations.langgraph")


def test_langgraph_checkpointer_restores_the_run_state(tinyqueue: Path, tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    from langgraph.checkpoint.memory import InMemorySaver

    task, deps, llm = scenario_parts(tinyqueue)
    graph = build_graph(task, deps, run_dir=tmp_path / "run").compile(
        checkpointer=InMemorySaver(serde=checkpoint_serializer(ArticleTask.inputs_type)))
    config = {"configurable": {"thread_id": "t1"}, "recursion_limit": RECURSION_LIMIT}
    graph.invoke({"state": scenario_state(tinyqueue)}, config)
    restored = graph.get_state(config).values["state"]
    assert restored == load_state(tmp_path / "run", inputs_for=inputs_type)
    assert restored.status == "passed"
    assert llm.pending == 0 and "unregistered type" not in caplog.text


def test_langgraph_a_step_that_never_ends_is_stopped(tinyqueue: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from langgraph.errors import GraphRecursionError

    from pse.pipeline.runner import STEPS

    monkeypatch.setitem(STEPS, "prepare", lambda state, task, deps: state)  # step stays
    monkeypatch.setattr("pse.integrations.langgraph.RECURSION_LIMIT", 5)
    task, deps, _ = scenario_parts(tinyqueue, ())
    with pytest.raises(GraphRecursionError):
        run_graph(build_graph(task, deps, run_dir=tmp_path / "run"), scenario_state(tinyqueue))
