"""Calls said with the verbs models use for handing work on ("forwards the name to",
"is implemented on top of", 转发给, 交给 ... 处理, 是对 ... 的封装, 基于 ... 实现, 触发), and an
error said to be triggered (触发 `ValueError`), which is raised, not called; and a definition
said to carry no decorator at all ("`f` is not decorated", 没有使用任何装饰器)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "reg/__init__.py": "",
    "reg/core.py": '''\
_registry = {}


def total(items):
    return sum(size(i) for i in items)


def size(item):
    return len(item)


def lookup(name):
    factory = _registry.get(name)
    if factory is None:
        raise KeyError(name)
    return factory()


def build_all(names):
    return [lookup(n) for n in names]


def parse(text):
    return int(text)
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="reg")


@pytest.mark.parametrize("text, relation, status", [
    ("`build_all` forwards each name to `lookup`.", "calls", "verified"),
    ("`build_all` hands each name off to `total`.", "calls", "unverified"),
    ("`total` delegates the measuring to `size`.", "calls", "verified"),
    ("`total` delegates the computation to `lookup`.", "calls", "unverified"),
    ("`build_all` defers the construction to `parse`.", "calls", "unverified"),
    ("`lookup` passes the name to `build_all`.", "calls", "unverified"),
    ("`total` is implemented on top of `size`.", "calls", "verified"),
    ("`total` is implemented on top of `lookup`.", "calls", "unverified"),
    ("`lookup` 把名称转发给 `build_all`。", "calls", "unverified"),
    ("`build_all` 把名称交给 `lookup` 处理。", "calls", "verified"),
    ("`build_all` 是对 `total` 的简单封装。", "calls", "unverified"),
    ("`total` 底层依赖 `build_all`。", "calls", "unverified"),
    ("`build_all` 会触发 `total`。", "calls", "unverified"),
    # the means of another verb
    ("`total` computes the sum by calling `size` on each item.", "calls", "verified"),
    ("`build_all` builds each entry by calling `total`.", "calls", "unverified"),
    # of a function, "built on" is a use
    ("`total` 基于 `size` 实现。", "built_on", "verified"),
    ("`total` 基于 `build_all` 实现。", "built_on", "unverified"),
    # of a module, an outside module no file of its package names is none it is built on
    ("`reg.core` 的实现基于 Python 的 `datetime` 模块。", "built_on", "unverified"),
    ("The `reg.core` module is built on top of the `datetime` module.", "built_on",
     "unverified"),
    # an error triggered is raised
    ("`lookup` 会触发 `KeyError`。", "calls", "verified"),
    ("`build_all` triggers a `ValueError` for unknown names.", "calls", "unverified"),
])
def test_claims_calls_in_the_verbs_of_handing_on(resolver: Resolver, text: str,
                                                 relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_an_error_a_call_may_trigger_is_no_claim(resolver: Resolver) -> None:
    # int() may raise it: open, and a loose verb's open reading is no claim at all
    assert claim_statuses(resolver, "`parse` 会触发 `ValueError`。", "calls") == []


_DECORATED = {
    "deco/__init__.py": "",
    "deco/core.py": '''\
import functools


@functools.lru_cache(maxsize=None)
def cached(x):
    return x


def plain(x):
    return x
''',
}


@pytest.mark.parametrize("text, status", [
    ("`cached` is not decorated.", "unverified"),
    ("`plain` is not decorated.", "verified"),
    ("`cached` has no decorators.", "unverified"),
    ("`cached` 没有使用任何装饰器。", "unverified"),
    ("`cached` 没有被装饰。", "unverified"),
    ("`plain` 上没有装饰器。", "verified"),
])
def test_claims_no_decorator_at_all(tmp_path_factory: pytest.TempPathFactory, text: str,
                                    status: str) -> None:
    for resolver in tree_resolver(tmp_path_factory, _DECORATED, name="deco"):
        assert claim_statuses(resolver, text, "not decorated") == [status]


def test_a_member_a_verified_claim_denies_is_no_invention(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    from pse.verify.check import Document, check_documents

    tree = {"sax/__init__.py": "", "sax/handler.py": '''\
class Handler:
    def start_element(self, name):
        return name
'''}
    text = ("`Handler` 并没有实现 `startDocument`。\n\n"
            "`Handler` does not override `endDocument`.\n\n"
            "`Handler` implements `startDocument`.\n")
    for resolver in tree_resolver(tmp_path_factory, tree, name="sax"):
        statuses = {(c.ref.line, c.ref.text.strip("`")): c.result.status
                    for c in check_documents([Document("doc.md", text)], resolver,
                                             strict=True) if c.ref.kind == "symbol"}
        assert statuses[(1, "startDocument")] == "ignored"   # the claim says it is absent
        assert statuses[(3, "endDocument")] == "ignored"
        assert statuses[(5, "startDocument")] == "unverified"  # said to be there: invented
