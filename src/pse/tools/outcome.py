"""What a tool call can end in besides a result: a refusal or a failure, each with a code.

Codes are stable strings so that the model, the trace and the tests can rely on them. A
*refusal* means the sandbox blocked the call on purpose (it is a :class:`SandboxViolation`);
a *failure* means the call was allowed but did not work (missing file, bad regex, timeout).
Both become a message returned to the model, which can then try something else.
"""

from __future__ import annotations

from typing import Literal

from pse.errors import SandboxViolation, ToolFailed

RefusalCode = Literal[
    "invalid-path",  # null byte, control or look-alike characters, empty or too long
    "outside-root",  # resolves (symlinks included) outside every sandbox root
    "special-file",  # FIFO, socket, device, /proc, /sys, /dev
    "secret-file",  # matches the secrets deny-list (.env, keys, .git/config, ...)
    "hard-link",  # a regular file with several names; another may be outside the root
    "binary-file",  # not text
    "not-allowed",  # program, subcommand or option outside the command allowlist
    "blacklisted",  # matched the dangerous-pattern blacklist (second layer)
    "needs-isolation",  # would execute project code, and bubblewrap is not available
]
FailureCode = Literal[
    "invalid-arguments",  # JSON or schema mismatch
    "unknown-tool",
    "not-found",
    "is-directory",
    "not-a-directory",
    "unreadable",
    "bad-pattern",
    "timeout",
    "internal-error",
]


class RefusalError(SandboxViolation):
    """The sandbox refused a tool call; ``code`` says why, the message says what to do."""

    def __init__(self, code: RefusalCode, detail: str) -> None:
        super().__init__(f"refused [{code}]: {detail}")
        self.code: RefusalCode = code
        self.detail = detail


class ToolCallFailed(ToolFailed):  # noqa: N818 - a signal to the model, like ToolFailed
    """An allowed tool call did not work; the message goes back to the model."""

    def __init__(self, code: FailureCode, detail: str) -> None:
        super().__init__(f"error [{code}]: {detail}")
        self.code: FailureCode = code
        self.detail = detail
