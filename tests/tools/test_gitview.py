"""Git with nothing planted: submodules' config never read, links inside ``.git`` refused
or masked, in both isolation modes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings, call_tool
from pse.tools.gitview import build_view

from .test_gitsafe import HAS_GIT, MODES, _git

CANARY = "CANARY-OUTSIDE-GITVIEW-4T"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if not HAS_GIT:
        pytest.skip("git is not installed")
    root = tmp_path / "proj"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (root / "README.md").write_text("# demo\n")
    (root / "a.txt").write_text("one\n")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "first")
    return root


def _run(repo: Path, mode: str, argv: list[str]) -> str:
    sandbox = Sandbox([repo], settings=ToolSettings(isolation=mode))
    return call_tool(sandbox, "run_command", {"argv": argv})


def _submodule(repo: Path) -> Path:
    origin = repo.parent / "origin"
    origin.mkdir()
    (origin / "s.txt").write_text("sub\n")
    _git(origin, "init", "-q")
    _git(origin, "add", "-A")
    _git(origin, "commit", "-qm", "sub")
    _git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(origin), "sub")
    _git(repo, "commit", "-qm", "add sub")
    (repo / "sub" / "s.txt").write_text("SUB\n")  # same size: git must hash it
    os.utime(repo / "sub" / "s.txt", ns=(1, 1))
    return repo / ".git" / "modules" / "sub"


def _plant(config: Path, section: str, key: str, marker: Path) -> None:
    with open(config, "a", encoding="utf-8") as handle:
        handle.write(f'[{section}]\n\t{key} = "touch {marker}; cat"\n')


SUBMODULE_KEYS = [('filter "x"', "clean"), ('filter "x"', "process"), ("core", "fsmonitor"),
                  ("diff", "external"), ('diff "x"', "textconv"), ("core", "pager"),
                  ("core", "sshCommand"), ("core", "hooksPath")]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("argv", [["git", "status"], ["git", "diff"], ["git", "diff", "HEAD"],
                                  ["git", "status", "--porcelain"]])
@pytest.mark.parametrize(("section", "key"), SUBMODULE_KEYS)
def test_submodule_config_runs_nothing(repo: Path, mode: str, argv: list[str], section: str,
                                       key: str) -> None:
    gitdir = _submodule(repo)
    marker = repo.parent / "RAN"
    _plant(gitdir / "config", section, key, marker)
    (gitdir / "info").mkdir(exist_ok=True)
    (gitdir / "info" / "attributes").write_text("* filter=x diff=x\n")
    out = _run(repo, mode, argv)
    assert out.endswith("[exit code 0]"), out
    assert not marker.exists()


def test_plain_git_runs_the_submodule_filter(repo: Path) -> None:
    # The attack is real: git itself enters the submodule (so the test above can fail).
    gitdir = _submodule(repo)
    marker = repo.parent / "RAN"
    _plant(gitdir / "config", 'filter "x"', "clean", marker)
    (gitdir / "info").mkdir(exist_ok=True)
    (gitdir / "info" / "attributes").write_text("* filter=x\n")
    subprocess.run(["git", "-C", str(repo), "status"], capture_output=True, check=True)
    assert marker.exists()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("argv", [["git", "status"], ["git", "diff"]])
def test_nested_repository_config_runs_nothing(repo: Path, mode: str, argv: list[str]) -> None:
    nested = repo / "vendor"
    nested.mkdir()
    (nested / "v.txt").write_text("v\n")
    _git(nested, "init", "-q")
    _git(nested, "add", "-A")
    _git(nested, "commit", "-qm", "v")
    _git(repo, "add", "vendor")
    _git(repo, "commit", "-qm", "gitlink")
    marker = repo.parent / "RAN"
    _plant(nested / ".git" / "config", "core", "fsmonitor", marker)
    _plant(nested / ".git" / "config", 'filter "x"', "clean", marker)
    (nested / ".gitattributes").write_text("* filter=x\n")
    (nested / "v.txt").write_text("w\n")
    out = _run(repo, mode, argv)
    assert out.endswith("[exit code 0]"), out
    assert not marker.exists()


def _outside(repo: Path, text: str = f"{CANARY}\n") -> Path:
    target = repo.parent / "outside" / "target"
    target.write_text(text)
    return target


def _replace(place: Path, target: Path, kind: str) -> None:
    place.parent.mkdir(parents=True, exist_ok=True)
    if place.exists():
        place.unlink()
    if kind == "symlink":
        place.symlink_to(target)
    else:
        os.link(target, place)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
@pytest.mark.parametrize(("place", "argv"), [
    ("packed-refs", ["git", "log", "--oneline"]),
    ("index", ["git", "status"]),
    ("HEAD", ["git", "log", "--oneline"]),
    ("refs/heads/evil", ["git", "log", "--oneline", "--all"]),
    ("logs/HEAD", ["git", "show", "HEAD@{0}"]),
    ("info/exclude", ["git", "status", "--ignored"]),
])
def test_links_git_reads_are_refused(repo: Path, mode: str, kind: str, place: str,
                                     argv: list[str]) -> None:
    _replace(repo / ".git" / place, _outside(repo), kind)
    out = _run(repo, mode, argv)
    assert "[not-allowed]" in out and place in out, out
    assert CANARY not in out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
@pytest.mark.parametrize("place", ["rebase-merge/git-rebase-todo", "rebase-merge/done",
                                   "sequencer/todo", "MERGE_MSG", "modules/x/config"])
def test_links_git_does_not_need_are_masked(repo: Path, mode: str, kind: str,
                                            place: str) -> None:
    (repo / ".git" / "rebase-merge").mkdir()
    (repo / ".git" / "rebase-merge" / "head-name").write_text("refs/heads/main\n")
    (repo / ".git" / "rebase-merge" / "onto").write_text("0" * 40 + "\n")
    _replace(repo / ".git" / place, _outside(repo, f"pick 0000000 {CANARY}\n"), kind)
    out = _run(repo, mode, ["git", "status"])
    assert out.endswith("[exit code 0]") and CANARY not in out, out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", ["symlink", "hardlink", "file"])
def test_alternates_never_reach_another_object_store(repo: Path, mode: str, kind: str) -> None:
    other = repo.parent / "outside" / "other"
    other.mkdir()
    (other / "private.txt").write_text(f"{CANARY}\n")
    _git(other, "init", "-q")
    _git(other, "add", "-A")
    _git(other, "commit", "-qm", "private")
    blob = _git(other, "rev-parse", "HEAD:private.txt").strip()
    alternates = repo / ".git" / "objects" / "info" / "alternates"
    listing = _outside(repo, f"{other / '.git' / 'objects'}\n")
    if kind == "file":
        alternates.write_text(listing.read_text())
    else:
        _replace(alternates, listing, kind)
    subprocess.run(["git", "-C", str(repo), "cat-file", "-e", blob], check=True)  # it works
    for argv in (["git", "show", blob], ["git", "grep", "-e", "CANARY", blob]):
        out = _run(repo, mode, argv)
        assert "[not-allowed]" in out and "alternates" in out, out
        assert CANARY not in out


@pytest.mark.parametrize("mode", MODES)
def test_symlinked_object_folder_is_refused(repo: Path, mode: str) -> None:
    objects = repo / ".git" / "objects"
    loose = next(p for p in sorted(objects.iterdir()) if len(p.name) == 2)
    moved = repo.parent / "outside" / loose.name
    loose.rename(moved)
    loose.symlink_to(moved)
    out = _run(repo, mode, ["git", "log", "--oneline"])
    assert "[not-allowed]" in out and "symlink" in out, out


@pytest.mark.parametrize("pointer", ["commondir", "gitdir"])
def test_pointer_files_that_are_links_are_refused(tmp_path: Path, repo: Path,
                                                  pointer: str) -> None:
    linked = tmp_path / "linked"
    _git(repo, "worktree", "add", "-q", str(linked))
    gitdir = repo / ".git" / "worktrees" / "linked"
    real = gitdir / pointer
    copy = tmp_path / "outside" / pointer
    copy.write_text(real.read_text())
    real.unlink()
    real.symlink_to(copy)
    out = call_tool(Sandbox([linked]), "run_command", {"argv": ["git", "log", "--oneline"]})
    assert "[not-allowed]" in out and pointer in out, out


def test_view_holds_pse_config_and_no_hooks_or_modules(repo: Path, tmp_path: Path) -> None:
    _submodule(repo)
    with open(repo / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write('[core]\n\tfsmonitor = "x"\n[include]\n\tpath = /etc/passwd\n')
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    view = build_view(repo / ".git", repo / ".git", scratch).path
    config = (view / "config").read_text()
    assert "fsmonitor = false" in config and "ignoreSubmodules = all" in config
    assert "include" not in config and "/etc/passwd" not in config
    assert sorted(p.name for p in view.iterdir()) == [
        "HEAD", "config", "index", "info", "logs", "objects", "refs"]
    assert (view / "objects").resolve() == (repo / ".git" / "objects").resolve()


def test_view_fingerprint_follows_refs_and_index(repo: Path, tmp_path: Path) -> None:
    def fingerprint(name: str) -> str:
        (tmp_path / name).mkdir()
        return build_view(repo / ".git", repo / ".git", tmp_path / name).fingerprint

    first = fingerprint("a")
    assert fingerprint("b") == first
    _git(repo, "tag", "t1")
    tagged = fingerprint("c")
    (repo / "new.txt").write_text("n\n")
    _git(repo, "add", "new.txt")
    assert len({first, tagged, fingerprint("d")}) == 3
