"""``pse resume`` end to end against the embedded model served over the OpenAI API.

Both modes, both languages: a job-description run on the English example and a
recommendation run on the Chinese one. Properties only (the model's words vary): the run
exits 0 or 1 and says so honestly - exit 0 means the published resume verifies clean and
keeps every job and project of the plan; exit 1 means the report lists open findings.
The CV's name, email and phone never appear in the state, trace or report. Kept short for
a 2-core CPU: one fix round.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.tasks.resume.cv import cv_entries, parse_cv
from repo_fixtures import run_cli
from resume_support import (
    EMAIL,
    NAME,
    PHONE,
    ZH_EMAIL,
    ZH_NAME,
    ZH_PHONE,
    copy_examples,
    records,
)

from .conftest import Served

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(("lang", "mode", "secrets"), [
    ("en", "--jd", (NAME, EMAIL, PHONE)),
    ("zh", "--recommend", (ZH_NAME, ZH_EMAIL, ZH_PHONE)),
])
def test_resume_e2e_with_the_embedded_server(
        local_server: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], lang: str, mode: str,
        secrets: tuple[str, ...]) -> None:
    examples = copy_examples(tmp_path / "examples")
    monkeypatch.setenv("OPENAI_BASE_URL", local_server.base_url)
    monkeypatch.setenv("OPENAI_MODEL", local_server.model)
    monkeypatch.setenv("OPENAI_API_KEY", "no-key")
    monkeypatch.setenv("PSE_CACHE_DIR", str(local_server.cache_dir))
    monkeypatch.setenv("PSE_LLM_TIMEOUT", "1200")  # a loaded 2-core machine is slow
    cv = examples / f"cv.{lang}.md"
    target = [mode, str(examples / f"jd.{lang}.md")] if mode == "--jd" else [mode]
    out = tmp_path / "runs"
    result = run_cli(capsys, "resume", "--cv", str(cv), *target, "--lang", lang, "--out",
                     str(out), "--max-retries", "1")
    assert result.code in {0, 1}, result.err
    (run_dir,) = [p for p in out.iterdir() if p.is_dir()]
    folder = run_dir if result.code == 0 else run_dir / "needs-review"
    artifact = folder / f"artifact.{lang}.md"
    assert str(artifact) in result.out.splitlines()
    assert (folder / f"resume.{lang}.docx").is_file() and (folder / f"resume.{lang}.pdf").is_file()
    text = artifact.read_text(encoding="utf-8")
    assert text.startswith(f"# {secrets[0]}\n")  # restored locally
    for secret in secrets:
        assert secret not in records(run_dir)

    report = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    assert report["status"] == ("passed" if result.code == 0 else "needs-review")
    assert {"planner", "specialist"} <= set(report["usage"])
    check = run_cli(capsys, "verify-resume", str(artifact), "--source", str(cv))
    if result.code == 0:
        assert check.code == 0, check.out  # exit 0 only when every fact is supported
        entries = cv_entries(parse_cv([("cv.md", cv.read_text(encoding="utf-8"))]))
        kept = set(report["resume"]["jobs"]) | set(report["resume"]["projects"])
        for entry in entries:
            if entry.key in kept:
                assert (entry.company if entry.kind == "job" else entry.name) in text
    else:
        assert report["open_findings"]
    if mode == "--recommend":
        assert (folder / "recommendation.md").is_file()
        assert report["resume"]["recommendation"]  # at least one role with CV evidence
