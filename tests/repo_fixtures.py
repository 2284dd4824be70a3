"""Fixture repositories, golden files and an in-process CLI runner for the verify tests.

The fixture repos under ``tests/fixtures/repos/`` are never modified by a test: tests work
on copies (:func:`copy_repo`, :func:`shuffled_copy`). Golden files sit at the top of each
fixture repo and are left out of the copies.

To regenerate the goldens after an intended change, run::

    PSE_UPDATE_GOLDENS=1 python -m pytest tests/cli -q

then review the diff by hand (every status must be right) before committing.
"""

from __future__ import annotations

import difflib
import os
import random
import re
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from pse import __version__
from pse.cli.main import main
from pse.verify.resolve import Resolver

REPOS = Path(__file__).parent / "fixtures" / "repos"
PY_SMALL = REPOS / "py_small"
GOLDEN_NAMES = frozenset({"index.json", "findings.json", "findings.sarif"})
VERSION_PLACEHOLDER = "<pse version>"
FINGERPRINT_PLACEHOLDER = "<sha256>"
_FINGERPRINT = re.compile(r'"primaryLocationLineHash": "[0-9a-f]{64}"')

UPDATE_GOLDENS = os.environ.get("PSE_UPDATE_GOLDENS") == "1"
"""Read at import time: the autouse ``clean_environ`` fixture clears ``PSE_*`` per test."""


@dataclass(frozen=True)
class CliResult:
    """What one ``pse`` run produced."""

    code: int
    out: str
    err: str


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> CliResult:
    """Run ``pse ARGS`` in-process through ``main`` (the exit-code boundary)."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    out, err = capsys.readouterr()
    code = exit_info.value.code
    return CliResult(code=code if isinstance(code, int) else 0, out=out, err=err)


def _repo_files(source: Path) -> list[Path]:
    return sorted(path for path in source.rglob("*")
                  if path.is_file() and not (path.parent == source
                                             and path.name in GOLDEN_NAMES))


def copy_repo(source: Path, target: Path) -> Path:
    """Copy a fixture repo (goldens left out); a ``.git`` folder marks the copy's top."""
    for file in _repo_files(source):
        destination = target / file.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, destination)
    (target / ".git").mkdir(exist_ok=True)
    return target


def shuffled_copy(source: Path, target: Path, *, seed: int) -> Path:
    """Copy a fixture repo creating its files in a shuffled order with scattered mtimes."""
    rng = random.Random(seed)
    files = _repo_files(source)
    rng.shuffle(files)
    for file in files:
        destination = target / file.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(file.read_bytes())
        stamp = (1_600_000_000 + rng.randrange(10_000_000)) * 1_000_000_000
        os.utime(destination, ns=(stamp, stamp))
    (target / ".git").mkdir(exist_ok=True)
    return target


def normalize_sarif(text: str) -> str:
    """Replace the volatile parts of a SARIF log with placeholders.

    pse's own version (``tool.driver.version``) changes with every release, and the
    fingerprints are opaque hashes whose properties (stable, one per result) are tested in
    ``tests/report/test_sarif.py``; everything else is compared byte for byte.
    """
    text = text.replace(f'"version": "{__version__}"', f'"version": "{VERSION_PLACEHOLDER}"')
    return _FINGERPRINT.sub(f'"primaryLocationLineHash": "{FINGERPRINT_PLACEHOLDER}"', text)


def check_golden(actual: str, golden: Path) -> None:
    """Compare ``actual`` with the golden file byte for byte (or rewrite it on request)."""
    if UPDATE_GOLDENS:
        golden.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert golden.is_file(), (f"missing golden file {golden}; generate it with "
                              "PSE_UPDATE_GOLDENS=1 and review it")
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=str(golden), tofile="actual"))[:60])
        pytest.fail(f"output differs from {golden.name} (if intended, regenerate with "
                    f"PSE_UPDATE_GOLDENS=1 and review):\n{diff}")


def tree_resolver(tmp_path_factory: pytest.TempPathFactory, files: Mapping[str, str], *,
                  name: str) -> Iterator[Resolver]:
    """A resolver over a tree written from ``files`` (path -> text), indexed in one worker,
    with no declared dependencies; the index is closed when the generator ends (a module
    fixture yields from it)."""
    from pse.index.builder import build_index
    from pse.verify.externals import external_names

    root = tmp_path_factory.mktemp(name) / "tree"
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    index, _ = build_index(root, cache_dir=tmp_path_factory.mktemp("cache"), workers=1)
    yield Resolver(index, externals=external_names(dependencies=(), configured=()))
    index.close()


def claim_statuses(resolver: Resolver, text: str, relation: str) -> list[str]:
    """The statuses of the ``relation`` claims pse reads in the Markdown ``text``."""
    from pse.verify.check import Document, check_documents

    checked = check_documents([Document("doc.md", text)], resolver)
    return [c.result.status for c in checked
            if c.ref.kind == "claim" and c.ref.name.startswith(f"{relation}(")]
