"""``pse resume``: the resume task on the command line (scripted model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.llm.fake import ScriptedLLM
from pse.pipeline.codec import load_state
from pse.tasks import inputs_type
from repo_fixtures import run_cli
from resume_support import APPROVED, CLEAN, NAME, NO_EDITS, PLAN, copy_examples


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    return copy_examples(tmp_path / "examples")


def _args(examples: Path, out: Path, *extra: str) -> list[str]:
    return ["resume", "--cv", str(examples / "cv.en.md"), "--jd", str(examples / "jd.en.md"),
            "--out", str(out), *extra]


def test_resume_cli_writes_markdown_docx_and_pdf(model: ScriptedLLM, examples: Path,
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN, CLEAN, APPROVED)
    result = run_cli(capsys, *_args(examples, tmp_path / "runs"))
    assert result.code == 0, result.err
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    names = ["artifact.en.md", "report.json", "resume.en.docx", "resume.en.pdf", "match.md"]
    assert result.out.splitlines() == [str(run_dir / n) for n in names]
    assert "embedded model: nothing leaves this machine" in result.err
    docx = pytest.importorskip("docx")
    paragraphs = [p.text for p in docx.Document(str(run_dir / "resume.en.docx")).paragraphs]
    assert paragraphs[0] == NAME and "Northwind Logistics Inc." in "\n".join(paragraphs)
    assert (run_dir / "resume.en.pdf").read_bytes().startswith(b"%PDF-")
    report = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    assert report["resume"]["jobs"] == ["J1", "J2", "J3"]
    assert report["resume"]["privacy"]["backend"] == "local"
    assert report["resume"]["privacy"]["redacted"]["email"] == 1
    match = report["resume"]["match"]
    assert match["covered"] == 6 and match["gaps"] == 1
    assert "skills line: the job's skills first" in match["changes"]
    html = (run_dir / "report.html").read_text(encoding="utf-8")
    assert '<section id="match">' in html and "Experience with Kafka, Spark and Airflow" in html


def test_resume_cli_needs_review_exits_1(model: ScriptedLLM, examples: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    cv = examples / "cv.en.md"
    cv.write_text(cv.read_text(encoding="utf-8").replace(
        "(Northwind Logistics | Jan 2023 – Sep 2023)", "(Northwind Logistics)"), encoding="utf-8")
    model.enqueue(PLAN, CLEAN.replace(" | Jan 2023 – Sep 2023", ""), APPROVED, NO_EDITS)
    result = run_cli(capsys, *_args(examples, tmp_path / "runs", "--max-retries", "1",
                                    "--formats", ""))
    assert result.code == 1
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    assert result.out.splitlines()[0] == str(run_dir / "needs-review" / "artifact.en.md")
    assert "1 open" in result.err
    reason = [line for line in result.err.splitlines() if line.startswith("pse: needs review: ")]
    assert len(reason) == 1 and "findings" in reason[0], result.err  # why exit 1, always said


def test_resume_cli_recommend_writes_the_recommendation(model: ScriptedLLM, examples: Path,
                                                        tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    plan = ('ROLE: Streaming Data Engineer | EVIDENCE: "Built a Kafka and Spark streaming '
            'pipeline that processes 2.4 million shipment events per day"\n' + PLAN)
    model.enqueue(plan, CLEAN, APPROVED, NO_EDITS)
    result = run_cli(capsys, "resume", "--cv", str(examples / "cv.en.md"), "--recommend",
                     "--out", str(tmp_path / "runs"), "--formats", "", "--max-retries", "1")
    assert result.code == 0, result.err
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    text = (run_dir / "recommendation.md").read_text(encoding="utf-8")
    assert "1. **Streaming Data Engineer** (the tailored resume targets this role)" in text
    assert "2.4 million shipment events" in text
    assert str(run_dir / "recommendation.md") in result.out.splitlines()


def test_resume_cli_continue_finishes_an_interrupted_resume(
        model: ScriptedLLM, examples: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN)  # the specialist call then fails: the run stops after "plan"
    crashed = run_cli(capsys, *_args(examples, tmp_path / "runs", "--formats", ""))
    assert crashed.code == 2 and "unexpected LLM call #2" in crashed.err
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    assert load_state(run_dir, inputs_for=inputs_type).step == "write"
    model.enqueue(CLEAN, APPROVED)
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["planner", "specialist", "specialist",
                                                      "evaluator"]


@pytest.mark.parametrize(("extra", "message"), [
    ([], "give the job description with --jd FILE, or use --recommend"),
    (["--jd", "nowhere.md"], "--jd 'nowhere.md' is not a file"),
    (["--jd", "JD", "--role", "Analyst"], "--role names the role to write for in --recommend"),
    (["--recommend", "--formats", "odt"], "--formats: unknown format 'odt'"),
    (["--recommend", "--notes", "nowhere"], "--notes 'nowhere' is not a folder"),
    (["--recommend", "--phone-regions", "FR,XX"], "--phone-regions: unknown region 'XX'"),
])
def test_resume_cli_bad_usage_exits_2(model: ScriptedLLM, examples: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str], extra: list[str],
                                      message: str) -> None:
    extra = [str(examples / "jd.en.md") if e == "JD" else e for e in extra]
    result = run_cli(capsys, "resume", "--cv", str(examples / "cv.en.md"), *extra)
    assert result.code == 2
    assert f"pse: error: {message}" in result.err and "Traceback" not in result.err
    assert model.requests == []


def test_resume_cli_unreadable_cv_exits_2(model: ScriptedLLM, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    cv = tmp_path / "cv.docx"
    cv.write_bytes(b"PK\x03\x04\x00\x00binary")
    result = run_cli(capsys, "resume", "--cv", str(cv), "--recommend", "--out",
                     str(tmp_path / "runs"))
    assert result.code == 2 and "is a binary file" in result.err
    missing = run_cli(capsys, "resume", "--recommend")
    assert missing.code == 2 and "give the candidate's CV with --cv FILE" in missing.err
    assert model.requests == []


def test_resume_cli_writes_in_the_language_of_the_job_description(
        model: ScriptedLLM, examples: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue("ROLE: 高级数据工程师\nJOBS: J1, J2\nPROJECTS: P1", "## 专业技能\nPython、SQL\n",
                  APPROVED, NO_EDITS)
    result = run_cli(capsys, "resume", "--cv", str(examples / "cv.zh.md"), "--jd",
                     str(examples / "jd.zh.md"), "--out", str(tmp_path / "runs"),
                     "--formats", "", "--max-retries", "0")
    assert result.code == 0, result.err
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    text = (run_dir / "artifact.zh.md").read_text(encoding="utf-8")
    assert text.startswith("# 韩雪\n") and "## 工作经历" in text  # jobs put back, in Chinese
    assert "Chinese" in model.requests[1].messages[-1].content
