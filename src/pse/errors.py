"""The exception tree.

Everything the library raises on purpose derives from :class:`PseError`; the CLI turns
those into one-line messages and exit code 2. ``RetryRequested`` and ``ToolFailed`` are
signals sent back to a model, not errors for the user, so they sit outside the tree.
"""

from __future__ import annotations


class PseError(Exception):
    """Root of every error pse raises on purpose."""


class ConfigError(PseError):
    """A setting is unknown, malformed or contradictory."""


class SourceError(PseError):
    """An input file or folder is missing, unreadable or unusable."""


class LLMError(PseError):
    """A language-model backend failed."""


class LLMHTTPError(LLMError):
    """The backend answered with an HTTP error or could not be reached."""


class LLMResponseError(LLMError):
    """The backend answered, but the answer is unusable."""


class BudgetExceeded(PseError):
    """A run would spend more tokens, requests or money than its limits allow."""


class SandboxViolation(PseError):
    """A tool call tried to leave the sandbox."""


class TaskError(PseError):
    """A task is unknown or misconfigured."""


class RetryRequested(Exception):  # noqa: N818 - a signal to the model, not an error
    """Ask the model to try again; the message is sent back to it."""


class ToolFailed(Exception):  # noqa: N818 - a signal to the model, not an error
    """A tool call failed; the message is returned to the model as the tool result."""
