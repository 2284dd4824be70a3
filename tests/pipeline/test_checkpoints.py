"""Committed checkpoints of earlier pse versions load and finish like a fresh run.

Each fixture under ``tests/fixtures/checkpoints/`` was written by ``save_state`` of the
pse of its day and is never regenerated: every later codec must still read it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from article_support import (
    APPROVED,
    FIX_INVENTED,
    JOBS,
    PLAN,
    QUEUE_INVENTED,
    RETRIES,
    ZH_PARTS,
    article_settings,
    new_state,
    scripted_deps,
)
from pse.llm.fake import ScriptedLLM
from pse.pipeline.codec import load_state
from pse.pipeline.runner import run_pipeline
from pse.tasks import inputs_type
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask

CHECKPOINTS = Path(__file__).parents[1] / "fixtures" / "checkpoints"
SECTIONS_RUN = CHECKPOINTS / "article-sections"
"""An article run (translated to zh) stopped after the fix of its first section, written
while the state's plan, sections, excerpts, findings and gates were JSON dicts. Its
``source`` input was ``/tmp/tinyqueue``: a test points it at its own copy."""

_REST = [RETRIES, JOBS, APPROVED, *ZH_PARTS]
"""The replies after the checkpoint: two more sections, the review, the translation."""


def _texts(run_dir: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8").split("\n---\n", 1)[-1]
            for p in sorted(run_dir.glob("artifact.*.md"))}


def test_the_sectioned_checkpoint_loads_its_plan_sections_findings_and_rounds() -> None:
    state = load_state(SECTIONS_RUN, inputs_for=inputs_type)
    assert (state.step, state.section, state.in_sections) == ("evaluate", 0, True)
    assert [s.title for s in state.sections] == ["The queue", "Retries", "Jobs"]
    assert "JobQueue.cancel()" not in state.current_text()
    assert [f.text for f in state.findings()] == ["JobQueue.cancel()"]
    assert state.rounds[0].scope == "section 1" and "-`JobQueue.cancel()`" in \
        state.rounds[0].diff
    assert state.usage["fix"]["requests"] == "1"
    assert state.sections[0].excerpts[0].path.endswith(".py")
    assert state.context == state.sections[0].excerpts


def test_the_sectioned_checkpoint_finishes_as_the_uninterrupted_run(tinyqueue: Path,
                                                                     tmp_path: Path) -> None:
    settings = article_settings(tinyqueue)
    whole_llm = ScriptedLLM([PLAN, QUEUE_INVENTED, FIX_INVENTED, *_REST])
    whole = run_pipeline(new_state(tinyqueue, translate=("zh",)), ArticleTask(settings=settings),
                         scripted_deps(whole_llm, settings), run_dir=tmp_path / "whole")
    state = load_state(SECTIONS_RUN, inputs_for=inputs_type)
    state = replace(state, inputs=replace(ArticleInputs.of(state), source=str(tinyqueue)))
    llm = ScriptedLLM(_REST)
    done = run_pipeline(state, ArticleTask(settings=settings), scripted_deps(llm, settings),
                        run_dir=tmp_path / "continued")
    assert llm.pending == 0
    assert (done.status, whole.status) == ("passed", "passed")
    assert _texts(tmp_path / "continued") == _texts(tmp_path / "whole")
    assert len(_texts(tmp_path / "whole")) == 2
    report = json.loads((tmp_path / "continued" / "report.json").read_text(encoding="utf-8"))
    assert report["findings_fixed"] == 1
