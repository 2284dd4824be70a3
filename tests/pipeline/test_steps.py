"""Each step on its own, with a word-list task and a scripted model.

``WordTask`` flags every word of a ban list (so which findings exist is obvious from the
text), and a translation must keep the original's ``CODE`` words: the step logic is
tested here; the article task's real checks are tested in tests/tasks.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from pse.errors import LLMResponseError
from pse.llm.fake import ScriptedLLM
from pse.llm.types import Completion, Message, Stage, ToolCall
from pse.pipeline import steps
from pse.pipeline.inputs import GenericInputs
from pse.pipeline.runner import Step
from pse.pipeline.state import PSEState, RoundRecord
from pse.pipeline.task import RunDeps, Task
from pse.tools.sandbox import Sandbox
from pse.verify.finding import Finding, VerifyResult
from pse.verify.strip import Span

BANNED = ("Frobnicator", "revolutionary")


class WordTask(Task):
    """Flags banned words; a translation must keep every ``Code*`` word of the original."""

    name = "words"

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:  # noqa: ARG002 - protocol
        return state

    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        body = {"planner": "plan it", "specialist": f"write from:\n{state.plan}",
                "evaluator": f"review:\n{state.artifact}", "fix": f"fix:\n{extra.get('flagged')}",
                "translate": f"translate to {extra.get('target')}:\n{state.artifact}"}[stage]
        return [Message.system("rules"), Message.user(body)]

    def verify(self, state: PSEState, text: str, *, lang: str,  # noqa: ARG002 - protocol
               original: str | None = None) -> VerifyResult:
        bad = [Finding(rule="banned", message=f"{word!r} is banned", path=f"a.{lang}.md",
                       line=number, text=word)
               for number, line in enumerate(text.split("\n"), start=1)
               for word in BANNED if word in line]
        if original is not None:
            missing = set(re.findall(r"Code\w+", original)) - set(re.findall(r"Code\w+", text))
            bad += [Finding(rule="dropped", message="dropped", path=f"a.{lang}.md", line=None,
                            text=word) for word in sorted(missing)]
        ok = [Finding(rule="ok", message="", path="", line=1, text=w)
              for w in re.findall(r"Code\w+", text)]
        return VerifyResult(bad=bad, ok=ok)

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        return [Span(f.line, f.text) for f in result.bad if f.line]

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:  # noqa: ARG002
        return text


GOOD = "# Queue\n\nCodeQueue runs jobs in order.\n"
BAD = "# Queue\n\nCodeQueue runs jobs in order.\nThe Frobnicator cancels jobs, so it is neat.\n"


def _state(**changes: object) -> PSEState:
    state = PSEState(run_id="r", task="words", inputs=GenericInputs(lang="en"), plan="# Queue\n",
                     artifact=GOOD, draft=GOOD, step="evaluate")
    return replace(state, **changes)  # type: ignore[arg-type]  # test values


def _bad_state(**changes: object) -> PSEState:
    result = WordTask().verify(_state(), BAD, lang="en")
    values: dict[str, object] = {"artifact": BAD, "rounds": [RoundRecord(1, bad=1)],
                                 "bad": list(result.bad)}
    return _state(**{**values, **changes})


# ------------------------------------------------------------------ clean_output, ask

@pytest.mark.parametrize("reply", [
    "# Title\n\nText.", "```markdown\n# Title\n\nText.\n```", "```\n# Title\n\nText.\n```",
    "<think>draft it first</think>\n# Title\n\nText.\n\n", "  ```md\n# Title\n\nText.\n```  ",
])
def test_clean_output_removes_thinking_and_a_wrapping_fence(reply: str) -> None:
    assert steps.clean_output(reply) == "# Title\n\nText.\n"


def test_clean_output_keeps_inner_code_blocks() -> None:
    text = "Intro.\n\n```python\nx = 1\n```\n\nEnd."
    assert steps.clean_output(text) == text + "\n"


def test_ask_sends_the_stage_cap_and_the_run_params() -> None:
    llm = ScriptedLLM(["ok"])
    deps = RunDeps(llm=llm, params={"temperature": 0.2}, max_tokens={"fix": 77})
    steps.ask(deps, [Message.user("x")], stage="fix")
    assert llm.requests[0].info.params == {"max_tokens": 77, "allow_truncated": True,
                                           "temperature": 0.2}


def test_ask_default_cap_for_a_stage_without_one() -> None:
    llm = ScriptedLLM(["ok"])
    steps.ask(RunDeps(llm=llm, max_tokens={}), [Message.user("x")], stage="planner")
    assert llm.requests[0].info.params["max_tokens"] == 1024


# ------------------------------------------------------------------ plan, write

def test_plan_stores_the_outline_and_moves_to_write() -> None:
    llm = ScriptedLLM(["<think>hmm</think>\n# Outline\n- a"])
    state = steps.plan(_state(plan="", step="plan"), WordTask(), RunDeps(llm=llm))
    assert (state.plan, state.step) == ("# Outline\n- a\n", "write")
    assert [r.info.stage for r in llm.requests] == ["planner"]


@pytest.mark.parametrize("step", [steps.plan, steps.write])
def test_plan_and_write_refuse_an_empty_reply(step: Step) -> None:
    llm = ScriptedLLM(["<think>only thinking</think>\n  "])
    with pytest.raises(LLMResponseError, match="returned an empty"):
        step(_state(), WordTask(), RunDeps(llm=llm))


def test_write_sets_draft_and_artifact_without_tools() -> None:
    llm = ScriptedLLM([GOOD])
    state = steps.write(_state(artifact="", draft="", step="write"), WordTask(), RunDeps(llm=llm))
    assert (state.artifact, state.draft, state.step) == (GOOD, GOOD, "evaluate")
    assert llm.requests[0].info.tools == ()


def _sandbox(tmp_path: Path) -> Sandbox:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "queue.py").write_text("class CodeQueue:\n    pass\n", encoding="utf-8")
    return Sandbox([tmp_path], environ={})


def test_write_runs_tool_calls_in_the_sandbox_and_sends_results_back(tmp_path: Path) -> None:
    llm = ScriptedLLM([
        Completion("", (ToolCall("c1", "read_file", json.dumps({"path": "src/queue.py"})),),
                   "tool_calls"),
        Completion("", (ToolCall("c2", "read_file", json.dumps({"path": "/etc/passwd"})),),
                   "tool_calls"),
        GOOD])
    events: list[dict[str, object]] = []
    deps = RunDeps(llm=llm, sandbox=_sandbox(tmp_path), on_event=events.append)
    state = steps.write(_state(step="write"), WordTask(), deps)
    assert state.artifact == GOOD
    assert {s["function"]["name"] for s in llm.requests[0].info.tools} >= {  # type: ignore[index]  # JSON schema
        "read_file", "list_dir", "grep"}
    second = llm.requests[1].messages
    assert second[-1].role == "tool" and second[-1].tool_call_id == "c1"
    assert "class CodeQueue" in second[-1].content
    third = llm.requests[2].messages
    assert third[-1].tool_call_id == "c2" and "refused" in third[-1].content
    assert [(e["tool"], e["outcome"]) for e in events] == [("read_file", "ok"),
                                                           ("read_file", "refused")]


def test_write_tool_budget_ends_with_one_call_without_tools(tmp_path: Path) -> None:
    call = Completion("", (ToolCall("c", "list_dir", "{}"),), "tool_calls")
    llm = ScriptedLLM([call, call, GOOD])
    deps = RunDeps(llm=llm, sandbox=_sandbox(tmp_path), max_tool_calls=2)
    state = steps.write(_state(step="write"), WordTask(), deps)
    assert state.artifact == GOOD
    assert [bool(r.info.tools) for r in llm.requests] == [True, True, False]
    assert llm.pending == 0


# ------------------------------------------------------------------ evaluate

def test_evaluate_first_round_asks_the_reviewer_and_passes_clean_text() -> None:
    llm = ScriptedLLM(["APPROVED"])
    state = steps.evaluate(_state(), WordTask(), RunDeps(llm=llm))
    assert state.step == "translate"
    assert _counts(state.rounds) == [RoundRecord(1, bad=0, llm_issues=0)]
    assert state.ok_count == 1
    assert [r.info.stage for r in llm.requests] == ["evaluator"]


def test_evaluate_review_issue_alone_sends_the_text_to_fix() -> None:
    # the quote is only in a heading: not tracked, but the fix may edit that line
    llm = ScriptedLLM(["- `# Queue` is not what the module is called"])
    state = steps.evaluate(_state(), WordTask(), RunDeps(llm=llm))
    assert state.step == "fix"
    assert state.llm_issues == ["`# Queue` is not what the module is called"]
    assert _counts(state.rounds) == [RoundRecord(1, bad=0, llm_issues=1)]


def test_evaluate_skips_a_fix_that_could_edit_no_line() -> None:
    # the fix may edit only the lines an issue names; this one names none
    llm = ScriptedLLM(["- the text never says what happens to a failed job"])
    state = steps.evaluate(_state(), WordTask(), RunDeps(llm=llm))
    assert state.step == "translate"
    assert state.llm_issues == ["the text never says what happens to a failed job"]
    assert _counts(state.rounds) == [RoundRecord(1, bad=0, llm_issues=1)]


def test_evaluate_review_issue_quoting_the_text_is_an_open_finding() -> None:
    llm = ScriptedLLM(["- `CodeQueue` runs jobs in parallel, not in order"])
    state = steps.evaluate(_state(), WordTask(), RunDeps(llm=llm))
    assert state.step == "fix"
    assert state.llm_issues == []
    assert [(f.rule, f.line, f.text) for f in state.bad] == [
        ("review-issue", 3, "CodeQueue")]
    assert state.review == [{"issue": "`CodeQueue` runs jobs in parallel, not in order",
                             "quote": "CodeQueue", "line": "CodeQueue runs jobs in order."}]
    assert _counts(state.rounds) == [RoundRecord(1, bad=1, llm_issues=1)]


def test_evaluate_review_quoting_only_a_name_many_lines_hold_is_loose() -> None:
    text = "# Queue\n\nCodeQueue runs jobs in order.\n\nCodeQueue keeps them.\n"
    llm = ScriptedLLM(["- `CodeQueue` is a class that runs jobs"])
    state = steps.evaluate(_state(artifact=text), WordTask(), RunDeps(llm=llm))
    assert state.review == [] and state.llm_issues == ["`CodeQueue` is a class that runs jobs"]
    llm = ScriptedLLM(["- `CodeQueue keeps them` is not in the code"])
    state = steps.evaluate(_state(artifact=text), WordTask(), RunDeps(llm=llm))
    assert [(f.rule, f.line) for f in state.bad] == [("review-issue", 5)]


def test_evaluate_review_issue_stays_open_until_its_line_changes() -> None:
    tracked = [{"issue": "`CodeQueue` is wrong", "quote": "CodeQueue",
                "line": "CodeQueue runs jobs in order."}]
    later = _state(review=tracked, attempts=1, rounds=[RoundRecord(1, bad=1)])
    unchanged = steps.evaluate(later, WordTask(), RunDeps(llm=ScriptedLLM()))
    assert [f.rule for f in unchanged.bad] == ["review-issue"]
    assert unchanged.step == "fix"
    changed = replace(later, artifact="# Queue\n\nCodeQueue runs jobs one by one.\n")
    assert steps.evaluate(changed, WordTask(), RunDeps(llm=ScriptedLLM())).step == "translate"


def test_strip_deletes_the_clause_a_review_issue_quotes() -> None:
    tracked = [{"issue": "`Frobnicator` is invented", "quote": "Frobnicator",
                "line": "The Frobnicator cancels jobs, so it is neat."}]
    state = steps.evaluate(_state(artifact=BAD, review=tracked, attempts=3,
                                  rounds=[RoundRecord(1, bad=2)]), WordTask(),
                           RunDeps(llm=ScriptedLLM()))
    assert state.step == "strip"
    state = steps.strip(state, WordTask(), RunDeps(llm=ScriptedLLM()))
    assert (state.artifact, state.bad, state.step) == (GOOD, [], "translate")


def test_evaluate_unreadable_review_is_recorded() -> None:
    state = steps.evaluate(_state(), WordTask(), RunDeps(llm=ScriptedLLM(["Looks fine!"])))
    assert state.review_readable is False


def test_evaluate_unparseable_review_is_an_issue() -> None:
    state = steps.evaluate(_state(artifact=BAD), WordTask(),
                           RunDeps(llm=ScriptedLLM(["Looks fine!"])))
    assert state.step == "fix"
    assert state.llm_issues[0].startswith("the review could not be read as a verdict")


def test_evaluate_later_rounds_skip_the_review_and_count_fixed_findings() -> None:
    llm = ScriptedLLM()  # any call would fail the test
    state = steps.evaluate(_bad_state(artifact=GOOD, attempts=1), WordTask(), RunDeps(llm=llm))
    assert state.step == "translate"
    assert _counts(state.rounds) == [RoundRecord(1, bad=1, fixed=1), RoundRecord(2, bad=0)]


def test_evaluate_a_finding_that_moved_up_a_line_is_not_fixed() -> None:
    moved = "# Queue\nThe Frobnicator cancels jobs, so it is neat.\n"  # a line above was cut
    state = steps.evaluate(_bad_state(artifact=moved, attempts=1), WordTask(),
                           RunDeps(llm=ScriptedLLM()))
    assert _counts(state.rounds) == [RoundRecord(1, bad=1, fixed=0), RoundRecord(2, bad=1)]
    assert state.bad[0].line == 2


def test_evaluate_without_llm_review_uses_only_the_checks() -> None:
    state = steps.evaluate(_state(artifact=BAD), WordTask(),
                           RunDeps(llm=ScriptedLLM(), llm_review=False))
    assert state.step == "fix"
    assert [f.text for f in state.bad] == ["Frobnicator"]
    assert _counts(state.rounds) == [RoundRecord(1, bad=1)]


@pytest.mark.parametrize(("attempts", "max_retries", "expected"),
                         [(0, 3, "fix"), (2, 3, "fix"), (3, 3, "strip"), (0, 0, "strip")])
def test_evaluate_goes_to_strip_when_the_retries_are_spent(attempts: int, max_retries: int,
                                                           expected: str) -> None:
    state = _state(artifact=BAD, attempts=attempts, max_retries=max_retries,
                   rounds=[RoundRecord(1, bad=1)])
    assert steps.evaluate(state, WordTask(), RunDeps(llm=ScriptedLLM())).step == expected


# ------------------------------------------------------------------ fix

def test_fix_sends_only_the_flagged_lines_and_patches_the_edits() -> None:
    edits = [{"find": "The Frobnicator cancels jobs, so it is neat.", "replace": ""}]
    llm = ScriptedLLM([json.dumps(edits)])
    state = steps.fix(_bad_state(llm_issues=["too short"]), WordTask(), RunDeps(llm=llm))
    prompt = llm.requests[0].messages[-1].content
    assert "LINE 4:\nThe Frobnicator cancels jobs, so it is neat." in prompt
    assert "REVIEW ISSUE:\n- too short" in prompt
    assert "CodeQueue runs jobs" not in prompt
    assert state.artifact == "# Queue\n\nCodeQueue runs jobs in order.\n\n"
    assert (state.attempts, state.llm_issues, state.step) == (1, [], "evaluate")


def test_fix_with_no_usable_edit_leaves_the_text_and_counts_the_attempt() -> None:
    llm = ScriptedLLM(['[{"find": "not in the text", "replace": "x"}]'])
    state = steps.fix(_bad_state(attempts=1), WordTask(), RunDeps(llm=llm))
    assert (state.artifact, state.attempts, state.step) == (BAD, 2, "evaluate")


# ------------------------------------------------------------------ strip

def test_strip_deletes_the_flagged_clause_and_passes() -> None:
    state = steps.strip(_bad_state(), WordTask(), RunDeps(llm=ScriptedLLM()))
    assert state.artifact == GOOD
    assert state.stripped == ["The Frobnicator cancels jobs, so it is neat."]
    assert (state.bad, state.status, state.step) == ([], "running", "translate")


def test_strip_that_cannot_remove_a_finding_fails_the_run() -> None:
    unlocated = _state(artifact=BAD, bad=[Finding(
        rule="banned", message="", path="a.en.md", line=None, text="Frobnicator")])
    state = steps.strip(unlocated, WordTask(), RunDeps(llm=ScriptedLLM()))
    assert (state.status, state.step) == ("needs-review", "finalize")
    assert [f.text for f in state.bad] == ["Frobnicator"]
    assert state.artifact == BAD


# ------------------------------------------------------------------ translate

def test_translate_without_targets_makes_no_call() -> None:
    state = steps.translate(_state(step="translate"), WordTask(), RunDeps(llm=ScriptedLLM()))
    assert (state.translations, state.step, state.status) == ({}, "finalize", "running")


def test_translate_verifies_each_target_against_the_original() -> None:
    llm = ScriptedLLM(["# 队列\n\nCodeQueue 按顺序运行任务。\n", "# File\n\nIl tourne.\n"])
    state = steps.translate(_state(inputs=GenericInputs(translate=("zh", "fr"))),
                            WordTask(), RunDeps(llm=llm))
    assert state.translations["zh"] == "# 队列\n\nCodeQueue 按顺序运行任务。\n"
    assert [f.text for f in state.bad] == ["CodeQueue"]  # fr dropped it
    assert (state.status, state.step) == ("needs-review", "finalize")
    assert "translate to fr" in llm.requests[1].messages[-1].content


def test_translate_strips_what_it_can_in_the_translation() -> None:
    llm = ScriptedLLM(["# 队列\n\nCodeQueue 按顺序运行。Frobnicator 很厉害。\n"])
    state = steps.translate(_state(inputs=GenericInputs(translate=("zh",))), WordTask(),
                            RunDeps(llm=llm))
    assert state.translations["zh"] == "# 队列\n\nCodeQueue 按顺序运行。\n"
    assert state.stripped == ["[zh] Frobnicator 很厉害。"]
    assert (state.bad, state.status) == ([], "running")


def test_translate_skips_targets_done_before_an_interruption() -> None:
    llm = ScriptedLLM(["# Z\n\nCodeQueue.\n"])
    state = _state(inputs=GenericInputs(translate=("zh", "ja")), translations={"zh": "done"})
    state = steps.translate(state, WordTask(), RunDeps(llm=llm))
    assert state.translations == {"zh": "done", "ja": "# Z\n\nCodeQueue.\n"}
    assert len(llm.requests) == 1


def test_fix_that_changes_nothing_stalls_and_evaluate_goes_to_strip() -> None:
    state = steps.fix(_bad_state(), WordTask(), RunDeps(llm=ScriptedLLM(["[]"])))
    assert state.stalled and state.attempts == 1
    state = steps.evaluate(state, WordTask(), RunDeps(llm=ScriptedLLM()))
    assert (state.step, state.stalled) == ("strip", False)


def test_evaluate_review_quote_is_anchored_on_prose_not_a_heading() -> None:
    text = "# CodeQueue\n\nCodeQueue runs jobs in order.\n"
    llm = ScriptedLLM(["- `CodeQueue` is not what the code calls it"])
    state = steps.evaluate(_state(artifact=text), WordTask(), RunDeps(llm=llm))
    assert [(f.rule, f.line) for f in state.bad] == [("review-issue", 3)]


def _counts(rounds: list[RoundRecord]) -> list[RoundRecord]:
    """The rounds' counts only (what each round found and the fix diff are tested apart)."""
    return [replace(r, findings=[], diff="") for r in rounds]


def test_drop_cut_item_removes_the_last_bullet_of_a_reply_cut_at_the_cap() -> None:
    text = "Parameters:\n\n- `s`: the string.\n- `parse_int`: A function"
    assert steps.drop_cut_item(text) == ("Parameters:\n\n- `s`: the string.\n",
                                         "- `parse_int`: A function")
    assert steps.drop_cut_item("A paragraph that was cut") == ("A paragraph that was cut", "")
