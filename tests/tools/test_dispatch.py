"""call_tool: JSON in, text out, one event per call, secrets never in either."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolEvent, call_tool
from pse.tools import sandbox as sandbox_module

from .support import make_tree


@pytest.fixture
def sandbox(project: Path) -> Sandbox:
    make_tree(project, {"README.md": "hello\n", ".env": "K=v\n"})
    return Sandbox([project])


def _call(sandbox: Sandbox, name: str, arguments: str | dict[str, object]
          ) -> tuple[str, ToolEvent]:
    events: list[ToolEvent] = []
    text = call_tool(sandbox, name, arguments, on_event=events.append)
    assert len(events) == 1
    return text, events[0]


def test_call_tool_ok_event_summarises_the_result(sandbox: Sandbox) -> None:
    text, event = _call(sandbox, "read_file", '{"path": "README.md"}')
    assert text == "README.md (lines 1-1 of 1)\n     1\thello"
    assert event == ToolEvent("read_file", {"path": "README.md"}, "ok", None,
                              "README.md (lines 1-1 of 1)", len(text))


def test_call_tool_refusal_is_a_message_and_a_refused_event(sandbox: Sandbox) -> None:
    text, event = _call(sandbox, "read_file", {"path": ".env"})
    assert text.startswith("refused [secret-file]: '.env'")
    assert (event.outcome, event.code, event.message) == ("refused", "secret-file", text)


@pytest.mark.parametrize(("arguments", "fragment"), [
    ("{not json", "not valid JSON"), ("[1, 2]", "must be a JSON object"),
    ('{"path": 5}', "'path' must be a string"), ('{"pat": "x"}', "unknown: ['pat']"),
    ('{"path": "a", "start": true}', "'start' must be an integer"),
    ('{"path": "a", "end": -1}', "'end' must be an integer >= 1 or null"),
])
def test_call_tool_invalid_arguments(sandbox: Sandbox, arguments: str, fragment: str) -> None:
    text, event = _call(sandbox, "read_file", arguments)
    assert text.startswith("error [invalid-arguments]: ") and fragment in text
    assert (event.outcome, event.code) == ("error", "invalid-arguments")


def test_call_tool_unparsable_arguments_are_kept_raw_and_redacted(sandbox: Sandbox,
                                                                 planted: str) -> None:
    _, event = _call(sandbox, "read_file", f'{{"path": "{planted}"')
    assert event.arguments == {"raw": '{"path": "[REDACTED:ACME_API_KEY]"'}


def test_call_tool_unknown_tool(sandbox: Sandbox) -> None:
    text, event = _call(sandbox, "write_file", "{}")
    assert text.startswith("error [unknown-tool]: there is no tool 'write_file'")
    assert event.code == "unknown-tool"


def test_call_tool_turns_unexpected_exceptions_into_messages(
        sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*_: object) -> str:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(sandbox_module.files, "list_dir", explode)
    text, event = _call(sandbox, "list_dir", {})
    assert text == "error [internal-error]: RuntimeError: disk on fire"
    assert event.outcome == "error"


def test_call_tool_works_without_a_callback(sandbox: Sandbox) -> None:
    assert call_tool(sandbox, "list_dir", "").startswith("./ (2 entries)")


def test_planted_key_never_reaches_outputs_or_the_trace(sandbox: Sandbox, project: Path,
                                                         planted: str) -> None:
    make_tree(project, {"notes.md": f"the key is {planted} ok\n"})
    calls = [
        ("read_file", {"path": "notes.md"}), ("grep", {"pattern": planted}),
        ("grep", {"pattern": "key is"}), ("list_dir", {"path": "."}),
        ("read_file", {"path": planted}), ("run_command", {"argv": ["head", "notes.md"]}),
        ("run_command", {"argv": ["printenv", "ACME_API_KEY"]}),
        ("run_command", {"argv": ["ls", planted]}),
    ]
    events: list[ToolEvent] = []
    outputs = [call_tool(sandbox, name, args, on_event=events.append)  # type: ignore[arg-type]
               for name, args in calls]
    trace = "\n".join(json.dumps(asdict(event)) for event in events)
    assert len(events) == len(calls)
    assert planted not in "".join(outputs) and planted not in trace
    assert trace.count("[REDACTED:ACME_API_KEY]") >= 4
