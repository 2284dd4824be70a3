"""``pse index`` (summary, --json golden, --facts) and ``pse cache`` on the py_small fixture."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, check_golden, run_cli

SUMMARY = re.compile(r"^(\d+) files, (\d+) symbols \((\d+) parsed now, (\d+) unchanged\), "
                     r"(\d+) warnings$")


def _summary(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, ...]:
    result = run_cli(capsys, *args, "index")
    assert result.code == 0
    match = SUMMARY.match(result.out.strip())
    assert match, result.out
    return tuple(int(n) for n in match.groups())


def test_index_json_matches_golden(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "index", "--json")
    assert result.code == 0
    check_golden(result.out, PY_SMALL / "index.json")


def test_index_json_lists_symbols_and_the_syntax_error(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(run_cli(capsys, "index", "--json").out)
    assert set(doc) == {"symbols", "warnings"}
    qualnames = {s["qualname"] for s in doc["symbols"]}
    assert {"tinyhttp.client.Session.Config", "tinyhttp.models.Request.headers",
            "tinyhttp.client.BaseClient.timeout", "tinyhttp.__all__"} <= qualnames
    assert not any(s["path"].startswith(("generated/", "node_modules/", "env_fixture/"))
                   for s in doc["symbols"])
    assert [w["path"] for w in doc["warnings"]] == ["src/tinyhttp/broken.py"]
    assert "line 4" in doc["warnings"][0]["message"]


def test_index_summary_cold_then_warm_then_touched(repo: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    files, symbols, parsed, unchanged, warnings = _summary(capsys)
    assert (files, parsed, unchanged, warnings) == (11, 6, 0, 1)
    assert symbols > 50
    assert _summary(capsys) == (11, symbols, 0, 11, 1)
    models = repo / "src" / "tinyhttp" / "models.py"
    stat = models.stat()
    os.utime(models, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    assert _summary(capsys) == (11, symbols, 0, 11, 1)  # same content: rows kept
    models.write_text(models.read_text(encoding="utf-8") + "\nEXTRA = 1\n", encoding="utf-8")
    assert _summary(capsys) == (11, symbols + 1, 1, 10, 1)


def test_index_verbose_lists_warnings(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "-v", "index")
    assert result.code == 0
    assert "  src/tinyhttp/broken.py: cannot parse: line 4" in result.out


def test_index_source_argument_and_output_file(repo: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli(capsys, "index", "py_small", "--json", "-o", "symbols.json")
    assert result.code == 0 and result.out == ""
    doc = json.loads((tmp_path / "symbols.json").read_text(encoding="utf-8"))
    assert doc["symbols"][0]["path"] == "src/tinyhttp/__init__.py"


def test_index_facts_json(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "index", "--facts")
    assert result.code == 0
    facts = json.loads(result.out)
    assert set(facts) == {"name", "version", "console_scripts", "scripts_complete",
                          "main_modules", "dependencies", "env_vars", "files_per_language",
                          "lines_per_language"}
    assert facts["name"] == "tinyhttp" and facts["version"] == "0.3.1"
    assert facts["console_scripts"] == {"tinyhttp": "tinyhttp.cli:main"}
    assert facts["main_modules"] == ["tinyhttp.__main__"]
    assert facts["dependencies"] == ["backoff", "certifi"]
    assert facts["env_vars"] == {
        "TINY_DEBUG": [".env.example:2", "src/tinyhttp/client.py:9"],
        "TINY_PROXY": [".env.example:3", "src/tinyhttp/client.py:48"],
    }
    assert facts["files_per_language"] == {"markdown": 2, "python": 6, "toml": 1}
    python_lines = sum(len(p.read_bytes().splitlines())
                       for p in (repo / "src" / "tinyhttp").glob("*.py"))
    assert facts["lines_per_language"]["python"] == python_lines


def test_index_missing_source_exits_2(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "index", "no_such_dir")
    assert result.code == 2
    assert result.err.splitlines() == ["pse: error: source folder 'no_such_dir' does not exist"]


def test_cache_clear_removes_the_index(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = Path(os.environ["XDG_CACHE_HOME"]) / "pse"
    run_cli(capsys, "index")
    assert run_cli(capsys, "cache", "path").out.strip() == str(cache)
    assert list((cache / "index").glob("*.sqlite"))
    result = run_cli(capsys, "cache", "clear")
    assert result.code == 0 and "cleared" in result.err
    assert not cache.exists()
    again = run_cli(capsys, "cache", "clear")
    assert again.code == 0 and "nothing to clear" in again.err
    assert _summary(capsys)[2] == 6  # rebuilt from scratch
