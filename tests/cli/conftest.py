"""Shared CLI fixtures: a working copy of py_small, tinyqueue, and a scripted model."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

import pse.cli.runs
from article_support import copy_tinyqueue
from pse.config import Settings
from pse.llm.backends import resolve_llm_config
from pse.llm.fake import ScriptedLLM
from pse.llm.registry import LLMRouter
from pse.llm.usage import UsageLedger
from repo_fixtures import PY_SMALL, copy_repo


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of ``py_small``; the test runs with it as the working directory."""
    root = copy_repo(PY_SMALL, tmp_path / "py_small")
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch) -> ScriptedLLM:
    """The scripted model every ``pse`` command of the test talks to.

    The seam is ``pse.cli.runs.build_router``: a real router (usage ledger, stage routing)
    whose backend client is the :class:`ScriptedLLM`, so the rest runs as for a user.
    """
    llm = ScriptedLLM()
    # the backend is configured as the embedded one, whose default is the index plan
    # (article.planner = auto); these tests script the Planner's outline
    monkeypatch.setenv("PSE_ARTICLE_PLANNER", "llm")

    def build_router(settings: Settings, *, environ: Mapping[str, str],
                     ledger: UsageLedger | None = None) -> LLMRouter:
        config = resolve_llm_config(settings, environ=environ)
        return LLMRouter(config, factory=lambda _backend: llm, cache=None, ledger=ledger)
    monkeypatch.setattr(pse.cli.runs, "build_router", build_router)
    return llm


@pytest.fixture
def tinyqueue(tmp_path: Path) -> Path:
    """``examples/tinyqueue`` copied into the test's temp folder."""
    return copy_tinyqueue(tmp_path / "tinyqueue")
