"""File discovery: .gitignore rules, always-skipped folders, virtualenvs, order."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from pse.errors import SourceError
from pse.index.walk import Stamp, discover_files, is_binary, restat, stamp
from repo_fixtures import PY_SMALL


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _paths(root: Path, **kwargs: object) -> list[str]:
    return [entry.path for entry in discover_files(root, **kwargs)]  # type: ignore[arg-type]  # exclude only


def test_walk_fixture_repo_skips_ignored_vendored_and_virtualenv_files() -> None:
    paths = _paths(PY_SMALL)
    assert "src/tinyhttp/client.py" in paths and ".env.example" in paths
    assert not any(p.startswith(("generated/", "node_modules/", "env_fixture/")) for p in paths)


def test_walk_output_is_sorted_posix_with_stat_data(tmp_path: Path) -> None:
    _tree(tmp_path, {"b.py": "x = 1\n", "a/z.md": "# z\n", "a/b/c.txt": "c"})
    entries = discover_files(tmp_path)
    assert [e.path for e in entries] == ["a/b/c.txt", "a/z.md", "b.py"]
    by_path = {e.path: e for e in entries}
    assert by_path["b.py"].size == 6 and by_path["b.py"].language == "python"
    assert by_path["a/z.md"].language == "markdown" and by_path["a/b/c.txt"].language == "text"
    assert by_path["b.py"].mtime_ns == (tmp_path / "b.py").stat().st_mtime_ns


@pytest.mark.parametrize("folder", [".git", "__pycache__", "node_modules", ".venv", "venv",
                                    ".tox", ".mypy_cache", "pkg.egg-info", "site-packages"])
def test_walk_always_skips_tool_folders(tmp_path: Path, folder: str) -> None:
    _tree(tmp_path, {"keep.py": "", f"{folder}/hidden.py": "", f"sub/{folder}/deep.py": ""})
    assert _paths(tmp_path) == ["keep.py"]


def test_walk_skips_any_folder_holding_pyvenv_cfg(tmp_path: Path) -> None:
    _tree(tmp_path, {"myenv/pyvenv.cfg": "home = /usr\n", "myenv/lib/x.py": "", "a.py": ""})
    assert _paths(tmp_path) == ["a.py"]


def test_walk_skips_build_outputs_only_at_the_top(tmp_path: Path) -> None:
    _tree(tmp_path, {"build/lib/x.py": "", "dist/x.whl": "", "pkg/build/rules.py": ""})
    assert _paths(tmp_path) == ["pkg/build/rules.py"]


def test_walk_honours_gitignore_at_every_level(tmp_path: Path) -> None:
    _tree(tmp_path, {
        ".gitignore": "*.log\n/generated/\n",
        "app.log": "", "app.py": "", "generated/g.py": "", "pkg/generated/kept.py": "",
        "pkg/.gitignore": "secret_*.py\n!secret_ok.py\n",
        "pkg/secret_key.py": "", "pkg/secret_ok.py": "", "pkg/sub/trace.log": "",
    })
    assert _paths(tmp_path) == [".gitignore", "app.py", "pkg/.gitignore",
                                "pkg/generated/kept.py", "pkg/secret_ok.py"]


def test_walk_keeps_what_an_sdist_ships_though_its_gitignore_lists_it(tmp_path: Path) -> None:
    # an unpacked source distribution: setuptools-scm wrote `_version.py`, which the
    # repository ignores, and the archive ships it
    files = {"PKG-INFO": "Metadata-Version: 2.1\n", ".gitignore": "src/pkg/_version.py\n",
             "src/pkg/__init__.py": "", "src/pkg/_version.py": "version = '2.0'\n"}
    _tree(tmp_path, files)
    assert "src/pkg/_version.py" in _paths(tmp_path)
    (tmp_path / ".git").mkdir()  # a work tree with a PKG-INFO is still a repository
    assert "src/pkg/_version.py" not in _paths(tmp_path)


def test_walk_deeper_gitignore_can_reinclude(tmp_path: Path) -> None:
    _tree(tmp_path, {".gitignore": "*.txt\n", "a.txt": "", "docs/.gitignore": "!keep.txt\n",
                     "docs/keep.txt": "", "docs/drop.txt": ""})
    assert _paths(tmp_path) == [".gitignore", "docs/.gitignore", "docs/keep.txt"]


def test_walk_extra_exclude_patterns(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.py": "", "tests/t.py": "", "docs/x.md": ""})
    assert _paths(tmp_path, exclude=["tests/", "*.md"]) == ["a.py"]


def test_walk_does_not_follow_symlinks(tmp_path: Path) -> None:
    outside = _tree(tmp_path / "outside", {"secret.py": "x = 1\n"})
    root = _tree(tmp_path / "root", {"a.py": ""})
    os.symlink(outside, root / "linked_dir")
    os.symlink(outside / "secret.py", root / "linked.py")
    assert _paths(root) == ["a.py"]


def test_walk_missing_root_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="does not exist"):
        discover_files(tmp_path / "nope")
    (tmp_path / "file.py").write_text("", encoding="utf-8")
    with pytest.raises(SourceError, match="not a folder"):
        discover_files(tmp_path / "file.py")


def test_walk_is_binary_uses_nul_bytes_in_the_first_8k() -> None:
    assert is_binary(b"abc\x00def")
    assert not is_binary("héllo 中文".encode())
    assert not is_binary(b"a" * 8192 + b"\x00")


def test_walk_reports_the_folders_it_walked_and_their_ignore_files(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"a.py": "", "pkg/b.py": "", "pkg/.gitignore": "gone/\n",
                            "pkg/gone/c.py": "", "empty/.keep": ""})
    seen: list[tuple[str, os.stat_result | None]] = []
    discover_files(root, seen=seen)
    found = {rel: info for rel, info in seen}
    # every folder walked (an empty one too: a file added there changes its mtime), not
    # the ignored one; each folder's .gitignore place, found or not
    assert sorted(r for r in found if r == "" or r.endswith("/")) == ["", "empty/", "pkg/"]
    assert found["pkg/.gitignore"] is not None and found[".gitignore"] is None
    assert found["pkg/"] is not None and found["pkg/"].st_mtime_ns == \
        os.stat(root / "pkg").st_mtime_ns


def _next_tick() -> None:
    """Let the file system's clock move on: a change within the tick of a walk leaves
    stamps equal (the pse.cli.verify_cache listing is not kept for such a walk)."""
    time.sleep(0.05)


def _listing(root: Path) -> tuple[list[tuple[str, str]], list[tuple[str, Stamp]], list]:
    seen: list[tuple[str, os.stat_result | None]] = []
    entries = discover_files(root, seen=seen)
    return [(e.path, e.language) for e in entries], [(r, stamp(i)) for r, i in seen], entries


def test_restat_of_an_unchanged_tree_is_what_a_walk_lists(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"a.py": "x = 1\n", "pkg/b.py": "", "pkg/.gitignore": "gone/\n",
                            "pkg/gone/c.py": ""})
    files, places, entries = _listing(root)
    seen: list[tuple[str, os.stat_result | None]] = []
    assert restat(root, files, places, seen=seen) == entries
    assert [r for r, _ in seen] == [r for r, _ in places]
    (root / "a.py").write_text("x = 12345\n", encoding="utf-8")  # edited in place
    again = restat(root, files, places)
    assert again is not None and again[0].size == 10 == discover_files(root)[0].size


@pytest.mark.parametrize("change", ["add", "remove", "ignore", "unignore-venv"])
def test_restat_gives_up_when_a_walked_folder_or_ignore_file_changed(
        tmp_path: Path, change: str) -> None:
    root = _tree(tmp_path, {"a.py": "", "pkg/b.py": "", "env/pyvenv.cfg": "", "env/x.py": ""})
    files, places, _ = _listing(root)
    _next_tick()
    if change == "add":
        (root / "pkg" / "new.py").write_text("", encoding="utf-8")
    elif change == "remove":
        (root / "pkg" / "b.py").unlink()
    elif change == "ignore":
        (root / ".gitignore").write_text("pkg/\n", encoding="utf-8")
    else:  # a folder skipped as a virtualenv is one no longer
        (root / "env" / "pyvenv.cfg").unlink()
    assert restat(root, files, places) is None


def test_a_stamp_moves_with_ctime_when_a_tool_restores_the_mtime(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"pkg/b.py": ""})
    before = stamp(os.stat(root / "pkg"))
    info = os.stat(root / "pkg")
    _next_tick()
    (root / "pkg" / "new.py").write_text("", encoding="utf-8")
    os.utime(root / "pkg", ns=(info.st_atime_ns, info.st_mtime_ns))  # as tar or rsync do
    after = os.stat(root / "pkg")
    assert after.st_mtime_ns == info.st_mtime_ns and stamp(after) != before


@pytest.mark.parametrize("files, places", [
    ([("../outside.py", "python")], None),          # a path out of the tree
    ([("pkg/./b.py", "python")], None),
    ([("other/b.py", "python")], None),             # a folder the walk never looked at
    ([("a.py", "python")], []),                     # no root among the places
])
def test_restat_refuses_a_listing_no_walk_would_keep(
        tmp_path: Path, files: list[tuple[str, str]],
        places: list[tuple[str, Stamp]] | None) -> None:
    root = _tree(tmp_path / "tree", {"a.py": "", "pkg/b.py": ""})
    (tmp_path / "outside.py").write_text("secret = 1\n", encoding="utf-8")
    _, kept_places, _ = _listing(root)
    assert restat(root, files, kept_places if places is None else places) is None


def test_restat_enters_no_symlinked_folder(tmp_path: Path) -> None:
    root = _tree(tmp_path / "tree", {"a.py": ""})
    _tree(tmp_path / "elsewhere", {"secret.py": "x = 1\n"})
    (root / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    files, places, _ = _listing(root)
    assert files == [("a.py", "python")]  # the walk does not follow it
    planted = [*places, ("link/", stamp(os.stat(root / "link")))]
    assert restat(root, [*files, ("link/secret.py", "python")], planted) is None
