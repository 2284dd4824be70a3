"""Counts of values the source builds from literals: folded, never run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.claims.folding import NotFoldable, folded_value
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/version.py": 'VERSION = "1.2.0"\n',
    "kit/__init__.py": '''\
import os
import re

PATTERN = re.compile(r"[0-9]+")
RAW = r"[0-9]+"

CODES = set(list("nbox%f") + ["t" + c for c in "ieah"])
__all__ = "load dump parse".split()
TRIPLE = ("a", "b") * 3
ENV = os.environ.get("KIT_MODE", "x")
from kit.version import VERSION
VERSION = VERSION
MAPPING = dict(a=1, b=2)
BIG = "x" * 100000000
BASE = ("red", "green")
MORE = BASE + ("blue",)
KEYS = {k: None for k in MORE if k != "green"}
import collections
import types
ESCAPES = dict(zip(["n", "t", "r"], ["\\n", "\\t", "\\r"]))
OPERATIONS = types.MappingProxyType({"add": 1, "remove": 2})
ORDERED = collections.OrderedDict([("a", 1), ("b", 2), ("c", 3)])
PAIRS = list(zip("ab", "xyz"))


class Version:
    __slots__ = ("_major", "_minor", "_patch")
    NAMES = tuple(item[1:] for item in __slots__)
    FIRST = __slots__[:2]
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="folding")


def _folded(resolver: Resolver, qualname: str) -> object:
    return folded_value(resolver, resolver.index.by_qualname(qualname)[0])


@pytest.mark.parametrize("qualname, value", [
    ("kit.CODES", set("nbox%f") | {"ti", "te", "ta", "th"}),
    ("kit.__all__", ["load", "dump", "parse"]),
    ("kit.TRIPLE", ("a", "b") * 3),
    ("kit.MAPPING", {"a": None, "b": None}),
    ("kit.MORE", ("red", "green", "blue")),
    ("kit.KEYS", {"red": None, "blue": None}),
    ("kit.Version.NAMES", ("major", "minor", "patch")),
    ("kit.Version.FIRST", ("_major", "_minor")),
    # mappings made of pairs or wrapped: their keys
    ("kit.ESCAPES", {"n": None, "t": None, "r": None}),
    ("kit.OPERATIONS", {"add": None, "remove": None}),
    ("kit.ORDERED", {"a": None, "b": None, "c": None}),
    ("kit.PAIRS", [("a", "x"), ("b", "y")]),
])
def test_folding_builds_values_from_literals(resolver: Resolver, qualname: str,
                                             value: object) -> None:
    assert _folded(resolver, qualname) == value


@pytest.mark.parametrize("qualname", ["kit.ENV", "kit.BIG"])
def test_folding_reads_no_call_outside_and_builds_nothing_huge(resolver: Resolver,
                                                               qualname: str) -> None:
    with pytest.raises(NotFoldable):
        _folded(resolver, qualname)


@pytest.mark.parametrize("text, status", [
    ("`CODES` 一共包含 10 种类型代码。", "verified"),
    ("`CODES` has eleven entries.", "unverified"),
    ("`Version.NAMES` 一共包含三个名称。", "verified"),
    ("`__all__` lists four names.", "unverified"),
    ("`MORE` has three items.", "verified"),
    ("`ESCAPES` 字典共有 8 个键。", "unverified"),
    ("The `OPERATIONS` mapping has two entries.", "verified"),
])
def test_claims_count_a_folded_value(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`CODES` is a set.", "verified"),
    ("`Version.NAMES` is a list.", "unverified"),
    ("`kit.VERSION` is a tuple.", "unverified"),  # bound to the imported string
    ("`kit.VERSION` 是一个字符串。", "verified"),
    ("`PATTERN` is a compiled regex.", "verified"),
    ("`PATTERN` is a string.", "unverified"),
    ("`RAW` 是预编译好的正则对象。", "unverified"),
    ("`RAW` 是一个已经 compile 好的 `re.Pattern` 对象。", "unverified"),
])
def test_claims_the_type_of_a_folded_or_imported_value(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]


@pytest.mark.parametrize("text, status", [
    ("`RAW` is `'[0-9]+'`.", "verified"),
    ("`kit.VERSION` is set to `\"2.0\"`.", "ignored"),  # a name's value: not folded here
    ("`TRIPLE` 的值为 `(1, 2)`。", "unverified"),
    ("The value of `MORE` is `('red', 'green', 'blue')`.", "verified"),
    ("`Version.NAMES` equals `()`.", "unverified"),
    ("`RAW` is a string constant set to `'[0-9]'`.", "unverified"),
    ("`RAW` 是一个字符串常量，值为 `'[0-9]+'`。", "verified"),
])
def test_claims_a_value_said_outright(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, statuses", [
    ("`MORE` contains `\"red\"`, `\"green\"` and `\"pink\"`.",
     ["verified", "verified", "unverified"]),
    ("`__all__` includes `\"parse\"`.", ["verified"]),
    ("`CODES` 包含 `\"tz\"`。", ["unverified"]),
])
def test_claims_an_entry_of_a_value(resolver: Resolver, text: str,
                                    statuses: list[str]) -> None:
    from pse.verify.check import Document, check_documents

    found = [c.result.status for c in check_documents([Document("doc.md", text)], resolver)
             if c.ref.kind == "claim"]
    assert sorted(found) == sorted(statuses)
