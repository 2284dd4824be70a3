"""Starting and stopping the local server process (no model needed)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pse.errors import LLMError
from pse.llm.backends import default_threads
from pse.llm.serve import (
    LocalServer,
    free_port,
    is_running,
    server_command,
    start_server,
    stop_server,
    wait_until_ready,
)


def _child(code: str) -> LocalServer:
    process = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    return LocalServer(pid=process.pid, port=free_port(), model="m", process=process)


def test_server_command_binds_loopback_with_the_model_alias(tmp_path: Path) -> None:
    command = server_command(tmp_path / "m.gguf", port=8123, alias="qwen", n_ctx=4096,
                             threads=2)
    assert command[:3] == [sys.executable, "-m", "llama_cpp.server"]
    flags = dict(zip(command[3::2], command[4::2], strict=True))
    assert flags["--host"] == "127.0.0.1" and flags["--port"] == "8123"
    assert flags["--model_alias"] == "qwen" and flags["--n_ctx"] == "4096"
    assert flags["--n_threads"] == "2"


def test_server_command_uses_every_core_up_to_eight_when_threads_are_not_set(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(2)))
    flags = dict(zip(*(lambda c: (c[3::2], c[4::2]))(server_command(
        tmp_path / "m.gguf", port=1, alias="q", n_ctx=512, threads=0)), strict=True))
    assert flags["--n_threads"] == "2" and flags["--n_threads_batch"] == "2"
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(64)))
    assert default_threads() == 8


def test_stop_server_terminates_by_pid_and_reaps() -> None:
    server = _child("import time; time.sleep(60)")
    assert is_running(server.pid)
    stop_server(server)
    assert not is_running(server.pid)
    assert server.process is not None and server.process.returncode is not None


def test_stop_server_kills_a_process_that_ignores_sigterm() -> None:
    server = _child("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                    "print('ready', flush=True); time.sleep(60)")
    time.sleep(0.5)  # let it install the handler
    started = time.monotonic()
    stop_server(server, grace=0.5)
    assert not is_running(server.pid)
    assert time.monotonic() - started < 5


def test_wait_until_ready_reports_an_early_exit_with_the_log(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("loading\nerror: failed to load model 'x.gguf'\n")
    server = _child("raise SystemExit(3)")
    server = LocalServer(server.pid, server.port, "m", log_path=log, process=server.process)
    with pytest.raises(LLMError, match=r"exited with code 3 before answering \(log .*failed to "
                                       r"load model"):
        wait_until_ready(server, timeout=10, probe=lambda _: False)


def test_wait_until_ready_times_out(tmp_path: Path) -> None:
    server = _child("import time; time.sleep(60)")
    try:
        with pytest.raises(LLMError, match=r"did not answer within 0.3s"):
            wait_until_ready(server, timeout=0.3, probe=lambda _: False)
    finally:
        stop_server(server)


def test_start_server_with_a_bad_model_fails_cleanly(tmp_path: Path) -> None:
    missing = tmp_path / "missing.gguf"
    with pytest.raises(LLMError, match="exited with code"):
        start_server(missing, alias="m", log_path=tmp_path / "log.txt", ready_timeout=60,
                     probe=lambda _: False)
