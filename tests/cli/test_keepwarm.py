"""``pse verify --keep-warm`` (:mod:`pse.cli.keepwarm`, :mod:`pse.cli.keepwarm_server`):
real processes over a real Unix socket, each answer compared with a plain run's."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pse.cli import keepwarm

pytestmark = pytest.mark.skipif(not keepwarm.is_supported(),
                                reason="needs Unix sockets with descriptor passing and fork")

SRC = Path(__file__).resolve().parents[2] / "src"
ARGS = ["verify", "articles", "--source", ".", "--format", "json", "--no-history"]


@pytest.fixture
def environ(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The environment of the test's ``pse`` processes (a short cache folder: a socket
    path has a length limit); every server it started is stopped afterwards."""
    cache = tmp_path_factory.mktemp("kw")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PSE_CACHE_DIR=str(cache), PYTHONPATH=str(SRC), PSE_KEEP_WARM_SECONDS="60")
    yield env
    # a server still loading writes its pid when it is up
    _wait_until(lambda: not list((cache / "verify").glob("*.starting")), seconds=30)
    for log in (cache / "verify").glob("*.sock.log"):
        for line in log.read_text(encoding="utf-8").splitlines():
            if " serving " in line:
                _stop(int(line.split(" serving ")[1].split()[0]))


def _stop(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except OSError:
        return  # exited already


def _pse(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pse", *args], env=env, cwd=cwd,
                          capture_output=True, timeout=120, check=False)


def _socket(env: dict[str, str], cwd: Path) -> Path:
    """Where the test's server listens, as a ``pse`` process there computes it."""
    done = subprocess.run(
        [sys.executable, "-c", "import os, pse.cli.keepwarm as k; "
         "print(k.socket_path(os.environ))"],
        env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def _wait_until(predicate: Callable[[], bool], seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def _answers(path: Path) -> bool:
    try:
        keepwarm.connect(str(path)).close()
    except OSError:
        return False
    return True


def _served(path: Path) -> int:
    log = Path(f"{path}.log")
    if not log.is_file():
        return 0
    return sum(" run " in line for line in log.read_text(encoding="utf-8").splitlines())


def _edit(repo: Path, number: int) -> None:
    article = repo / "articles" / "good.md"
    article.write_text(article.read_text(encoding="utf-8") +
                       f"\nEdit {number}: `Client.send()` and `client_missing_{number}`.\n",
                       encoding="utf-8")


@pytest.fixture
def warm(repo: Path, environ: dict[str, str]) -> Path:
    """A first ``--keep-warm`` run over py_small, and the server it left (its socket)."""
    first = _pse(*ARGS, "--keep-warm", env=environ, cwd=repo)
    assert first.returncode == 1, first.stderr
    path = _socket(environ, repo)
    assert _wait_until(lambda: _answers(path)), "no server came up"
    return path


def test_keepwarm_answers_byte_for_byte_as_a_plain_run(
        repo: Path, environ: dict[str, str], warm: Path) -> None:
    for number in range(2):
        _edit(repo, number)
        served = _pse(*ARGS, "--keep-warm", env=environ, cwd=repo)
        plain = _pse(*ARGS, env=environ, cwd=repo)
        assert (served.returncode, served.stdout, served.stderr) == \
            (plain.returncode, plain.stdout, plain.stderr)
        assert f"client_missing_{number}".encode() in served.stdout
    assert _wait_until(lambda: _served(warm) == 2)


def test_keepwarm_bad_input_is_one_line_and_exit_2(
        repo: Path, environ: dict[str, str], warm: Path) -> None:
    served = _pse("verify", "missing.md", "--source", ".", "--keep-warm", env=environ,
                  cwd=repo)
    assert served.returncode == 2
    assert served.stdout == b""
    assert served.stderr.count(b"\n") == 1 and b"missing.md" in served.stderr
    assert _wait_until(lambda: _served(warm) == 1)


def test_keepwarm_server_is_keyed_by_the_settings(
        repo: Path, environ: dict[str, str], warm: Path) -> None:
    other = dict(environ, PSE_FORMAT="text")
    assert _socket(other, repo) != warm
    _edit(repo, 7)
    done = _pse(*ARGS, "--keep-warm", env=other, cwd=repo)
    assert done.returncode == 1
    assert _served(warm) == 0  # another setting never reaches this server


def test_keepwarm_server_exits_when_its_socket_is_removed(warm: Path) -> None:
    warm.unlink()
    log = Path(f"{warm}.log").read_text(encoding="utf-8")
    pid = int(log.split(" serving ")[1].split()[0])
    assert _wait_until(lambda: not _alive(pid), seconds=10)


def test_keepwarm_server_exits_when_idle(repo: Path, environ: dict[str, str]) -> None:
    environ["PSE_KEEP_WARM_SECONDS"] = "1"
    assert _pse(*ARGS, "--keep-warm", env=environ, cwd=repo).returncode == 1
    path = _socket(environ, repo)
    assert _wait_until(lambda: Path(f"{path}.log").is_file())
    assert _wait_until(lambda: not path.exists(), seconds=20)


def test_keepwarm_replaces_a_dead_socket(repo: Path, environ: dict[str, str]) -> None:
    path = _socket(environ, repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as dead:
        dead.bind(str(path))  # bound, never listening: a server that died
    done = _pse(*ARGS, "--keep-warm", env=environ, cwd=repo)
    assert done.returncode == 1 and b"references" in done.stdout
    assert _wait_until(lambda: _answers(path))


def test_keepwarm_never_uses_a_socket_of_another_user(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        server.listen(1)
        keepwarm.connect(str(path)).close()
        monkeypatch.setattr(os, "getuid", lambda: os.stat(path).st_uid + 1)
        with pytest.raises(OSError, match="not the user's"):
            keepwarm.connect(str(path))


def test_keepwarm_is_asked_only_by_verify_with_the_flag() -> None:
    assert keepwarm.is_wanted(["verify", "docs", "--keep-warm"])
    assert not keepwarm.is_wanted(["verify", "docs"])
    assert not keepwarm.is_wanted(["index", "--keep-warm"])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    # a zombie of this test's own processes is gone for the purpose of the test
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().split(") ")[1][0] != "Z"
    except OSError:
        return True
