"""The words of a code name: ``HTTPConnection.set_tunnel`` -> ``http connection set tunnel``."""

from __future__ import annotations

import re

_NAME_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def name_words(name: str) -> str:
    """``HTTPConnection.set_tunnel`` -> ``http connection set tunnel``: split at dots,
    underscores and case changes, lower case."""
    return " ".join(p.lower() for piece in re.split(r"[._]", name)
                    for p in _NAME_PART.findall(piece))
