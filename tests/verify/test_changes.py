"""What a ``--since`` run selects (:mod:`pse.verify.changes`)."""

from __future__ import annotations

from pse.verify.changes import Scope, changed_definitions, python_names, removed_names
from pse.verify.refs import CheckedReference, Reference, Resolution

SOURCE = '''"""Module."""
LIMIT = 3


@decorated
class Client(Base):
    retries = 2

    def fetch(self, url):
        value = url
        return value

    def close(self):
        return None


def helper():
    return 1
'''


def test_changed_definitions_names_the_innermost_definition() -> None:
    # a line in fetch's body: fetch, with its whole span, not its class
    assert changed_definitions(SOURCE, [(10, 10)]) == (frozenset({"fetch"}),
                                                       ((9, 11), (10, 10)))


def test_changed_definitions_class_header_and_class_level_lines() -> None:
    names, spans = changed_definitions(SOURCE, [(5, 6)]) or ((), ())
    assert names == {"Client"} and (5, 6) in spans  # decorator and header only
    # a class-level line changes the class's members: the class is selected with it
    assert changed_definitions(SOURCE, [(7, 7)]) == (frozenset({"retries", "Client"}),
                                                     ((5, 6), (7, 7)))
    assert changed_definitions(SOURCE, [(2, 2)]) == (frozenset({"LIMIT"}), ((2, 2),))


def test_a_class_level_line_selects_its_class_a_method_line_does_not() -> None:
    """An enum member or class attribute changed may make "`State` has three members"
    false; a method's def line selects the method only (nearly every document names a
    project's main class)."""
    names, spans = changed_definitions(SOURCE, [(9, 9)]) or ((), ())
    assert names == {"fetch"} and (5, 6) not in spans
    names, spans = changed_definitions(SOURCE, [(8, 8)]) or ((), ())
    assert names == {"Client"} and (5, 6) in spans  # a blank class-level line


def test_changed_definitions_of_unparsable_text_is_none() -> None:
    assert changed_definitions("def broken(:\n", [(1, 1)]) is None


def test_removed_names_leave_out_what_stayed_and_python_words() -> None:
    removed = ["    def fetch(self, url: str, retry: bool = False) -> None:"]
    added = ["    def fetch_many(self, url: str, retry: bool = False) -> None:"]
    assert removed_names(removed, added) == {"fetch"}
    # a definition gone, though its name stays in a comment
    assert removed_names(["def old():"], ["# old() is gone"]) == {"old"}
    assert removed_names(["from pkg import thing"]) == {"pkg", "thing"}


def _checked(name: str, path: str, line: int) -> CheckedReference:
    ref = Reference(file="docs/a.md", line=1, text=f"`{name}`", name=name, kind="symbol")
    return CheckedReference(ref, Resolution("verified", evidence=((path, line),)))


def test_scope_keeps_evidence_in_changed_spans_only() -> None:
    scope = Scope(documents=frozenset(), paths=frozenset({"src/a.py", "src/b.js"}),
                  defined=frozenset({"fetch"}), removed_words=frozenset(),
                  spans={"src/a.py": ((9, 11),)})
    assert scope.keeps(_checked("Client.fetch", "src/a.py", 9))
    assert not scope.keeps(_checked("Client.close", "src/a.py", 13))
    assert scope.keeps(_checked("render", "src/b.js", 40))  # no spans: the whole file
    assert not scope.keeps(_checked("other", "src/c.py", 1))


def test_python_names_are_what_lines_bind_not_their_prose() -> None:
    lines = ["    # only retained for compatibility", "    Return the value only when",
             "from .x import (a, b as c)", "    d,", '    "e",', "    self.f: int = 1",
             "    def k(self, z: bool = False) -> None:", "    x == 1", "    return y"]
    assert python_names(lines) == {"a", "b", "c", "d", "e", "f", "k"}
