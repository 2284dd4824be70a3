"""Structural claims decided against a small tree: verdicts, evidence, messages, fixes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.pipeline.patch import flagged_excerpt
from pse.report.references import render_json, render_text
from pse.report.sarif import render_sarif
from pse.verify.check import CheckedReference, Document, check_documents, to_findings
from pse.verify.resolve import Resolver
from pse.verify.strip import Span, strip_spans
from repo_fixtures import tree_resolver

_TREE = {
    "shop/__init__.py": "from shop.core import Cart, checkout\nfrom shop.errors import ShopError\n",
    "shop/errors.py": ("import json\n\n\nclass ShopError(RuntimeError):\n    pass\n\n\n"
                       "class EmptyCart(ShopError):\n    pass\n\n\n"
                       "class OutOfStock(ShopError):\n    pass\n"),
    "shop/core.py": '''\
import functools

from shop.errors import EmptyCart

MAX_ITEMS = 10


class Base:
    def describe(self):
        return "base"


class Cart(Base):
    def add(self, item, qty=1):
        self.items.append((item, qty))

    @property
    def total(self):
        return len(self.items)

    @classmethod
    def from_list(cls, items):
        return cls()

    @staticmethod
    def helper(value):
        return value

    def clear(self):
        self.items = []


async def fetch(url):
    return url


def _charge(cart):
    if not cart.items:
        raise EmptyCart("nothing to pay")


def checkout(cart, pay):
    _charge(cart)
    return pay(cart)


@functools.lru_cache(maxsize=None)
def cached(value):
    return value
''',
    "shop/util.py": "def fmt(value):\n    return str(value)\n",
    "shop/orders.py": ("from shop.core import Base, Cart\n\n\nclass Order:\n    pass\n\n\n"
                       "def place(cart) -> 'Order':\n    return Order()\n\n\n"
                       "def basket() -> Cart:\n    return Cart()\n\n\n"
                       "def anything(x):\n    return x\n"),
    "shop/modes.py": ("import enum\nfrom typing import Literal\n\nMode = Literal['fast', 'slow']\n"
                      "\n\nclass State(enum.Enum):\n    NEW = 1\n    PAID = 2\n    SENT = 3\n"
                      "    LOST = 4\n"),
    "shop/signer.py": "def sign(data, signer=None):\n    return data\n",
    "shop/maps.py": ("from typing import Dict, Sequence, TypeVar\n\nT = TypeVar('T')\n\n\n"
                     "def first(items: Sequence[T]) -> T:\n    return items[0]\n\n\n"
                     "def table() -> Dict[str, int]:\n"
                     "    return {}\n\n\ndef numbers() -> Sequence[int]:\n    return []\n\n\n"
                     "def flag() -> bool:\n    return True\n"),
    "shop/point.py": ("import typing\n\n\nclass Point(typing.NamedTuple):\n    x: int\n"
                      "    y: int\n"),
    "shop/records.py": ("import dataclasses\nfrom collections.abc import MutableSequence\n"
                        "from typing import Protocol\n\n\n@dataclasses.dataclass\nclass Line:\n"
                        "    sku: str\n    qty: int = 1\n\n\n@dataclasses.dataclass\n"
                        "class GiftLine(Line):\n    note: str = ''\n\n\n"
                        "class Priced(Protocol):\n    def price(self) -> int: ...\n\n\n"
                        "class Shelf(MutableSequence):\n    def insert(self, index, value):\n"
                        "        raise NotImplementedError('shelves are fixed')\n\n"
                        "    def resize(self, width, height):\n        return width\n\n\n"
                        "LegacyLine = Line\n"),
    "shop/plain.py": "def pairs() -> tuple:\n    return ()\n",
    "shop/api.py": "from shop.core import Cart\n\n__all__ = ['Cart']\n",
    "shop/hooks.py": 'class Hook:\n    """Subclass it to act on a paid order."""\n',
    "shop/payment.py": "class Payment:\n    pass\n",
    "shop/tickets.py": ("class Ticket:\n    def __init__(self, code, price):\n"
                        "        self.code = code\n        self.price = price\n"
                        "        self.stamp = None\n"),
    "shop/gift/__init__.py": "from shop.gift.kinds import gift\n",
    "shop/gift/kinds.py": "from shop.records import Line\n\n\nclass gift(Line):\n    pass\n",
    "shop/typed.py": ("from shop.core import Cart\n\n\ndef ship(cart: Cart, *, fast: bool = False)"
                      " -> None:\n    pass\n\n\ndef note(cart: Cart, text) -> None:\n    pass\n"),
    "shop/net.py": ("class Future:\n    def result(self):\n        return None\n\n\n"
                    "class Conn:\n    def connect(self, host):\n        self.host = host\n"
                    "        return self\n\n    def name(self):\n        return 'conn'\n\n"
                    "    def make(self):\n        return Future()\n\n\n"
                    "async def wait_for(fut, timeout):\n    if timeout is None:\n"
                    "        return await fut\n    return fut.result()\n"),
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="claims")


def _claims(resolver: Resolver, text: str, path: str = "doc.md") -> list[CheckedReference]:
    checked = check_documents([Document(path, text)], resolver)
    return [c for c in checked if c.ref.kind == "claim"]


def _status(resolver: Resolver, text: str) -> str:
    """The status of the one claim of ``text`` (of the one decided, where others are left
    open: "The `size` parameter of `f` is optional" claims a parameter and its default)."""
    claims = _claims(resolver, text)
    [claim] = [c for c in claims if c.result.status != "ignored"] if len(claims) > 1 \
        else claims
    return claim.result.status


@pytest.mark.parametrize("text, status", [
    ("`Cart` inherits from `Base`.", "verified"),
    ("`shop.Cart` is a subclass of `object`.", "verified"),
    ("`EmptyCart` derives from `RuntimeError`.", "verified"),
    ("`EmptyCart` is a subclass of `Exception`.", "verified"),
    ("`EmptyCart` 继承自 `Cart`。", "unverified"),
    ("`Cart` is a subclass of `OutOfStock`.", "unverified"),
    ("`Cart` is a subclass of `ValueError`.", "unverified"),
    ("`EmptyCart` 不是 `ShopError` 的子类。", "unverified"),
    ("`Cart` does not subclass `ShopError`.", "verified"),
    # a class that writes no base derives from nothing else, whatever the name is
    ("`Base` is a subclass of `MAX_ITEMS`.", "unverified"),
    ("`Base` is a subclass of `fetch`.", "unverified"),
    ("`Base` is a subclass of `object`.", "verified"),
    # no builtin or standard-library class derives from a class of the tree
    ("`Base` 类是 `object` 类的基类。", "unverified"),
    ("`Cart` is the base class of `dict`.", "unverified"),
    ("`Cart` is not a base class of `dict`.", "verified"),
    # two builtin or standard-library classes: as Python has them
    ("`LookupError` is a subclass of `OSError`.", "unverified"),
    ("`KeyError` is a subclass of `LookupError`.", "verified"),
    ("`zoneinfo.ZoneInfoNotFoundError` 继承自 `ValueError`。", "unverified"),
])
def test_claims_inheritance(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, status", [
    ("`Cart` is defined in `shop/core.py`.", "verified"),
    ("`shop.Cart` 定义在 `shop/core.py` 中。", "verified"),
    ("`Cart` lives in the `shop.core` module.", "verified"),
    ("`Cart` is defined in `shop/util.py`.", "unverified"),
    ("`fmt()` 位于 `shop.errors` 模块。", "unverified"),
    ("`Cart` lives in the `shop` package.", "ignored"),  # re-exported there
    ("`Cart.add` is defined in `shop/__init__.py`.", "unverified"),
    ("`Cart` lives in `shop/__init__.py`.", "ignored"),  # re-exported there: "from" it
    ("`Cart` is defined in `shop/__init__.py`.", "unverified"),  # imported, not defined
    ("`Cart` 定义在 `shop/__init__.py` 里。", "unverified"),
    # a plain file that imports it for its own use is not where it lives
    ("`Cart` lives in `shop/orders.py`.", "unverified"),
    ("`Cart` 放在 `shop/orders.py` 里。", "unverified"),
    # a plain module that only imports it is no place of it either, however the kind
    # is qualified; a module listing it in ``__all__`` re-exports it
    ("`Cart` lives in the `shop.orders` module.", "unverified"),
    ("`Cart` is a core class in the `shop.orders` module.", "unverified"),
    ("`Cart` 是 `shop.orders` 模块中的一个核心类。", "unverified"),
    ("`Cart` is one of the main classes in the `shop.core` module.", "verified"),
    ("`Cart` lives in the `shop.api` module.", "ignored"),
])
def test_claims_location(resolver: Resolver, text: str, status: str) -> None:
    # (a kind said with the place, "is a core class in", is a claim of its own)
    [claim] = [c for c in _claims(resolver, text) if c.ref.name.startswith("location(")]
    assert claim.result.status == status


_NAMESAKE_TREE = {
    "clock/__init__.py": "from clock.clock import now\n",
    "clock/clock.py": "def now():\n    return 0\n\n\ndef _zone(spec):\n    return spec\n",
    "clock/util.py": "def fmt(value):\n    return str(value)\n",
}


@pytest.fixture(scope="module")
def namesake_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _NAMESAKE_TREE, name="namesake")


@pytest.mark.parametrize("text, status", [
    # `clock` names the package and its submodule clock/clock.py: both readings hold
    ("`_zone` lives in the `clock` module.", "verified"),
    ("`_zone` 定义在 `clock` 模块中。", "verified"),
    ("`now` is defined in the `clock` module.", "verified"),
    # a package is no place of what only another submodule defines
    ("`fmt` lives in the `clock` module.", "unverified"),
    ("`fmt` lives in the `clock` package.", "unverified"),
])
def test_claims_location_in_a_submodule_named_as_its_package(
        namesake_resolver: Resolver, text: str, status: str) -> None:
    assert _status(namesake_resolver, text) == status


@pytest.mark.parametrize("text, status", [
    ("`Cart` is a class.", "verified"),
    ("`Cart` is a function.", "unverified"),
    # a span quoting a definition names what it defines (a Fix wrote the class's source
    # where a flagged sentence had its name)
    ("`class Cart(Base): def add(self, item, qty=1): ...` is a decorator.", "unverified"),
    ("`def checkout(cart, pay)` is a function.", "verified"),
    ("`async def fetch(url)` is a class.", "unverified"),
    ("`fetch()` is a coroutine function.", "verified"),
    ("`checkout()` 是一个协程函数。", "unverified"),
    ("`Cart.total` is a property.", "verified"),
    ("`Cart.clear` is a property.", "unverified"),
    ("`Cart.from_list` 是一个类方法（classmethod）。", "verified"),
    ("`Cart.helper` is declared as a classmethod.", "unverified"),
    ("`MAX_ITEMS` 是一个常量。", "verified"),
    ("`shop.util` is a module.", "verified"),
    ("`MAX_ITEMS` is a module.", "unverified"),
    ("`Cart.add` is a method.", "verified"),
    ("`Cart.add` is a function.", "ignored"),  # a defensible reading
    ("`EmptyCart` is an exception.", "verified"),
    ("`Cart` is not a module.", "verified"),
    ("`cached()` is a class.", "unverified"),  # no decorator makes a def a class
    ("`cached()` is a coroutine function.", "ignored"),  # but one may make it async
    ("The `shop/errors.py` file is a utility class.", "unverified"),  # a file is a module
    ("The `shop/errors.py` file is a Python module.", "verified"),
    ("The `errors.py` script is not a class.", "verified"),
])
def test_claims_kinds(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, status", [
    ("`Cart.add()` takes a `qty` parameter.", "verified"),
    ("`Cart.add()` 可以接收 `pay` 参数。", "unverified"),
    ("`Cart.add()` has 2 parameters besides `self`.", "verified"),
    ("`Cart.add()` has 3 parameters besides `self`.", "unverified"),
    ("除了 `self` 之外，`Cart.add()` 有 2 个参数。", "verified"),
    ("`checkout()` takes two arguments.", "verified"),
    ("`checkout()` 有 3 个参数。", "unverified"),
    ("`Cart` has a method named `clear`.", "verified"),
    ("`Cart` has a `describe` method.", "verified"),  # inherited
    ("`Cart` 有一个 `fmt` 方法。", "unverified"),
    ("`Cart` has no `clear` method.", "unverified"),
    ("There is no `fmt` method on `Cart`.", "verified"),
    ("`Cart` defines `total`.", "verified"),
    ("`Cart` defines `checkout`.", "unverified"),
])
def test_claims_parameters_and_members(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, statuses", [
    # a list after a parameter noun lists parameters: an attribute is no parameter
    ("`Ticket` takes three parameters: `code`, `price` and `stamp`.", {"verified", "unverified"}),
    ("`Ticket` 有三个参数：`code`、`price` 和 `stamp`。", {"verified", "unverified"}),
    ("`Ticket` takes two arguments: `code` and `price`.", {"verified"}),
    ("`Ticket` 有两个参数：`code` 和 `price`。", {"verified"}),
    # other member nouns keep reading members
    ("`Ticket` has three attributes: `code`, `price` and `stamp`.", {"verified"}),
])
def test_claims_a_parameter_list_names_parameters(resolver: Resolver, text: str,
                                                  statuses: set[str]) -> None:
    checked = _claims(resolver, text)
    assert {c.result.status for c in checked if c.ref.name.startswith(("has_", "not has_"))} \
        == statuses
    flagged = [c.ref.name for c in checked if c.result.status == "unverified"]
    # the attribute is flagged (and "three", a count of two), never a real parameter
    assert not any(f"{name})" in flag for flag in flagged for name in ("code", "price"))
    assert bool(flagged) == ("stamp" in text and "attributes" not in text)


@pytest.mark.parametrize("text, status", [
    ("`checkout()` calls `_charge()`.", "verified"),
    ("`checkout()` 内部调用了 `fmt()`。", "unverified"),
    # through `_charge()`: open, "raises" may be said of `checkout`'s own code
    ("`checkout()` raises `EmptyCart`.", "ignored"),
    ("`_charge()` raises `ShopError`.", "verified"),  # raises a subclass
    ("`_charge()` 会抛出 `OutOfStock`。", "unverified"),
    # it signals its errors with `raise`, and nothing in it looks a key up
    ("`_charge()` raises `KeyError`.", "unverified"),
    # "raises TypeError" states a check; code that checks and raises another makes none
    ("`_charge()` raises `TypeError`.", "unverified"),
    ("`_charge()` raises `AttributeError`.", "ignored"),  # nearly any code may raise it
    ("`checkout()` raises `TypeError`.", "unverified"),  # nor does the code it reaches
    # a stdlib error whose module the project never imports: no code it runs raises it
    ("If the cart is full, `_charge()` raises a `QueueFull` exception.", "unverified"),
    ("`_charge()` raises `JSONDecodeError`.", "ignored"),  # json is imported: it may
    ("`checkout()` does not call `fmt()`.", "verified"),
])
def test_claims_calls_and_raises(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_about_code_outside_the_tree_are_ignored(resolver: Resolver) -> None:
    # a library the tree imports but Python does not ship: nothing here can say
    claim = _claims(resolver, "`requests.Session` is a subclass of `dict`.")[0]
    assert claim.result.status == "ignored"
    assert "outside the source tree" in claim.result.message


def test_claims_between_standard_library_classes_are_python_s(resolver: Resolver) -> None:
    claim = _claims(resolver, "`collections.OrderedDict` is a subclass of `dict`.")[0]
    assert claim.result.status == "verified"
    assert "outside the tree" in claim.result.message


def test_claims_carry_name_message_evidence_and_correction(resolver: Resolver) -> None:
    [claim] = _claims(resolver, "- `shop.Cart` is a subclass of `OutOfStock`.\n")
    assert claim.ref.name == "subclass(shop.core.Cart, shop.errors.OutOfStock)"
    assert claim.ref.text == "`shop.Cart` is a subclass of `OutOfStock`."
    assert claim.result.message == "`Cart`'s bases are `Base`"
    assert claim.result.evidence == (("shop/core.py", 13),)
    assert claim.result.suggestion == "`shop.Cart` is a subclass of `Base`."

@pytest.mark.parametrize("text, suggestion", [
    ("`Cart` is defined in `shop/util.py`.", "`Cart` is defined in `shop/core.py`."),
    ("`Cart.clear` is a property.", "`Cart.clear` is a method."),
    ("`checkout()` 是一个类。", "`checkout()` 是一个函数。"),
    ("`checkout()` has three parameters.", "`checkout()` has 2 parameters."),
    # the kind word is replaced whole, in the case it was written
    ("**`checkout` Method**: pays.", "**`checkout` Function**:"),
])
def test_claims_suggest_exact_corrections(resolver: Resolver, text: str, suggestion: str
                                          ) -> None:
    [claim] = _claims(resolver, text)
    assert claim.result.suggestion == suggestion


def test_claims_suggest_a_kind_in_the_number_it_was_written(resolver: Resolver) -> None:
    claims = _claims(resolver, "The `checkout` and `Cart.clear` classes pay.\n")
    assert sorted(c.result.suggestion for c in claims) == [
        "The `checkout` and `Cart.clear` functions pay.",
        "The `checkout` and `Cart.clear` methods pay."]


def test_claims_in_the_json_contract_and_reports(resolver: Resolver) -> None:
    checked = check_documents([Document("doc.md", "`Cart` extends `OutOfStock`.\n")], resolver)
    rows = [r for r in json.loads(render_json(checked))["references"] if r["kind"] == "claim"]
    assert rows == [{"file": "doc.md", "line": 1, "text": "`Cart` extends `OutOfStock`.",
                     "name": "subclass(shop.core.Cart, shop.errors.OutOfStock)",
                     "kind": "claim", "status": "unverified",
                     "evidence": [{"path": "shop/core.py", "line": 13}],
                     "suggestion": "`Cart` extends `Base`.",
                     "message": "`Cart`'s bases are `Base`", "severity": "error"}]
    assert "✗ subclass(shop.core.Cart, shop.errors.OutOfStock): `Cart` extends" in \
        render_text(checked)
    sarif = json.loads(render_sarif(checked, lines_of={"doc.md": ["`Cart` extends `OutOfStock`."]}))
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["PSE009"]


def test_claims_become_findings_that_strip_deletes(resolver: Resolver) -> None:
    text = "# Cart\n\nCarts hold items. `Cart` extends `OutOfStock`, as the code shows.\n"
    result = to_findings(check_documents([Document("a.md", text)], resolver))
    [finding] = [f for f in result.bad if f.kind == "claim"]
    assert (finding.rule, finding.line) == ("claim-false", 3)
    assert "`Cart`'s bases are `Base`" in finding.message
    assert finding.hint == "write instead: `Cart` extends `Base`, as the code shows."
    stripped, removed = strip_spans(text, [Span(finding.line, finding.text)])
    assert stripped == "# Cart\n\nCarts hold items.\n"
    assert removed == ["`Cart` extends `OutOfStock`, as the code shows."]


def test_claims_in_changelogs_are_not_flagged(resolver: Resolver) -> None:
    checked = check_documents([Document("CHANGES.md", "`Cart` extends `OutOfStock`.\n")],
                              resolver, historical=["CHANGES*"])
    assert [c.result.status for c in checked if c.ref.kind == "claim"] == ["ignored"]


def test_claims_in_rst_documents(resolver: Resolver, tmp_path: Path) -> None:
    text = "Guide\n=====\n\n:class:`Cart` inherits from :class:`OutOfStock`.\n"
    assert [c.result.status for c in _claims(resolver, text, "guide.rst")] == ["unverified"]


def test_claims_correct_chinese_counts(resolver: Resolver) -> None:
    [claim] = _claims(resolver, "`checkout()` 有三个参数。")
    assert claim.result.status == "unverified"
    assert claim.result.suggestion == "`checkout()` 有2个参数。"


def test_claims_obey_the_ignore_list(resolver: Resolver) -> None:
    checked = check_documents([Document("a.md", "`Cart` extends `OutOfStock`.\n")], resolver,
                              ignore=["subclass(shop.core.Cart, *"])
    assert [c.result.status for c in checked if c.ref.kind == "claim"] == ["ignored"]


def test_claims_from_the_sentence_memo_equal_fresh_ones(
        resolver: Resolver, monkeypatch: pytest.MonkeyPatch) -> None:
    import pse.verify.claims as claims_package
    from pse.verify.memo import VerifyMemo

    text = ("# Shop\n\n`Cart` subclasses `Base`.\n\n`EmptyCart` subclasses `Cart`.\n\n"
            "`Cart.add` takes `qty`.\n")
    memo = VerifyMemo()
    first = check_documents([Document("doc.md", text)], resolver, memo=memo)
    assert first == check_documents([Document("doc.md", text)], resolver)
    read: list[str] = []
    real = claims_package.read_claims

    def counting(sentence: object, *, indefinite: bool = False) -> object:
        read.append(sentence.text)  # type: ignore[attr-defined]
        return real(sentence, indefinite=indefinite)  # type: ignore[arg-type]

    monkeypatch.setattr(claims_package, "read_claims", counting)
    edited = "Intro line.\n\n" + text + "\n`OutOfStock` subclasses `ShopError`.\n"
    second = check_documents([Document("other.md", edited)], resolver, memo=memo)
    assert read == ["`OutOfStock` subclasses `ShopError`."]  # only the new sentence
    monkeypatch.setattr(claims_package, "read_claims", real)
    assert second == check_documents([Document("other.md", edited)], resolver)
    assert [c.ref.line for c in second if c.ref.kind == "claim"] == [5, 7, 9, 11]


def test_a_noun_phrase_kind_is_judged(resolver: Resolver) -> None:
    """"the `x` class" presupposes a kind: false when the tree says otherwise, with the
    corrected sentence; a bare name that also names a value is not judged."""
    claims = _claims(resolver, "The `Cart` function keeps the items.\n")
    assert [(c.ref.name, c.result.status) for c in claims] == [
        ("kind(shop.core.Cart, function)", "unverified")]
    assert "`Cart` class" in claims[0].result.suggestion
    assert _status(resolver, "The `Cart` class keeps the items.\n") == "verified"
    # ``pay`` is a parameter (a value that may hold a class), so the phrase is not judged
    assert _status(resolver, "Pass the `pay` class to it.\n") == "ignored"
    # ``signer`` is a module and a parameter: the class passed as the argument is meant
    assert _status(resolver, "It instantiates the `signer` class.\n") == "ignored"
    assert _status(resolver, "It instantiates the `util` class.\n") == "unverified"
    assert _status(resolver, "The `signer` module signs.\n") == "verified"


def test_a_container_with_a_members_kind_is_not_judged(resolver: Resolver) -> None:
    # "the `Cart` method that adds" is a method of `Cart`, not a claim that `Cart` is one
    assert _status(resolver, "Call `add`, the `Cart` method that stores items.\n") == "ignored"
    assert _status(resolver, "The `Cart` method `add` stores items.\n") == "ignored"
    assert _status(resolver, "The `Cart` module keeps the items.\n") == "unverified"


def test_claims_a_condition_begun_on_the_line_before_holds_on_the_next(
        resolver: Resolver) -> None:
    # Jinja's templates.rst, hard-wrapped: "For example, if variable" / "``f`` of type
    # ``Foo`` has a method ``bar`` ...": read alone, the second line stated the claim
    wrapped = "For example, if a cart\n`Cart` is a subclass of `OutOfStock`, you can catch it.\n"
    assert _claims(resolver, wrapped) == []
    said = "For example, a cart\n`Cart` is a subclass of `OutOfStock`, you can catch it.\n"
    assert [c.result.status for c in _claims(resolver, said)] == ["unverified"]
    ended = "Carts are one thing. If so.\n`Cart` is a subclass of `OutOfStock`.\n"
    assert [c.result.status for c in _claims(resolver, ended)] == ["unverified"]


def _said(resolver: Resolver, text: str) -> list[tuple[str, str]]:
    return [(c.ref.name, c.result.status) for c in _claims(resolver, text)]


def test_it_refers_to_the_code_the_sentence_before_opened_with(resolver: Resolver) -> None:
    text = ("`EmptyCart` is raised for a cart with nothing in it. It is a subclass of "
            "`OutOfStock`.\n")
    assert _said(resolver, text) == [
        ("subclass(shop.errors.EmptyCart, shop.errors.OutOfStock)", "unverified"),
        ("raised(shop.errors.EmptyCart)", "verified")]
    wrapped = ("The `EmptyCart` error is raised for a cart with\nnothing in it. It "
               "inherits from `ShopError`.\n")
    assert ("subclass(shop.errors.EmptyCart, shop.errors.ShopError)", "verified") in \
        _said(resolver, wrapped)
    chinese = "`EmptyCart` 表示空购物车。它继承自 `OutOfStock`。\n"
    assert _said(resolver, chinese) == [
        ("subclass(shop.errors.EmptyCart, shop.errors.OutOfStock)", "unverified")]


def test_it_after_a_sentence_not_opening_with_code_is_not_resolved(
        resolver: Resolver) -> None:
    # "It" may be the cart, the error or the reader's program: only an opening span counts
    for text in ("Call `checkout()` with a cart. It is a subclass of `OutOfStock`.\n",
                 "`EmptyCart` is raised early. The cart is empty then. It is a subclass of "
                 "`OutOfStock`.\n",
                 "`EmptyCart` is raised early.\n\n## Errors\n\nIt is a subclass of "
                 "`OutOfStock`.\n",
                 "`EmptyCart` is raised early.\n\n- a cart\n\nIt is a subclass of "
                 "`OutOfStock`.\n",
                 "- `EmptyCart` is raised early.\n\nIt is a subclass of `OutOfStock`.\n"):
        assert not any(name.startswith("subclass(") for name, _ in _said(resolver, text)), text


def test_it_opening_the_next_paragraph_of_a_section_is_its_subject(
        resolver: Resolver) -> None:
    # a paragraph break is no change of topic; a heading, a list or a table is
    for text in ("`EmptyCart` is raised early.\n\nIt is a subclass of `OutOfStock`.\n",
                 "`EmptyCart` 是空购物车的错误。\n\n该类继承自 `OutOfStock`。\n",
                 "`EmptyCart` is raised early.\n\n```python\nx = 1\n```\n\n"
                 "It is a subclass of `OutOfStock`.\n"):
        assert _said(resolver, text)[-1] == (
            "subclass(shop.errors.EmptyCart, shop.errors.OutOfStock)", "unverified"), text


def test_a_sentence_ending_a_wrapped_line_keeps_it_from_the_code_before(
        resolver: Resolver) -> None:
    # the wrapped line finishes the sentence about `EmptyCart`, then says something else
    text = ("`EmptyCart` is raised for a cart with\nnothing in it. The shop then waits.\n"
            "It is a subclass of `OutOfStock`.\n")
    assert not any(name.startswith("subclass(") for name, _ in _said(resolver, text))


def _verdicts(resolver: Resolver, text: str, *, rst: bool = False) -> list[tuple[int, str, str]]:
    path = "doc.rst" if rst else "doc.md"
    return [(c.ref.line, c.ref.name, c.result.status) for c in _claims(resolver, text, path)]


def test_claims_structure_items_under_a_code_label_are_members(resolver: Resolver) -> None:
    text = ("- **`Cart`**:\n  - `add`: adds an item\n  - `remove`: removes one\n"
            "- **Notes**:\n  - `remove`: not about a class\n")
    assert [v for v in _verdicts(resolver, text) if v[2] != "ignored"] == [
        (2, "has_item(shop.core.Cart, add)", "verified"),
        (3, "has_item(shop.core.Cart, remove)", "unverified")]


def test_claims_structure_owner_from_lead_in_heading_and_section_title(
        resolver: Resolver) -> None:
    lead = "The `checkout` function takes:\n\n- `cart`: the cart\n- `coupon`: a code\n"
    assert _verdicts(resolver, lead)[1:] == [
        (3, "has_item(shop.core.checkout, cart)", "verified"),
        (4, "has_item(shop.core.checkout, coupon)", "unverified")]
    # the lead-in is the paragraph's last sentence; what came before names other code
    later = ("`Cart` holds items, like `checkout` does. The `checkout` function takes:\n\n"
             "- `cart`: the cart\n- `coupon`: a code\n")
    assert [v for v in _verdicts(resolver, later) if v[1].startswith("has_item")] == [
        (3, "has_item(shop.core.checkout, cart)", "verified"),
        (4, "has_item(shop.core.checkout, coupon)", "unverified")]
    heading = "## `Cart`\n\n**Attributes**:\n\n- `total`: the sum\n- `weight`: grams\n"
    assert [v[2] for v in _verdicts(resolver, heading)] == ["verified", "unverified"]
    unrelated = "## Setup\n\nSee also:\n\n- `weight`: grams\n"
    assert _verdicts(resolver, unrelated) == []


def test_claims_structure_rst_description_directive_owns_its_list(resolver: Resolver) -> None:
    text = ".. py:class:: Cart\n\n   * ``clear``: empties it\n   * ``empty``: checks\n"
    assert [v[2] for v in _verdicts(resolver, text, rst=True)] == ["verified", "unverified"]


def test_claims_structure_label_lends_its_name_as_subject(resolver: Resolver) -> None:
    text = "- **shop.core**:\n  - Defines `Cart` and `Base`.\n"
    assert (2, "location(shop.core.Cart, shop.core)", "verified") in _verdicts(resolver, text)
    text = "- **`checkout`**: Raises `OutOfStock`.\n"
    assert _verdicts(resolver, text) == [
        (1, "raises(shop.core.checkout, shop.errors.OutOfStock)", "unverified")]


def test_claims_example_lists_name_members(resolver: Resolver) -> None:
    text = "`Cart` includes methods like `add`, `clear` and `checkout`.\n"
    assert sorted(v[1:] for v in _verdicts(resolver, text)) == [
        ("has_method(shop.core.Cart, add)", "verified"),
        ("has_method(shop.core.Cart, checkout)", "unverified"),
        ("has_method(shop.core.Cart, clear)", "verified")]
    zh = "`Cart` 提供了 `add`、`remove` 等方法。\n"
    assert [v[2] for v in _verdicts(resolver, zh)] == ["verified", "unverified"]
    # a list that is no example of the subject's members claims nothing
    assert _verdicts(resolver, "Call `checkout` with values like `cart` or `pay`.\n") == []


def test_claims_anaphor_binds_the_last_named_subject(resolver: Resolver) -> None:
    text = "Start with the `Cart` class. This class includes methods such as `remove`.\n"
    assert (1, "has_method(shop.core.Cart, remove)", "unverified") in _verdicts(resolver, text)


def test_claims_verb_variants_and_type_aliases(resolver: Resolver) -> None:
    assert _verdicts(resolver, "`Cart` is defined as a subclass of `ShopError`.\n") == [
        (1, "subclass(shop.core.Cart, shop.errors.ShopError)", "unverified")]
    [claim] = _claims(resolver, "- **Mode Class**: how fast it runs.\n")
    assert (claim.ref.name, claim.result.status) == ("kind(shop.modes.Mode, class)",
                                                     "unverified")
    assert claim.result.message == "`Mode` is a type alias"
    assert _status(resolver, "`Mode` is a type alias.") == "verified"


def test_claims_qualified_subject_is_checked_for_location(resolver: Resolver) -> None:
    text = "The `Cart` class in the `shop.util` module keeps items.\n"
    assert (1, "location(shop.core.Cart, shop.util)", "unverified") in _verdicts(resolver, text)
    text = "The `Cart` class in the `shop.core` module keeps items.\n"
    assert (1, "location(shop.core.Cart, shop.core)", "verified") in _verdicts(resolver, text)


def test_claims_counts_of_enumeration_members(resolver: Resolver) -> None:
    text = "The `State` enum has three states: `NEW`, `PAID` and `SENT`.\n"
    [claim] = [c for c in _claims(resolver, text) if c.ref.name.startswith("member_count")]
    assert claim.result.status == "unverified"
    assert claim.result.message == "`State` has 4 members (`NEW`, `PAID`, `SENT`, `LOST`)"
    assert claim.result.suggestion == ""  # the list after it is short of one as well
    [claim] = _claims(resolver, "The `State` enum has three states.\n")
    assert claim.result.suggestion == "The `State` enum has 4 states."
    assert _status(resolver, "`State` 有四个成员。") == "verified"
    # a class that is no enumeration has no fixed set of attributes to count
    assert _status(resolver, "`Cart` has two attributes.") == "ignored"


def test_claims_return_types_are_read_from_annotations(resolver: Resolver) -> None:
    assert _status(resolver, "`place()` returns an `Order` object.") == "verified"
    assert _status(resolver, "`place()` takes a cart and returns a `Cart`.") == "unverified"
    assert _status(resolver, "`place()` 返回 `Cart` 对象。") == "unverified"
    # a base of the annotated class, or no annotation at all: not decidable
    assert _status(resolver, "`basket()` returns a `Base`.") == "ignored"
    assert _status(resolver, "`anything()` returns a `Cart`.") == "ignored"


def test_claims_plural_kind_list_checks_every_name(resolver: Resolver) -> None:
    verdicts = _verdicts(resolver, "`Cart`, `Base` and `fetch` are classes.\n")
    assert sorted(verdicts) == [(1, "kind(shop.core.Base, class)", "verified"),
                                (1, "kind(shop.core.Cart, class)", "verified"),
                                (1, "kind(shop.core.fetch, class)", "unverified")]


def test_claims_structure_table_rows_under_a_code_heading(resolver: Resolver) -> None:
    text = ("## `Cart`\n\n| Attributes | Meaning |\n|---|---|\n| `total` | the sum |\n"
            "| `weight` | grams |\n\n| Step | Meaning |\n|---|---|\n| `weight` | grams |\n")
    assert [v for v in _verdicts(resolver, text) if v[1].startswith("has_item")] == [
        (5, "has_item(shop.core.Cart, total)", "verified"),
        (6, "has_item(shop.core.Cart, weight)", "unverified")]


def test_claims_return_types_are_read_from_the_body_without_an_annotation(
        resolver: Resolver) -> None:
    [claim] = [c for c in _claims(resolver, "`wait_for` returns a `Future` object.\n")]
    assert claim.result.status == "unverified"
    assert claim.result.message == ("`wait_for` returns the result of an awaitable, not an "
                                    "awaitable (`fut.result()`, `await fut`)")
    [claim] = _claims(resolver, "`Conn.connect` returns a `Future`.\n")
    assert (claim.result.status, claim.result.message) == (
        "unverified", "`connect` returns the receiver (`self`)")
    assert _status(resolver, "`Conn.connect` returns a `Conn` instance.") == "verified"
    assert _status(resolver, "`Conn.name` returns a `Future`.") == "unverified"
    assert _status(resolver, "`Conn.make` returns a `Future`.") == "verified"
    assert _status(resolver, "`Conn.make` 返回一个 `Conn` 对象。") == "unverified"
    # the result of a call of a function (or of a parameter) is not known
    assert _status(resolver, "`checkout()` returns a `Cart`.") == "ignored"


def test_claims_counts_behind_a_pronoun_are_checked_with_the_listed_names(
        resolver: Resolver) -> None:
    text = ("The `State` enum tracks an order. It has three states: `NEW`, `PAID`, `SENT`, "
            "and `LOST`.\n")
    verdicts = _verdicts(resolver, text)
    assert (1, "member_count(shop.modes.State, 3)", "unverified") in verdicts
    assert sorted(v[1] for v in verdicts if v[2] == "verified") == [
        "has_item(shop.modes.State, LOST)", "has_item(shop.modes.State, NEW)",
        "has_item(shop.modes.State, PAID)", "has_item(shop.modes.State, SENT)"]
    zh = "`State` 枚举表示订单状态。它有三个状态：`NEW`、`PAID`、`SENT` 和 `LOST`。\n"
    assert (1, "member_count(shop.modes.State, 3)", "unverified") in _verdicts(resolver, zh)
    # a sentence without code: "This enum" is the code the sentence before opened with
    text = "The `State` enum tracks an order.\nThis enum has five members.\n"
    assert (2, "member_count(shop.modes.State, 5)", "unverified") in _verdicts(resolver, text)
    assert _verdicts(resolver, "`State` 类表示状态。这个枚举有四个成员。\n")[-1] == (
        1, "member_count(shop.modes.State, 4)", "verified")
    # without a subject before it, "It" is nobody
    assert _verdicts(resolver, "It has five members.\n") == []


def test_claims_a_base_class_of_other_classes_needs_a_subclass_in_the_tree(
        resolver: Resolver) -> None:
    text = ("1. **Order Class**: The base class from which other classes inherit.\n"
            "2. **Base Class**: The base class from which other classes inherit.\n")
    assert [v for v in _verdicts(resolver, text) if v[1].startswith("has_subclasses")] == [
        (1, "has_subclasses(shop.orders.Order)", "unverified"),
        (2, "has_subclasses(shop.core.Base)", "verified")]
    assert _status(resolver, "`ShopError` is the base class for all other exceptions.") == \
        "verified"
    assert _status(resolver, "Many classes inherit from `Order`.") == "unverified"
    assert _status(resolver, "其他类都继承自 `Order`。") == "unverified"
    assert _status(resolver, "`Base` 是其他类的基类。") == "verified"
    # a label's text that opens with no noun phrase says nothing of the label
    assert _verdicts(resolver, "- **Order Class**: used by other classes.\n") == [
        (1, "kind(shop.orders.Order, class)", "verified")]


@pytest.mark.parametrize("text, status", [
    ("`Payment` is a base class.", "unverified"),
    ("`Payment` is the base class for all shipping records.", "unverified"),
    ("**Payment**: The base class for payment objects.", "unverified"),
    ("`Payment` 是一个基类。", "unverified"),
    ("`Payment` 是所有订单的基类。", "unverified"),
    ("`Base` is a base class, shared by the cart.", "verified"),
    ("`Base` 是一个基类。", "verified"),
    # made for its users to derive from (its docstring says so): nothing here need
    ("`Hook` is the base class for custom hooks.", "ignored"),
])
def test_claims_a_class_called_a_base_class(resolver: Resolver, text: str, status: str
                                            ) -> None:
    assert [v[2] for v in _verdicts(resolver, text) if v[1].startswith("has_subclasses")] \
        == [status]


def test_claims_an_abstract_base_class_is_its_kind_not_a_base_of_others(
        resolver: Resolver) -> None:
    for text in ("`Payment` is an abstract base class.\n", "`Payment` 是一个抽象基类。\n"):
        assert [v[1:] for v in _verdicts(resolver, text)] == [
            ("kind(shop.payment.Payment, abstract class)", "unverified")]


def test_the_fix_prompt_shows_the_true_relation_of_a_false_claim(resolver: Resolver) -> None:
    text = ("The `State` enum tracks an order. It has three states: `NEW`, `PAID`, `SENT`, "
            "and `LOST`.\n\n`Conn.connect` returns a `Future`.\n")
    findings = to_findings(check_documents([Document("doc.md", text)], resolver)).bad
    excerpt = flagged_excerpt(text, findings, [])
    assert "`State` has 4 members (`NEW`, `PAID`, `SENT`, `LOST`)" in excerpt
    assert "`connect` returns the receiver (`self`)" in excerpt
    assert "LINE 1:" in excerpt and "LINE 3:" in excerpt


@pytest.mark.parametrize("text, status", [
    ("`ship` takes a `Cart` argument.", "verified"),  # a parameter described by its type
    ("`ship()` accepts an optional `Cart` parameter.", "verified"),
    ("`ship` takes an `Order` argument.", "unverified"),  # every type written, none is it
])
def test_claims_parameter_described_by_its_type(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_parameter_type_undecided_when_a_type_is_not_written(resolver: Resolver) -> None:
    assert [c.result.status for c in _claims(resolver, "`note` takes an `Order` argument.")
            if c.result.status == "unverified"] == []


@pytest.mark.parametrize("text, status", [
    ("`Cart` is built on top of `Base`.", "verified"),  # inheritance
    ("`Cart` is built on top of `Future`.", "unverified"),  # neither inherits nor uses it
    ("`Cart` 是一个基于 `Base` 的类。", "verified"),
    ("`Cart` 是一个基于 `Future` 的类。", "unverified"),
    # it keeps its items in a list it writes as a literal: composition, left open
    ("`Cart` is based on `list`.", "ignored"),
    ("`Cart` is based on `dict`.", "unverified"),
])
def test_claims_built_on(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_built_on_by_composition_is_no_false_claim(resolver: Resolver) -> None:
    # `Conn` makes a `Future` in its body: built on it by composition, not inheritance
    assert [c.result.status for c in _claims(resolver, "`Conn` is built on top of `Future`.")
            if c.result.status == "unverified"] == []


@pytest.mark.parametrize("text, status", [
    # kinds of class, from the lexicons' kind nouns: an Enum base, @dataclass, a Protocol base
    ("`State` is an enumeration.", "verified"),
    ("The `Line` type is an enumeration.", "unverified"),
    ("`Line` is a dataclass.", "verified"),
    ("`GiftLine` is a data class that adds a note.", "verified"),  # a dataclass's subclass
    ("`Cart` is a dataclass.", "unverified"),
    ("`State` 是一个枚举类。", "verified"),
    ("`Line` 是一个枚举。", "unverified"),
    ("`Line` 是一个数据类。", "verified"),
    ("`Priced` is a protocol.", "verified"),
    ("`Cart` is a protocol.", "ignored"),  # any class may satisfy one structurally
    ("`LegacyLine` is a factory function.", "unverified"),  # a name bound to a class
    ("`LegacyLine` is a dataclass.", "verified"),
    ("`State` 类型本质上是一个枚举。", "verified"),
    ("`Line` 属于枚举类型。", "unverified"),
    ("`Cart` is decorated with `@dataclass`.", "unverified"),
    ("`Line` 是用 `dataclass` 装饰的类。", "verified"),
    # free modifiers before the kind noun, a participle or preposition after it
    ("`fetch` is a small helper class used to fetch pages.", "unverified"),
    ("`checkout` is a convenience function for paying.", "verified"),
])
def test_claims_kinds_of_class_and_modified_kind_nouns(resolver: Resolver, text: str,
                                                       status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, statuses", [
    # what is initialized with arguments is a class or its instance, never a module
    ("The `shop.core` module is initialized with a cart and a price list.", ["unverified"]),
    ("`shop.core` 模块用一个购物车和一组价格来初始化。", ["unverified"]),
    ("`shop.core` 模块在初始化时需要传入一个购物车。", ["unverified"]),
    ("The `Cart` class is initialized with a list of items.", ["ignored"]),
    # a module's globals initialized with the defaults are no arguments (the noun phrase
    # still says it is a module)
    ("The `shop.core` module is initialized with the defaults.", ["verified"]),
    ("The `shop.core` module is initialized when imported.", ["verified"]),
])
def test_claims_a_module_is_never_initialized_with_arguments(resolver: Resolver, text: str,
                                                             statuses: list[str]) -> None:
    from repo_fixtures import claim_statuses

    assert claim_statuses(resolver, text, "kind") == statuses


@pytest.mark.parametrize("text, status", [
    ("`GiftLine` has three fields.", "verified"),  # its own and its dataclass base's
    ("`Line` has three fields.", "unverified"),
    ("`Line` 有两个字段。", "verified"),
    ("`State` 一共有三个取值。", "unverified"),
    ("`State` 的取值有四种。", "verified"),
    ("There are three members in `State`.", "unverified"),
    ("`State` consists of four members.", "verified"),
])
def test_claims_counts_of_fields_and_members_in_other_wordings(resolver: Resolver, text: str,
                                                               status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, status", [
    # a count with the names listed after it counts members whatever its noun
    ("`State` defines three stages: `NEW`, `PAID` and `SENT`.", "unverified"),
    ("`State` supports four outcomes: `NEW`, `PAID`, `SENT` and `LOST`.", "verified"),
    ("`State` 定义了三个阶段：`NEW`、`PAID` 和 `SENT`。", "unverified"),
    # no names listed: the noun says nothing of an enumeration's members (of a literal's
    # entries it would)
    ("`State` defines three stages.", "ignored"),
])
def test_claims_a_count_with_its_names_listed_counts_members(
        resolver: Resolver, text: str, status: str | None) -> None:
    from repo_fixtures import claim_statuses

    assert claim_statuses(resolver, text, "member_count") == ([status] if status else [])


@pytest.mark.parametrize("text, status", [
    # unstated, a count is what a caller passes; the receiver counts when the text names it
    ("`Shelf.resize` takes two parameters.", "verified"),
    ("`Shelf.resize` takes three parameters.", "unverified"),
    ("`Shelf.resize` 接收三个参数。", "unverified"),
    ("`Shelf.resize` has three parameters, `self` among them.", "verified"),
    ("`Cart.clear` 不接受任何参数。", "verified"),
    ("`Shelf.resize` 不接受任何参数。", "unverified"),
])
def test_claims_parameter_counts_exclude_the_receiver_unless_named(
        resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


@pytest.mark.parametrize("text, status", [
    # a body that only raises cannot raise another builtin error implicitly
    ("`Shelf.insert` raises `IndexError`.", "unverified"),
    ("`Shelf.insert` raises `RuntimeError`.", "verified"),  # NotImplementedError is one
    ("`Shelf.insert` 会抛出 `NotImplementedError`。", "verified"),
    # a body that raises nothing, subscripts nothing and calls nothing that may raise it
    ("`Shelf.resize` raises `IndexError`.", "unverified"),
    # a bare outside name is the ancestor of that name, wherever it was imported from
    ("`Shelf` is a subclass of `MutableSequence`.", "verified"),
])
def test_claims_builtin_errors_and_outside_bases(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_coordinated_names_are_each_claimed(resolver: Resolver) -> None:
    assert sorted(_verdicts(resolver, "The `Line` and `Cart` classes are dataclasses.\n")) == [
        (1, "kind(shop.core.Cart, class)", "verified"),
        (1, "kind(shop.core.Cart, dataclass)", "unverified"),
        (1, "kind(shop.records.Line, class)", "verified"),
        (1, "kind(shop.records.Line, dataclass)", "verified")]
    assert sorted(_verdicts(resolver, "`Cart` inherits from both `Base` and `Order`.\n")) == [
        (1, "subclass(shop.core.Cart, shop.core.Base)", "verified"),
        (1, "subclass(shop.core.Cart, shop.orders.Order)", "unverified")]
    assert sorted(_verdicts(resolver, "`Cart` 和 `Order` 都继承自 `Base`。\n")) == [
        (1, "subclass(shop.core.Cart, shop.core.Base)", "verified"),
        (1, "subclass(shop.orders.Order, shop.core.Base)", "unverified")]
    verdicts = _verdicts(resolver, "`Cart.add` takes `item`, `qty` and `size`.\n")
    assert (1, "has_param(shop.core.Cart.add, size)", "unverified") in verdicts
    assert (1, "has_param(shop.core.Cart.add, qty)", "verified") in verdicts
    # a later clause of the sentence is said of each of them too
    for text in ("`checkout` 和 `fmt` 两个函数接受两个参数，并且会调用 `fetch`。\n",
                 "`checkout` and `fmt` take two parameters, and call `fetch`.\n"):
        called = [v for v in _verdicts(resolver, text) if v[1].startswith("calls(")]
        assert sorted(v[1].split(",")[0] for v in called) == [
            "calls(shop.core.checkout", "calls(shop.util.fmt"], text


@pytest.mark.parametrize("text, status", [
    # a noun phrase presupposes the parameter it names
    ("The `qty` parameter of `Cart.add` defaults to one.", "verified"),
    ("The `size` parameter of `Cart.add` is optional.", "unverified"),
    ("`Cart.add`'s `size` argument is optional.", "unverified"),
    ("`Cart.add` 的 `size` 参数是可选的。", "unverified"),
    ("There is no `size` parameter of `Cart.add`.", "verified"),
    # other wordings of location, inheritance and return types
    ("You will find `Cart` in the `shop.util` module.", "unverified"),
    ("The parent class of `Cart` is `Order`.", "unverified"),
    ("The base class of `Cart` is `Base`.", "verified"),
    ("`place()` 的返回值是 `Cart`。", "unverified"),
    ("`place()` 调用后返回一个 `Cart`。", "unverified"),
    ("The return value of `place()` is a `Cart`.", "unverified"),
    ("Calling `place()` gives you an `Order`.", "verified"),
    ("`place()` builds a `Cart` and returns the finished `Order`.", "verified"),
    ("`Cart` 这个类在 `shop/util.py` 中。", "unverified"),
    ("`Cart` 是在 `shop/core.py` 中定义的。", "verified"),
])
def test_claims_noun_phrase_parameters_and_other_wordings(resolver: Resolver, text: str,
                                                          status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_structure_every_item_of_a_list_under_a_code_heading(resolver: Resolver) -> None:
    # the items before an item are its siblings, not a paragraph that moved the section on
    text = ("## `Cart`\n\n- `add(item, qty)`: adds an item\n- `remove`: removes one\n"
            "- `clear`: empties\n")
    assert [v for v in _verdicts(resolver, text) if v[2] != "ignored"] == [
        (3, "has_item(shop.core.Cart, add(item, qty))", "verified"),  # written as a call
        # a label written as a signature names the member's parameters
        (3, "has_param(shop.core.Cart.add, item)", "verified"),
        (3, "has_param(shop.core.Cart.add, qty)", "verified"),
        (4, "has_item(shop.core.Cart, remove)", "unverified"),
        (5, "has_item(shop.core.Cart, clear)", "verified")]
    text = "## `Cart`\n\n- `add`: adds an item\n\nSee also:\n\n- `remove`: elsewhere\n"
    assert [v for v in _verdicts(resolver, text) if v[2] != "ignored"] == [
        (3, "has_item(shop.core.Cart, add)", "verified")]


@pytest.mark.parametrize("text, status", [
    ("- `basket`: Returns a `Cart`.", "verified"),          # a snake_case label lends too
    ("- **`basket`**: Returns a `Cart`.", "verified"),
    ("- **`wait_for`**: Raises `EmptyCart`.", "unverified"),
    ("`EmptyCart` is a subclass of the built-in `RuntimeError`.", "verified"),
    ("`Cart` extends Python's `list`.", "unverified"),
    ("`EmptyCart` 继承自内置的 `RuntimeError`。", "verified"),
])
def test_claims_snake_case_labels_and_where_an_object_comes_from(
        resolver: Resolver, text: str, status: str) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == {status}


def test_claims_table_rows_read_their_cells_about_the_first_cells_name(
        resolver: Resolver) -> None:
    text = ("| Name | Kind | Module | Base | Description |\n"
            "|---|---|---|---|---|\n"
            "| `Cart` | class | `shop/core.py` | `Base` | A subclass of `Base` |\n"
            "| `EmptyCart` | enum | `shop/util.py` | `Cart` | Inherits from `Cart` |\n"
            "| `checkout` | 函数 | `shop/core.py` | | Calls `_charge` |\n"
            "| Timeout | class | `shop/util.py` | `Cart` | Inherits from `Cart` |\n")
    found = {(c.ref.line, c.ref.name.split("(")[0], c.result.status)
             for c in _claims(resolver, text)}
    assert found == {
        (3, "kind", "verified"), (3, "location", "verified"), (3, "subclass", "verified"),
        (4, "kind", "unverified"), (4, "location", "unverified"),
        (4, "subclass", "unverified"),  # said twice (Base column, description), told once
        (5, "kind", "verified"), (5, "location", "verified"), (5, "calls", "verified")}
    # the plain word "Timeout" names no code: its row states nothing
    assert len([c for c in _claims(resolver, text) if c.ref.line == 4]) == 3


def test_claims_table_cells_may_explain_the_code_they_open_with(resolver: Resolver) -> None:
    text = ("| Name | Module |\n|---|---|\n"
            "| `Cart` | `shop/util.py` (with the helpers) |\n"
            "| `checkout` | `shop/core.py`，结账入口 |\n"
            "| `EmptyCart` | `shop/util.py` holds it |\n")  # the code runs on: not read
    found = {(c.ref.line, c.ref.name.split("(")[0], c.result.status)
             for c in _claims(resolver, text)}
    assert found == {(3, "location", "unverified"), (4, "location", "verified")}


@pytest.mark.parametrize("text, status", [
    ("`Point` is a named tuple.", "verified"),
    ("`Point` 是一个具名元组。", "verified"),
    ("`Point` is a dataclass.", "unverified"),
    ("`Cart` is a NamedTuple.", "unverified"),
    ("| Name | Type |\n|---|---|\n| `Point` | dataclass |\n", "unverified"),
])
def test_claims_named_tuples_are_a_kind(resolver: Resolver, text: str, status: str) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == {status}


@pytest.mark.parametrize("text, status", [
    ("`ship` returns an `int`.", "unverified"),        # annotated -> None
    ("`basket` 返回一个 `tuple`。", "unverified"),      # a Cart, whose bases are read whole
    ("`table` returns a `dict`.", "verified"),         # Dict[str, int]
    ("`table` returns a `list`.", "unverified"),
    ("`numbers` returns a `list`.", "ignored"),        # a Sequence may be a list
    ("`flag` returns an `int`.", "unverified"),        # a flag is no count to a reader
    ("`flag` returns a boolean.", "verified"),
    ("`first` returns a `tuple`.", "ignored"),         # a type variable
])
def test_claims_returns_a_builtin_type(resolver: Resolver, text: str, status: str) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == {status}


@pytest.mark.parametrize("text, status", [
    ("`cached` is memoized with the `lru_cache` decorator.", "verified"),
    ("`cached` is decorated with `@functools.lru_cache`.", "verified"),
    ("`checkout` is decorated with `@lru_cache`.", "unverified"),   # it has no decorator
    ("`checkout` 被 `@lru_cache` 装饰。", "unverified"),
    ("`checkout` 函数由 `@lru_cache` 装饰器修饰。", "unverified"),
    ("`cached` 上面有一个 `@lru_cache` 装饰器。", "verified"),
    ("`cached` uses the `cache` decorator.", "unverified"),          # lru_cache, not cache
    ("`checkout` is not decorated with `@lru_cache`.", "verified"),
    ("`Cart.total` is decorated with `@property`.", "verified"),     # a kind, as before
])
def test_claims_decorators(resolver: Resolver, text: str, status: str) -> None:
    assert {c.result.status for c in _claims(resolver, text)
            if not c.ref.name.startswith("kind(") or "property" in text} == {status}


@pytest.mark.parametrize("text, status", [
    ("`Cart` is a class. Despite its name, it is a subclass of `Base`.", "verified"),
    ("`Cart` is a class. Like every cart, it is a subclass of `ShopError`.", "unverified"),
    ("`Cart` is a class. Its `add` takes a `qty` parameter.", "verified"),
    ("`Cart` is a class. Its `add` takes a `size` parameter.", "unverified"),
    ("`checkout` is a module-level function.", "verified"),
    ("`Cart.add` is a top-level function that adds an item.", "unverified"),  # a method
    ("`Cart.add` 是一个模块级函数。", "unverified"),
])
def test_claims_fronted_pronouns_possessives_and_module_level_functions(
        resolver: Resolver, text: str, status: str) -> None:
    said = [c for c in _claims(resolver, text) if c.ref.text != "`Cart` is a class."]
    assert {c.result.status for c in said} == {status}


def test_claims_a_condition_before_the_pronoun_is_no_claim(resolver: Resolver) -> None:
    text = "`Cart` is a class. If it is empty, it is a subclass of `ShopError`."
    assert [c.ref.name for c in _claims(resolver, text)] == ["kind(shop.core.Cart, class)"]


@pytest.mark.parametrize("text, status", [
    ("The project is built on top of the `requests` library, a popular choice.", "unverified"),
    ("The project relies on the `functools` module.", "verified"),   # core.py imports it
    ("该项目基于 `asyncio` 框架。", "unverified"),
    ("This library is built on `shop`.", "ignored"),                  # its own code
])
def test_claims_what_the_project_is_built_on(resolver: Resolver, text: str, status: str) -> None:
    said = [c for c in _claims(resolver, text) if c.ref.name.startswith("depends_on(")]
    assert {c.result.status for c in said} == {status}


def test_claims_using_a_class_is_no_dependency(resolver: Resolver) -> None:
    assert not [c for c in _claims(resolver, "The project uses the `Cart` class.")
                if c.ref.name.startswith("depends_on(")]


def test_claims_a_type_column_may_hold_a_values_type(resolver: Resolver) -> None:
    text = "| Name | Type |\n|---|---|\n| `pay` | function |\n| `Cart` | enum |\n"
    assert [(c.ref.line, c.ref.name, c.result.status) for c in _claims(resolver, text)] == [
        (4, "kind(shop.core.Cart, enum)", "unverified")]


@pytest.mark.parametrize("text, statuses", [
    # a relative clause with a predicate of its own is said of the name before it
    ("Totals live in `Point`, which is implemented as a dataclass.", {"unverified"}),
    ("Rows are kept in `Line`, which is declared as a dataclass.", {"verified"}),
    # a later clause's "it" / 它 is the name the sentence opened with
    ("`fmt` is small, it lives in `shop/core.py`.", {"unverified"}),
    ("`fmt` is small, it lives in `shop/util.py`.", {"verified"}),
    ("`fmt` 很短，它定义在 `shop/core.py` 中。", {"unverified"}),
    # direct inheritance: a base of a base is not a direct base
    ("`EmptyCart` is a direct subclass of `RuntimeError`.", {"unverified"}),
    ("`EmptyCart` is a direct subclass of `ShopError`.", {"verified"}),
    ("`EmptyCart` 继承自 `RuntimeError`，中间没有别的类。", {"unverified"}),
    ("`EmptyCart` indirectly inherits from `RuntimeError`.", {"verified"}),
    # a package and a class of one name: only the class inherits
    ("`gift` inherits from `Line`.", {"verified"}),
    ("`gift` inherits from `Cart`.", {"unverified"}),
])
def test_claims_sentence_internal_references(resolver: Resolver, text: str,
                                             statuses: set[str]) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == statuses


@pytest.mark.parametrize("text, statuses", [
    # an owner's member is one name: `Cart` 的 `clear` is `Cart.clear`
    ("`Cart` 的 `add` 方法接受一个 `pay` 参数。", {"verified", "unverified"}),  # a method
    ("`Cart` 自己的 `add` 也接受一个 `qty` 参数。", {"verified"}),
    ("`Cart`'s own `clear` takes a `qty` argument.", {"unverified"}),
    # the owner's member nouns and the names they list
    ("`Line` 的字段包括 `sku`、`qty` 和 `note` 等。", {"verified", "unverified"}),
    ("`Line`'s fields include `sku` and `qty`.", {"verified"}),
    ("`Line` is a dataclass. Its fields include `sku` and `price`.", {"verified", "unverified"}),
    # where a value is kept names a member
    ("`Conn` keeps the address in a `host` attribute.", {"verified"}),
    ("`Conn` stores the peer in a `peer` attribute.", {"unverified"}),
    ("- **`Cart`**\n  - It stores its goods in a `weight` attribute.\n", {"unverified"}),
    # a list of names with its count, and an article inside a list
    ("`checkout` 接收 `cart` 和 `pay` 两个参数。", {"verified"}),
    ("`checkout` 接收 `cart` 和 `total` 两个参数。", {"verified", "unverified"}),
    ("`sign` 需要 `data` 和 `key` 两个 parameters。", {"verified", "unverified"}),
    ("`Cart.add` takes `item` and an optional `size` argument.", {"verified", "unverified"}),
    ("- `checkout`：只有三个参数。\n", {"unverified"}),
])
def test_claims_owners_lists_and_counts(resolver: Resolver, text: str,
                                        statuses: set[str]) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == statuses


@pytest.mark.parametrize("text, statuses", [
    ("`checkout` 会逐个调用 `_charge`。", {"verified"}),
    ("`checkout` 会依次调用 `fmt`。", {"unverified"}),
    ("`Point` has three fields.", {"unverified"}),           # a named tuple's fields
    ("`Point` 一共有两个字段。", {"verified"}),
    ("`EmptyCart` has two base classes.", {"unverified"}),
    ("`EmptyCart` 有一个父类。", {"verified"}),
    ("`GiftLine` has one base class: `Line`.", {"verified"}),
    ("`Priced` is a `Protocol` class.", {"verified"}),
    ("`Line` 是一个 `Protocol` 类。", {"unverified"}),
    ("`Cart.helper` 是 `Cart` 类的一个 classmethod。", {"unverified"}),
    ("`Cart.from_list` 是 `Cart` 类的一个 classmethod。", {"verified"}),
    ("`place` 的 return type 是 `Cart`。", {"unverified"}),
    ("`place` 的 return type 是 `Order`。", {"verified"}),
    ("`pairs` returns a `list`.", {"unverified"}),           # annotated with a bare `tuple`
    ("`pairs` returns a `tuple`.", {"verified"}),
    ("It raises exceptions such as `EmptyCart` and `Cart`.", {"verified", "unverified"}),
    ("shop 的异常都定义在同一个文件中，例如 `EmptyCart` 和 `Line`。", {"verified", "unverified"}),
    ("Classes that take callbacks, such as `checkout`, are rare.", set()),
    ("`shop.errors` 模块包括 `EmptyCart` 和 `OutOfStock`。", {"verified"}),  # contents, not kinds
    ("In short, `cached` takes a value.\nThe function is decorated with `@cache`.\n",
     {"unverified"}),  # lru_cache: "The function" is `cached`, past the fronted phrase
])
def test_claims_more_wordings(resolver: Resolver, text: str, statuses: set[str]) -> None:
    assert {c.result.status for c in _claims(resolver, text)} == statuses


@pytest.mark.parametrize("text, status", [
    ("`MAX_ITEMS` defaults to 10.", "verified"),
    ("The `qty` field defaults to 0.", "unverified"),
    ("`qty` 字段的默认值为 1。", "verified"),
    ("`GiftLine.note` 的 default 是一个空的 string。", "verified"),
    ("`GiftLine.note` defaults to `None`.", "unverified"),
    ("`note` defaults to `None`.", "ignored"),  # also a function: which `note` is meant?
    ("`MAX_ITEMS` does not default to 10.", "unverified"),
    ("`Line.sku` defaults to `None`.", "unverified"),  # a dataclass field with no default
])
def test_claims_default_values(resolver: Resolver, text: str, status: str) -> None:
    assert _status(resolver, text) == status


def test_claims_a_section_opening_pronoun_is_its_headings_code(resolver: Resolver) -> None:
    for text in ("## `checkout`\n\nThe function takes a parameter `coupon`.\n",
                 "## `checkout`: pay for a cart\n\nIt takes a parameter `coupon`.\n"):
        assert _verdicts(resolver, text)[-1:] == [
            (3, "has_param(shop.core.checkout, coupon)", "unverified")], text
    # a heading naming two things, or none, lends nothing
    for text in ("## `checkout` and `Cart`\n\nIt takes a parameter `coupon`.\n",
                 "## Paying\n\nThe function takes a parameter `coupon`.\n"):
        assert not any("coupon" in v[1] for v in _verdicts(resolver, text)), text


def test_claims_an_item_labelled_with_code_is_about_its_label(resolver: Resolver) -> None:
    # "This class" and "It" of the second item are `EmptyCart`, not the first item's code
    for label in ("**EmptyCart**", "**`EmptyCart`**", "`EmptyCart`"):
        text = ("1. **OutOfStock**: Raised when an item runs out.\n"
                f"2. {label}: This class marks an empty cart. It is a subclass of "
                "`ValueError`.\n")
        verdicts = _verdicts(resolver, text)
        assert (2, "subclass(shop.errors.EmptyCart, ValueError)", "unverified") in verdicts, \
            label
        assert not any(v[1].startswith("subclass(shop.errors.OutOfStock") for v in verdicts)


def test_claims_a_bold_title_item_keeps_the_subject_of_the_item_before(
        resolver: Resolver) -> None:
    text = ("1. **Definition**: `checkout` is defined in `shop.core`.\n"
            "2. **Parameters**: The function takes a parameter `coupon`.\n")
    assert (2, "has_param(shop.core.checkout, coupon)", "unverified") in \
        _verdicts(resolver, text)


@pytest.mark.parametrize(("text", "status"), [
    ("`walk` calls `walk` for each child.\n", "verified"),      # recursive
    ("`measure` uses the `measure` function.\n", "unverified"),  # a slip: it calls `width`
])
def test_claims_a_function_said_to_call_itself_is_true_only_of_recursion(
        tmp_path_factory: pytest.TempPathFactory, text: str, status: str) -> None:
    from repo_fixtures import tree_resolver

    files = {"tree.py": "def walk(node):\n    for child in node:\n        walk(child)\n\n\n"
                        "def width(c):\n    return 1\n\n\n"
                        "def measure(s):\n    return sum(width(c) for c in s)\n"}
    for resolver in tree_resolver(tmp_path_factory, files, name="self-calls"):
        assert [c.result.status for c in _claims(resolver, text, "doc.md")
                if c.ref.name.startswith("calls(")] == [status]


@pytest.mark.parametrize(("files", "text", "status"), [
    ({"w.py": "from __future__ import annotations\n\n\ndef width(s):\n    return len(s)\n"},
     "`width` is a C function.\n", "unverified"),
    ({"w.py": "def width(s):\n    return len(s)\n"}, "`width` 是一个 C 语言函数。\n", "unverified"),
    # CPython swaps in `_accel.width` when it imports: the Python def may stand for C
    ({"w.py": "def width(s):\n    return len(s)\n\ntry:\n    from _accel import width\n"
              "except ImportError:\n    pass\n"}, "`width` is a C function.\n", "ignored"),
    # the tree's own C source defines it
    ({"w.py": "def width(s):\n    return len(s)\n", "ext/w.c": "int width(void) { return 1; }\n"},
     "`width` is a C function.\n", "verified"),
])
def test_claims_a_definition_said_to_be_written_in_another_language(
        tmp_path_factory: pytest.TempPathFactory, files: dict[str, str], text: str,
        status: str) -> None:
    from repo_fixtures import tree_resolver

    for resolver in tree_resolver(tmp_path_factory, files, name="native"):
        assert [c.result.status for c in _claims(resolver, text, "doc.md")] == [status]


def test_claims_a_kind_noun_in_apposition_opens_the_subject(resolver: Resolver) -> None:
    # "The function `checkout`" is about `checkout`, not the module named after it
    text = ("The function `checkout` is defined in the `shop.core` module. "
            "It takes a parameter `coupon`.\n")
    assert (1, "has_param(shop.core.checkout, coupon)", "unverified") in \
        _verdicts(resolver, text)


_ABSTRACT = {"m.py": (
    "from abc import ABC, abstractmethod\n\n\nclass Base(ABC):\n    @property\n"
    "    @abstractmethod\n    def path(self):\n        \"\"\"The path.\"\"\"\n\n"
    "    @property\n    def data(self):\n        return 1\n\n    @abstractmethod\n"
    "    def run(self):\n        raise NotImplementedError\n\n    def stop(self):\n"
    "        return None\n\n\ndef run():\n    return 0\n")}


@pytest.mark.parametrize(("text", "status"), [
    ("`Base.path` is an abstract property.\n", "verified"),
    ("`Base.data` is an abstract property.\n", "unverified"),
    ("`Base.run` is an abstract method.\n", "verified"),
    ("`Base.stop` 是一个抽象方法。\n", "unverified"),
    # a bare name: the member of the class the sentence names, else left open
    ("The `run` method of `Base` is abstract.\n", "verified"),
    ("The `run` method is short.\n", "ignored"),
])
def test_claims_abstract_members_and_bare_names_read_as_a_named_classs_member(
        tmp_path_factory: pytest.TempPathFactory, text: str, status: str) -> None:
    from repo_fixtures import tree_resolver

    for resolver in tree_resolver(tmp_path_factory, _ABSTRACT, name="abstract"):
        kinds = [c.result.status for c in _claims(resolver, text, "doc.md")
                 if c.ref.name.startswith("kind(")]
        assert kinds[:1] == [status], text


def test_claims_a_chinese_count_after_its_list_is_a_count(resolver: Resolver) -> None:
    # "有 `a`、`b` 和 `c` 三个方法" says both the members and how many there are
    said = _verdicts(resolver, "`checkout` 接收 `cart`、`pay` 和 `coupon` 三个参数。\n")
    assert (1, "param_count(shop.core.checkout, 3)", "unverified") in said
    assert (1, "has_param(shop.core.checkout, cart)", "verified") in said
    assert [v for v in _verdicts(resolver, "`checkout` 接收 `cart` 和 `pay` 两个参数。\n")
            if v[1].startswith("param_count")] == [
        (1, "param_count(shop.core.checkout, 2)", "verified")]


def test_claims_a_location_column_titled_in_other_words(resolver: Resolver) -> None:
    table = ("| Class | 所在 module |\n|---|---|\n| `Cart` | `shop/errors.py` |\n"
             "| `EmptyCart` | `shop/errors.py` |\n")
    assert [c.result.status for c in _claims(resolver, table)
            if c.ref.name.startswith("location(")] == ["unverified", "verified"]



def test_claims_a_container_called_a_function_without_naming_a_member(
        resolver: Resolver) -> None:
    # no member of `EmptyCart` is named: the phrase calls the class itself a function
    (alone,) = [c for c in _claims(resolver, "shop 的 `EmptyCart` 函数用于处理空购物车。")
                if c.ref.name.startswith("kind(")]
    assert alone.result.status == "unverified"
    # "the `Cart` method `clear`" names a member of `Cart`
    named = [c.result.status for c in _claims(resolver, "Call the `Cart` method `clear`.")
             if c.ref.name.startswith("kind(shop.core.Cart,")]
    assert named == ["ignored"]
    # a Chinese noun phrase after 被: "`Cart` 被 `checkout` 类使用" calls `checkout` a class
    assert [c.result.status for c in _claims(resolver, "`Cart` 被 `checkout` 类使用。")
            if c.ref.name.startswith("kind(shop.core.checkout")] == ["unverified"]


@pytest.mark.parametrize("text, status", [
    # how many classes a module or file defines (its own top-level ones)
    ("`shop/errors.py` defines three classes.", "verified"),
    ("`shop/errors.py` defines four classes.", "unverified"),
    ("The `shop.errors` module holds the errors. This module defines two exceptions.",
     "unverified"),
    ("`shop/errors.py` 一共定义了三个异常类。", "verified"),
    ("`shop/errors.py` 里有两个购物异常类。", "ignored"),  # which ones the words pick is unsaid
])
def test_claims_how_many_definitions_a_module_has(resolver: Resolver, text: str,
                                                  status: str) -> None:
    assert [c.result.status for c in _claims(resolver, text)
            if c.ref.name.startswith("definition_count(")] == [status]


def test_claims_a_parameter_count_column(resolver: Resolver) -> None:
    table = ("| 方法 | parameter 个数 |\n|---|---|\n| `Cart.add` | 2 |\n| `checkout` | 3 |\n")
    assert [c.result.status for c in _claims(resolver, table)
            if c.ref.name.startswith("param_count(")] == ["verified", "unverified"]


def test_claims_a_row_cell_opening_with_a_condition_keeps_the_rows_subject(
        resolver: Resolver) -> None:
    text = ("| 函数 | 说明 |\n|---|---|\n"
            "| `_charge` | 当购物车为空时抛出 `EmptyCart` |\n"
            "| `_charge` | 如果金额为零，会抛出 `KeyError` |\n")
    found = {(c.ref.line, c.ref.name.split("(")[0], c.result.status)
             for c in _claims(resolver, text)}
    assert (3, "raises", "verified") in found


def test_claims_a_member_titled_in_words_under_its_class(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    from repo_fixtures import tree_resolver

    files = {"env.py": "class DotEnv:\n    def dict(self):\n        return {}\n\n"
                       "    def setAsEnv(self):\n        pass\n\n\n"
                       "def resolve_variables(values):\n    return values\n"}
    text = ("#### `DotEnv` Class\n\n"
            "- **Dict Method**: Returns the values as a dictionary.\n"
            "- **Set As Env Method**: Sets them.\n"              # setAsEnv, another spelling
            "- **Resolve Variables Method**: Resolves them.\n"   # a function of the module
            "- **Initialization**: Takes a path.\n"             # a title, no member
            "- **Helper function**: Helps.\n")                  # what its owner is
    for resolver in tree_resolver(tmp_path_factory, files, name="titled"):
        found = {c.ref.name: c.result.status for c in _claims(resolver, text)
                 if c.ref.name.startswith("has_item(")}
        assert found == {"has_item(env.DotEnv, dict)": "verified",
                         "has_item(env.DotEnv, set_as_env)": "verified",
                         "has_item(env.DotEnv, resolve_variables)": "unverified"}


@pytest.mark.parametrize("text, statuses", [
    # a name a noun phrase calls a parameter must be one of some function
    ("Set the delay with the `qty` parameter.", ["verified"]),            # Cart.add's
    ("Use the `helper` and `clear` parameters to tune it.", ["unverified", "unverified"]),
    ("使用 `describe` 参数来控制输出。", ["ignored"]),        # or `describe`'s parameters
    ("The `add` arguments are listed below.", []),      # one name, plural: what it takes
    ("The `__init__` parameter name may differ.", []),  # a modifier of "name"
    ("Pass an optional `Cart` parameter.", []),          # described by its type
    ("`Cart.add` takes the `qty` parameter.", []),       # whose it is: its own claim
])
def test_claims_a_name_called_a_parameter(resolver: Resolver, text: str,
                                          statuses: list[str]) -> None:
    found = [c.result.status for c in _claims(resolver, text)
             if c.ref.name.startswith("kind(") and c.ref.name.endswith(", parameter)")]
    assert sorted(found) == statuses


def test_claims_a_name_read_as_an_option_may_be_called_a_parameter(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    from repo_fixtures import tree_resolver

    # `verbose` is a method, but `run` reads an option of that name from **kwargs
    files = {"tool.py": "class Tool:\n    def verbose(self):\n        return True\n\n"
                        "    def quiet(self):\n        return False\n\n\n"
                        "def run(**options):\n    return options.get('verbose')\n\n\n"
                        "class Box:\n    def __init__(self, size):\n        self.size = size\n"
                        "        self.label = ''\n",
             "opts.py": "from dataclasses import dataclass\n\n\n@dataclass\nclass Opts:\n"
                        "    retries: int = 3\n"}
    for resolver in tree_resolver(tmp_path_factory, files, name="options"):
        found = {c.ref.name: c.result.status for c in _claims(
            resolver, "Pass the `verbose` and `quiet` parameters to `run`.\n")
            if c.ref.name.endswith(", parameter)")}
        assert found == {"kind(tool.Tool.verbose, parameter)": "ignored",
                         "kind(tool.Tool.quiet, parameter)": "unverified"}
        # an attribute its class's own constructor does not take
        found = {c.ref.name: c.result.status for c in _claims(
            resolver, "使用 `label` 参数设置标签。\n") if c.ref.name.endswith(", parameter)")}
        assert found == {"kind(tool.Box.label, parameter)": "unverified"}
        # a dataclass field is a parameter of the constructor it is given
        found = {c.ref.name: c.result.status for c in _claims(
            resolver, "Set the `retries` parameter.\n") if c.ref.name.endswith(", parameter)")}
        assert found == {"kind(opts.Opts.retries, parameter)": "verified"}


def test_claims_a_parameter_named_after_its_noun_under_a_bound_method(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    from repo_fixtures import tree_resolver

    # ``encode`` is the bound method of a module-level instance; "参数 `x`" names the
    # parameter first, then the name
    files = {"codec.py": "class Codec:\n    def encode(self, uuid, pad_length=None):\n"
                         "        return str(uuid)\n\n\n_instance = Codec()\n"
                         "encode = _instance.encode\n"}
    text = ("- **encode**:\n  - 参数 `number` 是一个整数。\n  - 参数 `pad_length` 是可选的。\n"
            "  - Parameter `uuid` is the value to encode.\n")
    for resolver in tree_resolver(tmp_path_factory, files, name="bound"):
        found = {c.ref.name: c.result.status for c in _claims(resolver, text)
                 if c.ref.name.startswith("has_param(")}
        assert found == {"has_param(codec.encode, number)": "unverified",
                         "has_param(codec.encode, pad_length)": "verified",
                         "has_param(codec.encode, uuid)": "verified"}


_CONSTRUCTOR_TREE = {
    "feed/__init__.py": "",
    "feed/core.py": '''\
import attr


def load(x):
    return x


def helper():
    return 1


class Reader:
    def __init__(self, src):
        self.src = load(src)

    def read(self):
        return helper()


class Failure(ValueError):
    def __init__(self, message):
        super().__init__(message)


@attr.s
class Record:
    value = attr.ib(converter=load)

    def __attrs_post_init__(self):
        self.ready = True

    def refresh(self):
        return helper()


@attr.s
class Plain(Exception):
    message = attr.ib()


@attr.s
class Loaded:
    value = attr.ib(converter=load)


class Bare:
    pass
''',
}


@pytest.fixture(scope="module")
def constructor_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _CONSTRUCTOR_TREE, name="constructors")


@pytest.mark.parametrize("text, status", [
    ("The constructor of `Reader` calls `load`.", "verified"),
    # said of the constructor, what another method calls is no call of it
    ("`Reader`'s constructor calls `helper`.", "unverified"),
    ("`Reader` 的构造函数调用 `helper`。", "unverified"),
    ("`Reader` calls `helper`.", "verified"),                 # a class: any of its methods
    # a builtin base runs none of the tree's code: nothing of `Failure` calls `read`
    ("`Failure` calls `Reader.read`.", "unverified"),
    ("The `Failure` constructor calls `Reader.read`.", "unverified"),
    # the `__init__` attrs writes calls a field's converter before the hook
    ("`Record` 的构造函数调用 `load`。", "ignored"),
    ("`Record` 的构造函数调用 `helper`。", "unverified"),
    # no constructor in the tree: the one a decorator writes calls what the fields name
    ("The constructor of `Plain` calls `helper`.", "unverified"),
    ("The constructor of `Loaded` calls `load`.", "ignored"),
    ("`Loaded` 的构造函数调用 `helper`。", "unverified"),
    ("The constructor of `Bare` calls `helper`.", "ignored"),  # object's: not read here
])
def test_claims_calls_said_of_a_constructor(constructor_resolver: Resolver, text: str,
                                            status: str) -> None:
    assert _status(constructor_resolver, text) == status


@pytest.mark.parametrize("text, status", [
    # a length or a count said in words is an integer
    ("`fmt` returns the length of the value.", "unverified"),   # ``str(value)``
    ("`fmt` 返回值的长度。", "unverified"),
    ("`Cart.total` returns the length of the items.", "verified"),  # ``len(self.items)``
    ("`Cart.total` 返回商品的个数。", "verified"),
])
def test_claims_a_length_returned_is_an_integer(resolver: Resolver, text: str,
                                                status: str) -> None:
    assert _status(resolver, text) == status


_PROTOCOL_TREE = {
    "bag/__init__.py": "",
    "bag/core.py": '''\
class Bag:
    def __len__(self):
        return 0

    def __getattr__(self, key):  # attribute access reads the bag's keys
        return self[key]

    def keys(self):
        return []


class Name(str):
    pass
''',
}


@pytest.fixture(scope="module")
def protocol_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _PROTOCOL_TREE, name="protocol")


@pytest.mark.parametrize("text, status", [
    # a builtin that calls a special method is no method of the class that has that
    # special method, even one whose ``__getattr__`` leaves other members open
    ("`Bag` has a `len()` method.", "unverified"),
    ("`Bag` 提供了 `reversed()` 方法。", "unverified"),
    ("`Bag` has a `keys()` method.", "verified"),
    ("`Bag` has a `pop()` method.", "ignored"),  # ``__getattr__`` may supply it
    ("`Name` has a `format()` method.", "verified"),  # ``str.format``
    ("The `len()` method returns the number of items.", "unverified"),
    ("`getattr()` 方法返回指定键的值。", "unverified"),
])
def test_claims_builtin_called_a_method(protocol_resolver: Resolver, text: str,
                                        status: str) -> None:
    assert _status(protocol_resolver, text) == status


def test_claims_builtin_called_a_function_is_no_finding(protocol_resolver: Resolver) -> None:
    claims = _claims(protocol_resolver, "The `len()` function returns the number of items.")
    assert claims and all(c.result.status != "unverified" for c in claims)


@pytest.mark.parametrize("text, status", [
    # a Chinese condition's consequence without a subject is the last subject's doing
    ("`checkout()` 函数处理订单。如果购物车为空，则调用 `fmt` 来格式化。", "unverified"),
    ("`checkout()` 函数处理订单。如果需要，就会调用 `_charge` 来收费。", "verified"),
    ("`checkout()` 函数处理订单。如果购物车为空，则抛出 `OutOfStock`。", "unverified"),
])
def test_claims_a_subjectless_consequence_in_chinese(resolver: Resolver, text: str,
                                                     status: str) -> None:
    claims = [c for c in _claims(resolver, text) if c.ref.name.startswith(("calls(", "raises("))]
    assert [c.result.status for c in claims] == [status]


_RECURSION_TREE = {
    "walk/__init__.py": "",
    "walk/core.py": ("def walk(node):\n    for child in node:\n        walk(child)\n\n\n"
                     "def search(node):\n    return node\n\n\n"
                     # the recursion in a nested helper, which the own body does not show
                     "def visit(node):\n    def step(child):\n        visit(child)\n"
                     "    for child in node:\n        step(child)\n"),
    # a namesake that calls the other: no recursion of either
    "walk/util.py": "from walk import core\n\n\ndef search(node):\n    return core.search(node)\n",
}


@pytest.fixture(scope="module")
def recursion_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _RECURSION_TREE, name="recursion")


@pytest.mark.parametrize("text, status", [
    ("The `walk` function calls `walk` for each child.", "verified"),
    ("The `search` function uses the `search` function to find the node.", "unverified"),
    ("`search` 函数调用 `search` 函数来查找节点。", "unverified"),
    ("The `visit` function calls `visit` for each child.", "ignored"),
])
def test_claims_a_function_said_to_call_itself(recursion_resolver: Resolver, text: str,
                                              status: str) -> None:
    calls = [c for c in _claims(recursion_resolver, text) if c.ref.name.startswith("calls(")]
    assert [c.result.status for c in calls] == [status]


@pytest.mark.parametrize("text", [
    "`Cart.add()` 接受 `item`、`qty` 和 `pay` 作为参数。",
    # the kind of argument said before a name, and the list's noun, name no other thing
    "`Cart.add()` 是一个方法，它接受一个函数 `item` 和可能的参数 `qty`、`pay` 作为参数。",
    "`Cart.add()` takes `item`, `qty` and `pay` as arguments.",
    "The `Cart.add()` method takes a function `item` and the optional arguments `qty` and "
    "`pay`.",
    "`Cart.add()` accepts a callback `item` and the parameters `qty` and `pay`.",
])
def test_claims_a_parameter_list_said_as_parameters_is_read_whole(resolver: Resolver,
                                                                  text: str) -> None:
    # every name of the list is a parameter claim, not the first alone
    params = sorted((c.ref.name, c.result.status) for c in _claims(resolver, text)
                    if c.ref.name.startswith("has_param(shop.core.Cart.add"))
    assert params == [("has_param(shop.core.Cart.add, item)", "verified"),
                      ("has_param(shop.core.Cart.add, pay)", "unverified"),
                      ("has_param(shop.core.Cart.add, qty)", "verified")]


@pytest.mark.parametrize("text, said", [
    # a count the code leaves open that its own list contradicts: the sentence says both
    ("`checkout` supports three payment modes: `'card'`, `'cash'`, `'bank'` and `'gift'`.",
     True),
    ("`checkout` 支持两种支付方式：`'card'`、`'cash'` 和 `'gift'`。", True),
    # a list that is part of the set, or that goes on past its names, is no such list
    ("`checkout` supports five payment modes, such as: `'card'` and `'cash'`.", False),
    ("`checkout` supports five payment modes: `'card'` and `'cash'` are the usual ones.",
     False),
    ("`checkout` supports two payment modes: `'card'` and `'cash'`.", False),
])
def test_claims_a_count_its_own_list_contradicts(resolver: Resolver, text: str,
                                                 said: bool) -> None:
    counts = [c for c in _claims(resolver, text) if "_count(" in c.ref.name]
    assert counts
    contradicted = [c for c in counts if c.result.message.startswith("it says")]
    assert bool(contradicted) == said
    assert all(c.result.status == "unverified" for c in contradicted)


def test_claims_a_count_the_code_decides_says_what_the_code_has(resolver: Resolver) -> None:
    text = "`checkout` takes three parameters: `cart`, `pay`, `retries` and `log`."
    [count] = [c for c in _claims(resolver, text) if c.ref.name.startswith("param_count(")]
    assert count.result.status == "unverified"
    assert "`cart`" in count.result.message and not count.result.message.startswith("it says")


_VIEWS_TREE = {
    "views/__init__.py": "",
    "views/base.py": "from collections import abc\n\n\nclass Bag(abc.MutableSet):\n"
                     "    def add(self, value):\n        pass\n\n"
                     "    def discard(self, value):\n        pass\n",
    "views/items.py": "from .base import abc\n\n\nclass Items(abc.ItemsView, abc.Sequence):\n"
                      "    def __getitem__(self, index):\n        return index\n",
}


@pytest.fixture(scope="module")
def views_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _VIEWS_TREE, name="views")


def test_claims_a_record_of_labelled_items_says_its_classs_methods_and_bases(
        views_resolver: Resolver) -> None:
    text = ("## Classes\n\n- **模块**: `views.base`\n- **类**: `Bag`\n"
            "- **方法**: `add`, `discard`, `copy`\n\n"
            "- **Class**: `Items`\n- **Bases**: `abc.ItemsView`, `abc.Mapping`\n"
            "- **Methods**: `__getitem__`\n\n"
            "- **方法**: `copy`\n")  # a record that names no class says nothing
    said = {c.ref.name: c.result.status for c in _claims(views_resolver, text)
            if c.ref.name.startswith(("has_method(", "subclass("))}
    assert said == {
        "has_method(views.base.Bag, add)": "verified",
        "has_method(views.base.Bag, discard)": "verified",
        "has_method(views.base.Bag, copy)": "unverified",  # no `copy` on a MutableSet
        "subclass(views.items.Items, abc.ItemsView)": "verified",  # as its statement writes
        "subclass(views.items.Items, abc.Mapping)": "unverified",
        "has_method(views.items.Items, __getitem__)": "verified"}
