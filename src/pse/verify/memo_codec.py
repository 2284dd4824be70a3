"""References and answers as JSON-ready rows, and back, checking every value's type.

The warm path's cache file is read back from the user's cache folder, where anything
may have been planted: it must never be able to run code when loaded (so no pickle),
and a file that is not exactly what this code writes must be refused as a whole, never
half-read into answers. :func:`reference` and :func:`resolution` raise
:class:`ValueError` for anything that does not fit the dataclasses field by field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import get_args

from pse.verify.memo import RefKey, VerifyMemo
from pse.verify.refs import CheckedReference, Reference, RefKind, Resolution, Status

Row = list[object]
"""One dataclass as the list of its field values, in field order."""
_KINDS = frozenset(get_args(RefKind))
_STATUSES = frozenset(get_args(Status))
_ORIGINS = frozenset({"inline", "code", "link"})
_REF_FIELDS = tuple(f.name for f in fields(Reference))


def _string(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _integer(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("not an integer")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not a boolean")
    return value


def _strings(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    return tuple(_string(item) for item in value)


def _line_range(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("not a line range")
    return _integer(value[0]), _integer(value[1])


def _one_of(allowed: frozenset[str]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if value not in allowed:
            raise ValueError(f"unknown value {value!r}")
        return str(value)
    return check


_REF_TYPES: dict[str, Callable[[object], object]] = {
    "line": _integer, "kind": _one_of(_KINDS), "origin": _one_of(_ORIGINS),
    "kwargs": _strings, "lines": _line_range, "loose": _flag,
    "positional": _integer, "spread": _flag, "on_instance": _flag,
}
"""Field checks of :class:`Reference` (every other field is a string)."""


def reference_row(ref: Reference) -> Row:
    """``ref`` as its field values (tuples become lists in JSON)."""
    return [getattr(ref, name) for name in _REF_FIELDS]


def reference(row: object) -> Reference:
    """The reference a :func:`reference_row` wrote (ValueError when ``row`` is not one)."""
    if not isinstance(row, list) or len(row) != len(_REF_FIELDS):
        raise ValueError("not a reference row")
    values = {name: _REF_TYPES.get(name, _string)(value)
              for name, value in zip(_REF_FIELDS, row, strict=True)}
    return Reference(**values)  # type: ignore[arg-type]  # each value checked above


def resolution_row(result: Resolution) -> Row:
    """``result`` as ``[status, evidence, suggestion, message]``."""
    return [result.status, [list(place) for place in result.evidence], result.suggestion,
            result.message]


def resolution(row: object) -> Resolution:
    """The answer a :func:`resolution_row` wrote (ValueError when ``row`` is not one)."""
    if not isinstance(row, list) or len(row) != 4 or not isinstance(row[1], list):
        raise ValueError("not a resolution row")
    status, evidence, suggestion, message = row
    return Resolution(_one_of(_STATUSES)(status), evidence=tuple(_place(p) for p in evidence),  # type: ignore[arg-type]  # a Status, checked
                      suggestion=_string(suggestion), message=_string(message))


def _place(value: object) -> tuple[str, int | None]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("not a place")
    return _string(value[0]), None if value[1] is None else _integer(value[1])


def checked_rows(checked: list[CheckedReference]) -> list[Row]:
    """Checked references as ``[reference row, resolution row]`` pairs."""
    return [[reference_row(c.ref), resolution_row(c.result)] for c in checked]


def checked(rows: object) -> list[CheckedReference]:
    """What :func:`checked_rows` wrote (ValueError when ``rows`` is not that)."""
    return [CheckedReference(reference(ref), resolution(result))
            for ref, result in _pairs(rows)]


def _pairs(rows: object) -> list[tuple[object, object]]:
    if not isinstance(rows, list):
        raise ValueError("not a list of pairs")
    pairs: list[tuple[object, object]] = []
    for row in rows:
        if not isinstance(row, list) or len(row) != 2:
            raise ValueError("not a pair")
        pairs.append((row[0], row[1]))
    return pairs


def memo_data(memo: VerifyMemo) -> dict[str, object]:
    """``memo`` as JSON-ready data (:func:`memo` reads it back)."""
    return {
        "refs": [[context, reference_row(ref), resolution_row(result)]
                 for (context, ref), result in memo.refs.items()],
        "claims": {key: [[reference_row(ref), resolution_row(result)] for ref, result in found]
                   for key, found in memo.claims.items()},
        "sentences": {key: [[reference_row(ref), resolution_row(result)]
                            for ref, result in found]
                      for key, found in memo.sentences.items()},
    }


def memo(data: object) -> VerifyMemo:
    """The memo :func:`memo_data` wrote (ValueError when ``data`` is not that)."""
    if not isinstance(data, dict) or not isinstance(data.get("refs"), list) or \
            not isinstance(data.get("claims"), dict) or \
            not isinstance(data.get("sentences"), dict):
        raise ValueError("not a memo")
    refs: dict[RefKey, Resolution] = {}
    for row in data["refs"]:
        if not isinstance(row, list) or len(row) != 3:
            raise ValueError("not a memo row")
        refs[(_string(row[0]), reference(row[1]))] = resolution(row[2])
    claims, sentences = (
        {_string(key): [(reference(ref), resolution(result)) for ref, result in _pairs(found)]
         for key, found in data[part].items()} for part in ("claims", "sentences"))
    return VerifyMemo(refs=refs, claims=claims, sentences=sentences)
