"""Structure-aware chunks: a Python class or function, a Markdown section, line windows."""

from __future__ import annotations

from pathlib import Path

from article_support import copy_tinyqueue
from pse.index.builder import build_index
from pse.rag.chunks import chunk_tree


def _chunks(tmp_path: Path, extra: dict[str, str] | None = None) -> list[tuple[str, int, int, str]]:
    root = copy_tinyqueue(tmp_path / "tq")
    for name, text in (extra or {}).items():
        (root / name).write_text(text, encoding="utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache")
    return [(c.path, c.start, c.end, c.title) for c in chunk_tree(index)]


def test_chunk_tree_python_symbols_and_module_code(tmp_path: Path) -> None:
    chunks = [c for c in _chunks(tmp_path) if c[0] == "src/tinyqueue/queue.py"]
    assert chunks == [
        ("src/tinyqueue/queue.py", 1, 13, "src/tinyqueue/queue.py (module)"),
        ("src/tinyqueue/queue.py", 14, 22, "class tinyqueue.queue.RetryPolicy"),
        ("src/tinyqueue/queue.py", 25, 60, "class tinyqueue.queue.JobQueue"),
    ]


def test_chunk_tree_markdown_sections_and_other_text_files(tmp_path: Path) -> None:
    readme = "Intro line.\n\n# tinyqueue\n\ntext\n\n## Install\n\npip install .\n"
    chunks = _chunks(tmp_path, {"README.md": readme})
    assert [c for c in chunks if c[0] == "README.md"] == [
        ("README.md", 1, 2, "README.md"), ("README.md", 3, 6, "# tinyqueue"),
        ("README.md", 7, 9, "## Install")]
    assert ("pyproject.toml", 1, 9, "pyproject.toml") in chunks


def test_chunk_tree_long_files_become_60_line_windows(tmp_path: Path) -> None:
    notes = "\n".join(f"line {n}" for n in range(1, 131)) + "\n"
    chunks = _chunks(tmp_path, {"notes.txt": notes})
    assert [c[:3] for c in chunks if c[0] == "notes.txt"] == [
        ("notes.txt", 1, 60), ("notes.txt", 61, 120), ("notes.txt", 121, 130)]


def test_chunk_tree_skips_binary_files(tmp_path: Path) -> None:
    chunks = _chunks(tmp_path, {"data.txt": "abc\0def\n"})
    assert not [c for c in chunks if c[0] == "data.txt"]
