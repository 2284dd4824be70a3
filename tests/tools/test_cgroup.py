"""Whole-tree limits: a command's children share one memory and one task budget."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings
from pse.tools.cgroup import MAX_TASKS, make_group, tree_limits_mode
from pse.tools.isolation import isolation_mode
from pse.tools.process import Limits, run_process

needs_cgroup = pytest.mark.skipif(make_group(max_memory_mb=64) is None,
                                  reason="no writable cgroup on this machine")
FORKS = """
import os, time
forks = 0
for _ in range(400):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(2)
        os._exit(0)
    forks += 1
print("forks", forks, flush=True)
"""
MEMORY = """
import os, time
kids = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (200 << 20)
        time.sleep(1)
        os._exit(0)
    kids.append(pid)
print("held", sum(os.waitpid(k, 0)[1] == 0 for k in kids), flush=True)
"""


def _number(output: bytes, word: str) -> int:
    line = next(x for x in output.decode().splitlines() if x.startswith(word))
    return int(line.split()[1])


def _run(script: str, *, whole_tree: bool) -> bytes:
    done = run_process([sys.executable, "-c", script], cwd=Path("/"), env={"PATH": "/bin"},
                       limits=Limits(30, 384, whole_tree=whole_tree), cap=10_000)
    return done.output


@needs_cgroup
def test_fork_count_is_capped_for_the_whole_tree() -> None:
    assert _number(_run(FORKS, whole_tree=True), "forks") < MAX_TASKS
    # the per-process limits alone let a root user fork all 400 (the problem fixed here)
    assert _number(_run(FORKS, whole_tree=False), "forks") == 400


@needs_cgroup
def test_memory_is_capped_for_the_whole_tree() -> None:
    assert _number(_run(MEMORY, whole_tree=True), "held") < 3  # 3 x 200 MiB > 384 MiB
    assert _number(_run(MEMORY, whole_tree=False), "held") == 3  # each under RLIMIT_AS


@needs_cgroup
def test_group_is_removed_after_the_command() -> None:
    group = make_group(max_memory_mb=64)
    assert group is not None
    folders = group.folders
    group.close()
    assert not any(folder.exists() for folder in folders)
    assert "cgroup" in tree_limits_mode()


@needs_cgroup
@pytest.mark.skipif(isolation_mode() != "bubblewrap", reason="bubblewrap does not work here")
def test_planted_code_under_bubblewrap_gets_the_tree_limits(project: Path) -> None:
    (project / "forks.py").write_text(FORKS, encoding="utf-8")
    (project / "memory.py").write_text(MEMORY, encoding="utf-8")
    sandbox = Sandbox([project], settings=ToolSettings(allow_commands=("python3",),
                                                       max_memory=384, timeout=30))
    out = sandbox.run_command(["python3", "forks.py"])
    assert _number(out.split("\n", 1)[1].encode(), "forks") < MAX_TASKS
    out = sandbox.run_command(["python3", "memory.py"])
    assert _number(out.split("\n", 1)[1].encode(), "held") < 3
