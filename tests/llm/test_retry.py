"""Retry decisions: what is retried, how long to wait."""

from __future__ import annotations

import email.utils

import pytest

from pse.llm.retry import Failure, RetryPolicy, next_delay, parse_retry_after

POLICY = RetryPolicy(max_retries=3, base_delay=1.0, max_delay=5.0, max_retry_after=60)


def test_next_delay_backs_off_exponentially_with_full_jitter() -> None:
    failure = Failure("connection")
    assert [next_delay(POLICY, failure, n, rng=lambda: 0.999) for n in (1, 2, 3)] == pytest.approx(
        [0.999, 1.998, 3.996])
    assert next_delay(POLICY, failure, 1, rng=lambda: 0.0) == 0.0
    assert next_delay(POLICY, failure, 4, rng=lambda: 0.5) is None


def test_next_delay_is_capped_by_max_delay() -> None:
    policy = RetryPolicy(max_retries=10, base_delay=1.0, max_delay=5.0)
    assert next_delay(policy, Failure("timeout"), 8, rng=lambda: 1.0) == 5.0


def test_next_delay_honours_and_caps_retry_after() -> None:
    assert next_delay(POLICY, Failure("status", 429, retry_after=12), 1, rng=lambda: 0.1) == 12
    assert next_delay(POLICY, Failure("status", 429, retry_after=600), 1, rng=lambda: 0.1) == 60


@pytest.mark.parametrize(("status", "retried"), [
    (400, False), (401, False), (403, False), (404, False), (422, False),
    (408, True), (409, True), (429, True), (500, True), (502, True), (503, True), (529, True)])
def test_failure_status_retryability(status: int, retried: bool) -> None:
    assert Failure("status", status).is_retryable is retried


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"Retry-After": "3"}) == 3.0
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert parse_retry_after({}) is None
    assert parse_retry_after({"retry-after": "soon"}) is None
    date = email.utils.formatdate(1_000_030, usegmt=True)
    assert parse_retry_after({"Retry-After": date}, now=1_000_000) == 30.0
