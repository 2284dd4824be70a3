"""The client the pipeline talks to: routes each stage to its backend and accounts for it.

:class:`LLMRouter` (and :class:`AsyncLLMRouter`) implement the client Protocols over the
backends of an :class:`~pse.llm.backends.LLMConfig`. For every call they: apply the default
temperature; serve a cached answer when the request is cacheable; check the budget before
the request; call the stage's backend (built on first use); record usage and cost in the
run's :class:`~pse.llm.usage.UsageLedger`; store the answer; check the budget after the
response. Settings are resolved once by :func:`build_router` and passed in, never read here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pse.config import Settings, cache_dir
from pse.llm.backends import BackendConfig, LLMConfig, resolve_llm_config
from pse.llm.cache import ResponseCache, cache_key, is_cacheable
from pse.llm.types import AsyncLLMClient, Completion, LLMClient, Message, Stage, ToolSchema
from pse.llm.usage import DEFAULT_PRICES, CallRecord, Price, UsageLedger, price_for

_FREE = Price(Decimal(0), Decimal(0))


def create_client(backend: BackendConfig, *, cache_folder: Path) -> LLMClient:
    """A blocking client for ``backend`` (imports the SDK or llama.cpp only when needed)."""
    if backend.kind == "local":
        from pse.llm.local import LocalLLM

        return LocalLLM(backend, cache_dir=cache_folder)
    from pse.llm.openai_compat import OpenAICompatClient

    return OpenAICompatClient(backend)


def create_async_client(backend: BackendConfig, *, cache_folder: Path) -> AsyncLLMClient:
    """An asyncio client for ``backend`` (local models run in a worker thread)."""
    if backend.kind == "local":
        from pse.llm.local import LocalLLM, ThreadedAsyncLLM

        return ThreadedAsyncLLM(LocalLLM(backend, cache_dir=cache_folder))
    from pse.llm.openai_compat import AsyncOpenAICompatClient

    return AsyncOpenAICompatClient(backend)


@dataclass(frozen=True)
class _Prepared:
    backend: BackendConfig
    params: dict[str, object]
    key: str | None
    price: Price | None


class _Accounting:
    """Cache, budget and ledger bookkeeping shared by the sync and async routers."""

    def __init__(self, config: LLMConfig, *, cache: ResponseCache | None,
                 ledger: UsageLedger | None) -> None:
        self.config = config
        self.cache = cache if config.cache else None
        self.ledger = ledger or UsageLedger(currency=config.currency)
        self.prices = {**DEFAULT_PRICES, **config.prices}

    def prepare(self, messages: Sequence[Message], stage: Stage,
                tools: Sequence[ToolSchema] | None, params: Mapping[str, object]
                ) -> _Prepared:
        backend = self.config.backend_for(stage)
        sent = {"temperature": self.config.temperature, **params}
        use_cache = bool(sent.pop("cache", True)) and self.cache is not None
        key = None
        if use_cache and is_cacheable(sent):
            keyed = {k: v for k, v in sent.items() if k != "timeout"}
            key = cache_key(base_url=backend.base_url or backend.kind, model=backend.model,
                            messages=messages, tools=tools, params=keyed)
        price = _FREE if backend.kind == "local" else price_for(backend.model, self.prices)
        return _Prepared(backend, sent, key, price)

    def cached(self, prepared: _Prepared, stage: Stage) -> Completion | None:
        if prepared.key is None or self.cache is None:
            return None
        hit = self.cache.get(prepared.key)
        if hit is not None:
            self.ledger.record(CallRecord(stage, prepared.backend.name, hit.model or
                                          prepared.backend.model, hit.usage, Decimal(0), 0.0,
                                          cached=True))
        return hit

    def before(self, prepared: _Prepared) -> None:
        self.config.limits.require_price(prepared.backend.model, prepared.price)
        self.config.limits.check_before_request(self.ledger)

    def after(self, prepared: _Prepared, stage: Stage, completion: Completion,
              seconds: float) -> None:
        cost = prepared.price.cost(completion.usage) if prepared.price else None
        self.ledger.record(CallRecord(stage, prepared.backend.name,
                                      completion.model or prepared.backend.model,
                                      completion.usage, cost, seconds))
        if prepared.key is not None and self.cache is not None:
            self.cache.put(prepared.key, completion)
        self.config.limits.check_after_response(self.ledger)


class LLMRouter:
    """The blocking :class:`~pse.llm.types.LLMClient` the pipeline uses."""

    def __init__(self, config: LLMConfig, *,
                 factory: Callable[[BackendConfig], LLMClient],
                 cache: ResponseCache | None = None, ledger: UsageLedger | None = None) -> None:
        """Create the router.

        Args:
            config: backends, stage routing, prices and limits.
            factory: builds the client of a backend on its first use.
            cache: the response cache (``None``: no caching).
            ledger: where usage is recorded (a new one by default).
        """
        self._accounting = _Accounting(config, cache=cache, ledger=ledger)
        self._factory = factory
        self._clients: dict[str, LLMClient] = {}
        self._lock = threading.Lock()

    @property
    def ledger(self) -> UsageLedger:
        """The run's usage."""
        return self._accounting.ledger

    @property
    def config(self) -> LLMConfig:
        """The configuration routed over."""
        return self._accounting.config

    def client_for(self, stage: Stage) -> LLMClient:
        """The backend client that answers ``stage`` (created on first use)."""
        backend = self.config.backend_for(stage)
        with self._lock:
            if backend.name not in self._clients:
                self._clients[backend.name] = self._factory(backend)
            return self._clients[backend.name]

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.LLMClient.chat`; ``cache=False`` bypasses the cache."""
        prepared = self._accounting.prepare(messages, stage, tools, params)
        hit = self._accounting.cached(prepared, stage)
        if hit is not None:
            return hit
        self._accounting.before(prepared)
        client = self.client_for(stage)
        started = time.monotonic()
        completion = client.chat(messages, stage=stage, tools=tools, **prepared.params)
        self._accounting.after(prepared, stage, completion, time.monotonic() - started)
        return completion


class AsyncLLMRouter:
    """The asyncio :class:`~pse.llm.types.AsyncLLMClient`, for concurrent batch runs."""

    def __init__(self, config: LLMConfig, *,
                 factory: Callable[[BackendConfig], AsyncLLMClient],
                 cache: ResponseCache | None = None, ledger: UsageLedger | None = None) -> None:
        """Create the router; arguments as for :class:`LLMRouter`."""
        self._accounting = _Accounting(config, cache=cache, ledger=ledger)
        self._factory = factory
        self._clients: dict[str, AsyncLLMClient] = {}

    @property
    def ledger(self) -> UsageLedger:
        """The run's usage."""
        return self._accounting.ledger

    async def chat(self, messages: Sequence[Message], *, stage: Stage,
                   tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.AsyncLLMClient.chat`."""
        prepared = self._accounting.prepare(messages, stage, tools, params)
        hit = self._accounting.cached(prepared, stage)
        if hit is not None:
            return hit
        self._accounting.before(prepared)
        name = prepared.backend.name
        if name not in self._clients:  # one event loop thread: no lock needed
            self._clients[name] = self._factory(prepared.backend)
        started = time.monotonic()
        completion = await self._clients[name].chat(messages, stage=stage, tools=tools,
                                                    **prepared.params)
        self._accounting.after(prepared, stage, completion, time.monotonic() - started)
        return completion


def open_cache(settings: Settings) -> ResponseCache | None:
    """The response cache under ``cache_dir``, or ``None`` when ``llm.cache`` is off."""
    if not settings["llm.cache"]:
        return None
    return ResponseCache(cache_dir(settings) / "llm-responses.sqlite")


def build_router(settings: Settings, *, environ: Mapping[str, str],
                 ledger: UsageLedger | None = None) -> LLMRouter:
    """The :class:`LLMRouter` that settings describe (the CLI's entry point to the LLM)."""
    config = resolve_llm_config(settings, environ=environ)
    folder = cache_dir(settings)
    return LLMRouter(config, factory=lambda b: create_client(b, cache_folder=folder),
                     cache=open_cache(settings), ledger=ledger)


def build_async_router(settings: Settings, *, environ: Mapping[str, str],
                       ledger: UsageLedger | None = None) -> AsyncLLMRouter:
    """The :class:`AsyncLLMRouter` that settings describe."""
    config = resolve_llm_config(settings, environ=environ)
    folder = cache_dir(settings)
    return AsyncLLMRouter(config, factory=lambda b: create_async_client(b, cache_folder=folder),
                          cache=open_cache(settings), ledger=ledger)
