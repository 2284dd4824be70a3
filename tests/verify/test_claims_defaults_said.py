"""Defaults said around the parameter: a keyword written as code in a sentence about what
happens by default, "a default `x` of N", "sets `x` to N unless ...", "an optional `x`,
which is N when omitted", and a condition naming the parameter left out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.resolve import Resolver
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "feed/__init__.py": "",
    "feed/parse.py": '''\
class Parser:
    def __init__(self, max_size=1024, strict=False, encoding="utf-8"):
        self.max_size = max_size
        self.strict = strict
        self.encoding = encoding


def scale(shape, factor, *, inplace=False):
    return shape


class Circle:
    def __init__(self, r, unit="cm"):
        self.r = r
        self.unit = unit


def measure(shape, unit="mm"):
    return shape
''',
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="feed")


@pytest.mark.parametrize("text, status", [
    ("By default, `scale` modifies the shape in place (`inplace=True`).", "unverified"),
    ("By default, `scale` returns a new shape (`inplace=False`).", "verified"),
    ("`Parser` is strict by default (`strict=True`).", "unverified"),
    ("`Circle(r)` uses inches (`unit=\"in\"`) unless another unit is passed.", "unverified"),
    ("`Parser` uses a default `max_size` of 4096.", "unverified"),
    ("`Parser` uses a default `max_size` of 1024.", "verified"),
    ("`Parser.__init__` sets `max_size` to 2048 unless told otherwise.", "unverified"),
    ("`Circle` takes an optional `unit`, which is `\"mm\"` when omitted.", "unverified"),
    ("If `encoding` is not given, `Parser` falls back to `\"latin-1\"`.", "unverified"),
    ("If `encoding` is not given, `Parser` falls back to `\"utf-8\"`.", "verified"),
    ("如果不传 `encoding`，`Parser` 会使用 `\"gbk\"`。", "unverified"),
])
def test_claims_defaults_said_around_the_parameter(resolver: Resolver, text: str,
                                                   status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


@pytest.mark.parametrize("text", [
    "`scale` raises no error when `inplace=True`, which is not the default.",
    "`Parser` 在 `strict=True` 时会抛出异常，默认不会。",
])
def test_claims_a_keyword_passed_under_a_condition_is_no_default(resolver: Resolver,
                                                                  text: str) -> None:
    assert claim_statuses(resolver, text, "default") == []


@pytest.mark.parametrize("text, status", [
    ("`strict` mode of `Parser` is enabled by default.", "unverified"),
    ("The `strict` flag of `Parser` is off by default.", "verified"),
    ("By default, `strict` mode is enabled for `Parser`.", "unverified"),
    ("`Parser` turns on `strict` by default.", "unverified"),
    ("`Parser` disables `strict` by default.", "verified"),
    ("By default, `Parser` runs in `strict` mode.", "unverified"),
    ("`inplace` is disabled by default in `scale`.", "verified"),
    ("`Parser` 默认开启 `strict`。", "unverified"),
    ("`Parser` 默认关闭 `strict`。", "verified"),
    ("默认情况下，`Parser` 会启用 `strict`。", "unverified"),
])
def test_claims_a_flag_said_on_or_off_by_default(resolver: Resolver, text: str,
                                                 status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]


def test_claims_a_flag_under_a_label_takes_the_label_as_its_owner(resolver: Resolver) -> None:
    text = "- **`Parser`**\n  - `strict` is enabled by default.\n"
    assert claim_statuses(resolver, text, "default") == ["unverified"]


@pytest.mark.parametrize("text", [
    "By default, `Parser` does not run in `strict` mode.",
    "`strict` is enabled by default.",  # no callable named: whose flag is unknown
])
def test_claims_a_flag_denied_or_without_owner_is_no_default(resolver: Resolver,
                                                             text: str) -> None:
    assert claim_statuses(resolver, text, "default") == []


@pytest.mark.parametrize("text, status", [
    ("- **`Parser`**:\n  - `max_size`: The largest input. Default is 2048.\n", "unverified"),
    ("- **`Parser`**:\n  - `max_size`: The largest input. Default is 1024.\n", "verified"),
    # a value in quotes, not in backticks, is a value all the same
    ('- **`Parser`**:\n  - `encoding`: The codec. Default is "latin-1".\n', "unverified"),
    ("- **`Parser`**:\n  - `encoding`: The codec. Defaults to 'utf-8'.\n", "verified"),
    # a name several definitions take is the one of the label above (a signature, bold)
    ('- **Circle(r, unit)**:\n  - `unit`: The unit. Default is "mm".\n', "unverified"),
    ('- **measure(shape, unit)**:\n  - `unit`: The unit. Default is "mm".\n', "verified"),
    # a relative clause after "the `x` parameter" says its default
    ("Set it with the `max_size` parameter, which defaults to 2048.\n", "unverified"),
    ("Set it with the `max_size` parameter, which defaults to 1024 if not given.\n",
     "verified"),
])
def test_claims_a_default_said_later_in_a_labelled_item(resolver: Resolver, text: str,
                                                        status: str) -> None:
    assert claim_statuses(resolver, text, "default") == [status]
