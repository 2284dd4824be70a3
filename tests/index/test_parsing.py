"""The parser pool: the same rows as parsing in-process, and no worker outlives its parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pse.index.parsing import PARALLEL_THRESHOLD, ParseJob, parse_all

SRC = Path(__file__).resolve().parents[2] / "src"


def _tree(root: Path, count: int) -> list[ParseJob]:
    root.mkdir()
    jobs = []
    for number in range(count):
        path = root / f"m{number:02d}.py"
        path.write_text(f"import os\nclass C{number}:\n    def run(self, x=1):\n"
                        f"        self.v = os.getenv('K{number}')\n", encoding="utf-8")
        jobs.append(ParseJob(str(root), path.name, f"m{number:02d}", 1_000_000, "python"))
    return jobs


def test_parse_all_pool_gives_the_rows_of_one_process(tmp_path: Path) -> None:
    jobs = _tree(tmp_path / "tree", PARALLEL_THRESHOLD + 6)
    progress: list[tuple[int, int]] = []
    pooled = list(parse_all(jobs, workers=2, on_progress=lambda d, t: progress.append((d, t))))
    assert pooled == list(parse_all(jobs, workers=1))
    assert [rows.path for rows in pooled] == [job.path for job in jobs]
    assert pooled[3].symbols and pooled[3].mentions and pooled[3].digest
    assert progress[-1] == (len(jobs), len(jobs))


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text(encoding="ascii")
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == parent:
                found.append(int(entry))
    return found


def _is_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited (its new parent may never reap it)


_BLOCKED_RUN = """
import sys
from pse.index.parsing import ParseJob, parse_all
jobs = [ParseJob(sys.argv[1], f"m{n:02d}.py", f"m{n:02d}", 1_000_000, "python") for n in range(70)]
for rows in parse_all(jobs, workers=2):
    pass
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal: Linux")
def test_parse_all_workers_die_with_their_parent(tmp_path: Path) -> None:
    _tree(tmp_path / "tree", 70)
    fifo = tmp_path / "tree" / "m05.py"
    fifo.unlink()
    os.mkfifo(fifo)  # a worker opening it blocks until the test ends
    parent = subprocess.Popen([sys.executable, "-c", _BLOCKED_RUN, str(tmp_path / "tree")],
                              env={**os.environ, "PYTHONPATH": str(SRC)})
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == 2
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 20
        while any(map(_is_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_is_alive, workers))
    finally:
        parent.kill()
        for pid in _children(os.getpid()):
            if pid != parent.pid:
                os.kill(pid, signal.SIGKILL)
