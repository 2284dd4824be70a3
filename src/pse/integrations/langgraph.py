"""pse's gate as a LangGraph ``StateGraph``: planner → specialist → evaluator ⇄ fix → strip
→ advance, per section, then the article's evaluator → translate → finalize.

Every registered pipeline step is a node (``plan`` is ``planner``, ``write`` is
``specialist``, ``evaluate`` is ``evaluator``; any other step keeps its own name, so steps
the pipeline adds later become nodes without a change here), plus ``finalize``. One
conditional edge after ``START`` and after every node routes on ``PSEState.step``, which the
step just set; ``done`` goes to ``END``. The graph state is ``{"state": PSEState}``: each node
returns the new state, checkpointed to the run folder by the native runner
(:func:`~pse.integrations.stepper.advance`), so a graph run can be continued by ``pse
resume`` and a native checkpoint can be continued by the graph.

Example:
    >>> graph = build_graph(ArticleTask(settings=settings), deps, run_dir=Path("runs/r1"))
    >>> final = run_graph(graph, PSEState(run_id="r1", task="article", inputs=inputs))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypedDict

from pse.integrations.stepper import DONE, MAX_STEPS, RunContext, advance, step_names
from pse.pipeline.inputs import GenericInputs, TaskInputs
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task

try:
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
    from langgraph.graph import END, START, StateGraph
except ImportError as exc:  # the extra is optional; say how to get it
    raise ImportError('install "pse[langgraph]" to run pse inside LangGraph') from exc

NODE_NAMES: Mapping[str, str] = {"plan": "planner", "write": "specialist",
                                 "evaluate": "evaluator"}
"""Node names that differ from their step's name (the seeds' role names)."""
RECURSION_LIMIT = MAX_STEPS
"""LangGraph's default (25 super-steps) is too low for a sectioned article with fix rounds;
the pipeline bounds its own loops (``max_retries``)."""


STATE_TYPES = (("pse.pipeline.state", "PSEState"), ("pse.pipeline.state", "RoundRecord"),
               ("pse.pipeline.state", "RunOptions"), ("pse.pipeline.state", "Gate"),
               ("pse.pipeline.plan", "Section"), ("pse.rag.retriever", "Chunk"),
               ("pse.verify.finding", "Finding"), ("pse.verify.finding", "Evidence"))
"""The types a LangGraph checkpoint of this graph holds (its serializer's allow-list),
besides the task's inputs type."""


def checkpoint_serializer(inputs_type: type[TaskInputs] = GenericInputs) -> JsonPlusSerializer:
    """A LangGraph checkpoint serializer that may restore the run state of a task whose
    inputs are ``inputs_type``, e.g. ``InMemorySaver(serde=checkpoint_serializer(
    task.inputs_type))`` (LangGraph refuses unlisted types)."""
    inputs = {(cls.__module__, cls.__qualname__) for cls in inputs_type.__mro__
              if issubclass(cls, TaskInputs)}
    return JsonPlusSerializer(allowed_msgpack_modules=(*STATE_TYPES, *sorted(inputs)))


class GraphState(TypedDict):
    """The LangGraph state: the pse run state, replaced by every node."""

    state: PSEState


def node_name(step: str) -> str:
    """The graph node that runs ``step`` (``END`` for a finished run)."""
    return END if step == DONE else NODE_NAMES.get(step, step)


def build_graph(task: Task, deps: RunDeps, *, run_dir: Path) -> StateGraph:
    """The uncompiled graph (add your own nodes or a checkpointer, then ``compile()``)."""
    run = RunContext(task=task, deps=deps, run_dir=run_dir)
    graph = StateGraph(GraphState)
    nodes = [node_name(step) for step in step_names()]
    for step in step_names():
        graph.add_node(node_name(step), _node(run))
    path_map = {name: name for name in nodes} | {END: END}
    graph.add_conditional_edges(START, route, path_map)
    for name in nodes:
        graph.add_conditional_edges(name, route, path_map)
    return graph


def route(values: GraphState) -> str:
    """The next node: the one that runs the step the state names."""
    return node_name(values["state"].step)


def _node(run: RunContext) -> Callable[[GraphState], GraphState]:
    def node(values: GraphState) -> GraphState:
        return {"state": advance(values["state"], run)}
    return node


def run_graph(graph: StateGraph, state: PSEState) -> PSEState:
    """Compile ``graph``, run ``state`` to the end, and return the final state."""
    compiled = graph.compile()
    result = compiled.invoke({"state": state}, {"recursion_limit": RECURSION_LIMIT})
    final = result["state"]
    assert isinstance(final, PSEState)
    return final
