"""Retrieval that grounds generation in the real sources.

Sources are cut into chunks that follow their structure (a Python function, a class split
at member boundaries when long, a Markdown section, a window of lines elsewhere) and
ranked by BM25 (bm25s) over identifier-aware tokens (``parse_args`` matches ``ParseArgs``
and ``args``; Chinese is split into characters and bigrams), by the cosine of embeddings
(the packaged multilingual-e5-small or any OpenAI-compatible endpoint), or by both fused
by reciprocal rank. :func:`pse.rag.factory.build_retriever` picks one from the settings
and falls back to BM25 when no embedding model is at hand. The tree's chunks, tokens and
BM25 arrays persist beside the symbol cache and are updated per changed file
(:mod:`pse.rag.store`). Deterministic: ties break on path and line.
"""

from __future__ import annotations
