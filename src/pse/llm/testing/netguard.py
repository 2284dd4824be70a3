"""Offline guard: any connection or DNS lookup beyond loopback fails the test loudly.

The SDK turns a socket error into a retryable connection error, which could hide an attempt
to reach the internet, so the guard also records each attempt and the fixture fails the test
afterwards.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pytest

_LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost", "0.0.0.0"})


def _host_of(address: object) -> str | None:
    if isinstance(address, tuple) and address:
        return str(address[0])
    return None  # AF_UNIX paths and the like are local


def guard_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Install the guard (undone by ``monkeypatch``); returns the list of blocked attempts."""
    blocked: list[str] = []
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def check(address: object) -> None:
        host = _host_of(address)
        if host is not None and host not in _LOOPBACK:
            blocked.append(repr(address))
            raise ConnectionRefusedError(f"tests are offline: blocked a connection to {address!r}")

    def connect(self: socket.socket, address: object) -> None:
        check(address)
        real_connect(self, address)  # type: ignore[arg-type]  # stdlib accepts any address

    def connect_ex(self: socket.socket, address: object) -> int:
        check(address)
        return real_connect_ex(self, address)  # type: ignore[arg-type]  # as above

    def getaddrinfo(host: object, *args: object, **kwargs: object) -> object:
        if host is not None and str(host) not in _LOOPBACK:
            blocked.append(f"DNS {host!r}")
            raise socket.gaierror(f"tests are offline: blocked a DNS lookup of {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)  # type: ignore[arg-type]  # passthrough

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return blocked
