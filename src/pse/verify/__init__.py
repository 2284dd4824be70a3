"""Deterministic verification: code references, and (in subpackages) other fact checks.

Nothing in here calls a model. Given the same sources and the same document, every check
returns the same findings in the same order.
"""

from __future__ import annotations
