"""Offline fakes of :class:`~pse.llm.types.LLMClient`, for tests only.

:class:`ScriptedLLM` answers from a queue and records every request; an unexpected call
fails the test instead of returning an empty reply. :class:`FunctionLLM` computes each
answer from the conversation, for branching flows (the evaluator rejects the first draft and
approves the fix). Usage is deterministic: tokens are whitespace-separated words. These are
never offered to users as a backend or a fallback: nothing in settings can select them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from pse.llm.types import Completion, Message, Stage, ToolSchema, Usage


@dataclass(frozen=True)
class CallInfo:
    """What a fake saw in one call, besides the messages."""

    stage: Stage
    tools: tuple[ToolSchema, ...] = ()
    params: dict[str, object] = field(default_factory=dict)
    number: int = 1
    """1-based position of this call."""


@dataclass(frozen=True)
class Request:
    """One recorded call to a fake."""

    messages: tuple[Message, ...]
    info: CallInfo


def word_usage(messages: Sequence[Message], text: str) -> Usage:
    """Deterministic usage: prompt and completion tokens are whitespace-split word counts."""
    prompt = sum(len(m.content.split()) for m in messages)
    return Usage(prompt_tokens=prompt, completion_tokens=len(text.split()))


class _Recorder:
    def __init__(self) -> None:
        self.requests: list[Request] = []

    def _record(self, messages: Sequence[Message], stage: Stage,
                tools: Sequence[ToolSchema] | None, params: dict[str, object]) -> CallInfo:
        info = CallInfo(stage=stage, tools=tuple(tools or ()), params=dict(params),
                        number=len(self.requests) + 1)
        self.requests.append(Request(tuple(messages), info))
        return info

    @staticmethod
    def _with_usage(completion: Completion, messages: Sequence[Message]) -> Completion:
        if completion.usage != Usage():
            return completion
        return replace(completion, usage=word_usage(messages, completion.text))


class ScriptedLLM(_Recorder):
    """Answers calls from a queue of scripted replies.

    Example:
        >>> from pse.llm.types import Message
        >>> llm = ScriptedLLM(model="scripted")
        >>> llm.enqueue("first answer")
        >>> llm.chat([Message.user("hi there")], stage="planner").usage
        Usage(prompt_tokens=2, completion_tokens=2, cached_tokens=0)
    """

    def __init__(self, replies: Sequence[str | Completion] = (), *, model: str = "scripted"
                 ) -> None:
        """Create the fake with optional initial ``replies``."""
        super().__init__()
        self.model = model
        self._queue: deque[Completion] = deque()
        for reply in replies:
            self.enqueue(reply)

    def enqueue(self, *replies: str | Completion) -> None:
        """Add replies (plain text or full completions) to the end of the queue."""
        for reply in replies:
            if isinstance(reply, str):
                reply = Completion(text=reply, model=self.model)
            self._queue.append(reply)

    @property
    def pending(self) -> int:
        """Replies not yet consumed."""
        return len(self._queue)

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """Pop the next reply; an empty queue fails with ``unexpected LLM call #N``."""
        info = self._record(messages, stage, tools, dict(params))
        if not self._queue:
            raise AssertionError(f"unexpected LLM call #{info.number}")
        return self._with_usage(self._queue.popleft(), messages)


class FunctionLLM(_Recorder):
    """Answers each call with ``fn(messages, info)``; a ``str`` result becomes the text."""

    def __init__(self, fn: Callable[[Sequence[Message], CallInfo], Completion | str], *,
                 model: str = "function") -> None:
        """Wrap ``fn``."""
        super().__init__()
        self.model = model
        self._fn = fn

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """Call ``fn`` and record the request."""
        info = self._record(messages, stage, tools, dict(params))
        result = self._fn(tuple(messages), info)
        if isinstance(result, str):
            result = Completion(text=result, model=self.model)
        return self._with_usage(result, messages)
