"""Write a verified article about examples/tinyqueue with pse's gate as a LlamaIndex Workflow.

    pip install "pse[local,llamaindex]" && python examples/integrations/llamaindex_article.py
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from article_setup import TINYQUEUE, article_run

from pse.integrations.llamaindex import PSEWorkflow
from pse.llm.types import LLMClient
from pse.pipeline.state import PSEState


async def main(source: Path = TINYQUEUE, run_dir: Path = Path("runs/llamaindex-example"), *,
               llm: LLMClient | None = None) -> PSEState:
    """PlannerEvent → SpecialistEvent → EvaluatorEvent ⇄ FixEvent → ... → AdvanceEvent (per
    section) → ... → StopEvent."""
    task, deps, state = article_run(source, run_dir.name, llm=llm)
    workflow = PSEWorkflow(task, deps, run_dir=run_dir)
    final = await workflow.run(state=state)  # StopEvent.result: the final PSEState
    assert isinstance(final, PSEState)
    print(f"{final.status}: {run_dir}/report.json", file=sys.stderr)
    return final


if __name__ == "__main__":
    sys.exit(0 if asyncio.run(main()).status == "passed" else 1)
