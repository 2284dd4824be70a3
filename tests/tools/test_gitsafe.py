"""Git hardening: the repository's program-running config is neutralised, in both modes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from pse.tools import RefusalError, Sandbox, ToolSettings
from pse.tools.gitsafe import git_directory
from pse.tools.isolation import isolation_mode

from .support import make_tree

HAS_GIT = subprocess.run(["git", "--version"], capture_output=True, check=False).returncode == 0
MODES = [pytest.param("auto", marks=pytest.mark.skipif(
    isolation_mode() != "bubblewrap", reason="bubblewrap does not work here (CI installs it)")),
    "none"]


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@e",
                           "-c", "commit.gpgsign=false", *args], check=True,
                          capture_output=True, text=True).stdout


@pytest.fixture
def repo(project: Path) -> Path:
    if not HAS_GIT:
        pytest.skip("git is not installed")
    make_tree(project, {"README.md": "# demo\n", "a.txt": "one\n"})
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-qm", "first")
    (project / "a.txt").write_text("two\n")
    os.utime(project / "a.txt", ns=(1, 1))  # same size, other mtime: git must hash it
    return project


def _plant(repo: Path, section: str, key: str, command: str) -> Path:
    marker = repo.parent / f"RAN-{key}"
    with open(repo / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write(f'[{section}]\n\t{key} = "touch {marker}; cat"\n')
    return marker


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("attributes", "section", "key", "argv"), [
    ("* filter=evil", 'filter "evil"', "clean", ["git", "status"]),
    ("* filter=evil", 'filter "evil"', "clean", ["git", "diff"]),
    ("* filter=evil", 'filter "evil"', "clean", ["git", "diff", "HEAD"]),
    ("* filter=evil", 'filter "evil"', "clean", ["git", "blame", "a.txt"]),
    ("* filter=evil", 'filter "evil"', "process", ["git", "status"]),
    ("* filter=a=b.c", 'filter "a=b.c"', "clean", ["git", "status"]),
    ("* diff=evil", 'diff "evil"', "textconv", ["git", "log", "-p"]),
    ("* diff=evil", 'diff "evil"', "command", ["git", "diff"]),
    ("", "diff", "external", ["git", "diff"]),
    ("", "core", "fsmonitor", ["git", "status"]),
    ("", "pager", "log", ["git", "log"]),
])
def test_repository_config_cannot_run_programs(repo: Path, mode: str, attributes: str,
                                               section: str, key: str, argv: list[str]) -> None:
    (repo / ".gitattributes").write_text(attributes + "\n")
    marker = _plant(repo, section, key, "cat")
    out = Sandbox([repo], settings=ToolSettings(isolation=mode)).run_command(argv)
    assert out.endswith("[exit code 0]"), out
    assert not marker.exists()


def test_plain_git_does_run_the_planted_filter(repo: Path) -> None:
    # The attack is real: git itself runs it (so the test above can fail).
    (repo / ".gitattributes").write_text("* filter=evil\n")
    marker = _plant(repo, 'filter "evil"', "clean", "cat")
    _git(repo, "status")
    assert marker.exists()


def test_inherited_git_environment_is_ignored(repo: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    marker = repo.parent / "RAN-env"
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", f"touch {marker}; true")
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", f"'core.pager=touch {marker}'")
    monkeypatch.setenv("GIT_DIR", "/nonexistent")
    out = Sandbox([repo], settings=ToolSettings(isolation="none")).run_command(["git", "diff"])
    assert "+two" in out and "-one" in out and not marker.exists()


def test_config_moving_the_work_tree_outside_is_overridden(repo: Path) -> None:
    outside = repo.parent / "proj2"
    with open(repo / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write(f"[core]\n\tworktree = {outside}\n")
    out = Sandbox([repo], settings=ToolSettings(isolation="none")).run_command(
        ["git", "grep", "-n", "secret"])
    assert "sibling secret" not in out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("where", ["outside", "inside"])
def test_included_config_is_never_read(repo: Path, mode: str, where: str) -> None:
    # git never reads the repository's config (it runs against pse's own view), so an
    # include, wherever it points, names nothing git runs.
    folder = repo.parent / "proj2" if where == "outside" else repo
    marker = repo.parent / f"RAN-include-{where}"
    (folder / "evil.cfg").write_text(f'[diff "x"]\n\ttextconv = "touch {marker}; cat"\n'
                                     f'[core]\n\tpager = "touch {marker}; cat"\n')
    (repo / ".gitattributes").write_text("* diff=x\n")
    with open(repo / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write(f"[include]\n\tpath = {folder / 'evil.cfg'}\n")
    out = Sandbox([repo], settings=ToolSettings(isolation=mode)).run_command(
        ["git", "log", "-p"])
    assert out.endswith("[exit code 0]"), out
    assert not marker.exists()


def test_git_directory_pointing_outside_is_refused(tmp_path: Path, repo: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / ".git").write_text(f"gitdir: {repo / '.git'}\n")
    with pytest.raises(RefusalError, match="outside the project"):
        git_directory(other, (other,))
    (other / ".git").unlink()
    (other / ".git").symlink_to(repo / ".git")
    with pytest.raises(RefusalError, match="outside the project"):
        git_directory(other, (other,))


def test_linked_worktree_keeps_its_git_tools(tmp_path: Path, repo: Path) -> None:
    linked = tmp_path / "linked"
    _git(repo, "worktree", "add", "-q", str(linked))
    dirs = git_directory(linked.resolve(), (linked.resolve(),))
    assert dirs.outside == (Path(os.path.realpath(repo / ".git")),)
    out = Sandbox([linked]).run_command(["git", "log", "--oneline"])
    assert "first" in out and out.endswith("[exit code 0]")
