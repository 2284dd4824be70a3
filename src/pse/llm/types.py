"""Values that cross the LLM seam: messages, tool calls, completions, usage; the client Protocols.

Everything here is a frozen dataclass that converts to and from the OpenAI chat wire format
(plain dicts), so the response cache, the trace and the fake clients share one shape and no
module outside ``openai_compat`` needs the ``openai`` SDK's types.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

from pse.errors import LLMResponseError

Role = Literal["system", "user", "assistant", "tool"]
Stage = Literal["planner", "specialist", "evaluator", "fix", "translate"]
FinishReason = Literal["stop", "length", "tool_calls", "content_filter", "other"]

STAGES: tuple[Stage, ...] = get_args(Stage)
"""Every pipeline stage, in pipeline order; each may use its own backend."""

ToolSchema = Mapping[str, object]
"""One tool in OpenAI's ``{"type": "function", "function": {...}}`` JSON-schema form."""


@dataclass(frozen=True)
class ToolCall:
    """A tool the model asked to run."""

    call_id: str
    name: str
    arguments: str = "{}"
    """The arguments as the model wrote them: a JSON object in a string."""

    def parsed_arguments(self) -> dict[str, object]:
        """The arguments as a dict.

        Raises:
            LLMResponseError: the model wrote something that is not a JSON object.
        """
        try:
            value = json.loads(self.arguments or "{}")
        except json.JSONDecodeError as exc:
            raise LLMResponseError(
                f"tool call {self.name!r} has arguments that are not JSON: {self.arguments!r}"
            ) from exc
        if not isinstance(value, dict):
            raise LLMResponseError(
                f"tool call {self.name!r} has arguments {self.arguments!r}; expected an object"
            )
        return value

    def to_wire(self) -> dict[str, object]:
        """The OpenAI wire form."""
        return {"id": self.call_id, "type": "function",
                "function": {"name": self.name, "arguments": self.arguments}}


@dataclass(frozen=True)
class Message:
    """One chat message."""

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    """Tool calls an assistant message made (sent back so the model sees its own calls)."""
    tool_call_id: str | None = None
    """For ``role="tool"``: the call this message answers."""

    @classmethod
    def system(cls, content: str) -> Message:
        """A system message."""
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> Message:
        """A user message."""
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str, *, tool_calls: Sequence[ToolCall] = ()) -> Message:
        """An assistant message, possibly carrying tool calls."""
        return cls("assistant", content, tool_calls=tuple(tool_calls))

    @classmethod
    def tool(cls, call_id: str, content: str) -> Message:
        """The result of the tool call ``call_id``."""
        return cls("tool", content, tool_call_id=call_id)

    def to_wire(self) -> dict[str, object]:
        """The OpenAI wire form."""
        wire: dict[str, object] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            wire["tool_calls"] = [call.to_wire() for call in self.tool_calls]
        if self.tool_call_id is not None:
            wire["tool_call_id"] = self.tool_call_id
        return wire


@dataclass(frozen=True)
class Usage:
    """Tokens one call (or a sum of calls) used."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    """Prompt tokens the provider served from its prompt cache (a subset of prompt_tokens)."""

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.prompt_tokens + other.prompt_tokens,
                     self.completion_tokens + other.completion_tokens,
                     self.cached_tokens + other.cached_tokens)


@dataclass(frozen=True)
class Completion:
    """What a backend answered."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: FinishReason = "stop"
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    """The model that answered, as the backend named it."""
    cached: bool = False
    """True when the answer came from the response cache, not the backend."""

    def to_message(self) -> Message:
        """This answer as an assistant message, to append to the conversation."""
        return Message.assistant(self.text, tool_calls=self.tool_calls)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict (for the response cache and traces)."""
        return {"text": self.text, "finish_reason": self.finish_reason, "model": self.model,
                "tool_calls": [call.to_wire() for call in self.tool_calls],
                "usage": {"prompt_tokens": self.usage.prompt_tokens,
                          "completion_tokens": self.usage.completion_tokens,
                          "cached_tokens": self.usage.cached_tokens}}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, cached: bool = False) -> Completion:
        """The inverse of :meth:`to_dict`."""
        usage = data.get("usage")
        usage = usage if isinstance(usage, dict) else {}
        calls = data.get("tool_calls")
        reason = str(data.get("finish_reason", "stop"))
        return cls(
            text=str(data.get("text", "")),
            tool_calls=tuple(tool_call_from_wire(c) for c in calls or () if isinstance(c, dict))
            if isinstance(calls, list) else (),
            finish_reason=finish_reason_of(reason),
            usage=Usage(int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0)),
                        int(usage.get("cached_tokens", 0))),
            model=str(data.get("model", "")), cached=cached)


def finish_reason_of(raw: object) -> FinishReason:
    """Map a wire ``finish_reason`` to :data:`FinishReason` (``function_call`` is a tool call)."""
    if raw in get_args(FinishReason):
        return raw  # type: ignore[return-value]  # narrowed by the membership test
    if raw == "function_call":
        return "tool_calls"
    return "stop" if raw is None else "other"


def tool_call_from_wire(data: Mapping[str, object]) -> ToolCall:
    """A :class:`ToolCall` from its OpenAI wire dict."""
    function = data.get("function")
    function = function if isinstance(function, dict) else {}
    arguments = function.get("arguments")
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments if arguments is not None else {})
    return ToolCall(call_id=str(data.get("id") or ""), name=str(function.get("name", "")),
                    arguments=arguments)


class LLMClient(Protocol):
    """Anything that answers a chat: a real backend, a router over backends, or a fake."""

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """Send ``messages`` and return the model's answer.

        Args:
            messages: the conversation so far (shared context first: local backends reuse
                the longest common prefix of consecutive prompts).
            stage: the pipeline stage asking, which selects backend, usage bucket and limits.
            tools: tools the model may call, in OpenAI's JSON-schema form.
            **params: sampling parameters passed to the backend (``temperature``,
                ``max_tokens``, ``seed``, ``stop``, ``tool_choice``...). ``allow_truncated=True``
                accepts an answer cut off at ``max_tokens`` instead of raising.
        """
        ...


class AsyncLLMClient(Protocol):
    """The asyncio variant of :class:`LLMClient`, for concurrent batch runs."""

    async def chat(self, messages: Sequence[Message], *, stage: Stage,
                   tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """Like :meth:`LLMClient.chat`, awaited."""
        ...
