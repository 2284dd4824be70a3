"""The HTTP backend against recorded response bodies, through ``httpx.MockTransport``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from pse.errors import LLMHTTPError
from pse.llm.openai_compat import AsyncOpenAICompatClient, OpenAICompatClient, probe_models
from pse.llm.testing.fault_server import FaultServer
from pse.llm.types import Message, ToolCall
from pse.llm.wire import PROMPT_TOOLS_INSTRUCTION

from .support import make_backend

RECORDED = Path(__file__).parent / "recorded"
TOOLS = [{"type": "function", "function": {
    "name": "read_file", "description": "Read a file of the repository.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"]}}}]
Handler = Callable[[httpx.Request], httpx.Response]


def recorded(name: str) -> dict[str, object]:
    return json.loads((RECORDED / name).read_text(encoding="utf-8"))


class Recorder:
    """A MockTransport handler replaying responses; keeps requests with auth stripped."""

    def __init__(self, *responses: httpx.Response) -> None:
        self.responses = list(responses)
        self.requests: list[dict[str, object]] = []
        self.auth: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.auth.append(request.headers.get("authorization", ""))
        headers = {k: v for k, v in request.headers.items() if k != "authorization"}
        self.requests.append({"url": str(request.url), "headers": headers,
                              "body": json.loads(request.content or b"{}")})
        return self.responses.pop(0)


def client_for(handler: Handler, **kwargs: object) -> OpenAICompatClient:
    http = httpx.Client(transport=httpx.MockTransport(handler))
    return OpenAICompatClient(make_backend(**kwargs),  # type: ignore[arg-type]
                              http_client=http, sleep=lambda _: None)


def test_openai_compat_chat_parses_text_and_usage() -> None:
    handler = Recorder(httpx.Response(200, json=recorded("openai_chat.json")))
    answer = client_for(handler, api_key="sk-secret").chat(
        [Message.system("Be brief."), Message.user("What does Session.send do?")],
        stage="specialist", temperature=0, max_tokens=50)
    assert answer.text.startswith("The `Session.send()` method")
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens,
            answer.usage.cached_tokens) == (1519, 12, 1408)
    assert answer.model == "gpt-4o-mini-2024-07-18" and answer.finish_reason == "stop"
    (request,) = handler.requests
    assert request["url"] == "http://127.0.0.1:9/v1/chat/completions"
    assert request["body"] == {
        "model": "test-model", "temperature": 0, "max_tokens": 50,
        "messages": [{"role": "system", "content": "Be brief."},
                     {"role": "user", "content": "What does Session.send do?"}]}
    assert handler.auth == ["Bearer sk-secret"]


def test_openai_compat_unknown_params_go_in_the_body() -> None:
    handler = Recorder(httpx.Response(200, json=recorded("ollama_chat.json")))
    client_for(handler).chat([Message.user("hi")], stage="planner", top_k=20, seed=7)
    body = handler.requests[0]["body"]
    assert body["top_k"] == 20 and body["seed"] == 7  # type: ignore[index]


def test_openai_compat_deepseek_cache_hits_count_as_cached_tokens() -> None:
    body = recorded("deepseek_chat.json")
    body["usage"] = {"prompt_tokens": 1000, "completion_tokens": 100,
                     "prompt_cache_hit_tokens": 640, "prompt_cache_miss_tokens": 360}
    answer = client_for(Recorder(httpx.Response(200, json=body))).chat(
        [Message.user("hi")], stage="planner")
    assert answer.usage.cached_tokens == 640


def test_openai_compat_native_tool_call_round_trip() -> None:
    handler = Recorder(httpx.Response(200, json=recorded("openai_tool_call.json")),
                       httpx.Response(200, json=recorded("openai_chat.json")))
    client = client_for(handler)
    messages = [Message.user("What does Session.send do?")]
    first = client.chat(messages, stage="specialist", tools=TOOLS)
    (call,) = first.tool_calls
    assert call == ToolCall("call_0yNfLCdfTwRWrqjYBngFDr6c", "read_file",
                            '{"path":"src/requests/sessions.py"}')
    assert call.parsed_arguments() == {"path": "src/requests/sessions.py"}
    assert first.finish_reason == "tool_calls"
    messages += [first.to_message(), Message.tool(call.call_id, "def send(self, request): ...")]
    client.chat(messages, stage="specialist", tools=TOOLS)
    sent = handler.requests[1]["body"]["messages"]  # type: ignore[index]
    assert sent[1]["tool_calls"][0]["id"] == call.call_id
    assert sent[2] == {"role": "tool", "content": "def send(self, request): ...",
                       "tool_call_id": call.call_id}
    assert handler.requests[0]["body"]["tools"] == TOOLS  # type: ignore[index]


def test_openai_compat_tagged_tool_call_in_text_becomes_a_tool_call() -> None:
    handler = Recorder(httpx.Response(200, json=recorded("llamacpp_tagged_tool_call.json")))
    answer = client_for(handler).chat([Message.user("Read the README")], stage="specialist",
                                      tools=TOOLS)
    assert [c.name for c in answer.tool_calls] == ["read_file"]
    assert answer.tool_calls[0].parsed_arguments() == {"path": "README.md"}
    assert answer.text == ""


def test_openai_compat_auto_mode_falls_back_to_prompt_tools_when_rejected() -> None:
    handler = Recorder(
        httpx.Response(400, json=recorded("ollama_tools_unsupported.json")),
        httpx.Response(200, json={**recorded("ollama_chat.json"), "choices": [
            {"index": 0, "finish_reason": "stop", "message": {
                "role": "assistant",
                "content": '{"tool": "read_file", "arguments": {"path": "setup.py"}}'}}]}),
        httpx.Response(200, json=recorded("ollama_chat.json")))
    client = client_for(handler, tools="auto")
    answer = client.chat([Message.system("Sys."), Message.user("Read setup.py")],
                         stage="specialist", tools=TOOLS, tool_choice="auto")
    assert answer.tool_calls[0].parsed_arguments() == {"path": "setup.py"}
    fallback = handler.requests[1]["body"]
    assert "tools" not in fallback and "tool_choice" not in fallback  # type: ignore[operator]
    messages = fallback["messages"]  # type: ignore[index]
    assert messages[0]["content"] == "Sys."
    assert messages[1]["content"].startswith(PROMPT_TOOLS_INSTRUCTION)
    # the switch is remembered: the next call goes straight to prompt mode
    client.chat([Message.user("again")], stage="specialist", tools=TOOLS)
    assert len(handler.requests) == 3 and "tools" not in handler.requests[2]["body"]  # type: ignore[operator]


def test_openai_compat_native_mode_reports_a_tools_rejection() -> None:
    handler = Recorder(httpx.Response(400, json=recorded("ollama_tools_unsupported.json")))
    with pytest.raises(LLMHTTPError, match="does not support tools"):
        client_for(handler, tools="native").chat([Message.user("x")], stage="specialist",
                                                 tools=TOOLS)


def test_openai_compat_404_names_the_model_to_check() -> None:
    handler = Recorder(httpx.Response(404, json=recorded("openai_invalid_model.json")))
    with pytest.raises(LLMHTTPError) as exc:
        client_for(handler, model="gpt-5-mini-typo").chat([Message.user("x")], stage="fix")
    assert str(exc.value) == (
        "backend 'test' (http://127.0.0.1:9/v1, model 'gpt-5-mini-typo'): HTTP 404 after 1 "
        "attempt (The model `gpt-5-mini-typo` does not exist or you do not have access to "
        "it.); check the model name 'gpt-5-mini-typo' and that the base URL ends in /v1")


def test_openai_compat_missing_key_fails_before_any_request() -> None:
    handler = Recorder()
    with pytest.raises(LLMHTTPError, match="has no API key; set OPENAI_API_KEY"):
        client_for(handler, api_key="", name="openai").chat([Message.user("x")], stage="fix")
    assert handler.requests == []


def test_openai_compat_per_call_timeout_reaches_the_transport() -> None:
    seen: list[object] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.extensions["timeout"])
        return httpx.Response(200, json=recorded("ollama_chat.json"))

    client_for(handler, timeout=30).chat([Message.user("x")], stage="fix", timeout=1.5)
    assert seen == [{"connect": 1.5, "read": 1.5, "write": 1.5, "pool": 1.5}]


def test_openai_compat_async_client_retries_and_answers() -> None:
    handler = Recorder(httpx.Response(503, headers={"retry-after-ms": "250"}),
                       httpx.Response(200, json=recorded("openai_chat.json")))
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)

    async def run() -> str:
        http = httpx.AsyncClient(transport=httpx.MockTransport(handler))
        client = AsyncOpenAICompatClient(make_backend(), http_client=http, sleep=sleep)
        try:
            answer = await client.chat([Message.user("x")], stage="evaluator")
        finally:
            await client.aclose()
        return answer.text

    assert asyncio.run(run()).startswith("The `Session.send()`")
    assert delays == [0.25]


def test_openai_compat_list_models_and_probe(fault_server: FaultServer) -> None:
    client = OpenAICompatClient(make_backend(fault_server.base_url))
    assert client.list_models() == ["fault-model"]
    assert probe_models(fault_server.base_url, timeout=2)
    assert not probe_models("http://127.0.0.1:1/v1", timeout=0.5)
