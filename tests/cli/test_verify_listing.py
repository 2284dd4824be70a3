"""The kept listing of ``pse verify``: a tree re-stat-ed instead of walked again."""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import pytest

import pse.index.walk
from pse.cli import verify_cache
from pse.index.walk import discover_files


def _tree(root: Path) -> Path:
    for name in ("a.py", "pkg/__init__.py", "pkg/b.py", "docs/guide.md"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x = 1\n", encoding="utf-8")
    return root


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tree made just now counts as settled (real trees were changed long before)."""
    monkeypatch.setattr(verify_cache, "_RACY_NS", 0)
    time.sleep(0.05)  # the file system's clock moves past the tree's stamps


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The roots actually walked (not re-stat-ed)."""
    walked: list[Path] = []

    def counting(root: Path, **kwargs: object) -> list[pse.index.walk.FileEntry]:
        walked.append(root)
        return discover_files(root, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verify_cache, "discover_files", counting)
    return walked


def test_a_settled_tree_is_walked_once_then_re_stat_ed(
        tmp_path: Path, settled: None, walks: list[Path]) -> None:
    root, folder = _tree(tmp_path / "tree"), tmp_path / "cache"
    seen_first: list[tuple[str, os.stat_result | None]] = []
    first = verify_cache.list_tree(root, folder, exclude=[], seen=seen_first)
    seen_again: list[tuple[str, os.stat_result | None]] = []
    again = verify_cache.list_tree(root, folder, exclude=[], seen=seen_again)
    assert again == first == discover_files(root) and len(walks) == 1
    assert [r for r, _ in seen_again] == [r for r, _ in seen_first]
    # other excludes are another listing
    assert [e.path for e in verify_cache.list_tree(root, folder, exclude=["docs/"])] == \
        ["a.py", "pkg/__init__.py", "pkg/b.py"] and len(walks) == 2


def test_a_new_file_is_listed_by_the_next_run(
        tmp_path: Path, settled: None, walks: list[Path]) -> None:
    root, folder = _tree(tmp_path / "tree"), tmp_path / "cache"
    verify_cache.list_tree(root, folder, exclude=[])
    (root / "pkg" / "c.py").write_text("", encoding="utf-8")
    assert "pkg/c.py" in [e.path for e in verify_cache.list_tree(root, folder, exclude=[])]
    assert len(walks) == 2


def test_a_tree_changed_within_the_clock_tick_is_not_kept(tmp_path: Path) -> None:
    root, folder = _tree(tmp_path / "tree"), tmp_path / "cache"
    verify_cache.list_tree(root, folder, exclude=[])
    assert not (folder / "listing.json").exists()


def test_a_walk_that_warned_is_not_kept(tmp_path: Path, settled: None,
                                        caplog: pytest.LogCaptureFixture) -> None:
    root, folder = _tree(tmp_path / "tree"), tmp_path / "cache"
    os.close(os.open(os.fsencode(root) + b"/bad\xff.py", os.O_CREAT | os.O_WRONLY, 0o644))
    time.sleep(0.05)
    with caplog.at_level(logging.WARNING):
        verify_cache.list_tree(root, folder, exclude=[])
    assert "not UTF-8" in caplog.text and not (folder / "listing.json").exists()


@pytest.mark.parametrize("planted", [
    {"format": "pse-listing/2", "key": "x", "files": [], "places": []},
    {"files": [["a.py", 1]], "places": []},
    {"files": [["a.py", "python"]], "places": [["", [1, 2]]]},
    ["not", "a", "listing"],
])
def test_a_planted_or_foreign_listing_is_ignored(
        tmp_path: Path, settled: None, walks: list[Path], planted: object) -> None:
    root, folder = _tree(tmp_path / "tree"), tmp_path / "cache"
    verify_cache.list_tree(root, folder, exclude=[])
    kept = json.loads((folder / "listing.json").read_text(encoding="utf-8"))
    if isinstance(planted, dict) and "key" not in planted:
        planted = {**kept, **planted}  # the right key, a malformed body
    (folder / "listing.json").write_text(json.dumps(planted), encoding="utf-8")
    assert verify_cache.list_tree(root, folder, exclude=[]) == discover_files(root)
    assert len(walks) == 2
