"""The queue: first in, first out, with a retry policy."""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass

from .job import Job, JobState


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently a failed job is retried."""

    max_attempts: int = 3
    backoff: float = 0.1

    def delay(self, attempt: int) -> float:
        """Seconds to wait before attempt number ``attempt`` (exponential backoff)."""
        return self.backoff * (2 ** (attempt - 1))


class JobQueue:
    """Runs jobs in the order they were added."""

    def __init__(self, policy: RetryPolicy | None = None, *, sleep=time.sleep) -> None:
        self.policy = policy or RetryPolicy()
        self._jobs: deque[Job] = deque()
        self._sleep = sleep
        self.verbose = os.getenv("TINYQUEUE_VERBOSE") == "1"

    def submit(self, func, *args, name: str = "") -> Job:
        """Add a job to the end of the queue and return it."""
        job = Job(func=func, args=args, name=name or getattr(func, "__name__", "job"))
        self._jobs.append(job)
        return job

    def run_all(self) -> list[Job]:
        """Run every queued job, retrying failures per the policy; return them all."""
        finished: list[Job] = []
        while self._jobs:
            job = self._jobs.popleft()
            self._run_with_retries(job)
            finished.append(job)
        return finished

    def _run_with_retries(self, job: Job) -> None:
        while job.attempts < self.policy.max_attempts:
            try:
                job.run()
                return
            except Exception:  # recorded on the job; try again after a pause
                if job.attempts < self.policy.max_attempts:
                    self._sleep(self.policy.delay(job.attempts))
        job.state = JobState.FAILED

    def __len__(self) -> int:
        return len(self._jobs)
