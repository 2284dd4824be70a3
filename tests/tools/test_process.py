"""The process layer: environment built from scratch, PATH cleaned, output bounded."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from pse.tools.process import Limits, child_environment, probe_unshare, run_process, safe_path


def test_child_environment_is_built_not_copied(tmp_path: Path) -> None:
    environ = {"PATH": "/usr/bin", "OPENAI_API_KEY": "sk-x", "LD_PRELOAD": "/evil.so",
               "PYTHONPATH": "/evil", "GIT_DIR": "/elsewhere", "HOME": "/root"}
    env = child_environment(home=tmp_path, ceiling=tmp_path, environ=environ,
                            roots=(tmp_path,))
    assert not {"OPENAI_API_KEY", "LD_PRELOAD", "PYTHONPATH", "GIT_DIR"} & set(env)
    assert env["HOME"] == str(tmp_path) and env["GIT_CONFIG_GLOBAL"] == os.devnull
    assert env["GIT_CONFIG_NOSYSTEM"] == "1" and env["GIT_OPTIONAL_LOCKS"] == "0"


def test_safe_path_drops_relative_and_project_entries(tmp_path: Path) -> None:
    inside = tmp_path / "proj" / "bin"
    inside.mkdir(parents=True)
    path = os.pathsep.join([".", "", "bin", str(inside), "/usr/bin", "/bin", "/usr/bin"])
    assert safe_path(path, roots=(tmp_path / "proj",)) == os.pathsep.join(["/usr/bin", "/bin"])
    assert safe_path("", roots=()) == os.defpath


def test_run_process_keeps_only_the_cap_and_counts_the_rest(tmp_path: Path) -> None:
    done = run_process(["head", "-c", "100000", "/dev/zero"], cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin"}, limits=Limits(10, 512), cap=1000)
    assert (len(done.output), done.dropped, done.exit_code, done.timed_out) == (
        1000, 99_000, 0, False)


def test_run_process_timeout_kills_the_process_group(tmp_path: Path) -> None:
    done = run_process(["sh", "-c", "sleep 30 & sleep 30"], cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin"}, limits=Limits(1, 512), cap=1000)
    assert done.timed_out and done.exit_code < 0


def test_run_process_cannot_write_files(tmp_path: Path) -> None:
    script = "f = open('written.txt', 'w')\nf.write('x' * 100)\nf.close()"
    done = run_process([sys.executable, "-c", script], cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin"}, limits=Limits(10, 512), cap=10_000)
    assert b"File too large" in done.output  # RLIMIT_FSIZE = 0 (Python ignores SIGXFSZ)
    assert (tmp_path / "written.txt").stat().st_size == 0


def test_unshare_prefix_cuts_the_network(tmp_path: Path) -> None:
    prefix = probe_unshare()
    if not prefix:
        pytest.skip("unshare does not work on this platform")
    script = ("import socket\ntry:\n socket.create_connection(('192.0.2.1', 80), timeout=3)\n"
              "except OSError as e: print('NET', e.errno)")
    done = run_process([*prefix, sys.executable, "-c", script], cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin"}, limits=Limits(10, 512), cap=10_000)
    assert b"NET 101" in done.output
