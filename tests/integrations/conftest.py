"""Fixtures of the adapter tests: a private tinyqueue and an offline crewai."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import copy_tinyqueue


@pytest.fixture
def tinyqueue(tmp_path: Path) -> Path:
    """``examples/tinyqueue`` copied into the test's temp folder."""
    return copy_tinyqueue(tmp_path / "tinyqueue")


@pytest.fixture
def offline_crewai(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """crewai without telemetry or tracing, with a temp home folder, behind pse's network guard;
    returns the connection attempts the guard blocked (a test asserts there were none)."""
    from pse.llm.testing.netguard import guard_network

    for name in ("CREWAI_DISABLE_TELEMETRY", "OTEL_SDK_DISABLED", "CREWAI_DISABLE_VERSION_CHECK"):
        monkeypatch.setenv(name, "true")
    monkeypatch.setenv("CREWAI_TRACING_ENABLED", "false")
    monkeypatch.setenv("CREWAI_STORAGE_DIR", str(tmp_path / "crewai-storage"))
    # crewai writes a key and per-project folders under the home folder when imported
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / ".local" / "share"))
    return guard_network(monkeypatch)
