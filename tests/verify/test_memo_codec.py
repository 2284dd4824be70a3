"""The warm cache's JSON rows: exact round trips, and anything else refused whole."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from pse.cli import verify_cache
from pse.verify import memo_codec
from pse.verify.memo import VerifyMemo
from pse.verify.refs import CheckedReference, Reference, Resolution

REF = Reference(file="docs/a.md", line=3, text="Client.send(timeout=1)", name="Client.send",
                kind="symbol", kwargs=("timeout",), context="Call it.\udcff")
LINES = Reference(file="a.md", line=9, text="a.py:1-3", name="a.py", kind="path_line",
                  lines=(1, 3), loose=True, origin="code")
ANSWER = Resolution("verified", evidence=(("src/a.py", 10), ("b.py", None)),
                    suggestion="x", message="ok")


def _cache() -> verify_cache.VerifyCache:
    memo = VerifyMemo(refs={("ctx", REF): ANSWER},
                      claims={"digest": [(LINES, Resolution("unverified", message="no"))]})
    cache = verify_cache.VerifyCache(state="s", notice="pse: warning: x",
                                     results={"k": [CheckedReference(REF, ANSWER),
                                                    CheckedReference(LINES, ANSWER)]})
    cache._memo = memo
    return cache


def test_a_saved_cache_reads_back_equal(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    cache = _cache()
    verify_cache.save(folder, cache)
    found = verify_cache.load(folder, "s")
    assert found.answers("k") == cache.results["k"] and found.notice == cache.notice
    assert found.answers("other documents") is None
    assert found.memo.refs == cache.memo.refs and found.memo.claims == {}  # unused: pruned
    assert verify_cache.load(folder, "other state").answers("k") is None


def _set_file(folder: Path) -> Path:
    [path] = folder.glob("set-*.json")
    return path


def test_each_set_of_documents_is_a_file_of_its_own_and_only_the_latest_are_kept(
        tmp_path: Path) -> None:
    folder = tmp_path / "v"
    verify_cache.save(folder, _cache())
    for n in range(verify_cache._MAX_SETS + 5):
        cache = verify_cache.load(folder, "s")
        cache.results[f"set {n}"] = [CheckedReference(REF, ANSWER)]
        verify_cache.save(folder, cache)
    sets = list(folder.glob("set-*.json"))
    assert len(sets) == verify_cache._MAX_SETS
    found = verify_cache.load(folder, "s")
    assert found.answers(f"set {verify_cache._MAX_SETS + 4}") is not None
    assert found.answers("set 0") is None  # the oldest went
    # a run reads the memo and its own set, not the others
    assert found._read.keys() == {f"set {verify_cache._MAX_SETS + 4}", "set 0"}


def test_a_new_state_drops_the_stale_sets(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    verify_cache.save(folder, _cache())
    cache = verify_cache.load(folder, "the tree changed")
    cache.results["new"] = [CheckedReference(REF, ANSWER)]
    verify_cache.save(folder, cache)
    assert len(list(folder.glob("set-*.json"))) == 1
    assert verify_cache.load(folder, "the tree changed").answers("new") is not None
    assert verify_cache.load(folder, "s").answers("k") is None


@pytest.mark.parametrize("row", [
    ["a.md", "3", "t", "n", "symbol", "inline", [], None, "", "", "", "", "", False, "", ""],
    ["a.md", 3, "t", "n", "nonsense", "inline", [], None, "", "", "", "", "", False, "", ""],
    ["a.md", 3, "t", "n", "symbol", "inline", [1], None, "", "", "", "", "", False, "", ""],
    ["a.md", 3, "t", "n", "symbol", "inline", [], [1], "", "", "", "", "", False, "", ""],
    ["a.md", True, "t", "n", "symbol", "inline", [], None, "", "", "", "", "", 0, "", ""],
    ["a.md", 3, "t"],
    {"file": "a.md"},
])
def test_a_malformed_reference_row_is_refused(row: object) -> None:
    with pytest.raises(ValueError):
        memo_codec.reference(row)


@pytest.mark.parametrize("row", [
    ["proven", [], "", ""], ["verified", [["a.py", "1"]], "", ""],
    ["verified", [["a.py"]], "", ""], ["verified", [], None, ""], ["verified", []],
])
def test_a_malformed_resolution_row_is_refused(row: object) -> None:
    with pytest.raises(ValueError):
        memo_codec.resolution(row)


def _planted(path: Path, data: object) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_foreign_or_corrupted_file_is_an_empty_cache(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    verify_cache.save(folder, _cache())
    memo = json.loads((folder / "memo.json").read_text(encoding="utf-8"))
    for data in ({**memo, "format": "pse-verify-cache/1"}, [1, 2], {**memo, "notice": 3},
                 {"state": "s"}):
        _planted(folder / "memo.json", data)
        found = verify_cache.load(folder, "s")
        assert found.answers("k") is None and found.memo.refs == {} and found.notice == ""
    for raw in (b"\x80\x04not json", b"{" * 100_000, b""):
        (folder / "memo.json").write_bytes(raw)
        assert verify_cache.load(folder, "s").answers("k") is None


def test_a_malformed_part_is_dropped_whole(tmp_path: Path) -> None:
    folder = tmp_path / "v"
    verify_cache.save(folder, _cache())
    good = json.loads(_set_file(folder).read_text(encoding="utf-8"))
    bad = json.loads(json.dumps(good))
    bad["results"][1][1][0] = "proven"  # the second answer of the set
    _planted(_set_file(folder), bad)
    memo = json.loads((folder / "memo.json").read_text(encoding="utf-8"))
    memo["memo"]["refs"].append(["ctx", "not a row", []])
    _planted(folder / "memo.json", memo)
    found = verify_cache.load(folder, "s")
    assert found.answers("k") is None and found.memo.refs == {}
    assert found.notice == "pse: warning: x"
    for planted in ({**good, "key": "another set"}, {**good, "state": "other"},
                    {**good, "results": {}}):
        _planted(_set_file(folder), planted)
        assert verify_cache.load(folder, "s").answers("k") is None


class _Boom:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (print, ("pickle code ran",))


def test_a_planted_pickle_runs_no_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    folder = tmp_path / "v"
    verify_cache.save(folder, _cache())
    for path in folder.glob("*.json"):
        path.write_bytes(pickle.dumps(_Boom()))
    assert verify_cache.load(folder, "s").answers("k") is None
    assert "pickle code ran" not in capsys.readouterr().out


def test_rendered_outputs_read_back_and_malformed_ones_refuse_the_set(tmp_path: Path
                                                                     ) -> None:
    folder = tmp_path / "v"
    cache = _cache()
    cache.outputs["k\0json\0False"] = ("{}\n", 2, 0, ("a note",))
    cache.outputs["gone\0json\0False"] = ("{}\n", 1, 1, ())  # its answers are not kept
    verify_cache.save(folder, cache)
    assert verify_cache.load(folder, "s").output("k\0json\0False") == \
        ("{}\n", 2, 0, ("a note",))
    assert verify_cache.load(folder, "s").output("gone\0json\0False") is None
    path = _set_file(folder)
    data = json.loads(path.read_text(encoding="utf-8"))
    for bad in (["{}\n", 2, -1, []], ["{}\n", "2", 0, []], [3, 2, 0, []], ["{}\n", 2, 0],
                ["{}\n", 2, 0, [1]], ["{}\n", 2, 0, "note"]):
        data["outputs"]["k\0json\0False"] = bad
        _planted(path, data)
        found = verify_cache.load(folder, "s")
        assert found.output("k\0json\0False") is None and found.answers("k") is None
    data["outputs"] = {"other\0json\0False": ["{}\n", 2, 0, []]}  # another set's output
    _planted(path, data)
    found = verify_cache.load(folder, "s")
    assert found.output("other\0json\0False") is None and found.answers("k") is None
