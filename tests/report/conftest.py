"""A small set of checked references shared by the report tests."""

from __future__ import annotations

import pytest

from pse.verify.check import CheckedReference

from .support import checked


@pytest.fixture
def sample() -> list[CheckedReference]:
    """A small report: every status, two documents, one suggestion."""
    return [
        checked(1, "Session.send()", "symbol", "verified",
                evidence=(("src/s.py", 10),)),
        checked(2, "Session.fetch()", "symbol", "unverified", suggestion="Session.send",
                message="not found in the source tree"),
        checked(2, "src/nope.py", "path", "unverified", message="no such file",
                suggestion="src/s.py"),
        checked(3, "json.loads", "symbol", "external", message="standard library"),
        checked(4, "utf-8", "symbol", "ignored", message="expression"),
        checked(5, "Client", "symbol", "verified", file="docs/b.md", origin="code",
                evidence=(("src/c.py", 3),)),
        checked(6, "src/x.py", "path_line", "unverified", file="docs/b.md", origin="link",
                evidence=(("src/x.py", None),), message="line 90 is past the end"),
    ]
