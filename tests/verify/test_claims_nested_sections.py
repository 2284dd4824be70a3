"""Claims read from where a sentence sits and how its lists are joined: a method item
labelled with its kind deep in a class's section ("### 1. **Lexer Class**", "#### 1.1
Initialization", "- **`push` Method**: ..."), a Chinese list closed by ", 和", a list
of two kinds ("classes and functions"), the type a definite noun phrase gives a value
("the `lexlen` string"), an attribute bound more than once, what a class is
"initialized with", a value said to be a builtin's and a name a root `tests.py` also
binds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "lexing/__init__.py": "",
    "lexing/lex.py": '''\
class Lexer:
    """Splits text into tokens."""

    def __init__(self, reflags=0):
        self.lexlen = 0
        self.lexdata = None
        self.mode = 0
        self.reflags = reflags
        self.position = 0

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, value):
        self._state = value

    @property
    def depth(self):
        return 0

    def _get_level(self):
        return 0

    def _set_level(self, level):
        self.position = level

    level = property(_get_level, _set_level)
    offset = property(_get_level)

    def input(self, s):
        self.lexdata = s
        self.lexlen = len(s)
        self.mode = "text"

    def token(self):
        return None

    def clone(self):
        return Lexer()

    class State:
        depth = 1

        def push(self, state):
            return None


class FastLexer(Lexer):
    def token(self):
        return None


class Options:
    def __init__(self, table=None, hooks=None):
        self.table = table
        self.hooks = hooks

    def reset(self):
        self.hooks = {}


def make_lexer(flags=0):
    return Lexer(flags)


MODES = {"text": 1, "code": 2}


def slice(start, end):
    return {"type": "slice", "children": [start, end]}
''',
    # a test module at the root (jsonpatch's `tests.py`) with its own namesake
    "tests.py": '''\
MODES = {"text": 1}
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="nested")


_SECTION = ("## The module\n\n### 1. **{heading}**\n\nIt splits text.\n\n"
            "#### 1.1. **Initialization**\n\n- **`token` Method**: the next token.\n"
            "- **`{member}` Method**: what it does.\n")


@pytest.mark.parametrize("heading, member, statuses", [
    ("Lexer Class", "clone", ["verified", "verified"]),
    ("Lexer Class", "push", ["unverified", "verified"]),  # the nested class's, not its own
    ("`Lexer` class", "rewind", ["unverified", "verified"]),
    ("Usage", "rewind", []),  # a section about no code: whose methods is not said
    # listed as its own, a method every class gets from `object` must be written
    ("FastLexer Class", "__repr__", ["unverified", "verified"]),
    ("FastLexer Class", "__init__", ["verified", "verified"]),  # `Lexer`'s, inherited
])
def test_claims_a_kinded_method_item_deep_in_a_class_section(
        resolver: Resolver, heading: str, member: str, statuses: list[str]) -> None:
    text = _SECTION.format(heading=heading, member=member)
    found = claim_statuses(resolver, text, "has_item") + \
        claim_statuses(resolver, text, "has_method")
    assert sorted(found) == statuses


@pytest.mark.parametrize("text, statuses", [
    ("`Lexer` 类提供了多种方法来处理文本，包括 `input()`, `token()`, 和 `rewind()`。",
     ["unverified", "verified", "verified"]),
    ("`Lexer` 类提供了多种方法来处理文本，包括 `input()`, `token()`, `rewind()`。",
     ["unverified", "verified", "verified"]),
    ("The `Lexer` class provides methods to read text, including `input()`, `token()`, "
     "and `rewind()`.", ["unverified", "verified", "verified"]),
])
def test_claims_each_name_of_a_list_closed_by_comma_and_conjunction(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    found = claim_statuses(resolver, text, "defines_member") + \
        claim_statuses(resolver, text, "has_method")
    assert sorted(found) == statuses


@pytest.mark.parametrize("text", [
    "The module contains the `Lexer`, `make_lexer`, and `State` classes and functions.",
    "该模块包含 `Lexer`, `make_lexer`, 和 `State` 类和函数。",
    "该模块包含 `Lexer`、`make_lexer` 和 `State` 类与函数。",
])
def test_reads_no_kind_of_a_list_of_two_kinds(resolver: Resolver, text: str) -> None:
    assert claim_statuses(resolver, text, "kind") == []


@pytest.mark.parametrize("text, statuses", [
    ("The `lexlen` string is the length of the input.", ["unverified"]),
    ("The `lexlen` integer is the length of the input.", ["verified"]),
    ("The `lexlen` dictionary maps states to lengths.", ["unverified"]),
    # bound to `0` and to `"text"`: no one type
    ("The `mode` string is the current mode.", ["ignored"]),
    # bound to `None` first, then to a parameter's value: not written
    ("The `lexdata` string is the input.", ["ignored"]),
])
def test_claims_the_type_a_definite_noun_phrase_gives_a_value(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "value_type") == statuses


@pytest.mark.parametrize("text, statuses", [
    ("The `Lexer` class is initialized with a string `lexdata`.", ["unverified"]),
    ("The `Lexer` class is initialized with `reflags`.", ["verified"]),
    ("The `Lexer` object is created with an integer `reflags`.", ["verified"]),
])
def test_claims_what_a_class_is_initialized_with_as_its_parameters(
        resolver: Resolver, text: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "has_param") == statuses


def test_an_attribute_initialized_with_a_value_is_no_parameter(resolver: Resolver) -> None:
    text = "The `lexlen` attribute is initialized with `0`."
    assert claim_statuses(resolver, text, "has_param") == []


@pytest.mark.parametrize("heading", ["The Lexer Class", "The `Lexer` Class", "Lexer 类"])
def test_a_heading_about_one_class_claims_no_kind_of_its_items(resolver: Resolver,
                                                                heading: str) -> None:
    text = (f"## {heading}\n\n`Lexer` splits text. Its most useful members are:\n\n"
            "- `token`: the next token.\n- `clone`: a copy.\n")
    # (the heading's own "`Lexer` class" is one, true; none of `token` or `clone`)
    assert claim_statuses(resolver, text, "kind") in ([], ["verified"])
    assert claim_statuses(resolver, text, "has_item") == ["verified", "verified"]


@pytest.mark.parametrize("text, status", [
    ("`slice` returns a Python built-in `slice` object.", "unverified"),
    ("`slice` 返回一个 Python 内置的 `slice` 对象。", "unverified"),
    ("`slice` returns a built-in `dict`.", "verified"),
])
def test_claims_a_value_said_to_be_a_builtins_against_the_builtin(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    ("`MODES` has two keys.", "verified"),
    ("`MODES` 里一共有一个键。", "unverified"),
])
def test_claims_of_the_librarys_name_not_a_root_test_modules(
        resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "member_count") == [status]


@pytest.mark.parametrize("text, status", [
    ("`state` has no setter.", "unverified"),
    ("`depth` has no setter.", "verified"),
    ("`state` can be reassigned through a property setter.", "verified"),
    ("`Lexer.depth` can be set through its setter.", "unverified"),
    ("`state` 属性同样可以通过 setter 修改。", "verified"),
    ("`Lexer.depth` 属性可以通过 setter 修改。", "unverified"),
    ("It adds a read-only `state` property.", "unverified"),
    ("`level` is a read-only property.", "unverified"),  # property(fget, fset)
    ("`offset` has no setter.", "verified"),  # property(fget)
    # an attribute its instances set is replaced by any assignment: no read-only property
    ("`position` is a read-only property.", "unverified"),
])
def test_claims_whether_a_property_can_be_assigned(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


def test_claims_a_bare_member_under_its_classs_label_as_that_classs(resolver: Resolver
                                                                     ) -> None:
    # `depth` is a property of `Lexer` and a class attribute of `State`
    text = "- **`Lexer`**:\n  - `depth` is a read-only property.\n"
    assert claim_statuses(resolver, text, "kind") == ["verified"]


@pytest.mark.parametrize("text, status", [
    ("The `make_lexer` function builds a lexer. The default value of its flag is 0.", None),
    ("The `flags` parameter of `make_lexer` sets the flags. The default value is 1.",
     "unverified"),
    ("The `flags` parameter of `make_lexer` sets the flags. The default value is 0.",
     "verified"),
    ("The `flags` parameter of `make_lexer` sets the flags. Its default value is 1.",
     "unverified"),
])
def test_claims_a_default_said_of_the_code_the_sentence_before_is_about(
        resolver: Resolver, text: str, status: str | None) -> None:
    assert claim_statuses(resolver, text, "default") == ([status] if status else [])


@pytest.mark.parametrize("text, status", [
    ("`FastLexer` 自己定义了 `token` 方法。", "verified"),
    ("`FastLexer` 自己定义了 `clone` 方法。", "unverified"),  # inherited from `Lexer`
    ("`FastLexer` itself defines the `clone` method.", "unverified"),
    ("`FastLexer` has a `clone` method.", "verified"),
])
def test_claims_a_member_said_defined_by_the_class_itself(resolver: Resolver, text: str,
                                                          status: str) -> None:
    found = claim_statuses(resolver, text, "defines_member") + \
        claim_statuses(resolver, text, "has_method")
    assert found == [status]


@pytest.mark.parametrize("text", [
    "1. `Lexer` 的 `token` 方法返回下一个记号。\n2. 该类的 `state` 是用 `@property` 装饰的。\n",
    "`Lexer.token` returns the next token. This class also has a `state` property.\n",
])
def test_this_class_after_a_sentence_about_a_member_is_its_class(resolver: Resolver,
                                                                 text: str) -> None:
    assert "unverified" not in claim_statuses(resolver, text, "kind")


@pytest.mark.parametrize("text, status", [
    # only the constructor binds `table`, to the parameter as it comes: its default is None
    ("The `table` parameter of `Options` defaults to an empty dict `{}`.", "unverified"),
    ("`Options` 的 `table` 默认是一个空 dict `{}`。", "unverified"),
    # `reset` binds `hooks` again: "defaults to {}" may mean what it binds there
    ("The `hooks` parameter of `Options` defaults to `{}`.", "unverified"),
    ("`Options` 的 `hooks` 默认是一个空 dict `{}`。", None),
])
def test_claims_a_default_the_constructor_only_passes_on(resolver: Resolver, text: str,
                                                         status: str | None) -> None:
    found = claim_statuses(resolver, text, "default")
    assert found == [status] if status else "unverified" not in found


@pytest.mark.parametrize("text, status", [
    ("`Lexer` 是 `lexing` 库中的一个装饰器，用于处理文本。", "unverified"),
    ("`Lexer` 是 `lexing` 包里的一个类。", "verified"),
    ("`make_lexer` 是 `lexing` 库中的一个类。", "unverified"),
    # the library named by its kind of package before the name
    ("`make_lexer` 是 Python 包 `lexing` 中的一个核心类，用于构建词法分析器。", "unverified"),
    ("`Lexer` 是 Python 库 `lexing` 里的一个类。", "verified"),
])
def test_claims_a_kind_said_with_the_library_it_is_in(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]
