"""Counts of what a module lists or defines, said with a modifier in Chinese ("五个序列化器类"
of classes named `...Serializer`) or of a value written out ("`__all__` 列了 6 个
functions"), and a name bound to another name of the tree followed to the value it
stands for ("`tz_names` 是 `tz_win` 的旧名称" of ``tz_names = win_tz``). Decided against a
small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_LONG = "\n".join(f"    'k{i}': {i}," for i in range(400))  # longer than one read
_TREE = {
    "kit/__init__.py": "",
    "kit/serializers.py": "".join(f"class {n}Serializer:\n    pass\n\n\n"
                                  for n in ("Base", "Simple", "File", "Redis")),
    "kit/helpers.py": "__all__ = ['a', 'b', 'c']\n\n\ndef a():\n    pass\n\n\ndef b():\n"
                      "    pass\n\n\ndef c():\n    pass\n\n\nclass Tool:\n    pass\n",
    "kit/nodes.py": "from typing import List, Union\n\n\nclass Element:\n    pass\n\n\n"
                    "class Hash:\n    pass\n\n\nTree = Union[Element, Hash]\n\n\n"
                    "def parse(css: str) -> List[Element]:\n    return [Element()]\n\n\n"
                    "def one(css: str) -> Element:\n    return Element()\n",
    "kit/zones.py": f"win_tz = {{\n{_LONG}\n}}\n\nnames = win_tz\n\ntz_win = {{\n{_LONG}\n}}\n"
                    "\nold = names\n\n__version__ = version = '2.0'\n",
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="counted")


@pytest.mark.parametrize("text, status", [
    ("`kit.serializers` 模块一共定义了三个序列化器类（包括 `BaseSerializer`）。", "unverified"),
    ("`kit.serializers` 模块一共定义了四个序列化器类。", "verified"),
    # words no name holds may pick any part of them
    ("`kit.serializers` 模块定义了两个可定制的类。", "ignored"),
])
def test_a_count_of_classes_with_a_chinese_modifier(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`kit/helpers.py` 的 `__all__` 列了 4 个 functions。", "unverified"),
    ("`kit.helpers.__all__` lists three functions.", "verified"),
])
def test_a_count_of_what_a_written_value_lists(resolver: Resolver, text: str,
                                               status: str) -> None:
    assert claim_statuses(resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`kit.zones.names` 是 `kit.zones.tz_win` 的别名。", "unverified"),
    ("`kit.zones.names` is an alias of `kit.zones.win_tz`.", "verified"),
    ("`kit.zones.old` is an alias of `kit.zones.win_tz`.", "verified"),  # through `names`
    ("`kit.zones.old` is another name for `kit.zones.tz_win`.", "unverified"),
    ("`kit.zones.version` 是 `kit.zones.__version__` 的别名。", "verified"),  # one statement
])
def test_a_name_bound_to_a_name_is_that_value(resolver: Resolver, text: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, status", [
    ("`kit.nodes.parse` returns a `Tree` object.", "unverified"),  # a list, no Tree member
    ("`kit.nodes.parse` returns a `Hash`.", "unverified"),
])
def test_a_type_alias_returned_is_the_classes_it_joins(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


def test_a_member_of_the_union_returned_is_no_false_type(resolver: Resolver) -> None:
    # an `Element` is one of what `Tree` joins: never flagged
    assert claim_statuses(resolver, "`kit.nodes.one` returns a `Tree`.", "returns") != \
        ["unverified"]
