"""Same input, same bytes: index and verify outputs do not depend on runs, order or mtimes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, copy_repo, run_cli, shuffled_copy

COMMANDS = {
    "index": ("index", "--json"),
    "facts": ("index", "--facts"),
    "verify": ("verify", "articles", "--source", ".", "--format", "json"),
    "sarif": ("verify", "articles", "--source", ".", "--format", "sarif"),
    "text": ("verify", "articles", "--source", ".", "--all"),
}


def _outputs(root: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(root)
    outputs = {}
    for name, args in COMMANDS.items():
        result = run_cli(capsys, "-q", *args)
        assert result.code in (0, 1), (name, result.err)
        outputs[name] = result.out
    return outputs


def _touch_all(root: Path) -> None:
    for number, path in enumerate(sorted(p for p in root.rglob("*") if p.is_file())):
        stamp = (1_700_000_000 + 97 * number) * 1_000_000_000
        os.utime(path, ns=(stamp, stamp))


def test_determinism_twice_touched_and_shuffled(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    first_copy = copy_repo(PY_SMALL, tmp_path / "py_small")
    cold = _outputs(first_copy, capsys, monkeypatch)
    assert all(cold.values())
    warm = _outputs(first_copy, capsys, monkeypatch)       # served from the cache
    assert warm == cold
    _touch_all(first_copy)                                 # every file re-parsed
    assert _outputs(first_copy, capsys, monkeypatch) == cold
    for seed in (1, 2):
        other = shuffled_copy(PY_SMALL, tmp_path / f"shuffled-{seed}", seed=seed)
        assert _outputs(other, capsys, monkeypatch) == cold, seed


def test_determinism_with_a_fresh_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    root = copy_repo(PY_SMALL, tmp_path / "py_small")
    before = _outputs(root, capsys, monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "other-cache"))
    assert _outputs(root, capsys, monkeypatch) == before
