"""Renderers: findings to text, JSON, SARIF and HTML.

Every renderer is a pure function of checked spans (``marks``) and plain data; the HTML
reports are single self-contained files (inline style and script allowed by a hashed
Content-Security-Policy, nothing fetched) that read without JavaScript and escape every
text they did not write. ``sources`` is the one module that reads disk, to feed them
evidence lines and repository facts.
"""

from __future__ import annotations
