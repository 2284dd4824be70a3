"""PSEState: JSON round trips, atomic checkpoints, readable errors for bad run folders."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from pse.errors import SourceError
from pse.pipeline.codec import (
    VERSION,
    decode_state,
    encode_state,
    finding_from_dict,
    finding_to_dict,
    load_state,
    save_state,
)
from pse.pipeline.plan import Section
from pse.pipeline.state import Gate, PSEState, RoundRecord, RunOptions
from pse.rag.retriever import Chunk
from pse.tasks import inputs_type
from pse.tasks.article.inputs import ArticleInputs
from pse.verify.finding import Evidence, Finding

FINDING = Finding(rule="ref-unverified", message="not found", path="artifact.en.md", line=6,
                  text="JobQueue.cancel()", hint="did you mean JobQueue.submit?",
                  evidence=(Evidence("src/tinyqueue/queue.py", 34, "def submit"),),
                  kind="symbol")


def _full_state() -> PSEState:
    return PSEState(
        run_id="tinyqueue-1", task="article",
        inputs=ArticleInputs(source="/src/tinyqueue", lang="zh", translate=("en",),
                             highlights=("one", "two"), words=900),
        data={"facts": {"name": "tinyqueue", "files_per_language": {"python": 4}},
              "style": "hands-on"},
        context=[Chunk("README.md", 1, 9, "# tinyqueue")],
        sections=[Section("Queue", focus=["JobQueue"], text="## Queue\n", open_findings=0,
                          excerpts=[Chunk("q.py", 3, 8, "class JobQueue:", symbol="JobQueue")])],
        gates=[Gate("length", passed=False, value=412, detail="412 words")],
        plan="# 计划\n", draft="# 草稿\n", artifact="# 文章\n", translations={"en": "# Article\n"},
        bad=[FINDING], ok_count=7, llm_issues=["`X` is invented"],
        attempts=2, max_retries=4,
        rounds=[RoundRecord(1, bad=3, llm_issues=1, fixed=2), RoundRecord(
            2, bad=1, findings=[replace(FINDING, evidence=())])],
        stripped=["a clause,"], usage={"fix": {"requests": "2", "cost": "0.0001"}},
        step="strip", status="failed")


def test_state_json_round_trip_keeps_every_field() -> None:
    state = _full_state()
    again = decode_state(encode_state(state), inputs_for=inputs_type)
    assert again == state
    assert isinstance(again.rounds[0], RoundRecord)


def test_state_json_carries_the_codec_version_and_every_part_as_an_object() -> None:
    data = json.loads(encode_state(_full_state()))
    assert data["version"] == VERSION == 3
    assert data["inputs"]["translate"] == ["en"] and data["inputs"]["words"] == 900
    assert data["rounds"][1]["findings"] == [{**finding_to_dict(FINDING), "evidence": []}]
    assert data["sections"][0]["excerpts"][0]["symbol"] == "JobQueue"
    assert data["gates"] == [{"name": "length", "passed": False, "value": 412,
                              "detail": "412 words"}]


def test_state_parts_ignore_keys_a_newer_pse_added() -> None:
    data = json.loads(encode_state(_full_state()))
    data["version"] = 99
    data["sections"][0]["added"] = 1
    data["gates"][0]["added"] = 1
    data["bad"][0]["added"] = 1
    data["bad"][0]["evidence"][0]["added"] = 1
    data["inputs"]["added"] = 1
    assert decode_state(json.dumps(data), inputs_for=inputs_type) == _full_state()


def test_state_json_is_stable_and_keeps_unicode() -> None:
    text = encode_state(_full_state())
    assert text == encode_state(_full_state())
    assert "文章" in text
    assert list(json.loads(text)) == sorted(json.loads(text))


def test_state_from_json_ignores_unknown_keys_and_defaults_missing_ones() -> None:
    state = decode_state(json.dumps({"run_id": "r", "task": "article",
                                     "added_by_a_newer_pse": 1}), inputs_for=inputs_type)
    assert state == PSEState(run_id="r", task="article", inputs=ArticleInputs())
    assert (state.step, state.status, state.max_retries) == ("prepare", "running", 3)


def test_state_findings_are_finding_values() -> None:
    assert _full_state().findings() == [FINDING]


def test_finding_dict_round_trip_keeps_evidence() -> None:
    data = finding_to_dict(FINDING)
    assert json.loads(json.dumps(data)) == data
    assert finding_from_dict(data) == FINDING
    assert finding_from_dict(finding_to_dict(replace(FINDING, evidence=()))).evidence == ()


def test_save_state_writes_state_json_atomically(tmp_path: Path) -> None:
    run_dir = tmp_path / "runs" / "r1"
    save_state(_full_state(), run_dir)
    assert sorted(p.name for p in run_dir.iterdir()) == ["state.json"]
    assert load_state(run_dir, inputs_for=inputs_type) == _full_state()


def test_save_state_overwrites_the_previous_checkpoint(tmp_path: Path) -> None:
    save_state(_full_state(), tmp_path)
    save_state(replace(_full_state(), step="finalize", attempts=3), tmp_path)
    loaded = load_state(tmp_path, inputs_for=inputs_type)
    assert (loaded.step, loaded.attempts) == ("finalize", 3)


def test_load_state_missing_folder_names_it(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"'.*nowhere' is not a run folder \(no state.json\)"):
        load_state(tmp_path / "nowhere", inputs_for=inputs_type)


@pytest.mark.parametrize("content", [
    "{not json", "[]", '{"task": "article"}',
    '{"run_id": "r", "task": "article", "rounds": [{"x": 1}]}',
    '{"run_id": "r", "task": "article", "version": 3, "inputs": {"words": "many"}}',
    '{"run_id": "r", "task": "article", "version": 2, "inputs": {"words": "many"}}'])
def test_load_state_damaged_checkpoint_is_a_source_error(tmp_path: Path, content: str) -> None:
    (tmp_path / "state.json").write_text(content, encoding="utf-8")
    with pytest.raises(SourceError, match=r"cannot read the checkpoint '.*state.json'"):
        load_state(tmp_path, inputs_for=inputs_type)


CHECKPOINT = Path(__file__).parents[1] / "fixtures" / "checkpoints" / "article-interrupted"
"""A checkpoint written by ``save_state`` of an interrupted article run (two sections, the
second being written) before the run's flags were :class:`RunOptions` (they were ``"0"`` /
``"1"`` strings among its inputs), committed so that every later codec must still read it."""


def test_an_old_checkpoint_still_loads_its_flags_read_as_options(tmp_path: Path) -> None:
    state = load_state(CHECKPOINT, inputs_for=inputs_type)
    assert state.options == RunOptions(tools=True, llm_review=False, source_table=False)
    inputs = ArticleInputs.of(state)
    assert inputs.words == 600 and inputs.repo_url == "" and inputs.translate == ()
    assert (state.task, state.step, state.section, state.in_sections) == (
        "article", "write", 1, True)
    assert state.sections[0].text == "## The queue\n\n`JobQueue` runs jobs in order.\n"
    assert [f.text for f in state.findings()] == ["JobQueue.cancel"]
    assert state.findings()[0].evidence[0].path == "src/tinyqueue/queue.py"
    assert state.rounds[0].scope == "section 1" and state.rounds[0].diff == "-a\n+b\n"
    save_state(state, tmp_path)
    assert load_state(tmp_path, inputs_for=inputs_type) == state  # written back, read the same
    assert json.loads(encode_state(state))["options"] == {
        "tools": True, "llm_review": False, "source_table": False, "show_requests": False}
