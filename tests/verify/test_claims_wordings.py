"""Claims in wordings that put something between the subject and what is said of it: a
noun before the subject, a decorator said in Chinese word order with a measure word, a
demonstrative with a kind noun, a table row about one side of a function, a company
before the verb, a kind noun beside a name that is also a package, a value named by
its type before it is written. Decided against a small tree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "stamp/__init__.py": "from stamp.core import stamp\n\n__all__ = [\"stamp\"]\n",
    "stamp/values.py": "import dataclasses\n\nZERO = 0.0\n\n\n@dataclasses.dataclass\n"
                       "class Point:\n    x: int = 0\n\n\nclass Plain:\n    usage = ''\n",
    "stamp/words.py": '''\
import functools
import logging
from typing import TypeVar

RULES = ["a", "b", "c"]
WORDS = {"rice", "fish"}


def ordinal(number):
    return "th"


def ordinalize(number):
    return "%s%s" % (number, ordinal(number))


@functools.lru_cache(maxsize=None)
def pluralize(word):
    return word + "s"


NAMES: tuple = ("a", "b")
Kind = TypeVar("Kind")


def render(text):
    return _escape(text)


def _escape(text):
    return ordinal(text)


def retrying(target):
    @functools.wraps(target)
    def wrapper(*args):
        return target(*args)
    return wrapper


class Formatter(logging.Formatter):
    def format(self, record):
        return self.formatTime(record)
''',
    "stamp/core.py": '''\
class Base:
    pass


class Signer(Base):
    default_digest = "sha1"

    def __init__(self, key, salt=None):
        self.key = key

    @staticmethod
    def dumps(value):
        return str(value)

    def verify(self, value):
        return self.compare(value)

    def compare(self, value):
        return value == self.key


class Quiet(Signer):
    pass


def stamp(text):
    return text
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="wordings")


@pytest.mark.parametrize("text, statuses", [
    ("The constructor `Signer.__init__` accepts `key`, `pepper` and `salt`.",
     ["verified", "unverified", "verified"]),
    ("The constructor `Signer.__init__` accepts `key` and `salt`.", ["verified", "verified"]),
])
def test_claims_a_list_of_parameters_after_a_noun_phrase(resolver: Resolver, text: str,
                                                         statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, "has_param") == statuses


@pytest.mark.parametrize("text, status", [
    ("`Signer.dumps` 被声明为一个 `@classmethod`。", "unverified"),
    ("`Signer.dumps` 被定义为一个 `@staticmethod`。", "verified"),
    ("`stamp` 是 `Signer` 类上的一个 `@staticmethod`。", "unverified"),
    ("`dumps` 是 `Signer` 类上的一个 `@staticmethod`。", "verified"),
])
def test_claims_a_decorator_after_a_measure_word_or_a_place(resolver: Resolver, text: str,
                                                            status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


@pytest.mark.parametrize("text, status", [
    ("- **`Quiet`**:\n  - 这个 class 继承自 `Base`。\n", "verified"),
    ("- **`Quiet`**:\n  - 这个 helper 继承自 `Exception`。\n", "unverified"),
    ("- **`Quiet`**:\n  - This subclass inherits from `dict`.\n", "unverified"),
])
def test_claims_a_demonstrative_with_a_kind_noun_is_the_owner(resolver: Resolver, text: str,
                                                               status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    ("| 要点 | 说明 |\n|---|---|\n| `Signer.verify` 的实现 | 调用 `compare` |\n", "verified"),
    ("| 要点 | 说明 |\n|---|---|\n| `Signer.verify` 的实现 | 调用 `dumps` |\n", "unverified"),
    ("| Part | Note |\n|---|---|\n| `Signer.verify`'s implementation | Calls `stamp`. |\n",
     "unverified"),
])
def test_claims_a_row_about_one_side_of_a_function(resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert claim_statuses(resolver, text, "calls") == [status]


@pytest.mark.parametrize("text, status", [
    ("`Quiet` 与父类一起写在 `stamp/core.py` 里。", "verified"),
    ("`Quiet` 和它的父类一起定义在 `stamp/__init__.py` 中。", "unverified"),
    ("The top-level `stamp` function is defined in `stamp/__init__.py`.", "unverified"),
    ("The `stamp` function is defined in `stamp/core.py`.", "verified"),
])
def test_claims_a_place_past_a_company_or_a_kind_noun(resolver: Resolver, text: str,
                                                      status: str) -> None:
    assert claim_statuses(resolver, text, "location") == [status]


@pytest.mark.parametrize("text, status", [
    ('By default, `Signer.default_digest` is set to the string `"md5"`.', "unverified"),
    ('By default, `Signer.default_digest` is set to the string `"sha1"`.', "verified"),
])
def test_claims_a_value_named_by_its_type(resolver: Resolver, text: str, status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`__all__` exports two names: `stamp` and `Signer`.", "member_count", "unverified"),
    ("`__all__` 里导出两个名字：`stamp` 和 `Signer`。", "member_count", "unverified"),
    ("The `ZERO` string is defined in `stamp/core.py`.", "location", "unverified"),
    ("`Plain.usage` 这个 class attribute 的初始值是 `None`。", "default", "unverified"),
    ("模块中的 `ZERO` 常量是整数 `0`，用来表示零。", "value_type", "unverified"),
    ("`Signer` declares an abstract `sign` method that subclasses override.", "has_method",
     "unverified"),
    ("`Point` 是用 dataclass 声明的。", "kind", "verified"),
    ("`Plain` 是用 dataclass 声明的。", "kind", "unverified"),
    ("| Aspect | Detail |\n|---|---|\n| Location | The `Quiet` class is defined in "
     "`stamp/values.py`. |\n", "location", "unverified"),
    ("1. `stamp` returns its text.\n2. Next it calls `Signer.verify` on the text.\n",
     "calls", "unverified"),
])
def test_claims_counts_values_and_kinds_in_more_wordings(resolver: Resolver, text: str,
                                                         relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, relation, status", [
    ("`ordinalize` is an alias of `ordinal`.", "alias_of", "unverified"),
    ("`pluralize` is wrapped in `functools.lru_cache` for speed.", "decorated", "verified"),
    ("`ordinal` 使用了 `@functools.lru_cache` 来缓存结果。", "decorated", "unverified"),
    ("`Point` 是一个用 `@dataclass` 定义的 class。", "kind", "verified"),
    ("`Point` is decorated with `@dataclass(frozen=True)`.", "kind", "unverified"),  # plain
    ("`retrying` is decorated with `functools.wraps`.", "decorated", "ignored"),
    ("In the source, `WORDS` is a `list` of strings.", "value_type", "unverified"),
    ("`RULES` is declared as a Python `list` rather than a tuple.", "value_type", "verified"),
    ("`WORDS` 是一个 `frozenset`，创建后不可修改。", "value_type", "unverified"),
    ("`RULES` lists 4 rules.", "member_count", "unverified"),
    ("`RULES` lists 3 rules for plurals.", "member_count", "verified"),
    ("`WORDS` 一共有 3 个 word。", "member_count", "unverified"),
])
def test_claims_aliases_decorators_values_and_counts(resolver: Resolver, text: str,
                                                     relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_names_denied_with_a_modifier_and_builtin_methods_called_are_no_inventions(
        resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    text = ("`stamp` 有，但没有对应的 `unstamp`。\n\nThere is no corresponding `unsign_all`.\n\n"
            "`RULES` 是一个列表，所以可以用 `insert(0, x)` 在前面插入。\n\n"
            "`RULES` is a list; call `bogus_insert(0, x)` on it.\n")
    statuses = {c.ref.text.strip("`"): c.result.status
                for c in check_documents([Document("doc.md", text)], resolver)
                if c.ref.kind != "claim"}
    assert statuses["unstamp"] == statuses["unsign_all"] == "ignored"
    assert statuses["insert(0, x)"] == "external"
    assert statuses["bogus_insert(0, x)"] != "external"  # no builtin type has it


@pytest.mark.parametrize("text, relation, status", [
    ("| Claim | Why |\n|---|---|\n| `RULES` lists 4 rules | the rules |\n", "member_count",
     "unverified"),
    ("| Claim | Why |\n|---|---|\n| `Quiet` 也是 `Plain` 的 subclass | 同一个 base |\n", "subclass",
     "unverified"),
    ("`render` calls `ordinal` directly.", "calls", "unverified"),
    ("`render` calls `ordinal`.", "calls", "unverified"),  # `_escape` does
    ("`render` eventually calls `ordinal`.", "calls", "verified"),
    ("`render` 通过 `_escape` 间接调用 `ordinal`。", "calls", "verified"),
    ("`render` 直接调用 `_escape`。", "calls", "verified"),
    ("`NAMES` 是一个 `list`。", "value_type", "unverified"),
    ("`words.py` 一共定义了三个 class。", "definition_count", "unverified"),
    ("`RULES` 其实是一个 `Enum`。", "subclass", "unverified"),
    ("`Kind` 是一个 `TypeVar`。", "subclass", "verified"),
])
def test_claims_rows_direct_calls_declared_types_and_is_a(resolver: Resolver, text: str,
                                                          relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


def test_a_method_the_code_calls_on_self_is_an_inherited_one(resolver: Resolver) -> None:
    from pse.verify.check import Document, check_documents

    text = "`Formatter.format` calls `formatTime`, not `formatTimes`.\n"
    statuses = {c.ref.text.strip("`"): c.result.status
                for c in check_documents([Document("doc.md", text)], resolver, strict=True)
                if c.ref.kind != "claim"}
    assert statuses["formatTime"] == "external"
    assert statuses["formatTimes"] == "unverified"


@pytest.mark.parametrize("text, said, denied", [
    # the name said in place of another denies the other (called by itself: `render`
    # reaches `ordinal` only through `_escape`)
    ("`render` calls `_escape` rather than `ordinal`.", ["verified"], ["verified"]),
    ("`render` 调用 `_escape` 而不是 `pluralize`。", ["verified"], ["verified"]),
    ("`render` calls `pluralize` rather than `_escape`.", ["unverified"], ["unverified"]),
    ("`render` 实际调用的是 `pluralize`。", ["unverified"], []),
])
def test_claims_a_name_said_instead_of_another(resolver: Resolver, text: str,
                                               said: list[str], denied: list[str]) -> None:
    assert claim_statuses(resolver, text, "calls") == said
    assert claim_statuses(resolver, text, "not calls") == denied


@pytest.mark.parametrize("text, status", [
    ("`ordinal` does not return anything.", "unverified"),  # it returns "th"
    ("`ordinal` 不返回任何值。", "unverified"),
    ("`Signer.__init__` returns nothing.", "verified"),
    ("`Signer.__init__` 没有返回值。", "verified"),
])
def test_claims_nothing_returned_is_a_claim_of_none(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "returns") == [status]


@pytest.mark.parametrize("text, status", [
    # the class statement's written bases decide, whatever lies above a base outside
    ("`Formatter` also lists `logging.Handler` as a second base class.", "unverified"),
    ("`Formatter` lists `logging.Formatter` as its base class.", "verified"),
])
def test_claims_a_base_the_class_statement_lists(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "subclass") == [status]


@pytest.mark.parametrize("text, status", [
    ("- **`Quiet`**:\n  - 和 `Plain` 一样，它也定义了 `usage`。\n", "unverified"),
    ("- **`Signer`**:\n  - 和 `Quiet` 一样，它也定义了 `dumps`。\n", "verified"),
])
def test_claims_a_comparison_before_the_sentence_leaves_its_subject(resolver: Resolver,
                                                                   text: str,
                                                                   status: str) -> None:
    statuses = [s for relation in ("defines", "defines_member", "has_method")
                for s in claim_statuses(resolver, text, relation)]
    assert statuses == [status]


@pytest.mark.parametrize("text, relation, statuses", [
    # a list after "'s parameters are" / 的参数是: each a parameter claim
    ("`Signer.__init__`'s parameters are `key`, `salt` and `pepper`.", "has_param",
     ["verified", "unverified", "verified"]),  # key, pepper, salt
    ("`Signer.__init__` 的参数是 `key`、`pepper`。", "has_param", ["verified", "unverified"]),
    # "declared as", 被声明为: is-a, read as inheritance
    ("`Quiet` is declared as a `Base` with one more method.", "subclass", ["verified"]),
    ("`Quiet` is defined as a `Plain`.", "subclass", ["unverified"]),
    ("`Quiet` 被声明为一个 `Plain`。", "subclass", ["unverified"]),
    # a decorator used, and a member named "the `x` member of `A`"
    ("`Signer.dumps` uses `@classmethod`.", "kind", ["unverified"]),
    ("`Signer.dumps` 用的是 `@staticmethod` decorator。", "kind", ["verified"]),
    ("The `dumps` member of `Signer` uses `@property`.", "kind", ["unverified"]),
    # a module's top level: its own definitions
    ("`core.py` 顶层一共定义了 4 个类。", "definition_count", ["unverified"]),
    ("`core.py` 模块顶层一共定义了 3 个类。", "definition_count", ["verified"]),
])
def test_claims_parameter_lists_declared_is_a_decorators_used_and_top_levels(
        resolver: Resolver, text: str, relation: str, statuses: list[str]) -> None:
    assert claim_statuses(resolver, text, relation) == statuses


_ROW = "| 项目 | 说明 |\n|---|---|\n"


@pytest.mark.parametrize("text, relation, status", [
    # a first cell naming a member through its owner, or the side of it the row tells
    (_ROW + "| `Signer` 的 `salt` | 默认值是 `1` |\n", "default", "unverified"),
    (_ROW + "| `Signer` 的 `salt` | 默认值是 `None` |\n", "default", "verified"),
    (_ROW + "| `Signer.dumps` 的返回值 | 返回 `None` |\n", "returns", "unverified"),
    # a cell whose own subject follows 默认 (kept, not dropped as an adverb)
    (_ROW + "| `Signer` | 默认 `salt` 为 `0` |\n", "default", "unverified"),
    ("默认 `default_digest` 为 `\"sha1\"`。", "default", "verified"),
])
def test_claims_rows_about_a_member_or_a_return_and_defaults_after_the_word(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    # 它 after a causal conjunction is the sentence's opening subject
    ("`Signer` 不能直接比较，因为它没有定义 `compare`。", "unverified"),
    ("`Quiet` 很常用，所以它没有定义 `sign`。", "verified"),
])
def test_claims_a_pronoun_after_a_causal_conjunction(resolver: Resolver, text: str,
                                                     status: str) -> None:
    assert claim_statuses(resolver, text, "not defines_member") == [status]


@pytest.mark.parametrize("text, relation, status", [
    # a member of a file named as its module's; "listed in" as the passive of "contains"
    ("The `__all__` list of `stamp/__init__.py` contains two names.", "member_count",
     "unverified"),
    ("`stamp/__init__.py` 的 `__all__` 里有 1 个名字。", "member_count", "verified"),
    ("`stamp` is listed in the `__all__` of `stamp/__init__.py`.", "defines_member", "verified"),
    ("`Signer` 也被列在 `stamp.__all__` 中。", "defines_member", "unverified"),
])
def test_claims_members_of_a_file_and_names_listed_in_a_value(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`Signer` 的默认 `salt` 是 `Base()`。", "unverified"),  # the owner before 默认
    ("`Signer` 的默认 `salt` 是 `None`。", "verified"),
])
def test_claims_a_default_with_its_owner_before_the_word(resolver: Resolver, text: str,
                                                         status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


def test_claims_a_name_listed_in_its_owners_value_is_not_read_of_another(
        resolver: Resolver) -> None:
    # "its `__all__`" is the module's named before, not any `__all__` of the tree
    text = "`Signer` is imported by `stamp/__init__.py` but is not listed in its `__all__`.\n"
    assert claim_statuses(resolver, text, "not defines_member") == []


@pytest.mark.parametrize("text, relation, status", [
    # a literal in a Chinese condition, and a whole sentence in a row about no code
    ("`Signer.verify` 遇到 `None` 时抛出 `KeyError`。", "raises", "unverified"),
    ("| Claim | File |\n|---|---|\n| Passing a bad key to `stamp` raises `KeyError` | x |\n",
     "raises", "unverified"),
])
def test_claims_literal_conditions_and_sentences_in_rows(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]


@pytest.mark.parametrize("text, status", [
    ("`Signer.dumps` 方法上写的是 `@classmethod`。", "unverified"),  # what is written on it
    ("`Signer.dumps` 上面写着 `@staticmethod`。", "verified"),
])
def test_claims_a_decorator_written_on_a_definition(resolver: Resolver, text: str,
                                                    status: str) -> None:
    assert claim_statuses(resolver, text, "kind") == [status]


def test_claims_a_decorator_said_in_english_inside_chinese(resolver: Resolver) -> None:
    assert claim_statuses(resolver, "`Signer.verify` 本身也被 `retrying` decorate 过。",
                          "decorated") == ["unverified"]


@pytest.mark.parametrize("text, status", [
    # a verb after a pronoun or a subordinating word is another subject's
    ("`stamp` to finish before it calls `render`, we wait.", []),
    ("我们等待 `stamp` 结束之后它才调用 `render`。", []),
    # the fallback reading still reads a plain clause
    ("`Signer.verify` then goes on and, for the comparison, calls `compare`.", ["verified"]),
])
def test_claims_a_verb_said_of_another_subject_is_not_the_first_names(
        resolver: Resolver, text: str, status: list[str]) -> None:
    assert claim_statuses(resolver, text, "calls") == status


@pytest.mark.parametrize("text, relation, status", [
    # the place first: a file said to hold a definition
    ("The `stamp/values.py` file contains the implementation of the `Signer` class.",
     "location", "unverified"),
    ("The `stamp/core.py` file contains the definition of `Signer`.", "location", "verified"),
    # "the `m` method in the `C` class": a member named through its owner, as with "of"
    ("The `usage` attribute in the `Signer` class is a property.", "defines_member",
     "unverified"),
])
def test_claims_a_file_holding_a_definition_and_a_member_in_its_class(
        resolver: Resolver, text: str, relation: str, status: str) -> None:
    assert claim_statuses(resolver, text, relation) == [status]
