"""A fault-injecting OpenAI-compatible server on 127.0.0.1, for tests and benchmarks.

Real HTTP (stdlib :mod:`http.server` in a thread), so the SDK, httpx and the retry logic are
exercised end to end. Each ``POST /v1/chat/completions`` consumes the next scripted
:class:`Fault`; an unscripted request gets HTTP 599 so a test notices it. ``POST
/v1/embeddings`` answers with word-hash vectors (not scripted, not logged). Hanging requests
wait on an event that :meth:`FaultServer.stop` sets, so stopping never blocks.

Example:
    >>> with FaultServer() as server:                                   # doctest: +SKIP
    ...     server.enqueue(Fault("status", status=503), Fault("ok", text="hi"))
    ...     client = OpenAICompatClient(backend_for(server.base_url))
"""

from __future__ import annotations

import json
import re
import socket
import threading
import zlib
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Literal

FaultKind = Literal["ok", "tool_call", "hang", "drop", "status", "truncated", "bad_json",
                    "empty", "length", "no_choices"]


@dataclass(frozen=True)
class Fault:
    """What the server does with one chat request."""

    kind: FaultKind
    text: str = "ok"
    """Reply text for ``ok`` and ``length``."""
    status: int = 500
    headers: Mapping[str, str] = field(default_factory=dict)
    """Extra response headers (e.g. ``Retry-After``)."""
    body: Mapping[str, object] | None = None
    """JSON body of a ``status`` fault (default: an OpenAI-style error)."""
    hang_seconds: float = 30.0
    """How long ``hang`` waits before giving up (stop() releases it sooner)."""
    tool_name: str = "read_file"
    tool_arguments: str = '{"path": "README.md"}'


def completion_body(fault: Fault, model: str) -> dict[str, object]:
    """The chat-completion JSON a successful-looking fault returns."""
    message: dict[str, object] = {"role": "assistant", "content": fault.text}
    reason = "stop"
    if fault.kind == "tool_call":
        message = {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": fault.tool_name, "arguments": fault.tool_arguments}}]}
        reason = "tool_calls"
    elif fault.kind == "empty":
        message["content"] = ""
    elif fault.kind == "length":
        reason = "length"
    choices = [] if fault.kind == "no_choices" else [
        {"index": 0, "message": message, "finish_reason": reason}]
    words = len(fault.text.split())
    return {"id": "chatcmpl-fault", "object": "chat.completion", "created": 0, "model": model,
            "choices": choices,
            "usage": {"prompt_tokens": 11, "completion_tokens": words,
                      "total_tokens": 11 + words}}


def embeddings_body(body: Mapping[str, object], *, dimensions: int = 64
                    ) -> dict[str, object]:
    """An ``/embeddings`` answer: each input's words hashed into ``dimensions`` buckets, so
    texts that share words are near and the same text always gets the same vector."""
    texts = body.get("input")
    inputs = [str(t) for t in texts] if isinstance(texts, list) else [str(texts or "")]
    data = []
    for index, text in enumerate(inputs):
        vector = [0.0] * dimensions
        for word in re.findall(r"\w+", text.lower()):
            vector[zlib.crc32(word.encode()) % dimensions] += 1.0
        data.append({"object": "embedding", "index": index, "embedding": vector})
    return {"object": "list", "data": data, "model": str(body.get("model", "")),
            "usage": {"prompt_tokens": 0, "total_tokens": 0}}


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        """Keep test output clean."""

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        if self.path.rstrip("/").endswith("/models"):
            self._send_json(200, {"object": "list", "data": [
                {"id": "fault-model", "object": "model", "created": 0, "owned_by": "pse"}]})
        else:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path.rstrip("/").endswith("/embeddings"):
            self._send_json(200, embeddings_body(body))
            return
        headers = {k.lower(): v for k, v in self.headers.items() if k.lower() != "authorization"}
        owner = self.server.owner
        fault = owner.record(self.path, headers, body)
        self._act(fault, str(body.get("model", "")))

    def _act(self, fault: Fault | None, model: str) -> None:
        if fault is None:
            self._send_json(599, {"error": {"message": "fault server: unscripted request"}})
        elif fault.kind == "hang":
            self.server.owner.released.wait(fault.hang_seconds)
            self._drop()
        elif fault.kind == "drop":
            self._drop()
        elif fault.kind == "status":
            self._send_json(fault.status, fault.body or {"error": {
                "message": f"injected HTTP {fault.status}", "type": "fault"}}, fault.headers)
        elif fault.kind == "truncated":
            raw = json.dumps(completion_body(fault, model)).encode()
            self._send_raw(200, raw[: len(raw) // 2], declared=len(raw))
            self._drop()
        elif fault.kind == "bad_json":
            self._send_raw(200, b'{"id": "chatcmpl-fault", "choices": [{"message": {"con')
        else:
            self._send_json(200, completion_body(fault, model), fault.headers)

    def _send_json(self, status: int, data: Mapping[str, object],
                   headers: Mapping[str, str] | None = None) -> None:
        self._send_raw(status, json.dumps(data).encode(), headers=headers)

    def _send_raw(self, status: int, raw: bytes, *, declared: int | None = None,
                  headers: Mapping[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw) if declared is None else declared))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(raw)
            self.wfile.flush()
        except OSError:
            self.close_connection = True  # the client went away (e.g. it timed out)

    def _drop(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    owner: FaultServer


class FaultServer:
    """The server, its script and its request log. Use as a context manager."""

    def __init__(self, *, responder: Callable[[Mapping[str, object]], Fault] | None = None
                 ) -> None:
        """Bind to a free loopback port (not yet serving).

        Args:
            responder: answers a request (its JSON body) when the script is empty: a
                scripted *model* that reacts to the prompt instead of a fixed queue.
        """
        self._responder = responder
        self._script: deque[Fault] = deque()
        self._lock = threading.Lock()
        self.requests: list[dict[str, object]] = []
        """Every chat request: ``{"path", "headers" (no Authorization), "body"}``."""
        self.released = threading.Event()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        """The OpenAI base URL to point a client at."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def enqueue(self, *faults: Fault) -> None:
        """Script the next responses, in order."""
        with self._lock:
            self._script.extend(faults)

    def record(self, path: str, headers: Mapping[str, str], body: object) -> Fault | None:
        """Log one request and pop its fault (``None`` when the script is empty)."""
        with self._lock:
            self.requests.append({"path": path, "headers": dict(headers), "body": body})
            if self._script:
                return self._script.popleft()
        if self._responder is not None and isinstance(body, Mapping):
            return self._responder(body)
        return None

    def start(self) -> FaultServer:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release hanging requests, stop serving and close the socket."""
        self.released.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FaultServer:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()
