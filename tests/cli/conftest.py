"""A working copy of the py_small fixture repo, with the working directory inside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, copy_repo


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of ``py_small``; the test runs with it as the working directory."""
    root = copy_repo(PY_SMALL, tmp_path / "py_small")
    monkeypatch.chdir(root)
    return root
