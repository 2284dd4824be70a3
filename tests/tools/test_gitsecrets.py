"""Deny-listed files and secret values stay out of git's output, in both isolation modes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolSettings, call_tool

from .test_gitsafe import HAS_GIT, MODES, _git

SECRET = "CANARY-NETRC-7Y"
KEY = "sk-test-Hq4ZmV81pLx0aTcR"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if not HAS_GIT:
        pytest.skip("git is not installed")
    root = tmp_path / "proj"
    root.mkdir()
    (root / "README.md").write_text("# old readme\n")
    (root / ".netrc").write_text(f"machine x password {SECRET}\n")
    (root / ".env").write_text(f"TOKEN={SECRET}\n")
    (root / "notes.txt").write_text(f"key = {KEY}\n")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "first")
    (root / "README.md").write_text("# new readme\n")
    _git(root, "commit", "-qam", "second")
    return root


def _sandbox(repo: Path, mode: str, *, key: bool = True) -> Sandbox:
    return Sandbox([repo], settings=ToolSettings(isolation=mode),
                   environ={"ACME_API_KEY": KEY} if key else {})


def _run(sandbox: Sandbox, *argv: str) -> str:
    return call_tool(sandbox, "run_command", {"argv": ["git", *argv]})


def _blob(repo: Path, rev: str) -> str:
    return _git(repo, "rev-parse", rev).strip()


@pytest.mark.parametrize("mode", MODES)
def test_blob_ids_of_secret_files_are_refused_in_every_spelling(repo: Path, mode: str) -> None:
    sandbox = _sandbox(repo, mode)
    listing = _run(sandbox, "ls-files", "-s")
    blob = re.search(r"(\w{40}) 0\t\.netrc", listing)
    assert blob is not None, listing  # the id is visible; what it names is not
    oid = blob.group(1)
    _git(repo, "tag", "light", oid)
    _git(repo, "tag", "-a", "-m", "annotated", "heavy", oid)
    for argv in (["show", oid], ["show", oid[:7]], ["show", f"{oid}^{{blob}}"],
                 ["grep", "-e", "", oid], ["grep", "-e", "", oid[:10]],
                 ["show", "HEAD^{/[^:]}:.netrc"], ["show", "HEAD^{/first}:.netrc"],
                 ["show", "light"], ["show", "heavy"], ["show", "heavy^{}"],
                 ["show", "--all"], ["show", "--tags"], ["diff", oid, "HEAD:README.md"],
                 ["show", "HEAD@{0}:.netrc"], ["show", "main~1:.netrc"],
                 ["grep", "-e", "", "HEAD^{tree}"]):
        out = _run(sandbox, *argv)
        assert "[secret-file]" in out, (argv, out)
        assert SECRET not in out


@pytest.mark.parametrize("mode", MODES)
def test_dangling_blobs_are_refused(repo: Path, mode: str) -> None:
    (repo / ".envrc").write_text(f"export X={SECRET}\n")
    oid = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", ".envrc"],
                         capture_output=True, text=True, check=True).stdout.strip()
    out = _run(_sandbox(repo, mode), "show", oid[:9])
    assert "[secret-file]" in out and SECRET not in out


@pytest.mark.parametrize("mode", MODES)
def test_blobs_readable_by_name_stay_readable_by_id(repo: Path, mode: str) -> None:
    sandbox = _sandbox(repo, mode)
    old = _blob(repo, "HEAD~1:README.md")
    assert "# old readme" in _run(sandbox, "show", old[:8])
    assert "# new readme" in _run(sandbox, "show", "HEAD:README.md")
    assert "# new readme" in _run(sandbox, "grep", "-e", "readme", "HEAD")
    assert "first" in _run(sandbox, "log", "--oneline", "--all")


@pytest.mark.parametrize("mode", MODES)
def test_git_grep_is_no_oracle_for_secret_values(repo: Path, mode: str) -> None:
    sandbox = _sandbox(repo, mode)
    pieces = _run(sandbox, "grep", "-h", "-o", "-E", "-e", ".{1,5}")
    assert "notes.txt" not in _run(sandbox, "grep", "-o", "-E", "-e", ".{1,5}")
    assert KEY[:5] not in pieces and "Hq4Zm" not in pieces
    right = [_run(sandbox, "grep", *opts, KEY[:n]) for n in (4, 8) for opts in (["-c"], ["-l"])]
    wrong = [_run(sandbox, "grep", *opts, "zz-Q" + "x" * (n - 4)) for n in (4, 8)
             for opts in (["-c"], ["-l"])]
    assert [r.splitlines()[1:] for r in right] == [w.splitlines()[1:] for w in wrong]
    assert "notes.txt" in _run(_sandbox(repo, mode, key=False), "grep", "-l", "key")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("option", [["-S", "sk-t"], ["-Gsk-t"], ["--word-diff-regex=."],
                                    ["--color-words=."], ["--pickaxe-regex", "-S", "x"]])
def test_searching_every_version_is_refused_while_pse_holds_secrets(
        repo: Path, mode: str, option: list[str]) -> None:
    out = _run(_sandbox(repo, mode), "log", "-p", *option)
    assert "[not-allowed]" in out and KEY not in out
    assert "[exit code 0]" in _run(_sandbox(repo, mode, key=False), "log", "-p", *option)
    assert "[exit code 0]" in _run(_sandbox(repo, mode), "log", "-p", "--word-diff")


def test_grep_tool_redacts_before_matching(repo: Path) -> None:
    sandbox = _sandbox(repo, "none")
    for pattern in (KEY, KEY[:6], "Hq4Z", r"sk-\w"):
        assert "no matches" in sandbox.grep(pattern), pattern
    assert "[REDACTED:ACME_API_KEY]" in sandbox.grep("key = ")


@pytest.mark.parametrize("path", [".envrc", ".git/modules/sub/config", "sub/.git/config",
                                  ".git/worktrees/w/config.worktree", ".git/FETCH_HEAD",
                                  ".git/logs/HEAD"])
def test_config_with_remote_urls_is_deny_listed(repo: Path, path: str) -> None:
    file = repo / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(f"[remote]\n\turl = https://user:{SECRET}@example.com/r\n")
    out = call_tool(_sandbox(repo, "none"), "read_file", {"path": path})
    assert "[secret-file]" in out and SECRET not in out
