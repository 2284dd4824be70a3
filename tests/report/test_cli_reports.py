"""``pse verify --format html|sarif`` from the command line: evidence, links, URIs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from repo_fixtures import run_cli

from .runs import COMMIT, fake_git

TINYQUEUE = Path(__file__).resolve().parents[2] / "examples" / "tinyqueue"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git-like tree with a document, as the working directory."""
    root = tmp_path / "proj"
    shutil.copytree(TINYQUEUE, root)
    fake_git(root)
    (root / "docs").mkdir()
    (root / "docs" / "guide.md").write_text("Call `JobQueue.submit()`, not `JobQueue.nope()`.\n",
                                            encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return root


def test_cli_html_popups_hold_source_lines_and_links(tree: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", str(tree / "docs"), "--source", str(tree), "--format",
                     "html", "--repo-url", "https://github.com/o/tinyqueue")
    assert result.code == 1
    assert "def submit(" in result.out  # the evidence line itself
    assert (f'href="https://github.com/o/tinyqueue/blob/{COMMIT}/src/tinyqueue/queue.py#L'
            in result.out)


def test_cli_bad_repo_url(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", str(tree / "docs"), "--source", str(tree), "--repo-url",
                     "ftp:x")
    assert result.code == 2 and result.err.startswith("pse: error: --repo-url 'ftp:x'")


def test_cli_sarif_uri_is_relative_for_absolute_documents(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = (tree / "docs" / "guide.md").resolve()
    result = run_cli(capsys, "verify", str(document), "--source", str(tree / "src"),
                     "--format", "sarif")
    [location] = json.loads(result.out)["runs"][0]["results"][0]["locations"]
    artifact = location["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "docs/guide.md", "uriBaseId": "%SRCROOT%"}
    assert str(tree) not in result.out
