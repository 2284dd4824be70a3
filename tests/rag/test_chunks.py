"""Structure-aware chunks: a Python class or function, a Markdown section, line windows."""

from __future__ import annotations

from pathlib import Path

from article_support import copy_tinyqueue
from pse.index.builder import build_index
from pse.rag.chunks import chunk_tree
from pse.rag.retriever import Chunk


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


def test_markdown_chunks_cut_between_blocks_and_know_setext_headings(tmp_path: Path) -> None:
    # a long section is cut where a block starts, never inside a paragraph; a setext
    # heading opens a section as an ATX one does, and "# x" in a fence is code
    paragraphs = "".join(f"Paragraph {n} goes on\nover three lines\nand ends.\n\n"
                         for n in range(30))
    readme = ("Usage\n-----\n\n" + paragraphs + "```sh\n# not a heading\n```\n\n"
              "License\n-------\n\nMIT.\n")
    chunks = [c for c in _chunks_full(tmp_path, {"README.md": readme}) if c.path == "README.md"]
    lines = readme.split("\n")
    assert [c.title for c in chunks][0] == "Usage" and chunks[-1].title == "License"
    assert "# not a heading" not in [c.title for c in chunks]
    assert len(chunks) >= 3 and all(c.end - c.start < 60 for c in chunks)
    for chunk in chunks[1:]:
        opening = lines[chunk.start - 1]
        assert opening.startswith(("Paragraph", "```", "License")), opening


def test_chunk_tree_long_files_become_60_line_windows(tmp_path: Path) -> None:
    notes = "\n".join(f"line {n}" for n in range(1, 131)) + "\n"
    chunks = _chunks(tmp_path, {"notes.txt": notes})
    assert [c[:3] for c in chunks if c[0] == "notes.txt"] == [
        ("notes.txt", 1, 60), ("notes.txt", 61, 120), ("notes.txt", 121, 130)]


def test_chunk_tree_skips_binary_files(tmp_path: Path) -> None:
    chunks = _chunks(tmp_path, {"data.txt": "abc\0def\n"})
    assert not [c for c in chunks if c[0] == "data.txt"]


def _long_class() -> str:
    methods = "".join(f"    def m{n}(self):\n" + "        x = 1\n" * 18 + "\n" for n in range(4))
    return ('class Big:\n    """A big class."""\n\n    limit = 3\n\n' + methods
            + "    @property\n    def last(self):\n        return 1\n")


def test_chunk_tree_long_class_splits_at_members(tmp_path: Path) -> None:
    chunks = [c for c in _chunks_full(tmp_path, {"big.py": _long_class()})
              if c.path == "big.py"]
    assert [(c.start, c.title, c.symbol) for c in chunks] == [
        (1, "class big.Big", "big.Big"),
        (6, "class big.Big: m0, m1, m2", "big.Big"),
        (65, "class big.Big: m3, last", "big.Big"),
    ]
    # no line is lost and the decorator stays with its method
    assert chunks[-1].end == 88 and "@property" in chunks[-1].text
    assert all(a.end + 1 == b.start for a, b in zip(chunks, chunks[1:], strict=False))


def test_chunk_tree_single_member_chunk_names_the_member(tmp_path: Path) -> None:
    body = "    def huge(self):\n" + "        y = 2\n" * 70
    chunks = [c for c in _chunks_full(tmp_path, {"h.py": "class H:\n    pass\n\n" + body})
              if c.path == "h.py"]
    assert [(c.title, c.symbol) for c in chunks][1:] == [
        ("method h.H.huge", "h.H.huge"), ("method h.H.huge", "h.H.huge")]


def _chunks_full(tmp_path: Path, extra: dict[str, str]) -> list[Chunk]:
    root = copy_tinyqueue(tmp_path / "tq")
    for name, text in extra.items():
        (root / name).write_text(text, encoding="utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache")
    return chunk_tree(index)
