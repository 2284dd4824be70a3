"""Agent tools that cannot be talked out of the project.

An agent reads whatever a repository or CV contains, so prompt injection is an input, and
these tools are built to hold against it. Every tool goes through one :class:`Sandbox`:
paths are opened beneath their root by descriptors, never following a link out of it,
and checked through the descriptor (:mod:`pse.tools.beneath`); only regular text files
are read, with size caps and notices instead of silent truncation; a secrets
deny-list keeps ``.env``, keys and ``.git/config`` out; commands run from an allowlist of
read-only programs with every option checked, argv only (never a shell), behind the seeds'
blacklist as a second layer. :mod:`pse.tools.confine` is the one place a command runs: it
may read the project, never execute what the project contains or configures (git runs
against pse's own view of the repository, never its config, and deny-listed blobs stay
unreachable by any revision; pytest collection runs only under bubblewrap, the isolated
mode), with rlimits and a scrubbed environment always. :func:`call_tool` turns
each call into text for the model (refusals carry a stable code) and a
:class:`ToolEvent` for the trace; secret values from the environment are redacted from
both. Nothing here imports an LLM, agent framework or CLI.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pse.tools.dispatch import ToolEvent, call_tool
    from pse.tools.outcome import FailureCode, RefusalCode, RefusalError, ToolCallFailed
    from pse.tools.sandbox import Sandbox, Target
    from pse.tools.schemas import tool_names, tool_schemas
    from pse.tools.settings import DEFAULT_COMMANDS, ToolSettings

# The exports are imported on first use (PEP 562): ``pse verify`` reads git through
# :mod:`pse.tools.gitrepo`, a module of this package, and must not pay for the sandbox,
# the dispatcher and the schemas it never calls (a third of a --since run's imports).
_EXPORTS = {
    "ToolEvent": "dispatch", "call_tool": "dispatch",
    "FailureCode": "outcome", "RefusalCode": "outcome", "RefusalError": "outcome",
    "ToolCallFailed": "outcome",
    "Sandbox": "sandbox", "Target": "sandbox",
    "tool_names": "schemas", "tool_schemas": "schemas",
    "DEFAULT_COMMANDS": "settings", "ToolSettings": "settings",
}


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pse.tools' has no attribute {name!r}")
    return getattr(importlib.import_module(f"pse.tools.{module}"), name)


__all__ = [
    "DEFAULT_COMMANDS",
    "FailureCode",
    "RefusalCode",
    "RefusalError",
    "Sandbox",
    "Target",
    "ToolCallFailed",
    "ToolEvent",
    "ToolSettings",
    "call_tool",
    "tool_names",
    "tool_schemas",
]
