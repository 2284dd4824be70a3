"""Prices, the usage ledger and budget limits."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pse.errors import BudgetExceeded, ConfigError
from pse.llm.types import Usage
from pse.llm.usage import (
    DEFAULT_PRICES,
    CallRecord,
    Price,
    UsageLedger,
    UsageLimits,
    parse_prices,
    price_for,
)

_USAGE = Usage(100, 10)


def _call(stage: str = "planner", usage: Usage = _USAGE, cost: str | None = "0.01",
          *, cached: bool = False) -> CallRecord:
    return CallRecord(stage, "openai", "gpt-4o-mini", usage,  # type: ignore[arg-type]
                      None if cost is None else Decimal(cost), 0.5, cached=cached)


def test_price_cost_charges_cached_prompt_tokens_at_the_cached_rate() -> None:
    price = Price(Decimal("2.50"), Decimal("10.00"), Decimal("1.25"))
    cost = price.cost(Usage(prompt_tokens=1_000_000, completion_tokens=100_000,
                            cached_tokens=400_000))
    assert cost == Decimal("0.6") * Decimal("2.50") + Decimal("0.4") * Decimal("1.25") + 1
    assert Price(Decimal(1), Decimal(2)).cost(Usage(500_000, 0, 500_000)) == Decimal("0.5")


def test_price_for_matches_exact_then_longest_prefix() -> None:
    assert price_for("gpt-4o-mini-2024-07-18", DEFAULT_PRICES) == DEFAULT_PRICES["gpt-4o-mini"]
    assert price_for("gpt-4o-2024-08-06", DEFAULT_PRICES) == DEFAULT_PRICES["gpt-4o"]
    assert price_for("llama3.1:8b", DEFAULT_PRICES) is None


def test_parse_prices_reads_decimals_exactly() -> None:
    prices = parse_prices({"my-model": {"input": 0.1, "output": "0.3", "cached-input": 0.05}})
    assert prices == {"my-model": Price(Decimal("0.1"), Decimal("0.3"), Decimal("0.05"))}


@pytest.mark.parametrize(("table", "message"), [
    ({"m": "cheap"}, "llm.prices.m must be a table"),
    ({"m": {"input": "1"}}, "must set input and output"),
    ({"m": {"input": "1", "output": "2", "cache": "1"}}, "must set input and output"),
    ({"m": {"input": "free", "output": "2"}}, "has the price 'free'"),
    ({"m": {"input": "-1", "output": "2"}}, "give a number >= 0"),
])
def test_parse_prices_rejects_bad_tables(table: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_prices(table)


def test_ledger_totals_per_stage_and_run_exclude_cache_hits() -> None:
    ledger = UsageLedger(currency="EUR")
    ledger.record(_call("planner", Usage(100, 10, 50), "0.01"))
    ledger.record(_call("fix", Usage(200, 20), "0.02"))
    ledger.record(_call("fix", Usage(200, 20), "0", cached=True))
    ledger.record(_call("fix", Usage(5, 5), None))
    totals = ledger.totals()
    assert (totals.requests, totals.cache_hits, totals.unpriced_calls) == (3, 1, 1)
    assert totals.usage == Usage(305, 35, 50) and totals.cost == Decimal("0.03")
    assert set(ledger.by_stage()) == {"fix", "planner"}
    assert ledger.by_stage()["fix"].usage == Usage(205, 25)
    assert ledger.summary() == ("LLM: 3 request(s), 1 cache hit(s), 305 prompt + 35 completion "
                                "tokens (50 cached), cost 0.0300 EUR + 1 unpriced call(s)")


def test_limits_refuse_the_request_after_the_last_allowed() -> None:
    ledger = UsageLedger()
    limits = UsageLimits(max_requests=2)
    for _ in range(2):
        limits.check_before_request(ledger)
        ledger.record(_call())
    with pytest.raises(BudgetExceeded, match="number 3, over the limit llm.budget.max-requests"):
        limits.check_before_request(ledger)


def test_limits_token_budget_stops_after_the_response_that_crosses_it() -> None:
    ledger = UsageLedger()
    limits = UsageLimits(max_tokens=200)
    ledger.record(_call(usage=Usage(150, 50)))
    limits.check_after_response(ledger)  # exactly at the limit: this response is fine
    with pytest.raises(BudgetExceeded, match="used 200 LLM tokens"):
        limits.check_before_request(ledger)  # ... but nothing more may be sent
    ledger.record(_call(usage=Usage(1, 0)))
    with pytest.raises(BudgetExceeded, match="llm.budget.max-tokens = 200"):
        limits.check_after_response(ledger)


def test_limits_cost_budget_names_the_currency() -> None:
    ledger = UsageLedger(currency="USD")
    ledger.record(_call(cost="0.75"))
    UsageLimits(max_cost=Decimal("1")).check_after_response(ledger)
    ledger.record(_call(cost="0.30"))
    with pytest.raises(BudgetExceeded, match=r"cost 1\.0500 USD; the limit is llm.budget."
                                             r"max-cost = 1 USD"):
        UsageLimits(max_cost=Decimal("1")).check_after_response(ledger)


def test_limits_without_limits_never_stop() -> None:
    ledger = UsageLedger()
    ledger.record(_call(usage=Usage(10**9, 10**9), cost="1000000"))
    UsageLimits().check_before_request(ledger)
    UsageLimits().check_after_response(ledger)


def test_limits_require_a_price_only_with_a_cost_limit() -> None:
    UsageLimits().require_price("llama3", None)
    with pytest.raises(ConfigError, match="model 'llama3' has no price"):
        UsageLimits(max_cost=Decimal("1")).require_price("llama3", None)
