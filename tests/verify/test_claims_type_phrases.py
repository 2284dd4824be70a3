"""Types said in words: read as type expressions ("a list of `Shape` objects" is
``list[Shape]``) and decided against annotations, aliases and values written out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.claims.typephrase import read_type_phrase
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_SPANS = ["`f`", "`Shape`", "`None`"]


@pytest.mark.parametrize("text, written", [
    ("a list of §1§ objects", "list[Shape]"),
    ("a string or §2§", "Union[str, None]"),
    ("either an int or a string", "Union[int, str]"),
    ("a dict mapping shape names to integers", "dict[..., int]"),
    ("a dictionary that maps strings to callables", "dict[str, ...]"),
    ("a tuple of §1§ instances", "tuple[Shape, ...]"),
    ("an optional string", "Optional[str]"),
    ("a list of strings, which is sorted", "list[str]"),   # a comma ends no alternatives
    ("一个§1§对象的列表", "list[Shape]"),
    ("由字符串组成的元组", "tuple[str, ...]"),
    ("从名称到§1§的字典", "dict[..., Shape]"),
    ("一个字符串或§2§", "Union[str, None]"),
    ("int 或 str", "Union[int, str]"),
])
def test_type_phrases_read_as_types(text: str, written: str) -> None:
    found = read_type_phrase(text, 0, _SPANS)
    assert found is not None and found.written == written


@pytest.mark.parametrize("text", [
    "a list",                      # the outer type alone: the frames' reading
    "a set of names",              # what it holds is no type
    "a string or something else",  # not a closed set of alternatives
])
def test_type_phrases_that_say_no_more_than_the_outer_type(text: str) -> None:
    assert read_type_phrase(text, 0, _SPANS) is None


_TREE = {
    "kit/__init__.py": "",
    "kit/shapes.py": '''\
from typing import Dict, List, Optional, Union


class Shape:
    pass


Number = Union[int, float]
ShapeList = List[Shape]
NAMES = ["circle", "square"]
LIMITS = {"circle": 1.0, "square": 2.0}


def names_of(shapes) -> List[str]:
    return [s.name for s in shapes]


def index(shapes) -> Dict[str, Shape]:
    return {}


def maybe(name) -> Optional[int]:
    return None


def label(x):
    return f"{x}"


def encoded(x) -> bytes:
    return x.encode()
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="kit")


@pytest.mark.parametrize("text, relation, status", [
    ("`names_of` returns a list of strings.", "returns", "verified"),
    ("`names_of` returns a list of `Shape` objects.", "returns", "unverified"),
    ("`names_of` 返回一个 `Shape` 对象的列表。", "returns", "unverified"),
    ("`index` returns a dictionary mapping names to lists of shapes.", "returns",
     "unverified"),
    ("`maybe` returns an integer or `None`.", "returns", "verified"),
    ("`maybe` returns a string or `None`.", "returns", "unverified"),
    ("`maybe` 返回一个字符串或 `None`。", "returns", "unverified"),
    ("`label` returns a list or a dict.", "returns", "unverified"),  # an f-string is a str
    # a byte string is no string: 字节字符串 holds 字符串
    ("`encoded` 返回一个字节字符串。", "returns", "verified"),
    ("`encoded` 返回一个字符串。", "returns", "unverified"),
    ("`ShapeList` is a type alias for a tuple of `Shape` objects.", "alias_of", "unverified"),
    ("`ShapeList` is a type alias for a list of `Shape` objects.", "alias_of", "verified"),
    ("`Number` is an alias for either an int or a string.", "alias_of", "unverified"),
    ("`Number` 是 int 或 float 的类型别名。", "alias_of", "verified"),
    ("`Number` 是 int 或 str 的类型别名。", "alias_of", "unverified"),
    ("`NAMES` is a list of strings.", "value_type", "verified"),
    ("`NAMES` 是一个字符串元组。", "value_type", "unverified"),
    ("`LIMITS` is a dict mapping shape names to integers.", "value_type", "unverified"),
    ("`LIMITS` is a dictionary that maps shape names to floats.", "value_type",
     "ignored"),                                         # the keys' type is unsaid
    ("`LIMITS` is a dictionary that maps strings to floats.", "value_type", "verified"),
])
def test_claims_types_said_in_words(resolver: Resolver, text: str, relation: str,
                                    status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_a_negated_or_conditional_type_is_left_to_the_frames(resolver: Resolver
                                                                     ) -> None:
    assert claim_statuses(resolver, "`maybe` does not return a string or `None`.",
                          "returns") != ["verified"]
    # under a condition only the frames read it: a list, whatever it holds
    assert claim_statuses(resolver, "If it fails, `names_of` returns a list of `Shape` "
                          "objects.", "returns") == ["verified"]
