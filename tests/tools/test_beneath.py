"""Open, then check: paths are opened beneath a root by descriptors, races included."""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.tools import RefusalError, Sandbox, ToolCallFailed, ToolSettings, beneath
from pse.tools.beneath import OutsideError, open_beneath

from .support import make_tree

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


@pytest.fixture(params=["openat2", "walk"])
def resolver(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test with the kernel's openat2 and with the O_NOFOLLOW walk alone."""
    if request.param == "walk":
        monkeypatch.setattr(beneath, "_libc_syscall", lambda: None)
    return str(request.param)


def _read(roots: list[Path], path: str) -> tuple[str, bytes]:
    opened = open_beneath(roots, path)
    with os.fdopen(opened.fd, "rb") as handle:
        return opened.rel, handle.read()


def test_open_beneath_resolves_links_that_stay_inside(project: Path, resolver: str) -> None:
    make_tree(project, {"src/a.txt": "A\n", "docs/b.txt": "B\n"})
    (project / "docs" / "up").symlink_to("../src")
    (project / "abs").symlink_to(project / "src" / "a.txt")
    assert _read([project], "docs/up/a.txt") == ("src/a.txt", b"A\n")
    assert _read([project], "docs/up/../docs/b.txt") == ("docs/b.txt", b"B\n")
    assert _read([project], "abs") == ("src/a.txt", b"A\n")
    assert _read([project], str(project / "docs" / "b.txt")) == ("docs/b.txt", b"B\n")


def test_open_beneath_never_leaves_the_roots(project: Path, tmp_path: Path,
                                             resolver: str) -> None:
    make_tree(project, {"src/a.txt": "A\n"})
    (project / "out").symlink_to(tmp_path / "proj2")
    (project / "rel").symlink_to("../proj2/secret.txt")
    (project / "cwd").symlink_to("/proc/self/cwd")
    for path in ("out/secret.txt", "rel", "../proj2/secret.txt", "src/../../proj2/secret.txt",
                 "cwd/proj2/secret.txt", str(tmp_path / "proj2" / "secret.txt")):
        with pytest.raises(OutsideError):
            open_beneath([project], path)


def test_open_beneath_follows_a_link_into_another_root(project: Path, tmp_path: Path,
                                                       resolver: str) -> None:
    other = tmp_path / "proj2"
    (project / "peer").symlink_to(other)
    assert _read([project, other], "peer/secret.txt") == ("secret.txt", b"sibling secret\n")


def test_open_beneath_stops_link_loops(project: Path, resolver: str) -> None:
    (project / "a").symlink_to("b")
    (project / "b").symlink_to("a")
    with pytest.raises(OSError, match="symbolic links"):
        open_beneath([project], "a")


def test_proc_paths_are_never_followed(project: Path) -> None:
    sandbox = Sandbox([project])
    (project / "me").symlink_to("/proc/self/root/etc/hostname")
    for path in ("me", "/proc/self/cwd/me", "/proc/self/root/etc/hostname"):
        with pytest.raises(RefusalError) as info:
            sandbox.read_file(path)
        assert info.value.code == "outside-root"


def _exchange(a: Path, b: Path) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b),
                      _RENAME_EXCHANGE) != 0:
        raise OSError(ctypes.get_errno(), "renameat2")


@pytest.fixture
def swapping(project: Path, tmp_path: Path) -> Iterator[tuple[Path, threading.Event]]:
    """``project/d`` swapped with a symlink to an outside folder, as fast as possible."""
    make_tree(project, {"d/f.txt": "INSIDE-CONTENT\n"})
    outside = tmp_path / "outside"
    make_tree(outside, {"f.txt": "OUTSIDE-CONTENT\n"})
    (project / "l").symlink_to(outside)
    try:
        _exchange(project / "d", project / "l")
        _exchange(project / "d", project / "l")
    except (OSError, AttributeError):
        pytest.skip("renameat2(RENAME_EXCHANGE) is not available here")
    stop = threading.Event()
    swaps = [0]

    def swap() -> None:
        while not stop.is_set() and swaps[0] < 2_000_000:
            _exchange(project / "d", project / "l")
            swaps[0] += 1

    thread = threading.Thread(target=swap, daemon=True)
    thread.start()
    yield project, stop
    stop.set()
    thread.join()
    assert swaps[0] > 100  # the race really ran


@pytest.mark.parametrize("mode", ["auto", "none"])
def test_swapping_a_folder_for_a_link_never_returns_outside_content(
        swapping: tuple[Path, threading.Event], mode: str) -> None:
    project, _ = swapping
    sandbox = Sandbox([project], settings=ToolSettings(isolation=mode))
    seen = {"inside": 0, "outside": 0, "refused": 0}
    calls = [lambda: sandbox.read_file("d/f.txt"),
             lambda: sandbox.grep("CONTENT"),
             lambda: sandbox.grep("CONTENT", path="d"),
             lambda: sandbox.list_dir("d")]
    for index in range(1200):
        try:
            out = calls[index % len(calls)]()
        except (RefusalError, ToolCallFailed):
            seen["refused"] += 1
            continue
        seen["outside"] += "OUTSIDE" in out
        seen["inside"] += "INSIDE" in out
    assert seen["outside"] == 0, seen
    assert seen["inside"] > 0, seen


@pytest.mark.parametrize("mode", ["auto", "none"])
def test_commands_get_the_path_pse_resolved(project: Path, tmp_path: Path, mode: str) -> None:
    # A link through /proc/self/cwd means one thing to pse and another to `head` (whose
    # cwd differs); pse never follows it, and hands programs link-free paths.
    make_tree(project, {"src/a.txt": "A-CONTENT\n"})
    (project / "via-proc").symlink_to("/proc/self/cwd/src/a.txt")
    (project / "alias").symlink_to("src")
    sandbox = Sandbox([project], settings=ToolSettings(isolation=mode))
    with pytest.raises(RefusalError) as info:
        sandbox.run_command(["head", "via-proc"])
    assert info.value.code == "outside-root"
    out = sandbox.run_command(["head", "-n", "1", "alias/a.txt", "src/a.txt"])
    assert "==> src/a.txt <==" in out and "alias" not in out.splitlines()[1], out
