"""Task inputs: typed per task, one codec for checkpoints (version 3), older string maps
(versions 1 and 2) read into the run's task's type."""

from __future__ import annotations

import json
from typing import Any

import pytest

from plugin_task import DigestInputs, install_plugins
from pse.errors import TaskError
from pse.pipeline.codec import (
    decode_state,
    encode_state,
    inputs_from_dict,
    inputs_from_strings,
    inputs_to_dict,
)
from pse.pipeline.inputs import GenericInputs, TaskInputs
from pse.pipeline.state import PSEState, RunOptions
from pse.tasks import inputs_type
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.interview.inputs import InterviewInputs
from pse.tasks.resume.inputs import ResumeInputs

ARTICLE = ArticleInputs(source="/src/tinyqueue", lang="zh", translate=("en", "ja"),
                        repo_url="https://example.org/o/tinyqueue", source_label="o/tinyqueue",
                        style="hands-on", project="tinyqueue", description="A job queue.",
                        highlights=("retries", "priorities; with a semicolon"), words=900)
RESUME = ResumeInputs(cv=("/cv/a.md", "/cv/b.md"), jd=None, notes="/notes", pii_rules=None,
                      banned="/banned.txt", mode="recommend", role="Data Engineer",
                      formats=("pdf",), phone_regions=("FR", "IT"),
                      public=("Senior Engineer", "Berlin"), privacy="local", lang="en")
INTERVIEW = InterviewInputs(cv=("/cv/a.md",), jd="/jd.md", lang="zh")
GENERIC = GenericInputs(source="/src", lang="en", translate=("zh",),
                        values={"topic": "caching", "tone": ""})
DIGEST = DigestInputs(source="/src", topic="caching", depth=3, brief=True, audience="ops",
                      deadline=None, tags=("a", "b"))


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The `notes` (generic inputs) and `digest` (its own inputs) plug-in tasks installed."""
    install_plugins(monkeypatch)


@pytest.mark.parametrize(("task", "inputs"), [
    ("article", ARTICLE), ("resume", RESUME), ("interview", INTERVIEW), ("notes", GENERIC),
    ("digest", DIGEST)])
def test_inputs_round_trip_through_the_checkpoint_codec(plugins: None, task: str,
                                                        inputs: TaskInputs) -> None:
    state = PSEState(run_id="r", task=task, inputs=inputs)
    text = encode_state(state)
    again = decode_state(text, inputs_for=inputs_type)
    assert again == state and type(again.inputs) is type(inputs)
    assert json.loads(text)["inputs"] == json.loads(json.dumps(inputs_to_dict(inputs)))


def test_inputs_json_has_lists_numbers_bools_and_nulls() -> None:
    assert inputs_to_dict(ARTICLE)["highlights"] == ["retries", "priorities; with a semicolon"]
    assert inputs_to_dict(ARTICLE)["words"] == 900
    assert inputs_to_dict(RESUME)["cv"] == ["/cv/a.md", "/cv/b.md"]
    assert inputs_to_dict(RESUME)["jd"] is None
    digest = inputs_to_dict(DIGEST)
    assert (digest["depth"], digest["brief"], digest["tags"]) == (3, True, ["a", "b"])


@pytest.mark.parametrize(("data", "message"), [
    ({"words": "600"}, "input 'words' is '600'; expected a int"),
    ({"words": True}, "input 'words' is True; expected a int"),
    ({"highlights": "a; b"}, "expected a JSON list"),
])
def test_inputs_of_the_wrong_shape_are_a_value_error(data: dict[str, object],
                                                      message: str) -> None:
    with pytest.raises(ValueError, match=message):
        inputs_from_dict(ArticleInputs, data)


def test_a_literal_input_outside_its_choices_is_a_value_error() -> None:
    with pytest.raises(ValueError, match=r"input 'mode' is 'both'"):
        inputs_from_dict(ResumeInputs, {"mode": "both"})


def _checkpoint(task: str, inputs: dict[str, str], **extra: Any) -> str:
    """A checkpoint as versions 1 and 2 wrote it: every input a string."""
    return json.dumps({"run_id": "old-1", "task": task, "inputs": inputs, "step": "write",
                       "artifact": "", "bad": [], "rounds": [], **extra})


def test_a_version_1_article_checkpoint_reads_its_strings_into_article_inputs() -> None:
    text = _checkpoint("article", {
        "source": "/src/tinyqueue", "lang": "zh", "translate": "en,ja", "style": "hands-on",
        "source_label": "o/tinyqueue", "project": "tinyqueue", "description": "A job queue.",
        "highlights": "retries; priorities", "words": "900", "repo_url": "",
        "tools": "0", "llm_review": "1", "source_table": "1", "added_by_a_plugin": "x"})
    state = decode_state(text, inputs_for=inputs_type)
    assert state.inputs == ArticleInputs(
        source="/src/tinyqueue", lang="zh", translate=("en", "ja"), style="hands-on",
        source_label="o/tinyqueue", project="tinyqueue", description="A job queue.",
        highlights=("retries", "priorities"), words=900)
    assert state.options == RunOptions(tools=False, llm_review=True, source_table=True)


def test_a_version_2_article_checkpoint_reads_an_empty_number_as_the_default() -> None:
    text = _checkpoint("article", {"source": "/src/tinyqueue", "lang": "en", "translate": "",
                                   "words": "", "highlights": ""},
                       version=2, options={"tools": True, "llm_review": False})
    state = decode_state(text, inputs_for=inputs_type)
    assert state.inputs == ArticleInputs(source="/src/tinyqueue", words=600)
    assert state.options == RunOptions(tools=True, llm_review=False)


def test_version_1_and_2_resume_checkpoints_read_joined_paths_and_lists() -> None:
    legacy = {"cv": "/cv/a.md\n/cv/b.md", "jd": "", "notes": "/notes", "pii_rules": "",
              "banned": "/banned.txt", "mode": "recommend", "role": "Data Engineer",
              "formats": "pdf", "lang": "en", "translate": "", "phone_regions": "FR,IT",
              "public": "Senior Engineer\nBerlin", "privacy": "local"}
    v1 = decode_state(_checkpoint("resume", {**legacy, "show_requests": "1"}),
                      inputs_for=inputs_type)
    v2 = decode_state(_checkpoint("resume", legacy, version=2,
                                  options={"show_requests": True}), inputs_for=inputs_type)
    assert v1.inputs == v2.inputs == RESUME
    assert v1.options == v2.options == RunOptions(show_requests=True)


def test_an_old_resume_checkpoint_without_later_keys_gets_their_defaults() -> None:
    state = decode_state(_checkpoint("resume", {"cv": "/cv/a.md", "jd": "/jd.md",
                                                "lang": "en", "mode": "jd"}),
                         inputs_for=inputs_type)
    assert state.inputs == ResumeInputs(cv=("/cv/a.md",), jd="/jd.md", lang="en")
    assert ResumeInputs.of(state).formats == ("docx", "pdf")
    assert ResumeInputs.of(state).privacy == "remote"
    assert inputs_from_strings(ResumeInputs, {"formats": ""}).formats == ()  # none asked


def test_an_old_interview_checkpoint_reads_its_cv_paths() -> None:
    state = decode_state(_checkpoint("interview", {"cv": "/cv/a.md\n", "jd": "/jd.md",
                                                   "lang": "zh", "translate": ""}, version=2),
                         inputs_for=inputs_type)
    assert state.inputs == INTERVIEW


def test_an_old_plugin_checkpoint_keeps_every_other_key_in_its_values(plugins: None) -> None:
    state = decode_state(_checkpoint("notes", {"source": "/src", "lang": "en",
                                               "translate": "zh", "topic": "caching",
                                               "tone": ""}), inputs_for=inputs_type)
    assert state.inputs == GENERIC


def test_strings_read_into_a_plugins_own_inputs_type() -> None:
    inputs = inputs_from_strings(DigestInputs, {"source": "/src", "topic": "caching",
                                                "depth": "3", "brief": "1", "audience": "ops",
                                                "deadline": "", "tags": "a,b", "other": "x"})
    assert inputs == DIGEST
    with pytest.raises(ValueError, match="input 'depth' is 'deep'; expected a whole number"):
        inputs_from_strings(DigestInputs, {"depth": "deep"})
    with pytest.raises(ValueError, match="input 'audience' is 'all'; expected one of dev, ops"):
        inputs_from_strings(DigestInputs, {"audience": "all"})
    assert inputs_from_strings(DigestInputs, {"audience": "", "depth": " "}) == DigestInputs()


def test_the_inputs_type_of_a_task_comes_from_the_registry(plugins: None) -> None:
    assert inputs_type("article") is ArticleInputs
    assert inputs_type("resume") is ResumeInputs
    assert inputs_type("interview") is InterviewInputs
    assert inputs_type("notes") is GenericInputs  # declares none
    assert inputs_type("digest") is DigestInputs
    with pytest.raises(TaskError, match="unknown task 'nope'"):
        inputs_type("nope")


def test_a_tasks_accessor_refuses_another_tasks_inputs() -> None:
    state = PSEState(run_id="r", task="resume", inputs=INTERVIEW)
    assert InterviewInputs.of(state) is INTERVIEW
    with pytest.raises(TypeError, match="has inputs of type InterviewInputs, not ResumeInputs"):
        ResumeInputs.of(state)


def test_lists_given_for_tuple_fields_become_tuples() -> None:
    listed = ArticleInputs(translate=["zh"], highlights=["a"])  # type: ignore[arg-type]
    assert listed == ArticleInputs(translate=("zh",), highlights=("a",))
