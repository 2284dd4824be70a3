"""``call_tool``: the one door between a model's tool call and the sandbox.

It parses the JSON arguments, validates them against the schema, runs the tool, and
always returns text for the model: a result, or a refusal / error message with a stable
code (``refused [outside-root]: ...``) so the model can correct itself and continue. Each
call is reported to an optional callback as a :class:`ToolEvent` for the run's trace. The
result, the event's message and its arguments are scrubbed of secret values first, and
names that are not UTF-8 are shown as ``\xff`` escapes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, cast

from pse.errors import SandboxViolation, ToolFailed
from pse.planted import escape_name
from pse.tools.outcome import RefusalError, ToolCallFailed
from pse.tools.sandbox import Sandbox
from pse.tools.schemas import check_arguments
from pse.tools.secrets import Scrubber

Outcome = Literal["ok", "refused", "error"]
_SUMMARY = 200
_RAW_ARGUMENTS = 500


@dataclass(frozen=True)
class ToolEvent:
    """One tool call, as the trace records it."""

    tool: str
    arguments: Mapping[str, object]
    """The call's arguments, secrets redacted (``{"raw": ...}`` when not a JSON object)."""
    outcome: Outcome
    code: str | None
    """The refusal or error code (``outside-root``, ``not-found``...); ``None`` when ok."""
    message: str
    """What the model was told (for ``ok``: the first line of the result)."""
    output_chars: int


def call_tool(sandbox: Sandbox, name: str, arguments: str | Mapping[str, object], *,
              on_event: Callable[[ToolEvent], None] | None = None) -> str:
    """Run tool ``name`` with ``arguments`` (JSON text or a mapping); text for the model."""
    scrubber = sandbox.scrubber()
    parsed: Mapping[str, object] | None = None
    code: str | None = None
    outcome: Outcome = "ok"
    try:
        parsed = _parse(arguments)
        check_arguments(name, parsed)
        text = _run(sandbox, name, parsed)
    except RefusalError as exc:
        text, outcome, code = str(exc), "refused", exc.code
    except SandboxViolation as exc:
        text, outcome, code = f"refused: {exc}", "refused", "refused"
    except ToolCallFailed as exc:
        text, outcome, code = str(exc), "error", exc.code
    except ToolFailed as exc:
        text, outcome, code = f"error: {exc}", "error", "failed"
    except Exception as exc:  # noqa: BLE001 - tool boundary: the model gets a message
        text, outcome, code = (f"error [internal-error]: {type(exc).__name__}: {exc}",
                               "error", "internal-error")
    # a file name that is not UTF-8 reaches here as lone surrogates, which the model
    # client cannot encode: the model sees its bytes as \xff escapes instead
    text = escape_name(scrubber.scrub(text))
    if on_event is not None:
        on_event(_event(scrubber, name, arguments, parsed, outcome, code, text))
    return text


def _parse(arguments: str | Mapping[str, object]) -> Mapping[str, object]:
    if isinstance(arguments, Mapping):
        return arguments
    try:
        value = json.loads(arguments or "{}")
    except (json.JSONDecodeError, TypeError) as exc:
        raise ToolCallFailed("invalid-arguments", f"arguments are not valid JSON ({exc}); "
                             'send an object such as {"path": "README.md"}') from exc
    if not isinstance(value, dict):
        raise ToolCallFailed("invalid-arguments", "arguments must be a JSON object")
    return cast(dict[str, object], value)


def _run(sandbox: Sandbox, name: str, args: Mapping[str, object]) -> str:
    if name == "read_file":
        end = args.get("end")
        return sandbox.read_file(str(args["path"]), int(str(args.get("start", 1))),
                                 None if end is None else int(str(end)))
    if name == "list_dir":
        return sandbox.list_dir(str(args.get("path", ".")))
    if name == "grep":
        glob, path = args.get("glob"), args.get("path")
        return sandbox.grep(str(args["pattern"]), None if glob is None else str(glob),
                            None if path is None else str(path))
    argv = args["argv"]
    assert isinstance(argv, list)
    return sandbox.run_command([str(item) for item in argv])


def _event(scrubber: Scrubber, name: str, raw: str | Mapping[str, object],
           parsed: Mapping[str, object] | None, outcome: Outcome, code: str | None,
           text: str) -> ToolEvent:
    if parsed is not None:
        shown = scrubber.scrub_value(dict(parsed))
    else:
        shown = {"raw": scrubber.scrub(str(raw)[:_RAW_ARGUMENTS])}
    assert isinstance(shown, dict)
    first = text.split("\n", 1)[0] if outcome == "ok" else text
    return ToolEvent(name, shown, outcome, code, first[:_SUMMARY] if outcome == "ok" else first,
                     len(text))
