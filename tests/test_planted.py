"""``pse.planted``: bounded reads, linear-time patterns and escaped names."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from pse import planted

BACKTRACKING = "*a*a*a*a*a*a*a*a*a*a*a*b"
"""On Python's ``re`` this pattern takes minutes against forty ``a``s (measured: 200 s)."""


def _finishes(job: object, *, seconds: float = 10.0) -> None:
    """Run ``job`` in a thread; fail (not hang the suite) if it is still running after."""
    done = threading.Event()

    def run() -> None:
        job()  # type: ignore[operator]
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(seconds), "still running: the matcher backtracks"


def test_ignore_spec_matches_a_backtracking_pattern_in_linear_time() -> None:
    spec = planted.ignore_spec([BACKTRACKING, "!keep.txt", "build/"])
    _finishes(lambda: [planted.ignore_result(spec, "a" * n) for n in (40, 400, 40_000)])
    assert planted.ignore_result(spec, "x" + "a" * 11 + "b") is True
    assert planted.ignore_result(spec, "keep.txt") is False
    assert planted.ignore_result(spec, "build/") is True
    assert planted.ignore_result(spec, "other") is None


def test_ignore_spec_drops_patterns_over_the_caps(caplog: pytest.LogCaptureFixture) -> None:
    long = "*a" * planted.MAX_PATTERN_CHARS + "b"
    spec = planted.ignore_spec([long, "*.log"], origin="x/.gitignore")
    assert len(spec.patterns) == 1
    assert "x/.gitignore: 1 ignore patterns dropped" in caplog.text
    many = planted.ignore_spec([f"p{i}" for i in range(planted.MAX_PATTERNS + 5)])
    assert len(many.patterns) == planted.MAX_PATTERNS


def test_ignore_spec_caps_the_total_size_so_compiling_stays_quick(
        caplog: pytest.LogCaptureFixture) -> None:
    lines = ["*a" * 400 + f"{i}*b" for i in range(planted.MAX_PATTERNS)]
    specs = []
    _finishes(lambda: specs.append(planted.ignore_spec(lines, origin="big/.gitignore")))
    # what is left is still beyond RE2's memory budget: nothing applies, with a warning
    assert planted.ignore_result(specs[0], "a" * 400 + "0b") is None
    assert "big/.gitignore: the ignore patterns are too complex" in caplog.text
    assert "dropped" in caplog.text


def test_compile_linear_matches_long_names_quickly_and_rejects_bad_text() -> None:
    glob = planted.compile_linear("(?:.*/)?" + "[^/]*a" * 12 + "[^/]*b")
    _finishes(lambda: glob.fullmatch("a" * 100_000))
    assert glob.fullmatch("x/aaaaaaaaaaaab") is not None
    with pytest.raises(ValueError):
        planted.compile_linear("(")


def test_read_planted_reads_small_regular_files_only(tmp_path: Path) -> None:
    (tmp_path / "ok").write_bytes(b"hello")
    assert planted.read_planted(tmp_path / "ok") == b"hello"
    assert planted.read_planted(tmp_path / "ok", limit=4) is None
    assert planted.read_planted(tmp_path / "missing") is None
    os.mkfifo(tmp_path / "fifo")  # nobody writes: a blocking open would hang here
    assert planted.read_planted(tmp_path / "fifo") is None
    (tmp_path / "zero").symlink_to("/dev/zero")
    assert planted.read_planted(tmp_path / "zero") is None
    assert planted.read_planted(tmp_path / "zero", follow_links=True) is None  # a device
    with open(tmp_path / "sparse", "wb") as handle:
        handle.truncate(3 << 30)  # 3 GiB, no disk used: must not be loaded
    assert planted.read_planted(tmp_path / "sparse") is None
    (tmp_path / "link").symlink_to(tmp_path / "ok")
    assert planted.read_planted(tmp_path / "link") is None
    assert planted.read_planted(tmp_path / "link", follow_links=True) == b"hello"


def test_escape_name_shows_undecodable_bytes_as_escapes() -> None:
    name = os.fsdecode(b"caf\xff.py")
    shown = planted.escape_name(name)
    assert shown == "caf\\xff.py"
    shown.encode("utf-8")  # strict: a model client or JSON encoder accepts it
    assert planted.escape_name("\ud800x") == "\\ud800x"
    assert planted.escape_name("plain é") == "plain é"


def test_read_planted_head_reads_only_a_regular_files_first_bytes(tmp_path: Path) -> None:
    from pse.planted import read_planted_head

    script = tmp_path / "tool"
    script.write_bytes(b"#!/usr/bin/env python3\n" + b"x" * 10_000)
    assert read_planted_head(script, 8) == b"#!/usr/b"
    os.mkfifo(tmp_path / "fifo")  # no writer: a blocking open would hang here
    assert read_planted_head(tmp_path / "fifo", 8) == b""
    (tmp_path / "link").symlink_to(script)
    assert read_planted_head(tmp_path / "link", 8) == b""
    assert read_planted_head(tmp_path / "missing", 8) == b""
