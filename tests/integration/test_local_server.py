"""The real OpenAI wire protocol against the embedded model, offline.

Properties only (never exact text): the server answers, tool calls round-trip, usage is
counted. Generations are kept short (CPU: ~20 tokens/s).
"""

from __future__ import annotations

import json

import openai
import pytest

from pse.config import load_settings
from pse.llm.backends import BackendConfig
from pse.llm.catalog import DEFAULT_MODEL
from pse.llm.local import LocalLLM
from pse.llm.registry import build_router
from pse.llm.types import Message

from .conftest import Served

pytestmark = pytest.mark.integration

READ_FILE = {"type": "function", "function": {
    "name": "read_file", "description": "Read a file of the repository and return its text.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"]}}}


def _sdk(server: Served) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key="no-key", max_retries=0, timeout=120)


def test_local_server_chat_completion_through_the_sdk(local_server: Served) -> None:
    with _sdk(local_server) as sdk:
        response = sdk.chat.completions.create(
            model=local_server.model, temperature=0, max_tokens=16,
            messages=[{"role": "user", "content": "Say hello in one short sentence."}])
    assert local_server.model == DEFAULT_MODEL
    assert (response.choices[0].message.content or "").strip()
    assert response.usage is not None
    assert response.usage.prompt_tokens > 5
    assert 0 < response.usage.completion_tokens <= 16


def test_local_server_tool_call_round_trip_through_the_sdk(local_server: Served) -> None:
    messages: list[dict[str, object]] = [
        {"role": "system", "content": "You answer questions about a repository."},
        {"role": "user", "content": "What does README.md say? Read it first."}]
    with _sdk(local_server) as sdk:
        first = sdk.chat.completions.create(
            model=local_server.model, temperature=0, max_tokens=48, messages=messages,
            tools=[READ_FILE], tool_choice={"type": "function", "function": {"name": "read_file"}})
        calls = first.choices[0].message.tool_calls or []
        assert [call.function.name for call in calls] == ["read_file"]
        arguments = json.loads(calls[0].function.arguments)
        assert isinstance(arguments.get("path"), str)
        messages += [
            {"role": "assistant", "content": "", "tool_calls": [calls[0].model_dump()]},
            {"role": "tool", "tool_call_id": calls[0].id,
             "content": "# demo\nThis project prints 'hello world' and exits."}]
        second = sdk.chat.completions.create(model=local_server.model, temperature=0,
                                             max_tokens=32, messages=messages, tools=[READ_FILE])
    assert (second.choices[0].message.content or second.choices[0].message.tool_calls)
    assert first.usage is not None and second.usage is not None
    assert second.usage.prompt_tokens > first.usage.prompt_tokens  # the tool result was sent


def test_local_server_through_pse_router_counts_usage_and_caches(local_server: Served) -> None:
    settings = load_settings(environ={"OPENAI_BASE_URL": local_server.base_url,
                                      "OPENAI_MODEL": local_server.model,
                                      "PSE_CACHE_DIR": str(local_server.cache_dir)})
    router = build_router(settings, environ={})
    question = [Message.system("Answer in one short sentence."),
                Message.user("What is a Python list?")]
    answer = router.chat(question, stage="planner", max_tokens=24, allow_truncated=True)
    again = router.chat(question, stage="planner", max_tokens=24, allow_truncated=True)
    tool_turn = router.chat([Message.user("Read the file setup.py.")], stage="specialist",
                            tools=[READ_FILE], max_tokens=48, allow_truncated=True,
                            tool_choice={"type": "function", "function": {"name": "read_file"}})
    assert answer.text.strip() and again.cached and again.text == answer.text
    assert tool_turn.tool_calls and tool_turn.tool_calls[0].name == "read_file"
    totals = router.ledger.totals()
    assert (totals.requests, totals.cache_hits) == (2, 1)
    assert totals.usage.prompt_tokens > 0 and totals.usage.completion_tokens > 0
    assert totals.cost == 0 and totals.unpriced_calls == 0  # the embedded model is priced at 0


def test_local_embedded_backend_answers_in_process(local_server: Served) -> None:
    llm = LocalLLM(BackendConfig("local", "local", DEFAULT_MODEL, n_ctx=1024),
                   cache_dir=local_server.cache_dir)  # reuses the file the server assembled
    answer = llm.chat([Message.user("Reply with the word yes.")], stage="evaluator",
                      temperature=0, max_tokens=8, allow_truncated=True)
    assert answer.text.strip() and answer.model == DEFAULT_MODEL
    assert answer.usage.prompt_tokens > 0 and answer.usage.completion_tokens > 0
