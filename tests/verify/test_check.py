"""check_documents orchestration: ignore lists, changelogs, example-local names, findings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.index.builder import build_index
from pse.verify.check import CheckedReference, Document, check_documents, to_findings
from pse.verify.externals import external_names
from pse.verify.resolve import Resolver
from repo_fixtures import PY_SMALL, copy_repo


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    root = copy_repo(PY_SMALL, tmp_path_factory.mktemp("check") / "py_small")
    index, _ = build_index(root, cache_dir=tmp_path_factory.mktemp("cache"), workers=1)
    yield Resolver(index, externals=external_names(dependencies=(), configured=()))
    index.close()


def _statuses(checked: list[CheckedReference]) -> dict[str, str]:
    return {c.ref.name: c.result.status for c in checked}


def test_check_ignore_patterns_match_name_or_text(resolver: Resolver) -> None:
    doc = Document("a.md", "`Client.fetch_all()` and `Ghost.boo` and `Client.gone()`\n")
    checked = check_documents([doc], resolver, ignore=["Client.fetch_*", "Ghost*"])
    assert _statuses(checked) == {"Client.fetch_all": "ignored", "Ghost.boo": "ignored",
                                  "Client.gone": "unverified"}
    assert checked[0].result.message == "listed in [tool.pse.verify] ignore"


def test_check_historical_documents_do_not_flag(resolver: Resolver) -> None:
    text = "Removed `Client.old_api()` in 0.3.\n"
    history = check_documents([Document("docs/CHANGELOG.md", text)], resolver,
                              historical=["CHANGELOG*"])
    normal = check_documents([Document("docs/guide.md", text)], resolver,
                             historical=["CHANGELOG*"])
    assert _statuses(history) == {"Client.old_api": "ignored"}
    assert history[0].result.message.endswith("(historical document)")
    assert _statuses(normal) == {"Client.old_api": "unverified"}


def test_check_names_defined_by_an_example_are_local(resolver: Resolver) -> None:
    text = ("```python\nclass RetryPolicy:\n    pass\n\nclient = Client(RetryPolicy())\n```"
            "\n\nThen pass a `RetryPolicy` to `Client`; `Policy` is not defined anywhere.\n")
    checked = check_documents([Document("a.md", text)], resolver)
    # the block defines a class the tree lacks: an example, not a quote of the tree's code
    assert _statuses(checked) == {"RetryPolicy": "ignored", "Client": "verified",
                                  "Policy": "ignored", "RetryPolicy (quoted)": "ignored"}
    strict = check_documents([Document("a.md", text)], resolver, strict=True)
    assert _statuses(strict) == {"RetryPolicy": "ignored", "Client": "verified",
                                 "Policy": "unverified", "RetryPolicy (quoted)": "ignored"}


def test_check_output_is_sorted_and_deduplicated(resolver: Resolver) -> None:
    docs = [Document("b.md", "`Client` `Client`\n\n`Session`\n"),
            Document("a.md", "`Session`\n")]
    checked = check_documents(docs, resolver)
    assert [(c.ref.file, c.ref.line, c.ref.name) for c in checked] == [
        ("a.md", 1, "Session"), ("b.md", 1, "Client"), ("b.md", 3, "Session")]


def test_check_to_findings_bad_and_ok(resolver: Resolver) -> None:
    doc = Document("a.md", "`Client.request()` `src/tinyhtp/client.py` `json.loads` `True`\n")
    result = to_findings(check_documents([doc], resolver))
    assert not result.passed
    [bad] = result.bad
    assert (bad.rule, bad.path, bad.line, bad.kind) == ("ref-unverified", "a.md", 1, "path")
    assert bad.hint == "did you mean 'src/tinyhttp/client.py'?"
    [ok] = result.ok
    assert (ok.rule, ok.severity, ok.text) == ("ref-verified", "info", "Client.request()")
    assert [(e.path, e.line) for e in ok.evidence] == [("src/tinyhttp/client.py", 20)]


def test_check_a_method_nothing_defines_is_flagged_on_an_examples_own_value(
        tmp_path: Path) -> None:
    (tmp_path / "pool").mkdir()
    (tmp_path / "pool" / "__init__.py").write_text(
        "class Response:\n    def release_conn(self):\n        pass\n"
        "def request(url):\n    return Response()\n")
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache", workers=1)
    text = ("```python\nimport pool\nresp = pool.request('/')\n```\n\n"
            "Call `resp.release_connection()`, `resp.release_conn()` or `resp.strip()`.\n")
    try:
        resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
        checked = check_documents([Document("a.md", text)], resolver)
    finally:
        index.close()
    status = {c.ref.name: (c.result.status, c.result.message) for c in checked}
    assert status["resp.release_connection"][0] == "unverified"
    assert "has no member 'release_connection'" in status["resp.release_connection"][1]
    assert status["resp.release_conn"][0] == status["resp.strip"][0] == "ignored"


def test_check_a_class_an_example_restates_is_the_projects_when_strict(
        resolver: Resolver) -> None:
    # written, never used: the text quotes the project's class (which the tree lacks);
    # an example that uses its class, or extends the project's, keeps it
    quoted = ("The `Schema` class holds the rules.\n\n"
              "```python\nclass Schema(MutableMapping):\n    rules = {}\n```\n")
    used = quoted + "\n```python\nschema = Schema()\n```\n"
    extended = ("`MyClient` adds retries.\n\n"
                "```python\nclass MyClient(Client):\n    retries = 3\n```\n")
    assert _statuses(check_documents([Document("a.md", quoted)], resolver, strict=True))[
        "Schema"] == "unverified"
    assert _statuses(check_documents([Document("a.md", quoted)], resolver))[
        "Schema"] == "ignored"
    assert _statuses(check_documents([Document("a.md", used)], resolver, strict=True))[
        "Schema"] == "ignored"
    assert _statuses(check_documents([Document("a.md", extended)], resolver, strict=True))[
        "MyClient"] == "ignored"
    bare = "`RetryRules` holds them.\n\n```python\nclass RetryRules:\n    verbose = False\n```\n"
    assert _statuses(check_documents([Document("a.md", bare)], resolver, strict=True))[
        "RetryRules"] == "unverified"


def test_check_the_members_of_a_class_an_example_restates_when_strict(
        resolver: Resolver) -> None:
    # ``stream`` is Client's, not BaseClient's: a restated class says what it has
    text = ("```python\nclass BaseClient:\n    def request(self, method, url):\n        ...\n\n"
            "    def stream(self, method, url):\n        ...\n```\n")
    checked = check_documents([Document("a.md", text)], resolver, strict=True)
    found = {c.ref.name: c.result for c in checked}
    assert found["BaseClient.request"].status == "verified"
    assert found["BaseClient.stream"].status == "unverified"
    assert "`BaseClient`, which has none" in found["BaseClient.stream"].message
    # the reader's extension of the project's class adds what it likes
    extended = text.replace("class BaseClient:", "class MyClient(BaseClient):")
    checked = check_documents([Document("a.md", extended)], resolver, strict=True)
    assert {c.ref.name: c.result.status for c in checked}["MyClient.stream"] == "ignored"


@pytest.mark.parametrize("code, status", [
    ("import tinyhttp\n\ntinyhttp('https://example.org')\n", "unverified"),
    ("import json\n\njson('{}')\n", "unverified"),  # a module of the standard library
    ("import tinyhttp\n\ntinyhttp.Client()\n", "verified"),
    ("from tinyhttp import client\n\nclient.Client()\n", "verified"),  # (tinyhttp.client.Client)
    ("import requests\n\nrequests('x')\n", "external"),  # not ours to know
    # a submodule reached as an attribute and called (glob2: `glob2.fnmatch(name, pat)`)
    ("import tinyhttp\n\ntinyhttp.models('x')\n", "unverified"),
    ("import tinyhttp\n\ntinyhttp.get('https://example.org')\n", "verified"),
])
def test_check_a_module_an_example_imports_and_calls(resolver: Resolver, code: str,
                                                     status: str) -> None:
    text = f"```python\n{code}```\n"
    checked = check_documents([Document("a.md", text)], resolver, strict=True)
    last = code.strip().splitlines()[-1].split("(")[0]
    assert {c.ref.text: c.result.status for c in checked}[last] == status


def test_check_a_decorated_class_of_an_example_is_the_readers(resolver: Resolver) -> None:
    # ``@dataclass class Person`` applies an API: an example of its use, never a quote
    text = ("```python\nfrom dataclasses import dataclass\n\n@dataclass\nclass Person:\n"
            "    name: str\n```\n\nHere `Person` has one field.\n")
    checked = check_documents([Document("a.md", text)], resolver, strict=True)
    assert {c.result.status for c in checked if c.ref.name == "Person"} == {"ignored"}


def test_check_what_an_examples_subclass_calls_of_its_base(resolver: Resolver) -> None:
    # the reader's subclass of the project's class: ``super().m`` and a ``self.m()`` it
    # never defines are the base's; what it defines or assigns itself is its own
    text = ("```python\nfrom tinyhttp.client import Session\n\n"
            "class Retrying(Session):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.hooks = []\n\n"
            "    def send(self, request):\n"
            "        self.hooks()\n"
            "        self.mount('x', None)\n"
            "        self.prepare(request)\n"
            "        self.log(request)\n"
            "        super().__send__(request)\n"
            "        return super().send(request)\n\n"
            "    def log(self, request):\n"
            "        print(request)\n```\n")
    checked = check_documents([Document("a.md", text)], resolver, strict=True)
    found = {c.ref.text: c.result.status for c in checked}
    assert found["super().__init__"] == "verified"
    assert found["super().send"] == "verified"      # BaseClient's, inherited
    assert found["self.mount"] == "verified"
    assert found["self.prepare"] == "unverified"
    assert found["super().__send__"] == "unverified"
    assert "self.hooks" not in found and "self.log" not in found  # its own
    # with two bases (or a base of its own) a member may come from anywhere
    mixed = text.replace("class Retrying(Session):", "class Retrying(Session, Mixin):")
    found = {c.ref.text for c in check_documents([Document("a.md", mixed)], resolver,
                                                  strict=True)}
    assert "self.prepare" not in found and "super().__send__" not in found
