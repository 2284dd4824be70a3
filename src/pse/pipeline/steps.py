"""The steps of a run. Each takes the state and returns the next one; none loops forever."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from pse.errors import LLMResponseError
from pse.llm.types import Completion, Message, Stage
from pse.pipeline.patch import apply_edits, flagged_excerpt, parse_edits
from pse.pipeline.state import PSEState, RoundRecord, Status, finding_to_dict
from pse.pipeline.task import RunDeps, Task
from pse.pipeline.verdict import parse_verdict
from pse.tools.dispatch import ToolEvent, call_tool
from pse.tools.schemas import tool_schemas
from pse.verify.finding import VerifyResult
from pse.verify.strip import strip_spans

_FENCED_WHOLE = re.compile(r"^\s*```(?:markdown|md)?\s*\n(.*)\n```\s*$", re.DOTALL)


def clean_output(text: str) -> str:
    """The model's text without thinking blocks or a fence wrapped around all of it."""
    text = re.sub(r"<think>.*?</think>", "", text, flags=re.DOTALL).strip()
    match = _FENCED_WHOLE.match(text)
    return (match.group(1) if match else text).strip() + "\n"


def ask(deps: RunDeps, messages: list[Message], *, stage: Stage) -> Completion:
    """One model call with the run's sampling parameters and the stage's token cap.

    A text cut at the cap is accepted (``allow_truncated``): the gate judges what came.
    """
    params = {"max_tokens": deps.max_tokens.get(stage, 1024), "allow_truncated": True,
              **deps.params}
    return deps.llm.chat(messages, stage=stage, tools=None, **params)


def plan(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The Planner: an outline grounded in the task's data."""
    reply = ask(deps, task.messages("planner", state), stage="planner")
    outline = clean_output(reply.text)
    if not outline.strip():
        raise LLMResponseError("the planner returned an empty outline; check the model")
    return replace(state, plan=outline, step="write")


def write(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The Specialist: the full text, reading sources through the sandbox when it can."""
    messages = task.messages("specialist", state)
    tools = tool_schemas() if deps.sandbox is not None else None
    reply = ask_with_tools(deps, messages, stage="specialist", tools=tools)
    text = clean_output(reply.text)
    if not text.strip():
        raise LLMResponseError("the specialist returned an empty text; check the model")
    return replace(state, artifact=text, draft=text, step="evaluate")


def ask_with_tools(deps: RunDeps, messages: list[Message], *, stage: Stage,
                   tools: list[dict[str, object]] | None) -> Completion:
    """Call the model, running its tool calls in the sandbox, a bounded number of times."""
    conversation = list(messages)
    for _ in range(deps.max_tool_calls):
        params = {"max_tokens": deps.max_tokens.get(stage, 1024), "allow_truncated": True,
                  **deps.params}
        reply = deps.llm.chat(conversation, stage=stage, tools=tools, **params)
        if not reply.tool_calls or deps.sandbox is None:
            return reply
        conversation.append(reply.to_message())
        for call in reply.tool_calls:
            result = call_tool(deps.sandbox, call.name, call.arguments,
                               on_event=lambda e: _tool_event(deps, e))
            conversation.append(Message.tool(call.call_id, result))
    # the tool budget is spent: ask once more without tools for the final text
    return ask(deps, conversation, stage=stage)


def _tool_event(deps: RunDeps, event: ToolEvent) -> None:
    if deps.on_event is not None:
        deps.on_event({"event": "tool_call", "tool": event.tool, "outcome": event.outcome,
                       "code": event.code})


def evaluate(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The merge gate: LLM review in round one, deterministic checks in every round."""
    lang = state.inputs.get("lang", "en")
    result = task.verify(state, state.artifact, lang=lang)
    first_round = not state.rounds
    issues: list[str] = []
    if first_round and deps.llm_review:
        review = ask(deps, task.messages("evaluator", state), stage="evaluator")
        verdict = parse_verdict(review.text)
        issues = list(verdict.issues)
    # by rule and text, not line: a fix that deletes a line moves the findings below it
    previous = Counter((str(f["rule"]), str(f["text"])) for f in state.bad)
    now = Counter((f.rule, f.text) for f in result.bad)
    rounds = list(state.rounds)
    if rounds:
        rounds[-1] = replace(rounds[-1], fixed=(previous - now).total())
    rounds.append(RoundRecord(round=len(rounds) + 1, bad=len(result.bad), llm_issues=len(issues)))
    state = replace(state, bad=[finding_to_dict(f) for f in result.bad], ok_count=len(result.ok),
                    llm_issues=issues, rounds=rounds)
    if not result.bad and not issues:
        return replace(state, step="translate")
    if state.attempts < state.max_retries:
        return replace(state, step="fix")
    return replace(state, step="strip")


def fix(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """One targeted fix: only the flagged lines go to the model; edits are patched in."""
    excerpt = flagged_excerpt(state.artifact, state.findings(), state.llm_issues)
    reply = ask(deps, task.messages("fix", state, flagged=excerpt), stage="fix")
    artifact, _ = apply_edits(state.artifact, parse_edits(reply.text))
    return replace(state, artifact=artifact, attempts=state.attempts + 1, llm_issues=[],
                   step="evaluate")


def strip(state: PSEState, task: Task, deps: RunDeps) -> PSEState:  # noqa: ARG001 - step API
    """Deterministic fallback: delete what is still unverified, then check again.

    A task with a ``repair(state, text, result) -> (text, notes)`` method first puts right
    what its rules can (the notes join ``stripped``); the rest is deleted as before.
    """
    lang = state.inputs.get("lang", "en")
    result = VerifyResult(bad=state.findings())
    text, repaired = state.artifact, []
    repair = getattr(task, "repair", None)  # optional: a task's own deterministic rules
    if repair is not None:
        text, repaired = repair(state, text, result)
        result = task.verify(state, text, lang=lang)
    text, removed = strip_spans(text, task.strip_spans(state, result))
    after = task.verify(state, text, lang=lang)
    status: Status = "running" if not after.bad else "failed"
    return replace(state, artifact=text, stripped=[*state.stripped, *repaired, *removed],
                   bad=[finding_to_dict(f) for f in after.bad], ok_count=len(after.ok),
                   status=status, step="translate" if not after.bad else "finalize")


def translate(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """Translate the passing text; each translation must pass the same checks and keep
    exactly the original's code references."""
    targets = [t for t in state.inputs.get("translate", "").split(",") if t.strip()]
    translations = dict(state.translations)
    bad = list(state.bad)
    stripped = list(state.stripped)
    for target in targets:
        if target in translations:
            continue  # done before an interruption
        reply = ask(deps, task.messages("translate", state, target=target), stage="translate")
        text = clean_output(reply.text)
        result = task.verify(state, text, lang=target, original=state.artifact)
        if result.bad:
            text, removed = strip_spans(text, task.strip_spans(state, result))
            stripped.extend(f"[{target}] {r}" for r in removed)
            result = task.verify(state, text, lang=target, original=state.artifact)
        bad.extend(finding_to_dict(f) for f in result.bad)
        translations[target] = text
    status = "failed" if bad else state.status
    return replace(state, translations=translations, bad=bad, stripped=stripped, status=status,
                   step="finalize")
