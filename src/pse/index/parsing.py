"""Parse and extract many files, spread over worker processes when there are many.

A job names one file; jobs go to the workers in chunks and each chunk comes back as
compact rows (:class:`pse.index.store.FileRows`: tuples of strings and integers, ready
for SQLite), in job order, so the caller writes one chunk while the workers parse the
next ones. Rows pickle several times faster than the extractor's dataclasses.

Workers run without the cyclic garbage collector (a syntax tree has no cycles) and, on
Linux, are killed by the kernel when their parent dies, so an interrupted or killed run
leaves no parser behind.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pse.index.model import ParsedFile
from pse.index.python import extract_python
from pse.index.store import FileRows, file_rows
from pse.index.walk import is_binary
from pse.index.workers import init_worker

ProgressCallback = Callable[[int, int], None]
PARALLEL_THRESHOLD = 64
"""Fewer jobs than this are parsed in-process: a pool costs more than it saves."""
_CHUNKS_PER_WORKER = 8
_MAX_CHUNK = 64


@dataclass(frozen=True)
class ParseJob:
    """One file to parse."""

    root: str
    path: str
    module: str
    max_size: int
    language: str


def parse_all(jobs: Sequence[ParseJob], *, workers: int | None = None,
              on_progress: ProgressCallback | None = None) -> Iterator[FileRows]:
    """The rows of every job's file, in job order.

    Args:
        jobs: the files.
        workers: parser processes (default: the CPUs this process may run on; 1 parses
            in this process).
        on_progress: called as ``(done, total)`` as files are parsed.
    """
    total = len(jobs)
    workers = workers or available_cpus()
    if total < PARALLEL_THRESHOLD or workers <= 1:
        for done, job in enumerate(jobs, 1):
            rows = parse_job(job)
            if on_progress:
                on_progress(done, total)
            yield rows
        return
    from concurrent.futures import ProcessPoolExecutor  # only cold runs of big trees pay it

    size = max(1, min(_MAX_CHUNK, total // (workers * _CHUNKS_PER_WORKER)))
    chunks = [jobs[at:at + size] for at in range(0, total, size)]
    done = 0
    with ProcessPoolExecutor(max_workers=workers, initializer=init_worker,
                             initargs=(os.getpid(),)) as pool:
        for chunk in pool.map(_parse_chunk, chunks):
            done += len(chunk)
            if on_progress:
                on_progress(done, total)
            yield from chunk


def available_cpus() -> int:
    """CPUs this process may run on (a container's or ``taskset``'s limit counts)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _parse_chunk(jobs: Sequence[ParseJob]) -> list[FileRows]:
    return [parse_job(job) for job in jobs]


def parse_job(job: ParseJob) -> FileRows:
    """Read, parse and extract one file, as rows (an unreadable file: rows with an error)."""
    path, max_size = job.path, job.max_size
    try:
        with open(os.path.join(job.root, path), "rb") as handle:
            data = handle.read(max_size + 1)
    except OSError as exc:
        return file_rows(_failed(path, f"cannot read: {exc.strerror}"), digest="")
    if len(data) > max_size:
        return file_rows(_failed(
            path, f"skipped: larger than {max_size} bytes (index.max-file-size)"), digest="")
    digest = content_digest(data)
    if is_binary(data):
        return file_rows(_failed(path, "skipped: binary file"), digest=digest)
    language = job.language
    if language != "python":
        from pse.index.treesitter import extract_tree_sitter  # tree-sitter only when needed

        return file_rows(extract_tree_sitter(data, path=path, language=language),
                         digest=digest)
    return file_rows(extract_python(data, path=path, module=job.module,
                                    is_package=path.endswith("__init__.py")), digest=digest)


def content_digest(data: bytes) -> str:
    """The digest a file's content is recognised by (a checkout with new mtimes reuses
    the rows of every file whose digest did not change)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _failed(path: str, error: str) -> ParsedFile:
    return ParsedFile(path=path, language="python", lines=0, error=error)
