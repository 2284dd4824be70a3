"""``--cache-dir`` and a cache kept between CI jobs: a fresh checkout (new mtimes) is warm."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from repo_fixtures import run_cli


def _fresh_checkout(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace ``repo`` by a copy of it whose files all have new modification times."""
    moved = repo.with_name(repo.name + "-old")
    monkeypatch.chdir(repo.parent)
    repo.rename(moved)
    shutil.copytree(moved, repo, copy_function=shutil.copyfile)  # copyfile: no stat data
    shutil.rmtree(moved)
    for folder, _, names in os.walk(repo):
        for name in names:
            path = Path(folder) / name
            stat = path.stat()
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 7_000_000_000))
    monkeypatch.chdir(repo)


def _parsed(capsys: pytest.CaptureFixture[str], cache: Path) -> str:
    result = run_cli(capsys, "index", "--cache-dir", str(cache))
    assert result.code == 0, result.err
    return result.out.strip()


def test_fresh_checkout_with_a_kept_cache_parses_nothing(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "ci-cache"
    first = run_cli(capsys, "verify", "articles/good.md", "--source", ".", "--format", "json",
                    "--cache-dir", str(cache))
    assert first.code in (0, 1), first.err
    assert list((cache / "index").glob("*.sqlite"))  # the index lives in the given folder
    _fresh_checkout(repo, monkeypatch)
    assert "(0 parsed now, 11 unchanged)" in _parsed(capsys, cache)
    again = run_cli(capsys, "verify", "articles/good.md", "--source", ".", "--format", "json",
                    "--cache-dir", str(cache))
    assert (again.code, again.out) == (first.code, first.out)


def test_fresh_checkout_without_the_cache_parses_everything(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _parsed(capsys, tmp_path / "ci-cache")
    _fresh_checkout(repo, monkeypatch)
    assert "(6 parsed now, 0 unchanged)" in _parsed(capsys, tmp_path / "other-cache")


def test_cache_dir_inside_the_tree_is_not_indexed(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        result = run_cli(capsys, "verify", "articles/good.md", "--source", ".", "--format",
                         "json", "--cache-dir", "ci-cache")
        assert result.code in (0, 1), result.err
        outputs.append(json.loads(result.out))
    assert outputs[0] == outputs[1]
    database = next((repo / "ci-cache" / "index").glob("*.sqlite"))
    with sqlite3.connect(database) as conn:
        paths = [row[0] for row in conn.execute("SELECT path FROM files")]
    assert paths and not [p for p in paths if p.startswith("ci-cache/")]


def test_cache_dir_that_is_a_file_exits_2(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "not-a-folder").write_text("x", encoding="utf-8")
    result = run_cli(capsys, "verify", "articles/good.md", "--source", ".",
                     "--cache-dir", "not-a-folder")
    assert result.code == 2
    assert "not-a-folder" in result.err
