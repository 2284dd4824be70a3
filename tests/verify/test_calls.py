"""Calls written in examples, bound to the signature of what they call."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator

import pytest

from pse.index.builder import build_index
from pse.verify.check import Document, check_documents
from pse.verify.externals import external_names
from pse.verify.resolve import Resolver

SOURCE = '''\
import functools


def quantiles(data, *, n=4, method="exclusive"):
    return [data, n, method]


def only(a, /, b=1):
    return a + b


def remember(f):
    return f


@remember
def decorated(a):
    return a


@functools.lru_cache(maxsize=8)
def cached(a, b):
    return a + b


def double(x):
    """Twice ``x``.

    >>> double(2)
    4
    >>> double('ab')
    'abab'
    >>> double(1.5)
    3.0...
    """
    return x * 2


class Wrapper:
    def __init__(self, width, *, tabsize=8):
        self.width = width

    def wrap(self, text):
        """
        >>> Wrapper(5).wrap('a')
        ['a']
        """
        return [text]

    def quantiles(self, n=4):
        return [n]

    @classmethod
    def build(cls, width):
        return cls(width)

    @staticmethod
    def measure(text, width):
        return len(text) <= width


class Wide(Wrapper):
    pass


class Described(dict):
    def __init__(self, a):
        super().__init__(a=a)


class Repository(object):
    def __init__(self, source, encoding="utf-8"):
        self.source = source


class EnvRepository(Repository):
    pass
'''


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    root = tmp_path_factory.mktemp("calls") / "proj"
    (root / "stats").mkdir(parents=True)
    (root / "stats" / "__init__.py").write_text(SOURCE, encoding="utf-8")
    index, _ = build_index(root, cache_dir=tmp_path_factory.mktemp("cache"), workers=1)
    yield Resolver(index, externals=external_names(dependencies=set(), configured=()))
    index.close()


_IMPORTS = ("from stats import quantiles, only, decorated, cached, double, Wrapper, Wide, "
            "Described, Repository, EnvRepository")


def _verdicts(resolver: Resolver, code: str, *, strict: bool = False
              ) -> dict[int, tuple[str, str]]:
    """Status and message of each reference, by the line of the example it is on."""
    doc = "```python\n" + textwrap.dedent(code).strip() + "\n```\n"
    checked = check_documents([Document("doc.md", doc)], resolver, strict=strict)
    return {c.ref.line - 1: (c.result.status, c.result.message) for c in checked
            if c.ref.kind == "symbol"}


@pytest.mark.parametrize(("call", "problem"), [
    # the keyword-only parameter passed by position
    ("quantiles([1, 2], 0.25)", "too many positional arguments (`quantiles(data, *, n=…, "
                                "method=…)`)"),
    ("quantiles()", "missing a required argument: 'data'"),
    ("only(a=1)", "'a' parameter is positional only, but was passed as a keyword"),
    ("Wrapper()", "missing a required argument: 'width'"),  # its __init__, less self
    ("Wrapper(70, 8)", "too many positional arguments"),
    ("Wide(70, 8)", "too many positional arguments"),  # an in-tree base's __init__
    ("Wrapper.build(70, 8)", "too many positional arguments"),  # a classmethod: cls bound
    ("Wrapper.measure('x')", "missing a required argument: 'width'"),  # a staticmethod
    ("cached(1)", "missing a required argument: 'b'"),  # a decorator that keeps it
    # `object` as a base, directly or through an in-tree base, gives no other constructor
    ("Repository()", "missing a required argument: 'source'"),
    ("EnvRepository()", "missing a required argument: 'source'"),
])
def test_a_call_that_does_not_bind_is_unverified(resolver: Resolver, call: str,
                                                  problem: str) -> None:
    verdicts = _verdicts(resolver, f"{_IMPORTS}\n{call}")
    status, message = verdicts[2]
    assert status == "unverified"
    assert problem in message


@pytest.mark.parametrize("call", [
    "quantiles([1, 2], n=10)",
    "quantiles([1, 2], **options)",       # what a mapping passes is unknown
    "quantiles(*args)",                  # nor is how many arguments a list unpacks
    "quantiles([1, 2], ...)",            # the rest left out
    "only(1, b=2)",
    "Wrapper(70, tabsize=4)",
    "Wrapper.wrap(w, 'text')",           # a method called on its class: receiver by hand
    "decorated(1, 2, 3)",                # a decorator that may change the signature
    "Described(1, 2)",                   # a base outside the tree (dict) may take over
])
def test_a_call_that_binds_or_cannot_be_judged_is_not_flagged(resolver: Resolver,
                                                              call: str) -> None:
    verdicts = _verdicts(resolver, f"{_IMPORTS}\n{call}")
    assert verdicts[2][0] == "verified", verdicts[2]


def test_a_method_called_on_an_instance_the_example_built(resolver: Resolver) -> None:
    verdicts = _verdicts(resolver, """\
        from stats import Wrapper
        w = Wrapper(70)
        w.wrap("some text", 2)
        w.wrap("some text")
        """)
    assert verdicts[2][0] == "verified"
    assert verdicts[3] == ("unverified", "the call does not fit the signature: too many "
                           "positional arguments (`wrap(text)`)")
    assert verdicts[4][0] == "verified"


def test_a_bare_call_means_the_function_not_a_method_of_that_name(resolver: Resolver
                                                                   ) -> None:
    # ``Wrapper.quantiles(self, n=4)`` would take one positional argument, but a call
    # with no receiver is the module's function
    status, message = _verdicts(resolver, ">>> quantiles([1, 2], 0.25)", strict=True)[1]
    assert status == "unverified"
    assert "quantiles(data, *, n=…, method=…)" in message


@pytest.mark.parametrize(("span", "status"), [
    ("`quantiles([1, 2], 0.25)`", "unverified"),   # arguments written out in prose
    ("`quantiles()`", "verified"),                 # empty brackets name the function
    ("`quantiles(data)`", "verified"),
    ("`quantiles(data, ...)`", "verified"),         # the rest left out
    ("`Wrapper.measure(text)`", "verified"),        # prose may leave an argument out
    ("`Wrapper.measure(text, width, 3)`", "unverified"),
    # ``cls`` or ``self`` first: a definition's line written out, not a call
    ("`Wrapper.build(cls, width)`", "verified"),
    ("`Wrapper.quantiles(self, n=4)`", "verified"),
])
def test_inline_calls_are_bound_partly(resolver: Resolver, span: str, status: str) -> None:
    checked = check_documents([Document("doc.md", f"Call {span} to begin.\n")], resolver,
                              strict=True)
    assert [c.result.status for c in checked if c.ref.kind == "symbol"] == [status]


@pytest.mark.parametrize(("example", "status"), [
    (">>> double(2)\n5", "unverified"),     # the docstring shows double(2) as 4
    (">>> double(2)\n4", "verified"),
    (">>> double( 2 )\n4", "verified"),     # the same call, spaced otherwise
    ("print(double('ab'))  # -> abab", "verified"),  # printed, not quoted
    ("double(\"ab\")  # Output: 'abba'", "unverified"),
    ("double(1.5)  # -> 3.0000", "verified"),  # ... in the docstring stands for any text
    (">>> double(3)\n7", "verified"),       # a call no example documents: not judged here
])
def test_an_output_shown_for_a_documented_call(resolver: Resolver, example: str,
                                               status: str) -> None:
    prompt = ">>> " if example.startswith(">>>") else ""
    checked = check_documents([Document("doc.md", f"```python\n{prompt}{_IMPORTS}\n"
                                                    f"{example}\n```\n")], resolver)
    [verdict] = [c.result for c in checked if c.ref.text == "double" and c.ref.positional >= 0]
    assert verdict.status == status, verdict
    if status == "unverified":
        assert verdict.message.startswith("the example's output is not the code's: the "
                                         "example in `double`'s docstring gives")


def test_a_methods_output_is_its_receivers_state(resolver: Resolver) -> None:
    verdicts = _verdicts(resolver, f">>> {_IMPORTS}\n>>> w = Wrapper(5)\n>>> w.wrap('a')\n['b']")
    assert verdicts[3][0] == "verified"
