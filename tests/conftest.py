"""Shared fixtures. Tests are offline: the environment is cleared of pse and OpenAI settings,
and every test in every folder fails if it tries to reach a non-loopback address."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.llm.testing.netguard import guard_network

FIXTURES = Path(__file__).parent / "fixtures"
_CLEARED_PREFIXES = ("PSE_", "OPENAI_", "EMBEDDING_", "RERANKER_", "DEEPSEEK_", "ANTHROPIC_")


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
                  ) -> Iterator[None]:
    """No PSE_*/OPENAI_* leaks in from the developer's shell; caches go to a temp folder."""
    for name in list(os.environ):
        if name.startswith(_CLEARED_PREFIXES):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    # the developer's own ~/.config/pse/config.toml is a user layer: not in tests
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))
    yield


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Fail any test that tries to reach a non-loopback address (DNS included)."""
    blocked = guard_network(monkeypatch)
    yield blocked
    assert not blocked, f"test tried to use the network: {blocked}"
