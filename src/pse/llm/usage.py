"""Tokens, money and limits: what each LLM call used and cost, and when a run must stop.

Every call is recorded as a :class:`CallRecord` in a :class:`UsageLedger` (per call, per
stage, run totals). Money is :class:`~decimal.Decimal`, priced per million tokens from a
built-in table that ``[tool.pse.llm.prices]`` overrides; a model with no price has an
unknown cost (shown as such, never guessed). :class:`UsageLimits` is checked before each
request (request count, and anything already used up) and after each response (tokens,
cost), as pydantic-ai does, raising :class:`~pse.errors.BudgetExceeded`.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pse.errors import BudgetExceeded, ConfigError
from pse.llm.types import Stage, Usage

_MILLION = Decimal(1_000_000)


@dataclass(frozen=True)
class Price:
    """Price of a model per million tokens."""

    input: Decimal
    output: Decimal
    cached_input: Decimal | None = None
    """Price of prompt tokens served from the provider's cache (default: ``input``)."""

    def cost(self, usage: Usage) -> Decimal:
        """What ``usage`` costs at this price."""
        cached_price = self.input if self.cached_input is None else self.cached_input
        fresh = usage.prompt_tokens - usage.cached_tokens
        total = (fresh * self.input + usage.cached_tokens * cached_price
                 + usage.completion_tokens * self.output)
        return total / _MILLION


def _usd(inp: str, out: str, cached: str | None = None) -> Price:
    return Price(Decimal(inp), Decimal(out), Decimal(cached) if cached else None)


DEFAULT_CURRENCY = "USD"
DEFAULT_PRICES: Mapping[str, Price] = {
    # Public list prices in USD per million tokens, as published in 2025. Providers change
    # them: override any of them in [tool.pse.llm.prices].
    "gpt-4o": _usd("2.50", "10.00", "1.25"),
    "gpt-4o-mini": _usd("0.15", "0.60", "0.075"),
    "gpt-4.1": _usd("2.00", "8.00", "0.50"),
    "gpt-4.1-mini": _usd("0.40", "1.60", "0.10"),
    "gpt-4.1-nano": _usd("0.10", "0.40", "0.025"),
    "o4-mini": _usd("1.10", "4.40", "0.275"),
    "deepseek-chat": _usd("0.28", "0.42", "0.028"),
    "deepseek-reasoner": _usd("0.28", "0.42", "0.028"),
    # The embedded models run on your CPU.
    "qwen2.5-coder-0.5b": _usd("0", "0"),
    "qwen2.5-coder-1.5b": _usd("0", "0"),
}


def parse_prices(table: Mapping[str, object]) -> dict[str, Price]:
    """Prices from ``[tool.pse.llm.prices]``: ``{model: {input, output, cached-input}}``.

    Raises:
        ConfigError: a price that is missing or not a number.
    """
    prices: dict[str, Price] = {}
    for model, raw in sorted(table.items()):
        where = f"llm.prices.{model}"
        if not isinstance(raw, dict):
            raise ConfigError(f"{where} must be a table like {{input = \"0.15\", output = "
                              f"\"0.60\"}}, got {raw!r}")
        fields = {str(k).replace("-", "_"): v for k, v in raw.items()}
        unknown = sorted(set(fields) - {"input", "output", "cached_input"})
        if unknown or "input" not in fields or "output" not in fields:
            raise ConfigError(f"{where} must set input and output (and optionally "
                              f"cached-input), got keys {sorted(raw)!r}")
        cached = fields.get("cached_input")
        prices[model] = Price(_money(fields["input"], where), _money(fields["output"], where),
                              None if cached is None else _money(cached, where))
    return prices


def _money(raw: object, where: str) -> Decimal:
    try:
        value = Decimal(str(raw))  # via str: 0.1 as a TOML float stays exactly 0.1
    except InvalidOperation as exc:
        raise ConfigError(f"{where} has the price {raw!r}; give a number like \"0.15\"") from exc
    if not value.is_finite() or value < 0:
        raise ConfigError(f"{where} has the price {raw!r}; give a number >= 0")
    return value


def price_for(model: str, prices: Mapping[str, Price]) -> Price | None:
    """The price of ``model``: an exact entry, else the longest entry it starts with.

    So ``gpt-4o-mini-2024-07-18`` is priced as ``gpt-4o-mini``; ``None`` when unknown.
    """
    if model in prices:
        return prices[model]
    matches = [name for name in prices if model.startswith(name)]
    return prices[max(matches, key=len)] if matches else None


@dataclass(frozen=True)
class CallRecord:
    """One LLM call as the ledger saw it."""

    stage: Stage
    backend: str
    model: str
    usage: Usage
    cost: Decimal | None
    """``None`` when the model has no price."""
    seconds: float
    cached: bool = False
    """Answered from the response cache: nothing was spent."""


@dataclass(frozen=True)
class UsageTotals:
    """Sums over a set of calls (cache hits excluded from tokens and cost)."""

    requests: int = 0
    cache_hits: int = 0
    usage: Usage = Usage()
    cost: Decimal = Decimal(0)
    unpriced_calls: int = 0
    """Calls whose model had no price, so :attr:`cost` leaves them out."""


class UsageLedger:
    """Records every call of a run; thread-safe (batch runs call from several threads)."""

    def __init__(self, *, currency: str = DEFAULT_CURRENCY) -> None:
        self.currency = currency
        self._calls: list[CallRecord] = []
        self._lock = threading.Lock()

    def record(self, call: CallRecord) -> None:
        """Add one call."""
        with self._lock:
            self._calls.append(call)

    @property
    def calls(self) -> tuple[CallRecord, ...]:
        """Every call so far, in order."""
        with self._lock:
            return tuple(self._calls)

    def totals(self, stage: Stage | None = None) -> UsageTotals:
        """Run totals, or the totals of one stage."""
        calls = [c for c in self.calls if stage is None or c.stage == stage]
        spent = [c for c in calls if not c.cached]
        usage = sum((c.usage for c in spent), Usage())
        cost = sum((c.cost for c in spent if c.cost is not None), Decimal(0))
        return UsageTotals(requests=len(spent), cache_hits=len(calls) - len(spent), usage=usage,
                           cost=cost, unpriced_calls=sum(1 for c in spent if c.cost is None))

    def by_stage(self) -> dict[Stage, UsageTotals]:
        """Totals per stage, for the stages that made calls."""
        stages = sorted({c.stage for c in self.calls})
        return {stage: self.totals(stage) for stage in stages}

    def summary(self) -> str:
        """One line for stderr: calls, tokens, cost."""
        totals = self.totals()
        cost = f"{totals.cost:.4f} {self.currency}"
        if totals.unpriced_calls:
            cost += f" + {totals.unpriced_calls} unpriced call(s)"
        return (f"LLM: {totals.requests} request(s), {totals.cache_hits} cache hit(s), "
                f"{totals.usage.prompt_tokens} prompt + {totals.usage.completion_tokens} "
                f"completion tokens ({totals.usage.cached_tokens} cached), cost {cost}")


@dataclass(frozen=True)
class UsageLimits:
    """Per-run limits; ``None`` means no limit."""

    max_requests: int | None = None
    max_tokens: int | None = None
    max_cost: Decimal | None = None
    """In the ledger's currency."""

    def check_before_request(self, ledger: UsageLedger) -> None:
        """Refuse a request that would exceed the request limit, or follow a spent budget.

        Raises:
            BudgetExceeded: the run must stop before this request is sent.
        """
        totals = ledger.totals()
        if self.max_requests is not None and totals.requests + 1 > self.max_requests:
            raise BudgetExceeded(
                f"the next LLM request would be number {totals.requests + 1}, over the limit "
                f"llm.budget.max-requests = {self.max_requests}; raise it to continue")
        self._check_spent(ledger, totals, exhausted_ok=False)

    def check_after_response(self, ledger: UsageLedger) -> None:
        """Stop the run when the response just recorded went over a token or cost limit.

        Raises:
            BudgetExceeded: the run has used more than it may.
        """
        self._check_spent(ledger, ledger.totals(), exhausted_ok=True)

    def _check_spent(self, ledger: UsageLedger, totals: UsageTotals, *,
                     exhausted_ok: bool) -> None:
        # After a response, landing exactly on a limit is fine; before a request it is not.
        used = totals.usage.total_tokens
        if self.max_tokens is not None and (used > self.max_tokens or (
                used == self.max_tokens and not exhausted_ok)):
            raise BudgetExceeded(
                f"the run has used {used} LLM tokens; the limit is "
                f"llm.budget.max-tokens = {self.max_tokens}; raise it to continue")
        if self.max_cost is not None and (totals.cost > self.max_cost or (
                totals.cost == self.max_cost and not exhausted_ok)):
            raise BudgetExceeded(
                f"the run has cost {totals.cost:.4f} {ledger.currency}; the limit is "
                f"llm.budget.max-cost = {self.max_cost} {ledger.currency}; raise it to continue")

    def require_price(self, model: str, price: Price | None) -> None:
        """A cost limit cannot be enforced for a model with no price: refuse up front.

        Raises:
            ConfigError: ``max_cost`` is set and ``model`` has no price.
        """
        if self.max_cost is not None and price is None:
            raise ConfigError(
                f"llm.budget.max-cost is set but model {model!r} has no price; add it under "
                "[tool.pse.llm.prices] (input/output per million tokens)")
