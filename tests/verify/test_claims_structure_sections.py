"""Claims a document's structure makes about real small models' member lists: a lead-in
whose pronoun stands for the class named before it, a member written as its signature
(`remove_overlap(self, x)`), items titled for a part of the owner's signature
("**Parameters**:", "**Returns**:", "**Raises**:"), a section titled for a kind ("###
Class methods") and what calling a class gives."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "spans/__init__.py": "",
    "spans/core.py": '''\
from collections import namedtuple


class TreeError(Exception):
    pass


class Interval(namedtuple("IntervalBase", ["begin", "end", "data"])):
    def __new__(cls, begin, end, data=None):
        return super(Interval, cls).__new__(cls, begin, end, data)

    def length(self):
        return self.end - self.begin


class Node(object):
    def __init__(self, x_center=None, left_node=None):
        self.x_center = x_center
        self.left_node = left_node

    def add(self, interval):
        return self

    @classmethod
    def from_interval(cls, interval):
        return cls()

    def init_from_sorted(self, intervals):
        return self

    @property
    def depth(self):
        return 1


class Tree(object):
    def __init__(self, intervals=None):
        self.items = set(intervals or ())

    def remove_overlap(self, begin, end=None):
        if begin is None:
            raise ValueError("begin")
        return None

    def __contains__(self, item):
        return item in self.items


class Odd:
    def __new__(cls, x):
        if x:
            return None
        return object.__new__(cls)
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="spans")


def test_claims_a_lead_in_pronoun_stands_for_the_class_named_before(resolver: Resolver
                                                                     ) -> None:
    text = ("### `Node`\n\nThe `Node` class is one node of the tree. It has the following "
            "attributes:\n\n- `left`: the left child.\n- `x_center`: the centre point.\n")
    assert claim_statuses(resolver, text, "has_item") == ["unverified", "verified"]


def test_claims_a_lead_in_pronoun_needs_its_class_as_the_subject_before(
        resolver: Resolver) -> None:
    text = ("Each node keeps a `Tree` reference. It has the following attributes:\n\n"
            "- `left`: the left child.\n")
    assert claim_statuses(resolver, text, "has_item") == []


@pytest.mark.parametrize("item, status", [
    ("`remove_overlap(self, x)`", "unverified"),
    ("`remove_overlap(self, begin, end=None)`", "verified"),
    ("`__contains__(self, x)`", "unverified"),
    ("`__contains__(self, item)`", "verified"),
    ("`add(interval)`", "ignored"),  # no `self`: a call, whose arguments may be anything
])
def test_claims_a_member_written_as_its_signature(resolver: Resolver, item: str,
                                                  status: str) -> None:
    text = f"The `Tree` class has these methods:\n\n- {item}: what it does.\n"
    owner = "Node" if item.startswith("`add") else "Tree"
    text = text.replace("`Tree`", f"`{owner}`")
    found = claim_statuses(resolver, text, "has_item")
    assert found == ["verified" if status == "ignored" else status]


@pytest.mark.parametrize("text, relation, statuses", [
    ("- **`Tree`**: a tree.\n  - **Parameters**: `intervals`, `size`.\n", "has_param",
     ["unverified", "verified"]),
    ("1. **Node Class**: a node.\n   - **Parameters**: `x_center`, `left_node`.\n",
     "has_param", ["verified", "verified"]),
    ("- **`Node`**: a node.\n  - **Return Values**: `Node` or `None`.\n", "returns",
     ["unverified"]),
    ("- **`Node`**: a node.\n  - **Returns**: `Node`.\n", "returns", ["verified"]),
    ("- **`Node`**: a node.\n  - **Returns**: a `Node`, filled from `Tree` data.\n",
     "returns", []),  # a sentence, not the types alone
    ("- **`Tree.remove_overlap`**: removes.\n  - **Raises**: `ValueError`, `TreeError`.\n",
     "raises", ["unverified", "verified"]),
])
def test_claims_an_item_titled_for_a_part_of_its_owners_signature(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, relation)) == statuses


@pytest.mark.parametrize("text, statuses", [
    # arguments listed by what they are under a "Parameters" title: never more than all
    ("- **`Node.add`**: adds.\n  - **Parameters**: an interval, a key and a flag.\n",
     ["unverified"]),
    ("- **`Node.add`**：添加。\n  - **参数**：需要添加的区间，键，是否覆盖。\n", ["unverified"]),
    ("- **`Node`**: a node.\n  - **Parameters**: the center and the left node.\n",
     ["verified"]),
    # one argument is no list (and a list may name only some of them)
    ("- **`Tree.remove_overlap`**: removes.\n  - **Parameters**: the begin.\n", []),
    # a description of one argument with commas in it is no list
    ("- **`Node.add`**: adds.\n  - **Parameters**: an interval, optional, or a key.\n", []),
    ("- **`Node.add`**: adds.\n  - **Parameters**: The interval to add. It is kept, "
     "not copied.\n", []),
])
def test_claims_arguments_listed_in_words_under_a_parameters_title(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "param_count") == statuses


@pytest.mark.parametrize("text, status", [
    ("`Interval` returns `Interval` or `None`.", "unverified"),
    ("`Node()` returns a `Node`.", "verified"),
    ("`Node` returns a `Tree`.", "unverified"),
    ("`Odd` returns `Odd` or `None`.", "ignored"),  # its `__new__` may return None
])
def test_claims_what_calling_a_class_gives(resolver: Resolver, text: str,
                                           status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, statuses", [
    ("#### 3. 类方法\n- **`from_interval`**：从区间创建。\n- **`init_from_sorted`**：初始化。\n",
     ["unverified", "verified"]),
    ("## Class methods\n\n- `from_interval`: makes a node.\n", ["verified"]),
    ("## Exceptions\n\n- `TreeError`: a tree error.\n- `Tree`: the tree.\n",
     ["unverified", "verified"]),
    # a list further down the section, or a title of two kinds, claims nothing
    ("## Class methods\n\nSome text.\n\n- `init_from_sorted`: no.\n", []),
    ("## Classes and functions\n\n- `init_from_sorted`: no.\n", []),
    # a title naming one class ("Tracer Class") lists its members, not classes
    ("### Node Class\n\n- `from_interval`: makes a node.\n", []),
    ("### Static Method\n\n- `from_interval`: makes a node.\n", ["unverified"]),
])
def test_claims_a_section_titled_for_a_kind_claims_it_of_its_items(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "kind")) == statuses


@pytest.mark.parametrize("text, statuses", [
    # a bold identifier is a member where the lead-in says it lists members
    ("The `Node` class is a node. It includes the following methods:\n\n- **add**: adds.\n"
     "- **insert**: inserts.\n", ["unverified", "verified"]),
    # elsewhere a bold word is a title
    ("The `Node` class is a node. It is used as follows:\n\n- **insert**: inserts.\n", []),
])
def test_claims_a_bold_name_in_a_list_of_members(resolver: Resolver, text: str,
                                                 statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "has_item")) == statuses


def test_claims_a_bold_snake_case_label_lends_its_name(resolver: Resolver) -> None:
    # the underscore is part of the bold name, not emphasis
    assert claim_statuses(resolver, "1. **from_interval**: Is a classmethod.\n", "kind") \
        == ["verified"]
    assert claim_statuses(resolver, "1. **init_from_sorted**: Is a classmethod.\n",
                          "kind") == ["unverified"]


@pytest.mark.parametrize("text, statuses", [
    ("- **`Node`**:\n  - The `x_center` parameter is the centre point.\n", ["verified"]),
    ("- **`Node`**:\n  - The `value` parameter is a string.\n", ["unverified"]),
    ("- **`Node`**:\n  - `value` 参数是一个字符串。\n", ["unverified"]),
    ("- **`Node`**:\n  - The `value` parameter was removed.\n", []),  # denied
])
def test_claims_the_parameter_named_in_an_item_is_its_owners(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "has_param") == statuses


@pytest.mark.parametrize("text, statuses", [
    # a lead-in that says its list holds methods: a property listed there is not one
    ("- **`Node`**: a node. It has the following methods:\n  - `add()`: adds.\n"
     "  - `depth`: the depth.\n", ["unverified", "verified"]),
    ("The `Node` class is a node. It has the following methods:\n\n- `add`: adds.\n",
     ["verified", "verified"]),  # (the class's own kind, and the method's)
    # a signature label with its return annotation names the function
    ("## Methods\n\n- `depth() -> int`: the depth.\n", ["unverified"]),
])
def test_claims_a_list_said_to_hold_methods(resolver: Resolver, text: str,
                                            statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "kind")) == statuses


def test_claims_a_parameter_said_of_another_function_is_not_the_owners(
        resolver: Resolver) -> None:
    text = "- **`Node`**:\n  - The `interval` argument of `add` is the new interval.\n"
    assert claim_statuses(resolver, text, "has_param") == ["verified"]  # add's, not Node's


def test_claims_a_record_field_read_by_its_key_is_used(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    tree = {"sm/__init__.py": "", "sm/core.py": '''\
from typing import TypedDict


class Model(TypedDict):
    class_table: tuple
    state_table: tuple


class Machine:
    def __init__(self, model: Model):
        self._model = model

    def next_state(self, c):
        return self._model["class_table"][c]

    def reset(self):
        self._state = 0
'''}
    for resolver in tree_resolver(tmp_path_factory, tree, name="sm"):
        # "uses" of a field read as ``model["class_table"]`` is not denied; of one no
        # code reaches, it is
        assert claim_statuses(resolver, "`Machine.next_state` uses the `class_table`.",
                              "calls") == []
        assert claim_statuses(resolver, "`Machine.reset` uses the `state_table`.",
                              "calls") == ["unverified"]


@pytest.mark.parametrize("text, statuses", [
    # the paragraph between the heading and the list is about the heading's code
    ("### `Node`\n\nThe `Node` class is one node of the tree.\n\n- `add`: adds one.\n"
     "- `remove`: removes one.\n", ["unverified", "verified"]),
    # a paragraph about other code: the list is no longer the heading's
    ("### `Node`\n\nYou build a `Tree` first.\n\n- `add`: adds one.\n"
     "- `remove`: removes one.\n", []),
])
def test_claims_a_heading_owns_its_list_after_a_paragraph_about_it(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "has_item")) == statuses


@pytest.mark.parametrize("text, statuses", [
    # "It" stands for the class the sentence before is about: a class deriving from itself
    ("The `Node` class is the base of the tree. It inherits from the `Node` class.",
     ["unverified"]),
    ("`Node` 类是树的节点。它继承自 `Node` 类。", ["unverified"]),
    ("The `Node` class is the base of the tree. It inherits from the `object` class.",
     ["verified"]),
])
def test_claims_it_inherits_from_the_class_it_stands_for(resolver: Resolver, text: str,
                                                         statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "subclass") == statuses


@pytest.mark.parametrize("text, statuses", [
    # a return value titled and said in words, or in an item under the title
    ("- **`Node.depth`**:\n  - **Returns**: A string.\n", ["unverified"]),
    ("- **`Node.depth`**:\n  - **Returns**: An integer.\n", ["verified"]),
    ("1. **`Node.depth` 方法**:\n   - **返回值**:\n     - 返回一个列表。\n", ["unverified"]),
    ("- **`Node.depth`**:\n  - **Return Values**:\n    - **String**: the depth as text.\n",
     ["unverified"]),
    # a parameter's item under "Parameters" says nothing of what is returned
    ("- **`Node.add`**:\n  - **Parameters**:\n    - A list of intervals.\n", []),
])
def test_claims_a_return_value_titled_and_said_in_words(resolver: Resolver, text: str,
                                                        statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses


@pytest.mark.parametrize("text, statuses", [
    # a heading that names one piece of code and its kind, as a bold label does
    ("### The `Node` Class\n\nIt holds intervals.\n", ["verified"]),
    ("## 2. `Node.depth` function\n\nThe depth.\n", ["unverified"]),  # a method
    ("#### `Tree` 类\n\n树。\n", ["verified"]),
    ("### Class `TreeError`\n\nAn error.\n", ["verified"]),
    ("### `Interval` 函数\n\n区间。\n", ["unverified"]),
    # a heading about more than one name, or in other words, claims no kind
    ("### `Node` and `Tree` classes\n\nTwo.\n", []),
    ("### Using the `Node` class in practice\n\nText.\n", []),
])
def test_claims_a_heading_naming_code_and_its_kind(resolver: Resolver, text: str,
                                                   statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "kind") == statuses
