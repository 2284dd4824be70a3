"""Renderers: findings to text, JSON, SARIF and HTML. Pure functions, no I/O."""

from __future__ import annotations
