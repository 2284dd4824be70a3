"""Every case of ``bench/cli_attacks.py`` holds against the real ``pse`` (subprocesses).

The concurrency case runs in ``test_cache_concurrency.py`` (with a 19-run check of its
own); the held-out variants of ``bench/cli_heldout.py`` are run only by that script.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from .test_cache_concurrency import subprocess_path

_BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load() -> dict[str, Callable[[Path], str]]:
    spec = importlib.util.spec_from_file_location("cli_attacks", _BENCH / "cli_attacks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cli_attacks"] = module
    spec.loader.exec_module(module)
    cases: dict[str, Callable[[Path], str]] = module.CASES
    return cases


CASES = _load()


@pytest.mark.parametrize("name", sorted(n for n in CASES if not n.startswith("concurrent")))
def test_cli_attack_does_nothing(name: str, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", subprocess_path())  # the subprocesses run this code
    assert CASES[name](tmp_path) == ""
