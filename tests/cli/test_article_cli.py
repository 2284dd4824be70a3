"""``pse article`` with a scripted model: exit codes 0/1/2, output paths, progress.

The seam is ``pse.cli.runs.build_router``: the test returns a real router (usage ledger,
stage routing) whose backend client is a :class:`ScriptedLLM`, so everything else in the
command runs as it does for a user.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from article_support import (
    APPROVED,
    FIX_INVENTED,
    GOOD_RUN,
    JOBS,
    NO_EDITS,
    PLAN,
    QUEUE,
    QUEUE_INVENTED,
    RETRIES,
    SECTIONS,
    ZH_DROPPED_REF,
    ZH_PARTS,
    copy_tinyqueue,
    parts,
    read_report,
)
from pse.llm.fake import ScriptedLLM
from pse.tasks.article.registry import load_styles, read_history
from repo_fixtures import CliResult, run_cli


def _article(capsys: pytest.CaptureFixture[str], repo: Path, out: Path, *args: str
             ) -> CliResult:
    return run_cli(capsys, "article", str(repo), "--out", str(out), "--words", "200", *args)


def _run_dir(out: Path) -> Path:
    (run_dir,) = [p for p in out.iterdir() if p.is_dir()]
    return run_dir


def _stages(llm: ScriptedLLM) -> list[str]:
    return [r.info.stage for r in llm.requests]


# ------------------------------------------------------------------ exit 0

def test_article_passing_run_exits_0_and_prints_the_outputs(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN)
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue, out, "--style", "hands-on")
    assert result.code == 0, result.err
    run_dir = _run_dir(out)
    assert run_dir.name.startswith("tinyqueue-")
    assert result.out.splitlines() == [str(run_dir / "artifact.en.md"),
                                       str(run_dir / "report.json")]
    assert 'style: "hands-on"' in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert read_report(run_dir)["status"] == "passed"
    assert model.pending == 0


def test_article_progress_and_token_table_go_to_stderr(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN)
    result = _article(capsys, tinyqueue, tmp_path / "runs")
    err = result.err
    for label in ("prepare (index, facts, retrieval)", "planner", "specialist",
                  "evaluator (round 1)", "translate"):
        assert f"pse: {label} ..." in err
    assert "pse: passed: 4 evaluation round(s), 0 fix round(s)" in err
    assert "stage" in err and "completion" in err
    assert "LLM: 5 request(s)" in err
    assert ("pse: 160 words, 3 sections, 8 distinct verified code names; gates: findings ok, "
            "length ok, sections ok, grounded ok, strip-share ok, end ok, repetition ok") in err
    assert "pse:" not in result.out and "Traceback" not in err


def test_article_fix_round_reported_and_counted(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN, QUEUE_INVENTED, FIX_INVENTED, RETRIES, JOBS, APPROVED)
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue, out)
    assert result.code == 0
    assert "pse: fix (round 1) ..." in result.err
    assert "1 finding(s) fixed, 0 stripped, 0 open" in result.err
    assert read_report(_run_dir(out))["findings_fixed"] == 1


def test_article_max_retries_option_bounds_the_fixes(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN, QUEUE_INVENTED, NO_EDITS, RETRIES, JOBS, APPROVED)
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue, out, "--max-retries", "1")
    assert result.code == 0  # stripped, then passed
    assert _stages(model).count("fix") == 1 and model.pending == 0
    report = read_report(_run_dir(out))
    assert (report["fix_rounds"], report["findings_stripped"]) == (1, 1)


def test_article_max_retries_from_the_environment(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_MAX_RETRIES", "0")
    model.enqueue(PLAN, QUEUE_INVENTED, RETRIES, JOBS, APPROVED)
    result = _article(capsys, tinyqueue, tmp_path / "runs")
    assert result.code == 0
    assert "fix" not in _stages(model)


def test_article_no_llm_review_skips_the_evaluator_call(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN, *SECTIONS)
    result = _article(capsys, tinyqueue, tmp_path / "runs", "--no-llm-review")
    assert result.code == 0
    assert _stages(model) == ["planner", "specialist", "specialist", "specialist"]


def test_article_translation_writes_both_languages(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN, *ZH_PARTS)
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue, out, "--translate", "zh")
    run_dir = _run_dir(out)
    assert result.code == 0
    assert result.out.splitlines() == [str(run_dir / "artifact.en.md"),
                                       str(run_dir / "artifact.zh.md"),
                                       str(run_dir / "report.json")]


def test_article_local_backend_gets_no_tools(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN)
    _article(capsys, tinyqueue, tmp_path / "runs")
    assert model.requests[1].info.tools == ()  # the embedded model: excerpts, not tools


def test_article_hosted_backend_gets_the_sandboxed_tools(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    model.enqueue(*GOOD_RUN)
    result = _article(capsys, tinyqueue, tmp_path / "runs")
    assert result.code == 0, result.err
    names = {tool["function"]["name"] for tool in model.requests[1].info.tools}  # type: ignore[index]  # JSON schema
    assert {"read_file", "list_dir", "grep"} <= names


# ------------------------------------------------------------------ exit 1

def test_article_failed_run_exits_1_into_needs_review(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN, *parts(ZH_DROPPED_REF))
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue, out, "--translate", "zh")
    assert result.code == 1
    run_dir = _run_dir(out)
    review = run_dir / "needs-review"
    assert result.out.splitlines() == [str(review / "artifact.en.md"),
                                       str(review / "artifact.zh.md"),
                                       str(run_dir / "report.json")]
    assert read_report(review)["open_findings"][0]["rule"] == "translation-dropped-ref"
    assert "pse: needs-review:" in result.err and "1 open" in result.err
    last = result.err.strip().splitlines()[-1]
    assert last.startswith("pse: needs review: findings: 1 open finding(s), first: "
                           "translation-dropped-ref 'RetryPolicy.delay()'")
    front = (review / "artifact.en.md").read_text(encoding="utf-8")
    assert 'status: "needs-review"' in front and "\nwords: 160\n" in front
    assert read_report(review)["status"] == "needs-review"


# ------------------------------------------------------------------ projects and styles

def _projects_file(tmp_path: Path, tinyqueue: Path) -> Path:
    other = copy_tinyqueue(tmp_path / "other")
    path = tmp_path / "projects.json"
    path.write_text(json.dumps({"projects": [
        {"name": "tq", "source": str(tinyqueue), "description": "a job queue",
         "highlights": ["retries"], "style": "comparison", "repo": "example/tq"},
        {"name": "other", "source": "other"}]}), encoding="utf-8")
    assert other.is_dir()
    return path


def test_article_project_from_the_registry(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    registry = _projects_file(tmp_path, tinyqueue)
    model.enqueue(*GOOD_RUN)
    out = tmp_path / "runs"
    result = run_cli(capsys, "article", "--projects", str(registry), "--project", "tq",
                     "--out", str(out), "--words", "200")
    assert result.code == 0, result.err
    run_dir = _run_dir(out)
    assert run_dir.name.startswith("tq-")
    artifact = (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert 'style: "comparison"' in artifact and 'source: "example/tq"' in artifact
    assert "a job queue" in model.requests[0].messages[-1].content
    assert "Highlights to cover: retries" in model.requests[0].messages[-1].content


def test_article_all_projects_exit_with_the_worst_status(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    registry = _projects_file(tmp_path, tinyqueue)
    model.enqueue(*GOOD_RUN, *ZH_PARTS)          # tq passes
    model.enqueue(*GOOD_RUN, *parts(ZH_DROPPED_REF))    # other needs review
    out = tmp_path / "runs"
    result = run_cli(capsys, "article", "--projects", str(registry), "--all", "--out",
                     str(out), "--translate", "zh", "--words", "200")
    assert result.code == 1
    assert model.pending == 0
    statuses = {d.name.split("-")[0]: read_report(d)["status"]
                for d in out.iterdir() if d.is_dir()}
    assert statuses == {"tq": "passed", "other": "needs-review"}
    history = read_history(out / "style-history.json")
    assert history == {"tq": {"comparison": 1}, "other": {"problem-driven": 1}}


def test_article_style_rotates_across_runs(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs"
    styles = list(load_styles())
    for _ in range(3):
        model.enqueue(*GOOD_RUN)
        assert _article(capsys, tinyqueue, out).code == 0
    assert read_history(out / "style-history.json") == {"tinyqueue": dict.fromkeys(styles[:3], 1)}
    used = sorted(json.loads((d / "report.json").read_text())["inputs"]["style"]
                  for d in out.iterdir() if d.is_dir())
    assert used == sorted(styles[:3])


# ------------------------------------------------------------------ exit 2

def _error(result: CliResult) -> str:
    assert result.code == 2, result
    assert result.out == ""
    assert "Traceback" not in result.err
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert len(lines) == 1 or lines[0].startswith("Usage:"), result.err
    return result.err


def test_article_missing_repo_folder_exits_2(model: ScriptedLLM, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(_article(capsys, tmp_path / "nowhere", tmp_path / "runs"))
    assert f"pse: error: repository folder '{tmp_path / 'nowhere'}' does not exist" in err
    assert model.requests == []


def test_article_given_a_file_says_it_wants_the_folder(model: ScriptedLLM, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.md").write_text("", encoding="utf-8")
    err = _error(_article(capsys, tmp_path / "notes.md", tmp_path / "runs"))
    assert "is a file, not a folder: give the repository's folder" in err
    assert model.requests == [] and not (tmp_path / "runs").exists()


def test_article_without_repo_or_registry_exits_2(model: ScriptedLLM,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(run_cli(capsys, "article"))
    assert "give a repository folder, or --projects FILE" in err


def test_article_unknown_style_exits_2(model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(_article(capsys, tinyqueue, tmp_path / "runs", "--style", "poem"))
    assert "unknown style 'poem'; choose one of problem-driven" in err
    assert model.requests == []


def test_article_unknown_project_exits_2(model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    registry = _projects_file(tmp_path, tinyqueue)
    err = _error(run_cli(capsys, "article", "--projects", str(registry), "--project", "nope"))
    assert "no project 'nope' in" in err and "it has: tq, other" in err


def test_article_registry_errors_exit_2(model: ScriptedLLM, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(run_cli(capsys, "article", "--projects", str(tmp_path / "p.json"), "--all"))
    assert "does not exist" in err
    (tmp_path / "p.json").write_text("[]", encoding="utf-8")
    err = _error(run_cli(capsys, "article", "--projects", str(tmp_path / "p.json"), "--all"))
    assert "lists no projects" in err
    (tmp_path / "p.json").write_text('[{"name": "x", "source": "gone"}]', encoding="utf-8")
    err = _error(run_cli(capsys, "article", "--projects", str(tmp_path / "p.json"), "--all"))
    assert "repository folder" in err and "gone' does not exist" in err


@pytest.mark.parametrize("args", [["--lang", "fr"], ["--words", "20"], ["--max-retries", "99"],
                                  ["--translate", "de"]])
def test_article_bad_options_exit_2(model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    _error(_article(capsys, tinyqueue, tmp_path / "runs", *args))
    assert model.requests == []


# ------------------------------------------------------------------ identity, batches

def test_article_names_the_project_from_its_metadata_not_the_folder(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(*GOOD_RUN)
    out = tmp_path / "runs"
    result = _article(capsys, tinyqueue / "src", out)  # pyproject.toml is one level up
    assert result.code == 0, result.err
    run_dir = _run_dir(out)
    assert run_dir.name.startswith("tinyqueue-")
    assert 'project: "tinyqueue"' in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert "A tiny in-process job queue" in model.requests[0].messages[-1].content


def test_article_all_loads_each_projects_own_settings(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    registry = _projects_file(tmp_path, tinyqueue)
    pyproject = tmp_path / "other" / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8")
                         + "\n[tool.pse]\nmax-retries = 0\n", encoding="utf-8")
    model.enqueue(PLAN, QUEUE_INVENTED, FIX_INVENTED, RETRIES, JOBS, APPROVED)  # tq: 3 rounds
    model.enqueue(PLAN, QUEUE_INVENTED, RETRIES, JOBS, APPROVED)  # other: no fix, stripped
    out = tmp_path / "runs"
    result = run_cli(capsys, "article", "--projects", str(registry), "--all", "--out",
                     str(out), "--words", "200")
    assert result.code == 0, result.err
    assert model.pending == 0
    reports = {d.name.split("-")[0]: read_report(d) for d in out.iterdir() if d.is_dir()}
    assert (reports["tq"]["fix_rounds"], reports["tq"]["findings_stripped"]) == (1, 0)
    assert (reports["other"]["fix_rounds"], reports["other"]["findings_stripped"]) == (0, 1)


def _by_stage(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A model that answers by stage and section (order-free); returns the thread names."""
    import threading
    import time

    import pse.cli.runs
    from pse.config import Settings
    from pse.llm.backends import resolve_llm_config
    from pse.llm.fake import CallInfo, FunctionLLM
    from pse.llm.registry import LLMRouter
    from pse.llm.types import Message
    from pse.llm.usage import UsageLedger

    threads: list[str] = []
    by_title = {"The queue": QUEUE, "Retries": RETRIES, "Jobs": JOBS}
    monkeypatch.setenv("PSE_ARTICLE_PLANNER", "llm")  # the scripted Planner's outline

    def answer(messages: list[Message], info: CallInfo) -> str:
        threads.append(threading.current_thread().name)
        time.sleep(0.05)  # long enough for a second worker to start
        if info.stage == "specialist":
            title = messages[-1].content.split('This section: "## ', 1)[1].split('"', 1)[0]
            return by_title[title]
        return {"planner": PLAN, "evaluator": APPROVED}.get(info.stage, NO_EDITS)

    def build_router(settings: Settings, *, environ: object,
                     ledger: UsageLedger | None = None) -> LLMRouter:
        config = resolve_llm_config(settings, environ=environ)  # type: ignore[arg-type]  # a Mapping
        return LLMRouter(config, factory=lambda _b: FunctionLLM(answer), cache=None,
                         ledger=ledger)
    monkeypatch.setattr(pse.cli.runs, "build_router", build_router)
    return threads


def test_article_all_jobs_writes_projects_concurrently_on_a_hosted_backend(
        tinyqueue: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    threads = _by_stage(monkeypatch)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    registry = _projects_file(tmp_path, tinyqueue)
    out = tmp_path / "runs"
    result = run_cli(capsys, "article", "--projects", str(registry), "--all", "--jobs", "2",
                     "--out", str(out), "--words", "200", "--no-tools")
    assert result.code == 0, result.err
    assert len(set(threads)) == 2 and len(threads) == 10
    assert sorted(read_report(d)["status"] for d in out.iterdir() if d.is_dir()) == [
        "passed", "passed"]


def test_article_all_jobs_on_the_embedded_backend_runs_one_at_a_time(
        tinyqueue: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    threads = _by_stage(monkeypatch)
    registry = _projects_file(tmp_path, tinyqueue)
    result = run_cli(capsys, "article", "--projects", str(registry), "--all", "--jobs", "4",
                     "--out", str(tmp_path / "runs"), "--words", "200")
    assert result.code == 0, result.err
    assert set(threads) == {"MainThread"} and len(threads) == 10


def test_article_on_the_embedded_model_plans_from_the_index_without_a_planner_call(
        model: ScriptedLLM, tinyqueue: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_ARTICLE_PLANNER", "auto")  # the backend here is the embedded one
    model.enqueue(*[QUEUE, RETRIES, JOBS] * 3, APPROVED, NO_EDITS, NO_EDITS)
    result = _article(capsys, tinyqueue, tmp_path / "runs")
    assert result.code in (0, 1), result.err  # written, whether or not every gate held
    assert [r.info.stage for r in model.requests][0] == "specialist"
    assert "planner" not in [r.info.stage for r in model.requests]
    run_dir = _run_dir(tmp_path / "runs")
    folder = run_dir if (run_dir / "report.json").is_file() else run_dir / "needs-review"
    plan = read_report(folder)["plan"]
    assert plan["source"] == "index" and plan["notes"] == [] and len(plan["sections"]) >= 3
