"""Claims about what a function returns and defaults to, read against what its code
writes: the annotation as written, the outer type of a generic, the return statements
where an annotation allows two numbers, table columns titled for returns and raises,
defaults converted by a constructor or written as a class attribute, and calls reached
from library code only. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/__init__.py": "",
    "kit/core.py": '''\
import builtins
from typing import Callable, Dict, Iterator, List, Optional, Union

from kit import keys


class Base:
    pass


class Sub(Base):
    pass


def make() -> Base:
    return Sub()


def hook() -> Callable[[int], None]:
    return print


def seconds(value) -> float:
    return float(value)


def ids() -> List[int]:
    return [1, 2]


def has(key) -> bool:
    return bool(key)


def to_seconds(value):
    return float(value)


class Wait:
    def __init__(self, step: float = 100, items=(), label=5):
        self.step = to_seconds(step)
        self.items = list(items)
        self.label = str(label)
        self.count = len(items)


LOCALES = {
    "de_DE": ".",
    "fr_FR": " ",
    "it_IT": ".",
}


class Table:
    capacity = 10

    def __init__(self, size: int = capacity):
        self.size = size


class _Never:
    def __call__(self, state):
        return False


class _Plain:
    pass


never = _Never()
plain = _Plain()


def check(value):
    if value is None:
        raise KeyError(value)
    return value


def fetch(store):
    return store.read()


class Stub:
    def __init__(self):
        raise NotImplementedError


class Child(Sub):
    def __init__(self):
        Sub.__init__(self)


class TimeoutError(Exception):
    pass


class ConnectionError(builtins.ConnectionError):
    pass


class Entry:
    __slots__ = ("path", "stat")


class Result:
    pass


def entries(paths) -> Iterator[Entry]:
    for path in paths:
        yield Entry()


def lookup(name: str) -> Callable[[int], Base]:
    return make


def walk(root, on_error=None):
    if on_error is not None and not callable(on_error):
        raise TypeError(on_error)
    return root


class Chain:
    def __init__(self, *steps, limit=None):
        if limit is not None and limit < 0:
            raise ValueError(limit)
        self.steps = steps

    def run(self, text):
        return text.split()


TIMEOUT = 5
RATE: float = 5


def memo(func, key=keys.hashkey, ttl=600):
    return func


class Pool:
    def __init__(self, size=None, retry=None):
        self.size = size
        self.retry = retry or 3


class Gate:
    def __init__(self, blocking=False):
        self.blocking = blocking


class FileGate(Gate):
    def __init__(self, blocking=True):
        super().__init__(blocking)


def missing(key):
    raise KeyError(key)


def todo():
    raise NotImplementedError


def leave(exc) -> Optional[bool]:
    return None


def flag(value):
    if value:
        return True
    return False


def load() -> Optional[Dict[str, int]]:
    return None


def pick() -> Optional[Union[Sub, List[Sub]]]:
    return None


class Shelf(dict):
    def take(self, key):
        if key in self:
            value = self[key]
            del self[key]
            return value
        return None
''',
    "kit/keys.py": '''\
def hashkey(*args):
    return args


def typedkey(*args):
    return args
''',
    # a test's own storage raises: no path of the library's `fetch` runs it
    "tests/test_store.py": '''\
class MyStorage:
    def read(self):
        raise ValueError()


class Gate:
    def __init__(self, blocking=True):
        self.blocking = blocking
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="annotations")


@pytest.mark.parametrize("text, status", [
    # said of the annotation, a subclass there is another annotation
    ("The return type annotation of `make` is `Sub`.", "unverified"),
    ("`make()` 的返回类型注解是 `Sub`。", "unverified"),
    ("The return type annotation of `make` is `Base`.", "verified"),
    ("`make` returns a `Sub`.", "ignored"),  # it does: a Sub is a Base
    # said of the annotation, an Optional is written only where None is
    ("The return type annotation of `has` is `Optional[bool]`.", "unverified"),
    ("把 `has` 的返回类型标注成 `bool`。", "verified"),
    # only the outer types say what is returned
    ("`hook` returns `None`.", "unverified"),
    ("`ids` returns an integer.", "unverified"),
    ("`ids` returns the number of stored items.", "unverified"),
    ("`ids` returns a list of item IDs.", "verified"),
    ("`ids` returns `True` when it finds one.", "unverified"),
    ("`has` returns `True` when the key is there.", "verified"),
    ("`has` returns `False` otherwise.", "verified"),
    # -> float allows an int: the return statements decide
    ("`seconds` returns an `int`.", "unverified"),
    ("`seconds` returns a `float`.", "verified"),
])
def test_claims_a_return_type_as_the_code_writes_it(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # a generator's items are what it yields; its outer type is what it returns
    ("`entries` yields a `Result` for every path.", "unverified"),
    ("`entries` yields `Entry` objects.", "verified"),
    # a factory returns a callable, not what the callable makes
    ("`lookup` returns a `Base`.", "unverified"),
    ("`lookup` 的返回类型是 `Base`。", "unverified"),
])
def test_claims_what_a_generator_yields_and_a_factory_returns(resolver: Resolver, text: str,
                                                              status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


def test_claims_table_columns_of_returns_and_raises(resolver: Resolver) -> None:
    returns = ("| Function | Return type |\n|---|---|\n| `ids` | `list` |\n"
               "| `has` | `int` |\n| `kit.core.hook` | `None` |\n")
    assert claim_statuses(resolver, returns, "returns") == ["verified", "unverified",
                                                            "unverified"]
    raises = ("| 方法 | 抛出的异常 |\n|---|---|\n| `check` | `KeyError` |\n"
              "| `kit.core.check` | `ValueError` |\n")
    assert claim_statuses(resolver, raises, "raises") == ["verified", "unverified"]


@pytest.mark.parametrize("text, status", [
    # an attribute converted from a parameter defaults to that parameter's default
    ("`Wait.step` defaults to `2`.", "unverified"),
    ("`Wait` 的 `step` 参数默认值为 `100`。", "verified"),
    ("`Wait.items` defaults to an empty list.", "ignored"),  # list(()) is []
    ("`Wait.label` defaults to `'5'`.", "ignored"),  # str(5) is '5'
    ("`Wait.count` defaults to `0`.", "ignored"),  # len() makes another value
    # a default written as a class attribute is that attribute's value
    ("The `size` parameter of `Table` defaults to `10`.", "verified"),
    ("The `size` parameter of `Table` defaults to `100`.", "unverified"),
])
def test_claims_a_default_through_its_binding(resolver: Resolver, text: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("`check` raises `TypeError` for a bad value.", "unverified"),  # it checks, for KeyError
    ("`check` raises `KeyError` when the value is missing.", "verified"),
    ("`fetch` raises `ValueError`.", "ignored"),  # not through the test's MyStorage
    # a condition on a parameter the code checks: the error it raises there decides
    ("`walk` raises `ValueError` when `on_error` is not callable.", "unverified"),
    ("`walk` raises `TypeError` when `on_error` is not callable.", "verified"),
    ("`walk` 在 `on_error` 不可调用时抛出 `ValueError`。", "unverified"),
    # a class: a condition on its constructor's parameters is about its constructor
    ("`Chain` raises `TypeError` when `limit` is negative.", "unverified"),
    ("`Chain` raises `ValueError` when `limit` is negative.", "verified"),
    # only a `raise` raises NotImplementedError: a default that returns does not
    ("If a subclass leaves it alone, `Shelf.take` raises `NotImplementedError`.",
     "unverified"),
    # `Sub.__init__(self)` runs its bases' __init__, not every class's (`Stub`'s raises)
    ("`Child.__init__` raises `NotImplementedError`.", "unverified"),
    ("`Stub.__init__` raises `NotImplementedError`.", "verified"),
])
def test_claims_raises_from_library_code(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    # a value named as a container counts its entries, whatever they are called
    ("The `LOCALES` dict has 5 languages.", "unverified"),
    ("The `LOCALES` mapping holds 3 locales.", "verified"),
    ("`LOCALES` 字典里有 5 个语言。", "unverified"),
    ("`LOCALES` 字典中一共有 3 个地区。", "verified"),
])
def test_claims_a_count_of_a_containers_entries(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    # syntax calls special methods: ``del self[k]`` calls __delitem__
    ("`Shelf.take` calls `__delitem__()`.", "verified"),
    ("`Shelf.take` calls `__getitem__()`.", "verified"),
    ("`Shelf.take` calls `__contains__()`.", "verified"),
    ("`Shelf.take` calls `fetch()`.", "unverified"),
])
def test_claims_a_special_method_the_syntax_calls(resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # a name bound to a call of a class of the tree is an instance, never a class
    ("`never` is a class.", "unverified"),
    ("`never` 是一个类，使用时需要先实例化。", "unverified"),
    ("`never` is a function.", "ignored"),  # callable: a function to some readers
    ("`plain` is a function.", "unverified"),
    ("`Wait` is a class.", "verified"),
    # one instance a module binds is what many call a constant: no finding either way
    ("`plain` is a constant.", "ignored"),
    ("`never` 是一个常量。", "ignored"),
])
def test_claims_an_instance_is_no_class(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    # the type of the value a name is bound to, said in words
    ("`LOCALES` is a dict of separators.", "verified"),
    ("`LOCALES` is a tuple.", "unverified"),
    ("`LOCALES` 是一个字典。", "verified"),
    ("模块常量 `LOCALES` 是一个列表。", "unverified"),
    ("`Table.capacity` is an integer.", "verified"),
    # an instance of a class of the tree that derives from no `str`
    ("`never` is a string.", "unverified"),
])
def test_claims_the_type_of_a_bound_value(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]


@pytest.mark.parametrize("text, status", [
    # a count said to be in a member of the subject counts that member's literal
    ("`Entry` declares three entries in its `__slots__`.", "unverified"),
    ("`Entry` has two entries in its `__slots__`.", "verified"),
    ("`Entry` 的 `__slots__` 里有 3 个条目。", "unverified"),
])
def test_claims_a_count_in_a_member_counts_that_member(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    # a class shadowing a builtin, said to derive from the builtin of its own name
    ("`TimeoutError` 直接继承自内置的 `TimeoutError`。", "unverified"),
    ("`ConnectionError` subclasses the built-in `ConnectionError`.", "verified"),
])
def test_claims_a_class_said_to_subclass_the_builtin_of_its_name(resolver: Resolver, text: str,
                                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    # a default named through the submodule its package imports
    ("`memo` 的 `key` 默认值是 `keys.hashkey`。", "verified"),
    ("The `key` argument of `memo` defaults to `keys.typedkey`.", "unverified"),
    # a number of seconds is that number
    ("`memo` 的 `ttl` 默认是 60 秒。", "unverified"),
    ("`memo`'s `ttl` defaults to 600 seconds.", "verified"),
    # called a parameter, a constructor's parameter is its signature's (not the attribute
    # another method may replace)
    ("The `size` parameter of `Pool` defaults to `8`.", "unverified"),
    # the attribute: only the constructor binds it, to the parameter as it comes
    ("`Pool.size` defaults to `8`.", "unverified"),
    ("The `retry` parameter of `Pool` defaults to `3`.", "ignored"),  # `retry or 3`
    # said of the signature, the value written there
    ("In the signature of `Pool.__init__`, `retry` defaults to `3`.", "unverified"),
    ("`Pool.__init__` 的签名里 `retry` 默认为 `None`。", "verified"),
    # the words for an empty container before its code
    ("`Gate` 的 `blocking` 参数默认值为空字符串 `''`。", "unverified"),
])
def test_claims_a_default_as_a_parameter_or_a_signature(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


def test_claims_a_column_titled_with_the_parameter_it_gives_defaults_of(
        resolver: Resolver) -> None:
    # each row's class, its own constructor's parameter (not the one a base keeps)
    table = ("| Class | Default for `blocking` |\n|---|---|\n| `Gate` | `False` |\n"
             "| `FileGate` | `False` |\n| `Gate` | `True` |\n")
    assert claim_statuses(resolver, table, "default") == ["verified", "unverified",
                                                          "unverified"]
    zh = "| 类 | `blocking` 的默认值 |\n|---|---|\n| `FileGate` | `True` |\n"
    assert claim_statuses(resolver, zh, "default") == ["verified"]


@pytest.mark.parametrize("text, status", [
    # the type of a bound value written as code; a declared type is the declaration's
    ("The `TIMEOUT` constant holds a `float`.", "unverified"),
    ("`TIMEOUT` is bound to an `int`.", "verified"),
    ("`RATE` holds a `float`.", "verified"),
    ("`TIMEOUT` 的值是一个 `int`。", "verified"),
    ("常量 `RATE` 保存着一个 `str`。", "unverified"),
    ("`TIMEOUT` holds a `Gate`.", None),  # no builtin type: not this relation
])
def test_claims_the_type_of_a_bound_value_written_as_code(resolver: Resolver, text: str,
                                                          status: str | None) -> None:
    assert claim_statuses(resolver, text, "value_type") == ([status] if status else [])


def test_claims_a_value_type_column(resolver: Resolver) -> None:
    table = ("| Constant | Value type |\n|---|---|\n| `TIMEOUT` | `int` |\n"
             "| `RATE` | `str` |\n")
    assert claim_statuses(resolver, table, "value_type") == ["verified", "unverified"]
    zh = "| 常量 | 值的类型 |\n|---|---|\n| `TIMEOUT` | `float` |\n"
    assert claim_statuses(resolver, zh, "value_type") == ["unverified"]


@pytest.mark.parametrize("text, status", [
    # a body that ends in a raise and has no return never returns
    ("`missing` returns `None` when the key is absent.", "unverified"),
    ("`missing` 返回一个 `Sub`。", "unverified"),
    ("`todo` returns a `Sub`.", "ignored"),  # an abstract placeholder
    # a claimed True or False against returns that are all constants
    ("`leave` returns `True`, so the error is swallowed.", "unverified"),
    ("`flag` returns `False` otherwise.", "verified"),
    ("`flag` 在参数为假时返回 `False`。", "verified"),
    # said of the annotation: one that leaves out None or an alternative is another
    ("`load` 的 return annotation 是 `Dict[str, int]`。", "unverified"),
    ("`load` 的 return type 标注是 `Optional[Dict[str, int]]`。", "verified"),
    ("`make` 最后 return 一个 JSON 格式的 `Sub`。", "ignored"),  # a Sub is a Base
    ("`make` 最后 return 一个 JSON 格式的 `Entry`。", "unverified"),
])
def test_claims_returns_read_from_the_body_and_the_written_annotation(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


def test_claims_a_return_annotation_column_is_what_is_written(resolver: Resolver) -> None:
    table = ("| Function | Return annotation |\n|---|---|\n| `pick` | `Optional[Sub]` |\n"
             "| `load` | `Optional[Dict[str, int]]` |\n")
    assert claim_statuses(resolver, table, "returns") == ["unverified", "verified"]


def test_claims_prefer_the_librarys_definition_to_a_tests_namesake(resolver: Resolver) -> None:
    # tests/test_store.py has its own `Gate` with another default
    assert claim_statuses(resolver, "`Gate` 的 `blocking` 参数默认值为 `False`。",
                          "default") == ["verified"]


@pytest.mark.parametrize("text, status", [
    # a bold label's kind word that names a type of value: "**`X` List**:"
    ("1. **`LOCALES` Dictionary**: The separators by locale.\n", "verified"),
    ("1. **`LOCALES` List**: The locales.\n", "unverified"),
    ("1. **`TIMEOUT` 列表**：超时。\n", "unverified"),
])
def test_claims_a_label_that_names_a_values_type(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]


@pytest.mark.parametrize("text, status", [
    # a participle after the type noun, and a model's article before the name
    ("A `LOCALES` is a dict representing the separators.\n", "verified"),
    ("`LOCALES` is a list used for lookups.\n", "unverified"),
])
def test_claims_a_values_type_with_what_it_represents(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "value_type") == [status]
