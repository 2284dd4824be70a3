"""Whole-tree figures of the persisted retrieval index (used by retrieval_bench --stdlib).

Copies the tree to a temp folder (so one file can be touched), builds the symbol and
retrieval indexes with a cold cache, touches one file and updates, then times BM25
queries. Prints build seconds, index size, the update's share of the full build (target
< 5%) and the median query latency (target < 50 ms).
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from pse.index.builder import build_index
from pse.rag.retriever import BM25Retriever
from pse.rag.store import UpdateStats, update_index

QUERIES = [
    "how is a JSON document decoded", "where is the HTTP request line parsed",
    "schedule a callback on the event loop from another thread", "encode a mail header",
    "compress data with zlib", "parse command line arguments", "format a date and time",
    "read a CSV file row by row", "join path components", "run a subprocess with a timeout",
    "如何解析 JSON 文档", "事件循环 回调 线程", "读取 CSV 文件", "subprocess 超时",
]


@dataclass(frozen=True)
class Timing:
    """Seconds of the symbol index and of the retrieval index, for one build or update."""

    symbols: float
    retrieval: float

    @property
    def total(self) -> float:
        """Both together."""
        return self.symbols + self.retrieval


def _build(tree: Path, cache: Path) -> tuple[Timing, UpdateStats]:
    started = time.perf_counter()
    index, _ = build_index(tree, cache_dir=cache)
    middle = time.perf_counter()
    _, stats = update_index(index, cache_dir=cache)
    index.close()
    return Timing(middle - started, time.perf_counter() - middle), stats


def _touch_one(tree: Path) -> Path:
    files = sorted(tree.rglob("*.py"))
    target = files[len(files) // 2]
    stamp = time.time() + 5
    os.utime(target, (stamp, stamp))
    return target


def report_stdlib(source: Path) -> None:
    """Print the whole-tree figures for ``source``."""
    with tempfile.TemporaryDirectory() as work:
        tree = Path(work) / source.name
        shutil.copytree(source, tree, ignore=shutil.ignore_patterns("site-packages",
                                                                    "__pycache__"))
        cache = Path(work) / "cache"
        full, stats = _build(tree, cache)
        _touch_one(tree)
        update, again = _build(tree, cache)
        assert again.changed == 1 and again.rebuilt == 1, again
        index, _ = build_index(tree, cache_dir=cache)
        loaded, _ = update_index(index, cache_dir=cache)
        retriever = BM25Retriever(loaded.chunks, segments=loaded.segments)
        times = []
        for query in QUERIES * 3:
            started = time.perf_counter()
            retriever.search(query, k=10)
            times.append((time.perf_counter() - started) * 1000)
        index.close()
    print(f"\nwhole tree {source} ({stats.files} files, {stats.chunks} chunks, "
          f"{stats.segments} BM25 segments)")
    print(f"  full build, cold: {full.total:.1f}s (symbol index {full.symbols:.1f}s + "
          f"retrieval index {full.retrieval:.1f}s); retrieval index size "
          f"{stats.bytes / 1e6:.1f} MB")
    print(f"  update after touching one file: {update.total:.2f}s = "
          f"{100 * update.total / full.total:.1f}% of the full build (target < 5%); "
          f"retrieval part alone {update.retrieval:.2f}s = "
          f"{100 * update.retrieval / full.retrieval:.1f}% of its full build")
    print(f"  median BM25 query: {statistics.median(times):.1f} ms (target < 50 ms)")
