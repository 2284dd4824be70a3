"""What a name is bound to, said in words: another name ("is bound to `Parser`", "is `parse`
under another name", "被绑定到"), a builtin (``OldError = OSError``), two functions said
to be one ("`legacy_parse` 就是 `dump`"), and a new object said of a method that returns
``self``. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/__init__.py": "",
    "kit/core.py": '''\
class Parser:
    def parse(self, text):
        return text


class Job:
    def tag(self, *tags):
        self.tags = tags
        return self

    def copy(self):
        return Job()


def parse(text):
    return Parser().parse(text)


def dump(obj):
    return str(obj)


Reader = Parser
load = parse
OldError = OSError
''',
    "kit/compat.py": "from kit.core import parse as legacy_parse\n\nWriter = dict\n",
    "kit/twice.py": "try:\n    Missing = FileNotFoundError\nexcept NameError:\n"
                    "    Missing = IOError\n",
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="bindings")


@pytest.mark.parametrize("text, status", [
    ("`Reader` is bound to `Parser`.", "verified"),
    ("`Reader` is bound to `dump`.", "unverified"),
    ("`load` is simply `dump` under another name.", "unverified"),
    ("`load` is just `parse` by another name.", "verified"),
    ("`OldError` 被绑定到 `ValueError`。", "unverified"),
    # a builtin bound once, which no name of the tree hides
    ("`OldError` is an alias of `ValueError`.", "unverified"),
    ("`OldError` is an alias of `IOError`.", "verified"),  # the same class in Python 3
    ("`Writer` is an alias for `list`.", "unverified"),
    ("`Writer` 是 `dict` 的别名。", "verified"),
    # bound twice: the other binding may hold
    ("`Missing` is an alias of `ValueError`.", "ignored"),
    # of two functions, "is" says they are one
    ("`legacy_parse` 其实就是 `dump`。", "unverified"),
])
def test_bindings_said_in_words(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "alias_of") + \
        claim_statuses(resolver, text, "subclass") == [status]


def test_a_name_bound_to_an_instance_is_no_alias(resolver: Resolver) -> None:
    # "bound to a `Parser`" says what it holds (an instance), not another name
    assert claim_statuses(resolver, "`Reader` is bound to a `Parser`.", "alias_of") == []


@pytest.mark.parametrize("text, status", [
    ("`Job.tag` returns a new `Job`.", "unverified"),
    ("`Job.tag` 返回的是一个新的 `Job` 对象。", "unverified"),
    ("`Job.tag` returns the `Job`.", "verified"),
    ("`Job.copy` returns a new `Job`.", "verified"),
])
def test_a_new_object_is_not_the_receiver(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


def test_a_return_said_under_a_condition_in_chinese(resolver: Resolver) -> None:
    # the condition between the subject and 返回 ("找不到时"), with no 在 before it
    assert claim_statuses(resolver, "`dump` 找不到时返回 `None`。", "returns") == ["unverified"]


@pytest.mark.parametrize("text, status", [
    ("- `kit.core.Reader`: This is a function.", "unverified"),  # a name bound to a class
    ("1. `kit.core.dump`: 这是一个用于转换的函数。", "verified"),
    ("`kit.core.Job` is the main class. This is a function.", "unverified"),
    ("`kit.core.Job` 是主要的类。这是一个模块。", "unverified"),
])
def test_a_bare_demonstrative_before_the_copula_is_the_named_code(
        resolver: Resolver, text: str, status: str) -> None:
    assert status in claim_statuses(resolver, text, "kind")


def test_a_bare_demonstrative_before_another_verb_is_left_alone(resolver: Resolver) -> None:
    # "This is called by ...": a passive whose subject a bold title may misname
    assert claim_statuses(resolver, "**Tag**: Tags the job. This is called by `kit.core.parse`.",
                          "calls") == []


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    files = {"ids/__init__.py": "", "ids/core.py": '''\
class Hashids:
    def __init__(self, salt="", min_length=0):
        separators = "cfhistu"
        self._salt = salt
        self._min_length = min_length
        self._separators = separators
        self.alphabet = "abc"
'''}
    yield from tree_resolver(tmp_path_factory, files, name="kept")


@pytest.mark.parametrize("text, status", [
    # a parameter or a local the class keeps under an underscore is no attribute
    ("The minimum length is set by the `min_length` attribute.", "unverified"),
    ("The `separators` attribute holds the separators.", "unverified"),
    ("The `salt` attribute of `Hashids` stores the salt.", "unverified"),
    ("The `alphabet` attribute holds the letters.", "verified"),
    ("The `_salt` attribute stores the salt.", "verified"),
])
def test_an_attribute_kept_under_an_underscore_is_not_the_public_name(
        kept: Resolver, text: str, status: str) -> None:
    assert claim_statuses(kept, text, "kind") == [status]


@pytest.fixture(scope="module")
def listed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    files = {"store/__init__.py": "from store.core import Cache\n\n__all__ = ['Cache']\n",
             "store/core.py": "class Cache:\n    pass\n\n\nclass Shard:\n    pass\n"}
    yield from tree_resolver(tmp_path_factory, files, name="listed")


@pytest.mark.parametrize("text, status", [
    ("The `Cache` class is an internal class used by the queue.", "unverified"),
    ("`Shard` is an internal class.", "verified"),   # not in the package's `__all__`
    ("`Cache` is a public class.", "verified"),
])
def test_internal_is_false_of_what_the_package_lists_in_all(
        listed: Resolver, text: str, status: str) -> None:
    assert claim_statuses(listed, text, "kind") == [status]
