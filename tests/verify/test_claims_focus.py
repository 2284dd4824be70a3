"""A bare name several modules define means, in a document about one of them, that
module's definitions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/__init__.py": "",
    "kit/alpha.py": '''\
def run(steps: list) -> str:
    return "done"
''',
    "kit/beta.py": '''\
def run(count: int) -> int:
    return count
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="focus")


@pytest.mark.parametrize("text, relation, status", [
    # about `kit.alpha`: its `run`, which returns a string and takes `steps`
    ("# The `kit.alpha` module\n\n`run` returns an `int`.\n", "returns", "unverified"),
    ("# The `kit.alpha` module\n\n`run` takes a `count` parameter.\n", "has_param",
     "unverified"),
    ("# `kit/alpha.py`\n\n`run` returns an `int`.\n", "returns", "unverified"),
    ("# The `kit.alpha` module\n\n`run` returns a `str`.\n", "returns", "verified"),
    # a title writing the module as a plain dotted word, in any case
    ("## Kit.alpha\n\n`run` returns an `int`.\n", "returns", "unverified"),
    ("## A tour of kit.alpha\n\n`run` returns a `str`.\n", "returns", "verified"),
    # about the whole package, or no module: either `run` may be meant
    ("## Kit\n\n`run` returns an `int`.\n", "returns", "verified"),
    ("# The `kit` package\n\n`run` returns an `int`.\n", "returns", "verified"),
    ("`run` returns an `int`.\n", "returns", "verified"),
    # a module named below the title is one a document passes through
    ("# Guide\n\nSee `kit.alpha`.\n\n`run` returns an `int`.\n", "returns", "verified"),
    # a dotted name says which it means, whatever the document is about
    ("# The `kit.alpha` module\n\n`kit.beta.run` returns an `int`.\n", "returns", "verified"),
])
def test_claims_a_bare_name_means_the_definitions_of_the_documents_module(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


_METHODS = {
    "kit/__init__.py": "",
    "kit/__main__.py": '''\
def run() -> bool:
    return True
''',
    "kit/blocks.py": '''\
class Processor:
    def run(self, blocks: list) -> None:
        blocks.clear()
''',
}


@pytest.fixture(scope="module")
def methods(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _METHODS, name="focus-methods")


@pytest.mark.parametrize("text, status", [
    # a bare name first means the module-level `run`; about `kit.blocks`, its method
    ("## `kit.blocks`\n\n`run` returns a `bool`.\n", "unverified"),
    ("`run` returns a `bool`.\n", "verified"),
])
def test_claims_a_bare_name_means_the_focus_modules_member_over_a_function_elsewhere(
        methods: Resolver, text: str, status: str) -> None:
    assert claim_statuses(methods, text, "returns") == [status]
