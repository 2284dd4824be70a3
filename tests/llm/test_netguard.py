"""The offline guard itself: reaching beyond loopback fails loudly."""

from __future__ import annotations

import socket

import pytest

from pse.errors import LLMHTTPError
from pse.llm.openai_compat import OpenAICompatClient
from pse.llm.testing.netguard import guard_network
from pse.llm.types import Message

from .support import make_backend


def test_netguard_blocks_a_public_address(monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = guard_network(monkeypatch)
    with socket.socket() as sock, pytest.raises(ConnectionRefusedError,
                                                match="tests are offline"):
        sock.connect(("203.0.113.7", 443))
    with pytest.raises(socket.gaierror, match="tests are offline"):
        socket.create_connection(("example.com", 443), timeout=1)
    assert blocked == ["('203.0.113.7', 443)", "DNS 'example.com'"]


def test_netguard_records_an_sdk_request_to_the_internet(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    blocked = guard_network(monkeypatch)
    client = OpenAICompatClient(make_backend("https://api.openai.com/v1", max_retries=0))
    with pytest.raises(LLMHTTPError, match="connection failed"):
        client.chat([Message.user("hi")], stage="planner")
    assert blocked == ["DNS 'api.openai.com'"]


def test_netguard_lets_loopback_through(monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = guard_network(monkeypatch)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        with socket.create_connection(server.getsockname(), timeout=1):
            pass
    assert blocked == []
