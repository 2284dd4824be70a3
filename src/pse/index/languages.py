"""Which language a file is in, by extension. A leaf module: imports nothing of ours."""

from __future__ import annotations

import re

_BY_SUFFIX = {
    ".py": "python", ".pyi": "python",
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
    ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin", ".rb": "ruby",
    ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp",
    ".hh": "cpp", ".cs": "csharp", ".php": "php", ".swift": "swift", ".scala": "scala",
    ".sh": "shell", ".bash": "shell", ".md": "markdown", ".mdx": "markdown", ".rst": "rst",
    ".toml": "toml", ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".cfg": "ini",
    ".ini": "ini", ".html": "html", ".css": "css", ".sql": "sql", ".txt": "text",
    ".conf": "config",
}

PARSED_LANGUAGES = frozenset({"python", "javascript", "typescript", "tsx", "go", "rust", "java",
                              "c", "cpp"})
"""Languages whose symbols the index extracts (others are indexed as files only)."""


def detect_language(path: str, head: bytes = b"") -> str:
    """The language of ``path`` by extension, or "" when unknown; a file without one is
    known by its ``#!`` line, the first bytes of it that ``head`` holds (``bin/tool``
    starting ``#!/usr/bin/env python3`` is Python)."""
    suffix = _suffix(path)
    if suffix or not head.startswith(b"#!"):
        return _BY_SUFFIX.get(suffix.lower(), "")
    return _BY_INTERPRETER.get(_interpreter(head.split(b"\n", 1)[0]), "")


_BY_INTERPRETER = {"python": "python", "sh": "shell", "bash": "shell", "node": "javascript"}
SHEBANG_BYTES = 128
"""How much of a file without an extension is read for its ``#!`` line."""


def _interpreter(line: bytes) -> str:
    """The program a ``#!`` line runs, without its version ("python3.12" is "python";
    ``/usr/bin/env -S python3 -u`` is "python")."""
    words = [w for w in line[2:].decode("latin-1").split() if not w.startswith("-")]
    program = words[0].rsplit("/", 1)[-1] if words else ""
    if program == "env" and len(words) > 1:
        program = words[1].rsplit("/", 1)[-1]
    return re.sub(r"[\d.]+$", "", program)


def _suffix(path: str) -> str:
    """``PurePosixPath(path).suffix``, without building a path object (the tree walk
    asks this of every file, so it is on the warm path)."""
    name = path.rstrip("/").rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def known_suffixes() -> frozenset[str]:
    """File extensions that mark a span as a file path (``a.py``, ``setup.cfg``)."""
    return frozenset(_BY_SUFFIX)
