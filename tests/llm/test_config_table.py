"""The ``table`` field kind that config.py gained for nested LLM settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.config import load_settings
from pse.errors import ConfigError


def test_config_table_from_pyproject_keeps_the_nested_table(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pse.llm.backends.cheap]\nmodel = "m"\nbase-url = "http://x/v1"\n'
        '[tool.pse.llm.stages]\nfix = "cheap"\n', encoding="utf-8")
    settings = load_settings(trust_project=True, start=tmp_path, environ={}, cwd=tmp_path)
    assert settings.get_table("llm.backends") == {"cheap": {"model": "m", "base-url": "http://x/v1"}}
    assert settings.get_table("llm.stages") == {"fix": "cheap"}
    assert settings.sources["llm.stages"] == "pyproject"


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"fix": "cheap", "planner": "big"}', {"fix": "cheap", "planner": "big"}),
    ("fix=cheap, planner = big", {"fix": "cheap", "planner": "big"}),
    ("", {}),
])
def test_config_table_from_env(tmp_path: Path, raw: str, expected: dict[str, str]) -> None:
    settings = load_settings(environ={"PSE_LLM_STAGES": raw} if raw else {}, cwd=tmp_path,
                             start=tmp_path)
    assert settings.get_table("llm.stages") == expected


@pytest.mark.parametrize("raw", ["fix", '["fix"]', "{broken", "=cheap"])
def test_config_table_bad_env_is_a_config_error(tmp_path: Path, raw: str) -> None:
    with pytest.raises(ConfigError, match=r"setting 'llm.stages' \(from env\) must be table"):
        load_settings(environ={"PSE_LLM_STAGES": raw}, cwd=tmp_path, start=tmp_path)


def test_config_table_get_table_returns_a_copy(tmp_path: Path) -> None:
    settings = load_settings(environ={"PSE_LLM_STAGES": "fix=a"}, cwd=tmp_path, start=tmp_path)
    settings.get_table("llm.stages")["planner"] = "b"
    assert settings.get_table("llm.stages") == {"fix": "a"}
