"""The last door before the model: every message redacted, every request recorded.

The task redacts the prompts it builds, but a prompt can be built elsewhere (the pipeline's
shared stages, a translation, a retry that quotes a finding). :class:`Outbound` wraps the
run's client and redacts every message once more just before it leaves, so "no personal
data in a request" does not depend on each prompt builder getting it right. With a
``log`` path it also appends each request (stage, messages, parameters) as one JSON line:
exactly the text the model was sent, for ``pse resume --show-requests``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from pse.cv.privacy import Redactor
from pse.llm.types import Completion, LLMClient, Message, Stage, ToolSchema

REQUESTS_LOG = "requests.jsonl"
"""The request log's file name in the run folder."""


class Outbound:
    """An :class:`~pse.llm.types.LLMClient` that redacts (and optionally logs) requests.

    Every other attribute (``config``, ``ledger``...) is the wrapped client's.
    """

    def __init__(self, inner: LLMClient, redactor: Redactor, *, log: Path | None = None
                 ) -> None:
        """Wrap ``inner``; ``log``: a JSON-lines file the requests are appended to."""
        self.inner = inner
        self.redactor = redactor
        self.log = log

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.LLMClient.chat`."""
        safe = [replace(m, content=self.redactor.redact(m.content)) for m in messages]
        if self.log is not None:
            record = {"stage": stage, "messages": [m.to_wire() for m in safe],
                      "params": {k: v for k, v in sorted(params.items())
                                 if isinstance(v, str | int | float | bool | list)}}
            self.log.parent.mkdir(parents=True, exist_ok=True)
            with self.log.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        return self.inner.chat(safe, stage=stage, tools=tools, **params)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)
