"""pse: a writing pipeline that invents nothing.

The deterministic core (``pse.index``, ``pse.verify``, ``pse.report``) answers one
question for every code reference in a Markdown text: does it exist in the source,
and where? The LLM pipeline is built on top of that answer; the core never imports it.
"""

from __future__ import annotations

__version__ = "0.1.0"
