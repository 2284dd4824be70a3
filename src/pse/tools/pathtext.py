"""The text of a path, before it means anything: refuse what is not a plain path.

Null bytes, control and invisible characters, and look-alikes of ``.`` and ``/``
(fullwidth ``．／``, the two-dot leader ``‥``, division and fraction slashes, ideographic
full stops...) are refused rather than normalised: normalising after a check is how
look-alike traversal works, and a real project has no reason to name files that way.
"""

from __future__ import annotations

import unicodedata

from pse.tools.outcome import RefusalError

_MAX_PATH = 4096
_LOOKALIKES = frozenset("\u2215\u2044\u29f8\uff3c\u2216\ufe68\u3002\uff61\u0589\u06d4\u2e31")
"""Slashes and dots that NFKC does not map to ASCII but that read as ``/``, ``\\`` or ``.``."""
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})


def check_path_text(path: object) -> None:
    """Refuse ``invalid-path`` for text that is not a plain path (see module docstring)."""
    if not isinstance(path, str) or not path:
        raise RefusalError("invalid-path", f"path must be a non-empty string, got {path!r}")
    if len(path) > _MAX_PATH:
        raise RefusalError("invalid-path", f"path is {len(path)} characters long; the limit "
                           f"is {_MAX_PATH}")
    if "\x00" in path:
        raise RefusalError("invalid-path", f"path {path!r} contains a null byte")
    for char in path:
        if unicodedata.category(char) in _INVISIBLE:
            raise RefusalError("invalid-path", f"path {path!r} contains the control or "
                               f"invisible character U+{ord(char):04X}")
        if not char.isascii() and (
                char in _LOOKALIKES
                or any(c in "./\\" for c in unicodedata.normalize("NFKC", char))):
            name = unicodedata.name(char, "?")
            raise RefusalError("invalid-path", f"path {path!r} contains U+{ord(char):04X} "
                               f"{name}, a look-alike of '.' or '/'; write the path in ASCII")
