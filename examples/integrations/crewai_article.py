"""Write an article about examples/tinyqueue with a CrewAI crew whose Specialist task is
gated by pse's verifier (a task guardrail: CrewAI retries with pse's findings).

    pip install "pse[local,crewai]" && python examples/integrations/crewai_article.py [--tools]
"""

from __future__ import annotations

import sys
from pathlib import Path

from article_setup import TINYQUEUE, article_run

from pse.integrations.crewai import build_crew
from pse.llm.types import LLMClient
from pse.tools.sandbox import Sandbox


def main(source: Path = TINYQUEUE, *, llm: LLMClient | None = None, tools: bool = False
         ) -> str:
    """Planner, Specialist (pse's guardrail; pse's sandboxed tools with ``tools``: hosted
    models use them well, the small embedded ones do not) and Evaluator agents."""
    task, deps, state = article_run(source, "crewai-example", llm=llm)
    state = task.prepare(state, deps)  # facts and source excerpts for the prompts
    parts = build_crew(task, state, llm=deps.llm,
                       sandbox=Sandbox([source]) if tools else None)
    review = parts.crew.kickoff()
    gate = parts.guardrail.gate
    print(f"fix rounds: {gate.failures}, stripped: {len(gate.stripped)}, "
          f"review: {review.raw}", file=sys.stderr)
    return str(parts.specialist.output.raw)


if __name__ == "__main__":
    print(main(tools="--tools" in sys.argv[1:]))
