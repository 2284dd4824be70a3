"""The fault suite: real HTTP to a fault-injecting server, one test per fault.

Every fault ends in success after a retry or in one clear error line, and no test can hang:
each is bounded by the client's timeout and asserts how long it took.
"""

from __future__ import annotations

import time

import pytest

from pse.errors import LLMHTTPError, LLMResponseError
from pse.llm.openai_compat import OpenAICompatClient
from pse.llm.testing.fault_server import Fault, FaultServer
from pse.llm.types import Message
from pse.rag.embeddings import RemoteEmbedder

from .support import make_backend

HELLO = [Message.user("hello")]


def _client(server: FaultServer, delays: list[float], **kwargs: object) -> OpenAICompatClient:
    return OpenAICompatClient(make_backend(server.base_url, **kwargs),  # type: ignore[arg-type]
                              sleep=delays.append, rng=lambda: 0.5)


def _one_line(exc: pytest.ExceptionInfo[BaseException]) -> str:
    message = str(exc.value)
    assert "\n" not in message
    assert "backend 'test'" in message and "127.0.0.1" in message
    return message


def test_fault_timeout_retries_then_succeeds(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("hang"), Fault("ok", text="after the timeout"))
    delays: list[float] = []
    started = time.monotonic()
    answer = _client(fault_server, delays, timeout=0.3).chat(HELLO, stage="planner")
    assert answer.text == "after the timeout"
    assert len(fault_server.requests) == 2 and len(delays) == 1
    assert time.monotonic() - started < 5


def test_fault_timeout_every_time_is_one_clear_error(fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("hang")] * 3)
    delays: list[float] = []
    started = time.monotonic()
    with pytest.raises(LLMHTTPError) as exc:
        _client(fault_server, delays, timeout=0.2, max_retries=2).chat(HELLO, stage="planner")
    message = _one_line(exc)
    assert "timed out after 3 attempts" in message and "raise llm.timeout" in message
    assert time.monotonic() - started < 5  # 3 x 0.2 s, never the server's 30 s hang


def test_fault_dropped_connection_retries_then_succeeds(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("drop"), Fault("drop"), Fault("ok", text="third time"))
    delays: list[float] = []
    answer = _client(fault_server, delays).chat(HELLO, stage="planner")
    assert answer.text == "third time"
    assert delays == [0.005, 0.01]  # full jitter with rng=0.5: base 0.01 doubling, halved


def test_fault_dropped_connection_every_time_names_what_to_check(
        fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("drop")] * 2)
    with pytest.raises(LLMHTTPError) as exc:
        _client(fault_server, [], max_retries=1).chat(HELLO, stage="planner")
    assert "connection failed after 2 attempts" in _one_line(exc)
    assert "check that the server is running" in str(exc.value)


def test_fault_429_waits_for_retry_after(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("status", status=429, headers={"Retry-After": "7"}),
                         Fault("ok", text="rate limit over"))
    delays: list[float] = []
    answer = _client(fault_server, delays).chat(HELLO, stage="planner")
    assert answer.text == "rate limit over"
    assert delays == [7.0]


def test_fault_429_without_end_is_a_clear_error(fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("status", status=429, headers={"Retry-After": "1"})] * 2)
    delays: list[float] = []
    with pytest.raises(LLMHTTPError) as exc:
        _client(fault_server, delays, max_retries=1).chat(HELLO, stage="planner")
    assert "HTTP 429 after 2 attempts" in _one_line(exc)
    assert delays == [1.0]


@pytest.mark.parametrize("status", [500, 503])
def test_fault_5xx_retries_then_succeeds(fault_server: FaultServer, status: int) -> None:
    fault_server.enqueue(Fault("status", status=status), Fault("ok", text="recovered"))
    delays: list[float] = []
    assert _client(fault_server, delays).chat(HELLO, stage="planner").text == "recovered"
    assert len(delays) == 1


def test_fault_503_every_time_is_a_clear_error(fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("status", status=503)] * 3)
    with pytest.raises(LLMHTTPError) as exc:
        _client(fault_server, [], max_retries=2).chat(HELLO, stage="planner")
    message = _one_line(exc)
    assert "HTTP 503 after 3 attempts (injected HTTP 503)" in message
    assert "try again later" in message


def test_fault_4xx_is_not_retried(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("status", status=401, body={"error": {"message": "bad key"}}))
    delays: list[float] = []
    with pytest.raises(LLMHTTPError) as exc:
        _client(fault_server, delays).chat(HELLO, stage="planner")
    assert "HTTP 401 after 1 attempt (bad key)" in _one_line(exc)
    assert "check the API key" in str(exc.value)
    assert delays == [] and len(fault_server.requests) == 1


def test_fault_truncated_body_retries_then_succeeds(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("truncated"), Fault("ok", text="whole"))
    assert _client(fault_server, []).chat(HELLO, stage="planner").text == "whole"
    assert len(fault_server.requests) == 2


def test_fault_invalid_json_retries_then_is_a_clear_error(fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("bad_json")] * 2)
    with pytest.raises(LLMResponseError) as exc:
        _client(fault_server, [], max_retries=1).chat(HELLO, stage="planner")
    message = _one_line(exc)
    assert "unusable response: invalid JSON body" in message
    assert "OpenAI-compatible /v1 endpoint" in message


def test_fault_invalid_json_once_then_succeeds(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("bad_json"), Fault("ok", text="valid"))
    assert _client(fault_server, []).chat(HELLO, stage="planner").text == "valid"


def test_fault_empty_content_retries_then_succeeds(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("empty"), Fault("ok", text="not empty"))
    assert _client(fault_server, []).chat(HELLO, stage="planner").text == "not empty"


def test_fault_empty_content_every_time_is_a_clear_error(fault_server: FaultServer) -> None:
    fault_server.enqueue(*[Fault("empty")] * 2)
    with pytest.raises(LLMResponseError) as exc:
        _client(fault_server, [], max_retries=1).chat(HELLO, stage="planner")
    assert "unusable response: empty reply after 2 attempts" in _one_line(exc)


def test_fault_no_choices_is_retried(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("no_choices"), Fault("ok", text="choice"))
    assert _client(fault_server, []).chat(HELLO, stage="planner").text == "choice"


def test_fault_finish_reason_length_is_a_clear_error_without_retry(
        fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("length", text="cut off in the mid"))
    with pytest.raises(LLMResponseError) as exc:
        _client(fault_server, []).chat(HELLO, stage="planner", max_tokens=5)
    assert "max_tokens limit after 5 tokens" in _one_line(exc)
    assert len(fault_server.requests) == 1


def test_fault_finish_reason_length_is_returned_when_allowed(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("length", text="cut off in the mid"))
    answer = _client(fault_server, []).chat(HELLO, stage="planner", allow_truncated=True)
    assert (answer.text, answer.finish_reason) == ("cut off in the mid", "length")
    assert "allow_truncated" not in fault_server.requests[0]["body"]  # type: ignore[operator]


def test_fault_server_strips_auth_and_records_the_request(fault_server: FaultServer) -> None:
    fault_server.enqueue(Fault("ok"))
    _client(fault_server, []).chat(HELLO, stage="planner", temperature=0, max_tokens=9)
    (request,) = fault_server.requests
    assert request["path"] == "/v1/chat/completions"
    assert "authorization" not in request["headers"]  # type: ignore[operator]
    assert request["body"] == {"model": "test-model", "temperature": 0, "max_tokens": 9,
                               "messages": [{"role": "user", "content": "hello"}]}


def test_fault_server_stop_releases_a_hanging_request() -> None:
    server = FaultServer().start()
    server.enqueue(Fault("hang", hang_seconds=60))
    client = OpenAICompatClient(make_backend(server.base_url, timeout=0.2, max_retries=0))
    with pytest.raises(LLMHTTPError):
        client.chat(HELLO, stage="planner")
    started = time.monotonic()
    server.stop()
    assert time.monotonic() - started < 3


def test_fault_server_embeddings_are_word_hash_vectors_over_http() -> None:
    with FaultServer() as server:
        embedder = RemoteEmbedder(base_url=server.base_url, model="hash")
        rows = embedder.embed(["retry failed jobs", "retry failed jobs", "zebra"],
                              kind="passage")
        assert server.requests == []  # embeddings are not chat requests
    assert rows.shape == (3, 64)
    assert (rows[0] == rows[1]).all()
    assert float(rows[0] @ rows[2]) < float(rows[0] @ rows[1])
