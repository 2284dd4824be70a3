"""The persisted retrieval index: built once, then only changed files are chunked again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from article_support import copy_tinyqueue
from pse.index.builder import build_index
from pse.rag import store
from pse.rag.chunks import chunk_tree
from pse.rag.retriever import BM25Retriever
from pse.rag.store import store_folder, update_index


def _update(root: Path, cache: Path) -> tuple[store.RetrievalIndex, store.UpdateStats]:
    index, _ = build_index(root, cache_dir=cache)
    try:
        return update_index(index, cache_dir=cache)
    finally:
        index.close()


def _bump(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    stamp = path.stat().st_mtime + 10
    os.utime(path, (stamp, stamp))


def test_store_first_build_holds_the_same_chunks_as_chunk_tree(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tq")
    loaded, stats = _update(root, tmp_path / "cache")
    index, _ = build_index(root, cache_dir=tmp_path / "cache")
    expected = chunk_tree(index)
    index.close()
    key = lambda c: (c.path, c.start)  # noqa: E731
    assert sorted(loaded.chunks, key=key) == sorted(expected, key=key)
    assert stats.changed == stats.files > 0 and stats.rebuilt == stats.segments == 1
    assert stats.bytes > 0 and loaded.folder == store_folder(tmp_path / "cache", root.resolve())
    assert (loaded.folder / "chunks.sqlite").is_file()


def test_store_second_run_changes_nothing_and_ranks_the_same(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tq")
    first, _ = _update(root, tmp_path / "cache")
    second, stats = _update(root, tmp_path / "cache")
    assert (stats.changed, stats.removed, stats.rebuilt) == (0, 0, 0)
    query = "exponential backoff delay before a retry attempt"
    ranked = BM25Retriever(second.chunks, segments=second.segments).search(query, k=3)
    assert ranked == BM25Retriever(first.chunks).search(query, k=3)
    assert ranked[0].title == "class tinyqueue.queue.RetryPolicy"


def test_store_update_rechunks_only_the_touched_file(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tq")
    _update(root, tmp_path / "cache")
    target = root / "src" / "tinyqueue" / "queue.py"
    _bump(target, target.read_text(encoding="utf-8") +
          "\n\ndef drain_quietly(queue):\n    \"\"\"Zebra-striped draining.\"\"\"\n")
    loaded, stats = _update(root, tmp_path / "cache")
    assert (stats.changed, stats.rebuilt) == (1, 1)
    found = BM25Retriever(loaded.chunks, segments=loaded.segments).search("zebra striped")
    assert [c.symbol for c in found] == ["tinyqueue.queue.drain_quietly"]


def test_store_removed_file_leaves_the_index(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tq")
    (root / "notes.md").write_text("# Notes\n\nplatypus migration\n", encoding="utf-8")
    first, _ = _update(root, tmp_path / "cache")
    assert BM25Retriever(first.chunks, segments=first.segments).search("platypus")
    (root / "notes.md").unlink()
    loaded, stats = _update(root, tmp_path / "cache")
    assert stats.removed == 1
    assert BM25Retriever(loaded.chunks, segments=loaded.segments).search("platypus") == []


def test_store_many_segments_only_one_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    monkeypatch.setattr(store, "SEGMENT_CHUNKS", 2)
    root = tmp_path / "tree"
    root.mkdir()
    words = ["apple", "birch", "cedar", "daisy", "elm", "fern", "gorse", "heath", "iris",
             "juniper", "kelp", "lily"]
    for n, word in enumerate(words):
        (root / f"mod{n}.py").write_text(f'def f{n}():\n    """{word} here."""\n',
                                         encoding="utf-8")
    first, stats = _update(root, tmp_path / "cache")
    assert stats.segments > 2 and len(first.segments) == stats.segments
    _bump(root / "mod3.py", 'def f3():\n    """Kangaroo."""\n')
    loaded, again = _update(root, tmp_path / "cache")
    assert (again.changed, again.rebuilt, again.segments) == (1, 1, stats.segments)
    retriever = BM25Retriever(loaded.chunks, segments=loaded.segments)
    assert [c.path for c in retriever.search("kangaroo")] == ["mod3.py"]
    assert [c.path for c in retriever.search("heath")] == ["mod7.py"]


def test_store_reports_progress(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tq")
    index, _ = build_index(root, cache_dir=tmp_path / "cache")
    calls: list[tuple[int, int]] = []
    update_index(index, cache_dir=tmp_path / "cache", on_progress=lambda d, t: calls.append(
        (d, t)))
    index.close()
    assert calls and calls[-1][0] == calls[-1][1]
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
