"""The isolated mode (bubblewrap): what a command can see, change and reach."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings
from pse.tools.isolation import (
    describe_mode,
    find_masks,
    isolation_mode,
    program_trees,
    python_trees,
)

from .support import make_tree

needs_bwrap = pytest.mark.skipif(isolation_mode() != "bubblewrap",
                                 reason="bubblewrap does not work here (CI installs it)")


def _python(root: Path, script: str, **settings: object) -> str:
    (root / "probe.py").write_text(script, encoding="utf-8")
    sandbox = Sandbox([root], settings=ToolSettings(allow_commands=("python3",),
                                                    **settings))  # type: ignore[arg-type]
    assert sandbox.isolation == "bubblewrap"
    out = sandbox.run_command(["python3", "probe.py"])
    return "\n".join(out.splitlines()[1:])  # what it printed, and the exit code


@needs_bwrap
def test_secrets_and_git_objects_are_masked(project: Path) -> None:
    make_tree(project, {".env": "TOKEN=abc-secret\n", "keys/a.pem": "PEM-SECRET\n",
                        ".git/objects/ab/cd": "OBJECT\n", "notes.md": "visible\n"})
    os.link(project / ".env", project / "innocent.txt")
    script = ("import os\nfor p in ['.env', 'keys/a.pem', 'innocent.txt', 'notes.md']:\n"
              " print(p, repr(open(p).read()))\nprint(os.listdir('.git'))")
    out = _python(project, script)
    assert ".env ''" in out and "keys/a.pem ''" in out and "innocent.txt ''" in out
    assert "notes.md 'visible\\n'" in out and "[]" in out
    assert "abc-secret" not in out and "PEM-SECRET" not in out


@needs_bwrap
def test_nothing_outside_the_project_is_visible(project: Path) -> None:
    # Every folder above a bound tree (the project, the Python prefixes) shows only the
    # next step down to it; /etc holds only the few harmless files pse binds.
    trees = [project, *python_trees()]
    expected: dict[str, set[str]] = {}
    for tree in trees:
        for parent, child in zip([*reversed(tree.parents)], [*reversed(tree.parents)][1:]
                                 + [tree], strict=True):
            if not any(parent.is_relative_to(t) for t in [*trees, Path("/usr")]):
                expected.setdefault(str(parent), set()).add(child.name)
    folders = sorted(set(expected) - {"/"})
    sibling = str(project.parent / "proj2" / "secret.txt")
    script = (f"import json, os\nout = {{}}\nfor d in {folders!r}:\n"
              " out[d] = sorted(os.listdir(d))\nprint(json.dumps(out))\n"
              f"print(sorted(os.listdir('/etc')))\nprint(os.path.exists({sibling!r}))")
    out = _python(project, script).splitlines()
    for folder, names in json.loads(out[0]).items():
        assert set(names) <= expected[folder] | {"probe.py"}, folder
    assert set(eval(out[1])) <= {"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime",
                                 "alternatives", "passwd", "group"}
    assert out[2] == "False"


@needs_bwrap
def test_the_project_is_read_only_and_tmp_is_private(project: Path) -> None:
    make_tree(project, {"README.md": "# x\n"})
    script = ("import os\nfor act in (lambda: os.rename('README.md', 'R.md'),\n"
              "            lambda: os.unlink('README.md'), lambda: os.mkdir('d')):\n"
              " try:\n  act()\n except OSError as e:\n  print('ERR', e.errno)\n"
              "print(os.environ['HOME'], sorted(os.listdir('/tmp')))\n"
              "os.mkdir('/tmp/private-marker')")
    out = _python(project, script)
    assert out.count("ERR 30") == 3  # EROFS
    assert f"/tmp {sorted(_tmp_parents(project))}" in out
    assert sorted(os.listdir(project)) == ["README.md", "probe.py"]
    assert not Path("/tmp/private-marker").exists()


def _tmp_parents(project: Path) -> set[str]:
    """The names in /tmp a sandboxed command may see: the folder holding the project and
    the one holding the interpreter it runs (a checkout cloned into /tmp), nothing else."""
    shown = {sys.prefix, sys.base_prefix, sys.executable, str(project)}
    return {Path(p).parts[2] for p in shown
            if len(Path(p).parts) > 2 and Path(p).parts[1] == "tmp"}


@needs_bwrap
def test_no_network_not_even_the_hosts_loopback(project: Path) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        port = server.getsockname()[1]
        script = ("import socket\ntry:\n socket.create_connection(('127.0.0.1', "
                  f"{port}), timeout=3)\n print('CONNECTED')\nexcept OSError as e:\n"
                  " print('NET', e.errno)")
        out = _python(project, script)
    assert "CONNECTED" not in out and "NET" in out


def _running(word: str) -> bool:
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if word in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                return True
        except OSError:
            continue
    return False


@needs_bwrap
def test_processes_cannot_outlive_the_command(project: Path) -> None:
    script = ("import subprocess\nsubprocess.Popen(['sleep', '7.0271'], "
              "start_new_session=True)\nprint('started')")
    out = _python(project, script)
    assert "started" in out
    # A new session escapes the process-group kill, not the PID namespace.
    assert not _running("7.0271")


def test_find_masks_lists_secrets_hard_links_and_git(project: Path) -> None:
    make_tree(project, {".env": "x\n", "a/.ssh/id_ed25519": "k\n", "ok.txt": "y\n",
                        ".git/config": "[core]\n", "sub/.git": "gitdir: x\n"})
    os.link(project / "ok.txt", project / "twin.txt")
    masks = find_masks((project,), allowed=(), hardlinks_ok=False, keep_git=False)
    names = sorted(str(p.relative_to(project)) for p in masks.files)
    assert names == [".env", "a/.ssh/id_ed25519", "ok.txt", "sub/.git", "twin.txt"]
    assert masks.folders == (project / ".git",)
    for_git = find_masks((project,), allowed=(), hardlinks_ok=False, keep_git=True)
    assert sorted(p.name for p in for_git.files) == ["ok.txt", "twin.txt"]
    assert for_git.folders == ()


def test_modes_are_described_for_the_cli() -> None:
    assert "pytest collection allowed" in describe_mode("bubblewrap")
    assert "refused" in describe_mode("rlimits") and "bubblewrap" in describe_mode("rlimits")
    assert isolation_mode("none") == "rlimits"


def test_isolation_setting_is_checked() -> None:
    with pytest.raises(Exception, match="tools.isolation"):
        ToolSettings(isolation="sometimes")


def test_programs_outside_the_system_bind_their_folders_not_their_prefix(
        tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "lib").mkdir()
    (tmp_path / "secrets").mkdir()
    (tmp_path / "bin" / "tool").write_text("")
    assert program_trees(str(tmp_path / "bin" / "tool")) == [tmp_path / "bin",
                                                               tmp_path / "lib"]
    assert program_trees("/usr/bin/git") == []
