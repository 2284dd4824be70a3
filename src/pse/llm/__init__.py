"""The LLM layer: one client Protocol, many backends, every call accounted for.

Stages talk to an :class:`LLMClient` (``chat(messages, *, stage, tools=None, **params)``).
:func:`build_router` turns settings into an :class:`LLMRouter` that sends each stage to its
backend: ``openai`` (any OpenAI-compatible server), ``local`` (embedded llama.cpp with a model
shipped in PyPI packages; the default without an API key) or a named backend from
``[tool.pse.llm.backends]``. The router serves temperature-0 answers from a SQLite cache,
records usage and cost per call and per stage, and enforces the run's budget. The fakes in
:mod:`pse.llm.fake` are for tests only. Heavy imports (``openai``, ``llama_cpp``) happen on
first use, so commands that need no model never pay for them.
"""

from __future__ import annotations

from pse.llm.backends import BackendConfig, LLMConfig, resolve_llm_config
from pse.llm.registry import AsyncLLMRouter, LLMRouter, build_async_router, build_router
from pse.llm.types import (
    STAGES,
    AsyncLLMClient,
    Completion,
    LLMClient,
    Message,
    Stage,
    ToolCall,
    ToolSchema,
    Usage,
)
from pse.llm.usage import CallRecord, Price, UsageLedger, UsageLimits

__all__ = [
    "STAGES",
    "AsyncLLMClient",
    "AsyncLLMRouter",
    "BackendConfig",
    "CallRecord",
    "Completion",
    "LLMClient",
    "LLMConfig",
    "LLMRouter",
    "Message",
    "Price",
    "Stage",
    "ToolCall",
    "ToolSchema",
    "Usage",
    "UsageLedger",
    "UsageLimits",
    "build_async_router",
    "build_router",
    "resolve_llm_config",
]
