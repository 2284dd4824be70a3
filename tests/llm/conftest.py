"""Fixtures of the LLM tests: offline guard and fault server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.llm.testing.fault_server import FaultServer
from pse.llm.testing.netguard import guard_network


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail any test that tries to reach a non-loopback address."""
    blocked = guard_network(monkeypatch)
    yield
    assert not blocked, f"test tried to use the network: {blocked}"


@pytest.fixture
def fault_server() -> Iterator[FaultServer]:
    """A running fault-injecting server, stopped after the test."""
    with FaultServer() as server:
        yield server
