"""Loaded by every ``pse`` subprocess of the docs test (its folder is on ``PYTHONPATH``):
the same loopback-only guard as the in-process tests, since a subprocess escapes theirs.

A blocked attempt is refused at once and also written to the file named by
``DOCS_TEST_BLOCKED_LOG``: pse may retry or swallow a refused connection, the log is what
the test asserts on.
"""

from __future__ import annotations

import atexit
import os
from pathlib import Path

from pse.llm.testing.netguard import guard_network


class _Patch:
    """The one ``pytest.MonkeyPatch`` method the guard uses; undone when the process ends."""

    def setattr(self, target: object, name: str, value: object) -> None:
        setattr(target, name, value)


_BLOCKED = guard_network(_Patch())  # type: ignore[arg-type]  # duck-typed MonkeyPatch


@atexit.register
def _report() -> None:
    log = os.environ.get("DOCS_TEST_BLOCKED_LOG")
    if log and _BLOCKED:
        with Path(log).open("a", encoding="utf-8") as out:
            out.writelines(f"{attempt}\n" for attempt in _BLOCKED)
