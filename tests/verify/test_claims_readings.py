"""Claims whose subject needs a second look before a relation is judged: a bare name that
is a module and a function, a class said to raise or call, a metaclass, the options of a
``Literal`` alias, a signature with ``*args``, a script without ``.py``; and wordings with
adverbs and prepositional phrases around the verb. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "relay/__init__.py": "",
    "relay/core.py": '''\
from collections.abc import Iterable, Iterator, KeysView
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional, TypeVar, Union

Mode = Union[
    Literal["new"], Literal["old"],
    Literal["both"],
]
Level = Literal["low", "high"]
ROUTES = {
    "get": 1,
    "put": 2,
}
__all__ = ["Emitter", "Meta", "build"]
NAMES = (
    "alpha",
    "beta",
)
T = TypeVar("T")


class RelayError(Exception):
    pass


class ConfigError(Exception):
    pass


class Meta(type):
    pass


class Emitter:
    def emit(self, event, *args, **kwargs):
        self._fire(event)
        return True

    def _fire(self, event):
        if not event:
            raise RelayError(event)

    def close(self):
        return None

    def fire(self, event):
        """Another name for emit."""
        return self.emit(event)


class Quiet(Emitter):
    def emit(self, event, *args, **kwargs):
        return False


class Store(dict):
    def put(self, key, value):
        self[key] = value


def build(cls, base, mode="new", *args, **kwargs):
    return cls()


def render(*rows, title=None, width=None):
    return rows


def home() -> Path:
    return Path.home()


def homes() -> Iterator[Path]:
    yield Path.home()


def pick():
    return build


class Timer:
    def __init__(self, limit=1):
        self.start = 0


limit = 5


picked = lru_cache(maxsize=None)(pick())


def forward(event, target=None, retries=None):
    if retries is None:
        retries = 3
    return Emitter().emit(event, target)


def load(path):
    raise ConfigError(path)


def lookup(table, key):
    if key is None:
        raise ConfigError(key)
    return table[key]


def parse(text):
    if not text:
        raise ConfigError(text)
    return int(text)


def emit(event):
    return event


def pick(value: T) -> T:
    return value


def find(name) -> Optional[Emitter]:
    return None


class Keys(KeysView):
    pass


def keys(table) -> KeysView[str]:
    return table.keys()


def names(table) -> Iterable[str]:
    return iter(table)


def restore(emitter):
    _rewrap(emitter)


def _rewrap(emitter):
    emitter.emit("restored")
''',
    "relay/uplift.py": '''\
from typing import TypeVar

from relay.core import Quiet as Silent

from relay.core import Emitter

Lifted = TypeVar("Lifted", bound=Emitter)


def uplift(cls: type, base: Emitter) -> Lifted:
    return cls()


LegacyEmitter = Emitter
Pair = tuple[Emitter, Emitter]
''',
    "relay/jobs.py": '''\
import abc


class relay:
    """A class named like its package."""


class Base(abc.ABC):
    @abc.abstractmethod
    def run(self):
        ...


class Job(Base):
    def run(self):
        return 1


class Stub:
    def run(self):
        raise NotImplementedError


class Impl(Stub):
    def run(self):
        return 2
''',
    "relay/extra.py": '''\
import os
from collections import namedtuple

Info = namedtuple("Info", ["hits", "misses"])
Point = namedtuple("Point", "x y z")
FIRST = ("a", "b")
SECOND = ("c",)


def copy(source, names=FIRST):
    return source


def dispatch(func):
    return func


class Dispatcher:
    pass


class Special:
    def __new__(cls):
        return object.__new__(cls)

    def __call__(self):
        return 1

    def __repr__(self):
        return "special"

Number = float | str


def loose(name) -> Any:
    return globals()[name]

Table = dict[str, list["Special"]]


def scale(value, digits=None):
    if digits is not None:
        return round(value, digits)
    else:
        return value


def trim(text, width=None):
    if not width:
        return text
    return text[:width]


def pad(text, width=None):
    width = width or 4
    return text.ljust(width)


def unschedule(jobs, job):
    try:
        jobs.remove(job)
    except ValueError:
        return False
    return True


def guarded(event):
    try:
        _relay(event)
    except Exception:
        return None
    return event


def _relay(event):
    return emit(event)


def first(table, key):
    try:
        return table[key]
    except LookupError:
        return None


def wrap(stream, autoreset=False):
    return stream


def folder(name):
    if name == "home":
        return os.path.join(os.environ["HOME"], "x")
    return None


def forget(tables, name):
    if name not in tables:
        return False
    del tables[name]
    return True


def unbind(context, keys):
    for key in keys:
        context.pop(key, None)
    return context
''',
    "tests/test_wrap.py": '''\
def check_wrapped(stream, autoreset=True):
    assert stream
''',
    "bin/relay-cli": '''\
#!/usr/bin/env python
import relay.core

def main():
    relay.core.build(relay.core.Emitter, None)
''',
    "bin/relay-tool": '''\
#!/usr/bin/env python
from relay.core import restore
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="readings")


@pytest.mark.parametrize("text, status", [
    # `uplift` names the module and its function: only the function returns anything
    ("`uplift` returns `None`.", "unverified"),      # a TypeVar bound to a class
    ("`uplift` 返回 `None`。", "unverified"),
    ("`pick` returns `None`.", "ignored"),           # an unbound TypeVar may be None
    ("`find` returns `None` when nothing matches.", "verified"),  # Optional: it may
    ("`Emitter.close` returns `None`.", "verified"),
    ("`keys` returns an `Emitter`.", "unverified"),   # a KeysView, whatever it holds
    ("`keys` returns a `Keys` view.", "ignored"),     # a KeysView may be a Keys
    ("`names` returns an `Emitter`.", "ignored"),     # any class with __iter__ is Iterable
])
def test_claims_returns_read_against_the_annotation(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`Emitter` raises `RelayError`.", "raises", "verified"),     # through `_fire`
    ("`Quiet` raises `RelayError`.", "raises", "verified"),       # inherits `_fire`
    ("`Meta` raises `RelayError`.", "raises", "ignored"),         # a base outside: `type`
    ("`Emitter` 会抛出 `ConfigError`。", "raises", "unverified"),  # no method raises it
    ("`Store` raises `KeyError`.", "raises", "ignored"),          # dict's methods may
    ("`Emitter` calls `_fire`.", "calls", "verified"),
    ("`Emitter` calls `restore`.", "calls", "unverified"),
])
def test_claims_a_class_raises_and_calls_through_its_methods(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`Meta` is a metaclass.", "verified"),
    ("`Emitter` is a metaclass.", "unverified"),
    ("`build` 其实是一个元类。", "unverified"),
    ("`Emitter` is a class as well.", "verified"),   # a trailing "as well" is an adverb
])
def test_claims_metaclass_is_a_kind(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Mode` has three options.", "verified"),        # a Union of Literals over lines
    ("`Mode` 一共有四个取值。", "unverified"),
    ("`Level` has two values.", "verified"),
    ("`ROUTES` has three entries.", "unverified"),    # a dict display: its keys
    ("`__all__` has three items.", "verified"),
])
def test_claims_counts_of_literal_values(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`build` takes one parameter.", "unverified"),   # a caller must pass `cls` and `base`
    # written before *args, `mode` counts as it would without: f(a, b, c=1) has three
    ("`build` takes two parameters: `cls` and `base`.", "unverified"),
    ("`build` takes three parameters.", "ignored"),   # *args may count as more
    ("`build` takes four parameters.", "ignored"),
    ("`Emitter.emit` 只接收一个参数。", "ignored"),
    # a keyword-only option after *args may go unsaid
    ("`render` takes two arguments: `rows` and `title`.", "ignored"),
])
def test_claims_parameter_counts_with_star_args(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "param_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Emitter` is defined in `bin/relay-cli`.", "unverified"),  # only `relay.core.Emitter`
    # a script run by its `#!` line is Python: it imports `restore`, defines none
    ("`restore` is defined in `bin/relay-tool`.", "unverified"),
    ("`Emitter` is defined in `relay/core.py`.", "verified"),
])
def test_claims_location_in_a_file_that_is_no_module(resolver: Resolver, text: str,
                                                     status: str) -> None:
    assert claim_statuses(resolver, text, "location") == [status]


@pytest.mark.parametrize("text, status", [
    ("`restore` 会再次调用 `_rewrap`。", "verified"),
    # a call a helper makes is the helper's, unless the sentence says it goes through one
    ("`restore` 会对每个发射器逐一调用 `_fire`。", "unverified"),  # `emit` calls it
    ("`restore` 最终会对每个发射器调用 `_fire`。", "verified"),
    ("`restore` 会对每个发射器逐一调用 `build`。", "unverified"),
    ("`restore` 其实是调用 `_rewrap` 实现的。", "verified"),
    ("`restore` 是调用 `build` 实现的。", "unverified"),
])
def test_claims_chinese_calls_around_adverbs_and_phrases(resolver: Resolver, text: str,
                                                         status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    ("`LegacyEmitter` is an alias for `Emitter`.", "verified"),
    ("`LegacyEmitter` is a backwards-compatible alias of `Quiet`.", "unverified"),
    ("`LegacyEmitter` 是 `Quiet` 的别名。", "unverified"),
    ("`Emitter` is aliased as `LegacyEmitter`.", "verified"),
    ("`Quiet` is just another name for `Emitter`.", "unverified"),  # a class of its own
    ("`Silent` is an alias of `Quiet`.", "verified"),       # imported under another name
    ("`Pair` is a type alias for `tuple`.", "verified"),
    ("`Emitter.fire` is an alias for `emit`.", "verified"),   # it only hands on
    ("`Emitter.close` is an alias for `emit`.", "unverified"),
    ("`Lifted` is an alias for `Emitter`.", "unverified"),  # a type variable
])
def test_claims_aliases(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, status", [
    ("`T` is a type variable.", "verified"),
    ("`Lifted` 是一个类型变量。", "verified"),
    ("`T` is a type alias.", "unverified"),
    ("`Emitter` is a type variable.", "unverified"),
])
def test_claims_type_variables_are_a_kind(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Base` is an abstract base class.", "verified"),
    ("`Stub` 是一个抽象基类。", "verified"),     # a method that only raises NotImplementedError
    ("`Job` is an abstract class.", "unverified"),  # it defines `run`
    ("`Impl` is an ABC.", "unverified"),
    ("`Emitter` is an abstract base class.", "unverified"),
])
def test_claims_abstract_classes(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`relay` is a class.", "verified"),            # the package and a class so named
    ("The `relay` class has no methods.", "verified"),
    ("`relay` is a function.", "unverified"),
])
def test_claims_kind_of_a_name_a_package_shares(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`emit` calls `_fire`.", "verified"),      # true of the method `Emitter.emit`
    ("`emit` calls `restore`.", "unverified"),  # true of no `emit`
])
def test_claims_a_bare_name_is_read_as_each_definition_so_named(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    ("| Class | Notes |\n|---|---|\n| `Quiet` | 派生自 `Store`，不做任何事 |\n", "unverified"),
    ("| Class | Notes |\n|---|---|\n| `Quiet` | 基类为 `Emitter` |\n", "verified"),
    ("| Class | Notes |\n|---|---|\n| `Quiet` | Subclass of `Store` |\n", "unverified"),
    ("- **`Store`**: subclass of `Emitter`.\n", "unverified"),
    ("- **`Quiet`**: 也继承自 `Emitter`。\n", "verified"),
])
def test_claims_a_cell_or_label_without_its_subject(resolver: Resolver, text: str,
                                                    status: str) -> None:
    # a cell or label says its relation without the subject its row or label names,
    # after adverbs in Chinese, or as a bare noun ("Subclass of") in English
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    ("| Method | 作用 |\n|---|---|\n| `Quiet.emit` | 先调用 `build` 再返回 |\n", "unverified"),
    ("| Method | 作用 |\n|---|---|\n| `load` | 会抛出 `ConfigError` |\n", "verified"),
])
def test_claims_a_chinese_cell_opening_with_an_adverb(resolver: Resolver, text: str,
                                                      status: str) -> None:
    kind = "calls" if "调用" in text else "raises"
    assert claim_statuses(resolver, text, kind) == [status]


@pytest.mark.parametrize("text, status", [
    ("`load` raises `ValueError`.", "unverified"),   # it raises `ConfigError` and no other
    ("`lookup` raises `KeyError`.", "ignored"),      # `table[key]` may
    ("`lookup` raises `ValueError`.", "unverified"),
    ("`parse` raises `ValueError`.", "ignored"),     # `int(text)` may
    ("`parse` raises `IndexError`.", "unverified"),
    ("`load` raises `TypeError`.", "unverified"),    # a check it does not make
    ("`load` raises `AttributeError`.", "ignored"),  # nearly any code may
    # code that signals its errors with its own `raise` makes no type check it does not
    # write, whatever its calls and lookups may raise
    ("`lookup` raises `TypeError` when the key is not a string.", "unverified"),
    ("`parse` raises `RuntimeError`.", "unverified"),
    ("`lookup` raises `ConfigError` when the key is None.", "verified"),
    # raises nothing itself, and storing an item never raises `KeyError`
    ("`Store.put` raises `KeyError`.", "unverified"),
    ("`Store.put` raises `AttributeError`.", "ignored"),  # nearly any code may
])
def test_claims_a_builtin_error_of_code_that_raises_others(resolver: Resolver, text: str,
                                                           status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    ("`home` returns a `str`.", "unverified"),         # a Path, no str
    ("`home` returns a string.", "unverified"),
    ("`home` returns a `Path`.", "verified"),
    ("`homes` returns an `Iterator[str]`.", "unverified"),
    ("`homes` returns an `Iterator[Path]`.", "verified"),
    ("`homes` returns a `list[Path]`.", "ignored"),     # an Iterator may be one
    ("`home` return 的是 `str`。", "unverified"),
    ("`home` 返回的是 `Path`。", "verified"),
])
def test_claims_return_types_of_outside_and_subscripted_classes(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, statuses", [
    # the name modifies the returned noun: an iterator over what a `Path` holds, a list of
    # its parts, how many are in it; none of them is a `Path`
    ("`home` 返回 `Path` 对象中所有部分的迭代器。", []),
    ("`home` 返回 `Path` 的各个部分组成的列表。", []),
    ("`home` 返回 `Path` 里路径段的数量。", []),
    # the name is the returned noun's type
    ("`home` 返回一个 `Path` 对象。", ["verified"]),
    ("`home` 返回 `Path` 的实例。", ["verified"]),
])
def test_claims_a_returned_name_that_modifies_the_returned_noun_is_no_type(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses


@pytest.mark.parametrize("text, status", [
    ("`forward` 的 `target` 参数默认为 `Emitter`。", "unverified"),  # None, passed on as is
    ("`forward`'s `retries` defaults to 3.", "ignored"),   # the body puts 3 in its place
    ("| function | parameter | default |\n|---|---|---|\n| `build` | `mode` | `'old'` |\n",
     "unverified"),
    ("| function | parameter | default |\n|---|---|---|\n| `build` | `mode` | `'new'` |\n",
     "verified"),
])
def test_claims_defaults_of_parameters_passed_on_and_in_parameter_tables(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, statuses", [
    ("`Quiet` overrides `emit` and `close`.", ["unverified", "verified"]),  # inherits close
    ("`Quiet` 重写了 `close`。", ["unverified"]),
    # a method it adds or introduces is its own too; an attribute "added" may be put on
    # what it wraps
    ("`Quiet` adds a `close` method.", ["unverified"]),
    ("`Quiet` adds an `emit` method.", ["verified"]),
    ("`Quiet` 添加了一个 `close` 方法。", ["unverified"]),
    ("`Quiet` adds a `close` attribute.", []),
    ("`Quiet` has `close`.", []),                      # "has" alone says too little
    ("`Quiet` includes `close`.", ["verified"]),       # inherited counts
    ("`NAMES` includes `beta`.", ["verified"]),
    ("`NAMES` 中包含 `gamma`。", ["unverified"]),
    ("The `NAMES` tuple contains `alpha`.", ["verified"]),
])
def test_claims_members_overridden_and_listed(resolver: Resolver, text: str,
                                              statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "defines_member")) == sorted(statuses)


@pytest.mark.parametrize("text, status", [
    ("`picked` is an alias of `pick`.", "unverified"),   # the result of calling it
    ("`picked` is an alias of `build`.", "ignored"),     # what `pick()` returns is unread
])
def test_claims_an_alias_bound_to_a_call_result(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, expected", [
    ("`relay.core` 模块中的 `Quiet` 类继承自 `Store`。",
     [("subclass", "unverified"), ("location", "verified")]),
    ("`relay.core` 里的 `NAMES` 元组一共有 3 个元素。", [("member_count", "unverified")]),
    ("The `NAMES` tuple in `relay/core.py` has 2 items.", [("member_count", "verified")]),
    ("| Backend | Direct base class |\n|---|---|\n| `Quiet` | `Emitter` |\n",
     [("subclass", "verified")]),
    ("| 函数 | 参数情况 |\n|---|---|\n| `forward` | 带有 `retries` 参数 |\n",
     [("has_param", "verified")]),
    ("`forward` 这个 helper 定义在 `relay/__init__.py`。", [("location", "unverified")]),
    ("`Quiet` 这个 class 继承自 `Store`。", [("subclass", "unverified")]),
])
def test_claims_qualified_subjects_and_tables(resolver: Resolver, text: str,
                                              expected: list[tuple[str, str]]) -> None:
    for relation, status in expected:
        assert claim_statuses(resolver, text, relation) == [status], (text, relation)


@pytest.mark.parametrize("text, statuses", [
    # `NAMES` is the module's, not the class's: the owner is wrong, said once
    ("`Emitter` 的 `NAMES` 是一个元组，它有两个元素。", ["unverified"]),
    ("`Quiet` 的 `close` 方法返回 `None`。", []),      # inherited: `Quiet.close` resolves
    ("`Emitter`'s `build` helper is a function.", ["unverified"]),
    ("`Emitter` 的 `nothing_here` 方法。", []),         # an unknown name: no claim of it
    ("`Timer` 的 `limit` 默认为 2。", []),               # its constructor's parameter
])
def test_claims_a_member_named_through_the_wrong_owner(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "defines_member") == statuses


def test_claims_a_constructor_parameter_named_through_its_class(resolver: Resolver) -> None:
    # `limit` is also a module variable: the class's parameter is still meant
    assert claim_statuses(resolver, "`Timer` 的 `limit` 默认为 2。", "default") == ["unverified"]
    assert claim_statuses(resolver, "`Timer` 的 `limit` 默认为 1。", "default") == ["verified"]


@pytest.mark.parametrize("text, status", [
    # a None default the body tests but never replaces with the value said
    ("`scale` 的 `digits` parameter default 是 `0`。", "unverified"),
    ("`scale`'s `digits` defaults to 2.", "unverified"),
    ("`trim`'s `width` defaults to 0.", "unverified"),  # `if not width:` gives it no 0
    ("`trim`'s `width` defaults to 5.", "unverified"),
    ("`pad`'s `width` defaults to 4.", "ignored"),     # `width or 4`
    ("`pad`'s `width` defaults to 8.", "unverified"),
])
def test_claims_a_none_default_the_body_never_replaces_with_the_value(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("`loose` returns `None`.", "ignored"),  # ``-> Any`` may be None, or an int
    ("`loose` returns an `int`.", "ignored"),
    ("`loose` 返回 `None`。", "ignored"),
    # said of the annotation, what is written decides
    ("The return annotation of `loose` is `int`.", "unverified"),
    ("`loose` 的返回类型标注是 `None`。", "unverified"),
])
def test_claims_a_return_annotated_any_is_no_other_type(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # a subscripted type against the type written out, and against another tree name
    ("`Level` is an alias of `Literal[\"high\", \"low\"]`.", "verified"),
    ("`Level` is an alias of `Literal[\"low\", \"medium\", \"high\"]`.", "unverified"),
    ("`Table` is an alias for `Dict[str, List[Special]]`.", "verified"),
    ("`Table` 是 `dict[str, list[int]]` 的别名。", "unverified"),
    ("`Table` is just an alias of `Mode`.", "unverified"),
    ("`Table` is an alias of `Special`.", "ignored"),  # named inside: not said either way
])
def test_claims_a_subscripted_alias_compared_by_its_type(resolver: Resolver, text: str,
                                                         status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Number` 是 `int | str` 的类型别名。", "unverified"),
    ("`Number` is an alias of `Union[str, float]`.", "verified"),
    ("`Number` is a type alias for `Optional[str]`.", "unverified"),
])
def test_claims_a_union_alias_compared_by_its_members(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, status", [
    # code that raises nothing makes no check: its calls and lookups decide the rest
    ("`folder` 遇到不认识的 name 会 raise `ValueError`。", "unverified"),
    ("`folder` raises `ValueError` for an unknown name.", "unverified"),
    ("`folder` raises `KeyError` when `HOME` is unset.", "ignored"),  # `os.environ[...]`
    ("`folder` raises `AttributeError`.", "ignored"),
    # what a call or lookup may raise is caught around it
    ("`unschedule` raises `ValueError` when the job is not scheduled.", "unverified"),
    ("`unschedule` 在任务不存在时会抛出 `ValueError`。", "unverified"),
    ("`first` raises `KeyError` for a missing key.", "unverified"),  # LookupError catches it
    ("`first` raises `AttributeError`.", "ignored"),
    # a lookup the body checks first, a pop given its fallback
    ("`forget` raises `KeyError` when the table does not exist.", "unverified"),
    ("`unbind` raises `KeyError` if one of the keys is missing.", "unverified"),
    ("`unbind` 在键不存在时会抛出 `KeyError`。", "unverified"),
])
def test_claims_a_builtin_error_of_code_that_raises_nothing(resolver: Resolver, text: str,
                                                            status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, statuses", [
    # a count of methods: the class's own, public or not, with or without what it inherits
    ("`Emitter` has four methods.", ["verified"]),
    ("`Emitter` 有三个公开方法：`emit`、`close` 和 `fire`。", ["verified"]),
    ("The `Emitter` class defines two methods: `emit` and `close`.", ["unverified"]),
    ("`Emitter` has seven methods.", ["unverified"]),
    ("`Quiet` has four methods.", ["verified"]),       # with what it inherits
    ("`Quiet` has three public methods.", ["verified"]),
    ("`Emitter` provides two main methods: `emit` and `close`.", []),  # a selection
    # a dunder listed: the writer counts dunders, so three without them is no reading
    ("`Special` has two methods: `__new__` and `__repr__`.", ["unverified"]),
    ("`Emitter` has three methods: `emit`, `close` and `fire`.", ["verified"]),
    ("`Emitter` has three methods: `emit`, `_fire` and `fire`.", ["unverified"]),
    ("`Store` has two methods.", ["ignored"]),           # and whatever `dict` has
])
def test_claims_a_count_of_a_classs_methods(resolver: Resolver, text: str,
                                            statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "method_count") == statuses


@pytest.mark.parametrize("text, statuses", [
    # one default given to every parameter listed before it
    ("`render` takes `title` and `width`, both defaulting to `None`.", ["verified"] * 2),
    ("`render` takes `title` and `width`, both defaulting to `0`.", ["unverified"] * 2),
    ("`render` 接收 `title` 和 `width`，默认值是 `0`。", ["unverified"]),  # the last one
    ("`render` takes `title` and `width`, which default to `None` and `0`.",
     ["verified", "unverified"]),
    ("`render` takes `rows` and an optional `width`, which defaults to `None`.", ["verified"]),
    # a bare parameter name means the library's parameter, not a test helper's
    ("`autoreset` defaults to `True`.", ["unverified"]),
    ("`autoreset` defaults to `False`.", ["verified"]),
])
def test_claims_defaults_shared_by_a_list_and_of_the_librarys_parameters(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "default") == statuses


def test_claims_an_items_pronoun_is_the_code_its_list_is_under(resolver: Resolver) -> None:
    # "It" opens an item under a label: the label's `Emitter`, not the item before's `close`
    text = "**`Emitter`**: the base.\n  - `close` returns `None`.\n  - It raises `RelayError`.\n"
    assert claim_statuses(resolver, text, "raises") == ["verified"]


@pytest.mark.parametrize("text, statuses", [
    # a bare parameter under a label means the labelled function's parameter
    ("**`Timer`**: times a job.\n  - `limit` defaults to `1`.\n", ["verified"]),
    # not the module's `limit = 5`, which the same words without the label may mean
    ("**`Timer`**: times a job.\n  - `limit` defaults to `5`.\n", ["unverified"]),
    ("`limit` defaults to `5`.\n", ["ignored"]),  # the module's 5, or `Timer`'s 1?
    ("**`wrap`**: wraps a stream.\n  - `autoreset` defaults to `True`.\n", ["unverified"]),
])
def test_claims_a_bare_parameter_belongs_to_the_code_its_list_is_under(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "default") == statuses


@pytest.mark.parametrize("text, relation, statuses", [
    # a named tuple made by a call is a class with the fields it writes out
    ("`Info` is a named tuple.", "kind", ["verified"]),
    ("`Info` is a function.", "kind", ["unverified"]),
    ("`Info` 是一个 namedtuple，有两个 fields。", "member_count", ["verified"]),
    ("`Point` has four fields.", "member_count", ["unverified"]),
    # a default written as a constant's name, against another constant's name
    ("`copy`'s `names` defaults to `FIRST`.", "default", ["verified"]),
    ("`copy`'s `names` defaults to `SECOND`.", "default", ["unverified"]),
    # no class derives from a function
    ("`Dispatcher` is a subclass of `dispatch`.", "subclass", ["unverified"]),
    # a class of dunders only: its count of methods is never 0
    ("`Special` defines two methods: `__new__` and `__call__`.", "method_count",
     ["unverified"]),
    ("`Special` defines three methods.", "method_count", ["verified"]),
])
def test_claims_functional_named_tuples_named_defaults_and_function_bases(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, relation) == statuses


@pytest.mark.parametrize("text, relation, statuses", [
    # the code an opening pronoun stands for owns the parameters the sentence names
    ("`Timer` times a job. 它的构造函数接收一个参数，其中 `limit` 默认为 `5`。", "default",
     ["unverified"]),
    ("`Timer` times a job. Its constructor takes `limit`, which defaults to `1`.", "default",
     ["verified"]),
    # a Chinese condition naming code before the verb: the subject is still the first name
    ("`parse` 在 `text` 为空时抛出 `ConfigError`。", "raises", ["verified"]),
    ("`scale` 在 `digits` 非法时抛出 `ValueError`。", "raises", ["unverified"]),
])
def test_claims_an_antecedents_parameters_and_conditions_naming_code(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, relation) == statuses


@pytest.mark.parametrize("text, status", [
    # English words among the Chinese modifiers of a returned type
    ("`home` 返回一个不带缓存信息的 plain `str` 对象。", "unverified"),
    ("`home` 返回一个展开过的 absolute `Path` 对象。", "verified"),
    ("`homes` 返回被展开的 path 列表。", "unverified"),
])
def test_claims_returned_types_after_mixed_modifiers(resolver: Resolver, text: str,
                                                     status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, relation, statuses", [
    # a Chinese cell with no space in it is still a sentence about its row's code
    ("| 函数 | 说明 |\n|---|---|\n| `home` | 返回一个字符串 |\n", "returns", ["unverified"]),
    # a cell sentence with a subject of its own is read, under its row's code
    ("| 函数 | 说明 |\n|---|---|\n| `Timer` | `limit` 默认值为 `5` |\n", "default",
     ["unverified"]),
    ("| Function | Notes |\n|---|---|\n| `Timer` | `limit` defaults to `1` |\n", "default",
     ["verified"]),
    # a cell sentence naming its row's code again is about it, whatever opens it
    ("| Name | Claim |\n|---|---|\n| `home` | In `relay/core.py`, `home` returns a `str`. |\n",
     "returns", ["unverified"]),
    ("| Name | Claim |\n|---|---|\n| `home` | 在 `relay/core.py` 中，`home` 返回 `Path`。 |\n",
     "returns", ["verified"]),
    # a cell opening with a pronoun or a possessive speaks of its row's code
    ("| Name | Notes |\n|---|---|\n| `home` | It returns a `str`. |\n", "returns",
     ["unverified"]),
    ("| 名称 | 说明 |\n|---|---|\n| `home` | 它的返回值类型是 `Path` |\n", "returns",
     ["verified"]),
])
def test_claims_table_cells_in_chinese_and_with_their_own_subject(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, relation) == statuses


def test_claims_a_call_inside_a_try_is_still_a_path_of_a_calls_claim(
        resolver: Resolver) -> None:
    # `except Exception` keeps errors inside, not the calls made there
    assert claim_statuses(resolver, "`guarded` eventually calls `emit`.", "calls") == \
        ["verified"]
