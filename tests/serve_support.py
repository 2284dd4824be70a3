"""``pse serve-local`` as a reader starts it: a subprocess on a free loopback port, used
once ``/v1/models`` answers, then stopped by PID and checked gone (no server left behind).

Shared by the integration tests' session server and the docs test's run of the documented
``pse serve-local`` line.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from pse.llm.openai_compat import probe_models
from pse.llm.serve import is_running

STARTUP_S = 300.0
"""Loading the embedded model takes seconds; on 2 shared cores, much longer at worst."""


@dataclass(frozen=True)
class Serving:
    """A ready ``pse serve-local``: its URL, what it printed, its server's PID."""

    base_url: str
    printed: dict[str, str]
    """The ``NAME=value`` lines on stdout (``OPENAI_BASE_URL``, ``OPENAI_MODEL``, ...)."""
    server_pid: int


@contextmanager
def serve_local(args: Sequence[str], *, port: int, env: Mapping[str, str], log: Path,
                cwd: Path | None = None) -> Iterator[Serving]:
    """``pse ARGS`` (a ``serve-local`` line naming ``--port PORT``), stopped on exit."""
    with log.open("wb") as err:
        cli = subprocess.Popen([sys.executable, "-m", "pse", *args], stdout=subprocess.PIPE,
                               stderr=err, stdin=subprocess.DEVNULL, env=dict(env), cwd=cwd)
    try:
        base_url = _wait_ready(cli, port, log)
        assert cli.stdout is not None
        printed = dict(cli.stdout.readline().decode().strip().split("=", 1) for _ in range(3))
        server_pid = _server_pid(log)
        yield Serving(base_url, printed, server_pid)
    finally:
        _stop(cli)
    leaked = is_running(server_pid)  # reached only once the PID was read
    if leaked:
        os.killpg(server_pid, signal.SIGKILL)
    assert not leaked, "the llama.cpp server outlived pse serve-local"


def _wait_ready(cli: subprocess.Popen[bytes], port: int, log: Path) -> str:
    base_url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if cli.poll() is not None:
            errors = log.read_text(errors="replace")
            pytest.fail(f"pse serve-local exited with {cli.returncode}: {errors[-2000:]}")
        if probe_models(base_url, timeout=2.0):
            return base_url
        time.sleep(0.5)
    pytest.fail(f"pse serve-local did not answer on {base_url} within {STARTUP_S:g}s")


def _server_pid(log: Path) -> int:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        match = re.search(r"server pid (\d+)", log.read_text(errors="replace"))
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
