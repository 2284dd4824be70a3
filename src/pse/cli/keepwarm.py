"""``pse verify --keep-warm``: hand the run to a checker process that is already loaded.

A ``pse verify`` process spends most of an edited-document run importing and preparing
the checker (the Markdown parser, the claim grammar's patterns, the resolver) before it
reads one line. ``--keep-warm`` leaves a server behind (:mod:`pse.cli.keepwarm_server`)
that has done that once; the next ``pse verify --keep-warm`` with the same interpreter,
the same pse and the same settings connects to it over a Unix socket in the cache
folder, passes its stdin, stdout and stderr, working folder, arguments and environment,
and the server forks a child that runs exactly the command a plain process would run,
writing to the client's own streams. The client waits for the exit code and exits with
it. Nothing is shared between runs but the loaded code: each run is a fresh fork.

The socket's name is a digest of everything that decides what a loaded process would
do differently (pse's files, the installed packages, the interpreter and the ``PSE_*``,
``PYTHON*`` and locale variables): a changed pse or setting never reaches an old server.
Only a socket owned by the user, answered by a process of the user, is used.

This module imports only the standard library's light modules: it runs before the CLI.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import struct
import sys
import time
from collections.abc import Mapping, Sequence

import pse
from pse.cli.fastpath import cache_folder, code_fingerprint, environment_fingerprint

FLAG = "--keep-warm"
IDLE_SECONDS = 900
"""How long a server waits for the next run before it exits (``PSE_KEEP_WARM_SECONDS``)."""
_FORMAT = "pse-keepwarm/1"
_LENGTH = struct.Struct("!I")
_CODE = struct.Struct("!i")
_MAX_PATH = 100
"""Unix socket paths longer than about 104 bytes cannot be bound: no server there."""
_STARTING_SECONDS = 60
"""A start lock older than this belongs to a server that never came up."""
_KEY_VARIABLES = ("PSE_", "PYTHON", "LANG", "LC_")
"""Variables a loaded process may have read while loading; the rest are passed per run."""


def is_wanted(argv: Sequence[str]) -> bool:
    """True for a ``pse verify`` invocation that asks for a warm checker."""
    return bool(argv) and argv[0] == "verify" and FLAG in argv[1:] and is_supported()


def is_supported() -> bool:
    """Unix sockets that carry file descriptors, and ``fork``."""
    return hasattr(socket, "AF_UNIX") and hasattr(socket, "send_fds") and hasattr(os, "fork")


def idle_seconds(environ: Mapping[str, str]) -> float:
    """How long a server started now waits for a run."""
    try:
        return max(1.0, float(environ.get("PSE_KEEP_WARM_SECONDS", "")))
    except ValueError:
        return float(IDLE_SECONDS)


def socket_path(environ: Mapping[str, str]) -> str | None:
    """Where the server for this interpreter, pse and settings listens (None when the
    cache folder's path is too long for a socket)."""
    variables = sorted(item for item in environ.items() if item[0].startswith(_KEY_VARIABLES))
    parts = [_FORMAT, pse.__version__, sys.version, sys.executable, os.getuid(),
             code_fingerprint(), environment_fingerprint(), variables]
    key = hashlib.sha256(json.dumps(parts).encode("utf-8", "surrogatepass")).hexdigest()
    path = os.path.join(cache_folder(environ), "verify", f"warm-{key[:20]}.sock")
    return path if len(path.encode("utf-8", "surrogatepass")) <= _MAX_PATH else None


def ask(argv: Sequence[str], environ: Mapping[str, str]) -> int | None:
    """Run ``pse ARGV`` in the warm server and return its exit code; None when no server
    took it (then run it here)."""
    path = socket_path(environ)
    if path is None:
        return None
    try:
        conn = connect(path)
    except OSError:
        return None
    with conn:
        request = json.dumps({"argv": list(argv), "cwd": os.getcwd(),
                              "environ": dict(environ)}).encode("utf-8", "surrogatepass")
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            socket.send_fds(conn, [_LENGTH.pack(len(request))], [0, 1, 2])
            conn.sendall(request)
            pid = _receive(conn, _LENGTH)
        except OSError:
            return None
        if pid is None:
            return None  # refused before the run began: nothing was written
        code = _wait(conn, pid)
    if code is None:
        sys.stderr.write(f"pse: error: the warm checker (process {pid}) ended without an "
                         f"answer; run again without {FLAG}\n")
        return 2
    return code


def connect(path: str) -> socket.socket:
    """A connection to the server at ``path``; OSError unless the socket and the process
    answering it are the user's own."""
    info = os.lstat(path)
    if info.st_uid != os.getuid():
        raise OSError(f"{path} is not the user's")
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
        if peer_uid(conn) not in (None, os.getuid()):
            raise OSError(f"{path} is answered by another user's process")
    except OSError:
        conn.close()
        raise
    return conn


def peer_uid(conn: socket.socket) -> int | None:
    """The user id of the process at the other end (None where the system cannot say)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    credentials = conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", credentials)
    return int(uid)


def _receive(conn: socket.socket, shape: struct.Struct) -> int | None:
    """One number from ``conn``; None at the end of the stream."""
    data = b""
    while len(data) < shape.size:
        chunk = conn.recv(shape.size - len(data))
        if not chunk:
            return None
        data += chunk
    value: int = shape.unpack(data)[0]
    return value


def _wait(conn: socket.socket, pid: int) -> int | None:
    """The exit code of the run in process ``pid``; Ctrl-C is passed on to it."""
    while True:
        try:
            return _receive(conn, _CODE)
        except KeyboardInterrupt:
            try:
                os.kill(pid, signal.SIGINT)
            except OSError:
                return 130
        except OSError:
            return None


def start(argv: Sequence[str], environ: Mapping[str, str]) -> None:
    """Start a server for this environment in the background, unless one answers or is
    starting (a failure only costs the next run its speed)."""
    path = socket_path(environ)
    if path is None or _answers(path) or not _claim_start(path):
        return
    import subprocess  # only here: the client path stays light

    try:
        subprocess.Popen(  # noqa: S603 - this interpreter running pse's own module
            [sys.executable, "-P", "-m", "pse.cli.keepwarm_server", path],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, close_fds=True, env=dict(environ))
    except OSError:
        release_start(path)


def _answers(path: str) -> bool:
    try:
        connect(path).close()
    except OSError:
        return False
    return True


def _claim_start(path: str) -> bool:
    """Take the start lock next to ``path`` (one starting server at a time)."""
    lock = path + ".starting"
    for _ in range(2):
        try:
            os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
            os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return True
        except FileExistsError:
            try:
                if time.time() - os.stat(lock).st_mtime < _STARTING_SECONDS:
                    return False
                os.unlink(lock)
            except OSError:
                return False
        except OSError:
            return False
    return False


def release_start(path: str) -> None:
    """Drop the start lock of ``path`` (the server is up, or will not come up)."""
    try:
        os.unlink(path + ".starting")
    except OSError:
        return  # taken by no one, or dropped already
