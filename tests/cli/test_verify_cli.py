"""``pse verify`` on the py_small fixture: goldens, the JSON contract, exit codes, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, check_golden, normalize_sarif, run_cli

STATUSES = {"verified", "unverified", "external", "ignored"}
KINDS = {"symbol", "path", "path_line", "module", "command", "env_var", "flag", "quote", "claim"}

# Every fabricated reference of articles/bad.md, as (line, name): --strict flags them all.
BAD_ARTICLE_FLAGS = {
    (4, "Client.fetch_all"),                    # invented method
    (8, "Response.send"),                       # method of another class
    (8, "BaseClient.mount"),                    # defined on a subclass, not on the base
    (9, "tinyhttp.transport"),                  # invented module
    (9, "tinyhttp.cli.run"),                    # module:func with an invented function
    (10, "python -m tinyhttp.server"),          # command naming an invented module
    (11, "src/tinyhttp/config.py"),             # invented file
    (11, "lib/tinyhttp/client.py"),             # real file name, wrong folder
    (12, "src/tinyhttp/models.py"),             # line 400 of a 40-line file
    (12, "src/tinyhttp/cli.py"),                # line 17 is not build_parser
    (13, "src/tinyhttp/models.py"),             # link to line 90 of a 40-line file
    (14, "retry"),                              # bad keyword argument
    (14, "Session"),                            # bad keyword argument of a constructor
    (15, "GeneratedSchema"),                    # only in a .gitignored folder
    (15, "left_pad"),                           # only under node_modules/
    (15, "VenvOnlyThing"),                      # only inside a virtualenv
    (21, "Session.Config.max_retries"),         # invented member of a nested class
    (25, "tinyhttp.ConnectionPool"),            # invented class imported in an example
    (27, "tinyhttp.ConnectionPool"),
    (28, "tinyhttp.ConnectionPool.acquire"),    # method of the invented class
    (30, "tinyhttp.Client.download"),           # invented method called on an instance
}


def _verify_json(capsys: pytest.CaptureFixture[str], *paths: str) -> tuple[int, dict]:
    result = run_cli(capsys, "verify", *paths, "--source", ".", "--format", "json")
    return result.code, json.loads(result.out)


# ------------------------------------------------------------------ goldens

def test_verify_json_matches_golden(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "json")
    assert result.code == 1
    check_golden(result.out, PY_SMALL / "findings.json")


def test_verify_sarif_matches_golden(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "sarif")
    assert result.code == 1
    check_golden(normalize_sarif(result.out), PY_SMALL / "findings.sarif")


# ------------------------------------------------------------------ exit codes

def test_verify_good_article_exits_0(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = _verify_json(capsys, "articles/good.md")
    assert code == 0
    assert doc["summary"]["unverified"] == 0
    assert doc["summary"]["verified"] > 40


def test_verify_bad_article_exits_1_and_flags_every_fabrication(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles/bad.md", "--source", ".", "--format", "json",
                     "--strict")
    assert result.code == 1
    doc = json.loads(result.out)
    flagged = {(r["line"], r["name"]) for r in doc["references"] if r["status"] == "unverified"}
    assert flagged == BAD_ARTICLE_FLAGS


def test_verify_default_mode_skips_bare_names_nothing_ties_to_the_project(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = _verify_json(capsys, "articles/bad.md")
    assert code == 1
    flagged = {(r["line"], r["name"]) for r in doc["references"] if r["status"] == "unverified"}
    untied = {(15, "GeneratedSchema"), (15, "left_pad"), (15, "VenvOnlyThing")}
    assert flagged == BAD_ARTICLE_FLAGS - untied
    reasons = {r["name"]: r["message"] for r in doc["references"] if (r["line"], r["name"])
               in untied}
    assert all("--strict flags it" in message for message in reasons.values())


def test_verify_exit_zero_turns_1_into_0(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles/bad.md", "--source", ".", "--exit-zero")
    assert result.code == 0
    assert "Client.fetch_all" in result.out


def test_verify_exit_zero_never_hides_2(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "missing.md", "--source", ".", "--exit-zero")
    assert result.code == 2


def test_verify_syntax_error_in_source_is_a_warning(repo: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles/good.md", "--source", ".")
    assert result.code == 0
    warnings = [line for line in result.err.splitlines() if line.startswith("pse: warning:")]
    assert len(warnings) == 1 and "src/tinyhttp/broken.py" in warnings[0]


# ------------------------------------------------------------------ JSON contract

def test_verify_json_follows_the_contract(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, doc = _verify_json(capsys, "articles")
    assert set(doc) == {"references", "summary", "coverage"}
    assert set(doc["summary"]) == STATUSES
    references = doc["references"]
    assert doc["coverage"] == {"documents": 2, "references": len(references),
                               "judged": len(references) - doc["summary"]["ignored"],
                               **doc["summary"]}
    for ref in references:
        assert {"file", "line", "text", "name", "kind", "status", "evidence"} <= set(ref)
        assert set(ref) <= {"file", "line", "text", "name", "kind", "status", "evidence",
                            "suggestion", "message", "severity", "history"}
        assert ("severity" in ref) == (ref["status"] == "unverified")
        assert ref["kind"] in KINDS and ref["status"] in STATUSES
        assert ref["file"] in {"articles/good.md", "articles/bad.md"}
        assert isinstance(ref["line"], int) and ref["line"] >= 1
        for evidence in ref["evidence"]:
            assert set(evidence) == {"path", "line"}
            assert not evidence["path"].startswith("/") and "\\" not in evidence["path"]
            assert evidence["line"] is None or evidence["line"] >= 1
        if ref["status"] == "verified":
            assert ref["evidence"], ref
    for status in STATUSES:
        assert doc["summary"][status] == sum(r["status"] == status for r in references)
    keys = [(r["file"], r["line"], r["text"].strip("`"), r["name"]) for r in references]
    assert keys == sorted(keys)


def test_verify_json_text_is_on_the_reported_line(repo: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _, doc = _verify_json(capsys, "articles")
    for ref in doc["references"]:
        lines = Path(ref["file"]).read_text(encoding="utf-8").splitlines()
        line = lines[ref["line"] - 1]
        text = ref["text"]
        if text.startswith("`"):
            assert text in line, ref  # inline spans keep their backticks
        else:
            assert text in line or text.split(".")[-1] in line, ref


def test_verify_every_unverified_reference_has_message(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, doc = _verify_json(capsys, "articles/bad.md")
    by_name = {r["name"]: r for r in doc["references"] if r["status"] == "unverified"}
    assert all(r["message"] for r in by_name.values())
    assert by_name["lib/tinyhttp/client.py"]["suggestion"] == "src/tinyhttp/client.py"


# ------------------------------------------------------------------ output options

def test_verify_output_file_is_written(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "json").out
    result = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "json",
                     "-o", "reports/out.json")
    assert result.code == 1
    assert result.out == ""
    assert (repo / "reports" / "out.json").read_text(encoding="utf-8") == expected


def test_verify_text_report_groups_by_file(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles", "--source", ".")
    assert result.code == 1
    lines = result.out.splitlines()
    assert lines[0] == "articles/bad.md"
    assert "articles/good.md" not in lines  # nothing flagged there
    assert "did you mean 'src/tinyhttp/client.py'?" in result.out
    assert lines[-1].endswith("ignored") and "unverified" in lines[-1]


def test_verify_html_report(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "html")
    assert result.code == 1
    assert result.out.startswith("<!doctype html>")
    body = result.out.split("<main>", 1)[1].split("</main>", 1)[0]
    assert "<code>Client.fetch_all()</code>" in body and "<script" not in body
    assert 'data-status="unverified"' in body and "articles/good.md" in body


# ------------------------------------------------------------------ bad input

def _write_inputs(root: Path) -> None:
    (root / "binary.md").write_bytes(b"# title\n\x00\x01\x02 binary")
    (root / "latin1.md").write_bytes("# Caf\xe9 `Client`\n".encode("latin-1"))
    (root / "empty.md").write_text("", encoding="utf-8")
    (root / "blank.md").write_text("\n  \n", encoding="utf-8")
    (root / "nodocs").mkdir()
    (root / "nodocs" / "notes.txt").write_text("not markdown", encoding="utf-8")


@pytest.mark.parametrize(("args", "needle"), [
    (["articles", "--source", "no_such_dir"], "no_such_dir"),
    (["articles", "--source", "pyproject.toml"], "pyproject.toml"),
    (["missing.md", "--source", "."], "missing.md"),
    (["pyproject.toml", "--source", "."], "not a Markdown file"),
    (["binary.md", "--source", "."], "binary"),
    (["latin1.md", "--source", "."], "UTF-8"),
    (["empty.md", "--source", "."], "empty"),
    (["blank.md", "--source", "."], "empty"),
    (["nodocs", "--source", "."], "no Markdown files"),
    (["articles/good.md", "--source", ".", "-o", "articles/good.md"], "input"),
    (["articles", "--source", ".", "-o", "articles/good.md"], "input"),
    (["articles/good.md", "--source", ".", "-o", "src/tinyhttp/client.py"], "source file"),
])
def test_verify_bad_input_exits_2_with_one_line(repo: Path, capsys: pytest.CaptureFixture[str],
                                                args: list[str], needle: str) -> None:
    _write_inputs(repo)
    before = (repo / "articles" / "good.md").read_bytes()
    result = run_cli(capsys, "-q", "verify", *args)
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("pse: error: ") and needle in lines[0]
    assert "Traceback" not in result.err
    assert (repo / "articles" / "good.md").read_bytes() == before


def test_verify_bad_input_from_the_real_entry_point(repo: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "pse", "verify", "articles", "--source", "no_such_dir"],
        capture_output=True, text=True, timeout=60, check=False)
    assert completed.returncode == 2
    assert completed.stderr.splitlines() == [
        "pse: error: source folder 'no_such_dir' does not exist"]


# ------------------------------------------------------------------ ignore lists and markers

def test_verify_pyproject_ignore_list_silences_a_flag(repo: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with (repo / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('\n[tool.pse.verify]\nignore = ["Client.fetch_all", "left_*"]\n')
    _, doc = _verify_json(capsys, "articles/bad.md")
    by_name = {r["name"]: r for r in doc["references"]}
    assert by_name["Client.fetch_all"]["status"] == "ignored"
    assert by_name["left_pad"]["status"] == "ignored"
    assert by_name["Response.send"]["status"] == "unverified"


def test_verify_inline_marker_silences_a_flag(repo: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    doc_path = repo / "articles" / "marked.md"
    doc_path.write_text("Call `Client.fetch_all()` once. <!-- pse: ignore -->\n\n"
                        "<!-- pse: ignore -->\n```python\nfrom tinyhttp import Pool\n```\n",
                        encoding="utf-8")
    code, doc = _verify_json(capsys, "articles/marked.md")
    assert code == 0
    assert [r["status"] for r in doc["references"]] == ["ignored", "ignored", "ignored"]
    doc_path.write_text("Call `Client.fetch_all()` once.\n", encoding="utf-8")
    assert _verify_json(capsys, "articles/marked.md")[0] == 1


def test_verify_bad_article_marker_line_is_ignored(repo: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _, doc = _verify_json(capsys, "articles/bad.md")
    marked = [r for r in doc["references"] if r["name"] == "Client.reconnect"]
    assert [(r["line"], r["status"]) for r in marked] == [(17, "ignored")]


def test_missing_config_file_is_one_line_and_exit_2(repo: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "--config", "missing.toml", "verify", "articles/good.md",
                     "--source", ".")
    assert result.code == 2
    assert result.err.splitlines() == ["pse: error: --config 'missing.toml' does not exist"]


def test_verify_a_document_reached_twice_is_checked_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("def run():\n    pass\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("Call `pkg.run()` or `pkg.nope()`.\n")
    (tmp_path / "README.md").symlink_to(tmp_path / "docs" / "index.md")
    result = run_cli(capsys, "verify", str(tmp_path / "README.md"), str(tmp_path / "docs"),
                     "--source", str(tmp_path), "--format", "json")
    names = [r["name"] for r in json.loads(result.out)["references"]]
    assert sorted(names) == ["pkg.nope", "pkg.run"]
