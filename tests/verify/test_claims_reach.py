"""Raises and calls judged over the code a function reaches, followed by what each call
is made on: ``self._items.get()`` on a dict runs no method of the tree, ``self.expire()``
runs the class family's ``expire``, a nested helper is its own function's, and a callback
handed on is the one its caller defined. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "shelf/__init__.py": "",
    "shelf/errors.py": '''\
class ShelfError(Exception):
    pass


class DuplicateBook(ShelfError):
    pass


class MissingBook(ShelfError):
    pass


class ShelfFull(ShelfError):
    """Never raised: nothing names it."""
''',
    "shelf/core.py": '''\
import heapq

from shelf.errors import DuplicateBook, MissingBook


class Shelf:
    def __init__(self):
        self._books = {}
        self._queue = []

    def get(self, title):
        if title not in self._books:
            raise MissingBook(title)
        return self._books[title]

    def add(self, title, book):
        if title in self._books:
            raise DuplicateBook(title)
        self._books[title] = book
        self._change(lambda books: books)

    def find(self, title):
        return self._books.get(title)

    def push(self, title):
        heapq.heappush(self._queue, title)
        self.expire()

    def expire(self):
        return None

    def insert(self, title):
        def change(books):
            books.setdefault(title, None)
        self._change(change)

    def _change(self, change):
        change(self._books)


class Archive:
    def expire(self):
        raise MissingBook("gone")


def render(titles):
    parts = []

    def flush():
        parts.append(",")

    flush()
    return parts


def load(path):
    def flush():
        raise DuplicateBook(path)

    flush()


def read_catalog(path):
    with open(path) as stream:
        return stream.read()


def backend():
    try:
        import sqlite3
    except ImportError:
        raise RuntimeError("no sqlite3") from None
    return sqlite3


def plain():
    import json
    return json


def _number(text):
    return int(text)


def _field(text):
    return _number(text.strip())


def parse_field(text):
    return _number(text)


def read_field(text):
    return _field(text)
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="reach")


@pytest.mark.parametrize("text, status", [
    # ``self._books.get()`` is a dict's get, not ``Shelf.get`` (which raises MissingBook)
    ("`Shelf.find` raises `MissingBook` when the title is unknown.", "unverified"),
    ("`Shelf.get` raises `MissingBook` when the title is unknown.", "verified"),
    # ``self.expire()`` is Shelf.expire, not Archive.expire
    ("`Shelf.push` raises `MissingBook`.", "unverified"),
    ("`Archive.expire` raises `MissingBook`.", "verified"),
    # a nested helper called by name is its own function's
    ("`render` raises `DuplicateBook`.", "unverified"),
    # (raised by the helper it calls: open, since "raises" may be said of its own code)
    ("`load` raises `DuplicateBook`.", "ignored"),
    # a callback handed on is the one this function defined, not another's of that name
    ("`Shelf.insert` raises `DuplicateBook`.", "unverified"),
])
def test_claims_raises_follow_the_receiver(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Shelf.push` calls `heapq.heappush`.", "verified"),
    ("`Shelf.find` calls `Shelf.get`.", "unverified"),
    ("`Shelf.push` calls `expire`.", "verified"),
])
def test_claims_calls_follow_the_receiver(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Shelf.push` calls `heapq.heapify`.", "unverified"),  # it calls heapq.heappush
    ("`Shelf.get` calls `warnings.warn` when the title is unknown.", "unverified"),
    ("`render` calls `warnings.warn`.", "unverified"),
])
def test_claims_an_outside_callee_nothing_names_is_not_called(resolver: Resolver, text: str,
                                                               status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    # a file is opened: it may be missing
    ("`read_catalog` raises `FileNotFoundError` when the file is missing.", "ignored"),
    ("`render` raises `FileNotFoundError` when the file is missing.", "unverified"),
    # an import caught and turned into another error, or none at all
    ("`backend` raises `ImportError` when sqlite3 is missing.", "unverified"),
    ("`plain` raises `ImportError` when json is missing.", "ignored"),
    ("`render` raises `ImportError`.", "unverified"),
])
def test_claims_errors_that_come_from_a_file_or_an_import(resolver: Resolver, text: str,
                                                           status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    # `int()` in a function it calls: it may raise ValueError on its behalf
    ("`parse_field` raises `ValueError` for a malformed number.", "ignored"),
    # an `int()` two calls down is that helper's accident, not what `read_field` raises
    ("`read_field` raises `ValueError` for a malformed number.", "unverified"),
])
def test_claims_a_builtin_error_raised_implicitly_by_a_function_it_calls(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "raises") == [status]


@pytest.mark.parametrize("text, status", [
    # no function named: the library must raise it somewhere
    ("`ShelfFull` is raised when the shelf has no room.", "unverified"),
    ("- **ShelfFull**:\n  - This exception is raised when the shelf has no room.\n",
     "unverified"),
    ("`ShelfFull` 在书架满了时被抛出。", "unverified"),
    ("`MissingBook` is raised when a title is unknown.", "verified"),
    # named in code (a base of others, a handler, a mapping): it may be raised
    ("`ShelfError` is raised when a shelf operation fails.", "ignored"),
])
def test_claims_an_error_said_to_be_raised_by_no_one_named(resolver: Resolver, text: str,
                                                            status: str) -> None:
    assert claim_statuses(resolver, text, "raised") == [status]
