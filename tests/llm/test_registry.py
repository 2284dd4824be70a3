"""The router: stage routing, cache, usage accounting and budget enforcement."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

import pytest

from pse.config import load_settings
from pse.errors import BudgetExceeded, ConfigError
from pse.llm.backends import BackendConfig, LLMConfig
from pse.llm.cache import ResponseCache
from pse.llm.fake import ScriptedLLM
from pse.llm.registry import AsyncLLMRouter, LLMRouter, build_router, open_cache
from pse.llm.types import Completion, Message, Stage, ToolSchema, Usage
from pse.llm.usage import Price, UsageLimits

QUESTION = [Message.user("what is pse")]


def _config(**overrides: object) -> LLMConfig:
    backends = {
        "main": BackendConfig("main", "openai", "gpt-4o-mini", "http://main/v1", "k"),
        "cheap": BackendConfig("cheap", "openai", "deepseek-chat", "http://cheap/v1", "k"),
        "local": BackendConfig("local", "local", "qwen2.5-coder-0.5b"),
    }
    fields: dict[str, object] = {"backends": backends, "default": "main",
                                 "stages": {"fix": "cheap", "translate": "local"}}
    fields.update(overrides)
    return LLMConfig(**fields)  # type: ignore[arg-type]


class Fakes:
    """One ScriptedLLM per backend name, built on demand like real clients."""

    def __init__(self) -> None:
        self.by_name: dict[str, ScriptedLLM] = {}

    def __call__(self, backend: BackendConfig) -> ScriptedLLM:
        return self.by_name.setdefault(backend.name, ScriptedLLM(model=backend.model))


def _router(tmp_path: Path | None = None, **overrides: object) -> tuple[LLMRouter, Fakes]:
    fakes = Fakes()
    cache = ResponseCache(tmp_path / "c.sqlite") if tmp_path else None
    return LLMRouter(_config(**overrides), factory=fakes, cache=cache), fakes


def test_router_sends_each_stage_to_its_backend() -> None:
    router, fakes = _router()
    for name in ("main", "cheap", "local"):
        fakes(router.config.backends[name]).enqueue(f"from {name}")
    answers = [router.chat(QUESTION, stage=s).text for s in ("planner", "fix", "translate")]
    assert answers == ["from main", "from cheap", "from local"]
    assert fakes.by_name["main"].requests[0].info.params == {"temperature": 0.0}


def test_router_records_usage_and_cost_per_stage() -> None:
    router, fakes = _router(prices={"gpt-4o-mini": Price(Decimal(1), Decimal(2))})
    fakes(router.config.backends["main"]).enqueue(
        Completion("a", usage=Usage(1_000_000, 500_000)), Completion("b", usage=Usage(10, 10)))
    fakes(router.config.backends["local"]).enqueue("local answer")
    router.chat(QUESTION, stage="planner")
    router.chat(QUESTION, stage="evaluator")
    router.chat(QUESTION, stage="translate")
    by_stage = router.ledger.by_stage()
    assert by_stage["planner"].cost == Decimal(2)  # 1 M in at 1 + 0.5 M out at 2
    assert by_stage["translate"].cost == Decimal(0)  # local models are free
    assert router.ledger.totals().requests == 3
    assert [c.backend for c in router.ledger.calls] == ["main", "main", "local"]


def test_router_unpriced_model_has_unknown_cost() -> None:
    router, fakes = _router(backends={"main": BackendConfig("main", "openai", "my-llama")})
    fakes(router.config.backends["main"]).enqueue("x")
    router.chat(QUESTION, stage="planner")
    assert router.ledger.calls[0].cost is None


def test_router_serves_temperature_zero_repeats_from_the_cache(tmp_path: Path) -> None:
    router, fakes = _router(tmp_path)
    fakes(router.config.backends["main"]).enqueue("once", "fresh")
    first = router.chat(QUESTION, stage="planner")
    second = router.chat(QUESTION, stage="planner")
    assert (first.text, first.cached, second.text, second.cached) == ("once", False, "once", True)
    bypass = router.chat(QUESTION, stage="planner", cache=False)
    assert bypass.text == "fresh"
    totals = router.ledger.totals()
    assert (totals.requests, totals.cache_hits) == (2, 1)


def test_router_does_not_cache_sampled_answers(tmp_path: Path) -> None:
    router, fakes = _router(tmp_path)
    fakes(router.config.backends["main"]).enqueue("a", "b")
    texts = [router.chat(QUESTION, stage="planner", temperature=0.7).text for _ in range(2)]
    assert texts == ["a", "b"]


def test_router_cache_is_shared_across_runs_but_not_across_models(tmp_path: Path) -> None:
    first, fakes = _router(tmp_path)
    fakes(first.config.backends["main"]).enqueue("stored")
    first.chat(QUESTION, stage="planner")
    again, fakes2 = _router(tmp_path)
    assert again.chat(QUESTION, stage="planner").text == "stored"
    assert fakes2.by_name == {}  # no backend was even built
    fakes2(again.config.backends["cheap"]).enqueue("other model")
    assert again.chat(QUESTION, stage="fix").text == "other model"


def test_router_budget_stops_before_the_request_over_the_limit() -> None:
    router, fakes = _router(limits=UsageLimits(max_requests=1))
    fakes(router.config.backends["main"]).enqueue("one", "two")
    router.chat(QUESTION, stage="planner")
    with pytest.raises(BudgetExceeded, match="max-requests = 1"):
        router.chat(QUESTION, stage="planner", temperature=0.5)
    assert len(fakes.by_name["main"].requests) == 1  # the second request was never sent


def test_router_budget_stops_after_the_response_that_overspends() -> None:
    router, fakes = _router(limits=UsageLimits(max_tokens=10))
    fakes(router.config.backends["main"]).enqueue(Completion("long", usage=Usage(8, 5)))
    with pytest.raises(BudgetExceeded, match="used 13 LLM tokens"):
        router.chat(QUESTION, stage="planner")
    assert router.ledger.totals().usage.total_tokens == 13  # recorded before stopping


def test_router_cost_limit_needs_prices() -> None:
    router, fakes = _router(backends={"main": BackendConfig("main", "openai", "my-llama")},
                            limits=UsageLimits(max_cost=Decimal(1)))
    fakes(router.config.backends["main"]).enqueue("x")
    with pytest.raises(ConfigError, match="'my-llama' has no price"):
        router.chat(QUESTION, stage="planner")


def test_router_builds_each_backend_once() -> None:
    built: list[str] = []

    def factory(backend: BackendConfig) -> ScriptedLLM:
        built.append(backend.name)
        return ScriptedLLM(["1", "2"])

    router = LLMRouter(_config(), factory=factory)
    router.chat(QUESTION, stage="planner")
    router.chat(QUESTION, stage="evaluator")
    assert built == ["main"]


def test_async_router_runs_calls_concurrently_with_shared_accounting(tmp_path: Path) -> None:
    class AsyncFake:
        def __init__(self) -> None:
            self.active = 0
            self.peak = 0

        async def chat(self, messages: Sequence[Message], *, stage: Stage,
                       tools: Sequence[ToolSchema] | None = None, **params: object
                       ) -> Completion:
            self.active += 1
            self.peak = max(self.peak, self.active)
            await asyncio.sleep(0.01)
            self.active -= 1
            return Completion(f"answer to {messages[0].content}", usage=Usage(2, 3))

    fake = AsyncFake()
    router = AsyncLLMRouter(_config(), factory=lambda _: fake,
                            cache=ResponseCache(tmp_path / "c.sqlite"))

    async def run() -> list[str]:
        calls = [router.chat([Message.user(f"q{i}")], stage="planner") for i in range(4)]
        return [c.text for c in await asyncio.gather(*calls)]

    assert asyncio.run(run()) == [f"answer to q{i}" for i in range(4)]
    assert fake.peak == 4
    assert router.ledger.totals().usage == Usage(8, 12)


def test_build_router_from_settings(tmp_path: Path) -> None:
    settings = load_settings(environ={"PSE_CACHE_DIR": str(tmp_path)}, cwd=tmp_path,
                             start=tmp_path)
    router = build_router(settings, environ={})
    assert router.config.default == "local"
    assert (tmp_path / "llm-responses.sqlite").is_file()
    off = load_settings(environ={"PSE_LLM_CACHE": "0"}, cwd=tmp_path, start=tmp_path)
    assert open_cache(off) is None
