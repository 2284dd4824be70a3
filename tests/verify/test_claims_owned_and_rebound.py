"""Readings of which definition a name means: a member named bare in a table row or list
item whose owner is a class is that class's member (no namesake of another class makes
the claim true); a class re-bound under its own name in another module (``Flags =
constants.Flags``) is defined where its ``class`` statement is; a stub's declaration of
a function the tree defines is no other reading of it; a name the sentence calls a
function is read as no method of its name; a module file is no subpackage. Decided
against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/__init__.py": "from kit import constants\n\nFlags = constants.Flags\n",
    "kit/constants.py": "import enum\n\n\nclass Flags(enum.IntFlag):\n    SHARED = 1\n"
                        "    EXCLUSIVE = 2\n",
    "kit/locks.py": '''\
from kit import constants

Flags = constants.Flags


class Spec:
    def __init__(self, namespace, name, opts):
        self.name = name


class Caller:
    def __init__(self, name, execute, spec, opts):
        self.name = name

    def run(self):
        raise ValueError("no spec")


def pairwise(items):
    return zip(items, items[1:])
''',
    "kit/sub/__init__.py": "VALUE = 1\n",
    "kit/old.py": "def bump(version, token='rc'):\n    return version + token\n",
    "kit/version.py": "class Version:\n    def bump(self, token):\n        return token\n",
    "kit-stubs/__init__.pyi": "from typing_extensions import deprecated\n\n\n"
                              "@deprecated('use itertools.pairwise')\n"
                              "def pairwise(items: list) -> list: ...\n",
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="owned")


@pytest.mark.parametrize("text, status", [
    ("| class | note |\n|---|---|\n| `Spec` | `__init__` takes four parameters |\n",
     "unverified"),  # Spec's takes three; Caller's four does not make it true
    ("| class | note |\n|---|---|\n| `Caller` | `__init__` takes four parameters |\n",
     "verified"),
    ("| 类 | 说明 |\n|---|---|\n| `Spec` | `__init__` 除了 `self` 还接收 3 个参数 |\n", "verified"),
    ("**`Spec`**:\n\n- `__init__` takes four parameters.\n", "unverified"),
])
def test_a_bare_member_under_an_owner_is_the_owners(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "param_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Flags` is defined in `kit/locks.py`.", "unverified"),
    ("`Flags` 定义在 `kit/locks.py` 中。", "unverified"),
    ("`Flags` is defined in `kit/__init__.py`.", "unverified"),
    ("`Flags` is defined in `kit/constants.py`.", "verified"),
])
def test_a_class_rebound_under_its_name_is_defined_where_its_statement_is(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "location") == [status]


def test_a_rebinding_still_makes_the_name_available_there(resolver: Resolver) -> None:
    # "is available in" does not say "defined": the binding there may be what is meant
    assert claim_statuses(resolver, "`Flags` is available in `kit/locks.py`.",
                          "location") != ["unverified"]


@pytest.mark.parametrize("text, status", [
    ("`pairwise` 函数被 `@deprecated` 装饰。", "unverified"),  # only its stub says so
    ("`pairwise` is not decorated.", "verified"),
])
def test_a_stub_is_no_other_reading_of_the_code_it_declares(resolver: Resolver, text: str,
                                                           status: str) -> None:
    assert claim_statuses(resolver, text, "decorated") + \
        claim_statuses(resolver, text, "not decorated") == [status]


@pytest.mark.parametrize("text, status", [
    # the module-level `bump` takes two; the method `Version.bump` one besides `self`
    ("The `bump` function takes one parameter.", "unverified"),
    ("旧版的 `bump` function 只接受 `version` 一个 parameter。", "unverified"),
    ("The `bump` method takes one parameter.", "verified"),
    ("`bump` takes one parameter.", "verified"),  # unsaid: either may be meant
])
def test_a_name_called_a_function_is_read_as_no_method_of_its_name(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "param_count") == [status]


@pytest.mark.parametrize("text", [
    "`Caller` 的 `__init__` 接收 `name`、`execute` 和 `timeout` 三个 named parameters。",
    "`Caller.__init__` 接收 `name`、`execute` 和 `timeout` 参数。",
    "`Caller.__init__` 接收 `name`、`execute` 和 `timeout` 三个可选参数。",
])
def test_a_listed_parameter_after_its_names_is_read_with_a_kind_or_no_count(
        resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == ["verified", "verified",
                                                           "unverified"]
    # a count of a kind of parameter ("三个可选参数") is not a count of them all
    assert claim_statuses(resolver, text, "param_count") == []


@pytest.mark.parametrize("text, status", [
    ("`kit.old` is a subpackage of `kit`.", "unverified"),  # one file
    ("需要说明的是，`kit.old` 是一个子包（目录）。", "unverified"),
    ("`kit.sub` is a subpackage.", "verified"),
    ("`kit.sub` 是一个子包。", "verified"),
    ("`kit.old` is a module.", "verified"),
    # the language said before the kind: "一个 Python 模块" is a module
    ("`Version` 是一个 Python 模块，用于比较版本。", "unverified"),
    ("`Version` 是一个用于比较版本的 Python 模块。", "unverified"),
    ("`kit.old` 是一个 Python 模块。", "verified"),
])
def test_a_module_file_is_no_subpackage_and_a_class_no_module(resolver: Resolver, text: str,
                                                               status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]
