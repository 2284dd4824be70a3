"""The claim grammar: relations, negation and counts read from en/zh/mixed prose.

The wordings here are deliberately not the benchmark's: other verbs, word orders,
passives and Chinese variants, so the grammar is tested as a grammar.
"""

from __future__ import annotations

import pytest

from pse.verify.claims.grammar import read_claims
from pse.verify.claims.prose import sentences


def _read(text: str, *, rst: bool = False) -> list[tuple[str, str, str, bool]]:
    return [(c.relation, c.subject, c.obj, c.negated)
            for s in sentences(text, rst=rst) for c in read_claims(s)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart` inherits from `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` directly derives from `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` 直接继承自 `shop` 模块中的 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 继承自标准库的 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 继承自 Python 内置的 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` is derived from `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` extends `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` is a direct subclass of `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Base` is the base class of `Cart`.", ("subclass", "Cart", "Base", False)),
    ("`Base` is subclassed by `Cart`.", ("subclass", "Cart", "Base", False)),
    ("`Cart`'s parent class is `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` has `Base` as its superclass.", ("subclass", "Cart", "Base", False)),
    ("`Cart` isn't a subclass of `Base`.", ("subclass", "Cart", "Base", True)),
    ("`Cart` never inherits from `Base`.", ("subclass", "Cart", "Base", True)),
    ("`Cart` 派生自 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 是从 `Base` 继承而来的。", ("subclass", "Cart", "Base", False)),
    ("`Base` 是 `Cart` 的父类。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 的基类是 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 并非 `Base` 的子类。", ("subclass", "Cart", "Base", True)),
    ("`Cart` 不继承 `Base`。", ("subclass", "Cart", "Base", True)),
    ("`Cart` is a `Base`.", ("subclass", "Cart", "Base", False)),
    # a member inherited from a base names the base, not the member
    ("`Cart` inherits the `items` field from `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` 从 `Base` 继承了 `items` 字段。", ("subclass", "Cart", "Base", False)),
    ("`Cart` inherits `clear` from `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` 通过 `Order` 继承了 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Base` 派生出了 `Cart`。", ("subclass", "Cart", "Base", False)),
])
def test_grammar_reads_inheritance(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("The `Cart` class keeps the items.", [("kind", "Cart", "class", False)]),
    ("Call its `checkout` method when done.", [("kind", "checkout", "method", False)]),
    ("The `Cart.total` property sums the prices.", [("kind", "Cart.total", "property", False)]),
    ("This `Cart.empty` class method builds one.", [("kind", "Cart.empty", "classmethod", False)]),
    ("The `shop.core` module holds it, and the `OutOfStock` exception is raised.",
     [("kind", "shop.core", "module", False), ("raised", "OutOfStock", "", False),
      ("kind", "OutOfStock", "exception", False)]),
    ("The `Cart` class directly derives from `Base`.",
     [("subclass", "Cart", "Base", False), ("kind", "Cart", "class", False)]),
    ("`Cart` 类保存商品。", [("kind", "Cart", "class", False)]),
    ("调用该 `checkout` 方法结账。", [("kind", "checkout", "method", False)]),
    # a clause after 而/但 ("whereas"): its noun phrase opens it
    ("`Cart` 类保存商品，而 `total` 函数计算总价。",
     [("kind", "Cart", "class", False), ("kind", "total", "function", False)]),
    # no kind claim: indefinite (the reader's code), a modifier, negated, another noun
    ("Write a `Plugin` class of your own.", []),
    ("The `timeout` class variable sets the limit.", []),
    # an attribute is a kind, "class attribute" one of its sorts
    ("The `timeout` class attribute sets the limit.",
     [("kind", "timeout", "attribute", False)]),
    # a kind word before "decorator" says what it decorates: the name is a decorator
    ("The `attr.s` class decorator adds methods.", [("kind", "attr.s", "decorator", False)]),
    ("There is no `Cart` class here.", []),
    ("It is not the `Cart` class that does this.", []),
    ("The `Cart` class instances are cheap.", []),
    ("与 `Cart` 类似的对象。", []),
    ("`Cart` 类型的对象。", []),
    ("Is the `Cart` class thread-safe?", []),
])
def test_grammar_reads_kinds_of_definite_noun_phrases(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`Cart` is implemented in `shop/core.py`.", ("location", "Cart", "shop/core.py", False)),
    ("`Cart` resides in the `shop.core` module.", ("location", "Cart", "shop.core", False)),
    ("The source of `Cart` is in `shop/core.py`.", ("location", "Cart", "shop/core.py", False)),
    ("`Cart` is not declared in `shop/util.py`.", ("location", "Cart", "shop/util.py", True)),
    ("`shop/core.py` defines `Cart`.", ("defines", "shop/core.py", "Cart", False)),
    ("`Cart` 实现在 `shop/core.py` 里。", ("location", "Cart", "shop/core.py", False)),
    ("`Cart` 来自 `shop.core` 模块。", ("location", "Cart", "shop.core", False)),
    ("`Cart` 在 `shop/core.py` 中定义。", ("location", "Cart", "shop/core.py", False)),
    ("在 `shop/core.py` 里可以找到 `Cart` 的定义。", ("location", "Cart", "shop/core.py", False)),
])
def test_grammar_reads_location(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("`fetch()` is an async function.", ("kind", "fetch()", "coroutine", False)),
    ("`Cart.total` is defined as a read-only property.",
     ("kind", "Cart.total", "read-only property", False)),
    ("`Cart.from_list` is a class method.", ("kind", "Cart.from_list", "classmethod", False)),
    ("`shop.util` is a plain module.", ("kind", "shop.util", "module", False)),
    ("`MAX_ITEMS` is not a function.", ("kind", "MAX_ITEMS", "function", True)),
    ("`EmptyCart` is an exception class.", ("kind", "EmptyCart", "exception", False)),
    ("`fetch()` 是一个异步函数。", ("kind", "fetch()", "coroutine", False)),
    ("`Cart.helper` 被写成了静态方法。", ("kind", "Cart.helper", "staticmethod", False)),
    ("`Cart` 不是一个函数。", ("kind", "Cart", "function", True)),
    ("`MAX_ITEMS` 其实是常量。", ("kind", "MAX_ITEMS", "constant", False)),
    # a purpose clause before the noun, the owner before it too
    ("`shop/core.py` 是用于匹配字符串的函数。", ("kind", "shop/core.py", "function", False)),
    ("`dedupe` 是 `shop` 中用于去除重复项的另一个主要类。", ("kind", "dedupe", "class", False)),
])
def test_grammar_reads_kinds(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text, expected", [
    ("`Cart.add()` expects a `qty` argument.", ("has_param", "Cart.add()", "qty", False)),
    ("`Cart.add()` has no `price` parameter.", ("has_param", "Cart.add()", "price", True)),
    ("`qty` is a keyword argument of `Cart.add()`.", ("has_param", "Cart.add()", "qty", False)),
    ("`qty` is accepted by `Cart.add()`.", ("has_param", "Cart.add()", "qty", False)),
    ("`Cart.add()` 支持 `qty` 参数。", ("has_param", "Cart.add()", "qty", False)),
    ("`Cart.add()` 不接受 `price` 参数。", ("has_param", "Cart.add()", "price", True)),
    ("`Cart` provides a `clear` method.", ("has_method", "Cart", "clear", False)),
    ("`Cart` lacks a `clear` method.", ("has_method", "Cart", "clear", True)),
    ("There is a `clear` method on `Cart`.", ("has_method", "Cart", "clear", False)),
    ("`clear` is a method of `Cart`.", ("has_method", "Cart", "clear", False)),
    ("`Cart` 提供了 `clear` 方法。", ("has_method", "Cart", "clear", False)),
    ("`Cart` 中没有 `clear` 这个方法。", ("has_method", "Cart", "clear", True)),
    ("`clear` 是 `Cart` 的一个方法。", ("has_method", "Cart", "clear", False)),
    ("`Cart` declares `items`.", ("defines", "Cart", "items", False)),
    ("`Cart` 声明了 `items`。", ("defines", "Cart", "items", False)),
])
def test_grammar_reads_parameters_and_members(text: str,
                                              expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text, count, besides", [
    ("`Cart.add()` takes exactly two arguments, not counting `self`.", "2", True),
    ("`Cart.add()` accepts 3 parameters including `self`.", "3", False),
    ("`checkout()` requires two parameters.", "2", None),
    ("不算 `self` 的话，`Cart.add()` 一共有两个参数。", "2", True),
    ("`checkout()` 需要 2 个参数。", "2", None),
    ("`checkout()` 的参数一共有十二个。", "12", None),
])
def test_grammar_reads_counts(text: str, count: str, besides: bool | None) -> None:
    [claim] = [c for s in sentences(text, rst=False) for c in read_claims(s)]
    assert (claim.relation, claim.obj, claim.besides_self) == ("param_count", count, besides)


@pytest.mark.parametrize("text, expected", [
    ("`checkout()` ends up calling `_charge()`.", ("calls", "checkout()", "_charge()", False)),
    ("`checkout()` delegates to `_charge()`.", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` is invoked by `checkout()`.", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` is used in `checkout()` to bill.", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` is only used inside `checkout()`.", ("calls", "checkout()", "_charge()", False)),
    ("`checkout()` doesn't call `fmt()`.", ("calls", "checkout()", "fmt()", True)),
    ("`checkout()` 会去调用 `_charge()`。", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` 会被 `checkout()` 调用。", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` 是被 `checkout()` 调用的。", ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` 在 `checkout()` 的循环中被调用。", ("calls", "checkout()", "_charge()", False)),
    ("`copy()` returns a shallow clone produced with `clone()`.",
     ("calls", "copy()", "clone()", False)),
    ("`total()` returns the sum computed by `_add()`.", ("calls", "total()", "_add()", False)),
    ("`checkout()` throws `EmptyCart`.", ("raises", "checkout()", "EmptyCart", False)),
    ("`EmptyCart` is raised by `checkout()`.", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` never raises `ShopError`.", ("raises", "checkout()", "ShopError", True)),
    ("`checkout()` 在购物车为空时抛出 `EmptyCart`。", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` 会引发 `EmptyCart` 错误。", ("raises", "checkout()", "EmptyCart", False)),
    ("`EmptyCart` 由 `checkout()` 抛出。", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` 不会抛出 `ShopError`。", ("raises", "checkout()", "ShopError", True)),
])
def test_grammar_reads_calls_and_raises(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", [
    "Keep `Cart` in mind for the next section.",
    "`Cart` is a good place to start reading.",
    "If `checkout()` raises `EmptyCart`, the order is dropped.",
    "Does `Cart` inherit from `Base`?",
    "Most of the complexity lives in the edge cases.",
    "后面的例子会多次提到 `Cart`。",
    "如果 `checkout()` 抛出 `EmptyCart`，订单会被丢弃。",
    "`Cart` has `items`.",
    "```python\n`Cart` inherits from `Base`.\n```",
    "# `Cart` inherits from `Base`",
])
def test_grammar_leaves_non_claims_alone(text: str) -> None:
    assert _read(text) == []


def test_grammar_reads_one_claim_per_clause_and_the_sentence_as_written() -> None:
    text = "- As the code shows, `Cart` inherits from `Base`; `fetch()` is a coroutine.\n"
    found = [c for s in sentences(text, rst=False) for c in read_claims(s)]
    assert [(c.relation, c.line, c.sentence) for c in found] == [
        ("subclass", 1, "As the code shows, `Cart` inherits from `Base`;"),
        ("kind", 1, "`fetch()` is a coroutine.")]


def test_grammar_reads_rst_roles_and_skips_rst_blocks() -> None:
    text = ("Intro\n=====\n\n:class:`Cart` inherits from ``Base``.\n\n"
            ".. code-block:: python\n\n   `Cart` extends `Base`.\n")
    assert _read(text, rst=True) == [("subclass", "Cart", "Base", False)]


def test_grammar_skips_lines_under_an_ignore_marker() -> None:
    text = "<!-- pse: ignore-next-line -->\n`Cart` extends `Base`.\n\n`Cart` extends `Item`.\n"
    assert _read(text) == [("subclass", "Cart", "Item", False)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart` builds on `Base`.", ("built_on", "Cart", "Base", False)),
    # a noun after the name, modifiers before the type, an English noun after it
    ("The `LEVEL` setting is a `str` that picks the level.", ("value_type", "LEVEL", "str", False)),
    ("`NAMES` 是一个由字符串组成的 `tuple`。", ("value_type", "NAMES", "tuple", False)),
    ("`MAX` 是一个 `int` constant。", ("value_type", "MAX", "int", False)),
    ("`Cart` is built on plain `Base`.", ("built_on", "Cart", "Base", False)),
    ("`a.x` and `b.x` are the same object.", ("alias_of", "a.x", "b.x", False)),
    ("`a.x` 和 `b.x` 是同一个函数。", ("alias_of", "a.x", "b.x", False)),
    ("`pkg` re-exports `x`.", ("defines", "pkg", "x", False)),
    ("`Cart` 定义了类属性 `limit`。", ("defines", "Cart", "limit", False)),
    ("`Lock` 这个别名定义在 `lock.py` 里。", ("location", "Lock", "lock.py", False)),
    ("`parse()` 的参数 `strict` 默认为 `False`。", ("default", "parse.strict", "False", False)),
    ("`f` 的 `sep` 默认是逗号 `\",\"`。", ("default", "f.sep", "','", False)),
    ("`Cart` has `Base` among its bases.", ("subclass", "Cart", "Base", False)),
    ("`Base` is one of `Cart`'s parents.", ("subclass", "Cart", "Base", False)),
    ("`Cart`'s MRO includes `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` inherits `Base`.", ("subclass", "Cart", "Base", False)),
    ("`Cart` 以 `Base` 为基类。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 是基于 `Base` 的。", ("built_on", "Cart", "Base", False)),
    ("`Cart` belongs to the `shop.core` module.", ("location", "Cart", "shop.core", False)),
    ("`Cart` 所在的文件是 `shop/core.py`。", ("location", "Cart", "shop/core.py", False)),
    ("`Cart.total` is decorated with `@property`.", ("kind", "Cart.total", "property", False)),
    ("`Cart.helper` 用 `staticmethod` 装饰。", ("kind", "Cart.helper", "staticmethod", False)),
    ("`checkout()` is a thin wrapper around `_charge()`.",
     ("calls", "checkout()", "_charge()", False)),
    ("`_charge()` 在 `checkout()` 中被调用。", ("calls", "checkout()", "_charge()", False)),
    ("`checkout()` uses `_charge()`.", ("calls", "checkout()", "_charge()", False)),
    ("`EmptyCart` 会在 `checkout()` 里被抛出。", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` 出错时会抛出 `EmptyCart`。", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()`'s signature includes `pay`.", ("has_param", "checkout()", "pay", False)),
    ("`pay` is one of the parameters of `checkout()`.",
     ("has_param", "checkout()", "pay", False)),
    ("`checkout()` can be called with `pay`.", ("has_param", "checkout()", "pay", False)),
    ("You can call `clear()` on `Cart`.", ("has_method", "Cart", "clear()", False)),
    ("No `clear` method exists on `Cart`.", ("has_method", "Cart", "clear", True)),
    ("`Cart` doesn't provide `clear`.", ("defines", "Cart", "clear", True)),
    ("`Cart` 不具备 `clear` 方法。", ("has_method", "Cart", "clear", True)),
    ("`Cart` 并未定义 `clear`。", ("defines", "Cart", "clear", True)),
    ("`Cart` — the basket — inherits from `Base`.", ("subclass", "Cart", "Base", False)),
])
def test_grammar_reads_other_wordings(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


def test_grammar_reads_later_predicates_of_the_opening_subject() -> None:
    # a later clause that opens with its predicate (after a conjunction or none) is said
    # of the code the sentence opened with
    assert _read("`Cart` 继承自 `Base`，并且有两个参数：`a` 和 `b`。") == [
        ("subclass", "Cart", "Base", False), ("param_count", "Cart", "2", False),
        ("has_param", "Cart", "a", False), ("has_param", "Cart", "b", False)]
    assert _read("`Cart` inherits from `Base` and has two parameters: `a` and `b`.") == [
        ("subclass", "Cart", "Base", False), ("param_count", "Cart", "2", False),
        ("has_param", "Cart", "a", False), ("has_param", "Cart", "b", False)]
    assert _read("`Cart` is a class, and it inherits from `Base`.") == [
        ("kind", "Cart", "class", False), ("subclass", "Cart", "Base", False)]
    assert _read("`Cart` 是一个类，继承自 `Base`。") == [
        ("kind", "Cart", "class", False), ("subclass", "Cart", "Base", False)]
    # no opening subject, or a clause with a subject of its own: nothing is carried
    assert _read("In this guide, inherits from `Base`.") == []
    assert _read("`Cart` is a class, `Item` inherits from `Base`.") == [
        ("kind", "Cart", "class", False), ("subclass", "Item", "Base", False)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart.total` has an `@abstractmethod` decorator.",
     ("decorated", "Cart.total", "abstractmethod", False)),
    ("`Cart.total` carries `@functools.cache`.", ("decorated", "Cart.total", "cache", False)),
    ("`Cart.total` is a `@staticmethod`.", ("kind", "Cart.total", "staticmethod", False)),
    ("The `@lru_cache` decorator wraps `Cart.total`.",
     ("decorated", "Cart.total", "lru_cache", False)),
    ("`Cart.total` is an `lru_cache`-decorated method.",
     ("decorated", "Cart.total", "lru_cache", False)),
    ("`Cart.total` is memoized with `functools.cache`.",
     ("decorated", "Cart.total", "cache", False)),
    ("`Cart.total` 上有 `@lru_cache` 装饰器。", ("decorated", "Cart.total", "lru_cache", False)),
    ("`LegacyCart` is an alias for `Cart`.", ("alias_of", "LegacyCart", "Cart", False)),
    ("`Cart` is aliased as `Basket`.", ("alias_of", "Basket", "Cart", False)),
    ("`Basket` 是 `Cart` 的别名。", ("alias_of", "Basket", "Cart", False)),
    ("`Basket` is not another name for `Cart`.", ("alias_of", "Basket", "Cart", True)),
])
def test_grammar_reads_decorators_and_aliases(text: str,
                                              expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text", [
    "`retry` wraps `fetch`.",          # a decorator wraps what it decorates: no call
    "`Cart` carries `total`.",         # no "@": not a decorator
])
def test_grammar_does_not_overread(text: str) -> None:
    assert [r for r in _read(text) if r[0] in {"calls", "subclass", "decorated"}] == []


@pytest.mark.parametrize("text", [
    "`Cart.total` 使用 `Rounder` 包装每一个价格。",  # wraps its arguments, not itself
    "`Cart.total` 用 `Rounder` 包装返回值。",
])
def test_grammar_a_wrap_with_an_object_is_no_decorator(text: str) -> None:
    assert [r for r in _read(text) if r[0] in {"kind", "decorated"}] == []


def test_grammar_marks_a_use_with_no_call_written_as_loose() -> None:
    # the judge reads "uses `x`" as a call only when `x` names functions alone
    [claim] = [c for s in sentences("`checkout()` uses `shop.util`.\n", rst=False)
               for c in read_claims(s)]
    assert (claim.relation, claim.obj, claim.obj_text) == ("calls", "shop.util", "loose")
    [claim] = [c for s in sentences("`checkout()` uses `total()`.\n", rst=False)
               for c in read_claims(s)]
    assert claim.obj_text == ""


def test_grammar_claims_are_about_names_not_expressions() -> None:
    assert _read("Passing `eq=False, order=True` will raise a `ValueError`.") == []
    assert _read("`fmt(value)` raises `TypeError`.") == [
        ("raises", "fmt(value)", "TypeError", False)]
    assert _read("A :exc:`Error` has a :meth:`~Error.show` method.") == [
        ("has_method", "Error", "Error.show", False)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart` is an abstract base class.", ("kind", "Cart", "abstract class", False)),
    ("`Cart` is a `Base` subclass.", ("subclass", "Cart", "Base", False)),
    ("`Cart` 的父类为 `Base`。", ("subclass", "Cart", "Base", False)),
    ("`Cart` 源自 `shop.core` 模块。", ("location", "Cart", "shop.core", False)),
    ("`Cart.add()` has an optional `qty` argument.", ("has_param", "Cart.add()", "qty", False)),
    ("`Cart` 上找不到 `clear` 方法。", ("has_method", "Cart", "clear", True)),
    ("`checkout()` passes control to `_charge()`.", ("calls", "checkout()", "_charge()", False)),
    ("`checkout()` 最终会委托给 `_charge()`。", ("calls", "checkout()", "_charge()", False)),
    ("`checkout()` raises an exception of type `EmptyCart`.",
     ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` blows up with `EmptyCart`.", ("raises", "checkout()", "EmptyCart", False)),
    ("`checkout()` 可能会引起 `EmptyCart`。", ("raises", "checkout()", "EmptyCart", False)),
])
def test_grammar_reads_more_wordings(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


@pytest.mark.parametrize("text, count", [
    ("`checkout()` takes 两个 parameters.", "2"),
    ("`checkout()` has 2 个参数。", "2"),
    ("The signature of `checkout()` has two parameters.", "2"),
])
def test_grammar_reads_mixed_counts(text: str, count: str) -> None:
    [claim] = [c for s in sentences(text, rst=False) for c in read_claims(s)]
    assert (claim.relation, claim.obj) == ("param_count", count)


def test_lexicon_alternations_are_grouped() -> None:
    """A bare ``a|b`` macro would split the frame it is pasted into."""
    from pse.verify.claims import lexicon

    for name, value in vars(lexicon).items():
        if name.isupper() and isinstance(value, str):
            depth = 0
            for index, char in enumerate(value):
                escaped = index > 0 and value[index - 1] == "\\"
                depth += {"(": 1, ")": -1}.get(char, 0) if not escaped else 0
                assert not (char == "|" and depth == 0 and not escaped), name


def test_grammar_reads_membership_of_an_mro_as_inheritance() -> None:
    assert _read("`object` is in `Cart`'s MRO.") == [("subclass", "Cart", "object", False)]


def test_grammar_reads_nested_list_items_but_not_indented_code() -> None:
    text = "- Classes:\n    - `Cart` extends `Base`.\n\nText.\n\n    `Cart` extends `Item`.\n"
    assert _read(text) == [("subclass", "Cart", "Base", False)]


def test_every_frame_compiles_and_has_cue_words() -> None:
    import re

    from pse.verify.claims import grammar

    assert {relation for relation, _ in grammar._FRAMES} <= set(grammar._CUES)
    for _, pattern in grammar._FRAMES:
        re.compile(pattern.replace(" ", " ?"))


def test_grammar_reads_own_definitions_as_members() -> None:
    assert _read("`Cart` has its own implementation of `clear`.") == [
        ("defines", "Cart", "clear", False)]


def test_cue_gates_never_hide_a_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every example above reads the same with the cue gates open (no frame is starved)."""
    import re

    from pse.verify.claims import grammar

    texts = [params[0] for test in list(globals().values())
             for mark in getattr(test, "pytestmark", []) if mark.name == "parametrize"
             for params in mark.args[1] if isinstance(params, tuple)]
    assert len(texts) > 100
    gated = [_read(text) for text in texts]
    monkeypatch.setattr(grammar, "_CUE", {r: re.compile("") for r in grammar._CUES})
    assert [_read(text) for text in texts] == gated


def test_claims_an_alias_called_a_name_is_not_a_call() -> None:
    text = "It comes with an alias for `structlog.get_logger` called `structlog.getLogger`.\n"
    assert [c for s in sentences(text, rst=False) for c in read_claims(s)] == []


def test_claims_a_doc_role_target_is_not_an_argument() -> None:
    text = "``pytest`` provides :std:doc:`Builtin fixtures <builtin>` to request resources.\n"
    assert [c for s in sentences(text, rst=True) for c in read_claims(s)] == []


def test_a_long_backtick_run_is_text_and_read_in_linear_time() -> None:
    # the old span pattern backtracked quadratically over a run of backticks
    text = "A run " + "`" * 50_000 + " and `Cart` is a class."
    assert _read(text) == [("kind", "Cart", "class", False)]


def test_strict_reading_takes_indefinite_noun_phrases_too() -> None:
    """In generated text ``a `decoder` class`` is about the project; in docs it is mostly
    the reader's own code, so only the strict (article) reading takes it."""
    text = "The module includes a `decoder` class and an `Error` exception."
    [sentence] = sentences(text, rst=False)
    assert [(c.subject, c.obj) for c in read_claims(sentence)] == []
    assert [(c.subject, c.obj) for c in read_claims(sentence, indefinite=True)] == [
        ("decoder", "class"), ("Error", "exception")]



@pytest.mark.parametrize("text, expected", [
    ("`Cart` and `Bag` are subclasses of `Base`.",
     [("subclass", "Cart", "Base", False), ("subclass", "Bag", "Base", False)]),
    ("Both `Cart` and `Bag` inherit from `Base`.",
     [("subclass", "Cart", "Base", False), ("subclass", "Bag", "Base", False)]),
    ("`add` and `clear` are methods.",
     [("kind", "add", "method", False), ("kind", "clear", "method", False)]),
    ("The `Cart` class in the `shop.core` module is a subclass of `Base`.",
     [("subclass", "Cart", "Base", False), ("kind", "Cart", "class", False),
      ("location", "Cart", "shop.core", False)]),
    ("`Cart`, a subclass of `Base`, keeps items.", [("subclass", "Cart", "Base", False)]),
    ("`Cart`, not a subclass of `Base`, keeps items.", [("subclass", "Cart", "Base", True)]),
    ("`Cart`, which inherits from `Base`, keeps items.", [("subclass", "Cart", "Base", False)]),
    ("`Cart` — which inherits from `Base` — keeps items.",
     [("subclass", "Cart", "Base", False)]),
    ("As a subclass of `Base`, `Cart` keeps items.", [("subclass", "Cart", "Base", False)]),
    ("Pass `qty` as a keyword argument to `Cart.add()`.",
     [("has_param", "Cart.add()", "qty", False)]),
    # a relative clause states a return type of the slot before it
    ("Call `make`, which returns a `Cart`, first.", [("returns", "make", "Cart", False)]),
    # no claim: an instance, an aside without a slot, a value passed
    ("Pass `cart` to `checkout()` to pay.", []),
    ("Pass `cart` as an argument to `checkout()`.", []),
    ("Use `app`, a `Shop` instance, to run it.", []),
    ("As a result, `Cart` keeps items.", []),
])
def test_grammar_reads_each_subject_of_coordinations_appositions_and_relatives(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


def test_grammar_reads_a_kind_and_a_place_said_together() -> None:
    assert _read("`Cart` is a class in the `shop.core` module.") == [
        ("kind", "Cart", "class", False), ("location", "Cart", "shop.core", False)]
    assert _read("`fmt` is a module-level helper function in `shop/core.py`.") == [
        ("kind", "fmt", "module-level function", False),
        ("location", "fmt", "shop/core.py", False)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart` is one of the classes in `shop/core.py`.",
     ("location", "Cart", "shop/core.py", False)),
    ("`fmt` is not a function defined in `shop/core.py`.",
     ("location", "fmt", "shop/core.py", True)),
    ("`Cart` 是 `shop.core` 模块中的类。", ("location", "Cart", "shop.core", False)),
    ("作为 `Base` 的子类，`Cart` 保存商品。", ("subclass", "Cart", "Base", False)),
])
def test_grammar_reads_a_kind_placed_in_a_module(
        text: str, expected: tuple[str, str, str, bool]) -> None:
    assert _read(text) == [expected]


def test_grammar_reads_past_a_tilde_underline_in_rst() -> None:
    for underline in ("~~~", "^^^"):
        text = (f"Guide\n=====\n\nSub\n{underline}\n\n"
                "``PoolManager`` subclasses ``ConnectionPool``.\n")
        assert _read(text, rst=True) == [("subclass", "PoolManager", "ConnectionPool", False)]


def test_grammar_lends_a_label_naming_code_to_a_subjectless_sentence() -> None:
    assert _read("- **`shop.Cart`**: Inherits from `Base`.\n") == [
        ("subclass", "shop.Cart", "Base", False)]
    assert _read("- `checkout()`: raises `EmptyCart`.\n") == [
        ("raises", "checkout", "EmptyCart", False)]
    # a label that names no code, or a remainder that has its own subject, lends nothing
    assert _read("- **Environment Variables**: Inherits from `Base`.\n") == []
    assert _read("- **Cart**: The `Item` class inherits from `Base`.\n") == [
        ("subclass", "Item", "Base", False), ("kind", "Item", "class", False)]


@pytest.mark.parametrize("text, expected", [
    ("The `Cart`, `Base` and `fetch` classes hold items.",
     {("kind", "Cart", "class", False), ("kind", "Base", "class", False),
      ("kind", "fetch", "class", False)}),
    ("`Cart`, `Base` and `fetch` are classes.",
     {("kind", "Cart", "class", False), ("kind", "Base", "class", False),
      ("kind", "fetch", "class", False)}),
    ("`Cart` 和 `Base` 都是类。", {("kind", "Cart", "class", False),
                               ("kind", "Base", "class", False)}),
    ("`Cart`, `Base` are not functions.", {("kind", "Cart", "function", True),
                                          ("kind", "Base", "function", True)}),
])
def test_grammar_reads_plural_kind_lists(text: str, expected: set[tuple[str, str, str, bool]]
                                         ) -> None:
    assert set(_read(text)) == expected


@pytest.mark.parametrize("text, expected", [
    # counts read from tags in any order: one name, a possession verb, one number and noun
    ("`State` consists of 3 values.", ("member_count", "State", "3", False)),
    ("There are three members in `State`.", ("member_count", "State", "3", False)),
    ("`State` holds four fields.", ("member_count", "State", "4", False)),
    ("`State` 的取值有三种。", ("member_count", "State", "3", False)),
    ("`State` 的成员共 4 个。", ("member_count", "State", "4", False)),
    ("`State` 一共声明了四个成员。", ("member_count", "State", "4", False)),
    ("`f` 有 two parameters。", ("param_count", "f", "2", False)),
])
def test_grammar_reads_counts_from_tags(text: str, expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize("text, narrowed", [
    ("`f` has two optional parameters.", ("optional",)),
    ("`f` takes two required keyword arguments.", ("required", "keyword")),
    ("`f` has two formal parameters.", ("formal",)),
    ("`f` 有两个必填参数。", ("必填",)),
    ("`f` 一共支持 8 个关键字参数。", ("关键字",)),
])
def test_grammar_param_counts_keep_the_sort_they_count(text: str,
                                                       narrowed: tuple[str, ...]) -> None:
    found = [c for s in sentences(text, rst=False) for c in read_claims(s)
             if c.relation == "param_count"]
    assert [c.narrowed for c in found] == [narrowed]


@pytest.mark.parametrize("text", [
    "`f` returns three values.",
    "`State` has at least three members.",
    "`State` does not have three members.",  # the frames read a negated count, not the tags
    "`State` 至少有三个成员。",
    "`State` can be one of three values.",  # two numbers
])
def test_grammar_tag_counts_leave_limited_or_ambiguous_clauses(text: str) -> None:
    assert not [c for c in _read(text) if c[0] == "member_count" and not c[3]
                or c[0] == "param_count"]


@pytest.mark.parametrize("text, expected", [
    # a kind with a tail that says a relation of its own: both claims
    ("`Cart` is a class defined in `shop/core.py`.",
     [("kind", "Cart", "class", False), ("location", "Cart", "shop/core.py", False)]),
    ("`Cart` is a small class deriving from `Base`.",
     [("kind", "Cart", "class", False), ("subclass", "Cart", "Base", False)]),
    ("`Cart` is a class that inherits from `Base`.",
     [("kind", "Cart", "class", False), ("subclass", "Cart", "Base", False)]),
    ("`empty` is a classmethod on `Cart`.",
     [("has_method", "Cart", "empty", False), ("kind", "empty", "classmethod", False)]),
    # a member of a kind said in two words: the member and its kind, said of the member
    ("`empty` is a class method on `Cart`.",
     [("has_method", "Cart", "empty", False), ("kind", "Cart.empty", "classmethod", False)]),
    ("`empty` 方法是 `Cart` 类的一个静态方法。",
     [("has_method", "Cart", "empty", False), ("kind", "Cart.empty", "staticmethod", False)]),
    ("`empty` is not a static method of `Cart`.",   # only its kind is denied
     [("kind", "Cart.empty", "staticmethod", True)]),
    # a parameter of a method, the parameter noun after its name (in a list of them too)
    ("`a`、`b` 和 `c` 参数是 `Cart.add` 方法的参数。",
     [("has_param", "Cart.add", "a", False), ("has_param", "Cart.add", "b", False),
      ("has_param", "Cart.add", "c", False)]),
    # a plain member, a relation written as a kind, a modifier: one reading
    ("`clear` is a method of `Cart`.", [("has_method", "Cart", "clear", False)]),
    ("`Cart` is a subclass of `Base`.", [("subclass", "Cart", "Base", False)]),
    # a decorator written as code: with "@", or a kind-making one without it
    ("`empty` is declared with `@classmethod`.", [("kind", "empty", "classmethod", False)]),
    ("`empty` 是一个 `classmethod`。", [("kind", "empty", "classmethod", False)]),
    ("`empty` 不是 `staticmethod`。", [("kind", "empty", "staticmethod", True)]),
    # an override is the owner's own definition, in Chinese and mixed wording too
    ("`Cart` 重写了 `clear` 方法。", [("defines", "Cart", "clear", False)]),
    ("- **`Cart`**：\n  - 自己也 override 了 `clear` method。\n",
     [("defines", "Cart", "clear", False)]),
])
def test_grammar_reads_a_kind_with_its_tail_and_decorators_as_code(
        text: str, expected: list[tuple[str, str, str, bool]]) -> None:
    assert _read(text) == expected


def test_grammar_an_anaphor_after_a_fronted_condition_is_the_subject() -> None:
    text = ("当 `host` 为 `None` 时，`Cart.__init__` 会抛出 `ValueError`。\n"
            "如果没有安装 redis 客户端库，该构造函数会抛出 `ImportError`。\n")
    assert _read(text) == [("raises", "Cart.__init__", "ValueError", False),
                           ("raises", "Cart.__init__", "ImportError", False)]
    # a definite kind noun after an English condition is the subject as "it" is
    assert _read("`Cart.add` checks the stock. If it is empty, the method raises "
                 "`StockError`.\n") == [("raises", "Cart.add", "StockError", False)]


def test_grammar_a_count_after_self_leaves_the_receiver_out() -> None:
    (claim,) = [c for s in sentences("After `self`, `Cart.add` takes two parameters.\n",
                                     rst=False) for c in read_claims(s)]
    assert (claim.relation, claim.obj, claim.besides_self) == ("param_count", "2", True)


def test_grammar_the_constructor_as_an_anaphor_is_the_classs_init() -> None:
    text = ("`Cart` holds the items. The constructor takes two parameters.\n\n"
            "- **`Cart`**：\n  - 在 PyPy 下运行时，constructor 会 raise `RuntimeError`。\n")
    assert _read(text) == [("param_count", "Cart.__init__", "2", False),
                           ("raises", "Cart.__init__", "RuntimeError", False)]


def test_grammar_the_ba_construction_puts_its_object_first() -> None:
    assert _read("把 `Cart.total` 的返回类型标注成 `int`。\n") == [
        ("returns", "Cart.total", "int", False)]
    assert _read("把 `qty` 的默认值设成 `2`。\n") == [("default", "qty", "2", False)]


@pytest.mark.parametrize("text, expected", [
    ("`Cart` 类中定义了 `total` 方法，该方法会抛出 `KeyError` 异常。",
     ("raises", "total", "KeyError", False)),
    ("`Cart` defines the `total` method, and this method raises `KeyError`.",
     ("raises", "total", "KeyError", False)),
])
def test_grammar_a_demonstrative_names_the_code_just_named(
        text: str, expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


def test_grammar_a_demonstrative_without_its_noun_before_names_nothing() -> None:
    # "该类" after `Base` written without 类: which class is meant is not said
    assert not [r for r in _read("`Cart` 继承自 `Base`，该类有 `total` 方法。")
                if r[0] in {"has_method", "defines_member"}]


@pytest.mark.parametrize("text, kind", [
    ("`LIMIT` is a module-level constant.", "constant"),
    ("`LIMIT` 是一个模块级常量。", "constant"),
    ("`load` is a top-level function.", "module-level function"),
])
def test_grammar_where_a_name_lives_is_no_kind(text: str, kind: str) -> None:
    assert [r[2] for r in _read(text) if r[0] == "kind"] == [kind]


@pytest.mark.parametrize("text, expected", [
    ("`Cart.total` 在购物车为空时 raise 的是 `KeyError`。",
     ("raises", "Cart.total", "KeyError", False)),
    ("`Cart.total` 调用的是 `_sum`。", ("calls", "Cart.total", "_sum", False)),
    ("`Cart.total` 返回的是拼接好的一个 `Decimal` 对象。",
     ("returns", "Cart.total", "Decimal", False)),
    # a fronted condition naming one name: the subjectless clause after it is about it
    ("如果 `Cart` 的价格为负数，会抛出 `ValueError`。", ("raises", "Cart", "ValueError", False)),
])
def test_grammar_clefts_and_a_conditions_name(text: str,
                                              expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


@pytest.mark.parametrize("text, expected", [
    ("`cart` is an instance of `Cart`.", ("subclass", "cart", "Cart", False)),
    ("`cart` 是 `Cart` 的一个实例。", ("subclass", "cart", "Cart", False)),
    ("`Cart` 是 `Base` 的 direct subclass。", ("subclass", "Cart", "Base", False)),
    ("`Cart.total` 的 `rate` 参数 default 值是 `None`。",
     ("default", "Cart.total.rate", "None", False)),
    ("`total` 的 `rate` 默认 `5`。", ("default", "total.rate", "5", False)),
])
def test_grammar_instances_and_mixed_wordings(text: str,
                                              expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


def test_grammar_a_class_noun_before_another_noun_counts_no_classes() -> None:
    # "eight class attributes" counts attributes; "three classes" counts classes
    assert not [r for r in _read("The `Themes` class has eight class attributes.")
                if r[0] == "definition_count"]
    assert ("definition_count", "m", "3", False) in _read("`m` defines three helper classes.")


@pytest.mark.parametrize("text, expected", [
    ("`retry` 装饰器接收一个 `delay` 参数。", ("has_param", "retry", "delay", False)),
    ("`cache` 这个静态方法返回 `None`。", ("returns", "cache", "None", False)),
    ("调用 `Cart.total` 方法时，会把价格加起来，并返回 `None`。",
     ("returns", "Cart.total", "None", False)),
])
def test_grammar_kind_nouns_after_a_subject_and_a_fronted_call(
        text: str, expected: tuple[str, str, str, bool]) -> None:
    assert expected in _read(text)


def test_grammar_a_label_with_its_type_in_parentheses_lends_its_name() -> None:
    # "- `x` (int): ..., default `1`": the type after the name is part of the label
    assert ("default", "interval", "1", False) in _read(
        "- `interval` (int): the pause between runs, default `1`.")


@pytest.mark.parametrize("text, count", [
    ("`f` 的参数个数为 2。", "2"),
    ("`f` 的参数数量是 3 个。", "3"),
])
def test_grammar_a_parameter_count_said_as_a_number_of(text: str, count: str) -> None:
    assert ("param_count", "f", count, False) in _read(text)


def test_counts_cut_chinese_at_the_words_they_know() -> None:
    # "自定义关键字参数": neither 定义 (define) nor 键 (key) is read inside the compound
    from pse.verify.claims.counts import read_count
    assert read_count("§0§一共支持8个自定义关键字参数") == (
        "param_count", "§0§", "8", "参数", ("自定义", "关键字"), ())
    assert read_count("§0§有三个 raw 键") == ("member_count", "§0§", "三", "键", ("raw",), ())


@pytest.mark.parametrize("text", [
    "The only base of `Cart` is `Base`.",
    "`Cart` 只有 `Base` 这一个基类。",
    "`Cart` 的唯一基类是 `Base`。",
    "`Cart` 唯一的基类是 `Base`。",
    "`ShoppingCartWithDiscounts` 只有 `AbstractShoppingBase` 这一个基类。",
    "`Cart` inherits only from `Base`.",
    "`Cart` derives solely from `Base`.",
    "`Cart` 只继承自 `Base`。",
    "`Cart` 仅继承 `Base`。",
])
def test_grammar_reads_an_only_base_as_a_count_of_one(text: str) -> None:
    subject = "ShoppingCartWithDiscounts" if "Shopping" in text else "Cart"
    base = "AbstractShoppingBase" if "Shopping" in text else "Base"
    assert _read(text) == [("subclass", subject, base, False),
                           ("base_count", subject, "1", False)]


@pytest.mark.parametrize("text", [
    "`Cart` inherits only from `Base` and `Mixin`.",  # two bases: no count of one
    "`Cart` 不仅继承 `Base`，还实现了 `run`。",
    "`Cart` is plain: it derives only from `object`.",  # a class that writes no base
])
def test_grammar_reads_no_count_of_one_base_where_more_may_be_meant(text: str) -> None:
    assert not [f for f in _read(text) if f[0] == "base_count"]


def test_grammar_reads_listed_subclasses_as_subclasses_not_members() -> None:
    # "有两个子类：`B` 和 `C`" lists what derives from `A`, not members of it
    found = _read("`Base` 有两个子类：`Cart` 和 `Order`。")
    assert ("subclass", "Cart", "Base", False) in found
    assert ("subclass", "Order", "Base", False) in found
    assert not [f for f in found if f[0] in {"has_item", "defines_member"}]


def test_grammar_a_call_wrapped_inside_a_method_is_no_decorator() -> None:
    # "wraps `f` in its `start` method": a call inside a method, not a decorator of `f`
    assert _read("`Runner` wraps `run_all` in its `start` method.") == [
        ("kind", "start", "method", False)]
    assert _read("The `@cache` decorator wraps `helper`.") == [
        ("decorated", "helper", "cache", False)]


def test_grammar_reads_an_override_past_where_the_method_comes_from() -> None:
    assert _read("`Cart` 重写了从 `Base` 继承来的 `run` 方法。") == [
        ("defines", "Cart", "run", False)]
