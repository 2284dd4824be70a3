"""``pse verify-resume``: the JSON contract, formats, exit codes, bad input, settings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from repo_fixtures import run_cli

FIXTURES = Path(__file__).parents[1] / "fixtures" / "resumes"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    result = run_cli(capsys, *args)
    return result.code, result.out, result.err


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    for name in ("en_cv.txt", "en_jd.md", "en_resume_good.md", "en_resume_bad.md"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)


def _json(resume: str, capsys: pytest.CaptureFixture[str], *extra: str
          ) -> tuple[int, dict[str, object]]:
    code, out, _ = run(["verify-resume", resume, "--source", "en_cv.txt", "--jd", "en_jd.md",
                        "--format", "json", *extra], capsys)
    return code, json.loads(out)


def test_cli_json_follows_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = _json("en_resume_bad.md", capsys)
    assert code == 1
    findings = doc["findings"]
    assert isinstance(findings, list) and findings
    first = findings[0]
    assert {"text", "line", "kind", "status", "evidence"} <= set(first)
    lines = (Path("en_resume_bad.md").read_text(encoding="utf-8")).split("\n")
    for item in findings:
        assert item["text"] in lines[item["line"] - 1]
        assert item["status"] in {"supported", "unsupported"}
    summary = doc["summary"]
    assert isinstance(summary, dict)
    assert summary["unsupported"] == sum(f["status"] == "unsupported" for f in findings)


def test_cli_exit_codes_and_exit_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert _json("en_resume_good.md", capsys)[0] == 0
    assert _json("en_resume_bad.md", capsys, "--exit-zero")[0] == 0


def test_cli_text_and_html_reports(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["verify-resume", "en_resume_bad.md", "--source", "en_cv.txt"], capsys)
    assert code == 1
    assert "en_resume_bad.md:9: unsupported title 'Director of Logistics'" in out
    assert out.rstrip().endswith("supported facts in en_resume_bad.md")
    code, _, _ = run(["verify-resume", "en_resume_bad.md", "--source", "en_cv.txt",
                      "--format", "html", "-o", "report.html"], capsys)
    page = Path("report.html").read_text(encoding="utf-8")
    assert code == 1 and page.startswith("<!DOCTYPE html>") and "Director of Logistics" in page


def test_cli_never_writes_over_an_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["verify-resume", "en_resume_good.md", "--source", "en_cv.txt",
                        "-o", "en_cv.txt"], capsys)
    assert code == 2 and "refusing to write" in err


@pytest.mark.parametrize(("setup", "args", "message"), [
    (None, ["missing.md", "--source", "en_cv.txt"], "resume 'missing.md' does not exist"),
    (None, ["en_resume_good.md", "--source", "nope.md"], "source 'nope.md' does not exist"),
    (None, ["en_resume_good.md", "--source", "en_cv.txt", "--jd", "jd.md"],
     "job description 'jd.md' does not exist"),
    ("empty", ["en_resume_good.md", "--source", "empty.md"], "source 'empty.md' is empty"),
    ("binary", ["en_resume_good.md", "--source", "cv.pdf"], "is a binary file"),
    ("latin1", ["en_resume_good.md", "--source", "cv.txt"], "is not UTF-8 text"),
])
def test_cli_bad_input_is_one_line_and_exit_2(setup: str | None, args: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    if setup == "empty":
        Path("empty.md").write_text("  \n", encoding="utf-8")
    elif setup == "binary":
        Path("cv.pdf").write_bytes(b"%PDF-1.7\x00\x01\x02")
    elif setup == "latin1":
        Path("cv.txt").write_bytes("Café résumé".encode("latin-1"))
    code, out, err = run(["verify-resume", *args], capsys)
    assert code == 2 and out == ""
    assert err.startswith("pse: error: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_cli_needs_a_source(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["verify-resume", "en_resume_good.md"], capsys)
    assert code == 2 and "--source" in err


def test_cli_reads_policy_from_pyproject_and_flags(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_TRUST_PROJECT", "1")  # the user's own folder: resume.* is theirs
    Path("pyproject.toml").write_text('[tool.pse.resume]\njd-skill-policy = "allow"\n',
                                      encoding="utf-8")
    _, doc = _json("en_resume_bad.md", capsys)
    tableau = [f for f in doc["findings"] if f["text"] == "Tableau"]  # type: ignore[union-attr, index]  # parsed JSON
    assert tableau[0]["status"] == "supported"
    _, doc = _json("en_resume_bad.md", capsys, "--jd-skill-policy", "flag")
    tableau = [f for f in doc["findings"] if f["text"] == "Tableau"]  # type: ignore[union-attr, index]  # parsed JSON
    assert (tableau[0]["kind"], tableau[0]["status"]) == ("skill", "unsupported")


def test_cli_rejects_a_bad_translation_setting(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["verify-resume", "en_resume_good.md", "--source", "en_cv.txt",
                        "--translation", "no-equals-sign"], capsys)
    assert code == 2 and "must look like" in err
