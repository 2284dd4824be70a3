"""The library type-checks under ``mypy --strict`` and passes ``ruff`` (STYLE.md §5, §3)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_src_passes_mypy_strict() -> None:
    pytest.importorskip("mypy", reason="install the test extra: pip install -e '.[test]'")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src/pse"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-3000:]


def test_src_and_tests_pass_ruff() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("install the test extra (ruff): pip install -e '.[test]'")
    result = subprocess.run([ruff, "check", "src", "tests", "bench"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
