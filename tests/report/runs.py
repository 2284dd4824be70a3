"""A fixture run for the run-report tests: tinyqueue, a scripted model, fix then strip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from article_support import (
    APPROVED,
    JOBS,
    NO_EDITS,
    PLAN,
    QUEUE_INVENTED,
    RETRIES,
    copy_tinyqueue,
    run_article,
)
from pse.llm.fake import ScriptedLLM

COMMIT = "0123456789abcdef0123456789abcdef01234567"
REPO_URL = "https://github.com/example/tinyqueue"


def fake_git(root: Path, *, commit: str = COMMIT) -> None:
    """A minimal ``.git`` (HEAD on a branch, a loose ref): enough to name the commit."""
    (root / ".git" / "refs" / "heads").mkdir(parents=True, exist_ok=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (root / ".git" / "refs" / "heads" / "main").write_text(commit + "\n", encoding="utf-8")


def strip_run(tmp_path: Path, *, git: bool = True, **inputs: Any) -> Path:
    """A run whose fixes change nothing, so Strip deletes the invented line; its folder."""
    source = copy_tinyqueue(tmp_path / "tinyqueue")
    if git:
        fake_git(source)
    run_dir = tmp_path / "run"
    llm = ScriptedLLM([PLAN, QUEUE_INVENTED, NO_EDITS, RETRIES, JOBS, APPROVED])
    run_article(source, llm, run_dir, **inputs)
    assert llm.pending == 0
    return run_dir
