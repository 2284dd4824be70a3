"""Adapters that run pse's gate inside agent frameworks (each an optional extra).

``llamaindex`` is a LlamaIndex ``Workflow`` with typed events, ``langgraph`` a LangGraph
``StateGraph``, ``crewai`` a task guardrail plus a three-agent crew. The two graph adapters
do not reimplement the pipeline: every node calls a step function registered in
:data:`pse.pipeline.runner.STEPS` through :func:`pse.integrations.stepper.advance`, which
checkpoints, traces and counts usage exactly as the native runner does, and routes on
``PSEState.step``, so a run gives the same artifact, findings and token counts on any of
them. Each module imports its framework when it is itself imported and fails with an install
hint; nothing in the core imports this package (``tests/test_layering.py``).
"""

from __future__ import annotations
