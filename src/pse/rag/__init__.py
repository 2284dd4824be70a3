"""Retrieval that grounds generation in the real sources.

Sources are cut into chunks that follow their structure (a Python class or function, a
Markdown section, a window of lines elsewhere) and ranked with BM25 over identifier-aware
tokens (``parse_args`` matches ``ParseArgs`` and ``args``; Chinese is split into
characters and bigrams). Deterministic: ties break on path and line.
"""

from __future__ import annotations
