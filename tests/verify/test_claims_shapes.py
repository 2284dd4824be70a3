"""Claims decided by the shape of the code a name stands for: an option taken from keyword
arguments with a fallback, an alias bound to an outside name, a function that returns a
subclass of a builtin or an outside class, a callable kept in an attribute, a ``def``
beside a wrapper of the same name, an exit, a cached property, and the wordings that say
these things. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.history import is_historical
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kiln/__init__.py": "",
    "kiln/glaze.py": '''\
import argparse
import inspect
import json
import sys
from datetime import timedelta
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterator, NamedTuple


KIND = inspect.Parameter.POSITIONAL_OR_KEYWORD
GLAZES = ("clear", "matte", "gloss")


class Options(dict):
    pass


class Firing:
    def __init__(self, *args, **kwargs):
        self.indent = kwargs.pop("indent", None)
        self.cone = kwargs.get("cone", 6)
        self.serializer = kwargs.pop("serializer", json.dumps)

    def render(self, record):
        return self.serializer(record)

    def log(self, message):
        return message.upper()

    @cached_property
    def schedule(self):
        return [self.cone]

    def plan(self):
        return list(self.schedule)

    def stream(self) -> Iterator[str]:
        yield self.label

    def lookup(self, key, default=None):
        try:
            return self.table[key]
        except KeyError:
            return default

    @property
    def label(self):
        return str(self.cone)


def options(pairs):
    return Options(pairs)


def duration(text):
    if text.endswith("h"):
        return Firing()
    return timedelta(hours=1)


def check(version):
    if version:
        return None
    raise ValueError("bad version")


def run(argv):
    folders = {"a": 1, "b": 2, "c": 3}.get(argv[0])
    parser = argparse.ArgumentParser()
    parser.add_argument("cone")
    arg_table = {"cone": 1, "heat": 2}
    parser.parse_args(argv, namespace=arg_table)
    return 2


def leave(code):
    sys.exit(code)


def kiln(cone, heat=1200, *, vent=False):
    return cone


def fetch(table, key, convert=None):
    value: str = table[key]
    if convert is not None:
        return convert(value)
    return value


class Spool(dict):
    pass


def shelves(count) -> list[Spool]:
    return [Spool() for _ in range(count)]


def first_shelf(count) -> Spool | None:
    return Spool() if count else None


SHELVES = Spool()


def decorate(func):
    def wrapper(*args):
        def inner():
            return func(*args)
        return inner()
    return wrapper


def bounds(values) -> tuple[int, int]:
    return min(values), max(values)


def spread(values):
    if not values:
        return 0, 0, 0
    return min(values), max(values), len(values)


class Kiln:
    def __init__(self, release_file="", retries=5):
        self.release_file = release_file or "/etc/kiln"
        self.retries = retries or 3

    def heat(self, degrees):
        self.degrees = degrees
        return self

    def is_hot(self):
        return self.degrees > 1000


try:
    from functools import partialmethod
except ImportError:
    class partialmethod:
        pass


class Record(NamedTuple):
    name: str


@dataclass
class Shelf:
    width: int


@dataclass(frozen=True)
class Rack:
    width: int = 0


@lru_cache(maxsize=64)
def cone_chart(cone):
    return cone


class Glaze:
    def derive(self, method):
        """Derive a key.

        >>> Glaze().derive(
... "concat")
        """
        if not isinstance(method, str):
            raise TypeError("method must be text")
        if method == "concat":
            return method + "!"
        elif method == "hmac":
            return method
        else:
            raise ValueError("unknown derivation method")


class Kettle:
    codec = json

    def __init__(self):
        self.water = []

    def __len__(self):
        return len(self.water)

    def __iter__(self):
        return iter(self.water)

    def __repr__(self):
        return "Kettle()"

    def pour(self):
        return self.water.pop()

    def empty(self):
        while len(self):
            self.pour()

    def drain(self):
        yield from self.water


def read_chart(path):
    try:
        with open(path) as handle:
            return handle.read()
    except OSError:
        return ""


class Chart:
    def __init__(self, path):
        self.path = path

    @property
    def text(self):
        with open(self.path) as handle:
            return handle.read()

    def first_line(self):
        return self.text.split("\\n")[0]


PAUSE = timedelta(minutes=5)
DEFAULT_OPTIONS = Options()
''',
    "kiln/shims.py": '''\
from kiln import glaze


def deprecated(func, replace=""):
    return func


check = deprecated(glaze.check, replace="kiln.glaze.check")
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="shapes")


@pytest.mark.parametrize("text, status", [
    # ``kwargs.pop("indent", None)``: no caller's value, the fallback
    ("`indent` defaults to `2`.", "unverified"),
    ("`indent` defaults to `None`.", "verified"),
    ("`Firing.cone` 的默认值是 `6`。", "verified"),
    ("`Firing.cone` 的默认值是 `8`。", "unverified"),
])
def test_claims_an_option_defaults_to_its_fallback(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    ("`KIND` is an alias for `inspect.Parameter.KEYWORD_ONLY`.", "unverified"),
    ("`KIND` is an alias for `inspect.Parameter.POSITIONAL_OR_KEYWORD`.", "verified"),
    ("`KIND` is kept as an alias of `inspect.Parameter.KEYWORD_ONLY` for old callers.",
     "unverified"),
    ("`KIND` is the same object as `inspect.Parameter.VAR_KEYWORD`.", "unverified"),
    ("`KIND` points to `inspect.Parameter.POSITIONAL_OR_KEYWORD`.", "verified"),
    ("`KIND` 指向 `inspect.Parameter.KEYWORD_ONLY`。", "unverified"),
    ("`KIND` 等同于 `inspect.Parameter.POSITIONAL_OR_KEYWORD`。", "verified"),
    ("`inspect.Parameter.POSITIONAL_OR_KEYWORD` 的别名是 `KIND`。", "verified"),
])
def test_claims_an_alias_of_an_outside_name(resolver: Resolver, text: str,
                                            status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


@pytest.mark.parametrize("text, status", [
    # ``Options(dict)``: a dict, no list, no named tuple
    ("`options` returns a `dict`.", "verified"),
    ("`options` returns a `list`.", "unverified"),
    ("`options` 的返回值是一个 `namedtuple`。", "unverified"),
    # ``timedelta(...)`` is no `Firing`; "always" is false of a function returning both
    ("`duration` returns a `Firing`.", "verified"),
    ("`duration` always returns a `Firing`.", "unverified"),
    ("不管输入是什么，`duration` 总是返回 `Firing` 对象。", "unverified"),
    ("`check` returns `None`.", "verified"),
    ("`run` returns `1` when the arguments are bad.", "unverified"),
    ("`run` returns `2`.", "verified"),
    # an outside class: ``Options(dict)`` is a `Mapping`, no `Namespace`; ``timedelta(...)``
    # is one; ``None`` is no `Path`
    ("`options` returns a `collections.abc.Mapping`.", "verified"),
    ("`options` returns an `argparse.Namespace`.", "unverified"),
    ("`duration` 返回一个 `datetime.timedelta`。", "verified"),
    ("`check` returns a `pathlib.Path`.", "unverified"),
    # the type noun heads its phrase, past the words before it
    ("`options` 返回一个配置字典。", "verified"),
    ("`options` returns a settings list.", "unverified"),
    ("`options` 返回的是一个由键值对组成的列表。", "unverified"),
    # the result named as a noun, or returned "as" a type
    ("`options` returns its result as a list.", "unverified"),
    ("`options` returns the settings mapping as a dict.", "verified"),
    ("`options` returns the integer count as a tuple.", "unverified"),
    ("`options` 的结果是一个列表。", "unverified"),
    ("`options` 会将结果以字典的形式返回。", "verified"),
])
def test_claims_returns_by_the_class_made(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # a bare name the tree has nothing of, that nothing reached names
    ("`Firing.log` calls `strftime`.", "unverified"),
    ("`Firing.log` calls `upper`.", "verified"),
    # ``self.serializer(record)`` may be the ``json.dumps`` the constructor keeps
    ("`Firing.render` calls `json.dumps`.", "ignored"),
    ("`Firing.render` calls `json.loads`.", "unverified"),
])
def test_claims_calls_of_names_and_kept_callables(resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # ``check`` is a def and a shim wrapping it: the body read is the def's
    ("`check` raises `ValueError`.", "verified"),
    ("`check` raises `SystemExit` when the version is bad.", "unverified"),
    ("`check` returns `True` when the version is valid.", "unverified"),
    # an exit comes from ``sys.exit`` or an ``argparse`` parser: code that makes one may
    # raise it (left open), code that makes none does not
    ("`leave` raises `SystemExit`.", "ignored"),
    ("`run` raises `SystemExit` on bad arguments.", "ignored"),
])
def test_claims_a_def_is_read_before_its_wrapper(resolver: Resolver, text: str,
                                                 status: str) -> None:
    relation = "returns" if "returns" in text else "raises"
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`Firing.schedule` is decorated with `@cached_property`.", "verified"),
    ("`Firing.label` 使用了 `@cached_property` 装饰器，结果只计算一次。", "unverified"),
    ("`Firing.label` is a property.", "verified"),
    ("`Firing.schedule` is a property.", "verified"),
])
def test_claims_a_cached_property_is_one(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`kiln` 除了 `cone` 之外还接受一个 `vent` 参数。", "verified"),
    ("`kiln` 除了 `cone` 之外还接受一个 `timeout` 参数。", "unverified"),
])
def test_claims_a_parameter_besides_another(resolver: Resolver, text: str,
                                            status: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == [status]


@pytest.mark.parametrize("text, status", [
    # a parameter named right after its noun, with or without a count
    ("The `kiln` function takes a single argument `cone` and fires it.", "verified"),
    ("The `kiln` function takes a single argument `item` and fires it.", "unverified"),
    ("`kiln` accepts the parameter `heat`.", "verified"),
    ("`kiln` 接受一个参数 `flame`。", "unverified"),
    ("`kiln` 接受参数 `vent`。", "verified"),
])
def test_claims_a_parameter_named_after_its_noun(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == [status]


@pytest.mark.parametrize("text, status", [
    # a class given its constructor (a dataclass, a NamedTuple): its fields are its
    # parameters
    ("`Shelf` takes a `width` parameter.", "verified"),
    ("`Shelf` takes a `depth` parameter.", "unverified"),
    ("`Record` 接受一个参数 `name`。", "verified"),
    ("The `Record` class has a `title` parameter.", "unverified"),
])
def test_claims_a_generated_constructors_parameters_are_the_fields(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "has_param") == [status]


@pytest.mark.parametrize("text, status", [
    # ``kiln(cone, heat=1200, *, vent=False)``, ``fetch(table, key, convert=None)``
    ("`kiln` has one required parameter.", "verified"),
    ("`fetch` takes two mandatory arguments.", "verified"),
    ("`fetch` has three required parameters.", "unverified"),
    ("`kiln` takes two optional parameters.", "verified"),
    ("`fetch` 有两个可选参数。", "unverified"),
    ("`fetch` 有两个必填参数。", "verified"),
    ("`kiln` takes four keyword arguments.", "unverified"),  # more than it names
    ("`kiln` takes two keyword arguments.", "ignored"),  # which two is not said
    ("`Firing` takes three optional parameters.", "ignored"),  # **kwargs may be counted
    ("`Firing` has two required parameters.", "unverified"),  # *args is never required
])
def test_claims_count_a_sort_of_parameters(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "param_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Kiln` overrides `__init__`.", "verified"),
    ("`Spool` defines its own `__init__`.", "unverified"),  # only `dict` and `object` do
    ("`Spool` overrides `__repr__`.", "unverified"),
    ("`Shelf` defines its own `__init__`.", "ignored"),  # `@dataclass` writes one
])
def test_claims_an_own_method_is_in_the_class_body(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "defines_member") == [status]


@pytest.mark.parametrize("text, status", [
    ("`run` uses `argparse.ArgumentParser`.", "verified"),
    ("`Firing.render` uses `string.Template`.", "unverified"),  # no file of it writes it
    ("`Firing.render` 内部借助 `string.Template` 完成替换。", "unverified"),
])
def test_claims_a_use_of_an_outside_class(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    ("`bounds` returns a tuple of two integers.", "verified"),
    ("`bounds` 返回一个包含三个元素的元组。", "unverified"),
    ("`spread` returns a three-element tuple.", "verified"),
    ("`spread` returns a tuple of two values.", "unverified"),
    ("`spread` 返回一个二元组。", "unverified"),
])
def test_claims_the_size_of_a_returned_tuple(resolver: Resolver, text: str,
                                             status: str) -> None:
    assert claim_statuses(resolver, text, "return_arity") == [status]


@pytest.mark.parametrize("text, status", [
    ("`shelves` returns a single `Spool`.", "unverified"),  # a list of them
    ("`shelves` 返回单个 `Spool`。", "unverified"),
    ("`first_shelf` returns a single `Spool`.", "verified"),  # one, or None
    ("`shelves` returns `Spool` objects.", "verified"),
])
def test_claims_a_single_value_is_no_collection(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # ``fetch(table, key, convert=None)``, ``kiln(cone, heat=1200, *, vent=False)``,
    # ``Firing.lookup(self, key, default=None)``
    ("The second argument of `fetch` is `key`.", "verified"),
    ("The first parameter of `fetch` is `key`.", "unverified"),
    ("`fetch` 的第三个参数是 `convert`。", "verified"),
    ("`kiln` 的第二个参数是 `vent`。", "unverified"),
    ("`kiln`'s third parameter is `vent`.", "verified"),  # keyword-only, in its place
    ("`Firing.lookup` takes `key` as its first argument.", "verified"),  # self not counted
    ("The last argument of `fetch` is `convert`.", "verified"),
    ("The argument of `fetch` is `table`.", None),  # which place is not said
])
def test_claims_which_parameter_comes_where(resolver: Resolver, text: str,
                                            status: str | None) -> None:
    assert claim_statuses(resolver, text, "param_position") == ([status] if status else [])


@pytest.mark.parametrize("text, relation, status", [
    # ``Firing.__init__(self, *args, **kwargs)`` reads ``cone`` from its keyword arguments
    ("`Firing` takes a `cone` argument.", "has_param", "ignored"),
    ("`Firing.__init__` explicitly declares a `cone` parameter.", "has_param", "unverified"),
    ("`Firing.__init__` 显式声明了 `cone` 参数。", "has_param", "unverified"),
    ("`Firing.__init__` 显式声明了两个参数。", "param_count", "unverified"),
    ("`Firing.__init__` declares two parameters, `*args` and `**kwargs`.", "param_count",
     "verified"),
])
def test_claims_a_parameter_said_to_be_declared(resolver: Resolver, text: str, relation: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`SHELVES` is an instance of `Spool`.", "verified"),
    ("`SHELVES` 是 `Kiln` 的一个实例。", "unverified"),
    ("`Kiln` is an instance of `type`.", "ignored"),  # a class: its metaclass's
])
def test_claims_an_instance_of_a_class(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`Firing.render` is a private helper method.", "kind", "unverified"),
    ("`Firing.render` 是一个公开方法。", "kind", "verified"),
    ("`Kiln.__init__` is a public method.", "kind", "verified"),  # a dunder is public
    ("`Firing.plan` leverages `Firing.schedule`.", "calls", "verified"),
    ("`Firing.log` makes use of `string.Template`.", "calls", "unverified"),
])
def test_claims_privacy_and_more_verbs_of_use(resolver: Resolver, text: str, relation: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`decorate` defines one nested function.", "verified"),  # not the one inside it
    ("`decorate` internally defines two helper functions.", "unverified"),
])
def test_claims_the_functions_a_function_defines(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Kiln.heat` returns itself, so calls can be chained.", "verified"),
    ("`Kiln.heat` 方法返回自身。", "verified"),
    ("`Kiln.is_hot` returns itself.", "unverified"),  # a comparison is never the receiver
    ("`Kiln.is_hot` returns `self`.", "unverified"),
])
def test_claims_a_method_returns_its_receiver(resolver: Resolver, text: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # ``Firing.plan`` calls ``list``; ``Firing.log`` calls only ``upper``
    ("`Firing` calls `list` when a plan is made.", "verified"),
    ("`Firing` calls `list` when a message is logged.", "unverified"),  # `log` does not
    ("`Firing` calls `list`.", "verified"),
])
def test_claims_a_call_said_of_when_a_method_runs(resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`Shelf` has a `width` method.", "has_method", "unverified"),  # a dataclass field
    ("`Shelf` has a `width` field.", "defines_member", "verified"),
])
def test_claims_a_record_field_is_no_method(resolver: Resolver, text: str, relation: str,
                                            status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("title, historical", [
    ("# Deprecations in kiln 2.0", True),
    ("# kiln 3.0 源码笔记：deprecated layer、CLI 和 type aliases", False),
    ("# Inside the source: the deprecated shims of kiln", False),
])
def test_a_title_that_reads_the_source_is_not_history(title: str, historical: bool) -> None:
    assert is_historical("notes.md", title + "\n\ntext\n", ["CHANGELOG*"]) is historical


def test_a_local_is_found_in_the_function_the_sentence_names(resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    def statuses(text: str) -> dict[str, str]:
        checked = check_documents([Document("doc.md", text)], resolver)
        return {c.ref.name: c.result.status for c in checked if c.ref.kind == "symbol"}

    assert statuses("`run` 里的 `arg_table` 字典有两个键。")["arg_table"] == "verified"
    # a local of no function the sentence names is found nowhere (left to --strict)
    assert statuses("The `arg_table` dict has two keys.")["arg_table"] != "verified"
    assert statuses("`leave` fills an `arg_table` first.")["arg_table"] != "verified"
    # named by the section before it: its heading, the list's lead-in, an earlier item
    assert statuses("## How `run` works\n\nIt builds `arg_table` first.\n")["arg_table"] \
        == "verified"
    assert statuses("`run` parses its input:\n\n- every key lands in `arg_table`\n"
                    )["arg_table"] == "verified"
    assert statuses("## How `leave` works\n\nIt builds `arg_table` first.\n"
                    )["arg_table"] != "verified"


@pytest.mark.parametrize("text, status", [
    ("`run` 里的 `arg_table` 字典有两个键。", "verified"),
    ("`run` 里的 `arg_table` 字典有三个键。", "unverified"),
    # a lookup in a mapping written in place is a count of that mapping
    ("- `run` 里的 `folders` mapping 一共有 3 个 key。", "verified"),
    ("The `folders` mapping in `run` has four keys.", "unverified"),
])
def test_claims_count_a_local_literal(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    # "uses" with no call written: named in the code it reaches, a property included
    ("`Firing.plan` 内部用的是 `schedule`。", "verified"),
    ("`Firing.plan` 借助 `label` 拼出结果。", "unverified"),
    ("`Firing.plan` 通过 `schedule` 来排期。", "verified"),
    ("`Firing.log` uses `KIND`.", "unverified"),
])
def test_claims_a_use_is_a_mention(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # ``value: str`` is an annotation: the body puts no ``str`` where ``convert`` was None
    ("`fetch` 的 `convert` 参数默认为 `str`。", "unverified"),
    ("`fetch` 的 `convert` 参数默认为 `None`。", "verified"),
    # ``self.x = x or "..."``: the fallback where the parameter's default is false
    ("`Kiln.release_file` defaults to `/etc/kiln`.", None),
    # the attribute's value; the parameter of that name defaults to "": which is meant?
    ("`Kiln.release_file` defaults to `'/etc/kiln'`.", "ignored"),
    ("`Kiln.release_file` defaults to `None`.", "unverified"),
    ("`Kiln.retries` defaults to `5`.", "verified"),
])
def test_claims_defaults_through_the_body(resolver: Resolver, text: str,
                                          status: str | None) -> None:
    assert claim_statuses(resolver, text, "default") == ([status] if status else [])


@pytest.mark.parametrize("text, status", [
    ("`Record` 继承自 `typing.NamedTuple`。", "verified"),
    ("`Record` inherits from `collections.OrderedDict`.", "unverified"),
    # a fallback class for an import that may fail is that import where it works
    ("`partialmethod` 直接就是 `functools.partialmethod`。", "verified"),
    ("`partialmethod` is a subclass of `functools.partial`.", "unverified"),
])
def test_claims_outside_bases_by_their_import(resolver: Resolver, text: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    # the condition's words are those of the ``raise ValueError`` site (test and message)
    ("`Glaze.derive` raises `TypeError` when given an unknown derivation method.",
     "unverified"),
    ("`Glaze.derive` raises `ValueError` when given an unknown derivation method.",
     "verified"),
    ("`Glaze.derive` raises `TypeError` when the method is not text.", "verified"),
    ("`Glaze.derive` raises `TypeError`.", "verified"),  # no condition: any site
])
def test_claims_a_raise_by_its_condition(resolver: Resolver, text: str, status: str) -> None:
    # (the docstring's doctest line at the margin does not keep the body from being read)
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`Rack` is decorated with `@dataclass(frozen=True)`.", "kind", "verified"),
    ("`Shelf` is decorated with `@dataclass(frozen=True)`.", "kind", "unverified"),
    ("`Shelf` is a `@dataclass`.", "kind", "verified"),
    ("`cone_chart` is decorated with `@lru_cache(maxsize=64)`.", "decorated", "verified"),
    ("`cone_chart` is decorated with `@lru_cache(maxsize=None)`.", "decorated", "unverified"),
    ("`Shelf` 的装饰器同样是 `@dataclass(frozen=True)`。", "kind", "unverified"),
    ("The decorator on `Rack` is `@dataclass(frozen=True)`.", "kind", "verified"),
])
def test_claims_a_decorators_keywords(resolver: Resolver, text: str, relation: str,
                                      status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_claims_a_field_by_the_class_a_table_row_names(resolver: Resolver) -> None:
    table = ("| class | note |\n|---|---|\n"
             "| `Shelf` | `width` defaults to `0` |\n"
             "| `Rack` | `width` defaults to `0` |\n")
    # a dataclass field with no value has no default; the same words of another row's
    # class are judged again, not taken from the row before
    assert claim_statuses(resolver, table, "default") == ["unverified", "verified"]


@pytest.mark.parametrize("text, relation, status", [
    # a count of times between the verb and its object; 反过来 / 继续 as adverbs
    ("`Firing.render` 内部会再调用一次 `json.loads`。", "calls", "unverified"),
    ("`Firing.plan` 内部会反过来调用 `log` 做检查。", "calls", "unverified"),
    # besides several parameters
    ("`kiln` 除了 `cone` 和 `heat` 之外还有一个 `vent` 参数。", "has_param", "verified"),
    ("`kiln` 除了 `cone` 和 `heat` 之外还有一个 `timeout` 参数。", "has_param", "unverified"),
    # 把 `E` raise 出去
    ("`check` 会把 `ValueError` 继续 raise 出去。", "raises", "verified"),
    ("`check` 会把 `KeyError` 继续 raise 出去。", "raises", "unverified"),
    # a kind said with where it lives
    ("`Glaze.derive` 是挂在 `Glaze` 上的一个 staticmethod。", "kind", "unverified"),
    ("`Glaze.derive` is declared as a `@staticmethod` on the class.", "kind", "unverified"),
    ("`Firing.label` is exposed through a `@property`.", "kind", "verified"),
    # a count of entries with up to three words before its noun
    ("`KIND` holds three private attribute names.", "member_count", "ignored"),
])
def test_claims_wordings_of_calls_params_raises_and_kinds(resolver: Resolver, text: str,
                                                         relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, relation, status", [
    # ``try: ... self.x[k] ... except KeyError: return default`` catches its own lookups
    ("`Firing.lookup` raises `KeyError` when the key is missing.", "raises", "unverified"),
    ("`fetch` raises `KeyError` when the key is missing.", "raises", "ignored"),
    # an iterator is no list
    ("`Firing.stream` returns a `list`.", "returns", "unverified"),
    ("`Firing.stream` yields `str` values.", "returns", "verified"),
    # what every class has from ``object`` is not one it implements; a dataclass's is
    ("`Firing` implements `__eq__`.", "defines_member", "unverified"),
    ("`Firing` has an `__eq__` method.", "has_method", "ignored"),
    ("`Rack` implements `__eq__`.", "defines_member", "ignored"),
])
def test_claims_what_the_code_catches_yields_and_implements(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, relation, status", [
    # "the `x` method of `Y`" is Y's x
    ("The `lookup` method of `Firing` raises `KeyError` when the key is missing.", "raises",
     "unverified"),
    ("The `log` method of the `Firing` class calls `upper`.", "calls", "verified"),
    ("The `label` attribute of `Firing` is a property.", "kind", "verified"),
    ("The `derive` method of `Kiln` returns a `str`.", "defines_member", "unverified"),
])
def test_claims_a_member_named_with_its_owner_after_it(resolver: Resolver, text: str,
                                                       relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`Spool` has a `__getitem__` method.", "verified"),      # inherited from dict
    ("`Spool` implements `__getitem__`.", "unverified"),      # ... not written by it
])
def test_claims_implemented_is_written_by_the_tree(resolver: Resolver, text: str,
                                                   status: str) -> None:
    relation = "defines_member" if "implements" in text else "has_method"
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a discourse marker before the subject says how the sentence fits, not what it claims
    ("Note that `KIND` is a `list`.", "value_type", "ignored"),  # (an attribute chain)
    ("Note that `Firing.plan` is a `classmethod`.", "kind", "unverified"),
    ("值得注意的是，`Firing.render` 会调用 `json.loads`。", "calls", "unverified"),
    ("其中 `Firing` 定义的是 `stream` 方法。", "has_method", "verified"),
    ("Also, `Firing.log` calls `upper`.", "calls", "verified"),
])
def test_claims_after_a_discourse_marker(resolver: Resolver, text: str, relation: str,
                                         status: str | None) -> None:
    assert claim_statuses(resolver, text, relation) == ([status] if status else [])


@pytest.mark.parametrize("text, relation, status", [
    # a prepositional phrase before the verb (对未知的名字); a word that says which name
    ("`Firing.lookup` 对缺失的键会抛出 `KeyError`。", "raises", "unverified"),
    ("`Firing.lookup` 对缺失的键不会抛出 `KeyError`。", "not raises", "verified"),
    ("The top-level `kiln` returns `cone`.", "returns", "ignored"),
    ("旧版的 `check` 会抛出 `ValueError`。", "raises", "verified"),
    # an adverb of direction or manner before the verb
    ("`check` 会向外抛出 `KeyError`。", "raises", "unverified"),
    ("`check` 在版本为空时会主动抛出 `ValueError`。", "raises", "verified"),
])
def test_claims_phrases_before_the_verb_and_the_name(resolver: Resolver, text: str,
                                                     relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("There are two classes in `kiln/shims.py`.", "unverified"),
    ("There is one function in `kiln/shims.py`.", "verified"),
    ("Only two functions are defined in `kiln/shims.py`.", "unverified"),
    # "module-level" / 模块级 says what a definition count counts anyway
    ("`kiln/shims.py` 里的模块级函数共有 2 个。", "unverified"),
    ("`kiln/shims.py` defines one top-level function.", "verified"),
])
def test_claims_a_count_of_definitions_said_of_where_they_are(resolver: Resolver, text: str,
                                                             status: str) -> None:
    assert claim_statuses(resolver, text, "definition_count") == [status]


@pytest.mark.parametrize("text, status", [
    # a value's type said with how many entries it holds: the count is a claim too
    ("`GLAZES` is a tuple of three strings.", "verified"),
    ("`GLAZES` is a tuple of four strings.", "unverified"),
    ("`GLAZES` 是一个包含四个字符串的元组。", "unverified"),
])
def test_claims_a_typed_value_with_its_count(resolver: Resolver, text: str,
                                             status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a name bound to a call of a class is an instance of it: an outside class's
    # (``timedelta(...)``) or one of the tree's, with what it derives from (``Options(dict)``)
    ("`PAUSE` is an integer.", "value_type", "unverified"),
    ("`PAUSE` 是一个 `datetime.timedelta`。", "subclass", "verified"),
    ("`PAUSE` is a `datetime.date`.", "subclass", "unverified"),
    ("`DEFAULT_OPTIONS` is a dict.", "value_type", "verified"),
    ("`DEFAULT_OPTIONS` is a `Spool`.", "subclass", "unverified"),
    ("`DEFAULT_OPTIONS` 是一个列表。", "value_type", "unverified"),
])
def test_claims_a_value_made_by_a_class_call(resolver: Resolver, text: str, relation: str,
                                             status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # a subject described by a clause with 的 after 这个; where its source is written
    ("`fetch` 这个从表里取值的 helper 是在 `kiln/shims.py` 中定义的。", "unverified"),
    ("`fetch` 这个从表里取值的 helper 是在 `kiln/glaze.py` 中定义的。", "verified"),
    ("`deprecated` 的源码写在 `kiln/glaze.py` 里。", "unverified"),
    ("`deprecated` 的源码写在 `kiln/shims.py` 里。", "verified"),
])
def test_claims_where_a_described_subject_is_written(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "location") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # words between the number and its noun narrow a count; a name after "besides" is
    # left out of it
    ("`Kettle` defines three dunder methods besides `__init__`.", "method_count", "verified"),
    ("`Kettle` defines four dunder methods besides `__init__`.", "method_count", "unverified"),
    ("除了 `__init__` 之外，`Kettle` 还定义了两个 dunder method。", "method_count", "unverified"),
    ("`Kettle` 一共有四个魔术方法。", "method_count", "verified"),
    ("`Kettle` has one abstract method.", "method_count", "ignored"),
    ("`Kettle` has nine abstract methods.", "method_count", "unverified"),
    ("`Kettle` has three methods.", "method_count", "verified"),  # past the dunders
    ("`Kettle` has one method.", "method_count", "unverified"),
    ("`Kettle` has eight methods.", "method_count", "unverified"),
    ("`GLAZES` has two items besides `clear`.", "member_count", "verified"),
    ("`GLAZES` has three items besides `\"clear\"`.", "member_count", "unverified"),
    # a count in the noun phrase that names what is counted
    ("The three items of `GLAZES` are listed below.", "member_count", "verified"),
    ("`GLAZES` 的四个元素分别是 `clear`、`matte`、`gloss` 和 `satin`。", "member_count",
     "unverified"),
    ("The first two items of `GLAZES` are `clear` and `matte`.", "member_count", "ignored"),
    ("`Kettle` 的 9 个方法都很简单。", "method_count", "unverified"),
    ("`GLAZES` is made of four strings.", "member_count", "unverified"),
    ("`GLAZES` enumerates three finishes.", "member_count", "verified"),
    ("`GLAZES` 中共有 4 项。", "member_count", "unverified"),
    ("`GLAZES` 里定义了三种釉面。", "member_count", "verified"),
    # a plural no lexicon lists counts a literal's entries, not a record's fields
    ("`GLAZES` keeps four strings.", "member_count", "unverified"),
    ("`GLAZES` holds three strings.", "member_count", "verified"),
    ("`GLAZES` 存了 4 个字符串。", "member_count", "unverified"),
    ("`Record` keeps two labels.", "member_count", "ignored"),
])
def test_claims_a_narrowed_count_and_what_it_leaves_out(resolver: Resolver, text: str,
                                                        relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # ``self.m()`` named as the callee: a method of the subject's own class
    ("`Kettle.empty` calls `self.pour()`.", "verified"),
    ("`Kettle.pour` 会调用 `self.empty()`。", "unverified"),
    # an attribute may hold any callable: its call is the claim's
    ("`Firing.render` calls `self.serializer()`.", "verified"),
])
def test_claims_a_call_through_self(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # the parameter left out, as a condition, then its default
    ("不传 `heat` 时默认用 `1000`。", "unverified"),
    ("在 `kiln` 里，没传 `heat` 时默认用 `1200`。", "verified"),
    ("没有指定 `vent` 参数的话，默认为 `True`。", "unverified"),
])
def test_claims_a_default_said_of_an_omission(resolver: Resolver, text: str,
                                              status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    # a module of the standard library as a value: `json` is not `pickle`
    ("`Kettle.codec` defaults to `pickle`.", "unverified"),
    ("`Kettle.codec` 的默认值是 `json` 模块。", "verified"),
])
def test_claims_a_module_as_a_default(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, status", [
    # the base in a relative clause before the kind noun
    ("`Record` 是一个继承 `NamedTuple` 的 class。", "verified"),
    ("`Record` 是一个继承自 `dict` 的类。", "unverified"),
    ("`Spool` 不是继承自 `list` 的类。", "verified"),
])
def test_claims_a_base_in_a_relative_clause(resolver: Resolver, text: str, status: str) -> None:
    relation = "not subclass" if "不是" in text else "subclass"
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # "only" with the parameters listed and counted in words
    ("`kiln` 只接受 `cone` 一个 parameter。", "unverified"),
    ("旧版的 `kiln` function 只接受 `cone` 一个 parameter。", "unverified"),
    ("`kiln` 只有 `cone` 这一个参数。", "unverified"),
    ("`kiln` 只接收 `cone`、`heat` 和 `vent` 三个参数。", "verified"),
])
def test_claims_only_the_parameters_listed(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "param_count") == [status]


@pytest.mark.parametrize("text, status", [
    # "uses" an outside function: a call, or a name in the code reached
    ("`run` uses `json.dumps`.", "unverified"),
    ("`run` 用 `json.dumps` 解析参数。", "unverified"),
    ("`leave` 用 `sys.exit` 退出。", "verified"),
    ("`run` relies on `argparse.ArgumentParser` to read its arguments.", "verified"),
])
def test_claims_uses_of_an_outside_function(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # a call of a function that yields returns a generator, annotated or not
    ("`Kettle.drain` returns a generator.", "verified"),
    ("`Kettle.drain` 返回一个列表。", "unverified"),
    ("`Firing.stream` 返回的是一个生成器。", "verified"),
    ("`Firing.plan` returns a generator.", "unverified"),
    ("`options` 返回一个迭代器。", "unverified"),
    ("`Kettle.drain` returns an iterator over the water.", "verified"),
])
def test_claims_a_generator_returned(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a name between commas after a noun phrase is the subject of what follows
    ("That tuple, `GLAZES`, is a `dict`.", "value_type", "unverified"),
    ("The helper, `kiln`, takes three parameters.", "param_count", "verified"),
    ("The helper, `kiln`, takes four parameters.", "param_count", "unverified"),
])
def test_claims_an_appositive_subject(resolver: Resolver, text: str, relation: str,
                                      status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # more ways to say a call: a name trailing the list, a loop, a passive with 由
    ("`Kettle.empty` first calls `len`, then `drain`.", ["unverified", "verified"]),
    ("`Kettle.empty` 先调用 `len`，然后是 `drain`。", ["unverified", "verified"]),
    ("`Kettle.empty` keeps calling `pour` until the kettle is empty.", ["verified"]),
    ("`Kettle.empty` 循环调用 `pour`。", ["verified"]),
    ("`Kettle.empty` delegates the work to `drain`.", ["unverified"]),
    ("`drain` 由 `Kettle.empty` 负责调用。", ["unverified"]),
    ("`Kettle.empty` 的实现里调用了 `drain`。", ["unverified"]),
])
def test_claims_calls_in_other_words(resolver: Resolver, text: str, status: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "calls")) == status


@pytest.mark.parametrize("text, relation, status", [
    # "frozen" says the decorator's keyword; a decorator "hung" on a function
    ("`Rack` is a frozen dataclass.", "kind", "verified"),
    ("`Shelf` is a frozen dataclass.", "kind", "unverified"),
    ("`Shelf` 是一个不可变的 dataclass。", "kind", "unverified"),
    ("`cone_chart` 上面挂了 `@lru_cache`。", "decorated", "verified"),
    ("`kiln` 上面挂了 `@lru_cache`。", "decorated", "unverified"),
])
def test_claims_what_a_decorator_says(resolver: Resolver, text: str, relation: str,
                                      status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # how many times the source calls a name
    ("`deprecated` 被调用了 1 次。", "verified"),
    ("`deprecated` is called twice.", "unverified"),
    ("`len` is called once.", "ignored"),   # not the tree's
    ("`options` is called twice.", "ignored"),   # its callers are outside the source
    ("`Kettle.pour` is called twice.", "ignored"),   # once, in a loop
])
def test_claims_how_many_times_a_name_is_called(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert claim_statuses(resolver, text, "call_count") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # one verb between two names, in a wording no frame reads
    ("`Kettle.empty` at some point calls `drain`.", "calls", ["unverified"]),
    ("`Kettle.empty` at some point calls `pour`.", "calls", ["verified"]),
    ("`Kettle.empty` is implemented by calling `Kettle.drain`.", "calls", ["unverified"]),
    ("`check` at the very end raises `KeyError`.", "raises", ["unverified"]),
    ("`Kettle` is honestly defined in `kiln/shims.py`.", "location", ["unverified"]),
    # not a plain statement of one relation, or not about the first name
    ("`Kettle.empty` at some point calls `drain` if needed.", "calls", []),
    ("`check` at the very end raises `run`.", "raises", []),
    ("The subclasses of `Options` include `Spool`.", "defines_member", []),
    ("One of `Kettle` methods calls `drain`.", "calls", []),
    ("The `vent` parameter and raise `KeyError` there.", "raises", []),
    ("`Options` used to be called `Spool`, and that name stays.", "calls", []),
    ("Create a `Kettle` and call `Kettle.pour`.", "calls", []),  # an order
    ("`Kettle.empty` calls a helper again on `Kettle.drain`.", "calls", []),
    ("`Kettle.empty` 最后会 call `drain`。", "calls", ["unverified"]),  # mixed text
    ("`check` at the very end raises a new `KeyError`.", "raises", ["unverified"]),
])
def test_claims_one_verb_between_two_names(resolver: Resolver, text: str, relation: str,
                                           status: list[str]) -> None:
    assert claim_statuses(resolver, text, relation) == status


@pytest.mark.parametrize("text, status", [
    # an OSError comes from a call that touches the system, or a property that makes one
    ("`read_chart` raises `OSError` when the file is missing.", "unverified"),  # caught
    ("`kiln` raises `PermissionError`.", "unverified"),
    ("`Chart.first_line` raises `OSError`.", "ignored"),  # through the `text` property
    ("`Chart.text` raises `OSError` when the file cannot be read.", "ignored"),
])
def test_claims_an_os_error_needs_a_call_that_touches_the_system(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    # a name bound to a value written out, or to an instance, is no other name
    ("`GLAZES` is an alias of `Options`.", "unverified"),
    ("`PAUSE` 是 `datetime.timedelta` 的别名。", "unverified"),
])
def test_claims_a_value_is_no_alias(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") == [status]


def test_claims_a_name_after_besides_is_no_subject(resolver: Resolver) -> None:
    # "除了 `cone` 还有一个 `vent` 参数" under a label: `cone` is what else is had, not who
    # has it (no claim that `cone` takes `vent`)
    text = "- **`kiln`**: 除了 `cone` 还有一个 `vent` 参数。\n"
    from pse.verify.check import Document, check_documents
    checked = check_documents([Document("doc.md", text)], resolver)
    assert not [c for c in checked if c.ref.kind == "claim" and "cone," in c.ref.name]
