"""grep: pure-Python search with globs, bounded results, skipped files counted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pse.tools import Sandbox, ToolCallFailed, ToolSettings

from .support import make_tree


@pytest.fixture
def sandbox(project: Path) -> Sandbox:
    make_tree(project, {
        "src/app.py": "def main():\n    return helper()\n",
        "src/util/helper.py": "def helper():\n    return 1\n",
        "docs/guide.md": "Call helper() from main.\n",
        "build/out.py": "def helper(): pass\n",
        ".gitignore": "build/\n",
        ".env": "HELPER_TOKEN=abc\n",
    })
    return Sandbox([project])


def test_grep_reports_path_line_text_sorted(sandbox: Sandbox) -> None:
    assert sandbox.grep("helper").splitlines() == [
        "docs/guide.md:1: Call helper() from main.",
        "src/app.py:2:     return helper()",
        "src/util/helper.py:1: def helper():",
        "3 matching lines in 4 files searched; skipped: 1 secret-file"]


def test_grep_respects_root_gitignore(sandbox: Sandbox) -> None:
    assert "build/out.py" not in sandbox.grep("helper")


@pytest.mark.parametrize(("glob", "files"), [
    ("*.py", {"src/app.py", "src/util/helper.py"}),
    ("src/*.py", {"src/app.py"}),
    ("src/**/*.py", {"src/app.py", "src/util/helper.py"}),
    ("docs/guide.md", {"docs/guide.md"}),
    ("*.rs", set()),
])
def test_grep_glob_filters_by_relative_path(sandbox: Sandbox, glob: str,
                                            files: set[str]) -> None:
    out = sandbox.grep("helper", glob=glob)
    found = {line.split(":")[0] for line in out.splitlines()[:-1] if ":" in line}
    assert found == files


def test_grep_path_limits_the_search(sandbox: Sandbox) -> None:
    out = sandbox.grep("helper", path="src/util")
    assert out.splitlines()[0] == "src/util/helper.py:1: def helper():"
    single = sandbox.grep("return", path="src/app.py")
    assert single.splitlines()[0] == "src/app.py:2:     return helper()"


def test_grep_bad_pattern_is_an_error_for_the_model(sandbox: Sandbox) -> None:
    with pytest.raises(ToolCallFailed, match="invalid regular expression") as info:
        sandbox.grep("(unclosed")
    assert info.value.code == "bad-pattern"


def test_grep_stops_at_max_matches_and_says_so(project: Path) -> None:
    make_tree(project, {"many.txt": "hit\n" * 50})
    out = Sandbox([project], settings=ToolSettings(max_matches=5)).grep("hit")
    lines = out.splitlines()
    assert len([line for line in lines if line.startswith("many.txt:")]) == 5
    assert "[stopped at 5 matches (setting tools.max_matches)" in out


def test_grep_catastrophic_pattern_stops_at_the_time_budget(project: Path) -> None:
    make_tree(project, {"a.txt": ("a" * 40 + "b\n") * 3})
    out = Sandbox([project], settings=ToolSettings(timeout=1)).grep(r"(a|aa)+$")
    assert "[stopped: the search ran past 1" in out


def test_grep_skips_symlinked_folders_and_links_leading_out(sandbox: Sandbox, project: Path,
                                                            tmp_path: Path) -> None:
    (project / "out_dir").symlink_to(tmp_path / "proj2")
    (project / "out_file").symlink_to(tmp_path / "proj2" / "secret.txt")
    out = sandbox.grep("secret")
    assert "sibling secret" not in out
    assert "1 outside-root" in out


def test_grep_redacts_environment_secrets(project: Path, planted: str) -> None:
    make_tree(project, {"cfg.ini": f"key={planted}\n"})
    out = Sandbox([project]).grep("key=")
    assert out.splitlines()[0] == "cfg.ini:1: key=[REDACTED:ACME_API_KEY]"


def test_grep_skips_hard_links_and_binary_files(project: Path) -> None:
    make_tree(project, {"a.txt": "needle\n"})
    os.link(project / "a.txt", project / "b.txt")
    (project / "c.bin").write_bytes(b"needle\x00")
    out = Sandbox([project]).grep("needle")
    assert out.splitlines() == [
        "no matches", "0 matching lines in 0 files searched; skipped: 1 binary-file, "
        "2 hard-link"]
