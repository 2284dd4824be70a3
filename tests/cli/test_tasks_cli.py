"""`pse tasks` lists built-in and plug-in tasks; `pse run` starts either kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pse.tasks
from plugin_task import DigestInputs, install_plugins
from pse.llm.fake import ScriptedLLM
from pse.pipeline.codec import load_state
from pse.pipeline.inputs import GenericInputs
from repo_fixtures import run_cli


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The `notes` task installed as a third party's entry point."""
    install_plugins(monkeypatch)


def test_tasks_lists_built_in_and_plugin_tasks(plugin: None,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    listed = json.loads(run_cli(capsys, "tasks", "--json").out)
    origins = {row["name"]: row["origin"] for row in listed}
    assert origins == {"article": "built-in", "digest": "plug-in", "interview": "built-in",
                       "notes": "plug-in", "resume": "built-in"}


def test_run_starts_a_plugin_task_through_the_gate(
        plugin: None, model: ScriptedLLM, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    fix = json.dumps([{"find": "It is revolutionary.", "replace": "It has a size limit."}])
    model.enqueue("# Caching\n- what it keeps\n",
                  "# Caching\n\nA cache keeps answers.\nIt is revolutionary.\n", "APPROVED", fix)
    result = run_cli(capsys, "run", "notes", "--source", str(tmp_path), "--input",
                     "topic=caching", "--out", str(tmp_path / "runs"))
    assert result.code == 0, result.err
    artifact = Path(result.out.splitlines()[0])
    text = artifact.read_text(encoding="utf-8")
    assert "A cache keeps answers." in text and "It has a size limit." in text
    assert "revolutionary" not in text
    assert [r.info.stage for r in model.requests] == ["planner", "specialist", "evaluator",
                                                      "fix"]
    assert "caching" in model.requests[0].messages[-1].content
    run_dir = artifact.parent
    state = load_state(run_dir, inputs_for=pse.tasks.inputs_type)
    assert state.inputs == GenericInputs(source=str(tmp_path.resolve()), lang="en",
                                         values={"topic": "caching"})


def test_run_reads_the_inputs_into_a_plugins_own_inputs_type(
        plugin: None, model: ScriptedLLM, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue("# Caching\n- what it keeps\n", "# Caching\n\nA cache keeps answers.\n",
                  "APPROVED")
    result = run_cli(capsys, "run", "digest", "--source", str(tmp_path), "--input",
                     "topic=caching", "--input", "depth=3", "--input", "tags=a,b",
                     "--out", str(tmp_path / "runs"))
    assert result.code == 0, result.err
    assert "a digest of caching, depth 3" in model.requests[0].messages[-1].content
    run_dir = Path(result.out.splitlines()[0]).parent
    state = load_state(run_dir, inputs_for=pse.tasks.inputs_type)
    assert state.inputs == DigestInputs(source=str(tmp_path.resolve()), topic="caching",
                                        depth=3, tags=("a", "b"))


@pytest.mark.parametrize(("item", "message"), [
    ("depth=deep", "--input: input 'depth' is 'deep'; expected a whole number"),
    ("colour=red", "--input 'colour': the task has no such input; its inputs are audience, "),
])
def test_run_input_of_a_plugins_own_type_is_checked(plugin: None, model: ScriptedLLM,
                                                    tmp_path: Path, item: str, message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "run", "digest", "--source", str(tmp_path), "--input", item,
                     "--out", str(tmp_path / "runs"))
    assert result.code == 2 and message in result.err and "Traceback" not in result.err
    assert model.requests == [] and not (tmp_path / "runs").exists()


def test_run_of_an_unknown_task_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "run", "nope")
    assert result.code == 2
    assert "unknown task 'nope'" in result.err and "article" in result.err


def test_run_input_must_be_key_value(plugin: None, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "run", "notes", "--source", str(tmp_path), "--input", "topic")
    assert result.code == 2 and "'topic' is not KEY=VALUE" in result.err


def test_run_article_is_the_article_command(capsys: pytest.CaptureFixture[str]) -> None:
    helped = run_cli(capsys, "run", "article", "--help")
    assert helped.code == 0 and "--words" in helped.out
