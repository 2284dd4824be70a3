"""The incremental index builder: what is re-parsed, what is forgotten, module names."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from pse.index.builder import build_index, module_names
from pse.index.model import FileEntry, IndexStats
from pse.index.symbols import SymbolIndex
from repo_fixtures import PY_SMALL, copy_repo


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return copy_repo(PY_SMALL, tmp_path / "py_small")


def _build(root: Path, cache: Path, **kwargs: object) -> tuple[SymbolIndex, IndexStats]:
    return build_index(root, cache_dir=cache, workers=1, **kwargs)  # type: ignore[arg-type]  # keyword options only


def _touch(path: Path) -> None:
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 3_000_000_000))


def test_builder_cold_then_warm(repo: Path, tmp_path: Path) -> None:
    index, cold = _build(repo, tmp_path / "cache")
    index.close()
    assert (cold.files, cold.parsed, cold.reused) == (11, 6, 0)
    index, warm = _build(repo, tmp_path / "cache")
    index.close()
    assert (warm.files, warm.parsed, warm.reused, warm.symbols) == (11, 0, 11, cold.symbols)


def test_builder_touched_file_keeps_its_rows(repo: Path, tmp_path: Path) -> None:
    # a new mtime alone (a fresh checkout, a copy) is recognised by the content digest
    _build(repo, tmp_path / "cache")[0].close()
    _touch(repo / "src" / "tinyhttp" / "models.py")
    index, stats = _build(repo, tmp_path / "cache")
    assert (stats.parsed, stats.reused) == (0, 11)
    assert index.by_qualname("tinyhttp.models.Response")
    index.close()
    index, again = _build(repo, tmp_path / "cache")  # the new stat data was recorded
    assert (again.parsed, again.reused) == (0, 11)
    index.close()


def test_builder_same_size_edit_is_parsed(repo: Path, tmp_path: Path) -> None:
    _build(repo, tmp_path / "cache")[0].close()
    models = repo / "src" / "tinyhttp" / "models.py"
    text = models.read_text(encoding="utf-8")
    models.write_text(text.replace("class Response:", "class Responze:"), encoding="utf-8")
    assert len(models.read_bytes()) == len(text.encode())
    _touch(models)
    index, stats = _build(repo, tmp_path / "cache")
    assert (stats.parsed, stats.reused) == (1, 10)
    assert index.by_qualname("tinyhttp.models.Responze")
    assert not index.by_qualname("tinyhttp.models.Response")
    index.close()


def test_builder_edited_file_gets_new_symbols(repo: Path, tmp_path: Path) -> None:
    _build(repo, tmp_path / "cache")[0].close()
    models = repo / "src" / "tinyhttp" / "models.py"
    models.write_text(models.read_text(encoding="utf-8").replace("class Response:",
                                                                 "class Reply:"),
                      encoding="utf-8")
    _touch(models)
    index, stats = _build(repo, tmp_path / "cache")
    assert stats.parsed == 1
    assert index.by_qualname("tinyhttp.models.Reply")
    assert not index.by_qualname("tinyhttp.models.Response")
    index.close()


def test_builder_deleted_file_loses_its_symbols(repo: Path, tmp_path: Path) -> None:
    index, before = _build(repo, tmp_path / "cache")
    assert index.by_qualname("tinyhttp.cli.main")
    index.close()
    (repo / "src" / "tinyhttp" / "cli.py").unlink()
    index, after = _build(repo, tmp_path / "cache")
    assert (after.files, after.parsed) == (10, 0)
    assert not index.by_qualname("tinyhttp.cli.main")
    assert not index.in_file("src/tinyhttp/cli.py")
    assert "src/tinyhttp/cli.py" not in index.files
    assert not index.mentions("flag", "--verbose")
    assert after.symbols < before.symbols
    index.close()


def test_builder_syntax_error_is_a_warning_and_the_rest_is_indexed(repo: Path,
                                                                   tmp_path: Path) -> None:
    index, stats = _build(repo, tmp_path / "cache")
    assert [(w.path, w.message) for w in stats.warnings] == [
        ("src/tinyhttp/broken.py", "cannot parse: line 4: '(' was never closed")]
    assert index.by_qualname("tinyhttp.client.Session")
    assert "src/tinyhttp/broken.py" in index.files  # still a file a document may name
    index.close()
    broken = repo / "src" / "tinyhttp" / "broken.py"
    broken.write_text("def unfinished(url):\n    return url\n", encoding="utf-8")
    _touch(broken)
    index, fixed = _build(repo, tmp_path / "cache")
    assert fixed.warnings == () and fixed.parsed == 1
    assert index.by_qualname("tinyhttp.broken.unfinished")
    index.close()


def test_builder_large_and_binary_python_files_are_listed_not_parsed(tmp_path: Path) -> None:
    root = tmp_path / "src"
    root.mkdir()
    (root / "big.py").write_text("X = 1\n" * 100, encoding="utf-8")
    (root / "blob.py").write_bytes(b"X = 1\x00\x01")
    (root / "ok.py").write_text("Y = 2\n", encoding="utf-8")
    index, stats = _build(root, tmp_path / "cache", max_file_size=100)
    messages = {w.path: w.message for w in stats.warnings}
    assert messages["big.py"].startswith("skipped: larger than 100 bytes")
    assert messages["blob.py"] == "skipped: binary file"
    assert set(index.files) == {"big.py", "blob.py", "ok.py"}
    assert index.by_qualname("ok.Y") and not index.by_qualname("big.X")
    index.close()


def test_builder_exclude_patterns(repo: Path, tmp_path: Path) -> None:
    index, _ = _build(repo, tmp_path / "cache", exclude=["src/tinyhttp/cli.py"])
    assert not index.by_qualname("tinyhttp.cli")
    assert index.by_qualname("tinyhttp.client")
    index.close()


def test_builder_progress_callback(repo: Path, tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    _build(repo, tmp_path / "cache", on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 6) for n in range(1, 7)]


def test_builder_parallel_and_serial_give_the_same_symbols(tmp_path: Path) -> None:
    root = tmp_path / "many"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    for number in range(70):  # above the parallel threshold
        (root / "pkg" / f"m{number:02d}.py").write_text(
            f"class C{number}:\n    def run(self, x=1):\n        self.v = x\n", encoding="utf-8")
    serial, _ = build_index(root, cache_dir=tmp_path / "c1", workers=1)
    parallel, stats = build_index(root, cache_dir=tmp_path / "c2", workers=2)
    assert stats.parsed == 71
    assert serial.all_symbols() == parallel.all_symbols()
    serial.close()
    parallel.close()
    # a cold load builds the SQLite indexes after the rows: they are all there again
    database = next((tmp_path / "c2" / "index").glob("*.sqlite"))
    with sqlite3.connect(database) as conn:
        names = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    assert {"symbols_qualname", "symbols_name", "imports_alias", "bodies_path"} <= names


def _entries(*paths: str) -> list[FileEntry]:
    return [FileEntry(path=p, size=0, mtime_ns=0, language="python" if p.endswith(".py")
                      else "") for p in paths]


def test_builder_indexes_a_script_without_extension_by_its_shebang(tmp_path: Path) -> None:
    root = tmp_path / "src"
    (root / "bin").mkdir(parents=True)
    (root / "tool.py").write_text("def main():\n    pass\n", encoding="utf-8")
    (root / "bin" / "tool").write_text("#!/usr/bin/env python3\ndef main():\n    run()\n",
                                       encoding="utf-8")
    (root / "bin" / "notes").write_text("def main(): not python\n", encoding="utf-8")
    index, _ = _build(root, tmp_path / "cache")
    assert index.files["bin/tool"][0] == "python" and index.files["bin/notes"][0] == ""
    # named by its path: the script takes no package module's name (``tool``)
    script = index.by_qualname("bin.tool.main")
    assert script and script[0].path == "bin/tool" and index.is_python_source("bin/tool")
    assert index.by_qualname("tool.main")[0].path == "tool.py"
    facts = index.body_facts(script[0])
    assert facts is not None and "run" in facts.calls
    index.close()


def test_builder_module_names_follow_package_folders() -> None:
    names = module_names(_entries("src/pkg/__init__.py", "src/pkg/a.py", "src/pkg/sub/__init__.py",
                                  "src/pkg/sub/b.py", "scripts/run.py", "setup.py",
                                  "README.md"), root_name="repo")
    assert names == {"src/pkg/__init__.py": "pkg", "src/pkg/a.py": "pkg.a",
                     "src/pkg/sub/__init__.py": "pkg.sub", "src/pkg/sub/b.py": "pkg.sub.b",
                     "scripts/run.py": "run", "setup.py": "setup"}


def test_builder_module_names_when_the_root_is_a_package() -> None:
    names = module_names(_entries("__init__.py", "core.py"), root_name="mylib")
    assert names == {"__init__.py": "mylib", "core.py": "mylib.core"}


def test_builder_module_names_of_namespace_packages() -> None:
    names = module_names(_entries("src/demo/engine.py", "src/demo/sub/__init__.py",
                                  "src/demo/sub/x.py", "pkg/__init__.py", "pkg/data/y.py",
                                  "flat/core.py", "tests/test_a.py"),
                         root_name="repo", project="flat")
    assert names == {"src/demo/engine.py": "demo.engine", "src/demo/sub/__init__.py": "demo.sub",
                     "src/demo/sub/x.py": "demo.sub.x", "pkg/__init__.py": "pkg",
                     "pkg/data/y.py": "pkg.data.y", "flat/core.py": "flat.core",
                     "tests/test_a.py": "test_a"}


def test_builder_namespace_package_resolves_in_verify(tmp_path: Path) -> None:
    from pse.verify.check import Document, check_documents
    from pse.verify.resolve import project_resolver

    root = tmp_path / "proj"
    (root / "src" / "demo").mkdir(parents=True)
    (root / "src" / "demo" / "engine.py").write_text("class Engine:\n    pass\n", "utf-8")
    index, _ = _build(root, tmp_path / "cache")
    text = "```python\nfrom demo.engine import Engine\n```\n\n`demo.engine.Motor`\n"
    checked = check_documents([Document("a.md", text)], project_resolver(index))
    index.close()
    assert {(c.ref.name, c.result.status) for c in checked} == {
        ("demo.engine", "verified"), ("demo.engine.Engine", "verified"),
        ("demo.engine.Motor", "unverified")}


def test_builder_cache_filled_by_other_extractors_is_parsed_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pse.index.builder as builder

    root = tmp_path / "proj"
    root.mkdir()
    (root / "a.py").write_text("X = 1\n", "utf-8")
    (root / "b.js").write_text("export function f() {}\n", "utf-8")
    _build(root, tmp_path / "cache")[0].close()
    _, warm = _build(root, tmp_path / "cache")
    assert warm.parsed == 0
    monkeypatch.setattr(builder, "_grammars_version", lambda: "another-version")
    index, other = _build(root, tmp_path / "cache")
    assert other.parsed == 1  # only the file a tree-sitter extractor built
    assert "f" in [s.name for s in index.in_file("b.js")]
    index.close()


def test_builder_skips_reading_the_stored_files_when_the_rows_are_of_these_files(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pse.index.builder

    index, _ = _build(repo, tmp_path / "cache")
    index.close()
    reads: list[int] = []
    real = pse.index.builder.stored_files

    def counting(conn: sqlite3.Connection) -> object:
        reads.append(1)
        return real(conn)

    monkeypatch.setattr(pse.index.builder, "stored_files", counting)
    index, warm = _build(repo, tmp_path / "cache")
    index.close()
    assert reads == [] and (warm.parsed, warm.reused) == (0, 11)
    # any other set of files (some excluded, another size cap) compares the rows again
    index, other = _build(repo, tmp_path / "cache", exclude=["articles/"])
    index.close()
    index, capped = _build(repo, tmp_path / "cache", max_file_size=10)
    index.close()
    assert len(reads) == 2 and other.files == 9 and capped.files == 11
    # the rows are compared again for the first set too, since another wrote them last
    index, back = _build(repo, tmp_path / "cache")
    index.close()
    assert len(reads) == 3 and back.symbols == warm.symbols


def test_builder_an_edit_after_the_rows_were_synced_is_parsed(repo: Path, tmp_path: Path) -> None:
    index, _ = _build(repo, tmp_path / "cache")
    index.close()
    client = repo / "src" / "tinyhttp" / "client.py"
    client.write_text(client.read_text(encoding="utf-8") + "\n\ndef added_later():\n"
                      "    return 1\n", encoding="utf-8")
    index, stats = _build(repo, tmp_path / "cache")
    try:
        assert stats.parsed == 1 and index.by_name("added_later")
    finally:
        index.close()


def test_builder_a_fifo_without_extension_is_listed_without_being_read(tmp_path: Path) -> None:
    import os
    root = tmp_path / "src"
    (root / "bin").mkdir(parents=True)
    os.mkfifo(root / "bin" / "tool")  # opening it for its #! line would block the walk
    (root / "ok.py").write_text("Y = 2\n", encoding="utf-8")
    index, _ = _build(root, tmp_path / "cache")
    assert index.by_qualname("ok.Y")
    index.close()
