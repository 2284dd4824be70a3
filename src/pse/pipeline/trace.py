"""trace.jsonl: one JSON object per step and per LLM call (stage, tokens, cost, time).

Secrets never get here: events carry counts, names and short messages only.
"""

from __future__ import annotations

import json
from pathlib import Path

from pse.llm.usage import CallRecord


class Trace:
    """Appends events to ``run_dir/trace.jsonl``."""

    def __init__(self, run_dir: Path) -> None:
        self.path = run_dir / "trace.jsonl"
        run_dir.mkdir(parents=True, exist_ok=True)

    def write(self, event: dict[str, object]) -> None:
        """Append one event."""
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n")

    def llm_calls(self, calls: tuple[CallRecord, ...], *, step: str) -> None:
        """One event per LLM call made during ``step``."""
        for call in calls:
            self.write({"event": "llm_call", "step": step, "stage": call.stage,
                        "backend": call.backend, "model": call.model,
                        "prompt_tokens": call.usage.prompt_tokens,
                        "completion_tokens": call.usage.completion_tokens,
                        "cached_tokens": call.usage.cached_tokens,
                        "cost": None if call.cost is None else str(call.cost),
                        "seconds": round(call.seconds, 3), "cache_hit": call.cached})
