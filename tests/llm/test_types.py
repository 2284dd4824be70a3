"""Messages, tool calls and completions: wire form and round trips."""

from __future__ import annotations

import pytest

from pse.errors import LLMResponseError
from pse.llm.types import STAGES, Completion, Message, ToolCall, Usage, finish_reason_of


def test_message_to_wire_carries_tool_calls_and_ids() -> None:
    call = ToolCall("call_1", "grep", '{"pattern": "def send"}')
    assert Message.assistant("", tool_calls=[call]).to_wire() == {
        "role": "assistant", "content": "",
        "tool_calls": [{"id": "call_1", "type": "function",
                        "function": {"name": "grep", "arguments": '{"pattern": "def send"}'}}]}
    assert Message.tool("call_1", "3 matches").to_wire() == {
        "role": "tool", "content": "3 matches", "tool_call_id": "call_1"}
    assert Message.system("s").to_wire() == {"role": "system", "content": "s"}


def test_tool_call_parsed_arguments_rejects_non_objects() -> None:
    assert ToolCall("c", "f", "").parsed_arguments() == {}
    with pytest.raises(LLMResponseError, match=r"tool call 'f' has arguments that are not JSON"):
        ToolCall("c", "f", "{path: x}").parsed_arguments()
    with pytest.raises(LLMResponseError, match="expected an object"):
        ToolCall("c", "f", "[1, 2]").parsed_arguments()


def test_completion_dict_round_trip_marks_cached() -> None:
    original = Completion("text", (ToolCall("c", "f", "{}"),), "tool_calls",
                          Usage(10, 2, 4), model="m")
    restored = Completion.from_dict(original.to_dict(), cached=True)
    assert restored == Completion("text", (ToolCall("c", "f", "{}"),), "tool_calls",
                                  Usage(10, 2, 4), model="m", cached=True)


def test_usage_adds_up_and_totals() -> None:
    total = Usage(10, 5, 2) + Usage(1, 1, 0)
    assert total == Usage(11, 6, 2) and total.total_tokens == 17


def test_finish_reason_of_maps_wire_values() -> None:
    assert [finish_reason_of(v) for v in ("stop", "length", "function_call", None, "eos")] == [
        "stop", "length", "tool_calls", "stop", "other"]


def test_stages_are_the_pipeline_stages() -> None:
    assert STAGES == ("planner", "specialist", "evaluator", "fix", "translate")


def test_completion_to_message_keeps_tool_calls() -> None:
    call = ToolCall("c", "f", "{}")
    assert Completion("", (call,)).to_message() == Message("assistant", "", (call,))
