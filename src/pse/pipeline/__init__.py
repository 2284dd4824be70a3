"""The Planner -> Specialist -> Evaluator pipeline, fail-closed.

A run is a plain loop over named steps (prepare, plan, write, evaluate, fix, strip,
advance, translate, finalize) that transform a serializable
:class:`~pse.pipeline.state.PSEState`, checkpointed after every step, so ``pse continue
RUN`` continues where a run stopped. A sectioned task gets a verified plan, and the same
write, evaluate, fix and strip steps run on one section at a time (the state's ``section``
cursor) before the assembled article is checked as a whole. The Evaluator is a merge gate:
the task's deterministic checks in every round, an LLM review once whose quoted issues stay
open until fixed; whatever still fails after the bounded fix rounds is deleted by a
deterministic strip, and ``finalize`` writes ``passed`` only when every gate holds.
"""

from __future__ import annotations
