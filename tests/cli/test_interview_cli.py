"""`pse run interview`: nine questions through the pipeline and its gate, no personal data
in any request, exit codes 0/1/2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.llm.fake import ScriptedLLM
from pse.tasks.interview.sheet import read_sheet
from repo_fixtures import run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "resume"
PERSONAL = ("Elena Marsh", "elena.marsh@example.com", "555-014-2299", "elenamarsh-example")


def _interview(capsys: pytest.CaptureFixture[str], out: Path, *args: str):  # type: ignore[no-untyped-def]
    return run_cli(capsys, "run", "interview", "--cv", str(EXAMPLES / "cv.en.md"), "--jd",
                   str(EXAMPLES / "jd.en.md"), "--out", str(out), *args)


def test_interview_writes_nine_checked_questions_and_sends_no_personal_data(
        model: ScriptedLLM, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue("1. Which part of the Kafka pipeline did you build yourself?\n"
                  "2. I am not sure.\n", "APPROVED")
    result = _interview(capsys, tmp_path / "runs")
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["specialist", "evaluator"]
    sent = "\n".join(m.content for r in model.requests for m in r.messages)
    for value in PERSONAL:
        assert value not in sent
    assert "Built a Kafka and Spark streaming pipeline" in sent  # the work itself is sent
    artifact = Path(result.out.splitlines()[0]).read_text(encoding="utf-8")
    questions = read_sheet(artifact, lang="en")
    assert [q.difficulty for q in questions] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3
    assert questions[0].text == "Which part of the Kafka pipeline did you build yourself?"
    assert "not sure" not in artifact and "[" not in artifact.split("---", 2)[-1]


def test_interview_without_a_jd_is_a_usage_error(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "run", "interview", "--cv", str(EXAMPLES / "cv.en.md"))
    assert result.code == 2 and "--jd" in result.err


def test_interview_with_a_missing_cv_is_a_usage_error(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "run", "interview", "--cv", str(tmp_path / "nope.md"), "--jd",
                     str(EXAMPLES / "jd.en.md"))
    assert result.code == 2 and "nope.md" in result.err


def test_a_continued_interview_is_redacted_and_capped_as_a_new_one(
        model: ScriptedLLM, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pse continue` of an interview run that stopped after writing: the review goes out
    through the same redaction and under the task's own caps (it went out unredacted,
    with the article's continue path, before)."""
    from pse.config import load_settings
    from pse.pipeline.runner import RunInterrupted, run_pipeline
    from pse.pipeline.state import PSEState, RunOptions
    from pse.pipeline.task import RunDeps
    from pse.tasks.interview.inputs import InterviewInputs
    from pse.tasks.interview.task import InterviewTask
    from pse.tasks.resume.outbound import REQUESTS_LOG

    settings = load_settings(start=tmp_path, environ={})
    state = PSEState(run_id="iv-1", task="interview", max_retries=1,
                     inputs=InterviewInputs(cv=(str(EXAMPLES / "cv.en.md"),),
                                            jd=str(EXAMPLES / "jd.en.md"), lang="en"),
                     options=RunOptions(tools=False, show_requests=True))
    run_dir = tmp_path / "runs" / "iv-1"
    first = ScriptedLLM(["1. Which part of the Kafka pipeline did you build yourself?\n"])
    with pytest.raises(RunInterrupted):
        run_pipeline(state, InterviewTask(settings=settings),
                     RunDeps(llm=first, stop_after=("write",)), run_dir=run_dir)
    model.enqueue("APPROVED")
    result = run_cli(capsys, "continue", str(run_dir))
    assert result.code == 0, result.err
    assert [r.info.stage for r in model.requests] == ["evaluator"]
    sent = "\n".join(m.content for r in model.requests for m in r.messages)
    assert "Built a Kafka and Spark streaming pipeline" in sent
    for value in PERSONAL:
        assert value not in sent
    assert model.requests[0].info.params["max_tokens"] == \
        InterviewTask(settings=settings).token_caps(state)["evaluator"]
    log = run_dir / REQUESTS_LOG  # the run showed its requests: the continue logs them too
    assert log.is_file() and str(log) in result.out.splitlines()
    assert "Kafka" in log.read_text(encoding="utf-8")
