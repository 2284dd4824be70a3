"""Claims about a class family and a module's values, in the wordings models write them:
a count of subclasses, a kind glossed in the other language, decorators said in Chinese
word order, a kind or base apposed in a table cell, members said to be a class's own, a
name the text says does not exist, a `TypedDict` base, a demonstrative before the kind
noun, and counts of a value's entries by the names it holds. Decided against a small
tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "zoo/__init__.py": "",
    "zoo/animals.py": '''\
import enum
import functools
import typing
import warnings
from abc import ABC, abstractmethod
from threading import local
from typing import TypedDict

__all__ = ["Animal", "Cat", "Dog", "Puppy"]

LIMITS = {"cats": 3, "dogs": 2}


class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Animal(ABC):
    def speak(self):
        return ""

    @abstractmethod
    def feed(self):
        pass

    @staticmethod
    def kingdom():
        return "animalia"


class Cat(Animal):
    def feed(self):
        pass


class Dog(Animal):
    def feed(self):
        pass

    def speak(self):
        return "woof"


class Puppy(Dog):
    pass


class Options(TypedDict):
    name: str


def groom(animal):
    return animal


def brush(animal):
    return groom(animal)


def comb(owner, animal):
    return groom(animal)


def tidy(animal):
    if animal is None:
        return "nothing"
    return groom(animal)


def scrub(animal):
    warnings.warn("scrub is deprecated", DeprecationWarning)
    return groom(animal)


@typing.overload
def wash(animal: Cat) -> None: ...


@typing.overload
def wash(animal: Dog, *, soap: bool = ...) -> None: ...


@typing.overload
def wash(animal: Puppy, *, soap: bool = True) -> None: ...


def wash(*args, **kwargs):
    return None


NAMES = ["a", "b"]


class Proxy:
    def __init__(self, lock):
        self.lock = lock

    async def __aenter__(self):
        return self.lock

    async def __aexit__(self, *exc):
        return None


class LocalContext(Cat, local):
    pass


Pet = Cat

AnimalT = typing.TypeVar("AnimalT", bound=Animal)


@functools.total_ordering
class Size(enum.Enum):
    SMALL = 1
    LARGE = 2

    def __lt__(self, other):
        return self.value < other.value
''',
    # a test's own subclass is not one of the library's
    "tests/test_zoo.py": '''\
from zoo.animals import Animal


class FakeAnimal(Animal):
    def feed(self):
        pass
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="families")


@pytest.mark.parametrize("text, status", [
    # two direct subclasses, four in all: either count holds unless "direct" is said
    ("`Animal` has two subclasses.", "verified"),
    ("`Animal` has four subclasses.", "verified"),
    ("`Animal` has three subclasses.", "unverified"),
    ("`Animal` has four direct subclasses.", "unverified"),
    ("`Animal` 一共有两个子类。", "verified"),
    ("`Dog` 的直接子类有 2 个。", "unverified"),
])
def test_claims_a_count_of_subclasses(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "subclass_count") == [status]


@pytest.mark.parametrize("text, status", [
    # a kind word glossed in the other language
    ("`Color` 是一个枚举（Enum）类。", "verified"),
    ("`Animal` 是一个枚举（Enum）类。", "unverified"),
    # decorators said in Chinese word order
    ("`Animal.kingdom` 上面用的是 `@staticmethod`。", "verified"),
    ("`Animal.speak` 头上加的是 `@staticmethod`。", "unverified"),
])
def test_claims_kinds_glossed_or_decorated(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


def test_claims_marked_with_a_decorator(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`Animal.feed` 同样被标记为 `@abstractmethod`。",
                          "decorated") == ["verified"]
    assert claim_statuses(resolver, "`Animal.speak` 也被标注为 `@abstractmethod`。",
                          "decorated") == ["unverified"]


def test_claims_a_kind_or_base_apposed_in_a_table_cell(resolver: Resolver) -> None:
    table = ("| Name | Notes |\n|---|---|\n| `Cat` | `Animal` 的 subclass |\n"
             "| `Puppy` | `Cat` 的子类 |\n| `Animal.kingdom` | 一个 `staticmethod` |\n"
             "| `groom` | a `classmethod` |\n")
    assert claim_statuses(resolver, table, "subclass") == ["verified", "unverified"]
    assert claim_statuses(resolver, table, "kind") == ["verified", "unverified"]


@pytest.mark.parametrize("text, negated, status", [
    # its own body's member, not an inherited one
    ("`Cat` 并没有定义自己的 `speak` 方法，而是沿用父类的。", "not ", "verified"),
    ("`Dog` 没有定义自己的 `speak` 方法。", "not ", "unverified"),
    ("`Dog` 还定义了自己的 `speak`。", "", "verified"),
    ("`Puppy` defines its own `feed` method.", "", "unverified"),
])
def test_claims_members_said_to_be_a_classs_own(resolver: Resolver, text: str, negated: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, f"{negated}defines_member") == [status]


def test_claims_a_typed_dict_is_one(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`Options` is a `TypedDict`.", "subclass") == ["verified"]
    # a builtin written as code is read as the value's type, which of a class its bases say
    assert claim_statuses(resolver, "`Options` is a `dict`.", "value_type") == ["verified"]
    assert claim_statuses(resolver, "`Options` is a `list`.", "value_type") == ["unverified"]
    # a TypedDict's key has no default of its own to be without: the code that fills the
    # dict sets one (a default config), so a default said of it is left open
    assert claim_statuses(resolver, "`Options` 的 `name` 默认为 `\"x\"`。", "default") == \
        ["ignored"]


@pytest.mark.parametrize("text, status", [
    # a demonstrative and a modifier before the kind noun
    ("`groom` 这个辅助函数位于 `zoo/animals.py`。", "verified"),
    ("`groom` 这个工具函数位于 `zoo/__init__.py`。", "unverified"),
])
def test_claims_a_subject_with_a_demonstrative(resolver: Resolver, text: str,
                                               status: str) -> None:
    assert claim_statuses(resolver, text, "location") == [status]


@pytest.mark.parametrize("text, status", [
    # entries of a value counted by the names it holds
    ("`zoo.animals` 的 `__all__` 只有三个名字。", "unverified"),
    ("The `__all__` of `zoo.animals` exports 4 names.", "verified"),
    ("`LIMITS` 这个 dict 里有两个 key。", "verified"),
    ("`LIMITS` 这个 dict 里有三个 key。", "unverified"),
])
def test_claims_a_count_of_a_values_names(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


def test_a_name_the_text_says_does_not_exist_is_no_fabrication(resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    text = ("The whole library is `zoo/animals.py`; there is no `zoo/plants/` package.\n"
            "It ships `zoo/plants/` for plants.\n")
    found = {(c.ref.line, c.ref.name): c.result.status
             for c in check_documents([Document("doc.md", text)], resolver, strict=True)
             if c.ref.kind == "path"}
    assert found[(1, "zoo/plants/")] == "ignored"  # the sentence denies it
    assert found[(2, "zoo/plants/")] == "unverified"  # this one says it exists


@pytest.mark.parametrize("line, status", [
    ("`Zoo` has no `sort_cages` method.", "ignored"),
    ("`Zoo` does not have a method named `sort_cages`.", "ignored"),
    ("`Zoo` does not define a `sort_cages` helper.", "ignored"),
    ("`Zoo` lacks a public `sort_cages` function.", "ignored"),
    ("`Zoo` 没有名为 `sort_cages` 的方法。", "ignored"),
    ("`Zoo` 并未提供 `sort_cages`。", "ignored"),
    ("`Zoo` has a `sort_cages` method.", "unverified"),
    ("`Zoo` calls `sort_cages` when no cage is free.", "unverified"),
])
def test_a_name_a_verb_denies_is_no_fabrication(resolver: Resolver, line: str,
                                                status: str) -> None:
    from pse.verify.check import Document, check_documents

    found = [c.result.status for c in check_documents([Document("doc.md", line + "\n")],
                                                      resolver, strict=True)
             if c.ref.kind != "claim" and c.ref.name == "sort_cages"]
    assert found == [status]


@pytest.mark.parametrize("text, status", [
    # a function that hands its parameters on unchanged is an alias in all but form; one
    # that takes another one first has another signature
    ("`brush` is an alias of `groom`.", "verified"),
    ("`comb` 是 `groom` 的 alias。", "unverified"),
    # a body that returns something else on some path behaves otherwise; one that only
    # warns before handing on may still be meant as another name
    ("`tidy` is just an alias of `groom`.", "unverified"),
    ("`scrub` is an alias of `groom`.", "ignored"),
])
def test_claims_an_alias_by_delegation_keeps_the_signature(resolver: Resolver, text: str,
                                                          status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


def test_claims_a_default_the_overloads_give(resolver: Resolver) -> None:
    # the implementation takes **kwargs; the overloads that write a default agree on True
    assert claim_statuses(resolver, "`wash` 的 `soap` 参数默认是 `False`。",
                          "default") == ["unverified"]
    assert claim_statuses(resolver, "`soap` of `wash` defaults to `True`.",
                          "default") == ["verified"]


@pytest.mark.parametrize("text, status", [
    # "is a `tuple`" in Chinese: a value's type, a class's base
    ("`NAMES` 是一个 `tuple`。", "unverified"),
    ("`NAMES` 是一个 `list`。", "verified"),
    ("`Options` 是一个 `dict`。", "verified"),
])
def test_claims_a_builtin_type_said_in_chinese(resolver: Resolver, text: str,
                                               status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]


def test_claims_a_kind_written_as_code_with_a_place(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`kingdom` is a `staticmethod` on `Animal`.",
                          "kind") == ["verified"]
    assert claim_statuses(resolver, "`speak` is a `classmethod` on `Dog`.",
                          "kind") == ["unverified"]



def test_claims_a_count_of_methods_may_leave_out_the_constructor(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`Proxy` 定义了 `__aenter__` 和 `__aexit__` 两个方法。",
                          "method_count") == ["verified"]
    assert claim_statuses(resolver, "`Proxy` defines five methods.",
                          "method_count") == ["unverified"]


def test_claims_a_base_imported_under_a_short_name(resolver: Resolver) -> None:
    # `threading.local` is `_thread._local` at run time; the base is written `local`
    table = "| Class | Notes |\n|---|---|\n| `LocalContext` | inherits from `Cat` and `local` |\n"
    assert claim_statuses(resolver, table, "subclass") == ["verified", "verified"]


def test_claims_a_name_bound_to_a_class_denied_to_be_one_is_left_open(
        resolver: Resolver) -> None:
    text = "`Pet` is not a class of its own: it is an alias bound in `animals.py`."
    assert claim_statuses(resolver, text, "not kind") == ["ignored"]
    assert claim_statuses(resolver, "`Pet` is a class.", "kind") == ["verified"]


def test_claims_parameters_listed_after_only_are_all_of_them(resolver: Resolver) -> None:
    # `comb` takes `owner` and `animal`; `groom` only `animal`
    assert claim_statuses(resolver, "`comb` takes only `animal`.",
                          "param_count") == ["unverified"]
    assert claim_statuses(resolver, "`comb` takes only `owner` and `animal`.",
                          "param_count") == ["verified"]
    assert claim_statuses(resolver, "`groom` 只接收 `animal`。", "param_count") == ["verified"]
    # "only" before the verb, a "sole parameter", a clause after that names no code
    assert claim_statuses(resolver, "`comb` only takes `animal` as its single parameter.",
                          "param_count") == ["unverified"]
    assert claim_statuses(resolver, "`comb` 只接收 `animal` 一个参数，不做别的检查。",
                          "param_count") == ["unverified"]
    assert claim_statuses(resolver, "`groom` 只接收 `animal` 一个参数，不做别的检查。",
                          "param_count") == ["verified"]
    # a later clause naming code may add a parameter; a count that disagrees says nothing
    assert claim_statuses(resolver, "`comb` 只接收 `animal`，`owner` 是另一个。",
                          "param_count") == []
    assert claim_statuses(resolver, "`comb` 只接收 `animal` 两个参数。", "param_count") == []


def test_claims_a_count_of_a_dict_built_by_keywords(tmp_path_factory: pytest.TempPathFactory
                                                    ) -> None:
    tree = {"kv/__init__.py": "DEFAULTS = dict(interval=10, retries=3)\n"}
    for resolver in tree_resolver(tmp_path_factory, tree, name="kv"):
        assert claim_statuses(resolver, "`DEFAULTS` 这个 dict 里有两个 key。",
                              "member_count") == ["verified"]
        assert claim_statuses(resolver, "The `DEFAULTS` dict has three entries.",
                              "member_count") == ["unverified"]


@pytest.mark.parametrize("text, status", [
    # a name bound to a class is judged as that class; a type variable is no class
    ("`Pet` is a direct subclass of `Animal`.", "verified"),
    ("`Pet` 直接继承自 `Dog`。", "unverified"),
    ("`AnimalT` 是 `Animal` 的 subclass。", "unverified"),
])
def test_claims_the_bases_of_a_bound_name(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


def test_claims_a_plain_class_decorator_makes_no_dataclass(resolver: Resolver) -> None:
    # @total_ordering adds comparisons, never fields
    assert claim_statuses(resolver, "`Size` is a dataclass.", "kind") == ["unverified"]
    assert claim_statuses(resolver, "`Size` is an enum.", "kind") == ["verified"]


def test_a_span_used_as_the_start_of_names_is_no_name(resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    text = ("`Animal` has two methods starting with `fe`.\n"
            "`Animal` 有一个以 `spe` 开头的方法。\n"
            "Every hook takes the `on_` prefix.\n"
            "`Animal` 的 `spe` 方法开始执行。\n")
    found = {(c.ref.line, c.ref.name): c.result.status
             for c in check_documents([Document("doc.md", text)], resolver, strict=True)
             if c.ref.kind == "symbol"}
    assert found[(1, "fe")] == found[(2, "spe")] == found[(3, "on_")] == "ignored"
    assert found[(4, "spe")] == "unverified"  # a name that "starts executing"


def test_claims_a_class_without_its_own_init_is_said_to_have_none(resolver: Resolver) -> None:
    # every class has `__init__` from `object`: denied, it means none of its own
    assert claim_statuses(resolver, "`Animal` has no `__init__` method.",
                          "not has_method") == ["ignored"]


def test_claims_a_class_said_to_derive_from_itself(tmp_path_factory: pytest.TempPathFactory
                                                   ) -> None:
    tree = {
        "sig/__init__.py": "from sig import base\n\nSignal = base.Signal\n",
        "sig/base.py": "class Signal:\n    pass\n",
        "sig/base.pyi": "class Signal: ...\n",
        "sig/named.py": "from sig import base\n\n\nclass Signal(base.Signal):\n    pass\n",
    }
    for resolver in tree_resolver(tmp_path_factory, tree, name="sig"):
        # written twice: a claim, true only of a class deriving from another of its name
        assert claim_statuses(resolver, "`sig.base.Signal` 类继承自 `sig.base.Signal`。",
                              "subclass") == ["unverified"]
        assert claim_statuses(resolver, "`sig.named.Signal` inherits from "
                              "`sig.named.Signal`.", "subclass") == ["verified"]
        # a name bound to the class (with a stub beside it) is judged as that class
        assert claim_statuses(resolver, "`sig.Signal` inherits from `sig.named.Signal`.",
                              "subclass") == ["unverified"]
        # through a pronoun ("Its sibling, ..., extends `A`" after `A`) the same name is a
        # slip of the subject, not a claim that `A` derives from itself
        assert claim_statuses(resolver, "`sig.base.Signal` is old. Its sibling, "
                              "`sig.named.Signal`, extends `sig.base.Signal`.",
                              "subclass") == []


def test_claims_a_chinese_decorator_wording_needs_a_decorator(resolver: Resolver) -> None:
    # "上面用了 `x`" names a decorator only written with "@" or one that makes a kind
    assert claim_statuses(resolver, "`Animal.kingdom` 上面用了 `groom`。", "decorated") == []
    assert claim_statuses(resolver, "`Animal.kingdom` 上面用了 `@groom`。",
                          "decorated") == ["unverified"]
