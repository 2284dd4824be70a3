"""Dogfood: pse's own README and docs pass ``pse verify README.md docs/ --source .``.

Every engineer edits the README; this test keeps every code name it mentions real. When
it fails, the message lists each flagged reference with the reason, so the fix is either
the doc (a stale or misspelt name) or, where a convention cannot be discovered, a
``[tool.pse.verify]`` setting in pyproject.toml.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from repo_fixtures import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_dogfood_readme_and_docs_verify(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    paths = ["README.md", *(["docs"] if (ROOT / "docs").is_dir() else [])]
    result = run_cli(capsys, "verify", *paths, "--source", ".", "--format", "json")
    references = json.loads(result.out)["references"]
    flagged = [f"{r['file']}:{r['line']}: {r['text']} ({r.get('message', '')})"
               for r in references if r["status"] == "unverified"]
    assert not flagged, "pse's own docs name code that does not exist:" + os.linesep + \
        os.linesep.join(flagged)
    assert result.code == 0
    assert sum(1 for r in references if r["status"] == "verified") >= 100
