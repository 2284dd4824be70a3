"""The scripted run every adapter must reproduce byte for byte.

The article is written section by section. The Specialist's draft of the first section
names three methods tinyqueue does not have; the one fix round the run allows per section
(``max_retries=1``) deletes two of those lines, and the strip deletes the third. The other
two sections pass first time, the assembled article passes the review, and it is then
translated to Chinese, one section per call.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from article_support import (
    APPROVED,
    INVENTED_LINE,
    JOBS,
    PLAN,
    QUEUE,
    RETRIES,
    TITLE,
    ZH_PARTS,
    article_settings,
    new_state,
    scripted_deps,
)
from pse.llm.fake import ScriptedLLM
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article.task import ArticleTask

INVENTED = (INVENTED_LINE,
            "`Job.retry()` runs a failed job again at once.",
            "`RetryPolicy.jitter()` spreads the retries out in time.")
"""Three sentences about methods tinyqueue does not have."""

DRAFT = QUEUE.rstrip("\n") + "\n" + "\n".join(INVENTED) + "\n"
"""The Specialist's first section: :data:`~article_support.QUEUE` plus :data:`INVENTED`."""
DRAFT_ARTICLE = f"# {TITLE}\n\n" + "\n".join((DRAFT, RETRIES, JOBS))
"""The whole article as one Specialist reply with :data:`DRAFT` as its first section (what a
framework that writes in one piece, the CrewAI crew, is given)."""
FIX_TWO = json.dumps([{"find": INVENTED[0], "replace": ""},
                      {"find": INVENTED[1], "replace": ""}])
SCRIPT = (PLAN, DRAFT, FIX_TWO, RETRIES, JOBS, APPROVED, *ZH_PARTS)
STAGES = ("planner", "specialist", "fix", "specialist", "specialist", "evaluator",
          *("translate",) * len(ZH_PARTS))
MAX_RETRIES = 1
OUTPUTS = ("artifact.en.md", "artifact.zh.md", "report.json", "state.json")
"""What a finished run writes; all must be byte-identical across runners."""


def scenario_state(source: Path) -> PSEState:
    """The fresh run state of the scenario."""
    return new_state(source, max_retries=MAX_RETRIES, translate=("zh",))


def scenario_parts(source: Path, replies: tuple[str, ...] = SCRIPT,
                   **deps_options: object) -> tuple[ArticleTask, RunDeps, ScriptedLLM]:
    """A task, run dependencies and the scripted model answering ``replies``."""
    settings = article_settings(source)
    llm = ScriptedLLM(list(replies))
    return ArticleTask(settings=settings), scripted_deps(llm, settings, **deps_options), llm


ADAPTERS = ("langgraph", "llamaindex")
"""The framework adapters that drive pse's steps (the crewai module is a guardrail)."""
_MODULES = {"langgraph": "langgraph", "llamaindex": "llama_index.core"}


def require(adapter: str) -> None:
    """Skip the test when the adapter's framework is not installed (the ``test`` extra
    installs it: this only skips in an environment without it)."""
    pytest.importorskip(_MODULES[adapter],
                        reason=f'install "pse[{adapter}]" (the test extra includes it)')


def drive(adapter: str, state: PSEState, task: ArticleTask, deps: RunDeps, *,
          run_dir: Path) -> PSEState:
    """Run ``state`` to the end with ``adapter`` (``native``: pse's own runner)."""
    if adapter == "native":
        return run_pipeline(state, task, deps, run_dir=run_dir)
    require(adapter)
    if adapter == "langgraph":
        from pse.integrations.langgraph import build_graph, run_graph
        return run_graph(build_graph(task, deps, run_dir=run_dir), state)
    from pse.integrations.llamaindex import PSEWorkflow, run_workflow
    return run_workflow(PSEWorkflow(task, deps, run_dir=run_dir), state)
