"""Return values a function's body or docstring decides without an annotation, said in
relative clauses ("the `overlap` method, which returns a list"); kind nouns as the subject
of a list ("The main classes are `a`, `b` and `c`"); a module's variable that holds an
instance called a class."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import pytest

from pse.index.returns import shape_of
from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "spans/__init__.py": "",
    "spans/tree.py": '''\
class Span:
    def __init__(self, begin, end):
        self.begin = begin
        self.end = end

    def matches(self, other):
        return self.begin == other.begin and self.end == other.end

    def order(self, other):
        return -1 if self.begin < other.begin else 1

    def overlap(self, begin, end=None):
        """All spans overlapping the range.

        :rtype: set of Span
        """
        if end is None:
            return set()
        return self.lookup(begin, end)

    def names(self):
        """The names.

        Returns:
            list[str]: the names, sorted.
        """
        return self.lookup(0, 1)

    def size(self):
        """How many.

        Returns
        -------
        int
            the count
        """
        return self.lookup(0, 2)

    def spans(self):
        """The spans.

        :rtype: Iterable of Span
        """
        return self.lookup(0, 3)

    def lookup(self, begin, end):
        return self.cache.get((begin, end))


class _Parser:
    def read(self, text):
        return Span(0, len(text))


parse = _Parser()
make_span = Span
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="spans")


@pytest.mark.parametrize("expression, kind, name", [
    ("a == b and c == d", "literal", "bool"),     # ``and`` of comparisons
    ("not a or b in c", "literal", "bool"),
    ("-1 if a < b else 1", "literal", "int"),    # both branches one type
    ("'x' if a else 'y'", "literal", "str"),
    ("a and b", "unknown", ""),                  # an operand of unknown type
    ("1 if a else 2.0", "unknown", ""),          # two types
])
def test_index_reads_the_type_of_boolean_and_conditional_returns(expression: str, kind: str,
                                                                 name: str) -> None:
    shape = shape_of(ast.parse(expression, mode="eval").body)
    assert (shape.kind, shape.name) == (kind, name)


@pytest.mark.parametrize("text, statuses", [
    ("The `matches` method returns a list of spans.", ["unverified"]),
    ("The `matches` method returns a boolean.", ["verified"]),
    ("`order` returns an integer.", ["verified"]),
    # the docstring declares what the return statements leave open
    ("The `overlap` method returns a list of spans.", ["unverified"]),
    ("The `overlap` method returns a set of spans.", ["verified"]),
    ("`names` returns a list of names.", ["verified"]),   # Google style
    ("`names` returns a dict.", ["unverified"]),
    ("`size` returns a string.", ["unverified"]),         # numpydoc
    ("`size` returns a float.", ["ignored"]),             # numbers are said loosely
    ("`spans` returns a list.", ["ignored"]),             # no builtin type declared
    ("`lookup` returns a list.", ["ignored"]),            # nothing declared, nothing read
])
def test_claims_return_types_read_from_bodies_and_docstrings(resolver: Resolver, text: str,
                                                             statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses


@pytest.mark.parametrize("text, statuses", [
    ("Spans are found with the `overlap` method, which returns a list of spans.",
     ["unverified"]),
    ("Call `overlap`, which returns a set.", ["verified"]),
    ("The `Span` class provides the `matches` method that returns a string.",
     ["unverified"]),
    ("The `Span` class provides the `matches` method that returns a boolean.", ["verified"]),
])
def test_claims_a_relative_clause_says_its_claim_of_the_code_before_it(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "returns") == statuses


@pytest.mark.parametrize("text, statuses", [
    ("The main classes are `Span`, `parse`, and `_Parser`.",
     ["unverified", "verified", "verified"]),
    # a class bound to another name is still a class; a variable holds an instance
    ("Its key functions include `make_span` and `parse`.", ["unverified", "unverified"]),
    ("主要的类有 `Span`、`_Parser`。", ["verified", "verified"]),
    ("The main class is `Span`, while the main functions are `Span.matches`.",
     ["ignored", "verified"]),
])
def test_claims_a_kind_noun_as_the_subject_of_a_list(resolver: Resolver, text: str,
                                                     statuses: list[str]) -> None:
    assert sorted(claim_statuses(resolver, text, "kind")) == statuses


@pytest.mark.parametrize("text, statuses", [
    ("The `parse` class turns text into spans.", ["unverified"]),  # an instance
    ("The `make_span` class builds spans.", ["verified"]),         # another name of one
])
def test_claims_a_module_variable_holding_an_instance_is_no_class(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "kind") == statuses


_ARGUMENTS_TREE = {
    "labels/__init__.py": "",
    "labels/shapes.py": "class Shape:\n    pass\n",
    "labels/core.py": '''\
from typing import Optional, Union

from labels.shapes import Shape


def check(label: str, strict: bool) -> bool:
    return bool(label) or strict


def parse(text, *, loose=False):
    return text.split()


def join(*parts):
    return "".join(parts)


def context(label: str, pos: int, exception: bool = False) -> bool:
    return bool(label) and pos >= 0 or exception


def widen(data: Union[bytes, bytearray], scale: Optional[float] = None,
          items: "list[str] | None" = None, shape: Shape = None):
    return data


class Label:
    def __init__(self, text):
        self.text = text

    def pad(self, width, fill=" "):
        return self.text.ljust(width, fill)
''',
}


@pytest.fixture(scope="module")
def arguments(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _ARGUMENTS_TREE, name="labels")


@pytest.mark.parametrize("text, statuses", [
    ("`check` takes a string and a boolean.", ["verified"]),
    ("`check` takes a string.", ["unverified"]),                  # `strict` is required
    ("`parse` takes a string and returns a list.", ["verified"]),  # `loose` has a default
    ("`parse` takes a string and a boolean as parameters.", ["verified"]),
    ("`parse` takes a string, an integer and a list of strings.", ["unverified"]),
    ("`join` takes a string, a string and a string.", ["verified"]),  # *parts
    ("The `pad` method takes an integer.", ["verified"]),         # `self` is no argument
    ("The `Label` class takes a string and an integer.", ["unverified"]),  # its __init__
    ("`check` 函数接受一个字符串和一个布尔值作为参数。", ["verified"]),
    ("`parse` 和 `check` 两个函数接受一个字符串作为参数。", ["unverified", "verified"]),
    ("`check` takes a string that it parses.", []),                # no count said
    ("If `check` takes a string, it fails.", []),
])
def test_claims_arguments_described_by_their_types(arguments: Resolver, text: str,
                                                   statuses: list[str]) -> None:
    assert sorted(claim_statuses(arguments, text, "param_count")) == statuses


@pytest.mark.parametrize("text, statuses", [
    # arguments listed by what they are, said to be the parameters: how many
    ("`check` takes a label and a strictness flag as parameters.", ["verified"]),
    ("`parse` takes a text, a mode and a separator as arguments.", ["unverified"]),
    ("The `Label` class takes a text and a width as parameters.", ["unverified"]),
    ("`join` takes a prefix, a body and a suffix as its arguments.", ["verified"]),  # *parts
    ("`pad` 方法接受一个宽度和一个填充字符作为参数。", ["verified"]),
    ("`Label` 类接受一个文本和一个宽度作为参数。", ["unverified"]),
    # one argument's words may hold 和 ("一个日期和时间字符串"); the next opens with 一个
    ("`parse` 函数接受一个日期和时间字符串和一个格式和一个分隔符作为参数。", ["unverified"]),
    # a later clause's "它", its list ended by what the next clause says is returned
    ("`parse` 是一个函数，它接受一个文本、一个模式和一个分隔符，并返回一个列表。", ["unverified"]),
    ("The `parse` function is the entry point, and it takes a text, a mode and a separator "
     "and returns a list.", ["unverified"]),
    # what "它" stands for: the project's code the sentence before opened with
    ("labels 的 `check` 函数检查标签。它接受一个标签和一个开关作为参数。", ["verified"]),
    ("labels 的 `parse` 函数拆分文本。它接受一个文本、一个模式和一个分隔符作为参数。",
     ["unverified"]),
    # the first word of an item that is no noun ends it: one argument
    ("`parse` takes a text as its argument and returns a list.", []),
    ("`parse` takes a text, a mode and a separator and returns a list.", ["unverified"]),
    ("`check` takes a label and a flag, and returns a boolean.", ["verified"]),
    ("`parse` takes the text and returns a list as parameters.", []),
    # without "as parameters" the sentence may mean something else than the arguments
    ("`parse` takes a text and a mode into account.", []),
    ("`parse` takes a long time and a lot of memory.", []),
    ("If `check` takes a label and a flag as parameters, it passes.", []),
])
def test_claims_arguments_listed_by_what_they_are(arguments: Resolver, text: str,
                                                  statuses: list[str]) -> None:
    assert sorted(claim_statuses(arguments, text, "param_count")) == statuses


@pytest.mark.parametrize("text, statuses", [
    # each type goes, in order, to a parameter that accepts it
    ("`check` takes a string and an integer.", ["unverified"]),      # `strict` is a bool
    ("`check` 函数接受一个字符串和一个整数作为参数。", ["unverified"]),
    ("`context` takes a string and an integer.", ["verified"]),     # `exception` defaults
    ("`context` takes a string and a boolean.", ["unverified"]),    # `pos` is required
    ("`context` takes a string, an integer and a boolean.", ["verified"]),
    ("`context` takes an integer and a string.", ["unverified"]),   # the order is said
    # a union, the numeric tower, a literal default, a string annotation
    ("`widen` takes a byte string and an integer.", ["verified"]),  # a float takes an int
    ("`widen` takes a string.", ["unverified"]),
    ("`parse` takes a string and a boolean.", ["verified"]),        # `loose=False`
    ("`parse` takes a string and an integer.", ["unverified"]),
    ("`widen` takes a byte string, a float and a list of strings.", ["verified"]),
    ("`widen` takes a float and a byte string.", ["unverified"]),  # `data` comes first
    # a type the signature does not write plainly accepts anything
    ("`widen` takes a byte string, a float, a list and a string.", ["verified"]),  # `Shape`
    ("The `Label` class takes a boolean.", ["verified"]),           # unannotated `text`
    ("`join` takes a string, an integer and a list.", ["verified"]),  # *parts
])
def test_claims_the_types_of_described_arguments(arguments: Resolver, text: str,
                                                 statuses: list[str]) -> None:
    assert claim_statuses(arguments, text, "param_count") == statuses


@pytest.mark.parametrize("text, relation, statuses", [
    # the second predicate of "The `f` function <verb>s ... and returns ..." is `f`'s
    ("The `check` function checks the label and returns a string.", "returns",
     ["unverified"]),
    ("The `check` function checks the label and returns a boolean.", "returns", ["verified"]),
    ("The `pad()` method of the `Label` class pads the text and returns a string.",
     "returns", ["ignored"]),  # a method of some value's result: its type is not read
    # a parameter's relative clause: its default
    ("The `parse` function has an optional `loose` parameter that defaults to `True`.",
     "default", ["unverified"]),
    ("The `parse` function has an optional `loose` parameter that defaults to `False`.",
     "default", ["verified"]),
])
def test_claims_a_second_predicate_and_a_parameters_relative_clause(
        arguments: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert claim_statuses(arguments, text, relation) == statuses


@pytest.mark.parametrize("text, statuses", [
    # a method noun with a modifier before "such as": still its examples
    ("The `Label` class provides methods that let you change the text, such as `pad` and "
     "`strip`.", ["unverified", "verified"]),
    # another noun's modifier may give examples of its own object: no member claim
    ("The `Label` class has attributes that hold callbacks, such as `check`.", []),
])
def test_claims_examples_of_a_modified_method_noun(arguments: Resolver, text: str,
                                                   statuses: list[str]) -> None:
    found = claim_statuses(arguments, text, "has_method") + \
        claim_statuses(arguments, text, "has_item")
    assert sorted(found) == statuses


_HOMONYM_TREE = {
    "toposort.py": '''\
class CircularDependencyError(ValueError):
    def __init__(self, data):
        self.data = data


def toposort(data):
    return iter(())


class Stack:
    def list(self):
        return []
''',
}


@pytest.fixture(scope="module")
def homonyms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _HOMONYM_TREE, name="toposort")


@pytest.mark.parametrize("text, relation, statuses", [
    # an item under a label naming the function that shares its module's name
    ("1. **`toposort` 函数**:\n   - **参数**:\n     - `data`: 一个字典。\n", "has_item",
     ["verified"]),
    ("1. **`toposort` function**:\n   - `graph`: a dict.\n", "has_item", ["unverified"]),
    # "the built-in `list` class" is Python's, not the tree's method named `list`
    ("Its methods are like those of the built-in `list` class.", "kind", []),
    ("它的方法与内置的 `list` 类相似。", "kind", []),
    ("The `Stack.list` class holds items.", "kind", ["unverified"]),
])
def test_claims_homonyms_and_builtin_namesakes(homonyms: Resolver, text: str, relation: str,
                                               statuses: list[str]) -> None:
    assert claim_statuses(homonyms, text, relation) == statuses


@pytest.mark.parametrize("text, statuses", [
    # a fronted condition before what the item's code does: the call is still claimed
    ("1. **`parse` function**:\n   - If the text is empty, it uses the `check` function "
     "to test it.\n", ["unverified"]),
    ("`parse` splits text. When called, it calls `join`.", ["unverified"]),
    ("`check` tests a label. If it is empty, it calls `bool`.", ["verified"]),
])
def test_claims_a_condition_before_what_the_pronouns_code_does(
        arguments: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(arguments, text, "calls") == statuses
