"""Checked references built by hand, so report tests do not depend on the resolver."""

from __future__ import annotations

from pse.verify.check import CheckedReference
from pse.verify.refs import Reference, Resolution


def checked(line: int, text: str, kind: str, status: str, *, file: str = "docs/a.md",
            origin: str = "inline", evidence: tuple[tuple[str, int | None], ...] = (),
            suggestion: str = "", message: str = "") -> CheckedReference:
    """One checked reference."""
    ref = Reference(file=file, line=line, text=text, name=text.removesuffix("()"),
                    kind=kind, origin=origin)  # type: ignore[arg-type]  # literal kinds
    return CheckedReference(ref, Resolution(status, evidence=evidence,  # type: ignore[arg-type]  # literal statuses
                                            suggestion=suggestion, message=message))
