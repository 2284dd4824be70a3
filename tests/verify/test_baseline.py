"""Baseline fingerprints, file format and matching."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pse.verify.baseline import BaselineError, apply, dump, fingerprint, parse
from pse.verify.refs import CheckedReference, Reference, Resolution


def _bad(text: str, line: int, file: str = "a.md") -> CheckedReference:
    return CheckedReference(Reference(file=file, line=line, text=text, name=text, kind="symbol"),
                            Resolution("unverified", message="not found"))


def test_fingerprint_ignores_line_numbers_and_spacing() -> None:
    ref = _bad("X", 3).ref
    moved = _bad("X", 9).ref
    assert fingerprint(ref, "Use  `X`  here") == fingerprint(moved, "Use `X` here")
    assert fingerprint(ref, "Use `X` here") != fingerprint(ref, "Use `X` there")
    assert fingerprint(ref, "l") != fingerprint(_bad("X", 3, file="b.md").ref, "l")


def test_dump_then_parse_round_trips_sorted_and_versioned() -> None:
    checked = [_bad("B", 2), _bad("A", 1), _bad("A", 1, file="0.md")]
    text = dump(checked, {"a.md": ["`A`", "`B`"], "0.md": ["`A`"]})
    data = json.loads(text)
    assert list(data) == ["findings", "format", "version"]
    assert [r["file"] for r in data["findings"]] == ["0.md", "a.md", "a.md"]
    assert sum(parse(text, source="b.json").values()) == 3


@pytest.mark.parametrize("text, message", [
    ("not json", "is not JSON"),
    ('{"format": "pse-verify-baseline", "version": 9, "findings": []}', "version 9"),
    ('{"format": "pse-verify-baseline", "version": 1, "findings": [1]}', "fingerprints"),
])
def test_parse_refuses_what_it_cannot_read(text: str, message: str) -> None:
    with pytest.raises(BaselineError, match=message):
        parse(text, source="b.json")


def test_apply_is_a_multiset() -> None:
    lines = {"a.md": ["`A` `A`", "`A` `A`"]}
    known = Counter({fingerprint(_bad("A", 1).ref, "`A` `A`"): 1})
    applied = apply([_bad("A", 1), _bad("A", 2)], lines, known)
    assert [c.result.status for c in applied.checked] == ["ignored", "unverified"]
    assert (applied.known, applied.fixed) == (1, 0)
    assert apply([], lines, known).fixed == 1
