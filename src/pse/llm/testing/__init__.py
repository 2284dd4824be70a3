"""Test support shipped with pse: a fault-injecting OpenAI-compatible server.

Used by pse's own tests and available to plug-in authors; never used at run time.
"""

from __future__ import annotations
