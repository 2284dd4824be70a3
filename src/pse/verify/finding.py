"""The result types every check returns.

A :class:`Finding` is one statement about one span of a document: what is wrong (or
confirmed), where, the evidence in the sources, and a hint for fixing it. Checks collect
every finding; they never stop at the first one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, order=True)
class Evidence:
    """Where in the sources a fact was found (POSIX path relative to the source root)."""

    path: str
    line: int | None = None
    text: str | None = None


@dataclass(frozen=True)
class Finding:
    """One checked span of a document."""

    rule: str
    """Stable rule id, e.g. ``ref-unverified`` or ``resume-unsupported``."""
    message: str
    path: str
    """The checked document, POSIX, relative to where the run started."""
    line: int | None
    text: str
    """The exact span of the document the finding is about."""
    severity: Severity = "error"
    hint: str = ""
    evidence: tuple[Evidence, ...] = ()
    kind: str = ""
    """What sort of thing the span is (``symbol``, ``path``, ``company``, ``metric``...)."""

    def __post_init__(self) -> None:
        # serializers that know no tuples (msgpack in a LangGraph checkpoint) hand back a
        # list; a finding read back must equal the one written
        if not isinstance(self.evidence, tuple):
            object.__setattr__(self, "evidence", tuple(self.evidence))

    def sort_key(self) -> tuple[str, int, str, str]:
        """Stable output order: path, line, rule, text."""
        return (self.path, self.line or 0, self.rule, self.text)


@dataclass(frozen=True)
class VerifyResult:
    """What a task's verify function returns: the seeds' ``(bad, ok)`` pair, typed."""

    bad: list[Finding] = field(default_factory=list)
    ok: list[Finding] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when nothing is bad."""
        return not self.bad
