"""The SQLite response cache."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pse.errors import ConfigError
from pse.llm.cache import ResponseCache, cache_key, is_cacheable
from pse.llm.types import Completion, Message, ToolCall, Usage

MESSAGES = [Message.system("context"), Message.user("question")]


def _key(**overrides: object) -> str:
    args: dict[str, object] = {"base_url": "http://h/v1", "model": "m", "messages": MESSAGES,
                               "tools": None, "params": {"temperature": 0, "max_tokens": 5}}
    args.update(overrides)
    return cache_key(**args)  # type: ignore[arg-type]


def test_cache_key_is_stable_and_sensitive_to_every_part() -> None:
    assert _key() == _key(params={"max_tokens": 5, "temperature": 0})  # order-free
    variants = {_key(), _key(model="m2"), _key(base_url="http://other/v1"),
                _key(messages=[Message.user("question")]), _key(params={"temperature": 0}),
                _key(tools=[{"type": "function", "function": {"name": "f"}}])}
    assert len(variants) == 6


def test_is_cacheable_only_at_temperature_zero() -> None:
    assert is_cacheable({}) and is_cacheable({"temperature": 0.0})
    assert not is_cacheable({"temperature": 0.7})
    assert not is_cacheable({"temperature": "0"})


def test_response_cache_round_trip_persists(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "llm.sqlite"
    answer = Completion("hi", (ToolCall("c", "f", "{}"),), "tool_calls", Usage(3, 1), "m")
    cache = ResponseCache(path)
    assert cache.get("k") is None
    cache.put("k", answer)
    cache.close()
    reopened = ResponseCache(path)
    hit = reopened.get("k")
    assert hit is not None and hit.cached
    assert (hit.text, hit.tool_calls, hit.usage) == ("hi", answer.tool_calls, Usage(3, 1))
    assert len(reopened) == 1
    reopened.close()


def test_response_cache_damaged_row_is_a_miss(tmp_path: Path) -> None:
    path = tmp_path / "llm.sqlite"
    ResponseCache(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO responses VALUES ('k', 'm', '{broken', 0)")
    assert ResponseCache(path).get("k") is None


def test_response_cache_unusable_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "llm.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(ConfigError, match="cannot open the LLM response cache"):
        ResponseCache(path)
