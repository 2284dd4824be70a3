"""``pse resume`` against a real OpenAI-compatible HTTP server whose model never fixes.

The server (:class:`~pse.llm.testing.fault_server.FaultServer` on 127.0.0.1) answers like a
stubborn model: its resume inflates a metric, adds an employer and a certification and
drops a project's dates, and its fixes change nothing. The figures of the resume issue:
the final resume has no unsupported fact, keeps every job and project of the plan, and no
name, email or phone number of the CV reached the server.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from pse.llm.testing.fault_server import Fault, FaultServer
from repo_fixtures import run_cli
from resume_support import (
    BAD,
    EMAIL,
    NAME,
    PHONE,
    PLAN,
    ZH_EMAIL,
    ZH_NAME,
    ZH_PHONE,
    copy_examples,
)

ZH_PLAN = "ROLE: 高级数据工程师\nJOBS: J1, J2\nPROJECTS: P1\nFOCUS: Flink, Spark"
ZH_BAD = """## 工作经历

### 数据架构师 | 北京星河科技有限公司 | 2014.01 - 2016.12
- 主导数据平台建设，团队规模12人

### 高级数据工程师 | 杭州云帆科技有限公司 | 2021.03 - 至今
- 搭建基于Flink的实时数仓，日处理订单事件9000万条
- 带领4人数据开发小组

### 数据工程师 | 宁波海蓝电商有限公司 | 2017.07 - 2021.02
- 负责200个Hive离线任务的调度与维护

## 项目经历

### 用户画像平台
- 为营销团队提供500个用户标签

## 专业技能
Python、SQL、Flink、Spark

## 证书
- 阿里云大数据专业认证（ACP）
- PMP项目管理专业人士认证
"""


def _stubborn(plan: str, resume: str) -> object:
    def answer(body: Mapping[str, object]) -> Fault:
        messages = body.get("messages")
        prompt = str(messages[-1].get("content", "")) if isinstance(messages, list) else ""
        if "Answer with exactly these four lines" in prompt:
            return Fault("ok", text=plan)
        if "Write the resume" in prompt:
            return Fault("ok", text=resume)
        if "Review this tailored resume" in prompt:
            return Fault("ok", text="- the resume looks fine but `9` is unclear")
        return Fault("ok", text="[]")  # a fix that fixes nothing
    return answer


@pytest.mark.parametrize(("lang", "plan", "resume", "secrets", "kept"), [
    ("en", PLAN, BAD, (NAME, "Elena", "Marsh", EMAIL, PHONE),
     ("Northwind Logistics Inc.", "Bluefin Retail Co.", "Cobalt Analytics LLC",
      "Route Delay Forecasting")),
    ("zh", ZH_PLAN, ZH_BAD, (ZH_NAME, ZH_EMAIL, ZH_PHONE),
     ("杭州云帆科技有限公司", "宁波海蓝电商有限公司", "用户画像平台")),
])
def test_resume_against_a_stubborn_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str], lang: str,
                                          plan: str, resume: str, secrets: tuple[str, ...],
                                          kept: tuple[str, ...]) -> None:
    examples = copy_examples(tmp_path / "examples")
    with FaultServer(responder=_stubborn(plan, resume)) as server:  # type: ignore[arg-type]
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("OPENAI_MODEL", "stubborn")
        monkeypatch.setenv("PSE_LLM_CACHE", "0")
        result = run_cli(capsys, "resume", "--cv", str(examples / f"cv.{lang}.md"), "--jd",
                         str(examples / f"jd.{lang}.md"), "--lang", lang, "--out",
                         str(tmp_path / "runs"), "--formats", "")
        requests = json.dumps(server.requests, ensure_ascii=False)
    assert result.code == 0, result.err
    assert "remote model: personal data replaced by placeholders" in result.err
    # planner, specialist, evaluator, then fixes: at most max_retries, fewer when one stalls
    assert 4 <= len(server.requests) <= 6
    for secret in secrets:
        assert secret not in requests
    bodies = [r["body"] for r in server.requests if isinstance(r["body"], dict)]
    # every stage's cap and stop sequences reach the server (at most four: OpenAI's limit)
    assert all(0 < len(b["stop"]) <= 4 and int(b["max_tokens"]) <= 1600 for b in bodies)
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]
    final = run_dir / f"artifact.{lang}.md"
    check = run_cli(capsys, "verify-resume", str(final), "--source",
                    str(examples / f"cv.{lang}.md"), "--format", "json")
    assert check.code == 0, check.out
    assert json.loads(check.out)["summary"]["unsupported"] == 0
    text = final.read_text(encoding="utf-8")
    for name in kept:
        assert name in text
    assert "星河" not in text and "Globex" not in text and "PMP" not in text
    assert secrets[0] in text  # restored locally in the published file
