"""The OpenAI-compatible HTTP backend, on the official ``openai`` SDK.

The only module that imports ``openai`` (and so ``httpx``). It works with any server that
speaks the chat-completions protocol: OpenAI, DeepSeek, Ollama, vLLM, llama.cpp's server,
LM Studio. The SDK's own retries are off (``max_retries=0``); :mod:`pse.llm.retry` decides
instead, so 429 ``Retry-After`` is honoured and a truncated or empty body is retried too.
The body is decoded here, not by the SDK, so a garbled body is a clear error rather than
a string where a response object was expected.

Tool calling: ``tools="native"`` sends the ``tools`` parameter; ``"prompt"`` describes the
tools in a system message and parses a JSON reply (:mod:`pse.llm.wire`); ``"auto"`` starts
native and switches to prompt for the rest of the client's life when the server rejects
``tools`` with a 4xx that mentions tools or functions.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import httpx
import openai

from pse.errors import LLMError, LLMHTTPError, LLMResponseError
from pse.llm.backends import BackendConfig, ToolMode
from pse.llm.retry import Failure, next_delay, parse_retry_after
from pse.llm.types import Completion, Message, Stage, ToolSchema
from pse.llm.wire import (
    check_completion,
    is_empty,
    is_tools_rejection,
    parse_completion,
    parse_prompt_tool_call,
    parse_tagged_tool_calls,
    prompt_tool_messages,
    wire_messages,
)

_log = logging.getLogger(__name__)
_SDK_PARAMS = frozenset({"temperature", "max_tokens", "top_p", "seed", "stop", "tool_choice",
                         "response_format", "presence_penalty", "frequency_penalty", "n",
                         "logit_bias", "user", "parallel_tool_calls", "max_completion_tokens"})


@dataclass(frozen=True)
class _Request:
    kwargs: dict[str, object]
    allow_truncated: bool
    tools: Sequence[ToolSchema]
    prompt_tools: bool


class _Core:
    """What the sync and async clients share: request building, failure handling."""

    def __init__(self, backend: BackendConfig, *, rng: Callable[[], float]) -> None:
        self.backend = backend
        self.tool_mode: ToolMode = backend.tools
        self._rng = rng

    def prepare(self, messages: Sequence[Message], tools: Sequence[ToolSchema] | None,
                params: dict[str, object]) -> _Request:
        allow_truncated = bool(params.pop("allow_truncated", False))
        timeout = params.pop("timeout", self.backend.timeout)
        prompt_tools = bool(tools) and self.tool_mode == "prompt"
        sent = prompt_tool_messages(messages, tools or ()) if prompt_tools else messages
        kwargs: dict[str, object] = {"model": self.backend.model,
                                     "messages": wire_messages(sent), "timeout": timeout}
        if tools and not prompt_tools:
            kwargs["tools"] = list(tools)
        extra = {k: v for k, v in params.items() if k not in _SDK_PARAMS}
        kwargs.update({k: v for k, v in params.items() if k in _SDK_PARAMS})
        if prompt_tools:
            kwargs.pop("tool_choice", None)
        if extra:
            kwargs["extra_body"] = extra
        return _Request(kwargs, allow_truncated, tuple(tools or ()), prompt_tools)

    def decode(self, request: _Request, raw: httpx.Response) -> Completion | Failure:
        """The answer, or a retryable :class:`Failure` for a garbled or empty body."""
        try:
            data = json.loads(raw.content)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return Failure("bad_response", detail=f"invalid JSON body {_clip(raw.content)}")
        if not isinstance(data, dict):
            return Failure("bad_response", detail=f"not a JSON object {_clip(raw.content)}")
        try:
            completion = parse_completion(data, where=self.backend.label)
        except LLMResponseError:
            return Failure("bad_response", detail=f"no choices in {_clip(raw.content)}")
        if request.prompt_tools:
            completion = parse_prompt_tool_call(completion, request.tools)
        elif request.tools:
            completion = parse_tagged_tool_calls(completion, request.tools)
        if completion.finish_reason != "length" and is_empty(completion):
            return Failure("bad_response", detail="empty reply")
        check_completion(completion, allow_truncated=request.allow_truncated,
                         where=self.backend.label)
        return completion

    def classify(self, exc: openai.OpenAIError) -> Failure:
        if isinstance(exc, openai.APITimeoutError):
            return Failure("timeout")
        if isinstance(exc, openai.APIConnectionError):
            return Failure("connection")
        if isinstance(exc, openai.APIStatusError):
            headers = dict(exc.response.headers)
            return Failure("status", status=exc.status_code,
                           retry_after=parse_retry_after(headers))
        raise LLMError(f"{self.backend.label}: {exc}") from exc

    def switch_to_prompt_tools(self, request: _Request, exc: openai.OpenAIError) -> bool:
        """After a rejection of ``tools`` in auto mode, use prompt-mode tools from now on."""
        if (self.tool_mode != "auto" or "tools" not in request.kwargs
                or not isinstance(exc, openai.APIStatusError)
                or not is_tools_rejection(exc.status_code, str(exc))):
            return False
        _log.warning("%s rejected the tools parameter (%s); describing tools in the prompt "
                     "instead", self.backend.label, exc.status_code)
        self.tool_mode = "prompt"
        return True

    def delay(self, failure: Failure, attempt: int) -> float | None:
        delay = next_delay(self.backend.retry, failure, attempt, rng=self._rng)
        if delay is not None:
            _log.info("%s: %s, retry %d in %.1fs", self.backend.label, _describe(failure),
                      attempt, delay)
        return delay

    def give_up(self, failure: Failure, attempts: int, exc: BaseException | None) -> LLMError:
        detail = f" ({_exc_detail(exc)})" if exc is not None else ""
        tries = f"after {attempts} attempt{'s' if attempts > 1 else ''}"
        message = (f"{self.backend.label}: {_describe(failure)} {tries}{detail}; "
                   f"{_hint(failure, self.backend)}")
        if failure.kind == "bad_response":
            return LLMResponseError(message)
        return LLMHTTPError(message)


def _describe(failure: Failure) -> str:
    if failure.kind == "status":
        return f"HTTP {failure.status}"
    if failure.kind == "bad_response":
        return f"unusable response: {failure.detail}"
    return {"timeout": "request timed out", "connection": "connection failed"}[failure.kind]


def _clip(body: bytes) -> str:
    text = body.decode("utf-8", "replace")
    return repr(text if len(text) <= 80 else text[:80] + "...")


def _exc_detail(exc: BaseException) -> str:
    if isinstance(exc, openai.APIStatusError):
        body = exc.body
        if isinstance(body, dict):
            error = body.get("error", body)
            message = error.get("message") if isinstance(error, dict) else error
            return str(message)[:200]
        return exc.message[:200]
    cause = exc.__cause__ or exc.__context__
    return f"{type(cause).__name__}: {cause}"[:200] if cause else str(exc)[:200]


def _hint(failure: Failure, backend: BackendConfig) -> str:
    key_source = ("OPENAI_API_KEY / PSE_API_KEY" if backend.name == "openai"
                  else f"the variable named by llm.backends.{backend.name}.api-key-env")
    status = failure.status or 0
    if failure.kind == "connection":
        return "check that the server is running and that the base URL is right"
    if failure.kind == "timeout":
        return f"the server took longer than {backend.timeout:g}s; raise llm.timeout or retry"
    if failure.kind == "bad_response":
        return "check that the base URL points at an OpenAI-compatible /v1 endpoint"
    if status in (401, 403):
        return f"check the API key ({key_source})"
    if status == 404:
        return f"check the model name {backend.model!r} and that the base URL ends in /v1"
    if status == 429:
        return "rate limited or out of quota; wait, or check your plan with the provider"
    if status >= 500:
        return "the server failed; try again later"
    return "the backend rejected the request; check the model name and parameters"


class OpenAICompatClient:
    """A blocking :class:`~pse.llm.types.LLMClient` for one OpenAI-compatible backend."""

    def __init__(self, backend: BackendConfig, *, http_client: httpx.Client | None = None,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: Callable[[], float] = random.random) -> None:
        """Create the client.

        Args:
            backend: where to connect and how patiently.
            http_client: an ``httpx.Client`` to send through (tests pass a MockTransport).
            sleep: how to wait between retries (injectable for tests).
            rng: jitter source in [0, 1).
        """
        self._core = _Core(backend, rng=rng)
        self._sleep = sleep
        self._sdk = openai.OpenAI(api_key=backend.api_key or "missing-key",
                                  base_url=backend.base_url or None, max_retries=0,
                                  timeout=backend.timeout, http_client=http_client)

    @property
    def backend(self) -> BackendConfig:
        """The backend this client talks to."""
        return self._core.backend

    def chat(self, messages: Sequence[Message], *, stage: Stage,  # noqa: ARG002 - protocol
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.LLMClient.chat`."""
        _require_key(self.backend)
        request = self._core.prepare(messages, tools, dict(params))
        attempt = 0
        while True:
            attempt += 1
            outcome, exc = self._attempt(request)
            if isinstance(outcome, Completion):
                return outcome
            if exc is not None and self._core.switch_to_prompt_tools(request, exc):
                request = self._core.prepare(messages, tools, dict(params))
                continue
            delay = self._core.delay(outcome, attempt)
            if delay is None:
                raise self._core.give_up(outcome, attempt, exc)
            self._sleep(delay)

    def _attempt(self, request: _Request
                 ) -> tuple[Completion | Failure, openai.OpenAIError | None]:
        try:
            raw = self._sdk.chat.completions.with_raw_response.create(
                **request.kwargs)  # type: ignore[call-overload]  # wire dicts, not SDK TypedDicts
        except openai.OpenAIError as exc:
            return self._core.classify(exc), exc
        return self._core.decode(request, raw.http_response), None

    def list_models(self) -> list[str]:
        """Model ids the server offers (one request, no retries)."""
        try:
            page = self._sdk.models.list(timeout=min(self.backend.timeout, 10.0))
        except openai.OpenAIError as exc:
            failure = self._core.classify(exc)
            raise self._core.give_up(failure, 1, exc) from exc
        return sorted(model.id for model in page.data)


class AsyncOpenAICompatClient:
    """The asyncio twin of :class:`OpenAICompatClient`, for concurrent batch runs."""

    def __init__(self, backend: BackendConfig, *, http_client: httpx.AsyncClient | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 rng: Callable[[], float] = random.random) -> None:
        """Create the client; arguments as for :class:`OpenAICompatClient`."""
        self._core = _Core(backend, rng=rng)
        self._sleep = sleep
        self._sdk = openai.AsyncOpenAI(api_key=backend.api_key or "missing-key",
                                       base_url=backend.base_url or None, max_retries=0,
                                       timeout=backend.timeout, http_client=http_client)

    @property
    def backend(self) -> BackendConfig:
        """The backend this client talks to."""
        return self._core.backend

    async def chat(self, messages: Sequence[Message], *, stage: Stage,  # noqa: ARG002
                   tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.AsyncLLMClient.chat`."""
        _require_key(self.backend)
        request = self._core.prepare(messages, tools, dict(params))
        attempt = 0
        while True:
            attempt += 1
            exc: openai.OpenAIError | None = None
            try:
                raw = await self._sdk.chat.completions.with_raw_response.create(
                    **request.kwargs)  # type: ignore[call-overload]  # wire dicts
                outcome: Completion | Failure = self._core.decode(request, raw.http_response)
            except openai.OpenAIError as error:
                exc, outcome = error, self._core.classify(error)
            if isinstance(outcome, Completion):
                return outcome
            if exc is not None and self._core.switch_to_prompt_tools(request, exc):
                request = self._core.prepare(messages, tools, dict(params))
                continue
            delay = self._core.delay(outcome, attempt)
            if delay is None:
                raise self._core.give_up(outcome, attempt, exc)
            await self._sleep(delay)

    async def aclose(self) -> None:
        """Close the underlying HTTP connections."""
        await self._sdk.close()


def _require_key(backend: BackendConfig) -> None:
    if not backend.api_key:
        env = ("OPENAI_API_KEY (or PSE_API_KEY)" if backend.name == "openai"
               else f"the variable named by llm.backends.{backend.name}.api-key-env")
        raise LLMHTTPError(f"{backend.label} has no API key; set {env}, or set a base URL "
                           "for a server that needs none, or use the 'local' backend")


def probe_models(base_url: str, *, timeout: float, api_key: str = "no-key") -> bool:
    """Whether an OpenAI-compatible server at ``base_url`` answers ``GET /models``."""
    sdk = openai.OpenAI(api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout)
    try:
        sdk.models.list()
    except openai.OpenAIError:
        return False
    finally:
        sdk.close()
    return True
