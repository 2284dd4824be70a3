"""The Planner -> Specialist -> Evaluator pipeline, fail-closed.

A run is a plain loop over named steps (plan, write, evaluate, fix, strip, translate,
finalize) that transform a serializable :class:`~pse.pipeline.state.PSEState`. The state
is checkpointed after every step, so ``pse continue RUN`` continues where a run stopped.
The Evaluator is a merge gate: an LLM review in round one, the task's deterministic
verify function in every round; whatever still fails after ``max_retries`` targeted fix
rounds is deleted by a deterministic strip, and a run that still fails exits 1.
"""

from __future__ import annotations
