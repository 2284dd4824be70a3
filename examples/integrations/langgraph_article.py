"""Write a verified article about examples/tinyqueue with pse's gate as a LangGraph graph.

    pip install "pse[local,langgraph]" && python examples/integrations/langgraph_article.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from article_setup import TINYQUEUE, article_run

from pse.integrations.langgraph import build_graph, run_graph
from pse.llm.types import LLMClient
from pse.pipeline.state import PSEState


def main(source: Path = TINYQUEUE, run_dir: Path = Path("runs/langgraph-example"), *,
         llm: LLMClient | None = None) -> PSEState:
    """Run planner → (specialist → evaluator ⇄ fix → strip → advance) per section →
    evaluator → translate → finalize."""
    task, deps, state = article_run(source, run_dir.name, llm=llm)
    graph = build_graph(task, deps, run_dir=run_dir)  # a StateGraph: add nodes, compile
    final = run_graph(graph, state)
    print(f"{final.status}: {run_dir}/report.json", file=sys.stderr)
    return final


if __name__ == "__main__":
    sys.exit(0 if main().status == "passed" else 1)
