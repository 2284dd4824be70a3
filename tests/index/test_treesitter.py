"""Tree-sitter symbol extraction: fixture repos per language, naming, fallbacks, determinism."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pse.index import treesitter
from pse.index.builder import build_index
from pse.index.model import Symbol
from pse.index.treesitter import extract_tree_sitter, load_parser, module_name
from repo_fixtures import REPOS, copy_repo, shuffled_copy

pytest.importorskip("tree_sitter_language_pack")

LANGUAGE_REPOS = ["ts_small", "go_small", "rust_small", "java_small", "c_small", "cpp_small"]


def _symbols(root: Path, cache: Path) -> list[Symbol]:
    index, stats = build_index(root, cache_dir=cache, workers=1)
    try:
        assert not stats.warnings, stats.warnings
        return index.all_symbols()
    finally:
        index.close()


@pytest.mark.parametrize("repo", LANGUAGE_REPOS)
def test_treesitter_finds_every_expected_symbol_at_its_line(repo: str, tmp_path: Path) -> None:
    root = REPOS / repo
    expected = json.loads((root / "expected_symbols.json").read_text(encoding="utf-8"))
    found = _symbols(root, tmp_path)
    for item in expected:
        matches = [s for s in found if s.name == item["name"] and s.path == item["path"]
                   and s.line == item["line"]]
        assert matches, f"{item} not found; symbols of that file: " + ", ".join(
            f"{s.qualname}@{s.line}" for s in found if s.path == item["path"])
        assert any(s.kind == item["kind"] for s in matches), (item, matches)
        if "in" in item:
            assert any(s.parent.rsplit(".", 1)[-1] == item["in"] for s in matches), \
                (item, [s.parent for s in matches])


def test_treesitter_attaches_members_to_their_type_across_files(tmp_path: Path) -> None:
    found = {s.qualname: s for s in _symbols(REPOS / "go_small", tmp_path / "go")}
    assert found["store.Store.Put"].path == "store/write.go"  # receiver in another file
    assert found["store.Store.Get"].path == "store/store.go"
    assert found["server.Server"].bases == ("store.Store",)  # embedded field
    rust = {s.qualname: s for s in _symbols(REPOS / "rust_small", tmp_path / "rs")}
    assert rust["crate.config.Config.validate"].kind == "method"  # impl Trait for Config
    assert set(rust["crate.config.Config"].bases) >= {"Clone", "Default", "Validate"}
    cpp = [s for s in _symbols(REPOS / "cpp_small", tmp_path / "cpp")
           if s.qualname == "shapes.Circle.area"]
    assert sorted(s.path for s in cpp) == ["include/shapes/shape.hpp", "src/shape.cpp"]


def test_treesitter_records_package_imports_and_mentions(tmp_path: Path) -> None:
    source = b'import React, { useState } from "react";\nimport { x } from "./x";\n' \
             b'const path = require("path");\nconst v = process.env.APP_MODE;\n' \
             b'const flag = "--verbose";\n'
    parsed = extract_tree_sitter(source, path="src/app.jsx", language="javascript")
    assert {(i.alias, i.target) for i in parsed.imports} == {
        ("React", "react"), ("useState", "react.useState"), ("path", "path")}
    assert {(m.kind, m.value, m.line) for m in parsed.mentions} == {
        ("env_var", "APP_MODE", 4), ("flag", "--verbose", 5)}


@pytest.mark.parametrize(("path", "language", "module"), [
    ("src/util/format.js", "javascript", "src.util.format"),
    ("src/index.ts", "typescript", "src"),
    ("web/date-utils.tsx", "tsx", "web.date_utils"),
    ("internal/store/store.go", "go", "internal.store"),
    ("src/lib.rs", "rust", "crate"),
    ("src/net/mod.rs", "rust", "crate.net"),
    ("src/net/tcp.rs", "rust", "crate.net.tcp"),
    ("crates/core/src/lib.rs", "rust", "core"),
    ("src/x/Y.java", "java", ""),
    ("include/a.h", "c", ""),
])
def test_module_name_per_language(path: str, language: str, module: str) -> None:
    assert module_name(path, language) == module


def test_treesitter_missing_grammars_give_an_install_hint(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    load_parser.cache_clear()
    monkeypatch.setitem(sys.modules, "tree_sitter_language_pack", None)
    try:
        with pytest.raises(ImportError, match="tree-sitter-language-pack"):
            load_parser("go")
        parsed = extract_tree_sitter(b"package main\nfunc main() {}\n", path="main.go",
                                     language="go")
    finally:
        load_parser.cache_clear()
    assert parsed.symbols == ()
    assert "tree-sitter-language-pack" in parsed.error and parsed.lines == 2


def test_treesitter_missing_grammars_still_list_the_files(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    load_parser.cache_clear()
    monkeypatch.setitem(sys.modules, "tree_sitter_language_pack", None)
    try:
        index, stats = build_index(REPOS / "go_small", cache_dir=tmp_path, workers=1)
    finally:
        load_parser.cache_clear()
    try:
        assert "store/store.go" in index.files
        assert index.count_symbols() == 0
        assert {w.path for w in stats.warnings} == {
            "cmd/kv/main.go", "server/server.go", "store/store.go", "store/write.go"}
    finally:
        index.close()


def test_treesitter_unknown_language_is_rejected() -> None:
    with pytest.raises(ValueError, match="no tree-sitter grammar for 'cobol'"):
        treesitter.load_parser("cobol")


def test_treesitter_index_is_deterministic(tmp_path: Path) -> None:
    source = REPOS / "rust_small"
    first = copy_repo(source, tmp_path / "a")
    second = shuffled_copy(source, tmp_path / "b", seed=7)
    dumps = []
    for number, root in enumerate((first, first, second)):
        symbols = _symbols(root, tmp_path / f"cache{number}")
        dumps.append(json.dumps([s.__dict__ for s in symbols], sort_keys=True))
    assert dumps[0] == dumps[1] == dumps[2]
