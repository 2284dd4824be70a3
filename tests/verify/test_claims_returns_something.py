"""A function said to return something, no type named ("validates and returns the label",
"处理后返回标签"): false of a function that returns nothing; and a label written as a
signature ("**encode(data: str, errors: str = 'strict') -> bytes**") checked as one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "lab/__init__.py": "",
    "lab/core.py": '''\
import functools
from typing import Optional


def check_label(label: str) -> None:
    if not label:
        raise ValueError("empty")


def check_hyphen(label):
    if "--" in label:
        raise ValueError(label)


def alabel(label):
    return label.encode()


def walk(items):
    for item in items:
        yield item


def hook(event):
    pass


def cached(func):
    return functools.lru_cache(func)


@cached
def lookup(name):
    print(name)


def encode(data: str, errors: str = "strict") -> bytes:
    return data.encode()


def maybe(data: str) -> Optional[bytes]:
    return None if not data else data.encode()


def seconds(parts, sign):
    if not parts:
        return sign * 0
    return sign * sum(int(p) for p in parts)


def difference(left, right):
    return left - right


def repeated(item, times):
    return [item] * len(times)
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="lab")


@pytest.mark.parametrize("text, statuses", [
    ("`check_label` validates and returns the label.", ["unverified"]),
    ("- `check_hyphen`: Checks the hyphens and returns the label.", ["unverified"]),
    ("`alabel` encodes and returns the label.", ["verified"]),
    ("`walk` returns the items one by one.", ["verified"]),  # a generator's iterator
    ("`check_label` 校验后返回标签。", ["unverified"]),
    ("`alabel` 返回编码后的标签。", ["verified"]),
    ("`hook` returns the event.", ["ignored"]),   # a stub a subclass or caller fills in
    ("`lookup` returns the name.", ["ignored"]),  # a decorator may return another value
    ("`check_label` returns nothing.", ["verified"]),  # a None claim, not this one
])
def test_claims_a_function_said_to_return_something(resolver: Resolver, text: str,
                                                    statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses


def test_claims_returning_something_under_a_condition_is_no_claim(resolver: Resolver
                                                                  ) -> None:
    assert claim_statuses(resolver, "If it fails, `check_label` returns the error.",
                          "returns") == []


@pytest.mark.parametrize("text, relation, statuses", [
    ("- **encode(data: str, errors: str = 'strict') -> bytes**: encodes.", "default",
     ["verified"]),
    ("- **encode(data: str, errors: str = 'ignore') -> bytes**: encodes.", "default",
     ["unverified"]),
    ("- **encode(data: str, errors: str = 'strict') -> str**: encodes.", "returns",
     ["unverified"]),
    ("- **encode(text, errors)**: encodes.", "has_param", ["unverified", "verified"]),
    ("1. `alabel(label)`: encodes a label.", "has_param", ["verified"]),
    # a written annotation without the real one's None is another annotation
    ("- **maybe(data: str) -> bytes**: encodes.", "returns", ["unverified"]),
    ("- **maybe(data: str) -> Optional[bytes]**: encodes.", "returns", ["verified"]),
    # a call's keyword values are arguments, not defaults: read only in a typed signature
    ("- `encode(data, errors='ignore')`: encodes leniently.", "default", []),
])
def test_claims_a_label_written_as_a_signature(resolver: Resolver, text: str, relation: str,
                                               statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, relation)) == statuses


@pytest.mark.parametrize("text, statuses", [
    # arithmetic with a number on one side gives no dict, set, bool or None
    ("`seconds` returns a dictionary of the parsed parts.", ["unverified"]),
    ("`seconds` returns a set of seconds.", ["unverified"]),
    ("`seconds` returns an integer.", ["ignored"]),      # a number: int or float
    # no number on either side: two sets' difference is a set
    ("`difference` returns a set.", ["ignored"]),
    ("`repeated` returns a list.", ["ignored"]),         # a list repeated is a list
])
def test_claims_what_arithmetic_on_a_number_returns(resolver: Resolver, text: str,
                                                    statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses
