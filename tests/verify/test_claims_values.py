"""Defaults of parameters, return types said in words or read from returned values,
raises read past a longer Chinese condition and read-only properties, decided against a
small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "units/__init__.py": "",
    "units/sizes.py": '''\
import contextlib
import json
from typing import Callable, List, Optional

WIDTH = 8
REGISTRY = {}


class UnitError(ValueError):
    pass


def render(amount, suffix="B", *, decimals=2, spaced=False, label=None):
    if amount < 0:
        raise UnitError(amount)
    return "%.*f%s" % (decimals, amount, suffix)


def greet(name=None):
    return "hello " + (name or "world")


def enroll(name, override=None):
    if name in REGISTRY and not override:
        raise UnitError(name)
    REGISTRY[name] = override


def pad(text, width=WIDTH):
    return text.rjust(width)


def parts(text):
    return ", ".join(text.split())


def count(items):
    return len(items)


def hooks() -> List[Callable]:
    return []


def maybe() -> Optional[List[int]]:
    return None


def ready() -> bool:
    return True


def make_policy():
    return None


def backoff(factor=1.0, policy=make_policy()):
    return factor


class Gauge:
    @property
    def level(self):
        return 1

    @level.setter
    def level(self, value):
        pass

    @property
    def peak(self):
        return 2

    @contextlib.contextmanager
    def session(self):
        yield self


class Meter:
    def __init__(self, scale=10, name="m"):
        self.scale = scale

    def read(self, raw, rounding=True):
        return raw / self.scale


class Store:
    def __init__(self, root, mode=None, level=None):
        self._mode = _platform_mode(mode)
        self.level = level


def _platform_mode(mode):
    return 0o600 if mode is None else mode


def convert(value, unit=Meter, fmt=json.dumps, *, codec=encode_all):
    return fmt(unit(value))


def report(amount):
    return pad(render(amount))
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="values")


@pytest.mark.parametrize("text, status", [
    ("`decimals` defaults to 2.", "verified"),
    ("`decimals` defaults to 3.", "unverified"),
    ("The `suffix` argument of `render` defaults to `'KB'`.", "unverified"),
    ("`render`'s `suffix` parameter defaults to `\"B\"`.", "verified"),
    ("By default, `spaced` is True.", "unverified"),
    ("By default `spaced` is False.", "verified"),
    ("`amount` defaults to 0.", "unverified"),          # required: it has no default
    ("`label` defaults to an empty string.", "unverified"),  # None, never replaced
    ("`greet`'s `name` defaults to `'world'`.", "ignored"),  # `name or 'world'` may be
    ("`label` defaults to `None`.", "verified"),
    ("`pad`'s `width` defaults to 8.", "verified"),      # a module constant's value
    ("`width` defaults to 4.", "unverified"),
    ("`Meter`'s `scale` defaults to 100.", "unverified"),  # the constructor's parameter
    ("`Meter.scale` defaults to 10.", "verified"),       # bound from that parameter
    ("`Meter.read` 的 `rounding` 参数默认为 False。", "unverified"),
    ("`render` 的 `spaced` 参数默认为 False。", "verified"),
    # a None the body only tests for truth is still None: False is another value
    ("`enroll`'s `override` defaults to False.", "unverified"),
    ("`enroll` 的 `override` 参数默认值为 `None`。", "verified"),
    # a constructor's parameter no attribute keeps under its name is only a parameter
    ("`Store`'s `mode` defaults to `0o600` in the signature.", "unverified"),
    # `self.level = level` is the attribute's only binding: its default is the parameter's
    ("`Store`'s `level` defaults to 3.", "unverified"),
    ("`decimals` 参数默认是 `3`。", "unverified"),
    ("默认情况下，`spaced` 为 True。", "unverified"),
    # `Meter`'s `name` is 'm', `greet`'s becomes 'world': which one is meant is unsaid
    ("`name` 的默认值是 `'m'`。", "ignored"),
    ("`factor` defaults to 1.", "verified"),             # 1.0: the same number
    ("`factor` defaults to True.", "unverified"),
    ("`policy` defaults to `make_policy()`.", "verified"),  # the same expression
    ("`decimals` is `3` by default.", "unverified"),      # a code span before "by default"
    ("`decimals` falls back to 2.", "verified"),
    ("`render` takes a `decimals` argument with a default of 3.", "unverified"),
    ("`decimals` is optional and defaults to 2.", "verified"),
    ("If omitted, `spaced` is True.", "unverified"),
    ("When not given, `suffix` is set to `\"B\"`.", "verified"),
    ("如果不指定，`spaced` 为 False。", "verified"),
    # a condition after the clause says the default too
    ("`spaced` is set to True unless you pass it.", "unverified"),
    ("`decimals` is 2, unless specified otherwise.", "verified"),
    ("Unless specified otherwise, `decimals` is 3.", "unverified"),
    ("`render` 的 `spaced` 参数为 True，除非你传入它。", "unverified"),
    ("除非另行指定，`decimals` 为 2。", "verified"),
    ("`render` takes a `decimals` argument that defaults to 3.", "unverified"),
    ("`render` accepts an optional `spaced` flag which defaults to False.", "verified"),
])
def test_claims_parameter_defaults_are_read_from_the_signature(
        resolver: Resolver, text: str, status: str) -> None:
    # "is optional and defaults to 2" claims a default and its value (that a bare name is
    # optional is left open: of which function is unsaid)
    found = set(claim_statuses(resolver, text, "default"))
    assert (found - {"ignored"} or found) == {status}


@pytest.mark.parametrize("text", [
    "`label` is `None` unless the caller asks for one.",  # a condition, not a default's
    "`decimals` is 2 unless the value is negative.",
])
def test_claims_a_condition_other_than_passing_a_value_says_no_default(
        resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "default") == []


@pytest.mark.parametrize("text, status", [
    ("`render` returns a string.", "verified"),          # "%...f" % (...) is a str
    ("`render` returns an integer.", "unverified"),
    ("`parts` 返回一个列表。", "unverified"),              # ", ".join(...) is a str
    ("`parts` 返回一个字符串。", "verified"),
    ("`count` returns a string.", "unverified"),         # len() is an int
    ("`count`'s return value is an integer.", "verified"),
    ("`hooks` returns a dict mapping names to callbacks.", "unverified"),  # List[Callable]
    ("`hooks` 的返回值是一个列表。", "verified"),
    ("`maybe` returns a list.", "verified"),               # Optional[List[int]]
    ("`maybe` returns a tuple.", "unverified"),
    ("`Meter.read` returns a float.", "ignored"),         # raw / scale: not read
    ("`render` returns a list or a dict.", "unverified"),  # neither: it returns a str
    ("`render` returns a string or `None`.", "ignored"),   # a str is one of them
    ("`ready` returns a `Future`.", "unverified"),         # a bool is no asyncio.Future
    ("`ready` 返回一个 `Decimal`。", "unverified"),
    ("`maybe` returns a `Sequence`.", "ignored"),          # a list is one
    ("`hooks` returns an `OrderedDict`.", "unverified"),
    ("`ready` returns a `Widget`.", "ignored"),            # no class known by that name
    # the returned value as the subject
    ("The value returned by `render` is an integer.", "unverified"),
    ("The value returned by `count` is an integer.", "verified"),
    ("What `parts` returns is a string.", "verified"),
    ("调用 `count` 会得到一个字符串。", "unverified"),
    ("调用 `parts` 会得到一个字符串。", "verified"),
])
def test_claims_return_types_in_words(resolver: Resolver, text: str,
                                      status: str | None) -> None:
    assert claim_statuses(resolver, text, "returns") == ([status] if status else [])


@pytest.mark.parametrize("text, status", [
    ("`render` 在传入的数值小于零的时候会抛出 `UnitError`。", "verified"),
    ("`pad` 在 width 不够 wide 时会 raise `UnitError`。", "unverified"),
])
def test_claims_raises_after_a_long_condition(resolver: Resolver, text: str,
                                               status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    # what is called is named in a condition or a gerund, not as the subject
    ("If you pass a negative number to `render`, a `UnitError` is raised.", "verified"),
    ("If you pass a short width to `pad`, a `UnitError` is raised.", "unverified"),
    ("Passing a negative number to `render` results in a `UnitError`.", "verified"),
    ("Passing `-1` to `pad` causes a `UnitError`.", "unverified"),
    ("Calling `pad` with a short width raises `UnitError`.", "unverified"),
    ("If `pad` is given a short width, it raises `UnitError`.", "unverified"),
    ("如果向 `pad` 传入很小的宽度，会抛出 `UnitError`。", "unverified"),
    ("如果向 `render` 传入负数，会抛出 `UnitError`。", "verified"),
    # a condition on a value names no callable
    ("If `label` is None, a `UnitError` is raised.", None),
    ("If `decimals` is 3, it raises `UnitError`.", None),
])
def test_claims_raises_of_a_callable_named_in_a_condition(resolver: Resolver, text: str,
                                                          status: str | None) -> None:
    assert claim_statuses(resolver, text, "raises") == ([status] if status else [])


@pytest.mark.parametrize("text, statuses", [
    # whether a parameter has a default at all
    ("The `amount` parameter of `render` is required.", ["verified"]),
    ("The `suffix` parameter of `render` is required.", ["unverified"]),
    ("`render` 中的 `decimals` 参数是必填的。", ["unverified"]),
    ("`render` 的 `amount` 没有默认值。", ["verified"]),
    ("`render` 的 `spaced` 和 `label` 都是带默认值的可选参数。", ["verified", "verified"]),
    ("`render` 的 `amount` 是可选参数。", ["unverified"]),
    ("The `label` argument of `render` is optional.", ["verified"]),
    ("The `decimals` parameter of `render` has no default.", ["unverified"]),
])
def test_claims_whether_a_parameter_has_a_default(resolver: Resolver, text: str,
                                                  statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "default") == statuses
    # denied: "is not required" is false of a parameter with no default
    assert claim_statuses(resolver, "The `amount` argument of `render` is not required.",
                          "not default") == ["unverified"]


@pytest.mark.parametrize("text, statuses", [
    ("## `render`\n\n| Parameter | Default |\n|---|---|\n| `suffix` | `\"KB\"` |\n"
     "| `decimals` | `2` |\n", ["unverified", "verified"]),
    ("## `render`\n\n| 参数 | 默认值 |\n|---|---|\n| `spaced` | `True` |\n", ["unverified"]),
    ("| Name | Default |\n|---|---|\n| `decimals` | `2` |\n", ["verified"]),
    ("| Parameter | Default |\n|---|---|\n| `decimals` | see below |\n", []),
    # a cell that opens with the value and explains it
    ("## `render`\n\n| Parameter | Default |\n|---|---|\n| `decimals` | `4` (four places) |\n"
     "| `label` | `None`, i.e. no label |\n", ["unverified", "verified"]),
    ("| 位置 | 参数 | 默认值 |\n|---|---|---|\n| `render` | `spaced` | `True`，即两边留空 |\n",
     ["unverified"]),
    ("| Parameter | Default |\n|---|---|\n| `decimals` | `2` places unless set |\n", []),
    ("**`render`**\n\n- `decimals`: defaults to 4.\n- `spaced` (default `False`): pad.\n",
     ["unverified", "verified"]),
    ("- `suffix` — 默认为 `\"B\"`。\n- `label`：默认值：`None`。\n", ["verified", "verified"]),
    ("The default `decimals` is 5.\n", ["unverified"]),
    ("`render` uses `spaced=True` by default.\n", ["unverified"]),
    ("Pass `spaced=True` to override the default.\n", []),  # a value passed, no default
])
def test_claims_defaults_from_structure_and_keywords(resolver: Resolver, text: str,
                                                     statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "default") == statuses


@pytest.mark.parametrize("text, status", [
    ("`Gauge.peak` is a read-only property.", "verified"),
    ("`Gauge.level` is a read-only property.", "unverified"),  # it has a setter
    ("`Gauge.level` is a property.", "verified"),
    ("`Gauge.peak` 是一个只读属性。", "verified"),
    ("`Gauge.level` 是只读属性。", "unverified"),
    ("`Gauge.session` is a property.", "unverified"),  # contextmanager makes no property
    ("`Gauge.level` is a read-write property.", "verified"),
    ("`Gauge.level` 是一个可读写的 property。", "verified"),
    ("`Gauge.peak` is a writable property.", "unverified"),
])
def test_claims_read_only_properties(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`render` defaults `suffix` to `'KB'`.", "unverified"),
    ("`render` defaults `spaced` to False.", "verified"),
    ("`convert` uses `Gauge` as its default `unit`.", "unverified"),  # two classes
    ("`convert` uses `Meter` as the default for `unit`.", "verified"),
    ("`convert` 默认使用 `Gauge` 作为 `unit`。", "unverified"),
    ("`convert` defaults `fmt` to `json.loads`.", "unverified"),  # two stdlib functions
    ("`convert` defaults `fmt` to `json.dumps`.", "verified"),
    ("`convert` defaults `fmt` to `Meter`.", "unverified"),     # the tree's, not json's
    ("`convert` defaults `codec` to `encode`.", "ignored"),    # two outside names
])
def test_claims_defaults_said_of_the_function(resolver: Resolver, text: str,
                                              status: str) -> None:
    # the function is the subject and the parameter its object; values that are two
    # different objects (classes or functions of the tree, standard-library functions)
    # are not one
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    # "uses `x`" with no call written: a call of a function, or any mention of a class
    # or a constant in the code it reaches (a default, an attribute read)
    ("`report` uses `pad`.", "verified"),
    ("`render` relies on `pad`.", "unverified"),    # `pad` is a function it never names
    ("`render` uses `Meter`.", "unverified"),       # nothing it reaches names the class
    ("`convert` uses `Meter`.", "verified"),        # its default
    ("`render` uses `UnitError`.", "verified"),     # ... or called
    ("`pad` uses `WIDTH`.", "verified"),            # a constant as its default
])
def test_claims_a_use_is_a_call_only_of_a_function(resolver: Resolver, text: str,
                                                   status: str | None) -> None:
    assert claim_statuses(resolver, text, "calls") == ([status] if status else [])


_DEFAULTS_TREE = {
    "pointer/__init__.py": "from pointer import core\n\nEncoder = core.Encoder\n",
    "pointer/core.py": '''\
import logging

_nothing = object()
INFO = 1


class Missing:
    pass


MISSING = Missing()


def lookup(doc, default=_nothing, level=logging.NOTSET, kinds=(str, bytes), n=3, step=1,
           fill=MISSING):
    return doc


class Stamper:
    def __init__(self, fmt=None, utc=True, key="ts"):
        self.fmt, self.utc, self.key = fmt, utc, key

    def __setstate__(self, state):
        self.utc = state["utc"]


class Encoder:
    def __init__(self, _dict=dict):
        self._dict = _dict
''',
    "pointer/core.pyi": '''\
def lookup(doc, default=..., level: int = ..., kinds=..., n: int = ..., step: int = ...,
           fill=...): ...


class Encoder:
    def __init__(self, _dict: type = ...) -> None: ...
''',
}


@pytest.fixture(scope="module")
def defaults_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _DEFAULTS_TREE, name="defaults")


@pytest.mark.parametrize("text, status", [
    # two constants of the standard library, compared by value (a tree's `INFO` aside)
    ("The `level` of `lookup` defaults to `logging.INFO`.", "unverified"),
    ("The `level` of `lookup` defaults to `logging.NOTSET`.", "verified"),
    # a sentinel (a new object) is no literal
    ("The `default` of `lookup` defaults to `None`.", "unverified"),
    ("`lookup` 的 `fill` 参数默认是 `None`。", "unverified"),
    ("The `default` of `lookup` defaults to `_nothing`.", "verified"),
    # a default is fixed before any other parameter has a value
    ("The `step` of `lookup` defaults to `n`.", "unverified"),
    # a tuple written out is no class
    ("The `kinds` of `lookup` defaults to `str`.", "unverified"),
    ("`lookup` 的 `kinds` 默认值是 `(str, bytes)`。", "verified"),
    # the module's definition runs, not the stub's (whose defaults are `...`)
    ("The `n` of `lookup` defaults to 3.", "verified"),
])
def test_claims_defaults_of_sentinels_constants_and_other_parameters(
        defaults_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(defaults_resolver, text, "default") == [status]


_OUTSIDE_TREE = {
    "tz/__init__.py": "from tz import zone\n\nZone = zone.Zone\n",
    "tz/zone.py": '''\
import itertools
import typing
from collections import deque
from datetime import timedelta


class _Cache:
    pass


class Zone:
    def dst(self, dt):
        return timedelta(0)

    def name(self):
        return str(self)


DEFAULT = Zone()
TABLE = {"utc": 0}
Pair = typing.Tuple[int, str]


def pairwise(iterable):
    return itertools.pairwise(iterable)


def tail(n, iterable):
    if n < 0:
        return itertools.islice(iterable, 0)
    return iter(deque(iterable, maxlen=n))


def window(items):
    return deque(items)
''',
}


@pytest.fixture(scope="module")
def outside_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _OUTSIDE_TREE, name="outside-returns")


@pytest.mark.parametrize("text, status", [
    # an instance of a standard-library class is a builtin value only through its bases
    ("`Zone.dst` returns `None`.", "unverified"),
    ("`Zone.dst` 返回 `None`。", "unverified"),
    ("`Zone.dst` returns a `timedelta`.", "verified"),
    ("`pairwise` returns a `list` of pairs.", "unverified"),  # the stdlib's, not the tree's
    ("`tail` returns a `list`.", "unverified"),   # an islice or an iterator
    ("`window` returns a `list`.", "unverified"),  # a deque is no list
])
def test_claims_returns_of_standard_library_instances(
        outside_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(outside_resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    ("`pointer/core.py` defines one function.", "verified"),  # its stub's copy not counted
    ("`pointer/core.py` defines two functions.", "unverified"),
])
def test_claims_a_stub_beside_a_module_is_no_second_definition(
        defaults_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(defaults_resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    # two names said together to be one object
    ("`tz.Zone` and `tz.zone.Zone` are the same object.", "verified"),
    ("`tz.Zone` 和 `tz.zone.Zone` 其实是同一个类。", "verified"),
    ("`Zone.dst` 和 `Zone.name` 是同一个函数，只是名字不同。", "unverified"),
])
def test_claims_two_names_said_to_be_one_object(outside_resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(outside_resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # `tz.Zone = zone.Zone` re-binds the class: its members are the class's
    ("`Zone` overrides `utcoffset`.", "defines_member", "unverified"),
    ("`Zone` defines `dst` itself.", "defines_member", "verified"),
    ("`Zone` has a `name` method.", "has_method", "verified"),
    ("`Zone` has a `tzname` method.", "has_method", "unverified"),
])
def test_claims_a_rebound_class_has_the_members_of_the_class(
        outside_resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(outside_resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # a parameter said to be one: its default, not what another method sets the attribute to
    ("`Stamper` 的 `utc` 参数默认为 `False`。", "unverified"),
    ("The `utc` parameter of `Stamper` defaults to `True`.", "verified"),
    # an attribute bound by unpacking: the item at its place
    ('`Stamper.key` defaults to `"ts"`.', "verified"),
    ('`Stamper.key` defaults to `"time"`.', "unverified"),
])
def test_claims_defaults_of_parameters_said_so_and_of_unpacked_attributes(
        defaults_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(defaults_resolver, text, "default") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a class re-bound by its package and declared again in a stub: one constructor
    ("`Encoder` 的 `_dict` 参数默认是 `OrderedDict`。", "default", "unverified"),
    ("`Encoder` 的 `_dict` 参数默认是 `dict`。", "default", "verified"),
    ("`Encoder` takes a `_dict` parameter.", "has_param", "verified"),
])
def test_claims_a_constructor_through_a_rebinding_and_a_stub(
        defaults_resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(defaults_resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`tz/zone.py` defines one class.", "verified"),  # its public ones
    ("`tz/zone.py` 一共定义了 1 个类（含私有的）。", "unverified"),  # all of them: two
    ("`tz/zone.py` defines two classes, including private ones.", "verified"),
])
def test_claims_a_count_said_to_include_private_names_is_the_whole(
        outside_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(outside_resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    # the class of what a name holds, other than a builtin type: an instance claim
    ("`DEFAULT` holds a `Zone` object.", "verified"),
    ("`TABLE` 保存的是一个 `Zone` 对象。", "unverified"),
    ("`DEFAULT` 的值是一个 `timedelta` 对象。", "unverified"),
])
def test_claims_a_value_held_as_an_instance_of_a_class(
        outside_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(outside_resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    # a generic subscripted by a type alias is no class of its own
    ("`Pair` is a `NamedTuple`.", "unverified"),
    ("`Pair` 是一个继承 `Zone` 的 class。", "unverified"),
    ("`Pair` is a `Tuple`.", "ignored"),
])
def test_claims_a_generic_type_alias_is_no_class(
        outside_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(outside_resolver, text, "subclass") == [status]


_CHAINED_TREE = {
    "chain/__init__.py": "",
    "chain/pointer.py": '''\
class Pointer:
    def __init__(self, parts):
        self.parts = list(parts)

    @classmethod
    def from_parts(cls, parts):
        return cls(parts)

    def join(self, suffix):
        return self.__class__.from_parts(self.parts + [suffix])

    def path(self):
        return render(self.parts)

    def size(self):
        return self.count()

    def count(self):
        return len(self.parts)

    def get_parts(self):
        return self.parts

    def separator(self):
        return SEPARATOR

    def shadowed(self, SEPARATOR):
        return SEPARATOR


SEPARATOR = "/"


def render(parts):
    return "/".join(parts)


def dump(obj, fp):
    text = render(obj)
    fp.write(text)
    return text


def spin(n):
    return spin(n - 1)


def parse(text) -> "Pointer":
    return Pointer(text.split("/"))


def load(text):
    return parse(text)
''',
    "chain/rules.py": '''\
import os
from typing import Final


class RuleError(Exception):
    pass


class Config:
    path: Final[str]

    def __init__(self, path):
        self.path = os.fspath(path)


def check(text):
    if not text:
        raise RuleError(text)
    return text.strip()


def build(text):
    if not text:
        raise RuleError(text)
    return compile(text, "<rule>", "eval")


def fetch(sock):
    if sock is None:
        raise RuleError(sock)
    return sock.recv(1024)


def walk(items):
    for item in items:
        yield item.strip()
''',
}


@pytest.fixture(scope="module")
def chained_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _CHAINED_TREE, name="chained-returns")


@pytest.mark.parametrize("text, status", [
    # a return that calls another function of the tree returns what that one returns
    ("`Pointer.join` returns a plain `str`.", "unverified"),
    ("`Pointer.join` returns a new `Pointer`.", "verified"),
    ("`from_parts` returns a `Pointer`.", "verified"),   # ``cls(...)``
    ("`from_parts` 返回一个 `dict`。", "unverified"),
    ("`Pointer.path` returns a `str`.", "verified"),
    ("`Pointer.path` returns a `list`.", "unverified"),
    ("`Pointer.size` returns an `int`.", "verified"),
    ("`dump` returns `None` after writing to the file.", "unverified"),
    ("`dump` returns a `str`.", "verified"),
    ("`load` returns a `Pointer`.", "verified"),   # through an annotation
    ("`load` returns a `str`.", "unverified"),
    ("`spin` returns an `int`.", "ignored"),      # a cycle decides nothing
    # an attribute or a module's name bound once returns what that binding holds
    ("`get_parts` 返回一个 `tuple`，防止调用者修改内部状态。", "unverified"),
    ("`get_parts` returns a `list`.", "verified"),
    ("`Pointer.separator` returns a `bytes` object.", "unverified"),
    ("`Pointer.separator` returns a `str`.", "verified"),
    ("`Pointer.shadowed` returns a `bytes` object.", "ignored"),  # its parameter
])
def test_claims_returns_followed_through_calls_of_the_tree(
        chained_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(chained_resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # no exception at all, denied
    ("`check` never raises.", "unverified"),
    ("`check` 不会抛出任何异常。", "unverified"),
    ("`render` does not raise any exception.", "verified"),
    ("`Pointer.count` raises no errors.", "verified"),
])
def test_claims_code_said_to_raise_nothing(chained_resolver: Resolver, text: str,
                                           status: str) -> None:
    assert claim_statuses(chained_resolver, text, "not raises") == [status]


@pytest.mark.parametrize("text, status", [
    # only compiling raises a `SyntaxError`, only a read or a wait a `TimeoutError`
    ("`check` raises `SyntaxError` on a malformed rule.", "unverified"),
    ("`build` raises `SyntaxError` on a malformed rule.", "ignored"),
    ("`check` raises `TimeoutError`.", "unverified"),
    ("`fetch` raises `TimeoutError`.", "ignored"),
    ("`check` 遇到空输入时会抛出 `EOFError`。", "unverified"),
])
def test_claims_errors_only_some_operations_raise(chained_resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert claim_statuses(chained_resolver, text, "raises") == [status]


_EXPORT_TREE = {
    "pk/__init__.py": "from .core import helper, Thing\nfrom . import util\n"
                      "__all__ = ['helper', 'Thing']\n",
    "pk/core.py": "import enum\n\n\ndef helper():\n    pass\n\n\nclass Thing(enum.Enum):\n"
                  "    A = 1\n\n\ndef hidden():\n    pass\n",
    "pk/util.py": "def tool():\n    pass\n",
}


@pytest.fixture(scope="module")
def export_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _EXPORT_TREE, name="exports")


@pytest.mark.parametrize("text, status", [
    # a package re-exports a name its namespace binds, wherever it is defined
    ("`helper` is re-exported from `pk`.", "verified"),
    ("`hidden` is re-exported from the `pk` package.", "unverified"),
    ("`pk` 导出了 `Thing`。", "verified"),
    ("可以从 `pk` 直接导入 `tool`。", "unverified"),
    ("`tool` can be imported from `pk.util`.", "verified"),
    ("`pk` exports `hidden`.", "unverified"),
    ("`hidden` 由 `pk` 重新导出。", "unverified"),
])
def test_claims_names_a_package_exports(export_resolver: Resolver, text: str,
                                        status: str) -> None:
    assert claim_statuses(export_resolver, text, "location") == [status]


@pytest.mark.parametrize("text, status", [
    # an adjective before the object leaves it the same object
    ("`Thing` is built on plain `enum.Enum`.", "verified"),
    ("`Thing` inherits from the standard library's `enum.IntEnum`.", "unverified"),
])
def test_claims_plain_objects(export_resolver: Resolver, text: str, status: str) -> None:
    found = [s for rel in ("built_on", "subclass")
             for s in claim_statuses(export_resolver, text, rel)]
    assert found == [status]


_SUPER_TREE = {
    "sp/__init__.py": "",
    "sp/core.py": '''\
class Base:
    def __init__(self, a):
        self.a = a

    def run(self):
        return 1


class Child(Base):
    def __init__(self, a, b):
        super().__init__(a)
        self.b = b

    def run(self):
        return Base.run(self) + 1


class Other(Base):
    def __init__(self, a):
        self.a = a
''',
}


@pytest.fixture(scope="module")
def super_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _SUPER_TREE, name="super-calls")


@pytest.mark.parametrize("text, status", [
    # a callee named through super(): the base's method, called through super() or the base
    ("`Child.__init__` calls `super().__init__`.", "verified"),
    ("`Other.__init__` calls `super().__init__` first.", "unverified"),
    ("`Child.run` calls `super().run()`.", "verified"),
    ("`Other.__init__` 调用了 `super(Other, self).__init__()`。", "unverified"),
])
def test_claims_calls_through_super(super_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(super_resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a declared type, its qualifier taken off, governs every binding of the attribute
    ("`Config.path` holds a `str`.", "value_type", "verified"),
    ("`Config.path` holds a `bytes` value.", "value_type", "unverified"),
    ("`Config.path` 保存的是一个 `pathlib.Path` 对象。", "subclass", "unverified"),
])
def test_claims_an_attribute_declared_with_a_builtin_type(
        chained_resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(chained_resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # a plain attribute may be loosely called a property, but is no `@property`
    ("`Config.path` is implemented as a `@property` on `Config`.", "unverified"),
    ("`Config.path` is a property.", "ignored"),
])
def test_claims_an_instance_attribute_is_no_decorated_property(
        chained_resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(chained_resolver, text, "kind") == [status]


def test_claims_built_on_one_class_rather_than_another(export_resolver: Resolver) -> None:
    text = "`Thing` is built on plain `enum.Enum` rather than `enum.IntEnum`."
    assert claim_statuses(export_resolver, text, "built_on") == ["verified"]
    assert claim_statuses(export_resolver, text, "not built_on") == ["verified"]


_OPTIONS_TREE = {
    "opts/__init__.py": "",
    "opts/fmt.py": '''\
import enum


class Rule(enum.Enum):
    ALL = 1
    FRAME = 2


class Formatter:
    def __init__(self, *args, **kwargs):
        self.indent = kwargs.pop("indent", None)
        self.rename = kwargs.pop("rename", {})
        self.joint = kwargs.get("joint") or "+"
        self.rules = kwargs.get("rules", Rule.FRAME)
''',
}


@pytest.fixture(scope="module")
def options_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _OPTIONS_TREE, name="kwargs-options")


@pytest.mark.parametrize("text, status", [
    # an option read from **kwargs defaults to what the body falls back to
    ("The `indent` option of `Formatter` defaults to `None`.", "verified"),
    ("在 `Formatter` 中，`rename` 这个 option 的 default 是 `None`。", "unverified"),
    ("`Formatter` 的 `joint` 默认是 `\"*\"`。", "unverified"),
    ("The `rules` option of `Formatter` defaults to `Rule.ALL`.", "unverified"),
    ("The `rules` option of `Formatter` defaults to `Rule.FRAME`.", "verified"),
])
def test_claims_defaults_of_options_read_from_kwargs(options_resolver: Resolver, text: str,
                                                     status: str) -> None:
    assert claim_statuses(options_resolver, text, "default") == [status]


def test_claims_a_signature_written_out(resolver: Resolver) -> None:
    # each parameter, how many, and each default a signature written as code states
    right = "`render` has the signature `render(amount, suffix=\"B\", *, decimals=2, " \
        "spaced=False, label=None)`."
    assert set(claim_statuses(resolver, right, "param_count")) == {"verified"}
    assert set(claim_statuses(resolver, right, "has_param")) == {"verified"}
    assert set(claim_statuses(resolver, right, "default")) == {"verified"}
    wrong = "`render` 的签名是 `render(amount, suffix=\"KB\", *, digits=2)`。"
    assert claim_statuses(resolver, wrong, "param_count") == ["unverified"]
    # `digits` is no parameter (its default is no default of `render`'s either)
    assert sorted(claim_statuses(resolver, wrong, "has_param")) == \
        ["unverified", "verified", "verified"]
    assert "unverified" in claim_statuses(resolver, wrong, "default")


@pytest.mark.parametrize("text, status", [
    # a function said to be a generator returns one
    ("`walk` is a generator function.", "verified"),
    ("`render` 是一个生成器函数。", "unverified"),  # it returns a joined string
    ("`walk` is not a generator.", "unverified"),
])
def test_claims_a_function_said_to_be_a_generator(chained_resolver: Resolver, text: str,
                                                  status: str) -> None:
    relation = "not returns" if " not " in text else "returns"
    assert claim_statuses(chained_resolver, text, relation) == [status]


def test_claims_a_count_of_definitions_besides_one_named(export_resolver: Resolver) -> None:
    # `pk/core.py` defines one class, `Thing`, and two functions
    assert claim_statuses(export_resolver, "`pk/core.py` defines one function besides "
                          "`helper`.", "definition_count") == ["verified"]
    assert claim_statuses(export_resolver, "`pk/core.py` defines two functions besides "
                          "`helper`.", "definition_count") == ["unverified"]
