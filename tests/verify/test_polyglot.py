"""References into non-Python trees: each fixture's real references verified, fabricated flagged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repo_fixtures import REPOS, copy_repo, run_cli, shuffled_copy

pytest.importorskip("tree_sitter_language_pack")

LANGUAGE_REPOS = ["ts_small", "go_small", "rust_small", "java_small", "c_small", "cpp_small"]


def _verify(capsys: pytest.CaptureFixture[str], root: Path, article: str
            ) -> tuple[int, list[dict[str, object]]]:
    result = run_cli(capsys, "verify", str(root / "articles" / article), "--source", str(root),
                     "--format", "json")
    return result.code, json.loads(result.out)["references"]


@pytest.mark.parametrize("repo", LANGUAGE_REPOS)
def test_polyglot_real_references_are_never_flagged(repo: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, refs = _verify(capsys, REPOS / repo, "good.md")
    flagged = [(r["line"], r["name"], r.get("message")) for r in refs
               if r["status"] == "unverified"]
    assert flagged == []
    assert code == 0
    verified = [r for r in refs if r["status"] == "verified"]
    assert len(verified) >= 15
    assert all(r["evidence"] for r in verified)


@pytest.mark.parametrize("repo", LANGUAGE_REPOS)
def test_polyglot_fabricated_references_are_all_flagged(repo: str,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    root = REPOS / repo
    code, refs = _verify(capsys, root, "bad.md")
    expected = set(json.loads((root / "articles" / "fabricated.json").read_text("utf-8")))
    flagged = {str(r["name"]) for r in refs if r["status"] == "unverified"}
    assert flagged == expected  # every fabricated one, and nothing real in the same text
    assert code == 1


def test_polyglot_evidence_names_header_and_implementation(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, refs = _verify(capsys, REPOS / "c_small", "good.md")
    buf_new = next(r for r in refs if r["name"] == "buf_new" and r["line"] == 3)
    assert buf_new["evidence"] == [{"path": "include/buf.h", "line": 25},
                                   {"path": "src/buf.c", "line": 23}]


def test_polyglot_verify_output_is_deterministic(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for name, root in (("a", copy_repo(REPOS / "go_small", tmp_path / "a")),
                       ("b", shuffled_copy(REPOS / "go_small", tmp_path / "b", seed=3))):
        for _ in range(2):
            result = run_cli(capsys, "verify", str(root / "articles" / "bad.md"), "--source",
                             str(root), "--format", "json")
            outputs.append(result.out.replace(str(tmp_path / name), "<root>"))
    assert len(set(outputs)) == 1


def _commander_like(root: Path) -> Path:
    """A CommonJS package with typings, laid out as npm packages are."""
    files = {
        "package.json": '{"name": "cmdkit", "main": "index.js"}\n',
        "lib/command.js": "class Command {\n  option(flags) { return this; }\n"
                          "  parse(argv) { return this; }\n}\nexports.Command = Command;\n",
        "lib/argument.js": "class Argument {\n  name() { return ''; }\n}\n"
                           "exports.Argument = Argument;\n",
        "index.js": "const { Command } = require('./lib/command.js');\n"
                    "const { Argument } = require('./lib/argument.js');\n"
                    "exports.program = new Command();\nexports.Argument = Argument;\n",
        "typings/index.d.ts": "export class Command {\n  option(flags: string): this;\n}\n"
                              "export const program: Command;\n",
    }
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


def test_polyglot_members_of_exported_values_and_package_exports_resolve(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _commander_like(tmp_path / "cmdkit")
    (root / "articles").mkdir()
    (root / "articles" / "a.md").write_text(
        "Call `program.option()` then `program.parse()`; see `.option()`.\n\n"
        "Make one with `cmdkit.Argument`.\n\n"
        "Then `program.nosuch()` and `cmdkit.Nosuch` and `.nosuchmethod()`.\n")
    _, refs = _verify(capsys, root, "a.md")
    status = {r["name"]: r["status"] for r in refs if r["kind"] == "symbol"}
    assert status["program.option"] == status["program.parse"] == "verified"
    assert status["option"] == status["cmdkit.Argument"] == "verified"
    assert status["program.nosuch"] == status["cmdkit.Nosuch"] == "unverified"
    assert status["nosuchmethod"] == "ignored"  # nothing marks it as the project's


def test_polyglot_the_python_c_api_is_external_to_a_c_tree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A C extension module calls the interpreter's API (``PyModuleDef_Init``,
    ``Py_INCREF``): names the tree uses and never defines, like a C library's."""
    root = copy_repo(REPOS / "c_small", tmp_path / "c_small")
    (root / "articles" / "capi.md").write_text(
        "The module calls `PyModuleDef_Init` and `Py_INCREF`; `buf_new` makes a buffer.\n"
        "It also calls `buf_grow_twice`.\n", encoding="utf-8")
    _, refs = _verify(capsys, root, "capi.md")
    status = {str(r["name"]): r["status"] for r in refs}
    assert status["PyModuleDef_Init"] == status["Py_INCREF"] == "external"
    assert status["buf_new"] == "verified"
    assert status["buf_grow_twice"] == "unverified"
