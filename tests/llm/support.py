"""Helpers shared by the LLM tests."""

from __future__ import annotations

from pse.llm.backends import BackendConfig, ToolMode
from pse.llm.retry import RetryPolicy


def make_backend(base_url: str = "http://127.0.0.1:9/v1", *, timeout: float = 2.0,
                 max_retries: int = 3, tools: ToolMode = "auto", api_key: str = "sk-test",
                 model: str = "test-model", name: str = "test") -> BackendConfig:
    """An OpenAI-compatible backend with fast retries."""
    return BackendConfig(name=name, kind="openai", model=model, base_url=base_url,
                         api_key=api_key, timeout=timeout, tools=tools,
                         retry=RetryPolicy(max_retries=max_retries, base_delay=0.01,
                                           max_delay=0.05))
