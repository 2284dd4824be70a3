"""Which backend answers which stage: named backends resolved from settings.

Two backends always exist: ``openai`` (the OpenAI-compatible HTTP backend configured by
``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` / ``OPENAI_MODEL`` or their ``PSE_LLM_*`` names)
and ``local`` (the embedded llama.cpp model, ``PSE_LOCAL_MODEL``). ``[tool.pse.llm.backends]``
adds more, each naming the *environment variable* that holds its key (``api-key-env``):
secrets never come from pyproject. The default backend is ``llm.backend``, or ``openai`` when
an API key or base URL is configured, else ``local``; ``[tool.pse.llm.stages]`` overrides it
per stage.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Literal, get_args

from pse.config import Settings
from pse.errors import ConfigError
from pse.llm.retry import RetryPolicy
from pse.llm.types import STAGES, Stage
from pse.llm.usage import Price, UsageLimits, parse_prices

BackendKind = Literal["openai", "local"]
ToolMode = Literal["auto", "native", "prompt"]
NO_KEY = "no-key"
"""Sent as the API key to servers that need none (Ollama, llama.cpp, vLLM without auth)."""
_BACKEND_KEYS = frozenset({"kind", "base_url", "model", "api_key_env", "timeout",
                           "max_retries", "tools", "n_ctx", "threads"})


@dataclass(frozen=True)
class BackendConfig:
    """Everything needed to build one backend client."""

    name: str
    kind: BackendKind
    model: str
    """Model name sent to the server, or (``local``) a named model or GGUF path."""
    base_url: str = ""
    """Empty: the SDK default (https://api.openai.com/v1)."""
    api_key: str = field(default="", repr=False)
    timeout: float = 120.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    tools: ToolMode = "auto"
    n_ctx: int = 8192
    threads: int = 0

    @property
    def target(self) -> str:
        """Where requests go and which model answers, without secrets."""
        if self.kind == "local":
            return f"embedded llama.cpp, model {self.model!r}"
        return f"{self.base_url or 'https://api.openai.com/v1'}, model {self.model!r}"

    @property
    def label(self) -> str:
        """A human description for messages, without secrets."""
        return f"backend {self.name!r} ({self.target})"


@dataclass(frozen=True)
class LLMConfig:
    """All backends, the default, and the per-stage choice."""

    backends: Mapping[str, BackendConfig]
    default: str
    stages: Mapping[Stage, str]
    temperature: float = 0.0
    cache: bool = True
    prices: Mapping[str, Price] = field(default_factory=dict)
    currency: str = "USD"
    limits: UsageLimits = field(default_factory=UsageLimits)

    def backend_for(self, stage: Stage) -> BackendConfig:
        """The backend that answers ``stage``."""
        return self.backends[self.stages.get(stage, self.default)]


def resolve_llm_config(settings: Settings, *, environ: Mapping[str, str]) -> LLMConfig:
    """Build the :class:`LLMConfig` from settings.

    Args:
        settings: resolved settings.
        environ: where ``api-key-env`` names are looked up.

    Raises:
        ConfigError: an unknown backend or stage name, a bad backend table, a bad price.
    """
    backends = {"openai": _openai_backend(settings), "local": _local_backend(settings)}
    for name, table in sorted(settings.get_table("llm.backends").items()):
        backends[name] = _named_backend(name, table, settings, environ)
    default = settings.get_str("llm.backend") or _auto_default(settings)
    _check_name(default, backends, "llm.backend")
    stages = _stage_map(settings.get_table("llm.stages"), backends)
    currency = settings.get_str("llm.currency")
    return LLMConfig(
        backends=backends, default=default, stages=stages,
        temperature=_float(settings["llm.temperature"]), cache=bool(settings["llm.cache"]),
        prices=parse_prices(settings.get_table("llm.prices")), currency=currency,
        limits=_limits(settings))


def _auto_default(settings: Settings) -> str:
    has_remote = settings.get_str("llm.api_key") or settings.get_str("llm.base_url")
    return "openai" if has_remote else "local"


def _retry(settings: Settings) -> RetryPolicy:
    return RetryPolicy(max_retries=settings.get_int("llm.max_retries"))


def _openai_backend(settings: Settings) -> BackendConfig:
    base_url = settings.get_str("llm.base_url")
    key = settings.get_str("llm.api_key") or (NO_KEY if base_url else "")
    return BackendConfig(name="openai", kind="openai", model=settings.get_str("llm.model"),
                         base_url=base_url, api_key=key,
                         timeout=_float(settings["llm.timeout"]), retry=_retry(settings),
                         tools=_tool_mode(settings.get_str("llm.tools"), "llm.tools"))


def _local_backend(settings: Settings) -> BackendConfig:
    return BackendConfig(name="local", kind="local", model=settings.get_str("local.model"),
                         timeout=_float(settings["llm.timeout"]), retry=_retry(settings),
                         n_ctx=settings.get_int("local.n_ctx"),
                         threads=settings.get_int("local.threads"))


def _named_backend(name: str, raw: object, settings: Settings,
                   environ: Mapping[str, str]) -> BackendConfig:
    where = f"llm.backends.{name}"
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table like {{base-url = ..., model = ...}}, "
                          f"got {raw!r}")
    table = {str(k).replace("-", "_"): v for k, v in raw.items()}
    if "api_key" in table:
        raise ConfigError(f"{where} sets 'api-key'; secrets may not live in config files: "
                          f"put the key in an environment variable and set api-key-env")
    for key in table:
        if key not in _BACKEND_KEYS:
            best = difflib.get_close_matches(key, sorted(_BACKEND_KEYS), n=1)
            hint = f"; did you mean {best[0].replace('_', '-')!r}?" if best else ""
            raise ConfigError(f"unknown key {key.replace('_', '-')!r} in {where}{hint}")
    kind = str(table.get("kind", "openai"))
    if kind not in get_args(BackendKind):
        raise ConfigError(f"{where}.kind is {kind!r}; choose 'openai' or 'local'")
    base = _local_backend(settings) if kind == "local" else _openai_backend(settings)
    key_env = str(table.get("api_key_env", ""))
    base_url = str(table.get("base_url", base.base_url if kind == "openai" else ""))
    api_key = environ.get(key_env, "") if key_env else ""
    if kind == "openai" and not api_key:
        api_key = NO_KEY if base_url else base.api_key
    return BackendConfig(
        name=name, kind=base.kind, model=str(table.get("model", base.model)), base_url=base_url,
        api_key=api_key, timeout=_float(table.get("timeout", base.timeout), f"{where}.timeout"),
        retry=RetryPolicy(max_retries=_int(table.get("max_retries", base.retry.max_retries),
                                           f"{where}.max-retries")),
        tools=_tool_mode(str(table.get("tools", base.tools)), f"{where}.tools"),
        n_ctx=_int(table.get("n_ctx", base.n_ctx), f"{where}.n-ctx"),
        threads=_int(table.get("threads", base.threads), f"{where}.threads"))


def _stage_map(raw: Mapping[str, object], backends: Mapping[str, BackendConfig]
               ) -> dict[Stage, str]:
    stages: dict[Stage, str] = {}
    for stage, name in sorted(raw.items()):
        if stage not in STAGES:
            best = difflib.get_close_matches(stage, STAGES, n=1)
            hint = f"; did you mean {best[0]!r}?" if best else f"; stages: {', '.join(STAGES)}"
            raise ConfigError(f"unknown stage {stage!r} in llm.stages{hint}")
        _check_name(str(name), backends, f"llm.stages.{stage}")
        stages[stage] = str(name)
    return stages


def _check_name(name: str, backends: Mapping[str, BackendConfig], where: str) -> None:
    if name not in backends:
        raise ConfigError(f"{where} names the backend {name!r}, which is not defined; "
                          f"defined: {', '.join(sorted(backends))}")


def _tool_mode(value: str, where: str) -> ToolMode:
    if value not in get_args(ToolMode):
        raise ConfigError(f"{where} is {value!r}; choose auto, native or prompt")
    return value  # type: ignore[return-value]  # checked above


def _limits(settings: Settings) -> UsageLimits:
    raw_cost = settings.get_str("llm.budget.max_cost").strip()
    try:
        max_cost = Decimal(raw_cost) if raw_cost else None
    except InvalidOperation as exc:
        raise ConfigError(f"llm.budget.max-cost is {raw_cost!r}; give a number like '0.50'"
                          ) from exc
    return UsageLimits(max_requests=settings.get_int("llm.budget.max_requests") or None,
                       max_tokens=settings.get_int("llm.budget.max_tokens") or None,
                       max_cost=max_cost)


def _float(value: object, where: str = "setting") -> float:
    try:
        return float(str(value))
    except ValueError as exc:
        raise ConfigError(f"{where} must be a number, got {value!r}") from exc


def _int(value: object, where: str) -> int:
    if isinstance(value, bool):
        raise ConfigError(f"{where} must be a whole number, got {value!r}")
    try:
        return int(str(value))
    except ValueError as exc:
        raise ConfigError(f"{where} must be a whole number, got {value!r}") from exc


_MAX_DEFAULT_THREADS = 8
"""More threads than this stop paying on a CPU: generation is bound by memory bandwidth."""


def default_threads() -> int:
    """Threads for the embedded model when none are configured: every core this process
    may use, up to :data:`_MAX_DEFAULT_THREADS`.

    Not llama.cpp's own default (half the cores generate): while pse waits on the model the
    rest of the machine is idle, and on 2 cores the second thread made generation 1.4x and
    reading the prompt 1.6x faster (``bench/llm_speed.py --threads 1`` vs ``2``).
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, _MAX_DEFAULT_THREADS))
