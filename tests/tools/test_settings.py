"""ToolSettings from pse settings (``tools.*``), and the defaults kept in step."""

from __future__ import annotations

from pathlib import Path

from pse.config import FIELDS, load_settings
from pse.tools import DEFAULT_COMMANDS, ToolSettings


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
    settings = load_settings(start=tmp_path, environ={}, cwd=tmp_path)
    tools = ToolSettings.from_values(settings.values)
    assert (tools.allow_commands, tools.max_output, tools.allow_secrets) == (
        ("git log", "ls"), 5000, (".env.ci",))
