"""The warm path of ``pse verify``: kept answers, and when they are no longer valid."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import pse.verify.check
from pse.verify.memo import is_kept
from pse.verify.refs import Reference, Resolution
from repo_fixtures import PY_SMALL, check_golden, run_cli


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the references the checker resolves (not answered from the cache),
    except those always resolved again (lines and quotes of documents)."""
    names: list[str] = []
    real = pse.verify.check._judged

    def counting(ref: Reference, *args: object, **kwargs: object) -> Resolution:
        if is_kept(ref):
            names.append(ref.name)
        return real(ref, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pse.verify.check, "_judged", counting)
    return names


def _verify(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    result = run_cli(capsys, "verify", *args, "--source", ".", "--format", "json")
    assert result.code in (0, 1), result.err
    data: dict[str, object] = json.loads(result.out)
    return data


def _statuses(data: dict[str, object]) -> dict[str, str]:
    refs = data["references"]
    assert isinstance(refs, list)
    return {f"{r['line']}:{r['name']}": r["status"] for r in refs}


def test_warm_run_matches_the_golden_byte_for_byte(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    first = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "json")
    assert judged  # the cold run resolved the references
    judged.clear()
    second = run_cli(capsys, "verify", "articles", "--source", ".", "--format", "json")
    assert judged == []  # answered from the cache, nothing resolved
    assert second.out == first.out and second.code == first.code == 1
    check_golden(second.out, PY_SMALL / "findings.json")


def test_editing_the_document_resolves_only_what_changed(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    article = repo / "articles" / "good.md"
    before = _verify(capsys, str(article))
    judged.clear()
    article.write_text(article.read_text(encoding="utf-8") +
                       "\nAlso see `Session.sendall()` and `Client.request()`.\n",
                       encoding="utf-8")
    after = _verify(capsys, str(article))
    assert set(judged) <= {"Session.sendall", "Client.request"}
    assert "Session.sendall" in judged
    statuses = _statuses(after)
    added = [k for k in statuses if k.endswith(":Session.sendall")]
    assert added and statuses[added[0]] == "unverified"
    # every other answer is the one the full run gave
    assert {k: v for k, v in statuses.items() if k in _statuses(before)} == _statuses(before)


def test_touching_a_source_file_recomputes(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    article = repo / "doc.md"
    article.write_text("Call `Session.sendall()` to send.\n", encoding="utf-8")
    assert set(_statuses(_verify(capsys, str(article))).values()) == {"unverified"}
    client = repo / "src" / "tinyhttp" / "client.py"
    client.write_text(client.read_text(encoding="utf-8").replace(
        "    def __enter__(self):", "    def sendall(self):\n        pass\n\n"
        "    def __enter__(self):"), encoding="utf-8")
    judged.clear()
    assert set(_statuses(_verify(capsys, str(article))).values()) == {"verified"}
    assert judged == ["Session.sendall"]


def test_touching_only_the_mtime_recomputes(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    _verify(capsys, "articles")
    client = repo / "src" / "tinyhttp" / "client.py"
    info = client.stat()
    os.utime(client, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    judged.clear()
    _verify(capsys, "articles")
    assert judged  # another tree state: nothing is taken from the cache


def test_changing_an_option_recomputes(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    default = _verify(capsys, "articles")
    judged.clear()
    strict = _verify(capsys, "articles", "--strict")
    assert judged
    assert _statuses(strict) != _statuses(default)
    judged.clear()
    assert _verify(capsys, "articles", "--strict") == strict
    assert judged == []


def test_an_unreadable_cache_file_is_ignored(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _verify(capsys, "articles")
    folder = Path(run_cli(capsys, "cache", "path").out.strip()) / "verify"
    files = list(folder.glob("*/*.json"))
    assert files
    for path in files:
        path.write_bytes(b"not a cache")
    assert _verify(capsys, "articles") == first


def test_a_foreign_cache_file_is_a_cold_run(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    first = _verify(capsys, "articles")
    folder = Path(run_cli(capsys, "cache", "path").out.strip()) / "verify"
    for path in folder.glob("*/set-*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["results"][0][1] = ["verified", [["planted.py", "1"]], "", ""]  # a wrong type
        for output in data["outputs"].values():
            output[2] = "none"  # not a count: the whole file is refused
        path.write_text(json.dumps(data), encoding="utf-8")
    for path in folder.glob("*/memo.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["memo"]["refs"][0][2] = ["verified", [["planted.py", "1"]], "", ""]
        path.write_text(json.dumps(data), encoding="utf-8")
    judged.clear()
    assert _verify(capsys, "articles") == first
    assert judged  # nothing of the planted file was used: resolved again


def test_each_format_and_view_is_kept_apart(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    runs = {}
    for args in (("--format", "text"), ("--format", "text", "--all"), ("--format", "json")):
        runs[args] = run_cli(capsys, "verify", "articles", "--source", ".", *args)
    judged.clear()
    for args, first in runs.items():
        again = run_cli(capsys, "verify", "articles", "--source", ".", *args)
        assert (again.out, again.code) == (first.out, first.code)
    assert judged == []
    assert len({r.out for r in runs.values()}) == 3


def test_a_kept_output_repeats_the_notes_of_its_run(
        repo: Path, capsys: pytest.CaptureFixture[str], judged: list[str]) -> None:
    args = ("verify", "articles", "--source", ".", "--format", "json", "--no-history")
    first = run_cli(capsys, *args)
    judged.clear()
    second = run_cli(capsys, *args)
    assert judged == []
    assert "pse: coverage:" in first.err
    assert second == first  # stdout, the coverage line on stderr and the exit code
