"""No personal data in any request: ``pse resume`` on CVs from ten countries, through the
CLI, against a real OpenAI-compatible HTTP server on 127.0.0.1 that records every body.

The server answers with canned, well-formed completions (a plan, role recommendations
that quote a CV line, the resume rebuilt from the CV excerpts it was sent, an approval):
what is under test is what pse sends, not what a model writes. Each CV's personal values
(``tests/fixtures/resume_pii/secrets.toml``) must be absent from every request body, and
the published resume must hold its header values again.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from model_replies import resume_reply
from pse.llm.testing.fault_server import FaultServer
from repo_fixtures import run_cli

pytestmark = pytest.mark.integration

CVS = Path(__file__).resolve().parents[1] / "fixtures" / "resume_pii"
SECRETS: dict[str, dict[str, list[str]]] = tomllib.loads(
    (CVS / "secrets.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("mode", ["--jd", "--recommend"])
@pytest.mark.parametrize("country", sorted(SECRETS))
def test_resume_sends_no_personal_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str], country: str,
                                       mode: str) -> None:
    lang = "zh" if country in {"cn", "jp"} else "en"
    target = [mode, str(CVS / f"jd.{lang}.md")] if mode == "--jd" else [mode]
    with FaultServer(responder=resume_reply) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("OPENAI_MODEL", "recorder")
        monkeypatch.setenv("PSE_LLM_CACHE", "0")
        result = run_cli(capsys, "resume", "--cv", str(CVS / f"cv.{country}.md"), *target,
                         "--lang", lang, "--out", str(tmp_path / "runs"), "--formats", "",
                         "--max-retries", "1", "--show-requests")
        sent = json.dumps(server.requests, ensure_ascii=False)
    assert result.code in {0, 1}, result.err
    assert len(server.requests) >= 2
    cv = (CVS / f"cv.{country}.md").read_text(encoding="utf-8")
    work = next(line[2:] for line in cv.splitlines() if line.startswith("- "))
    assert work in sent  # the CV's work did reach the model; only the personal data did not
    for secret in SECRETS[country]["sent"]:
        assert secret not in sent, f"{secret!r} reached the model"
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    folder = run_dir if result.code == 0 else run_dir / "needs-review"
    published = (folder / f"artifact.{lang}.md").read_text(encoding="utf-8")
    for value in SECRETS[country]["header"]:
        assert value in published, f"{value!r} was not restored"
    # the request log holds exactly what the server received
    logged = [json.loads(line) for line in
              (run_dir / "requests.jsonl").read_text(encoding="utf-8").splitlines()]
    bodies = [r["body"] for r in server.requests if isinstance(r["body"], dict)]
    assert [r["messages"] for r in logged] == [b["messages"] for b in bodies]
