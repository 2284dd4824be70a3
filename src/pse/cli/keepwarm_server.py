"""The warm checker behind ``pse verify --keep-warm`` (see :mod:`pse.cli.keepwarm`).

Started in the background by a ``--keep-warm`` run: ``python -P -m
pse.cli.keepwarm_server SOCKET``. It loads the checker once (the modules a verify run
imports, and the patterns and tables they build on first use, by checking a tiny
document against a tiny tree in a temporary folder), then listens on SOCKET. Each
connection is one run: the client's stdin, stdout and stderr arrive with its request;
a forked child takes them as its own, moves to the client's folder and environment and
runs the same code a plain ``pse`` process runs (recording included), then sends the
exit code back. The server exits after ``PSE_KEEP_WARM_SECONDS`` (default 900) without
a run, or as soon as its socket file is removed or replaced; it logs one line per run
to ``SOCKET.log``.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import NoReturn

from pse.cli import keepwarm
from pse.cli.fastpath import pin_fingerprints

_TICK_SECONDS = 1.0
"""How often an idle server looks at its socket file and its children."""
_MAX_REQUEST = 16 * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    """Serve runs on the socket path given as the only argument."""
    args = sys.argv[1:] if argv is None else argv
    pin_fingerprints()  # the socket's name holds them: every client of it has these
    if len(args) != 1 or args[0] != keepwarm.socket_path(os.environ):
        # started for other code or settings than this process has: serve nothing
        print("pse: keepwarm_server: the socket does not match this environment",
              file=sys.stderr)
        if len(args) == 1:
            keepwarm.release_start(args[0])
        return 2
    path = args[0]
    try:
        _load()
        listener = _listen(path)
        _log(path, f"serving {os.getpid()} (python {sys.version.split()[0]})")
    finally:
        keepwarm.release_start(path)
    signal.signal(signal.SIGTERM, _stop)
    with listener:
        _serve(listener, path, keepwarm.idle_seconds(os.environ))
    return 0


def _stop(signum: int, frame: object) -> NoReturn:
    """SIGTERM: leave the serving loop (which removes the socket) and exit."""
    raise SystemExit(0)


def _load() -> None:
    """Import and prepare what a verify run uses, by running one on a tiny tree (in a
    temporary folder, with its own cache, its output thrown away)."""
    from pse.cli.entry import run_cli  # the whole CLI, as a plain process imports it

    with tempfile.TemporaryDirectory(prefix="pse-warm-") as folder:
        package = os.path.join(folder, "src", "demo")
        os.makedirs(package)
        with open(os.path.join(package, "__init__.py"), "w", encoding="utf-8") as handle:
            handle.write('"""Demo."""\n\n\nclass Queue:\n    """A queue."""\n\n'
                         '    def put(self, item: int, block: bool = True) -> None:\n'
                         '        """Add ``item``."""\n')
        with open(os.path.join(folder, "notes.md"), "w", encoding="utf-8") as handle:
            handle.write("# Notes\n\nThe `Queue` class has a `put` method that takes two "
                         "parameters and returns `None`.\n\n- `Queue.put()` is defined in "
                         "`src/demo/__init__.py`.\n\n`Queue` 类的 `put` 方法返回 `None`。\n\n"
                         # a near miss: loads the did-you-mean matcher too
                         "Call `Queue.putt()` to add one.\n")
        argv = ["verify", os.path.join(folder, "notes.md"), "--source", folder,
                "--format", "json", "--no-history", "--cache-dir",
                os.path.join(folder, "cache")]
        with _quiet(), contextlib.suppress(SystemExit):
            run_cli(argv)
    from pse.verify.claims.grammar import compile_all

    compile_all()  # the frames the tiny document did not cue: once here, not in each run
    gc.collect()
    gc.freeze()  # the loaded objects stay shared with each forked child, never copied


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = io.StringIO()
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _listen(path: str) -> socket.socket:
    """Bind ``path`` (private to the user) in one step: bound under a temporary name,
    then renamed over any stale socket."""
    temp = f"{path}.{os.getpid()}"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o077)
    try:
        listener.bind(temp)
        os.replace(temp, path)
    except OSError:
        listener.close()
        raise
    finally:
        os.umask(old)
    listener.listen(16)
    listener.settimeout(_TICK_SECONDS)
    return listener


def _serve(listener: socket.socket, path: str, idle: float) -> None:
    inode = os.stat(path).st_ino
    try:
        _loop(listener, path, inode, idle)
    finally:
        if _still_ours(path, inode):
            with contextlib.suppress(OSError):
                os.unlink(path)


def _loop(listener: socket.socket, path: str, inode: int, idle: float) -> None:
    children: dict[int, float] = {}
    last = time.monotonic()
    while True:
        if _reap(children, path):
            last = time.monotonic()
        if not _still_ours(path, inode) or (not children and time.monotonic() - last > idle):
            break
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            continue
        last = time.monotonic()
        pid = _take(conn, listener)
        if pid is not None:
            children[pid] = time.monotonic()


def _still_ours(path: str, inode: int) -> bool:
    try:
        return os.stat(path).st_ino == inode
    except OSError:
        return False


def _take(conn: socket.socket, listener: socket.socket) -> int | None:
    """Fork a child for the run on ``conn``; its pid (None: no run, e.g. a liveness
    check or a stranger)."""
    with conn:
        conn.settimeout(10)
        try:
            if keepwarm.peer_uid(conn) not in (None, os.getuid()):
                return None
            request, fds = _read_request(conn)
        except (OSError, ValueError):
            return None
        try:
            pid = os.fork()
            if pid == 0:
                listener.close()
                _child(conn, fds, request)
            return pid
        finally:
            for fd in fds:
                os.close(fd)


def _read_request(conn: socket.socket) -> tuple[dict[str, object], list[int]]:
    header, fds, _flags, _address = socket.recv_fds(conn, 4, 3)
    if len(fds) != 3:
        for fd in fds:
            os.close(fd)
        raise ValueError("a request carries the client's three standard streams")
    try:
        while len(header) < 4:
            more = conn.recv(4 - len(header))
            if not more:
                raise ValueError("truncated request")
            header += more
        size = int.from_bytes(header, "big")
        if size > _MAX_REQUEST:
            raise ValueError("request too large")
        body = b""
        while len(body) < size:
            more = conn.recv(min(65536, size - len(body)))
            if not more:
                raise ValueError("truncated request")
            body += more
        request = json.loads(body.decode("utf-8", "surrogatepass"))
        if not isinstance(request, dict):
            raise ValueError("request is not an object")
    except (OSError, ValueError):
        for fd in fds:
            os.close(fd)
        raise
    return request, fds


def _child(conn: socket.socket, fds: list[int], request: dict[str, object]) -> NoReturn:
    """Run the request as this process's own command line; never returns."""
    code = 2
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        for fd in set(fds) - {0, 1, 2}:
            os.close(fd)  # 0, 1 and 2 are the client's streams now
        conn.settimeout(None)
        conn.sendall(keepwarm._LENGTH.pack(os.getpid()))
        code = _run(request)
    except BaseException:  # noqa: BLE001 - the child's last boundary: report, then exit
        with contextlib.suppress(OSError):
            os.write(2, b"pse: internal error in the warm checker; run again without "
                        b"--keep-warm\n")
    finally:
        with contextlib.suppress(OSError):
            conn.sendall(keepwarm._CODE.pack(code))
        os._exit(code & 0xFF)


def _run(request: dict[str, object]) -> int:
    """What ``pse ARGV`` exits with, run in the client's folder and environment."""
    from pse.cli.entry import run_verify

    argv, cwd, environ = request["argv"], request["cwd"], request["environ"]
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv)
            and argv[:1] == ["verify"] and isinstance(cwd, str) and isinstance(environ, dict)):
        raise ValueError("malformed request: a warm checker runs `pse verify` only")
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update({str(k): str(v) for k, v in environ.items()})
    sys.argv = ["pse", *argv]
    sys.stdin = _stream(0, "r", sys.__stdin__)
    sys.stdout = _stream(1, "w", sys.__stdout__)
    sys.stderr = _stream(2, "w", sys.__stderr__, line=True)
    try:
        run_verify(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    return 0


def _stream(fd: int, mode: str, like: object, *, line: bool = False) -> io.TextIOWrapper:
    """A text stream on ``fd`` as Python's start-up would make it (encoding and error
    handler of the server's own, which the socket's key keeps equal to the client's;
    line-buffered on a terminal, as stderr always is)."""
    raw = io.FileIO(fd, mode, closefd=False)
    buffered: io.BufferedReader | io.BufferedWriter = \
        io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
    encoding = getattr(like, "encoding", None) or "utf-8"
    errors = getattr(like, "errors", None) or "strict"
    return io.TextIOWrapper(buffered, encoding=encoding, errors=errors,
                            line_buffering=line or raw.isatty())


def _reap(children: dict[int, float], path: str) -> bool:
    """Collect finished children and log each; True when one finished."""
    finished = False
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            children.clear()
            break
        if pid == 0:
            break
        started = children.pop(pid, time.monotonic())
        _log(path, f"run {pid} exit {os.waitstatus_to_exitcode(status)} "
                   f"{time.monotonic() - started:.3f}s")
        finished = True
    return finished


def _log(path: str, line: str) -> None:
    with contextlib.suppress(OSError), open(f"{path}.log", "a", encoding="utf-8") as handle:
        handle.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")


if __name__ == "__main__":
    sys.exit(main())
