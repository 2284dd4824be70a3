"""pse's gate inside CrewAI: a task guardrail, and a three-agent crew built on pse's parts.

A guardrail (:func:`task_guardrail`: a pse task's verify function; :func:`reference_guardrail`:
the code references against a source tree) is what CrewAI's ``Task(guardrail=...)`` calls
with the task's output. Its :class:`Guardrail` normalizes the text as pse normalizes any
model output, runs the checks and answers CrewAI's ``(ok, result_or_message)``: ``(True,
text)`` when nothing is unverified, else ``(False, message)`` where the message lists every
finding with its line, hint and evidence in the sources, so CrewAI's retry is a targeted
fix round. After ``strip_after`` failed rounds it does what pse's pipeline does when the
fix rounds are spent: deletes the spans still unverified (deterministic) and passes the
text if the rest verifies.

:func:`build_crew` makes the Planner, Specialist and Evaluator agents with the pse task's
prompts, pse's LLM client (:class:`CrewLLM`, so usage reaches pse's ledger) and the
sandboxed tools (:func:`sandbox_tools`), and puts the guardrail on the Specialist's task.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Protocol, cast

from pse.config import Settings, cache_dir, load_settings
from pse.index.builder import build_index
from pse.llm.types import LLMClient, Message, Stage
from pse.pipeline.state import PSEState
from pse.pipeline.steps import clean_output
from pse.pipeline.task import Task
from pse.tools.dispatch import call_tool
from pse.tools.sandbox import Sandbox
from pse.tools.schemas import tool_schemas
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.finding import Finding, VerifyResult
from pse.verify.resolve import Resolver, project_resolver
from pse.verify.strip import Span, strip_spans

try:
    from crewai import Agent, Crew, Process
    from crewai import Task as CrewTask
    from crewai.llms.base_llm import BaseLLM
    from crewai.tools import BaseTool
    from pydantic import BaseModel, PrivateAttr, create_model
except ImportError as exc:  # the extra is optional; say how to get it
    raise ImportError('install "pse[crewai]" to use pse inside CrewAI') from exc

Verify = Callable[[str], VerifyResult]
"""A pse verify function on a text: the findings it has (``bad``) and what checked out."""
_MAX_SHOWN = 25
"""Findings listed in one retry message (the count of the rest is given)."""


class Guardrail:
    """Runs a pse verify function on a task's output; keeps what it found and stripped."""

    def __init__(self, verify: Verify, *, strip_after: int | None = None) -> None:
        """Check outputs with ``verify``; strip after ``strip_after`` failed rounds
        (``None``: never strip, keep asking for fixes)."""
        self.verify = verify
        self.strip_after = strip_after
        self.failures = 0
        """Rounds that failed so far."""
        self.stripped: list[str] = []
        """Spans the deterministic strip deleted."""
        self.results: list[VerifyResult] = []
        """What each round found (before any strip), in order."""

    def check(self, output: object) -> tuple[bool, object]:
        """CrewAI's ``(ok, result_or_message)`` for a ``TaskOutput`` (or any ``.raw``)."""
        # normalized as pse normalizes any model output, so lines match a native run's
        text = clean_output(str(getattr(output, "raw", output)))
        result = self.verify(text)
        self.results.append(result)
        if result.bad and self.strip_after is not None and self.failures >= self.strip_after:
            text, result = self._strip(text, result)
        if not result.bad:
            return True, text
        self.failures += 1
        return False, feedback(result.bad)

    def _strip(self, text: str, result: VerifyResult) -> tuple[str, VerifyResult]:
        spans = [Span(f.line, f.text) for f in result.bad if f.line]
        stripped, removed = strip_spans(text, spans)
        self.stripped.extend(removed)
        return stripped, self.verify(stripped)


class CrewGuardrail(Protocol):
    """What ``Task(guardrail=...)`` gets: a plain function, with its :class:`Guardrail`."""

    gate: Guardrail
    """The checks' state: ``failures``, ``results`` and ``stripped``."""

    def __call__(self, output: object) -> tuple[bool, object]:
        """CrewAI's ``(ok, result_or_message)``."""
        ...


_SIGNATURE = inspect.Signature([inspect.Parameter(
    "output", inspect.Parameter.POSITIONAL_OR_KEYWORD)])


def crew_guardrail(gate: Guardrail) -> CrewGuardrail:
    """``gate`` as CrewAI wants a guardrail: a function (it reads the source for its trace
    events) of one argument whose return annotation, if any, is a real ``tuple[bool, Any]``
    (ours are strings by ``from __future__ import annotations``, so none is shown)."""
    def pse_guardrail(output: object) -> tuple[bool, object]:
        return gate.check(output)
    pse_guardrail.__signature__ = _SIGNATURE  # type: ignore[attr-defined]  # see docstring
    pse_guardrail.gate = gate  # type: ignore[attr-defined]  # CrewGuardrail.gate
    return cast(CrewGuardrail, pse_guardrail)


def feedback(findings: Sequence[Finding]) -> str:
    """The retry message: every finding with its line, problem, hint and evidence."""
    lines = [f"pse found {len(findings)} statement(s) the sources do not support. Fix "
             "exactly these (correct them from the sources or delete them) and change "
             "nothing else:"]
    for finding in findings[:_MAX_SHOWN]:
        where = f"line {finding.line}" if finding.line else finding.path
        lines.append(f"- {where}: {finding.message}")
        if finding.hint:
            lines.append(f"  hint: {finding.hint}")
        if finding.evidence:
            lines.append("  evidence: " + ", ".join(
                e.path if e.line is None else f"{e.path}:{e.line}"
                for e in finding.evidence[:5]))
    if len(findings) > _MAX_SHOWN:
        lines.append(f"- ... and {len(findings) - _MAX_SHOWN} more")
    return "\n".join(lines)


def task_guardrail(task: Task, state: PSEState, *, lang: str | None = None,
                   strip_after: int | None = None) -> CrewGuardrail:
    """A guardrail running ``task``'s verify function (e.g. the article task's checks)."""
    language = lang or state.inputs.lang
    return crew_guardrail(Guardrail(lambda text: task.verify(state, text, lang=language),
                                    strip_after=strip_after))


def reference_guardrail(source: Path, *, settings: Settings | None = None,
                        strip_after: int | None = None) -> CrewGuardrail:
    """A guardrail checking the output's code references against the ``source`` tree
    (what ``pse verify OUTPUT --source SOURCE`` checks); the index is built on first use."""
    settings = settings or load_settings(start=source, environ={})
    resolver: Resolver | None = None

    def verify(text: str) -> VerifyResult:
        nonlocal resolver
        if resolver is None:
            index, _ = build_index(source, cache_dir=cache_dir(settings),
                                   exclude=settings.get_list("index.exclude"))
            resolver = project_resolver(index, external=settings.get_list("verify.external"),
                                        cache_dir=cache_dir(settings))
        checked = check_documents([Document(path="output.md", text=text)], resolver,
                                  ignore=settings.get_list("verify.ignore"))
        return to_findings(checked)
    return crew_guardrail(Guardrail(verify, strip_after=strip_after))


class CrewLLM(BaseLLM):
    """A CrewAI LLM that answers through a pse :class:`~pse.llm.types.LLMClient`.

    Usage, limits, the response cache and the backends (OpenAI-compatible or the embedded
    model) stay pse's; CrewAI sees a text-only model and drives tools in its ReAct format.
    """

    _client: LLMClient = PrivateAttr()
    _stage: Stage = PrivateAttr()
    _params: dict[str, object] = PrivateAttr(default_factory=dict)

    @classmethod
    def wrap(cls, client: LLMClient, *, stage: Stage, **params: object) -> CrewLLM:
        """Answer CrewAI's calls with ``client`` as pipeline stage ``stage``."""
        llm = cls(model=f"pse/{stage}")
        llm._client, llm._stage, llm._params = client, stage, dict(params)
        return llm

    def call(self, messages: str | list[dict[str, Any]], tools: object = None,  # noqa: ARG002
             callbacks: object = None, available_functions: object = None,  # noqa: ARG002
             from_task: object = None, from_agent: object = None,  # noqa: ARG002
             response_model: object = None) -> str:  # noqa: ARG002 - CrewAI's call API
        """One chat call; CrewAI's stop words cut the reply as its parser expects."""
        reply = self._client.chat(_messages(messages), stage=self._stage, tools=None,
                                  **self._params)
        return str(self._apply_stop_words(reply.text))

    def supports_function_calling(self) -> bool:
        """Tools go through CrewAI's text protocol (works with any model)."""
        return False


def _messages(messages: str | list[dict[str, Any]]) -> list[Message]:
    if isinstance(messages, str):
        return [Message.user(messages)]
    converted = []
    for message in messages:
        role = str(message.get("role"))
        content = message.get("content") or ""
        if isinstance(content, list):  # content parts: keep the text ones
            content = "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        converted.append(_ROLES.get(role, Message.user)(str(content)))
    return converted


_ROLES: dict[str, Callable[[str], Message]] = {
    "system": Message.system, "user": Message.user, "assistant": Message.assistant}
"""CrewAI's text protocol sends tool results as user messages; any other role is one too."""
_PY_TYPES: dict[str, type] = {"string": str, "integer": int}


class SandboxTool(BaseTool):
    """One of pse's sandboxed tools (read_file, list_dir, grep, run_command) for CrewAI."""

    _sandbox: Sandbox = PrivateAttr()

    def _run(self, **arguments: object) -> str:
        # optional arguments the agent left empty are simply not sent
        given = {k: v for k, v in arguments.items() if v is not None}
        return call_tool(self._sandbox, self.name, given)


def sandbox_tools(sandbox: Sandbox) -> list[SandboxTool]:
    """pse's tools over ``sandbox`` as CrewAI tools (``run_command`` only when allowed)."""
    tools = []
    for schema in tool_schemas(sandbox.settings):
        function = schema["function"]
        assert isinstance(function, dict)
        tool = SandboxTool(name=str(function["name"]), description=str(function["description"]),
                           args_schema=_args_model(str(function["name"]), function["parameters"]))
        tool._sandbox = sandbox
        tools.append(tool)
    return tools


def _args_model(name: str, parameters: object) -> type[BaseModel]:
    """A pydantic model of a tool's JSON-schema parameters (what CrewAI validates)."""
    assert isinstance(parameters, dict)
    fields: dict[str, Any] = {}
    for key, spec in parameters["properties"].items():
        kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
        kind: Any = list[str] if "array" in kinds else _PY_TYPES[str(kinds[0])]
        if key in parameters["required"]:
            fields[key] = (kind, ...)
        else:
            fields[key] = (kind | None, None)
    model: type[BaseModel] = create_model(f"{name}_arguments", **fields)
    return model


@dataclass(frozen=True)
class PSECrew:
    """The crew and its three tasks (read ``specialist.output.raw`` for the text)."""

    crew: Crew
    planner: CrewTask
    specialist: CrewTask
    """Its ``output.raw`` is the gated text."""
    evaluator: CrewTask
    guardrail: CrewGuardrail


Role = Literal["planner", "specialist", "evaluator"]
_GOALS: dict[Role, str] = {
    "planner": "Outline a text that states only what the sources support.",
    "specialist": "Write the text from the outline, every code name checked in the sources.",
    "evaluator": "Review the text against the sources and list what is wrong, or approve it.",
}
_LATER = "(given to you as context: the output of the previous task)"


def build_crew(task: Task, state: PSEState, *, llm: LLMClient, sandbox: Sandbox | None = None,
               params: dict[str, object] | None = None) -> PSECrew:
    """The three-agent crew for ``state`` (already prepared: ``task.prepare`` has run).

    The Specialist's task carries :func:`task_guardrail`: CrewAI retries it with pse's
    findings up to ``state.max_retries`` times, and the last round strips what is still
    unverified, as pse's own pipeline does.
    """
    pending = replace(state, plan=_LATER, artifact=_LATER)
    agents = {role: _agent(task, pending, role, llm=llm, params=params or {},
                           tools=sandbox_tools(sandbox) if sandbox and role == "specialist"
                           else []) for role in _GOALS}
    guardrail = task_guardrail(task, state, strip_after=state.max_retries)
    planned = _task(task, pending, "planner", agents)
    written = _task(task, pending, "specialist", agents, context=[planned],
                    guardrail=guardrail, guardrail_max_retries=state.max_retries)
    reviewed = _task(task, pending, "evaluator", agents, context=[written])
    crew = Crew(agents=list(agents.values()), tasks=[planned, written, reviewed],
                process=Process.sequential, verbose=False)
    return PSECrew(crew, planned, written, reviewed, guardrail)


def _agent(task: Task, state: PSEState, role: Role, *, llm: LLMClient,
           params: dict[str, object], tools: list[SandboxTool]) -> Agent:
    system = task.messages(role, state)[0].content
    return Agent(role=role.capitalize(), goal=_GOALS[role], backstory=system,
                 llm=CrewLLM.wrap(llm, stage=role, **params), tools=tools,
                 allow_delegation=False, verbose=False)


def _task(task: Task, state: PSEState, role: Role, agents: dict[Role, Agent],
          **options: object) -> CrewTask:
    ask = task.messages(role, state)[-1].content
    expected = {"planner": "The outline, in Markdown.",
                "specialist": "The full text, in Markdown, and nothing else.",
                "evaluator": "APPROVED, or one '- ' line per problem."}[role]
    return CrewTask(description=ask, expected_output=expected, agent=agents[role], **options)
