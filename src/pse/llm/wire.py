"""Pure conversions between pse values and the OpenAI chat wire format.

Shared by the HTTP backend and the embedded backend (llama-cpp-python answers in the same
dict shape), so both check answers the same way: an empty reply or a reply cut off at
``max_tokens`` is an :class:`~pse.errors.LLMResponseError`, never silently used.

It also holds the *prompt-mode* tool fallback for backends that reject the ``tools``
parameter: the tool schemas are described in an extra system message and the model is asked
to answer with one JSON object ``{"tool": NAME, "arguments": {...}}``, which is parsed back
into a :class:`~pse.llm.types.ToolCall`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from pse.errors import LLMResponseError
from pse.llm.types import (
    Completion,
    Message,
    ToolCall,
    ToolSchema,
    Usage,
    finish_reason_of,
    tool_call_from_wire,
)

PROMPT_TOOLS_INSTRUCTION = (
    "You can call tools. To call one, reply with only a JSON object of the form "
    '{"tool": "<name>", "arguments": {...}} and nothing else. '
    "To answer without a tool, reply normally. Tools:\n"
)
_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


def parse_completion(data: Mapping[str, object], *, where: str = "backend") -> Completion:
    """A :class:`Completion` from a chat-completion response dict (see :func:`check_completion`).

    Args:
        data: the response body, already decoded from JSON.
        where: names the backend in error messages.

    Raises:
        LLMResponseError: the response has no choices.
    """
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise LLMResponseError(f"{where} answered without any choices: {_preview(data)}")
    choice = choices[0]
    message = choice.get("message")
    message = message if isinstance(message, dict) else {}
    raw_calls = message.get("tool_calls") or []
    calls = tuple(tool_call_from_wire(c) for c in raw_calls if isinstance(c, dict))
    text = message.get("content")
    return Completion(text=text if isinstance(text, str) else "", tool_calls=calls,
                      finish_reason=finish_reason_of(choice.get("finish_reason")),
                      usage=parse_usage(data.get("usage")), model=str(data.get("model", "")))


def is_empty(completion: Completion) -> bool:
    """No text and no tool calls."""
    return not completion.text.strip() and not completion.tool_calls


def check_completion(completion: Completion, *, allow_truncated: bool, where: str) -> None:
    """Reject an empty answer or, unless allowed, one cut off at the token limit."""
    if completion.finish_reason == "length" and not allow_truncated:
        raise LLMResponseError(
            f"{where} stopped at the max_tokens limit after "
            f"{completion.usage.completion_tokens} tokens (finish_reason='length'); "
            "raise max_tokens or shorten the prompt")
    if is_empty(completion):
        raise LLMResponseError(
            f"{where} returned an empty reply (finish_reason={completion.finish_reason!r}); "
            "check that the model name is right and that it is a chat/instruct model")


def parse_usage(raw: object) -> Usage:
    """:class:`Usage` from a wire ``usage`` dict (missing fields count as 0)."""
    if not isinstance(raw, dict):
        return Usage()
    details = raw.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    if cached is None:  # DeepSeek reports its prompt cache this way
        cached = raw.get("prompt_cache_hit_tokens")
    return Usage(prompt_tokens=_int(raw.get("prompt_tokens")),
                 completion_tokens=_int(raw.get("completion_tokens")),
                 cached_tokens=_int(cached))


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _preview(data: object) -> str:
    text = json.dumps(data, default=str)
    return text if len(text) <= 200 else text[:200] + "..."


def wire_messages(messages: Sequence[Message]) -> list[dict[str, object]]:
    """The messages in wire form."""
    return [message.to_wire() for message in messages]


def prompt_tool_messages(messages: Sequence[Message],
                         tools: Sequence[ToolSchema]) -> list[Message]:
    """Rewrite a tool conversation for a backend without native tool calling.

    The tool list becomes a system message placed after the caller's system messages (so the
    shared prefix stays first), earlier assistant tool calls become their JSON text, and tool
    results become user messages.
    """
    described = [_describe_tool(tool) for tool in tools]
    instruction = Message.system(PROMPT_TOOLS_INSTRUCTION + "\n".join(described))
    head = _leading_system(messages)
    rewritten: list[Message] = [*head, instruction]
    for message in messages[len(head):]:
        if message.role == "assistant" and message.tool_calls:
            call = message.tool_calls[0]
            rewritten.append(Message.assistant(json.dumps(
                {"tool": call.name, "arguments": call.parsed_arguments()})))
        elif message.role == "tool":
            rewritten.append(Message.user(f"Result of the tool call:\n{message.content}"))
        else:
            rewritten.append(message)
    return rewritten


def _leading_system(messages: Sequence[Message]) -> list[Message]:
    head: list[Message] = []
    for message in messages:
        if message.role != "system":
            break
        head.append(message)
    return head


def _describe_tool(tool: ToolSchema) -> str:
    function = tool.get("function")
    function = function if isinstance(function, dict) else tool
    return json.dumps({"name": function.get("name"), "description": function.get("description", ""),
                       "parameters": function.get("parameters", {})}, sort_keys=True)


def parse_prompt_tool_call(completion: Completion, tools: Sequence[ToolSchema]) -> Completion:
    """Turn a prompt-mode answer that is a tool-call JSON object into a real tool call.

    An answer that is not such an object, or names an unknown tool, is returned unchanged.
    """
    names = {_tool_name(tool) for tool in tools}
    match = _JSON_OBJECT.search(completion.text)
    if match is None:
        return completion
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return completion
    if not isinstance(data, dict) or data.get("tool") not in names:
        return completion
    arguments = data.get("arguments", {})
    call = ToolCall(call_id=f"call_prompt_{data['tool']}", name=str(data["tool"]),
                    arguments=json.dumps(arguments if isinstance(arguments, dict) else {}))
    return Completion(text="", tool_calls=(call,), finish_reason="tool_calls",
                      usage=completion.usage, model=completion.model, cached=completion.cached)


def _tool_name(tool: ToolSchema) -> str:
    function = tool.get("function")
    function = function if isinstance(function, dict) else tool
    return str(function.get("name", ""))


def is_tools_rejection(status: int, message: str) -> bool:
    """Whether an HTTP error means "this backend does not support the tools parameter"."""
    if status not in (400, 404, 422, 501):
        return False
    lowered = message.lower()
    return "tool" in lowered or "function" in lowered


_TAGGED_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*(?:</tool_call>|$)", re.DOTALL)


def parse_tagged_tool_calls(completion: Completion, tools: Sequence[ToolSchema]) -> Completion:
    """Recover tool calls a model wrote as text in the Qwen/Hermes format.

    Servers without a tool-call parser for the model (llama.cpp with the model's own chat
    template, some vLLM set-ups) return ``<tool_call>{"name": ..., "arguments": {...}}
    </tool_call>`` as plain content. Calls to known tools become real :class:`ToolCall` s;
    anything else is left as text.
    """
    if completion.tool_calls or "<tool_call>" not in completion.text:
        return completion
    names = {_tool_name(tool) for tool in tools}
    calls: list[ToolCall] = []
    for number, match in enumerate(_TAGGED_CALL.finditer(completion.text), start=1):
        try:
            data = json.loads(match.group(1))
        except json.JSONDecodeError:
            continue
        if not isinstance(data, dict) or data.get("name") not in names:
            continue
        arguments = data.get("arguments", {})
        if isinstance(arguments, str):  # some templates double-encode the arguments
            arguments = _loads_object(arguments)
        calls.append(ToolCall(call_id=f"call_{number}_{data['name']}", name=str(data["name"]),
                              arguments=json.dumps(arguments if isinstance(arguments, dict)
                                                   else {})))
    if not calls:
        return completion
    text = _TAGGED_CALL.sub("", completion.text).strip()
    return Completion(text=text, tool_calls=tuple(calls), finish_reason="tool_calls",
                      usage=completion.usage, model=completion.model, cached=completion.cached)


def _loads_object(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return {}
