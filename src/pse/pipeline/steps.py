"""The steps of a run. Each takes the state and returns the next one; none loops forever.

A plain task is written in one piece: plan, write, evaluate ⇄ fix, strip, translate. A
:class:`~pse.pipeline.task.SectionedTask` gets a verified plan and the same write,
evaluate, fix and strip steps run on one section at a time (the state's ``section``
cursor); ``advance`` moves the cursor and, after the last section, assembles the article,
which then gets the whole-text checks, the LLM review and one more bounded fix round.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import replace

from pse.errors import LLMResponseError
from pse.llm.types import Completion, Message, Stage
from pse.pipeline.clean import clean_output
from pse.pipeline.patch import apply_edits, flagged_excerpt, parse_edits, shown_lines
from pse.pipeline.plan import PlanSource, Section
from pse.pipeline.review import open_review_findings, split_review
from pse.pipeline.state import PSEState, RoundRecord, Status
from pse.pipeline.task import PlannedTask, RunDeps, SectionedTask, Task
from pse.pipeline.verdict import parse_verdict
from pse.text import parse_markdown
from pse.tools.dispatch import ToolEvent, call_tool
from pse.tools.schemas import tool_schemas
from pse.verify.finding import Finding, VerifyResult
from pse.verify.strip import strip_spans

__all__ = ["advance", "ask", "ask_with_tools", "clean_output", "evaluate", "fix", "plan",
           "strip", "translate", "write"]

_PLANNER_TRIES = 2
"""The Planner is asked once more after an unusable outline, then the index plans."""


def ask(deps: RunDeps, messages: list[Message], *, stage: Stage) -> Completion:
    """One model call with the run's sampling parameters and the stage's token cap.

    A text cut at the cap is accepted (``allow_truncated``): the gate judges what came.
    """
    params = {"max_tokens": deps.max_tokens.get(stage, 1024), "allow_truncated": True,
              **deps.params}
    return deps.llm.chat(messages, stage=stage, tools=None, **params)


def plan(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The Planner: an outline, parsed and verified into sections for a sectioned task
    (or, with ``deps.plan_from_index``, the task's plan from the index and no call)."""
    if deps.plan_from_index and isinstance(task, SectionedTask):
        return _planned(state, task.index_plan(state), source="index", outline="")
    if isinstance(task, PlannedTask):
        return replace(state, plan=task.own_plan(state), step="write")
    extra = {"feedback": state.plan_notes[-1]} if state.plan_notes else {}
    reply = ask(deps, task.messages("planner", state, **extra), stage="planner")
    outline = clean_output(reply.text)
    if not isinstance(task, SectionedTask):
        if not outline.strip():
            raise LLMResponseError("the planner returned an empty outline; check the model")
        return replace(state, plan=outline, step="write")
    sections, problem = task.parse_plan(state, outline) if outline.strip() else \
        ([], "the outline is empty")
    source: PlanSource = "planner"
    if problem:
        notes = [*state.plan_notes, problem]
        if len(notes) < _PLANNER_TRIES:
            return replace(state, plan=outline, plan_notes=notes, step="plan")
        state = replace(state, plan_notes=notes)
        sections, source = task.index_plan(state), "index"
    return _planned(state, sections, source=source, outline=outline)


def _planned(state: PSEState, sections: list[Section], *, source: PlanSource, outline: str
             ) -> PSEState:
    if not sections:
        why = "the outline was unusable and " if outline or state.plan_notes else ""
        raise LLMResponseError(f"no plan: {why}the index names no public module, class or "
                               "function to write about")
    return replace(state, plan=outline, plan_source=source, section=0, step="write",
                   sections=[replace(s, source=source) for s in sections])


def write(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The Specialist: the cursor's section (or the full text), reading sources if it can."""
    tools = tool_schemas() if deps.sandbox is not None else None
    if state.in_sections and isinstance(task, SectionedTask):
        state = replace(state, context=task.section_context(state, deps))
        text, trimmed = _section_reply(state, task, deps, tools=tools)
        state = state.with_section(text=text, draft=text, trimmed=trimmed,
                                   excerpts=state.context)  # its sentences' evidence
        return replace(state, scope_attempts=0, bad=[], step="evaluate")
    reply = ask_with_tools(deps, task.messages("specialist", state), stage="specialist",
                           tools=tools)
    text = clean_output(reply.text)
    if isinstance(task, PlannedTask):
        text = task.fit_reply(state, text)
    if not text.strip():
        raise LLMResponseError("the specialist returned an empty text; check the model")
    return replace(state, artifact=text, draft=text, step="evaluate")


def _section_reply(state: PSEState, task: SectionedTask, deps: RunDeps, *,
                   tools: list[dict[str, object]] | None) -> tuple[str, str]:
    """The cursor's section, asked for once more when the task finds the reply unusable
    (its optional ``section_problem`` hook), keeping the better of the two replies."""
    text, trimmed = _written_section(state, task, deps, tools=tools)
    feedback = task.section_problem(state, text)
    if not feedback:
        return text, trimmed
    again, again_trimmed = _written_section(state, task, deps, tools=tools, feedback=feedback)
    if not task.section_problem(state, again) or len(again) > len(text):
        return again, again_trimmed
    return text, trimmed


def _written_section(state: PSEState, task: SectionedTask, deps: RunDeps, *,
                     tools: list[dict[str, object]] | None, feedback: str = ""
                     ) -> tuple[str, str]:
    """One Specialist reply for the cursor's section, shaped, and what was trimmed off.

    ``feedback`` says why the last reply could not be used: a second reply to the same
    prompt would be the same reply (greedy decoding), so the ask changes with it.
    """
    extra = {"feedback": feedback} if feedback else {}
    reply = ask_with_tools(deps, task.messages("specialist", state, **extra),
                           stage="specialist", tools=tools)
    raw, cut = clean_output(reply.text), ""
    if reply.finish_reason == "length":
        raw, cut = drop_cut_item(raw)
    text, trimmed = task.shape_section(state, raw)
    return text, "\n".join(part for part in (cut, trimmed) if part)


_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)]|\|)\s*")


def drop_cut_item(text: str) -> tuple[str, str]:
    """A reply cut at the token cap without its last list item or table row.

    A bullet needs no full stop, so nothing else tells that ``- `parse_int`: A function``
    was cut mid-item; a paragraph's unfinished sentence is the task's to trim.
    """
    lines = text.rstrip().split("\n")
    if lines and _ITEM.match(lines[-1]) and lines[-1].strip():
        return "\n".join(lines[:-1]).rstrip() + "\n", lines[-1].strip()
    return text, ""


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


def scope_of(state: PSEState) -> str:
    """``section N`` (1-based) while sections are written, else ``article``."""
    return f"section {state.section + 1}" if state.in_sections else "article"


def evaluate(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """The merge gate: deterministic checks every round; the LLM review once per article.

    A review issue that quotes the text stays open (a finding) while the line holding the
    quote is unchanged; issues that quote nothing go to the next fix once, unless nothing
    else is flagged and they name no line at all (a fix could not edit anything).
    """
    scope, text = scope_of(state), state.current_text()
    first_round = not any(r.scope == scope for r in state.rounds)
    if first_round and scope == "article" and deps.llm_review:
        review = ask(deps, task.messages("evaluator", state), stage="evaluator")
        verdict = parse_verdict(review.text)
        quoted, loose = split_review(list(verdict.issues), text)
        state = replace(state, review=quoted, llm_issues=loose,
                        review_readable=verdict.readable)
    elif not first_round:
        state = replace(state, llm_issues=[])  # loose issues get one fix, not a loop
    result = _checked(state, task, text)
    bad = result.bad
    rounds = _rounds_after(state, bad, scope=scope)
    state = replace(state, bad=bad, ok_count=len(result.ok), rounds=rounds)
    # an issue that names no line of the text leaves a fix nowhere to edit (shown_lines)
    if not bad and not shown_lines(text, [], state.llm_issues):
        return replace(state, step="advance" if state.in_sections else "translate")
    used = state.scope_attempts if state.sections else state.attempts
    if used < _fix_limit(state, deps) and not state.stalled:
        return replace(state, step="fix")
    return replace(state, step="strip", stalled=False)


def _checked(state: PSEState, task: Task, text: str) -> VerifyResult:
    """The task's checks plus the open review issues, sorted."""
    result = task.verify(state, text, lang=state.inputs.lang)
    bad = [*result.bad, *open_review_findings(state.review, text,
                                              path=f"artifact.{state.inputs.lang}.md")]
    bad.sort(key=Finding.sort_key)
    return VerifyResult(bad=bad, ok=result.ok)


def _rounds_after(state: PSEState, bad: list[Finding], *, scope: str) -> list[RoundRecord]:
    # by rule and text, not line: a fix that deletes a line moves the findings below it
    rounds = list(state.rounds)
    if rounds and rounds[-1].scope == scope:
        previous = Counter((f.rule, f.text) for f in state.bad)
        now = Counter((f.rule, f.text) for f in bad)
        rounds[-1] = replace(rounds[-1], fixed=(previous - now).total())
    number = sum(r.scope == scope for r in rounds) + 1
    rounds.append(RoundRecord(round=number, bad=len(bad), llm_issues=len(state.llm_issues)
                              + sum(1 for f in bad if f.rule == "review-issue"), scope=scope,
                              findings=[replace(f, evidence=()) for f in bad]))
    return rounds


def fix_diff(before: str, after: str) -> str:
    """What a fix changed, as a unified diff with one line of context."""
    return "\n".join(difflib.unified_diff(before.splitlines(), after.splitlines(), "before",
                                          "after", lineterm="", n=1))


def _fix_limit(state: PSEState, deps: RunDeps) -> int:
    if state.sections and not state.in_sections:
        return min(state.max_retries, deps.article_fix_rounds)
    return state.max_retries


def fix(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """One targeted fix: only the flagged lines go to the model; edits land only there."""
    text, findings = state.current_text(), state.findings()
    excerpt = flagged_excerpt(text, findings, state.llm_issues)
    reply = ask(deps, task.messages("fix", state, flagged=excerpt), stage="fix")
    allowed = shown_lines(text, findings, state.llm_issues)
    if isinstance(task, SectionedTask):  # the plan's headings are verified: never rewritten
        allowed -= heading_lines(text)
    patched, applied, rejected = apply_edits(text, parse_edits(reply.text), lines=allowed,
                                           findings=findings)
    if patched != text:
        patched = task.normalize(state, patched)
    reverted = patched != text and not state.llm_issues and \
        not _clears_a_finding(state, task, patched)
    if reverted:
        patched, rejected = text, rejected + applied
    rounds = list(state.rounds)
    if rounds:
        rounds[-1] = replace(rounds[-1], rejected_edits=rounds[-1].rejected_edits + rejected,
                             diff=fix_diff(text, patched), reverted=reverted)
    # the same text, findings and prompt would get the same answer: no second try
    stalled = patched == text and not state.llm_issues
    return replace(state.with_text(patched), attempts=state.attempts + 1, rounds=rounds,
                   scope_attempts=state.scope_attempts + 1, llm_issues=[], stalled=stalled,
                   step="evaluate")


def _clears_a_finding(state: PSEState, task: Task, patched: str) -> bool:
    """Whether ``patched`` holds fewer findings than the text the fix was shown (by rule
    and text, so findings that only moved lines count as the same)."""
    before = Counter((f.rule, f.text) for f in state.bad)
    after = Counter((f.rule, f.text) for f in _checked(state.with_text(patched), task,
                                                       patched).bad)
    return after.total() < before.total()


def heading_lines(text: str) -> set[int]:
    """1-based numbers of the ``# `` and ``## `` heading lines outside code blocks."""
    code = parse_markdown(text).code_lines()  # the document model's: any indentation
    return {number for number, line in enumerate(text.split("\n"), start=1)
            if number not in code and line.startswith(("# ", "## "))}


def strip(state: PSEState, task: Task, deps: RunDeps) -> PSEState:  # noqa: ARG001 - step API
    """Deterministic fallback: delete what is still flagged, then check again.

    The task's ``repair(state, text, result) -> (text, notes)`` first puts right what its
    rules can (the notes join ``stripped``); the rest is deleted as before. Its
    ``tidy_stripped(state, text) -> (text, removed)`` then deletes what the deletions left
    dangling (the article's: a section now opening "It is ...", whose
    subject was the sentence deleted); that counts as deleted by Strip.
    """
    result = VerifyResult(bad=state.findings())
    text, repaired = task.repair(state, state.current_text(), result)
    if text != state.current_text() or repaired:
        result = _checked(state, task, text)
    text, removed = strip_spans(text, task.strip_spans(state, result))
    if removed:
        text, dangling = task.tidy_stripped(state, text)
        removed = [*removed, *dangling]
    state = replace(state.with_text(text), stripped=[*state.stripped, *repaired, *removed],
                    llm_issues=[])
    after = _checked(state, task, text)
    state = replace(state, bad=list(after.bad), ok_count=len(after.ok))
    if state.in_sections:
        return replace(state, step="advance")  # the article's checks see what is left
    status: Status = "running" if not after.bad else "needs-review"
    return replace(state, status=status, step="translate" if not after.bad else "finalize")


def advance(state: PSEState, task: Task, deps: RunDeps) -> PSEState:  # noqa: ARG001
    """Close the cursor's section and move on; after the last one, assemble the article."""
    state = replace(state.with_section(open_findings=len(state.bad)), section=state.section + 1,
                    bad=[], llm_issues=[], scope_attempts=0, stalled=False)
    if state.in_sections:
        return replace(state, step="write")
    assert isinstance(task, SectionedTask), "only a sectioned task has sections"
    drafts = "\n\n".join(s.draft.strip() for s in state.sections)
    return replace(state, artifact=task.assemble(state), draft=drafts + "\n", step="evaluate")


def _translated(state: PSEState, task: Task, deps: RunDeps, *, target: str) -> str:
    """The whole text translated; a sectioned text one section per call (any length fits)."""
    parts = split_sections(state.artifact) if state.sections else [state.artifact]
    texts = []
    for part in parts:
        extra = {"target": target, "article": part} if len(parts) > 1 else {"target": target}
        reply = ask(deps, task.messages("translate", state, **extra), stage="translate")
        texts.append(clean_output(reply.text).strip())
    return "\n\n".join(texts) + "\n"


def split_sections(text: str) -> list[str]:
    """``text`` cut before each ``## `` heading outside code (the title goes with the first)."""
    chunks: list[list[str]] = [[]]
    code = parse_markdown(text).code_lines()
    for number, line in enumerate(text.split("\n"), start=1):
        heading = number not in code and line.startswith("## ")
        if heading and any(x.startswith("## ") for x in chunks[-1]):
            chunks.append([])
        chunks[-1].append(line)
    return ["\n".join(c).strip() + "\n" for c in chunks if "\n".join(c).strip()]


def translate(state: PSEState, task: Task, deps: RunDeps) -> PSEState:
    """Translate the passing text; each translation must pass the same checks and keep
    exactly the original's code references."""
    targets = state.inputs.translate
    translations = dict(state.translations)
    bad = list(state.bad)
    stripped = list(state.stripped)
    for target in targets:
        if target in translations:
            continue  # done before an interruption
        text = _translated(state, task, deps, target=target)
        result = task.verify(state, text, lang=target, original=state.artifact)
        if result.bad:
            text, removed = strip_spans(text, task.strip_spans(state, result))
            stripped.extend(f"[{target}] {r}" for r in removed)
            result = task.verify(state, text, lang=target, original=state.artifact)
        bad.extend(result.bad)
        translations[target] = text
    status: Status = "needs-review" if bad else state.status
    return replace(state, translations=translations, bad=bad, stripped=stripped, status=status,
                   step="finalize")
