"""``pse models``, ``pse models check`` and ``pse serve-local`` argument handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.llm.testing.fault_server import Fault, FaultServer
from repo_fixtures import run_cli


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    result = run_cli(capsys, *args)
    return result.code, result.out, result.err


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)  # no pyproject.toml of the developer's checkout


def test_cli_models_lists_backends_and_stage_routing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["models"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "default backend: local"
    assert ("  local: embedded llama.cpp, model 'qwen2.5-coder-0.5b'  <- planner, specialist, "
            "evaluator, fix, translate") in out
    assert "qwen2.5-coder-1.5b: Qwen2.5-Coder-1.5B-Instruct" in out


def test_cli_models_json_never_shows_the_key(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-very-secret")
    monkeypatch.setenv("PSE_LLM_STAGES", "fix=local")
    code, out, _ = run(["models", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["default"] == "openai"
    assert data["stages"]["fix"] == "local" and data["stages"]["planner"] == "openai"
    assert data["backends"]["openai"]["has_api_key"] is True
    assert "sk-very-secret" not in out


def test_cli_models_check_reports_a_working_backend(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("ok", text="OK"))
    monkeypatch.setenv("OPENAI_BASE_URL", fault_server.base_url)
    code, out, _ = run(["models", "check"], capsys)
    assert code == 0
    assert out.startswith(f"ok   backend 'openai' ({fault_server.base_url}, model 'gpt-4o-mini') "
                          "answered in ")
    assert out.rstrip().endswith(": 'OK'")
    assert fault_server.requests[0]["body"]["max_tokens"] == 8  # type: ignore[index]


def test_cli_models_check_diagnoses_a_failing_backend_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("status", status=401, body={"error": {"message": "bad key"}}))
    monkeypatch.setenv("OPENAI_BASE_URL", fault_server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong")
    code, out, _ = run(["models", "check"], capsys)
    assert code == 2
    assert out == (f"FAIL backend 'openai' ({fault_server.base_url}, model 'gpt-4o-mini'): "
                   "HTTP 401 after 1 attempt (bad key); check the API key "
                   "(OPENAI_API_KEY / PSE_API_KEY)\n")


def test_cli_models_check_unreachable_server_is_not_retried(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
    code, out, _ = run(["models", "check", "--timeout", "2"], capsys)
    assert code == 2
    assert "connection failed after 1 attempt" in out and "server is running" in out


def test_cli_models_check_unknown_backend(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["models", "check", "--backend", "nope"], capsys)
    assert code == 2
    assert err == "pse: error: no backend 'nope'; defined: local, openai\n"


def test_cli_models_bad_config_is_one_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PSE_LLM_STAGES", "fixer=openai")
    code, out, err = run(["models"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("pse: error: unknown stage 'fixer' in llm.stages; did you mean 'fix'?")
    assert err.count("\n") == 1


def test_cli_serve_local_without_llama_cpp_gives_the_install_hint(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pse.cli.serve_local.is_available", lambda: False)
    code, _, err = run(["serve-local"], capsys)
    assert code == 2
    assert err.startswith('pse: error: install the embedded backend with: pip install '
                          '"pse[local]"')


def test_cli_serve_local_missing_model_file(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pse.cli.serve_local.is_available", lambda: True)
    code, _, err = run(["serve-local", "--model", "nowhere/model.gguf"], capsys)
    assert code == 2
    assert err == ("pse: error: local.model (PSE_LOCAL_MODEL) is 'nowhere/model.gguf', which "
                   "is not a file; give the path of a .gguf file or a name from `pse models`\n")


def test_cli_serve_local_rejects_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["serve-local", "--port", "70000"], capsys)
    assert code == 2 and "70000 is not in the range" in err
