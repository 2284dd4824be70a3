"""``pse continue RUN``: finish an interrupted run without repeating its finished steps."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from article_support import (
    APPROVED,
    FIX_INVENTED,
    GOOD_RUN,
    JOBS,
    PLAN,
    QUEUE_INVENTED,
    RETRIES,
    SECTIONS,
    ZH_DROPPED_REF,
    ZH_PARTS,
    article_settings,
    new_state,
    parts,
    read_report,
    scripted_deps,
)
from pse.llm.fake import ScriptedLLM
from pse.pipeline.codec import load_state
from pse.pipeline.runner import RunInterrupted, run_pipeline
from pse.tasks import inputs_type
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask
from pse.tasks.resume.inputs import ResumeInputs
from repo_fixtures import run_cli
from resume_support import APPROVED as RESUME_APPROVED
from resume_support import CLEAN as RESUME_CLEAN
from resume_support import PLAN as RESUME_PLAN
from resume_support import copy_examples


def _interrupted(source: Path, run_dir: Path, replies: list[str], *, stop: str,
                 translate: tuple[str, ...] = ()) -> None:
    """A run stopped (as if killed) after step ``stop``."""
    settings = article_settings(source)
    deps = scripted_deps(ScriptedLLM(replies), settings, stop_after=(stop,))
    with pytest.raises(RunInterrupted):
        run_pipeline(new_state(source, translate=translate), ArticleTask(settings=settings),
                     deps, run_dir=run_dir)


def test_continue_finishes_the_run_without_planning_or_writing_again(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = tmp_path / "runs" / "r1"
    _interrupted(tinyqueue, run_dir, [PLAN, QUEUE_INVENTED], stop="write")
    model.enqueue(FIX_INVENTED, RETRIES, JOBS, APPROVED)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["fix", "specialist", "specialist",
                                                      "evaluator"]
    assert model.pending == 0
    assert result.out.splitlines() == [str(run_dir / "artifact.en.md"),
                                       str(run_dir / "report.json")]
    assert "pse: continuing run-1 at step 'evaluate'" in result.err
    assert read_report(run_dir)["findings_fixed"] == 1


def test_continue_failed_run_exits_1(model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = tmp_path / "r1"
    _interrupted(tinyqueue, run_dir, GOOD_RUN[:2], stop="evaluate", translate=("zh",))
    model.enqueue(*GOOD_RUN[2:], *parts(ZH_DROPPED_REF))
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 1
    assert [r.info.stage for r in model.requests] == ["specialist", "specialist", "evaluator",
                                                      "translate", "translate", "translate"]
    assert str(run_dir / "needs-review" / "artifact.zh.md") in result.out.splitlines()


def test_continue_finished_run_exits_with_its_outcome(model: ScriptedLLM, tinyqueue: Path,
                                                     tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    run_dir = tmp_path / "r1"
    _interrupted(tinyqueue, run_dir, [*GOOD_RUN, *ZH_PARTS], stop="translate",
                 translate=("zh",))
    first = run_cli(capsys, "continue", str(run_dir))
    assert first.code == 0
    assert load_state(run_dir, inputs_for=inputs_type).step == "done"
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0
    assert "pse: run 'run-1' already finished (passed); nothing to continue" in result.err
    assert result.out == first.out  # the same artifacts and report, nothing written again
    assert model.requests == []


def test_continue_missing_folder_exits_2(model: ScriptedLLM, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "continue", str(tmp_path / "nowhere"))
    assert result.code == 2
    assert f"run folder '{tmp_path / 'nowhere'}' does not exist" in result.err
    assert "Traceback" not in result.err
    (tmp_path / "not_a_run").mkdir()
    result = run_cli(capsys, "continue", str(tmp_path / "not_a_run"))
    assert result.code == 2
    assert f"'{tmp_path / 'not_a_run'}' is not a run folder (no state.json)" in result.err


def test_continue_damaged_checkpoint_exits_2(model: ScriptedLLM, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "state.json").write_text("[1, 2]", encoding="utf-8")
    result = run_cli(capsys, "continue", str(tmp_path))
    assert result.code == 2
    assert "pse: error: cannot read the checkpoint" in result.err


def test_continue_when_the_source_is_gone_exits_2(model: ScriptedLLM, tinyqueue: Path,
                                                tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    run_dir = tmp_path / "r1"
    _interrupted(tinyqueue, run_dir, [PLAN], stop="plan")
    shutil.rmtree(tinyqueue)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 2
    assert "the run's source folder" in result.err and "is gone" in result.err
    assert model.requests == []


def test_continue_keeps_the_options_of_the_interrupted_run(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs"
    model.enqueue(PLAN)  # the specialist call then fails: the run stops after "plan"
    crashed = run_cli(capsys, "article", str(tinyqueue), "--out", str(out), "--no-llm-review",
                      "--words", "200")
    assert crashed.code == 2 and "unexpected LLM call #2" in crashed.err
    (run_dir,) = [p for p in out.iterdir() if p.is_dir()]
    assert load_state(run_dir, inputs_for=inputs_type).step == "write"
    model.enqueue(*SECTIONS)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["planner", "specialist", "specialist",
                                                      "specialist", "specialist"]


def test_continue_asks_with_the_caps_and_writes_the_text_of_an_uninterrupted_run(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from pse.tasks.article.policy import token_caps

    model.enqueue(*GOOD_RUN)
    whole = run_cli(capsys, "article", str(tinyqueue), "--out", str(tmp_path / "whole"),
                    "--words", "200", "--style", "architecture")
    assert whole.code == 0, whole.err
    uninterrupted = [(r.info.stage, r.info.params.get("max_tokens")) for r in model.requests]
    run_dir = tmp_path / "runs" / "r1"
    _interrupted(tinyqueue, run_dir, GOOD_RUN[:2], stop="write")
    model.enqueue(*GOOD_RUN[2:])
    done = run_cli(capsys, "continue", str(run_dir))
    assert done.code == 0, done.err
    caps = token_caps(200)
    assert all(cap == caps[stage] for stage, cap in uninterrupted)
    continued = [(r.info.stage, r.info.params.get("max_tokens"))
                 for r in model.requests[len(uninterrupted):]]
    assert continued == uninterrupted[2:]

    def body(path: Path) -> str:
        return path.read_text(encoding="utf-8").split("\n---\n", 1)[1]

    whole_artifact = Path(whole.out.splitlines()[0])
    assert body(run_dir / "artifact.en.md") == body(whole_artifact)


def _as_legacy(run_dir: Path, inputs: dict[str, str], *, version: int) -> None:
    """Rewrite a run's checkpoint as version 1 or 2 wrote it: the inputs a map of strings
    (lists joined, numbers as digits); version 1 without ``version`` and with the run's
    flags as ``"0"``/``"1"`` inputs instead of ``options``. The rest of the JSON is the
    same in every version."""
    path = run_dir / "state.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["inputs"] = inputs
    if version == 1:
        options = data.pop("options")
        data.pop("version")
        data["inputs"] = {**inputs, **{k: "1" if v else "0" for k, v in options.items()}}
    else:
        data["version"] = 2
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("version", [1, 2])
def test_continue_finishes_an_article_run_checkpointed_by_an_older_pse(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], version: int) -> None:
    run_dir = tmp_path / "runs" / "r1"
    _interrupted(tinyqueue, run_dir, [PLAN, QUEUE_INVENTED], stop="write")
    _as_legacy(run_dir, {"source": str(tinyqueue), "lang": "en", "translate": "",
                         "source_label": "tinyqueue", "style": "architecture",
                         "project": "tinyqueue", "description": "", "highlights": "a; b",
                         "words": "200", "repo_url": "", "added_by_a_newer_pse": "x"},
               version=version)
    state = load_state(run_dir, inputs_for=inputs_type)
    assert state.inputs == ArticleInputs(source=str(tinyqueue), source_label="tinyqueue",
                                         style="architecture", project="tinyqueue",
                                         highlights=("a", "b"), words=200)
    assert state.step == "evaluate"
    model.enqueue(FIX_INVENTED, RETRIES, JOBS, APPROVED)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert model.pending == 0
    report = read_report(run_dir)
    assert report["inputs"]["words"] == 200 and report["inputs"]["highlights"] == ["a", "b"]
    assert json.loads((run_dir / "state.json").read_text(encoding="utf-8"))["version"] == 3


@pytest.mark.parametrize("version", [1, 2])
def test_continue_finishes_a_resume_run_checkpointed_by_an_older_pse(
        model: ScriptedLLM, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        version: int) -> None:
    examples = copy_examples(tmp_path / "examples")
    model.enqueue(RESUME_PLAN)  # the specialist call then fails: the run stops after "plan"
    crashed = run_cli(capsys, "resume", "--cv", str(examples / "cv.en.md"), "--jd",
                      str(examples / "jd.en.md"), "--out", str(tmp_path / "runs"),
                      "--formats", "")
    assert crashed.code == 2
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    cv, jd = examples.resolve() / "cv.en.md", examples.resolve() / "jd.en.md"
    _as_legacy(run_dir, {"cv": f"{cv}\n", "jd": str(jd), "notes": "", "pii_rules": "",
                         "banned": "", "mode": "jd", "role": "", "formats": "", "lang": "en",
                         "translate": "", "phone_regions": "", "public": "",
                         "privacy": "remote"}, version=version)
    state = load_state(run_dir, inputs_for=inputs_type)
    assert state.inputs == ResumeInputs(cv=(str(cv),), jd=str(jd), formats=(), lang="en")
    model.enqueue(RESUME_CLEAN, RESUME_APPROVED)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["planner", "specialist", "specialist",
                                                      "evaluator"]
    assert read_report(run_dir)["inputs"]["cv"] == [str(cv)]
