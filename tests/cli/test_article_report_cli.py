"""``pse article --repo-url/--source-table``: links in the artifact, report.html beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import GOOD_RUN
from pse.llm.fake import ScriptedLLM
from repo_fixtures import run_cli

COMMIT = "89abcdef" * 5


def fake_git(root: Path) -> None:
    """A minimal ``.git`` naming :data:`COMMIT` (tests/report/runs.py has the same)."""
    (root / ".git" / "refs" / "heads").mkdir(parents=True, exist_ok=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (root / ".git" / "refs" / "heads" / "main").write_text(COMMIT + "\n", encoding="utf-8")


def test_article_repo_url_links_the_artifact(model: ScriptedLLM, tinyqueue: Path,
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    fake_git(tinyqueue)
    model.enqueue(*GOOD_RUN)
    result = run_cli(capsys, "article", str(tinyqueue), "--words", "200",
                     "--out", str(tmp_path / "runs"),
                     "--repo-url", "git@github.com:example/tinyqueue.git", "--source-table")
    assert result.code == 0, result.err
    artifact = Path(result.out.splitlines()[0]).read_text(encoding="utf-8")
    assert f"https://github.com/example/tinyqueue/blob/{COMMIT}/src/tinyqueue/" in artifact
    assert "## Source navigation" in artifact
    assert (Path(result.out.splitlines()[-1]).parent / "report.html").is_file()


def test_article_repo_url_from_the_project_metadata(model: ScriptedLLM, tinyqueue: Path,
                                                    tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    fake_git(tinyqueue)
    (tinyqueue / ".git" / "config").write_text(
        '[remote "origin"]\n\turl = https://gitlab.com/team/tinyqueue.git\n', encoding="utf-8")
    model.enqueue(*GOOD_RUN)
    result = run_cli(capsys, "article", str(tinyqueue), "--words", "200",
                     "--out", str(tmp_path / "runs"))
    artifact = Path(result.out.splitlines()[0]).read_text(encoding="utf-8")
    assert f"https://gitlab.com/team/tinyqueue/-/blob/{COMMIT}/src/" in artifact
    assert "## Source navigation" not in artifact


def test_article_bad_repo_url_is_a_usage_error(tinyqueue: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "article", str(tinyqueue), "--out", str(tmp_path / "runs"),
                     "--repo-url", "not a url")
    assert result.code == 2
    assert result.err.strip().splitlines() == [
        "pse: error: --repo-url 'not a url' is not a repository URL; give it as "
        "https://host/owner/name"]
    assert not (tmp_path / "runs").exists()
