"""``pse verify`` and ``pse index --facts`` on trees built to hang, exhaust or crash them.

Each command runs in a child process with a timeout, so a regression fails the test
instead of hanging the suite; a clean result is exit 0 or 1 (or 2 with one line), never a
traceback or an internal error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


def _pse(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-m", "pse", *args], capture_output=True,
                          text=True, errors="strict", timeout=timeout, env=env, check=False)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    return done


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "pkg" / "__init__.py").write_text('"""Pkg."""\n\ndef run():\n    pass\n')
    (root / "docs" / "a.md").write_text("# A\n\nCall `run()` in `pkg/__init__.py`.\n")
    return root


def _verify(tree: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    done = _pse("verify", str(tree / "docs"), "--source", str(tree), *extra)
    assert done.returncode in (0, 1), done.stderr
    return done


@pytest.mark.parametrize("name", ["pyproject.toml", "Makefile", "tox.ini", "package.json"])
def test_verify_survives_a_fifo_where_a_project_file_is_read(tree: Path, name: str) -> None:
    # the requires-python and command-target checks read these: a FIFO must not block them
    (tree / "docs" / "make.md").write_text("Run `make test` (requires Python 3.9 or later).\n")
    if (tree / name).exists():
        (tree / name).unlink()
    os.mkfifo(tree / name)
    _verify(tree)


def test_verify_survives_planted_ignore_files_and_special_files(tree: Path) -> None:
    (tree / ".gitignore").write_text("**/a*a*a*a*a*a*a*a*a*a*a*b\n")
    (tree / ("a" * 60)).write_text("x\n")
    os.mkfifo(tree / "docs" / ".gitignore")  # a blocking read would hang forever
    (tree / "pkg" / ".gitignore").symlink_to("/dev/zero")  # a whole read never ends
    (tree / ".git").mkdir()
    with open(tree / ".git" / "HEAD", "wb") as handle:
        handle.truncate(3 << 30)  # sparse: 3 GiB that must not be loaded
    with open(tree / "docs" / "huge.md", "wb") as handle:
        handle.truncate(3 << 30)
    os.mkfifo(tree / "docs" / "pipe.md")
    done = _pse("verify", str(tree / "docs" / "a.md"), "--source", str(tree), "--format",
                "json")
    assert json.loads(done.stdout)["summary"]["verified"] == 2
    whole = _pse("verify", str(tree / "docs"), "--source", str(tree))
    assert whole.returncode == 2 and "huge.md" in whole.stderr  # one line: too large


def test_verify_on_a_tree_deeper_than_the_recursion_limit(tree: Path) -> None:
    fd = os.open(tree / "docs", os.O_RDONLY)
    for _ in range(1100):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(fd)
    try:
        done = _verify(tree, "--format", "json")
        assert json.loads(done.stdout)["summary"]["verified"] == 2
        assert "not entered" in done.stderr or done.returncode == 0
    finally:
        subprocess.run(["rm", "-rf", "--", str(tree)], check=False)


def test_verify_shows_names_that_are_not_utf8_escaped(tree: Path) -> None:
    base = os.fsencode(tree)
    with open(base + b"/docs/caf\xff.md", "wb") as handle:
        handle.write(b"# Odd\n\nCall `run()`.\n")
    with open(base + b"/pkg/m\xfe.py", "wb") as handle:
        handle.write(b"def other():\n    pass\n")
    for fmt in ("text", "sarif"):
        _verify(tree, "--format", fmt)  # stdout decoded strictly: no lone surrogates
    for fmt in ("json", "html"):
        done = _verify(tree, "--format", fmt)
        assert "caf\\xff.md" in done.stdout.replace("\\\\", "\\"), fmt
    assert "pkg/m\\xfe.py: the name is not UTF-8; not indexed" in done.stderr


def test_html_report_never_renders_a_document_linked_out_of_the_tree(tree: Path,
                                                                     tmp_path: Path) -> None:
    outside = tmp_path / "passwd"
    outside.write_text("root:x:0:0:SECRET-LINE:/root:/bin/bash\n")
    (tree / "docs" / "leak.md").symlink_to(outside)
    (tree / "docs" / "inside.md").symlink_to(tree / "docs" / "a.md")  # inside: still read
    done = _verify(tree, "--format", "html")
    assert "SECRET-LINE" not in done.stdout
    assert "leak.md" in done.stderr and "outside" in done.stderr
    checked = json.loads(_verify(tree, "--format", "json").stdout)["references"]
    # a.md's two references, once: inside.md is the same document (checked once)
    assert len(checked) == 2


@pytest.mark.parametrize("plant", ["fifo", "deep-nesting", "huge", "sparse", "dev-zero"])
def test_index_facts_on_a_hostile_setup_py(tree: Path, plant: str) -> None:
    setup = tree / "setup.py"
    if plant == "fifo":
        os.mkfifo(setup)
    elif plant == "deep-nesting":  # the parser runs out of stack or memory on it
        setup.write_text("setup(name=" + "-" * 200_000 + "1)\n")
    elif plant == "huge":
        setup.write_text("setup(name='x')\n" + "#" * (4 << 20) + "\n")
    elif plant == "sparse":
        with open(setup, "wb") as handle:
            handle.truncate(3 << 30)
    else:
        setup.symlink_to("/dev/zero")
    (tree / "PKG-INFO").symlink_to("/dev/zero")
    os.mkfifo(tree / "setup.cfg")
    done = _pse("index", str(tree), "--facts")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "pkg"  # the package, since setup.py is unread
