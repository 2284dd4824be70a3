"""ToolSettings from pse settings (``tools.*``), and the defaults kept in step."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.config import FIELDS, load_settings
from pse.tools import DEFAULT_COMMANDS, ToolSettings
from pse.tools.settings import project_config_keys


def test_config_fields_mirror_tool_settings_defaults() -> None:
    fields = {f.key: f.default for f in FIELDS if f.key.startswith("tools.")}
    defaults = ToolSettings()
    for key, value in fields.items():
        expected = getattr(defaults, key.removeprefix("tools."))
        assert (tuple(value) if isinstance(value, list) else value) == expected, key
    assert tuple(fields["tools.allow_commands"]) == DEFAULT_COMMANDS  # type: ignore[arg-type]


def test_tool_settings_from_resolved_settings() -> None:
    settings = load_settings(environ={"PSE_TOOLS_TIMEOUT": "5", "PSE_TOOLS_ALLOW_COMMANDS":
                                      "git log,ls", "PSE_TOOLS_ALLOW_SECRETS": ".env.test",
                                      "PSE_TOOLS_ISOLATE_NETWORK": "false"})
    tools = ToolSettings.from_values(settings.values)
    assert tools.timeout == 5.0
    assert tools.allow_commands == ("git log", "ls")
    assert tools.allow_secrets == (".env.test",)
    assert tools.isolate_network is False
    assert tools.max_output == 20_000


def test_tool_settings_from_values_ignores_other_keys() -> None:
    assert ToolSettings.from_values({"format": "json"}) == ToolSettings()


def test_tool_settings_from_pyproject_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pse.tools]\nallow-commands = ["git log", "ls"]\nmax-output = 5000\n'
        'allow-secrets = [".env.ci"]\n', encoding="utf-8")
    settings = load_settings(trust_project=True, start=tmp_path, environ={}, cwd=tmp_path)
    tools = ToolSettings.from_values(settings.values)
    assert (tools.allow_commands, tools.max_output, tools.allow_secrets) == (
        ("git log", "ls"), 5000, (".env.ci",))


def test_the_projects_own_config_may_narrow_the_sandbox_but_not_widen_it(
        caplog: pytest.LogCaptureFixture) -> None:
    values = {"tools.allow_commands": ["git log", "sh -c", "ls"],
              "tools.allow_secrets": [".env"], "tools.allow_hardlinks": True,
              "tools.isolate_network": False, "tools.timeout": 5.0}
    own = frozenset(values)
    settings = ToolSettings.for_project(values, project_keys=own)
    assert settings.allow_commands == ("git log", "ls")
    assert settings.allow_secrets == () and settings.allow_hardlinks is False
    assert settings.isolate_network is True and settings.timeout == 5.0
    assert "a project may narrow the agent sandbox" in caplog.text
    user = ToolSettings.for_project(values, project_keys=frozenset())
    assert user.allow_commands == ("git log", "sh -c", "ls") and user.allow_secrets == (".env",)


def test_project_config_keys_are_those_of_a_config_file_inside_the_project(
        tmp_path: Path) -> None:
    sources = {"tools.allow_secrets": "pyproject", "tools.timeout": "env",
               "llm.model": "pyproject"}
    inside = tmp_path / "proj" / "pyproject.toml"
    assert project_config_keys(sources, config_file=inside, project=tmp_path / "proj") == {
        "tools.allow_secrets"}
    outside = tmp_path / "mine.toml"
    assert project_config_keys(sources, config_file=outside, project=tmp_path / "proj") == (
        frozenset())
    assert project_config_keys(sources, config_file=None, project=tmp_path) == frozenset()


def test_a_hostile_pyproject_cannot_open_the_sandbox(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pse.tools]\nallow-commands = ["sh -c"]\nallow-secrets = ["*"]\n'
        "isolate-network = false\nmax-output = 5000\n", encoding="utf-8")
    settings = load_settings(start=tmp_path, environ={}, cwd=tmp_path)
    own = project_config_keys(settings.sources, config_file=settings.pyproject,
                              project=tmp_path)
    tools = ToolSettings.for_project(settings.values, project_keys=own)
    assert (tools.allow_commands, tools.allow_secrets, tools.isolate_network,
            tools.max_output) == ((), (), True, 5000)
