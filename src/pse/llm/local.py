"""The embedded backend: llama-cpp-python running a small model inside the pse process.

The default when no API key or base URL is configured, so ``pse`` works on a fresh machine
with no network. The model is loaded on the first call (a few seconds) and kept; calls are
serialised by a lock because a llama.cpp context is not thread-safe. llama.cpp keeps the
KV cache of the previous prompt and re-evaluates only what follows the longest common
prefix, so callers put the shared context (sources, instructions) first: a repeated
1,541-token prefix cost 1.1 s instead of 21 s on 2 cores.

Tool calls use the model's own chat template (Qwen's ``<tool_call>`` format); the reply is
parsed back into :class:`~pse.llm.types.ToolCall` s by :mod:`pse.llm.wire`. A
``tool_choice`` naming one function makes llama.cpp constrain the arguments to its schema.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pse.errors import LLMError, LLMResponseError
from pse.llm.backends import BackendConfig, default_threads
from pse.llm.catalog import resolve_model
from pse.llm.types import Completion, LLMClient, Message, Stage, ToolCall, ToolSchema
from pse.llm.wire import check_completion, parse_completion, parse_tagged_tool_calls, wire_messages

if TYPE_CHECKING:
    from llama_cpp import Llama

_PARAMS = frozenset({"temperature", "max_tokens", "top_p", "seed", "stop", "tool_choice",
                     "response_format", "presence_penalty", "frequency_penalty", "top_k",
                     "min_p", "repeat_penalty", "logit_bias"})
INSTALL_HINT = ('install the embedded backend with: pip install "pse[local]" '
                "(builds llama-cpp-python from source the first time: about 8-13 minutes)")


def import_llama() -> type[Llama]:
    """The ``llama_cpp.Llama`` class, or an ImportError with the install command."""
    try:
        from llama_cpp import Llama
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc
    return Llama


def is_available() -> bool:
    """Whether llama-cpp-python can be imported (checked without loading a model)."""
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


class LocalLLM:
    """A blocking :class:`~pse.llm.types.LLMClient` over an in-process llama.cpp model."""

    def __init__(self, backend: BackendConfig, *, cache_dir: Path) -> None:
        """Prepare the client; the model is located and loaded on the first call.

        Args:
            backend: a ``kind="local"`` backend; ``model`` is a named model or a GGUF path.
            cache_dir: where named models are assembled.
        """
        self.backend = backend
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._llama: Llama | None = None

    @property
    def model_name(self) -> str:
        """The model as configured (a name, or the GGUF file's stem)."""
        return Path(self.backend.model).stem if self.backend.model.endswith(".gguf") \
            else self.backend.model

    def load(self) -> Llama:
        """Load the model now (assembling it first if needed) and return it.

        Raises:
            ImportError: llama-cpp-python is not installed.
            ConfigError: the model cannot be found or assembled.
            LLMError: llama.cpp cannot load the file.
        """
        with self._lock:
            return self._load_locked()

    def _load_locked(self) -> Llama:
        if self._llama is None:
            llama_class = import_llama()
            path = resolve_model(self.backend.model, cache_dir=self._cache_dir)
            threads = self.backend.threads or default_threads()
            try:
                self._llama = llama_class(model_path=str(path), n_ctx=self.backend.n_ctx,
                                          n_threads=threads, n_threads_batch=threads,
                                          verbose=False)
            except (ValueError, RuntimeError, OSError) as exc:
                raise LLMError(f"{self.backend.label}: llama.cpp cannot load {str(path)!r} "
                               f"({exc}); check that it is a GGUF model file") from exc
        return self._llama

    def chat(self, messages: Sequence[Message], *, stage: Stage,  # noqa: ARG002 - protocol
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.LLMClient.chat`."""
        allow_truncated = bool(params.pop("allow_truncated", False))
        params.pop("timeout", None)  # a local call cannot hang on a network
        unknown = sorted(set(params) - _PARAMS)
        if unknown:
            raise LLMError(f"{self.backend.label} does not support the parameter(s) "
                           f"{', '.join(unknown)}; remove them or use an HTTP backend")
        kwargs: dict[str, object] = {"messages": _template_messages(messages), **params}
        if tools:
            kwargs["tools"] = list(tools)
        with self._lock:
            llama = self._load_locked()
            try:
                data = llama.create_chat_completion(**kwargs)  # type: ignore[arg-type]  # wire dicts
            except ValueError as exc:  # llama.cpp: prompt longer than the context window
                raise LLMError(f"{self.backend.label}: {exc}; shorten the prompt or raise "
                               f"local.n_ctx (now {self.backend.n_ctx})") from exc
        completion = parse_completion(data, where=self.backend.label)  # type: ignore[arg-type]  # a dict
        completion = Completion(text=completion.text, tool_calls=completion.tool_calls,
                                finish_reason=completion.finish_reason, usage=completion.usage,
                                model=self.model_name)
        if tools:
            completion = parse_tagged_tool_calls(completion, tools)
        check_completion(completion, allow_truncated=allow_truncated, where=self.backend.label)
        return completion


def _template_messages(messages: Sequence[Message]) -> list[dict[str, object]]:
    """Wire messages, with tool-call arguments as objects.

    Chat templates (Qwen's among them) render ``arguments | tojson``, expecting an object as
    Hugging Face passes it; the OpenAI string would be encoded twice, and small models then
    imitate the doubly-encoded form.
    """
    wire = wire_messages(messages)
    for message, sent in zip(messages, wire, strict=True):
        if message.tool_calls:
            sent["tool_calls"] = [
                {**call.to_wire(), "function": {"name": call.name,
                                                "arguments": _arguments_object(call)}}
                for call in message.tool_calls]
    return wire


def _arguments_object(call: ToolCall) -> object:
    try:
        return call.parsed_arguments()
    except LLMResponseError:
        return call.arguments


class ThreadedAsyncLLM:
    """An :class:`~pse.llm.types.AsyncLLMClient` running a blocking client in a worker thread."""

    def __init__(self, client: LLMClient) -> None:
        """Wrap ``client``, which must be thread-safe (as :class:`LocalLLM` is)."""
        self.client = client

    async def chat(self, messages: Sequence[Message], *, stage: Stage,
                   tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """Run the blocking ``chat`` in a thread."""
        return await asyncio.to_thread(self.client.chat, messages, stage=stage, tools=tools,
                                       **params)
