"""Run the embedded model as an OpenAI-compatible HTTP server on 127.0.0.1.

llama-cpp-python ships a server (``python -m llama_cpp.server``). :func:`start_server`
starts it as a child process in its own session on a loopback port, waits until
``GET /v1/models`` answers, and returns a :class:`LocalServer`; :func:`stop_server` stops
it by PID (SIGTERM to its process group, SIGKILL after a grace period) and reaps it, so no
process outlives its owner. Anything that speaks the OpenAI protocol can then use it:
``OPENAI_BASE_URL=http://127.0.0.1:PORT/v1``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pse.errors import LLMError
from pse.llm.backends import default_threads

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class LocalServer:
    """A running server started by :func:`start_server`."""

    pid: int
    port: int
    model: str
    """The name clients send as ``model``."""
    host: str = LOOPBACK
    log_path: Path | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False, compare=False)

    @property
    def base_url(self) -> str:
        """The OpenAI base URL of this server."""
        return f"http://{self.host}:{self.port}/v1"


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def server_command(model_path: Path, *, port: int, alias: str, n_ctx: int, threads: int,
                   host: str = LOOPBACK) -> list[str]:
    """The argv that starts llama-cpp-python's server (the model's own chat template)."""
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path),
               "--model_alias", alias, "--host", host, "--port", str(port),
               "--n_ctx", str(n_ctx), "--verbose", "False"]
    threads = threads or default_threads()
    command += ["--n_threads", str(threads), "--n_threads_batch", str(threads)]
    return command


def start_server(model_path: Path, *, alias: str, port: int = 0, n_ctx: int = 8192,
                 threads: int = 0, log_path: Path | None = None, ready_timeout: float = 180.0,
                 probe: Callable[[str], bool] | None = None) -> LocalServer:
    """Start the server and wait until it answers.

    Args:
        model_path: the GGUF file.
        alias: the model name clients use.
        port: the port to listen on (0: a free one).
        n_ctx: context window in tokens.
        threads: CPU threads (0: llama.cpp's default).
        log_path: where the server's output goes (``None``: this process's stderr).
        ready_timeout: seconds to wait for the first answer.
        probe: ``probe(base_url) -> bool``, True once the server answers (default: an HTTP
            ``GET /v1/models``).

    Raises:
        LLMError: the server exited or did not answer in time (its log is quoted).
    """
    port = port or free_port()
    command = server_command(model_path, port=port, alias=alias, n_ctx=n_ctx, threads=threads)
    log: IO[bytes] | None = log_path.open("wb") if log_path else None
    try:
        # All server output goes to the log, or to our stderr: stdout is for results.
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                   stdout=log if log is not None else 2,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        if log is not None:
            log.close()  # the child has its own descriptor now
    server = LocalServer(pid=process.pid, port=port, model=alias, log_path=log_path,
                         process=process)
    try:
        wait_until_ready(server, timeout=ready_timeout, probe=probe or _answers)
    except BaseException:
        stop_server(server)
        raise
    return server


def wait_until_ready(server: LocalServer, *, timeout: float,
                     probe: Callable[[str], bool]) -> None:
    """Poll ``probe`` until it succeeds, the process dies, or ``timeout`` passes.

    Raises:
        LLMError: the server exited or did not answer within ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process is not None and server.process.poll() is not None:
            raise LLMError(f"the local model server exited with code "
                           f"{server.process.returncode} before answering{_log_tail(server)}")
        if probe(server.base_url):
            return
        time.sleep(0.25)
    raise LLMError(f"the local model server on {server.base_url} did not answer within "
                   f"{timeout:g}s{_log_tail(server)}; raise the timeout on a slow machine")


def _answers(base_url: str) -> bool:
    from pse.llm.openai_compat import probe_models

    return probe_models(base_url, timeout=2.0)


def _log_tail(server: LocalServer) -> str:
    if server.log_path is None:
        return ""
    try:
        lines = server.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    tail = " | ".join(line.strip() for line in lines[-3:] if line.strip())
    return f" (log {str(server.log_path)!r}: {tail})" if tail else ""


def stop_server(server: LocalServer, *, grace: float = 10.0) -> None:
    """Stop the server by PID: SIGTERM its process group, SIGKILL after ``grace`` seconds."""
    _signal_group(server.pid, signal.SIGTERM)
    if server.process is not None:
        try:
            server.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            _signal_group(server.pid, signal.SIGKILL)
            server.process.wait()
        return
    deadline = time.monotonic() + grace
    while is_running(server.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if is_running(server.pid):
        _signal_group(server.pid, signal.SIGKILL)


def _signal_group(pid: int, signum: signal.Signals) -> None:
    try:
        os.killpg(pid, signum)  # start_new_session made the server its group's leader
    except ProcessLookupError:
        return
    except PermissionError:
        os.kill(pid, signum)


def is_running(pid: int) -> bool:
    """Whether a process with ``pid`` exists (a zombie counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True
