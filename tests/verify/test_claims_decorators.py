"""Whether a name is a decorator: "`warn` is a decorator", "`retry` 是一个装饰器", "the
`timed` decorator" — judged by what the code does with a function, not by its name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "kit/__init__.py": "",
    "kit/tools.py": '''\
import functools

REGISTRY = []


def timed(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper


def retry(times):
    def decorate(func):
        return functools.update_wrapper(lambda *a: func(*a), func)
    return decorate


def register(func):
    REGISTRY.append(func)
    return func


def shout(text):
    return text.upper() + "!"


def describe(value):
    return f"<{value}>"


def log(message):
    print(message)


class Memo:
    def __init__(self, func):
        self.func = func

    def __call__(self, *args):
        return self.func(*args)


class Options:
    def __init__(self, name):
        self.name = name


class Marker:
    pass


@Marker
def marked():
    return 1


def plain_gen():
    yield Memo(None)


def fixture(func):
    return func


@fixture
def capture():
    yield Memo(None)
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="decorators")


@pytest.mark.parametrize("text, status", [
    # it builds a function of its own and hands it back (a factory's inner one too)
    ("`timed` is a decorator.", "verified"),
    ("The `timed` decorator records how long a call takes.", "verified"),
    ("`retry` 是一个装饰器。", "verified"),
    ("`timed` is a function.", "verified"),
    # the tree applies it with ``@``
    ("`Marker` is a class decorator.", "verified"),
    ("`Marker` 是一个类装饰器。", "verified"),  # what it decorates, not what it is
    # it hands back what it was given, as a registering decorator does: may be one
    ("`register` is a decorator.", "ignored"),
    # it returns a string, or nothing: applied to a function, no function would be left
    ("`shout` is a decorator that adds emphasis.", "unverified"),
    ("**`describe`**: A decorator for describing values.", "unverified"),
    ("`log` 装饰器用于记录日志。", "unverified"),
    # a class whose instances can be called may be one; one whose cannot is none
    ("`Memo` is a decorator.", "ignored"),
    ("`Options` is a decorator.", "unverified"),
    # a module is none
    ("`kit.tools` is a decorator.", "unverified"),
])
def test_claims_a_decorator_is_what_the_code_makes_of_a_function(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("`plain_gen` returns a `Memo` instance.", "unverified"),  # a generator
    # a decorator over a generator (``@pytest.fixture``, ``@contextmanager``) makes what a
    # caller gets: the body's ``yield`` does not say it
    ("`capture` returns a `Memo` instance.", "ignored"),
    ("### `capture`\n\nReturns a `Memo` instance.\n", "ignored"),
])
def test_claims_what_a_decorated_generator_returns_is_open(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # a list of members titled by a heading, a label or a lead-in, named without code
    ("### `Memo`\n\n#### Methods\n\n1. **shout**: Shouts.\n", "unverified"),
    ("### `Memo`\n\n**Methods:**\n\n- **shout(text)**: Shouts.\n", "unverified"),
    ("The `Memo` class has the following methods:\n\n- shout: Shouts.\n", "unverified"),
    ("### `Memo` 类\n\n主要方法：\n\n1. **shout**：大喊。\n", "unverified"),
    ("### `Memo`\n\n#### Methods\n\n1. **__call__**: Calls it.\n", "verified"),
    ("### `Memo`\n\n#### Attributes\n\n- **func**: The function.\n", "verified"),
])
def test_claims_a_member_list_written_without_code(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "has_item") == [status]


def test_claims_a_dunder_in_bold_is_the_dunder_not_the_emphasis(resolver: Resolver) -> None:
    # Markdown reads "**__call__**" as emphasis around "call": the name is as written
    text = "`Memo` has the following methods:\n\n- **__call__**: Calls it.\n"
    assert claim_statuses(resolver, text, "has_item") == ["verified"]
