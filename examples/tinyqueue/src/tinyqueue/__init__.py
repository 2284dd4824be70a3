"""tinyqueue: run callables in order, retrying the ones that fail."""

from .job import Job, JobState
from .queue import JobQueue, RetryPolicy

__all__ = ["Job", "JobQueue", "JobState", "RetryPolicy"]
__version__ = "0.3.1"
