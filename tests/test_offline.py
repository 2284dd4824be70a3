"""The network guard of tests/conftest.py covers every test folder, not just llm/."""

from __future__ import annotations

import socket

import pytest


def test_a_test_outside_llm_cannot_reach_the_internet(offline: list[str]) -> None:
    with pytest.raises(socket.gaierror, match="tests are offline"):
        socket.getaddrinfo("pypi.org", 443)
    with socket.socket() as sock, pytest.raises(ConnectionRefusedError, match="offline"):
        sock.connect(("93.184.216.34", 80))
    assert offline == ["DNS 'pypi.org'", "('93.184.216.34', 80)"]
    offline.clear()  # seen and asserted: the fixture would otherwise fail this test


def test_loopback_stays_reachable() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        with socket.create_connection(server.getsockname(), timeout=2):
            pass
