"""``pse models`` and ``pse config show`` say which isolation mode the agent tools get."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.tools.isolation import isolation_mode
from repo_fixtures import run_cli


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)  # no pyproject.toml of the developer's checkout


def test_cli_reports_the_fallback_mode_when_bubblewrap_is_missing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pse.tools.isolation.find_bwrap", lambda: None)
    models = run_cli(capsys, "models")
    assert models.code == 0
    assert "agent tool isolation: rlimits only (bubblewrap not available" in models.out
    assert "pytest collection, are refused" in models.out
    shown = run_cli(capsys, "config", "show")
    assert shown.out.splitlines()[0].startswith("# agent tool isolation: rlimits only")
    data = json.loads(run_cli(capsys, "models", "--json").out)
    assert data["tool_isolation"] == "rlimits"


def test_cli_reports_the_mode_this_machine_has(capsys: pytest.CaptureFixture[str]) -> None:
    mode = isolation_mode()
    assert f"agent tool isolation: {mode}" in run_cli(capsys, "models").out
    assert json.loads(run_cli(capsys, "models", "--json").out)["tool_isolation"] == mode
