"""`pse run interview` through real OpenAI-compatible HTTP servers on 127.0.0.1 that record
every request body: CVs from ten countries (canned answers), and the embedded model itself
behind a recording proxy. No personal value in any request; nine questions, 3/3/3, every
topic and cited line real in what is published."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path

import httpx
import pytest

from model_replies import interview_reply
from pse.llm.testing.fault_server import Fault, FaultServer
from pse.tasks.interview.checks import check_sheet
from pse.tasks.interview.sheet import read_sheet
from pse.tasks.interview.slots import CV_LABEL, JD_LABEL, Probe, Slot, plan_slots
from repo_fixtures import run_cli

from .conftest import Served

pytestmark = pytest.mark.integration

CVS = Path(__file__).resolve().parents[1] / "fixtures" / "resume_pii"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "resume"
SECRETS: dict[str, dict[str, list[str]]] = tomllib.loads(
    (CVS / "secrets.toml").read_text(encoding="utf-8"))


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, base_url: str,
         cv: Path, jd: Path, out: Path, lang: str) -> tuple[int, str]:
    monkeypatch.setenv("OPENAI_BASE_URL", base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("PSE_LLM_CACHE", "0")
    result = run_cli(capsys, "run", "interview", "--cv", str(cv), "--jd", str(jd),
                     "--lang", lang, "--out", str(out), "--max-retries", "1")
    return result.code, result.out


def _published(out: Path, lang: str) -> str:
    (run_dir,) = [p for p in out.iterdir() if p.is_dir()]  # beside pse's .pse-runs mark
    return (run_dir / f"artifact.{lang}.md").read_text(encoding="utf-8")


def _assert_sheet(sheet: str, cv: Path, jd: Path, lang: str) -> None:
    texts = {CV_LABEL: cv.read_text(encoding="utf-8"), JD_LABEL: jd.read_text(encoding="utf-8")}
    questions = read_sheet(sheet, lang=lang)
    assert [q.difficulty for q in questions] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3
    slots = [Slot(q.number, q.difficulty or "easy", q.topic,
                  Probe(q.probe_label, q.probe_line, q.probe_text)) for q in questions]
    assert check_sheet(sheet, slots, texts, lang=lang) == []  # real topics, real lines
    planned = plan_slots(texts[CV_LABEL], texts[JD_LABEL])
    assert [(s.topic, s.probe.line) for s in planned] == [(s.topic, s.probe.line) for s in slots]


@pytest.mark.parametrize("country", sorted(SECRETS))
def test_interview_sends_no_personal_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str],
                                          country: str) -> None:
    lang = "zh" if country in {"cn", "jp"} else "en"
    cv, jd = CVS / f"cv.{country}.md", CVS / f"jd.{lang}.md"
    with FaultServer(responder=interview_reply) as server:
        code, _ = _run(capsys, monkeypatch, server.base_url, cv, jd, tmp_path / "runs", lang)
        sent = json.dumps(server.requests, ensure_ascii=False)
    assert code == 0
    assert server.requests
    for secret in SECRETS[country]["sent"]:
        assert secret not in sent, f"{secret!r} reached the model"
    _assert_sheet(_published(tmp_path / "runs", lang), cv, jd, lang)


def test_interview_with_the_embedded_model(local_server: Served, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    cv, jd = EXAMPLES / "cv.en.md", EXAMPLES / "jd.en.md"

    def forward(body: Mapping[str, object]) -> Fault:
        reply = httpx.post(f"{local_server.base_url}/chat/completions",
                           json={**body, "stream": False}, timeout=600).json()
        return Fault("ok", text=reply["choices"][0]["message"]["content"] or "")

    with FaultServer(responder=forward) as proxy:
        monkeypatch.setenv("OPENAI_MODEL", local_server.model)
        code, _ = _run(capsys, monkeypatch, proxy.base_url, cv, jd, tmp_path / "runs", "en")
        sent = json.dumps(proxy.requests, ensure_ascii=False)
    assert code == 0
    for personal in ("Elena Marsh", "elena.marsh@example.com", "555-014-2299",
                     "elenamarsh-example", "Portland"):
        assert personal not in sent
    _assert_sheet(_published(tmp_path / "runs", "en"), cv, jd, "en")
