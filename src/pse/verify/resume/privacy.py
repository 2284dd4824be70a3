"""PII masking for evidence: reports never repeat a CV's phone numbers, emails or IDs."""

from __future__ import annotations

import re

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(
    r"(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}"
    r"(?:[\s.-]\d{3,4})?(?![\w.])|(?<!\d)1[3-9]\d{9}(?!\d)")
_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)|(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"
                 r"|\b[A-Z]{1,2}\d{7,9}\b")


def mask(text: str) -> str:
    """``text`` with emails, phone numbers and ID numbers replaced by placeholders."""
    text = _EMAIL.sub("[email]", text)
    text = _ID.sub("[id]", text)
    return _PHONE.sub("[phone]", text)
