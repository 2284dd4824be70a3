"""``pse cache clear`` deletes only a folder pse made, never one holding the user's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.owned import deletion_refusal
from repo_fixtures import PY_SMALL, copy_repo, run_cli


def _refused(result: object, *needles: str) -> None:
    assert result.code == 2, result.err  # type: ignore[attr-defined]  # CliResult
    lines = result.err.splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and lines[0].startswith("pse: error: refusing to clear"), lines
    for needle in needles:
        assert needle in lines[0]


def test_cache_clear_deletes_the_cache_pse_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    repo = copy_repo(PY_SMALL, tmp_path / "py_small")
    cache = tmp_path / "cache"
    monkeypatch.setenv("PSE_CACHE_DIR", str(cache))
    monkeypatch.chdir(tmp_path)
    assert run_cli(capsys, "-q", "index", str(repo)).code == 0
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172")
    assert run_cli(capsys, "cache", "clear").code == 0
    assert not cache.exists() and repo.is_dir()


def test_cache_clear_refuses_a_folder_pse_did_not_make(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    (photos / "cat.jpg").write_bytes(b"meow")
    monkeypatch.setenv("PSE_CACHE_DIR", str(photos))
    monkeypatch.chdir(tmp_path)
    # pse may use the folder it was told to, but using it does not make it pse's
    assert run_cli(capsys, "-q", "index", str(copy_repo(PY_SMALL, tmp_path / "r"))).code == 0
    _refused(run_cli(capsys, "cache", "clear"), "no CACHEDIR.TAG")
    assert (photos / "cat.jpg").read_bytes() == b"meow"


@pytest.mark.parametrize("where", ["home", "cwd", "parent-of-cwd", "parent-of-source"])
def test_cache_clear_never_deletes_home_root_or_a_folder_holding_cwd(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        where: str) -> None:
    home = tmp_path / "home"
    work = home / "work"
    source = tmp_path / "src" / "project"
    work.mkdir(parents=True)
    source.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PSE_ROOT", str(source))
    monkeypatch.chdir(work)
    folder = {"home": "~", "cwd": ".", "parent-of-cwd": "..",
              "parent-of-source": str(source.parent)}[where]
    target = Path(folder).expanduser().resolve()  # a planted marker does not make it pse's
    (target / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n"
                                         "# This file is a cache directory tag created "
                                         "by pse.\n")
    monkeypatch.setenv("PSE_CACHE_DIR", folder)
    _refused(run_cli(capsys, "cache", "clear"))
    assert work.is_dir() and source.is_dir()


def test_cache_clear_ignores_a_repositorys_cache_dir(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    repo = tmp_path / "hostile"
    repo.mkdir()
    (repo / "pyproject.toml").write_text('[tool.pse]\ncache-dir = ".."\n')
    (tmp_path / "keep.txt").write_text("mine")
    monkeypatch.chdir(repo)
    result = run_cli(capsys, "cache", "clear")
    assert result.code == 0 and "cache-dir" in result.err
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_cache_clear_recognises_a_cache_from_before_the_marker(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    old = tmp_path / "old-cache"
    (old / "index").mkdir(parents=True)
    (old / "index" / "abc.sqlite").write_bytes(b"")
    (old / "llm-responses.sqlite").write_bytes(b"")
    monkeypatch.setenv("PSE_CACHE_DIR", str(old))
    monkeypatch.chdir(tmp_path)
    assert run_cli(capsys, "cache", "clear").code == 0
    assert not old.exists()
    (old / "index").mkdir(parents=True)
    (old / "notes.txt").write_text("not pse's")
    _refused(run_cli(capsys, "cache", "clear"))
    assert (old / "notes.txt").exists()


def test_deletion_refusal_protects_the_root_folder() -> None:
    # checked on the gate itself: a CLI test that got this wrong would delete "/"
    assert deletion_refusal(Path("/"), "cache", keep=[]) == "it is the root or home folder"
