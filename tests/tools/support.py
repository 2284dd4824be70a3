"""Helpers for the sandbox tests: the attack corpus (it lives in ``bench/``) and small trees."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_corpus() -> ModuleType:
    """Import ``bench/sandbox_corpus.py`` (shared with ``bench/sandbox_attacks.py``)."""
    name = "sandbox_corpus"
    if name in sys.modules:
        return sys.modules[name]
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))  # the corpus imports its sibling sandbox_planted
    spec = importlib.util.spec_from_file_location(name, BENCH / "sandbox_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while being created
    spec.loader.exec_module(module)
    return module


def make_tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (relative path -> text) under ``root`` and return ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
