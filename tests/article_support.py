"""Helpers of the pipeline, article-task and ``pse article`` tests.

Runs use a copy of the bundled ``examples/tinyqueue`` project, a real
:class:`~pse.llm.registry.LLMRouter` (so usage reaches a ledger and the trace) whose
backend client is a scripted fake, and canned model replies that name real or invented
code of tinyqueue.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from pse.config import Settings, load_settings
from pse.llm.backends import resolve_llm_config
from pse.llm.registry import LLMRouter
from pse.llm.types import LLMClient
from pse.llm.usage import UsageLedger
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article.task import ArticleTask

TINYQUEUE = Path(__file__).resolve().parents[1] / "examples" / "tinyqueue"

PLAN = """# How tinyqueue retries failed jobs

## The queue
- `JobQueue.submit()`, `JobQueue.run_all()`

## Retries
- `RetryPolicy.delay()`
"""

CLEAN = (
    "# How tinyqueue retries failed jobs\n\n## The queue\n\n"
    "`JobQueue.submit()` adds a job to the end of the queue. "
    "`JobQueue.run_all()` runs every queued job in order.\n\n## Retries\n\n"
    "A failed job is retried as `RetryPolicy` allows, and `RetryPolicy.delay()` gives the "
    "pause before each attempt.\n")

INVENTED_LINE = "`JobQueue.cancel()` removes a pending job from the queue."
"""A sentence about a method tinyqueue does not have (line 6 of :data:`WITH_INVENTED`)."""

WITH_INVENTED = CLEAN.replace("in order.\n", "in order.\n" + INVENTED_LINE + "\n", 1)

CLEAN_ZH = """# tinyqueue 如何重试失败的任务

## 队列

`JobQueue.submit()` 把任务加到队列末尾。`JobQueue.run_all()` 按顺序运行所有任务。

## 重试

失败的任务按 `RetryPolicy` 的规定重试，`RetryPolicy.delay()` 给出每次重试前的等待时间。
"""

ZH_DROPPED_REF = CLEAN_ZH.replace("`RetryPolicy.delay()` 给出", "它给出")
"""A translation that lost ``RetryPolicy.delay()`` (cannot be stripped: nothing to delete)."""

APPROVED = "APPROVED"
NO_EDITS = "[]"
FIX_INVENTED = json.dumps([{"find": INVENTED_LINE, "replace": ""}])


def copy_tinyqueue(target: Path) -> Path:
    """A private copy of the bundled example project (tests never touch the original)."""
    shutil.copytree(TINYQUEUE, target)
    return target


def article_settings(source: Path, *, environ: dict[str, str] | None = None) -> Settings:
    """Settings for a run on ``source``, from defaults plus ``environ`` only."""
    return load_settings(environ=environ or {}, start=source, cwd=source)


def scripted_router(client: LLMClient, settings: Settings) -> LLMRouter:
    """A real router (accounting, ledger; no response cache) whose backend is ``client``."""
    config = resolve_llm_config(settings, environ={})
    return LLMRouter(config, factory=lambda _backend: client, cache=None,
                     ledger=UsageLedger(currency=config.currency))


def scripted_deps(client: LLMClient, settings: Settings, **options: object) -> RunDeps:
    """Run dependencies whose LLM is ``client`` behind a router with a ledger."""
    router = scripted_router(client, settings)
    return RunDeps(llm=router, ledger=router.ledger, **options)  # type: ignore[arg-type]  # RunDeps fields


def new_state(source: Path, *, run_id: str = "run-1", max_retries: int = 3,
              **inputs: str) -> PSEState:
    """A fresh article run on ``source`` (English, architecture style by default)."""
    values = {"source": str(source), "lang": "en", "project": "tinyqueue",
              "style": "architecture", "translate": "", "words": "200", **inputs}
    return PSEState(run_id=run_id, task="article", inputs=values, max_retries=max_retries)


def run_article(source: Path, client: LLMClient, run_dir: Path, *, max_retries: int = 3,
                deps_options: dict[str, object] | None = None, **inputs: str) -> PSEState:
    """Run the article pipeline on ``source`` with ``client`` answering every call."""
    settings = article_settings(source)
    deps = scripted_deps(client, settings, **(deps_options or {}))
    state = new_state(source, max_retries=max_retries, **inputs)
    return run_pipeline(state, ArticleTask(settings=settings), deps, run_dir=run_dir)


def read_report(folder: Path) -> dict[str, Any]:
    """``report.json`` of a run folder."""
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


def trace_events(run_dir: Path) -> list[dict[str, Any]]:
    """The events of ``trace.jsonl``, in order."""
    lines = (run_dir / "trace.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]
