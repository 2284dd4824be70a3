"""Planted trees that used to hang, exhaust memory or crash the tools, in both modes."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings, call_tool
from pse.tools.isolation import isolation_mode

from .support import make_tree

MODES = [pytest.param("auto", marks=pytest.mark.skipif(
    isolation_mode() != "bubblewrap", reason="bubblewrap does not work here")), "none"]
BACKTRACKING = "**/a*a*a*a*a*a*a*a*a*a*a*b"
"""Python's ``re`` needs minutes for this against a 40-character name of ``a``s."""


def _within(seconds: float, job: Callable[[], str]) -> str:
    """``job()``'s result; fails instead of hanging when it runs past ``seconds``."""
    out: list[str] = []
    thread = threading.Thread(target=lambda: out.append(job()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, f"still running after {seconds} s"
    return out[0]


def _sandbox(root: Path, mode: str) -> Sandbox:
    return Sandbox([root], settings=ToolSettings(isolation=mode, timeout=20))


@pytest.fixture
def deep_project(project: Path) -> Iterator[Path]:
    """``project``, removed by ``rm -rf`` afterwards: pytest's own clean-up of old temporary
    folders recurses and fails on a tree this deep."""
    yield project
    subprocess.run(["rm", "-rf", "--", str(project)], check=False)


def _deep(root: Path, depth: int) -> None:
    fd = os.open(root, os.O_RDONLY)
    for _ in range(depth):  # relative to a descriptor: the path outgrows PATH_MAX
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(os.open("deep.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd))
    os.close(fd)


@pytest.mark.parametrize("mode", MODES)
def test_backtracking_gitignore_does_not_hang_grep_or_list_dir(project: Path, mode: str
                                                               ) -> None:
    make_tree(project, {".gitignore": f"{BACKTRACKING}\n*.log\n", "a" * 60: "needle\n",
                        "x.log": "needle\n", "src/m.py": "needle = 1\n"})
    box = _sandbox(project, mode)
    out = _within(10, lambda: call_tool(box, "grep", {"pattern": "needle"}))
    assert "src/m.py:1:" in out and "x.log" not in out and f"{'a' * 60}:1:" in out
    assert "aaa" in _within(10, lambda: call_tool(box, "list_dir", {"path": "."}))
    globbed = _within(10, lambda: call_tool(box, "grep", {"pattern": "needle",
                                                          "glob": "*a*a*a*a*a*a*a*a*a*a*b"}))
    assert "no matches" in globbed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("plant", ["fifo", "dev-zero", "sparse"])
def test_planted_gitignore_is_never_read_whole(project: Path, mode: str, plant: str) -> None:
    make_tree(project, {"src/m.py": "needle = 1\n"})
    ignore = project / ".gitignore"
    if plant == "fifo":
        os.mkfifo(ignore)  # no writer: a blocking open would hang the search
    elif plant == "dev-zero":
        ignore.symlink_to("/dev/zero")  # endless: a whole read exhausts memory
    else:
        with open(ignore, "wb") as handle:
            handle.truncate(3 << 30)
    out = _within(10, lambda: call_tool(_sandbox(project, mode), "grep", {"pattern": "needle"}))
    assert "src/m.py:1: needle = 1" in out


@pytest.mark.parametrize("mode", MODES)
def test_tree_deeper_than_the_recursion_limit_is_no_error(deep_project: Path, mode: str
                                                          ) -> None:
    project = deep_project
    make_tree(project, {"top.txt": "needle\n"})
    _deep(project, 1100)
    box = _sandbox(project, mode)
    out = _within(60, lambda: call_tool(box, "grep", {"pattern": "needle"}))
    assert "top.txt:1: needle" in out and "internal-error" not in out
    assert "folders deeper than 256 levels" in out
    listed = _within(60, lambda: call_tool(box, "run_command", {"argv": ["ls", "d"]}))
    assert "internal-error" not in listed and "RecursionError" not in listed
    assert "[exit code" in listed


@pytest.mark.parametrize("mode", MODES)
def test_names_that_are_not_utf8_reach_the_model_escaped(project: Path, mode: str) -> None:
    make_tree(project, {"ok.py": "needle = 1\n"})
    with open(os.fsencode(project) + b"/caf\xff.py", "wb") as handle:
        handle.write(b"needle = 2\n")
    box = _sandbox(project, mode)
    for tool, args in (("list_dir", {"path": "."}), ("grep", {"pattern": "needle"}),
                       ("run_command", {"argv": ["ls"]})):
        out = call_tool(box, tool, args)
        json.dumps({"content": out}, ensure_ascii=False).encode("utf-8")  # the client's step
        # grep skips the file (its path is refused as a path argument would be) and says so
        expected = "1 invalid-path" if tool == "grep" else "caf\\xff.py"
        assert expected in out, (tool, out)
