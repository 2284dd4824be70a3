"""A unit of work and its lifecycle."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field


class JobState(enum.Enum):
    """Where a job is in its lifecycle."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


@dataclass
class Job:
    """A callable with its arguments and what happened when it ran."""

    func: Callable[..., object]
    args: tuple[object, ...] = ()
    name: str = ""
    attempts: int = 0
    state: JobState = JobState.PENDING
    errors: list[str] = field(default_factory=list)

    def run(self) -> object:
        """Call the function once, recording the attempt and its outcome."""
        self.attempts += 1
        self.state = JobState.RUNNING
        try:
            result = self.func(*self.args)
        except Exception as exc:  # the queue decides whether to retry
            self.errors.append(f"{type(exc).__name__}: {exc}")
            self.state = JobState.FAILED
            raise
        self.state = JobState.DONE
        return result
