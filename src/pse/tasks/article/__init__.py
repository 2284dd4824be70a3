"""The ``article`` task: a technical article about a repository, nothing invented."""

from __future__ import annotations
