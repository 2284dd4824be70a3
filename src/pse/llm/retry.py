"""When to retry a failed LLM request, and how long to wait first.

Pure: the HTTP backend classifies each failure into a :class:`Failure` and asks
:func:`next_delay` for the wait. Transient failures (connection errors, timeouts, 408, 429,
5xx, a garbled or empty body) are retried with exponential backoff and full jitter; a 429 or
503 that carries ``Retry-After`` waits exactly that long (capped). Every other 4xx is the
caller's mistake and is never retried.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

FailureKind = Literal["connection", "timeout", "status", "bad_response"]
_RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """How many times and how patiently to retry."""

    max_retries: int = 4
    """Retries after the first attempt (0 = try once)."""
    base_delay: float = 0.5
    """Seconds before the first retry; doubles each time (before jitter)."""
    max_delay: float = 30.0
    """Upper bound of one backoff wait."""
    max_retry_after: float = 60.0
    """Upper bound of a wait the server asks for with ``Retry-After``."""


@dataclass(frozen=True)
class Failure:
    """One failed attempt, classified."""

    kind: FailureKind
    status: int | None = None
    retry_after: float | None = None
    """Seconds the server asked us to wait, if it said."""
    detail: str = ""
    """What was wrong with a ``bad_response``."""

    @property
    def is_retryable(self) -> bool:
        """Whether trying again can help."""
        if self.kind == "status":
            return self.status in _RETRYABLE_STATUS or (self.status or 0) >= 500
        return True


def next_delay(policy: RetryPolicy, failure: Failure, attempt: int, *,
               rng: Callable[[], float]) -> float | None:
    """Seconds to wait before retry number ``attempt`` (1-based), or ``None`` to give up.

    Args:
        policy: the retry limits.
        failure: what went wrong on the previous attempt.
        attempt: which retry this would be.
        rng: a ``random.random``-like source in [0, 1), injectable for tests.
    """
    if not failure.is_retryable or attempt > policy.max_retries:
        return None
    if failure.retry_after is not None:
        return min(max(failure.retry_after, 0.0), policy.max_retry_after)
    ceiling = min(policy.max_delay, policy.base_delay * 2.0 ** (attempt - 1))
    return ceiling * rng()  # "full jitter": spreads retries of concurrent clients apart


def parse_retry_after(headers: Mapping[str, str], *, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (seconds or HTTP date)."""
    lowered = {k.lower(): v for k, v in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return float(millis) / 1000
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))
