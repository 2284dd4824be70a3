"""Completion caps and stop sequences of a resume run (``pse.tasks.resume.limits``)."""

from __future__ import annotations

from pse.llm.fake import ScriptedLLM
from pse.llm.types import Message
from pse.tasks.resume.limits import STOPS, StageStops, estimate_tokens, token_caps
from pse.tasks.resume.task import PROMPTS
from resume_support import EXAMPLES


def test_estimate_counts_cjk_characters_and_digits_one_each() -> None:
    assert estimate_tokens("数据工程师") == 5
    assert estimate_tokens("2021") == 4
    assert estimate_tokens("a" * 35) == 10


def test_the_resume_cap_follows_the_cv_and_is_bounded() -> None:
    short = token_caps(["Python, SQL"], recommend=False)
    cv = (EXAMPLES / "cv.en.md").read_text(encoding="utf-8")
    example = token_caps([cv], recommend=False)
    long = token_caps([cv * 20], recommend=False)
    assert short["specialist"] == 300 < example["specialist"] < long["specialist"] == 1600
    assert example["specialist"] == estimate_tokens(cv) + 150
    assert example["translate"] > example["specialist"]
    assert token_caps([cv], recommend=True)["planner"] > example["planner"]


def test_two_cvs_add_up() -> None:
    cv = (EXAMPLES / "cv.zh.md").read_text(encoding="utf-8")
    assert token_caps([cv, cv], recommend=False)["specialist"] == 2 * estimate_tokens(cv) + 150


def test_stage_stops_are_added_per_stage_and_a_callers_stop_wins() -> None:
    inner = ScriptedLLM(["a", "b", "c"])
    llm = StageStops(inner, {"specialist": ["X", "Y"]})
    llm.chat([Message.user("q")], stage="specialist", max_tokens=5)
    llm.chat([Message.user("q")], stage="planner")
    llm.chat([Message.user("q")], stage="specialist", stop=["Z"])
    params = [r.info.params for r in inner.requests]
    assert params[0] == {"max_tokens": 5, "stop": ["X", "Y"]}
    assert "stop" not in params[1]
    assert params[2]["stop"] == ["Z"]
    assert llm.requests is inner.requests  # everything else is the wrapped client's


def test_at_most_four_stops_per_stage() -> None:
    llm = StageStops(ScriptedLLM(["a"]), {"fix": ["1", "2", "3", "4", "5"]})
    assert llm.stops["fix"] == ["1", "2", "3", "4"]
    assert all(len(stops) <= 4 for stops in STOPS.values())


def test_the_specialist_stops_are_its_own_prompt_lines() -> None:
    # a stop the prompt does not contain would never be what the model copies back
    prompt = (PROMPTS / "specialist.md").read_text(encoding="utf-8")
    assert all(stop in prompt for stop in STOPS["specialist"])
    evaluator = (PROMPTS / "evaluator.md").read_text(encoding="utf-8")
    assert all(stop in evaluator for stop in STOPS["evaluator"])
