"""Counts whose noun names what a module defines (classes, functions, exceptions, enums,
a package's modules), a class's subclasses, or a sort of parameter the signature marks
(keyword-only, positional-only), read in any word order the count tagger reads and with
any possession verb its lexicon lists. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "geo/__init__.py": "from .core import Shape\n",
    "geo/core.py": '''\
import enum


class Kind(enum.Enum):
    ROUND = 1
    SQUARE = 2


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Shape:
    def area(self):
        raise NotImplementedError


class Circle(Shape):
    def area(self):
        return 3.14


class Square(Shape):
    def area(self):
        return 1.0


def area(shape):
    return shape.area()


def scale(shape, factor, /, *, inplace=False, copy=True):
    return shape
''',
    "geo/errors.py": '''\
class GeoError(Exception):
    pass


class BadSize(GeoError):
    pass
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="geo")


@pytest.mark.parametrize("text, relation, status", [
    # a verb the count lexicon lists, not only the frames' few
    ("The module `geo.core` exposes five classes.", "definition_count", "verified"),
    ("The module `geo.core` exposes seven classes.", "definition_count", "unverified"),
    ("`geo/core.py` ships two functions.", "definition_count", "verified"),
    # enumerations among a module's classes
    ("`geo.core` defines two enums.", "definition_count", "verified"),
    ("`geo.core` defines three enumerations.", "definition_count", "unverified"),
    ("`geo.core` 定义了 3 个枚举。", "definition_count", "unverified"),
    # a package's modules, with or without its `__init__`
    ("The `geo` package is made of three modules.", "definition_count", "verified"),
    ("The `geo` package is made of two submodules.", "definition_count", "verified"),
    ("The `geo` package is made of five modules.", "definition_count", "unverified"),
    ("`geo` 包由四个模块组成。", "definition_count", "unverified"),
    ("`geo` 包由三个模块组成。", "definition_count", "verified"),
    # subclasses, the noun after the number in any order
    ("There are three subclasses of `Shape`.", "subclass_count", "unverified"),
    ("There are two subclasses of `Shape`.", "subclass_count", "verified"),
    ("`GeoError` 下面有三个子异常。", "subclass_count", "unverified"),
    # keyword-only and positional-only parameters are counted exactly
    ("`scale` has two keyword-only parameters.", "param_count", "verified"),
    ("`scale` has three keyword-only parameters.", "param_count", "unverified"),
    ("`scale` 有一个仅限关键字参数。", "param_count", "unverified"),
    ("`scale` has two positional-only parameters.", "param_count", "verified"),
    ("`scale` takes one positional-only argument.", "param_count", "unverified"),
])
def test_claims_counts_by_noun(resolver: Resolver, text: str, relation: str, status: str
                               ) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text", [
    "`Shape` has eight class attributes.",   # the last noun heads the phrase
    "`Kind` 有三类成员。",                     # 三类: three kinds, no count of classes
    "`geo.core` 注册了 12 种类型的 handler。",  # 类型 is a word: types, not classes
])
def test_claims_a_definition_noun_that_modifies_is_no_definition_count(
        resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "definition_count") == []


_HOLDER = {
    "feed/__init__.py": "",
    "feed/parse.py": '''\
class Parser:
    STATES = ("start", "header", "body", "end")
    __slots__ = ("data", "state")


COLORS = {"red": 1, "green": 2}
''',
}


@pytest.fixture(scope="module")
def holder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _HOLDER, name="feed")


@pytest.mark.parametrize("text, status", [
    # entries counted inside the value that holds them, whoever the sentence is about
    ("`Parser` has five states in `STATES`.", "unverified"),
    ("`Parser` has four states in `Parser.STATES`.", "verified"),
    ("`Parser` keeps track of five states in its `STATES` tuple.", "unverified"),
    ("`Parser` declares two entries in its `__slots__`.", "verified"),
    ("`Parser` declares three entries in its `__slots__`.", "unverified"),
    ("`Parser` looks colours up among the three entries in `COLORS`.", "unverified"),
])
def test_claims_a_count_of_the_value_that_holds_the_entries(holder: Resolver, text: str,
                                                             status: str) -> None:
    assert claim_statuses(holder, text, "member_count") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a count of none said with a negation is the count 0, which the index contradicts
    ("`Shape` has no methods.", "method_count", "unverified"),
    ("The `Shape` class does not provide any methods.", "method_count", "unverified"),
    ("`Circle` doesn't define any public methods.", "method_count", "unverified"),
    ("`Shape` 类没有任何方法。", "method_count", "unverified"),
    ("`Shape` 类不提供任何公开方法。", "method_count", "unverified"),
    ("`GeoError` has no methods.", "method_count", "verified"),
    ("The `geo.errors` module defines no functions.", "definition_count", "verified"),
    ("The `geo.core` module defines no functions.", "definition_count", "unverified"),
    ("`geo.core` 模块没有定义任何类。", "definition_count", "unverified"),
    ("`Kind` has no members.", "member_count", "unverified"),
])
def test_claims_a_count_of_none(resolver: Resolver, text: str, relation: str,
                                status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text", [
    "`Shape` has no `radius` method.",            # a member denied: the grammar's
    "If `Shape` has no methods, nothing is drawn.",  # a condition, not a claim
    "`scale` has no side effects.",               # a noun no count reads
    "`area` 没有返回值。",                          # no count noun
])
def test_claims_a_negation_before_no_count_noun_is_no_count(resolver: Resolver,
                                                           text: str) -> None:
    for relation in ("method_count", "definition_count", "member_count"):
        assert claim_statuses(resolver, text, relation) == []
