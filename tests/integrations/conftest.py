"""Fixtures of the adapter tests: a private tinyqueue and an offline crewai."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import copy_tinyqueue


@pytest.fixture
def tinyqueue(tmp_path: Path) -> Path:
    """``examples/tinyqueue`` copied into the test's temp folder."""
    return copy_tinyqueue(tmp_path / "tinyqueue")
