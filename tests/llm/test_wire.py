"""Wire parsing, answer checks and the two tool-call fallbacks."""

from __future__ import annotations

import json

import pytest

from pse.errors import LLMResponseError
from pse.llm.types import Completion, Message, ToolCall, Usage
from pse.llm.wire import (
    PROMPT_TOOLS_INSTRUCTION,
    check_completion,
    is_tools_rejection,
    parse_completion,
    parse_prompt_tool_call,
    parse_tagged_tool_calls,
    parse_usage,
    prompt_tool_messages,
)

TOOLS = [{"type": "function", "function": {"name": "read_file", "description": "Read.",
                                           "parameters": {"type": "object"}}}]


def test_parse_completion_without_choices_is_an_error() -> None:
    with pytest.raises(LLMResponseError, match="answered without any choices"):
        parse_completion({"choices": []}, where="backend 'x'")


def test_parse_completion_null_content_is_empty_text() -> None:
    data = {"choices": [{"message": {"content": None}, "finish_reason": "stop"}]}
    assert parse_completion(data).text == ""


def test_check_completion_length_and_empty() -> None:
    cut = Completion("partial", finish_reason="length", usage=Usage(3, 8))
    with pytest.raises(LLMResponseError, match="max_tokens limit after 8 tokens"):
        check_completion(cut, allow_truncated=False, where="b")
    check_completion(cut, allow_truncated=True, where="b")
    with pytest.raises(LLMResponseError, match="returned an empty reply"):
        check_completion(Completion("  \n"), allow_truncated=False, where="b")
    check_completion(Completion("", (ToolCall("c", "f"),)), allow_truncated=False, where="b")


def test_parse_usage_variants() -> None:
    assert parse_usage(None) == Usage()
    assert parse_usage({"prompt_tokens": 5, "completion_tokens": 2,
                        "prompt_tokens_details": {"cached_tokens": 3}}) == Usage(5, 2, 3)
    assert parse_usage({"prompt_tokens": 5, "prompt_cache_hit_tokens": 4}) == Usage(5, 0, 4)
    assert parse_usage({"prompt_tokens": True, "completion_tokens": "2"}) == Usage()


def test_prompt_tool_messages_keeps_the_system_prefix_first() -> None:
    call = ToolCall("c1", "read_file", '{"path": "a.py"}')
    messages = [Message.system("shared context"), Message.user("q"),
                Message.assistant("", tool_calls=[call]), Message.tool("c1", "print(1)")]
    rewritten = prompt_tool_messages(messages, TOOLS)
    assert rewritten[0] == Message.system("shared context")
    assert rewritten[1].role == "system"
    assert rewritten[1].content.startswith(PROMPT_TOOLS_INSTRUCTION)
    assert json.loads(rewritten[1].content.splitlines()[-1])["name"] == "read_file"
    assert rewritten[3] == Message.assistant(
        json.dumps({"tool": "read_file", "arguments": {"path": "a.py"}}))
    assert rewritten[4] == Message.user("Result of the tool call:\nprint(1)")


def test_parse_prompt_tool_call_accepts_known_tools_only() -> None:
    reply = Completion('Sure: {"tool": "read_file", "arguments": {"path": "x"}}', usage=Usage(1, 2))
    parsed = parse_prompt_tool_call(reply, TOOLS)
    assert parsed.tool_calls == (ToolCall("call_prompt_read_file", "read_file", '{"path": "x"}'),)
    assert parsed.finish_reason == "tool_calls" and parsed.usage == Usage(1, 2)
    unknown = Completion('{"tool": "rm", "arguments": {}}')
    assert parse_prompt_tool_call(unknown, TOOLS) is unknown
    prose = Completion("No tool needed {not json}")
    assert parse_prompt_tool_call(prose, TOOLS) is prose


def test_parse_tagged_tool_calls_several_and_double_encoded() -> None:
    text = ('Let me look.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a"}}\n'
            '</tool_call>\n<tool_call>{"name": "read_file", "arguments": "{\\"path\\": \\"b\\"}"}'
            "</tool_call>")
    parsed = parse_tagged_tool_calls(Completion(text), TOOLS)
    assert [c.parsed_arguments() for c in parsed.tool_calls] == [{"path": "a"}, {"path": "b"}]
    assert parsed.text == "Let me look."
    assert len({c.call_id for c in parsed.tool_calls}) == 2


def test_parse_tagged_tool_calls_leaves_unknown_or_broken_calls_as_text() -> None:
    broken = Completion('<tool_call>{"name": "read_file", "arguments": {</tool_call>')
    assert parse_tagged_tool_calls(broken, TOOLS) is broken
    other = Completion('<tool_call>{"name": "shell", "arguments": {}}</tool_call>')
    assert parse_tagged_tool_calls(other, TOOLS) is other


def test_is_tools_rejection() -> None:
    assert is_tools_rejection(400, "model gemma does not support tools")
    assert is_tools_rejection(422, "Unrecognized request argument: functions")
    assert not is_tools_rejection(400, "maximum context length exceeded")
    assert not is_tools_rejection(500, "tool server crashed")
