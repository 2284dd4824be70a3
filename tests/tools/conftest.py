"""Fixtures of the sandbox tests: one playground per session (the tools never write)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from .support import load_corpus

corpus: ModuleType = load_corpus()


@pytest.fixture(scope="session")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The attack playground of ``bench/sandbox_corpus.py``, built once."""
    built = corpus.build_playground(tmp_path_factory.mktemp("playground"))
    yield built
    if built.listener is not None:
        built.listener.close()


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fake API key in ``os.environ`` for the duration of a test; yields its value."""
    monkeypatch.setenv(corpus.PLANTED_NAME, corpus.PLANTED_VALUE)
    yield corpus.PLANTED_VALUE


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project folder with a sibling whose name starts like it."""
    root = tmp_path / "proj"
    root.mkdir()
    (tmp_path / "proj2").mkdir()
    (tmp_path / "proj2" / "secret.txt").write_text("sibling secret\n")
    return root
