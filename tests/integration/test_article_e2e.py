"""``pse article`` end to end against the embedded model served over the OpenAI API.

Properties only (the model's words vary, and a small model's article may well need review):
the run ends with exit 0 or 1, the exit code, report.json, the front matter and the closing
stderr line agree on the status and the gates, the artifact exists with front matter (in the
run folder, or in needs-review/), report.json holds the plan, the rounds per section and
counted usage, and a passing article verifies clean. Kept short for a 2-core CPU: 150 words
(three sections), one fix round, no file tools.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from article_support import copy_tinyqueue, read_report
from repo_fixtures import run_cli

from .conftest import Served

pytestmark = pytest.mark.integration


def test_article_e2e_on_tinyqueue_with_the_embedded_server(
        local_server: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    repo = copy_tinyqueue(tmp_path / "tinyqueue")
    monkeypatch.setenv("OPENAI_BASE_URL", local_server.base_url)
    monkeypatch.setenv("OPENAI_MODEL", local_server.model)
    monkeypatch.setenv("OPENAI_API_KEY", "no-key")
    monkeypatch.setenv("PSE_CACHE_DIR", str(local_server.cache_dir))
    # on 2 shared cores one answer of the embedded server can take minutes; speed is a
    # bench figure (bench/article_bench.py), not what this test asserts
    monkeypatch.setenv("PSE_LLM_TIMEOUT", "1800")
    out = tmp_path / "runs"
    result = run_cli(capsys, "article", str(repo), "--out", str(out), "--words", "150",
                     "--max-retries", "1", "--no-tools")
    assert result.code in {0, 1}, result.err

    (run_dir,) = [p for p in out.iterdir() if p.is_dir()]
    folder = run_dir if result.code == 0 else run_dir / "needs-review"
    artifact = folder / "artifact.en.md"
    assert result.out.splitlines() == [str(artifact), str(run_dir / "report.json")]
    text = artifact.read_text(encoding="utf-8")
    assert text.startswith("---\ntitle: ") and '\nlang: "en"\n' in text
    assert text.split("\n---\n", 1)[1].strip()  # a body after the front matter

    report = read_report(run_dir)
    assert report["status"] == ("passed" if result.code == 0 else "needs-review")
    assert f'status: "{report["status"]}"' in text
    gates = report["gates"]
    assert (result.code == 0) == all(g["passed"] for g in gates)
    assert {g["name"] for g in gates} >= {"length", "sections", "grounded", "strip-share", "end"}
    assert report["plan"]["source"] in {"planner", "index"} and report["plan"]["sections"]
    assert result.err.count("pse: needs review: ") == (result.code == 1)
    assert "words, " in result.err and "distinct verified code names; gates:" in result.err
    scopes = [r["scope"] for r in report["rounds"]]
    assert scopes[-1] == "article" and scopes[0] == "section 1"
    for scope in set(scopes):
        assert scopes.count(scope) <= 2  # one evaluation, at most one more after the fix
    usage = report["usage"]
    assert {"planner", "specialist", "evaluator"} <= set(usage)
    for stage in usage.values():
        assert int(stage["prompt_tokens"]) > 0 and int(stage["completion_tokens"]) > 0
    assert "LLM:" in result.err and "pse: specialist ..." in result.err

    if result.code == 0:
        check = run_cli(capsys, "verify", str(artifact), "--source", str(repo),
                        "--format", "json")
        assert check.code == 0, check.out
        assert json.loads(check.out)["summary"]["unverified"] == 0
