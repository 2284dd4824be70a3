"""Function-calling schemas and argument validation."""

from __future__ import annotations

import pytest

from pse.tools import ToolCallFailed, ToolSettings, tool_names, tool_schemas
from pse.tools.schemas import check_arguments, tool_descriptions


def test_tool_schemas_are_openai_function_definitions() -> None:
    schemas = tool_schemas()
    assert [s["function"]["name"] for s in schemas] == list(tool_names())  # type: ignore[index]
    for schema in schemas:
        assert schema["type"] == "function"
        function = schema["function"]
        assert isinstance(function, dict)
        parameters = function["parameters"]
        assert parameters["type"] == "object" and parameters["additionalProperties"] is False
        assert set(parameters["required"]) <= set(parameters["properties"])
        assert function["description"]


def test_run_command_schema_lists_the_allowed_commands_or_is_left_out() -> None:
    custom = tool_schemas(ToolSettings(allow_commands=("git log", "ls")))
    run = next(s for s in custom if s["function"]["name"] == "run_command")  # type: ignore[index]
    assert "'git log', 'ls'" in run["function"]["description"]  # type: ignore[index]
    names = [s["function"]["name"] for s in tool_schemas(ToolSettings(allow_commands=()))]  # type: ignore[index]
    assert names == ["read_file", "list_dir", "grep"]


def test_check_arguments_accepts_valid_calls() -> None:
    check_arguments("read_file", {"path": "a", "start": 2, "end": None})
    check_arguments("list_dir", {})
    check_arguments("grep", {"pattern": "x", "glob": None, "path": "src"})
    check_arguments("run_command", {"argv": ["ls"]})


@pytest.mark.parametrize(("name", "arguments"), [
    ("read_file", {}), ("read_file", {"path": None}), ("read_file", {"path": "a", "start": 0}),
    ("run_command", {"argv": []}), ("run_command", {"argv": "ls -la"}),
    ("run_command", {"argv": ["ls", 1]}), ("grep", {"glob": "*.py"}),
])
def test_check_arguments_rejects_invalid_calls(name: str, arguments: dict[str, object]) -> None:
    with pytest.raises(ToolCallFailed) as info:
        check_arguments(name, arguments)
    assert info.value.code == "invalid-arguments"


def test_tool_descriptions_are_what_the_schemas_send() -> None:
    for settings in (ToolSettings(), ToolSettings(allow_commands=("git",))):
        assert tool_descriptions(settings) == [
            s["function"]["description"] for s in tool_schemas(settings)]  # type: ignore[index]
