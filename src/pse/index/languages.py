"""Which language a file is in, by extension. A leaf module: imports nothing of ours."""

from __future__ import annotations

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


def detect_language(path: str) -> str:
    """The language of ``path`` by extension, or "" when unknown."""
    return _BY_SUFFIX.get(_suffix(path).lower(), "")


def _suffix(path: str) -> str:
    """``PurePosixPath(path).suffix``, without building a path object (the tree walk
    asks this of every file, so it is on the warm path)."""
    name = path.rstrip("/").rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def known_suffixes() -> frozenset[str]:
    """File extensions that mark a span as a file path (``a.py``, ``setup.cfg``)."""
    return frozenset(_BY_SUFFIX)
