"""Every branch of a run, end to end, on tinyqueue with a scripted model.

The scripted queue holds exactly the replies a branch needs: a call the branch should not
make fails the test (``unexpected LLM call #N``), and ``pending == 0`` proves every reply
was used.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from article_support import (
    APPROVED,
    CLEAN,
    CLEAN_ZH,
    FIX_INVENTED,
    INVENTED_LINE,
    NO_EDITS,
    PLAN,
    WITH_INVENTED,
    ZH_DROPPED_REF,
    article_settings,
    new_state,
    read_report,
    run_article,
    scripted_deps,
    trace_events,
)
from pse.errors import LLMHTTPError, SourceError
from pse.llm.fake import CallInfo, FunctionLLM, ScriptedLLM
from pse.llm.types import LLMClient, Message
from pse.pipeline.runner import RunInterrupted, resume_pipeline, run_pipeline
from pse.pipeline.state import load_state
from pse.tasks.article.task import ArticleTask


def _stages(llm: ScriptedLLM | FunctionLLM) -> list[str]:
    return [request.info.stage for request in llm.requests]


def _body(path: Path) -> str:
    """An artifact without its front matter."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return text.split("\n---\n\n", 1)[1]


# ------------------------------------------------------------------ pass first time

def test_run_passes_first_time_and_writes_the_artifact(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    assert llm.pending == 0
    assert _stages(llm) == ["planner", "specialist", "evaluator"]
    assert (final.status, final.step, final.attempts) == ("passed", "done", 0)
    artifact = (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert artifact.startswith('---\ntitle: "How tinyqueue retries failed jobs"\n')
    assert 'status: "passed"' in artifact and 'lang: "en"' in artifact
    assert _body(run_dir / "artifact.en.md") == CLEAN
    assert not (run_dir / "needs-review").exists()
    report = read_report(run_dir)
    assert report["status"] == "passed"
    assert report["rounds"] == [{"round": 1, "bad": 0, "llm_issues": 0, "fixed": 0}]
    assert (report["findings_fixed"], report["findings_stripped"]) == (0, 0)
    assert load_state(run_dir).step == "done"


def test_run_prompts_carry_facts_excerpts_plan_and_article(tinyqueue: Path,
                                                           tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED])
    run_article(tinyqueue, llm, tmp_path / "run")
    planner, specialist, evaluator = (r.messages[-1].content for r in llm.requests)
    assert "- version: 0.3.1" in planner and "src/tinyqueue/queue.py" in planner
    assert "def run_all" in planner  # a retrieved source excerpt
    assert PLAN.strip() in specialist
    assert CLEAN.strip() in evaluator


# ------------------------------------------------------------------ fix succeeds

def test_run_fix_succeeds_in_round_two(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    assert llm.pending == 0
    assert _stages(llm) == ["planner", "specialist", "evaluator", "fix"]
    assert final.status == "passed"
    assert "JobQueue.cancel" not in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    report = read_report(run_dir)
    assert report["rounds"] == [{"round": 1, "bad": 1, "llm_issues": 0, "fixed": 1},
                                {"round": 2, "bad": 0, "llm_issues": 0, "fixed": 0}]
    assert (report["fix_rounds"], report["findings_fixed"], report["findings_stripped"]) == \
        (1, 1, 0)


def test_run_findings_fixed_counts_only_what_the_fix_removed(tinyqueue: Path,
                                                             tmp_path: Path) -> None:
    # the fix deletes a whole line (newline included): the finding below it moves up
    draft = WITH_INVENTED + "\n`Job.retry()` retries a job.\n"
    delete_line = json.dumps([{"find": INVENTED_LINE + "\n", "replace": ""}])
    llm = ScriptedLLM([PLAN, draft, APPROVED, delete_line])
    final = run_article(tinyqueue, llm, tmp_path / "run", max_retries=1)
    assert [(r.bad, r.fixed) for r in final.rounds] == [(2, 1), (1, 0)]
    report = read_report(tmp_path / "run")
    assert (report["findings_fixed"], report["findings_stripped"]) == (1, 1)


def test_run_fix_prompt_holds_only_the_flagged_line(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED])
    run_article(tinyqueue, llm, tmp_path / "run")
    prompt = llm.requests[3].messages[-1].content
    assert f"LINE 6:\n{INVENTED_LINE}\nPROBLEMS:\n- `JobQueue.cancel()`" in prompt
    assert "A failed job is retried as" not in prompt  # an unflagged line of the draft


# ------------------------------------------------------------------ fix fails -> strip

def test_run_fix_fails_then_strip_passes(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, WITH_INVENTED, APPROVED, NO_EDITS, NO_EDITS, NO_EDITS])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    assert llm.pending == 0
    assert _stages(llm).count("fix") == 3
    assert final.status == "passed"
    assert _body(run_dir / "artifact.en.md") == CLEAN
    report = read_report(run_dir)
    assert report["stripped"] == [INVENTED_LINE]
    assert (report["fix_rounds"], report["findings_fixed"], report["findings_stripped"]) == \
        (3, 0, 1)
    assert [r["bad"] for r in report["rounds"]] == [1, 1, 1, 1]


def _never_fixes(draft: str) -> tuple[FunctionLLM, list[str]]:
    """A model whose fixes change nothing; it records the stages it was asked."""
    replies = {"planner": PLAN, "specialist": draft, "evaluator": APPROVED, "fix": NO_EDITS}
    asked: list[str] = []

    def answer(messages: Sequence[Message], info: CallInfo) -> str:  # noqa: ARG001
        asked.append(info.stage)
        return replies[info.stage]
    return FunctionLLM(answer), asked


@pytest.mark.parametrize("max_retries", [0, 1, 2, 5])
def test_run_fix_rounds_are_bounded_by_max_retries(tinyqueue: Path, tmp_path: Path,
                                                   max_retries: int) -> None:
    llm, asked = _never_fixes(WITH_INVENTED)
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir, max_retries=max_retries)
    assert asked.count("fix") == max_retries
    assert asked == ["planner", "specialist", "evaluator"] + ["fix"] * max_retries
    steps = [e["step"] for e in trace_events(run_dir) if e["event"] == "step"]
    assert steps.count("strip") == 1
    assert steps.count("evaluate") == max_retries + 1
    assert final.status == "passed" and final.stripped == [INVENTED_LINE]


def test_run_unstrippable_translation_goes_to_needs_review(tinyqueue: Path,
                                                           tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED, ZH_DROPPED_REF])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir, translate="zh")
    assert llm.pending == 0
    assert final.status == "failed"
    review = run_dir / "needs-review"
    assert sorted(p.name for p in review.iterdir()) == ["artifact.en.md", "artifact.zh.md",
                                                        "report.html", "report.json"]
    assert not list(run_dir.glob("artifact.*.md"))
    assert (run_dir / "report.json").read_bytes() == (review / "report.json").read_bytes()
    assert 'status: "failed"' in (review / "artifact.zh.md").read_text(encoding="utf-8")
    report = read_report(review)
    assert report["status"] == "failed"
    assert [(f["rule"], f["text"]) for f in report["open_findings"]] == [
        ("translation-dropped-ref", "RetryPolicy.delay()")]


# ------------------------------------------------------------------ unparseable verdict

def test_run_unparseable_verdict_triggers_a_fix(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, "The article reads well, I think.", NO_EDITS])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    assert llm.pending == 0
    assert _stages(llm) == ["planner", "specialist", "evaluator", "fix"]
    fix_prompt = llm.requests[3].messages[-1].content
    assert "REVIEW ISSUE:\n- the review could not be read as a verdict" in fix_prompt
    assert final.status == "passed"
    assert [(r.round, r.llm_issues) for r in final.rounds] == [(1, 1), (2, 0)]


def test_run_review_issues_are_fixed_and_not_asked_again(tinyqueue: Path,
                                                         tmp_path: Path) -> None:
    review = "- `JobQueue.submit()` returns the job; say so"
    edit = json.dumps([{"find": "adds a job to the end of the queue",
                        "replace": "adds a job to the end of the queue and returns it"}])
    llm = ScriptedLLM([PLAN, CLEAN, review, edit])
    run_dir = tmp_path / "run"
    assert run_article(tinyqueue, llm, run_dir).status == "passed"
    assert "returns it" in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert "RELEVANT LINES:\n`JobQueue.submit()` adds a job" in llm.requests[3].messages[-1].content


# ------------------------------------------------------------------ translation

def test_run_translation_passes_and_both_languages_are_written(tinyqueue: Path,
                                                               tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED, CLEAN_ZH])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir, translate="zh")
    assert final.status == "passed"
    assert _body(run_dir / "artifact.zh.md") == CLEAN_ZH
    assert 'lang: "zh"' in (run_dir / "artifact.zh.md").read_text(encoding="utf-8")
    assert read_report(run_dir)["languages"] == ["en", "zh"]
    assert CLEAN.strip() in llm.requests[3].messages[-1].content


def test_run_translation_dropping_an_identifier_fails(tinyqueue: Path, tmp_path: Path) -> None:
    zh_source = CLEAN_ZH
    en_dropped = CLEAN.replace("`JobQueue.run_all()` runs", "It runs")
    llm = ScriptedLLM([PLAN, zh_source, APPROVED, en_dropped])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir, lang="zh", translate="en")
    assert final.status == "failed"
    assert [(f["rule"], f["text"], f["path"]) for f in final.bad] == [
        ("translation-dropped-ref", "JobQueue.run_all()", "artifact.en.md")]
    assert (run_dir / "needs-review" / "artifact.en.md").is_file()


def test_run_translation_adding_an_invented_name_is_stripped(tinyqueue: Path,
                                                             tmp_path: Path) -> None:
    added = CLEAN_ZH + "\n`JobQueue.cancel()` 可以取消任务。\n"
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED, added])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir, translate="zh")
    assert final.status == "passed"
    assert final.stripped == ["[zh] `JobQueue.cancel()` 可以取消任务。"]
    assert _body(run_dir / "artifact.zh.md") == CLEAN_ZH


# ------------------------------------------------------------------ resume

FULL_SCRIPT = [PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED, CLEAN_ZH]
CALLS_DONE_AFTER = {"prepare": 0, "plan": 1, "write": 2, "evaluate": 3, "fix": 4,
                    "translate": 5}


def _run(source: Path, llm: LLMClient, run_dir: Path, stop_after: tuple[str, ...] = ()
         ) -> None:
    settings = article_settings(source)
    deps = scripted_deps(llm, settings, stop_after=stop_after)
    run_pipeline(new_state(source, translate="zh"), ArticleTask(settings=settings), deps,
                 run_dir=run_dir)


def _resume(source: Path, llm: LLMClient, run_dir: Path) -> None:
    settings = article_settings(source)
    resume_pipeline(run_dir, ArticleTask(settings=settings), scripted_deps(llm, settings))


@pytest.mark.parametrize("stop", ["prepare", "plan", "write", "evaluate", "fix", "translate"])
def test_resume_after_a_crash_between_steps_repeats_nothing(tinyqueue: Path, tmp_path: Path,
                                                            stop: str) -> None:
    whole = tmp_path / "whole"
    _run(tinyqueue, ScriptedLLM(FULL_SCRIPT), whole)

    done = CALLS_DONE_AFTER[stop]
    first = ScriptedLLM(FULL_SCRIPT[:done])
    run_dir = tmp_path / "resumed"
    with pytest.raises(RunInterrupted, match=f"stopped after {stop!r}"):
        _run(tinyqueue, first, run_dir, stop_after=(stop,))
    assert first.pending == 0
    assert load_state(run_dir).status == "running"
    second = ScriptedLLM(FULL_SCRIPT[done:])  # only the remaining replies
    _resume(tinyqueue, second, run_dir)
    assert second.pending == 0
    assert _stages(second) == ["planner", "specialist", "evaluator", "fix", "translate"][done:]
    for name in ("artifact.en.md", "artifact.zh.md", "report.json", "state.json"):
        assert (run_dir / name).read_bytes() == (whole / name).read_bytes(), name


def test_resume_after_write_does_not_call_planner_or_specialist(tinyqueue: Path,
                                                                tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with pytest.raises(RunInterrupted):
        _run(tinyqueue, ScriptedLLM([PLAN, WITH_INVENTED]), run_dir, stop_after=("write",))
    state = load_state(run_dir)
    assert (state.step, state.plan, state.draft) == ("evaluate", PLAN, WITH_INVENTED)
    second = ScriptedLLM([APPROVED, FIX_INVENTED, CLEAN_ZH])
    _resume(tinyqueue, second, run_dir)
    assert _stages(second) == ["evaluator", "fix", "translate"]
    assert read_report(run_dir)["findings_fixed"] == 1


def test_resume_after_a_failed_llm_call_redoes_only_that_step(tinyqueue: Path,
                                                              tmp_path: Path) -> None:
    replies = iter([PLAN, WITH_INVENTED, APPROVED])

    def flaky(messages: Sequence[Message], info: CallInfo) -> str:  # noqa: ARG001
        if info.stage == "fix":
            raise LLMHTTPError("HTTP 503 from the provider")
        return next(replies)
    run_dir = tmp_path / "run"
    with pytest.raises(LLMHTTPError):
        _run(tinyqueue, FunctionLLM(flaky), run_dir)
    assert load_state(run_dir).step == "fix"
    second = ScriptedLLM([FIX_INVENTED, CLEAN_ZH])
    _resume(tinyqueue, second, run_dir)
    assert _stages(second) == ["fix", "translate"]
    assert load_state(run_dir).status == "passed"


def test_resume_keeps_usage_of_the_steps_before_the_crash(tinyqueue: Path,
                                                          tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with pytest.raises(RunInterrupted):
        _run(tinyqueue, ScriptedLLM(FULL_SCRIPT[:2]), run_dir, stop_after=("write",))
    _resume(tinyqueue, ScriptedLLM(FULL_SCRIPT[2:]), run_dir)
    usage = read_report(run_dir)["usage"]
    assert sorted(usage) == ["evaluator", "fix", "planner", "specialist", "translate"]
    assert usage["specialist"]["completion_tokens"] == str(len(WITH_INVENTED.split()))


# ------------------------------------------------------------------ trace and events

def test_trace_has_one_event_per_step_and_per_llm_call(tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED])
    run_dir = tmp_path / "run"
    run_article(tinyqueue, llm, run_dir)
    events = trace_events(run_dir)
    assert [(e["event"], e["step"]) for e in events] == [
        ("step", "prepare"),
        ("llm_call", "plan"), ("step", "plan"),
        ("llm_call", "write"), ("step", "write"),
        ("llm_call", "evaluate"), ("step", "evaluate"),
        ("llm_call", "fix"), ("step", "fix"),
        ("step", "evaluate"),
        ("step", "translate")]
    calls = [e for e in events if e["event"] == "llm_call"]
    assert [c["stage"] for c in calls] == ["planner", "specialist", "evaluator", "fix"]
    replies = [PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED]
    assert [c["completion_tokens"] for c in calls] == [len(r.split()) for r in replies]
    for call, request in zip(calls, llm.requests, strict=True):
        assert call["prompt_tokens"] == sum(len(m.content.split()) for m in request.messages)
        assert call["cache_hit"] is False and call["model"] == "scripted"
    steps = [e for e in events if e["event"] == "step"]
    assert [s["next"] for s in steps] == ["plan", "write", "evaluate", "fix", "evaluate",
                                          "translate", "finalize"]
    assert [s["open_findings"] for s in steps][3:6] == [1, 1, 0]


def test_report_usage_matches_the_trace(tinyqueue: Path, tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    run_article(tinyqueue, ScriptedLLM([PLAN, WITH_INVENTED, APPROVED, FIX_INVENTED]), run_dir)
    calls = [e for e in trace_events(run_dir) if e["event"] == "llm_call"]
    usage = read_report(run_dir)["usage"]
    for call in calls:
        stage = usage[call["stage"]]
        assert stage["requests"] == "1"
        assert stage["prompt_tokens"] == str(call["prompt_tokens"])
        assert stage["completion_tokens"] == str(call["completion_tokens"])


def test_run_reports_progress_events(tinyqueue: Path, tmp_path: Path) -> None:
    events: list[dict[str, object]] = []
    run_article(tinyqueue, ScriptedLLM([PLAN, CLEAN, APPROVED]), tmp_path / "run",
                deps_options={"on_event": events.append})
    assert [(e["event"], e.get("step")) for e in events] == [
        (kind, step) for step in ("prepare", "plan", "write", "evaluate", "translate")
        for kind in ("step_start", "step_end")] + [("done", None)]
    assert events[-1]["status"] == "passed"


def test_resume_of_a_checkpoint_with_an_unknown_step_fails_clearly(tinyqueue: Path,
                                                                    tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with pytest.raises(RunInterrupted):
        _run(tinyqueue, ScriptedLLM([PLAN, WITH_INVENTED]), run_dir, stop_after=("write",))
    state_file = run_dir / "state.json"
    state_file.write_text(state_file.read_text(encoding="utf-8").replace(
        '"step": "evaluate"', '"step": "bogus"'), encoding="utf-8")
    with pytest.raises(SourceError, match="unknown step 'bogus'"):
        _resume(tinyqueue, ScriptedLLM(), run_dir)
