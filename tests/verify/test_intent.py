"""The default mode: only names the text clearly means as the project's code are flagged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.index.builder import build_index
from pse.verify.check import CheckedReference, Document, check_documents
from pse.verify.externals import external_names
from pse.verify.history import document_title, is_historical
from pse.verify.resolve import Resolver, project_resolver
from repo_fixtures import PY_SMALL, copy_repo


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    root = copy_repo(PY_SMALL, tmp_path_factory.mktemp("intent") / "py_small")
    index, _ = build_index(root, cache_dir=tmp_path_factory.mktemp("cache"), workers=1)
    yield Resolver(index, externals=external_names(dependencies=(), configured=()))
    index.close()


def _check(resolver: Resolver, text: str, *, path: str = "docs/guide.md",
           strict: bool = False) -> dict[str, CheckedReference]:
    checked = check_documents([Document(path, text)], resolver, historical=["CHANGELOG*"],
                              strict=strict)
    return {c.ref.name: c for c in checked}


def _status(resolver: Resolver, text: str, **kwargs: object) -> dict[str, str]:
    return {name: c.result.status for name, c in _check(resolver, text, **kwargs).items()}  # type: ignore[arg-type]  # keyword options only


@pytest.mark.parametrize(("span", "why"), [
    ("tinyhttp.retry_forever", "qualified with the project's package"),
    ("Client.fetch_all", "its first part is a class of the tree"),
    ("Clinet.request", "a misspelt class of the tree"),
    ("Sesion", "a near miss of a real name"),
    ("ClientRegistryMixin", "built around a real class name"),
    ("_build_url", "a private variant of a real function"),
    ("src/tinyhttp/transport.py", "a path under the tree"),
    ("lib/tinyhttp/client.py", "a real file in another folder"),
])
def test_intent_names_meant_as_the_projects_code_are_flagged(resolver: Resolver, span: str,
                                                             why: str) -> None:
    assert _status(resolver, f"See `{span}` here.\n")[span] == "unverified", why


@pytest.mark.parametrize("span", [
    "classic", "xunit2", "get_user", "DataBase", "towncrier", "my_function",
    "sleep_until_something_happens", "test_", "tests/test_models.py", "src/mypkg/",
])
def test_intent_bare_words_nothing_ties_to_the_project_are_ignored(resolver: Resolver,
                                                                   span: str) -> None:
    found = _check(resolver, f"See `{span}` here.\n")[span.rstrip("/") if "/" not in span
                                                     else span]
    assert found.result.status == "ignored"
    assert "--strict" in found.result.message
    strict = _check(resolver, f"See `{span}` here.\n", strict=True)
    assert [c.result.status for c in strict.values()] == ["unverified"]


def test_intent_roles_flag_bare_names_but_not_other_packages(resolver: Resolver) -> None:
    text = "Use {func}`missing_helper` or {func}`otherlib.helper` instead.\n"
    assert _status(resolver, text) == {"missing_helper": "unverified",
                                       "otherlib.helper": "ignored"}


def test_intent_modules_imported_by_the_examples_are_external(resolver: Resolver) -> None:
    text = ("```python\nfrom chronoflux import DateTime\nimport emaillib\n"
            "emaillib.send(DateTime.now())\n```\n\nA `DateTime` goes to `emaillib.send`.\n")
    statuses = _status(resolver, text)
    assert statuses["chronoflux.DateTime"] == "external"
    assert statuses["emaillib.send"] == "external"
    assert _status(resolver, text, strict=True)["chronoflux.DateTime"] == "unverified"


def test_intent_stand_ins_called_by_examples_are_ignored(resolver: Resolver) -> None:
    text = ("```python\nfrom tinyhttp import Client\n\nconn = make_connection()\n"
            "Client().request('GET', conn.url)\n```\n\nThen `make_connection` returns.\n")
    checked = _check(resolver, text)
    assert checked["make_connection"].result.status == "ignored"
    assert "stand-in" in checked["make_connection"].result.message


def test_intent_bindings_of_one_block_apply_to_the_whole_document(resolver: Resolver) -> None:
    text = ("```python\nfrom tinyhttp import Session\nsession = Session()\n```\n\n"
            "Later blocks and the prose use it: `session.close()`, `session.reopen()`.\n\n"
            "```python\nsession.request('GET', '/')\n```\n")
    statuses = _status(resolver, text)
    assert statuses["session.close"] == "verified"
    assert statuses["session.reopen"] == "unverified"  # Session.reopen does not exist
    assert statuses["session.request"] == "verified"


def test_intent_string_keys_of_the_source_verify(resolver: Resolver) -> None:
    checked = _check(resolver, "The `User-Agent` header comes from `USER_AGENT`.\n")
    assert checked["USER_AGENT"].result.status == "verified"


def test_intent_generic_file_quoted_by_an_example_is_the_readers(resolver: Resolver) -> None:
    text = "```python\n# pyproject.toml\nclass NotInPyproject:\n    pass\n```\n"
    statuses = {c.ref.kind: c.result.status for c in _check(resolver, text).values()}
    assert "unverified" not in statuses.values()


@pytest.mark.parametrize(("path", "text", "historical"), [
    ("docs/announce/release-2.4.0.rst", "pytest 2.4\n===\n", True),
    ("docs/whatsnew/3.12.md", "# Python 3.12\n", True),
    ("docs/upgrade.md", "# Upgrading to 2.0\n", True),
    ("docs/deprecations.rst", "Deprecations and Removals\n=========================\n", True),
    ("docs/guide.md", "# Migrating from requests\n", True),
    ("docs/versions.rst", "===============\nVersion History\n===============\n", True),
    ("docs/contributing.rst", "Making changes\n==============\n", False),
    ("docs/usage.md", "# Usage\n", False),
])
def test_intent_historical_pages(path: str, text: str, historical: bool) -> None:
    assert is_historical(path, text, ["CHANGELOG*"]) is historical
    assert not is_historical(path, text, [])  # historical = [] checks everything


def test_intent_document_title() -> None:
    assert document_title("\n\nTitle here\n==========\n\nBody\n") == "Title here"
    assert document_title("---\n# Heading\n") == "Heading"


def test_intent_historical_page_names_removed_apis(resolver: Resolver) -> None:
    text = "# Upgrading\n\n`Client.old_api` is gone.\n"
    found = _check(resolver, text, path="docs/upgrading.md")["Client.old_api"]
    assert (found.result.status, found.result.message.endswith("(historical document)")) == \
        ("ignored", True)


def test_intent_blocks_of_other_tools_name_no_python(resolver: Resolver) -> None:
    text = ("```nginx\nserver {\n    listen 80;\n    proxy_pass http://127.0.0.1:8000;\n}\n```\n\n"
            "```apache\nWSGIDaemonProcess app threads=5\n```\n\n"
            "```ini\n[pytest]\naddopts = -ra\n```\n\n```bash\n$ gunicorn -w 4 app:app\n```\n")
    statuses = _status(resolver, text, strict=True)
    assert "unverified" not in statuses.values()


def test_intent_environment_names_of_settings_keys(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    (root / "demo").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "demo"\n', "utf-8")
    (root / "demo" / "config.py").write_text('KEYS = ["llm.timeout", "cache_dir"]\n', "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    tree = project_resolver(index)
    text = "Set `DEMO_LLM_TIMEOUT` or `DEMO_CACHE_DIR`; `DEMO_LLM_TIMEOUTS` is a typo.\n"
    checked = {c.ref.name: c.result for c in check_documents([Document("a.md", text)], tree)}
    index.close()
    assert checked["DEMO_LLM_TIMEOUT"].status == "verified"
    assert checked["DEMO_LLM_TIMEOUT"].evidence == (("demo/config.py", 1),)
    assert checked["DEMO_CACHE_DIR"].status == "verified"
    assert checked["DEMO_LLM_TIMEOUTS"].status == "unverified"


def test_intent_a_kind_noun_in_a_document_about_the_project_flags_a_name(
        resolver: Resolver) -> None:
    text = "# Using tinyhttp\n\nUse the `shard()` function to spread requests.\n"
    found = _check(resolver, text)["shard"]
    assert found.result.status == "unverified"
    assert "kind noun" in found.result.message and "title names tinyhttp" in \
        found.result.message


def test_intent_one_signal_alone_does_not_flag_a_bare_word(resolver: Resolver) -> None:
    found = _check(resolver, "# Using tinyhttp\n\nThen `shard` runs.\n")["shard"]
    assert found.result.status == "ignored"
    assert "title names tinyhttp" in found.result.message


@pytest.mark.parametrize("sentence", [
    "Uvicorn's `ClientRegistryMixin` wraps it.",
    "The [`ClientRegistryMixin`](https://www.uvicorn.org/) wraps it.",
])
def test_intent_another_owner_outweighs_a_name_built_around_a_real_one(
        resolver: Resolver, sentence: str) -> None:
    found = _check(resolver, f"{sentence}\n")["ClientRegistryMixin"]
    assert found.result.status == "ignored"
    assert "built around a real name" in found.result.message


def test_intent_a_name_with_the_projects_prefix_is_a_near_miss(tmp_path: Path) -> None:
    root = tmp_path / "acme"
    (root / "acme").mkdir(parents=True)
    (root / "acme" / "__init__.py").write_text("class ACMEEncoder:\n    pass\n")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    try:
        resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
        found = _check(resolver, "The `Encoder` class in this module encodes.\n")["Encoder"]
    finally:
        index.close()
    assert found.result.status == "unverified"
    assert "a near miss of a real name (ACMEEncoder)" in found.result.message


@pytest.mark.parametrize(("title", "status"), [
    ("myproject/settings.py", "ignored"),  # the reader's project: no such folder here
    ("src/tinyhttp/settings.py", "unverified"),  # a folder of this tree: a misquote
])
def test_intent_code_block_titles_naming_the_readers_project_are_not_quotes(
        resolver: Resolver, title: str, status: str) -> None:
    text = f'```python title="{title}"\nDEBUG = True\n```\n'
    found = [c for c in _check(resolver, text).values() if c.ref.kind == "quote"]
    assert [c.result.status for c in found] == [status]


def test_intent_the_projects_name_capitalised_in_prose_is_not_code(resolver: Resolver) -> None:
    found = _check(resolver, "`Tinyhttp` sends requests; see `tinyhttp.nope`.\n")
    assert found["Tinyhttp"].result.status == "ignored"
    assert found["tinyhttp.nope"].result.status == "unverified"


def test_intent_a_method_an_example_calls_on_its_own_value_is_the_documents(
        resolver: Resolver) -> None:
    text = ("# Using tinyhttp\n\n```python\nconn = make_connection()\nconn.send_request_msg()\n"
            "```\n\nThen `send_request_msg` hangs.\n")
    found = _check(resolver, text)["send_request_msg"]
    assert found.result.status == "ignored"
    assert "calls it on a value of its own" in found.result.message


@pytest.mark.parametrize("span", ["plugin_a", "test_app", "pkg_under_test"])
def test_intent_stand_in_series_tests_and_packages_are_placeholders(resolver: Resolver,
                                                                   span: str) -> None:
    text = f"# Using tinyhttp\n\nThe `{span}` function of tinyhttp.\n"
    assert _check(resolver, text)[span].result.status == "ignored"


@pytest.mark.parametrize("span", ["tinyhttp.get_v2", "build_url_v2", "Session.send_b"])
def test_intent_suffixed_variants_of_real_names_are_still_flagged(resolver: Resolver,
                                                                 span: str) -> None:
    assert _check(resolver, f"See `{span}` here.\n")[span].result.status == "unverified"


def test_intent_a_misspelt_standard_library_module_is_flagged(resolver: Resolver) -> None:
    found = _check(resolver, "That breaks the standard `doctests` module; "
                   "the standard `gzip` module too.\n")
    assert found["doctests"].result.status == "unverified"
    assert found["doctests"].result.suggestion == "doctest"
    assert found["gzip"].result.status != "unverified"


@pytest.mark.parametrize(("text", "name", "why"), [
    ("# Using tinyhttp\n\nA slow server makes `get()` return `TIMEOUT`.\n", "TIMEOUT",
     "a real name in capitals, as a constant (timeout)"),
    ("# Using tinyhttp\n\nWith no body, `get()` returns `EMPTY`.\n", "EMPTY",
     "presented as a value of the code (returns)"),
    ("# Using tinyhttp\n\n如果没有内容，则返回 `EMPTY`。\n", "EMPTY",
     "presented as a value of the code (返回)"),
    ("# Using tinyhttp\n\nSet `RETRY_TIMEOUT` to cap a download.\n",
     "RETRY_TIMEOUT", "built around a real name"),
])
def test_intent_an_invented_constant_is_weighed_like_any_name(resolver: Resolver, text: str,
                                                              name: str, why: str) -> None:
    found = _check(resolver, text)[name]
    assert found.result.status == "unverified"
    assert why in found.result.message
    # --strict keeps setting short all-capitals words aside as values
    if name.isalpha():
        assert _status(resolver, text, strict=True)[name] == "ignored"


@pytest.mark.parametrize(("text", "name"), [
    ("# Using tinyhttp\n\nSend a `GET` request.\n", "GET"),  # ``get`` is real: a value
    ("# Using tinyhttp\n\n`get()` returns `JSON`.\n", "JSON"),
    ("# Using tinyhttp\n\n如果值为空，则返回 `NULL`。\n", "NULL"),
    ("# Using tinyhttp\n\nIt speaks `HTTP` only.\n", "HTTP"),
    ("# Using tinyhttp\n\nThe word `BANANA` appears.\n", "BANANA"),  # the title alone
    ("With no body, `get()` returns `EMPTY`.\n", "EMPTY"),  # not about the project
    ("# Using tinyhttp\n\nSet `RETRY_TIMEOUT` to cap a download:\n\n```python\n"
     "client.stream('GET', url, timeout=RETRY_TIMEOUT)\n```\n", "RETRY_TIMEOUT"),
    ("# Using tinyhttp\n\nSet `CLEANUP_TIMEOUT` first.\n", "CLEANUP_TIMEOUT"),  # one word
])
def test_intent_plain_values_and_the_readers_constants_stay_quiet(resolver: Resolver,
                                                                  text: str,
                                                                  name: str) -> None:
    assert _status(resolver, text)[name] in ("ignored", "verified")  # never flagged


def test_intent_an_unimported_call_named_like_a_stdlib_module_is_the_stdlibs(
        resolver: Resolver) -> None:
    checked = _check(resolver, "```python\nfrom tinyhttp import get\n\n"
                     "data = json(text, strict=False)\nretry(fetch, tries=3)\n```\n")
    assert checked["json"].result.status == "ignored"  # ``from json import json`` left out
    assert "standard library's 'json'" in checked["json"].result.message
    assert checked["retry"].result.status == "unverified"  # no stdlib module of that name


@pytest.mark.parametrize(("title", "historical"), [
    ("# Inside the Deprecated library: how `@deprecated` works\n", False),  # its own name
    ("# Deprecations in 2.0\n", True),
    ("# Why `migrate()` exists\n", False),  # a name written as code
])
def test_intent_a_title_word_that_names_the_project_is_no_history(title: str,
                                                                  historical: bool) -> None:
    assert is_historical("docs/guide.md", title, ["CHANGELOG*"],
                         names={"deprecated"}) is historical
