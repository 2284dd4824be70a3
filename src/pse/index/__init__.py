"""The symbol index (placeholder docstring, replaced below)."""

from __future__ import annotations
