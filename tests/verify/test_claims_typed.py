"""Claims about typed code: a TypedDict's keys, an overloaded function's defaults, a type
alias said to be a class, annotations said in words ("is annotated to return",
返回类型注解), decorators "declared as", and a label's later clause said of the label's
code, decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "hooks/__init__.py": "",
    "hooks/opts.py": '''\
from typing import Generator, Optional, Tuple, TypedDict, Union, overload


class SpecOpts(TypedDict):
    first: bool
    historic: bool


class ImplOpts(SpecOpts):
    wrapper: bool


Teardown = Union[Tuple[int, str], Generator[None, None, None]]
Names = ("a", "b")


class Marker:
    @overload
    def __call__(self, function: int) -> int: ...

    @overload
    def __call__(self, function: None = ..., first: bool = ...) -> None: ...

    def __call__(self, function=None, first=False):
        return function

    def fire(self, name: str) -> None:
        pass

    def names(self) -> list[str]:
        return [self.fire.__name__]

    def check(self) -> None:
        self.fire("x")

    @classmethod
    def build(cls) -> "Marker":
        return cls()


class HooksWarning(UserWarning):
    pass
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="typed")


@pytest.mark.parametrize("text, status", [
    ("`SpecOpts` declares two keys.", "verified"),
    ("`SpecOpts` declares three keys in total.", "unverified"),
    ("`ImplOpts` has three keys.", "verified"),          # a TypedDict base's keys are its
    ("`ImplOpts` 一共有 2 个 fields。", "unverified"),
])
def test_claims_typed_dict_keys_are_counted(resolver: Resolver, text: str,
                                            status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Marker.__call__` 的 `first` 默认值是 `None`。", "unverified"),
    ("`Marker.__call__` 的 `first` 默认值是 `False`。", "verified"),  # not the overloads' ...
])
def test_claims_defaults_of_an_overloaded_function(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Teardown` is a `NamedTuple`.", "unverified"),
    ("Finally, `Teardown` is a `NamedTuple` that pairs a generator with a name.",
     "unverified"),
    ("`Names` is a `Marker`.", "unverified"),
    ("`Teardown` is a `Union`.", "ignored"),
    ("`HooksWarning` is a `UserWarning` that the package emits.", "verified"),
    ("- **`HooksWarning`**: a specialised `RuntimeWarning` that the package emits.",
     "unverified"),
    ("- **`HooksWarning`**: a specialised `UserWarning` that the package emits.", "verified"),
])
def test_claims_a_type_alias_or_a_value_is_no_class(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Names` is a `tuple`.", "verified"),  # a builtin written as code: the value's type
    ("`Names` is a `dict`.", "unverified"),
    ("`Names` is a `frozenset` of marker names.", "unverified"),
])
def test_claims_a_builtin_written_as_code_is_the_values_type(resolver: Resolver, text: str,
                                                             status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Marker.fire` is annotated to return `list[object]`.", "unverified"),
    ("`Marker.fire` 的 return type 是 `list[object]`。", "unverified"),   # `-> None`
    ("`Marker.names` is annotated to return `list[str]`.", "verified"),
    ("`Marker.names` 的返回类型注解为 `set[str]`。", "unverified"),
    ("The return type annotation of `Marker.fire` is `None`.", "verified"),
])
def test_claims_return_annotations_said_in_words(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Marker.build` is declared as a `@staticmethod`.", "unverified"),
    ("`Marker.build` is defined as a `@classmethod`.", "verified"),
])
def test_claims_decorators_declared_as(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("- **`HooksWarning`**: the root of the hierarchy, based on `RuntimeWarning`.",
     "built_on", "unverified"),
    ("- **`HooksWarning`**: the root of the hierarchy, based on `UserWarning`.",
     "built_on", "verified"),
    ("- **`Marker.fire`**：整个调用的入口，一共接收 2 个参数。", "param_count", "unverified"),
    ("- **`Marker.fire`**：整个调用的入口，一共接收 1 个参数。", "param_count", "verified"),
])
def test_claims_a_labels_later_clause_is_said_of_the_label(resolver: Resolver, text: str,
                                                           relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("| Name | Fact |\n|---|---|\n| `Marker.names` | annotated to return `list[int]` |",
     "unverified"),
    ("| Name | Fact |\n|---|---|\n| `Marker.names` | annotated to return `list[str]` |",
     "verified"),
])
def test_claims_a_row_cell_opening_with_a_participle(resolver: Resolver, text: str,
                                                     status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    ("In `Marker.__call__`, the `first` flag defaults to `True`.", "unverified"),
    ("In `Marker.__call__`, `first` defaults to `False`.", "verified"),
    ("`Marker.__call__` 里 `first` 的 default value 是 `None`。", "unverified"),
])
def test_claims_a_parameter_of_the_function_the_sentence_names(
        resolver: Resolver, text: str, status: str) -> None:
    # `first` is a key of `SpecOpts` too: the sentence names the function it means
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("- **`Marker.check()`**：检查名字。\n  - 它会逐个调用 `build()`。", "unverified"),
    ("- **`Marker.check()`**：检查名字。\n  - 它会逐个调用 `fire()`。", "verified"),
    ("- **`Marker.check()`**：会逐个调用 `build()`。", "unverified"),
    # a time clause before the verb: the label is still the subject
    ("- **`Marker.check()`**：检查完名字之后会调用 `build()`。", "unverified"),
    ("- **`Marker.check()`**：检查完名字之后会调用 `fire()`。", "verified"),
])
def test_claims_an_items_pronoun_is_its_labels_code(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("- **`SpecOpts`**：一共有 2 个 fields。\n  - 其中包括一个 `wrapper` field。",
     "defines_member", "unverified"),
    ("- **`SpecOpts`**：一共有 2 个 fields。\n  - 其中包括一个 `historic` field。",
     "defines_member", "verified"),
    ("- **`ImplOpts`**: the implementation-side counterpart, which declares two keys.",
     "member_count", "unverified"),
    ("`ImplOpts` is the implementation-side counterpart, which declares three keys.",
     "member_count", "verified"),
])
def test_claims_what_among_them_and_which_refer_to(resolver: Resolver, text: str,
                                                  relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_a_label_clause_with_its_own_subject_is_not_the_labels(
        resolver: Resolver) -> None:
    # the later clause opens with code of its own: it is not said of the label's code
    text = "- **`Marker`**: the entry point, `HooksWarning` based on `UserWarning`."
    assert claim_statuses(resolver, text, "built_on") != ["unverified"]


def test_claims_used_by_a_class_is_no_member_list(resolver: Resolver) -> None:
    # "used" once matched the Chinese example-list frame's "use": a false has_item claim
    text = "`Marker.fire` is used by the `Marker` class."
    assert claim_statuses(resolver, text, "has_item") == []
    assert claim_statuses(resolver, "`Marker` also ships a `close` method.",
                          "has_method") == ["unverified"]  # an English verb, a whole word
    assert claim_statuses(resolver, "`Marker` also ships a `check` method.",
                          "has_method") == ["verified"]
    listed = "`Marker` 提供了 `fire`、`nothing` 等方法。"  # the Chinese list is still read
    assert claim_statuses(resolver, listed, "defines_member") == ["verified"]
    assert claim_statuses(resolver, listed, "has_method") == ["unverified"]


@pytest.mark.parametrize("text, status", [
    ("1. **`Marker`**: the entry point.\n\n2. It reads names.\n\n3. It has a `close` method.",
     "unverified"),
    ("1. **`Marker`**: the entry point.\n\n2. It has a `check` method.", "verified"),
    # a paragraph between the lists: "It" no longer refers back to the item
    ("1. **`Marker`**: the entry point.\n\nSome words.\n\n- It has a `close` method.", None),
])
def test_claims_it_in_the_next_item_of_a_loose_list(resolver: Resolver, text: str,
                                                    status: str | None) -> None:
    assert claim_statuses(resolver, text, "has_method") == ([status] if status else [])
