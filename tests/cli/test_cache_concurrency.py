"""One cache shared by many pse processes: every run right; a killed run leaves no workers.

Real subprocesses (``python -m pse``), not threads: the failures were between processes
(one deleting the index database another was creating) and in the parser pool's workers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, copy_repo

_RUNS = 19


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PSE_", "OPENAI_"))}
    env.update(PSE_CACHE_DIR=str(cache), PYTHONPATH=subprocess_path())
    return env


def subprocess_path() -> str:
    """PYTHONPATH for ``python -m pse`` subprocesses: this run's (made absolute, as the
    subprocesses start elsewhere), else this checkout's ``src``."""
    given = os.environ.get("PYTHONPATH") or str(Path(__file__).resolve().parents[2] / "src")
    return os.pathsep.join(str(Path(part).resolve()) for part in given.split(os.pathsep))


def _verify(cwd: Path, cache: Path) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "pse", "-q", "verify", "articles", "--source",
                           ".", "--format", "json"], cwd=cwd, env=_env(cache),
                          capture_output=True, text=True, timeout=600, check=False)
    return done.returncode, done.stdout, done.stderr


def test_concurrent_cold_verify_runs_on_one_cache_all_agree(tmp_path: Path) -> None:
    repo = copy_repo(PY_SMALL, tmp_path / "py_small")
    expected = _verify(repo, tmp_path / "serial-cache")
    assert expected[0] in (0, 1), expected[2]
    shared = tmp_path / "shared-cache"
    with ThreadPoolExecutor(max_workers=_RUNS) as pool:
        results = list(pool.map(lambda _: _verify(repo, shared), range(_RUNS)))
    failures = [err for code, _, err in results if code != expected[0]]
    assert not failures, f"{len(failures)} of {_RUNS} runs failed: {failures[0]}"
    assert {out for _, out, _ in results} == {expected[1]}


def test_an_index_of_another_schema_is_rebuilt_in_place(tmp_path: Path) -> None:
    import sqlite3

    from pse.index.store import database_path

    repo = copy_repo(PY_SMALL, tmp_path / "py_small")
    cache = tmp_path / "cache"
    path = database_path(cache, repo)
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        old.execute("INSERT INTO meta VALUES ('schema', '1')")
    reader = sqlite3.connect(path)  # another process's view of the file, held open
    assert _verify(repo, cache)[0] in (0, 1)
    # emptied and refilled in place: a holder of the file sees the new schema (an unlink
    # and a new file would have left it reading the old, orphaned one)
    schema = reader.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    reader.close()
    assert schema[0] != "1"
    path.write_bytes(b"this is not a database" * 100)
    assert _verify(repo, cache)[0] in (0, 1)


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_cold_index_leaves_no_parser_workers(tmp_path: Path) -> None:
    tree = tmp_path / "big"
    body = "".join(f"def f{i}(x):\n    return [x * {i} for _ in range(3)]\n\n"
                   for i in range(400))
    for package in range(30):
        folder = tree / f"pkg{package}"
        folder.mkdir(parents=True)
        for module in range(40):
            (folder / f"m{module}.py").write_text(body)
    env = _env(tmp_path / "cache")
    parent = subprocess.Popen([sys.executable, "-m", "pse", "-q", "index", str(tree)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    deadline = time.monotonic() + 120
    while not workers and parent.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        workers = _children(parent.pid)
    assert workers, "the cold index started no worker processes"
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 15
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)  # don't leave them to the next test
    assert not left, f"{len(left)} worker(s) outlived their killed parent"
