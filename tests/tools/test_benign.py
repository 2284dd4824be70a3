"""Benign repositories: the confined tools give the answers plain programs give.

The hardening must not change what the article pipeline reads: on an ordinary repository
(history with a rename, a merge, tags, a ``.mailmap``, a built-in diff driver, a dirty
work tree) every git history command, ``ls``/``wc``/``head`` and the file tools answer, in
both isolation modes, exactly what the same program prints run directly, unconfined.

(One known difference, older than the isolation: ``git log``/``show`` always carry the
pathspecs that hide secret files, and a pathspec turns on git's history simplification,
so a merge whose one side changed nothing in the end hides that side.)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings
from pse.tools.isolation import isolation_mode

from .support import make_tree

HAS_GIT = subprocess.run(["git", "--version"], capture_output=True, check=False).returncode == 0
MODES = [pytest.param("auto", marks=pytest.mark.skipif(
    isolation_mode() != "bubblewrap", reason="bubblewrap does not work here (CI installs it)")),
    "none"]
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("git", "log", "--oneline", "--all", "--graph"), ("git", "log", "-p", "-3"),
    ("git", "log", "--stat", "--format=%h %an <%ae> %s"), ("git", "log", "--use-mailmap",
                                                           "--format=%aN %aE"),
    ("git", "log", "--format=%H %P %d", "--all"), ("git", "show", "HEAD"),
    ("git", "show", "HEAD~2:src/app.py"), ("git", "show", "v1", "--stat"),
    ("git", "diff", "HEAD~3", "HEAD"), ("git", "diff"), ("git", "diff", "--cached"),
    ("git", "diff", "HEAD", "--", "src"), ("git", "log", "--", "README.txt"),
    ("git", "status"), ("git", "status", "-s", "-b"),
    ("git", "status", "--porcelain", "--ignored"), ("git", "blame", "src/app.py"),
    ("git", "grep", "-n", "def"), ("git", "grep", "-n", "-e", "hello", "v1"),
    ("git", "ls-files"), ("git", "ls-files", "-s"), ("git", "ls-files", "-o"),
    ("ls",), ("ls", "-a", "src"), ("wc", "-l", "README.txt", "src/app.py"),
    ("head", "-n", "3", "src/app.py"),
)


def _git(root: Path, *args: str, when: int = 0) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": f"{1_700_000_000 + when} +0100",
           "GIT_COMMITTER_DATE": f"{1_700_000_000 + when} +0100"}
    subprocess.run(["git", "-C", str(root), "-c", "user.name=Ann Example", "-c",
                    "user.email=ann@old.example", "-c", "commit.gpgsign=false", *args],
                   check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def benign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not HAS_GIT:
        pytest.skip("git is not installed")
    root = tmp_path_factory.mktemp("benign") / "repo"
    make_tree(root, {"README.md": "# Demo\n\nhello world\n", "src/app.py": "def main():\n"
                     "    return 'hello'\n", ".gitattributes": "*.py diff=python\n",
                     ".mailmap": "Ann Example <ann@new.example> <ann@old.example>\n",
                     ".gitignore": "*.log\n"})
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "first", when=1)
    _git(root, "tag", "v1")
    _git(root, "checkout", "-qb", "feature")
    make_tree(root, {"src/util.py": "def helper():\n    return 2\n"})
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "add util", when=2)
    _git(root, "checkout", "-q", "main")
    _git(root, "mv", "README.md", "README.txt")
    _git(root, "commit", "-qm", "rename readme", when=3)
    make_tree(root, {"README.txt": "# Demo\n\nhello world, again\n"})
    _git(root, "commit", "-qam", "reword readme", when=4)
    _git(root, "merge", "-q", "--no-ff", "feature", "-m", "merge feature", when=5)
    make_tree(root, {"src/app.py": "def main():\n    return 'hello there'\n",
                     "notes.md": "untracked\n", "debug.log": "ignored\n"})
    make_tree(root, {"docs/guide.md": "guide\n"})
    _git(root, "add", "docs/guide.md")
    return root


def _plain(root: Path, argv: tuple[str, ...]) -> str:
    """What the program prints run directly (no sandbox), in pse's output format."""
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
        program = [argv[0], "--no-pager", *argv[1:]] if argv[0] == "git" else list(argv)
        done = subprocess.run(program, cwd=root, env=env, capture_output=True, text=True,
                              check=False)
    return done.stdout.rstrip("\n") + f"\n[exit code {done.returncode}]"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_confined_command_answers_like_the_plain_program(benign: Path, mode: str,
                                                         argv: tuple[str, ...]) -> None:
    sandbox = Sandbox([benign], settings=ToolSettings(isolation=mode))
    out = sandbox.run_command(list(argv))
    body = out.split("\n", 1)[1]  # after the "$ command" line
    assert _undated(body) == _undated(_plain(benign, argv).lstrip("\n"))


def _undated(output: str) -> str:
    """Blame dates a work-tree change with the clock: two runs may straddle a second."""
    return _UNCOMMITTED_DATE.sub(r"\1<now>", output)


_UNCOMMITTED_DATE = re.compile(r"(Not Committed Yet )\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}")


def test_benign_answers_are_not_empty(benign: Path) -> None:
    # The comparison above must compare something.
    sandbox = Sandbox([benign], settings=ToolSettings(isolation="none"))
    assert "merge feature" in sandbox.run_command(["git", "log", "--oneline"])
    assert "Ann Example ann@new.example" in sandbox.run_command(
        ["git", "log", "--use-mailmap", "--format=%aN %aE", "-1"])
    assert "M  docs/guide.md" in sandbox.run_command(["git", "status", "-s"]) or (
        "A  docs/guide.md" in sandbox.run_command(["git", "status", "-s"]))


@pytest.mark.parametrize("mode", MODES)
def test_file_tools_read_the_same_files(benign: Path, mode: str) -> None:
    sandbox = Sandbox([benign], settings=ToolSettings(isolation=mode))
    text = sandbox.read_file("src/app.py")
    assert text.splitlines()[1:] == [f"{n:>6}\t{line}" for n, line in enumerate(
        (benign / "src" / "app.py").read_text().splitlines(), start=1)]
    listing = sandbox.list_dir(".")
    assert all(name in listing for name in os.listdir(benign) if name != ".git")
    assert "src/app.py:2:" in sandbox.grep("hello", path="src")


@pytest.mark.skipif(isolation_mode() != "bubblewrap",
                    reason="bubblewrap does not work here (CI installs it)")
def test_isolated_pytest_collection_lists_what_plain_pytest_lists(tmp_path: Path) -> None:
    root = make_tree(tmp_path / "proj", {
        "pyproject.toml": '[tool.pytest.ini_options]\nmarkers = ["slow"]\n',
        "tests/conftest.py": "import pytest\n\n@pytest.fixture\ndef n():\n    return 1\n",
        "tests/test_a.py": "import pytest\n\n@pytest.mark.parametrize('x', [1, 2])\n"
                           "def test_p(x, n):\n    pass\n\nclass TestC:\n"
                           "    def test_m(self):\n        pass\n",
        "src/pkg/__init__.py": "", "tests/test_b.py": "def test_b():\n    pass\n"})
    out = Sandbox([root]).run_command(["python", "-m", "pytest", "--co", "-q"])
    done = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p",
                           "no:cacheprovider", "--capture=no"], cwd=root, capture_output=True,
                          text=True, check=False, env={"PATH": os.environ["PATH"],
                                                       "PYTHONDONTWRITEBYTECODE": "1"})
    ids = [line for line in out.splitlines() if "::" in line]
    assert ids == [line for line in done.stdout.splitlines() if "::" in line]
    assert len(ids) == 4 and out.endswith("[exit code 0]")
