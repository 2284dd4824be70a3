"""Resolution against the py_small index: evidence, inheritance, kwargs, paths, externals."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pse.index.builder import build_index
from pse.index.facts import declared_dependencies
from pse.verify.check import Document, check_documents
from pse.verify.externals import external_names
from pse.verify.refs import Reference, Resolution
from pse.verify.resolve import Resolver, project_resolver
from pse.verify.spans import classify_span
from repo_fixtures import PY_SMALL, copy_repo

CLIENT = "src/tinyhttp/client.py"
MODELS = "src/tinyhttp/models.py"


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    root = copy_repo(PY_SMALL, tmp_path_factory.mktemp("resolve") / "py_small")
    index, _ = build_index(root, cache_dir=tmp_path_factory.mktemp("cache"), workers=1)
    dependencies = set(declared_dependencies(root)) | (index.imported_top_modules
                                                       - index.top_modules)
    yield Resolver(index, externals=external_names(dependencies=dependencies, configured=()))
    index.close()


def _resolve(resolver: Resolver, span: str, *, context: str = "") -> Resolution:
    return resolver.resolve(classify_span(span, file="doc.md", line=1, context=context))


def _evidence(resolver: Resolver, span: str) -> tuple[tuple[str, int | None], ...]:
    result = _resolve(resolver, span)
    assert result.status == "verified", (span, result)
    return result.evidence


# ------------------------------------------------------------------ qualified names

@pytest.mark.parametrize(("span", "evidence"), [
    ("tinyhttp.Client", ((CLIENT, 62),)),                     # re-export from .client
    ("tinyhttp.Session.Config.retries", ((CLIENT, 42),)),     # re-export + nested class
    ("tinyhttp.client.Client.request", ((CLIENT, 20),)),      # inherited from BaseClient
    ("tinyhttp.Client.send", ((CLIENT, 25),)),                # re-export + inheritance
    ("tinyhttp.models.Request", ((MODELS, 12),)),
    ("tinyhttp.cli:main", (("src/tinyhttp/cli.py", 17),)),    # module:func
    ("tinyhttp.__all__", (("src/tinyhttp/__init__.py", 6),)),
    ("tinyhttp", (("src/tinyhttp/__init__.py", 1),)),
    ("import tinyhttp.models", ((MODELS, 1),)),
])
def test_resolve_qualified_names(resolver: Resolver, span: str,
                                 evidence: tuple[tuple[str, int], ...]) -> None:
    assert _evidence(resolver, span) == evidence


@pytest.mark.parametrize(("span", "evidence"), [
    ("Client", ((CLIENT, 62),)),
    ("Client.request()", ((CLIENT, 20),)),                    # two levels of in-repo bases
    ("Client.Config.retries", ((CLIENT, 42),)),               # nested class, inherited
    ("Client.base_url", ((CLIENT, 16),)),                     # self.x in a base __init__
    ("Client.headers", ((CLIENT, 47),)),
    ("Session.__enter__", ((CLIENT, 50),)),
    ("Request.headers", ((MODELS, 17),)),                     # dataclass field
    ("Response.status_code", ((MODELS, 24),)),                # self.x attribute
    ("DEFAULT_TIMEOUT", ((CLIENT, 7),)),                      # module constant
    ("BaseClient.closed", ((CLIENT, 18), (CLIENT, 33))),      # assigned in two methods
])
def test_resolve_unqualified_names_and_members(resolver: Resolver, span: str,
                                               evidence: tuple[tuple[str, int], ...]) -> None:
    assert _evidence(resolver, span) == evidence


@pytest.mark.parametrize("span", [
    "Response.send()",        # a method of another class
    "BaseClient.mount()",     # defined on a subclass, not on the base
    "Client.fetch_all()",     # invented method
    "Session.Config.proxy",   # instance attribute of Session, not of its nested class
    "tinyhttp.transport",     # invented module of the package
    "tinyhttp.models.Client", # real class, wrong module
    "Client.DEFAULT_TIMEOUT", # module constant, not a class member
])
def test_resolve_wrong_class_or_invented_member_is_flagged(resolver: Resolver,
                                                           span: str) -> None:
    assert _resolve(resolver, span).status == "unverified"


def test_resolve_names_only_in_skipped_folders_are_flagged(resolver: Resolver) -> None:
    for span in ("GeneratedSchema", "left_pad", "VenvOnlyThing"):
        assert _resolve(resolver, span).status == "unverified", span


# ------------------------------------------------------------------ keyword arguments

@pytest.mark.parametrize(("span", "status"), [
    ("retry(f, attempts=5, backoff=1)", "verified"),
    ("retry(f, tries=3)", "unverified"),
    ("build_url(b, p, page=2, sort='x')", "verified"),        # **params accepts anything
    ("tinyhttp.get(u, timeout=1)", "verified"),               # **kwargs
    ("Session(timeout=3, headers={})", "verified"),           # checked against __init__
    ("Session(proxy='p')", "unverified"),
    ("Client(base_url='u')", "verified"),                     # inherited __init__
    ("Client.stream(m, u, chunk_size=1)", "verified"),
    ("Client.stream(m, u, chunk=1)", "unverified"),
    ("Request(method='GET', url='/')", "verified"),           # dataclass: no __init__ in tree
])
def test_resolve_keyword_arguments(resolver: Resolver, span: str, status: str) -> None:
    assert _resolve(resolver, span).status == status


def test_resolve_bad_keyword_message_and_suggestion(resolver: Resolver) -> None:
    result = _resolve(resolver, "retry(f, attempt=3)")
    assert result.status == "unverified"
    assert result.message == "no parameter 'attempt' in the signature"
    assert result.suggestion == "attempts"
    assert result.evidence == ((CLIENT, 79),)


# ------------------------------------------------------------------ paths

@pytest.mark.parametrize(("span", "evidence"), [
    ("src/tinyhttp/client.py", ((CLIENT, None),)),
    ("tinyhttp/models.py", ((MODELS, None),)),                # a real path suffix
    ("models.py", ((MODELS, None),)),
    ("src/tinyhttp/", (("src/tinyhttp/", None),)),
    ("tinyhttp/", (("src/tinyhttp/", None),)),
    ("src/tinyhttp/broken.py", (("src/tinyhttp/broken.py", None),)),  # listed despite errors
])
def test_resolve_paths_exact_or_suffix(resolver: Resolver, span: str,
                                       evidence: tuple[tuple[str, None], ...]) -> None:
    assert _evidence(resolver, span) == evidence


def test_resolve_bare_basename_verifies_only_when_unique(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    for path in ("pkg/models.py", "pkg/a/util.py", "pkg/b/util.py"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("X = 1\n", "utf-8")
    (root / "pkg/b/util.py").write_text("X = 1\n\n\ndef register(name):\n    pass\n", "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    tree = project_resolver(index)
    unique = _resolve(tree, "models.py")
    assert (unique.status, unique.evidence) == ("verified", (("pkg/models.py", None),))
    ambiguous = _resolve(tree, "util.py")
    assert ambiguous.status == "unverified"
    assert ambiguous.message.startswith("2 files are named 'util.py'")
    assert _resolve(tree, "util.py:1").status == "unverified"
    assert _resolve(tree, "a/util.py").status == "verified"
    # a test's file of the same name is not the one a document about the library means
    (root / "tests").mkdir()
    (root / "tests/models.py").write_text("Y = 2\n", "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    library = _resolve(project_resolver(index), "models.py")
    assert (library.status, library.evidence) == ("verified", (("pkg/models.py", None),))
    # the sentence names code only one of them defines: that one is meant
    told = _resolve(tree, "util.py", context="`util.py` 中的 `register` 函数有一个参数。")
    assert (told.status, told.evidence) == ("verified", (("pkg/b/util.py", None),))
    both = _resolve(tree, "util.py", context="`X` is set in `util.py`.")  # both define X
    assert both.status == "unverified"
    index.close()


@pytest.mark.parametrize(("span", "suggestion"), [
    ("lib/tinyhttp/client.py", CLIENT),     # same file name, wrong folder
    ("tinyhttp/src/client.py", CLIENT),     # components swapped
    ("src/tinyhttp/missing.py", ""),
    ("generated/schema.py", ""),            # .gitignored
    ("node_modules/leftpad/helper.py", ""),
])
def test_resolve_wrong_folder_is_never_matched_by_basename(resolver: Resolver, span: str,
                                                           suggestion: str) -> None:
    result = _resolve(resolver, span)
    assert result.status == "unverified"
    if suggestion:
        assert result.suggestion == suggestion


def test_resolve_missing_folder(resolver: Resolver) -> None:
    assert _resolve(resolver, "src/nowhere/").status == "unverified"


@pytest.mark.parametrize(("span", "status", "evidence"), [
    ("src/tinyhttp/models.py:40", "verified", ((MODELS, 40),)),       # the last line
    ("src/tinyhttp/models.py:1", "verified", ((MODELS, 1),)),
    ("src/tinyhttp/models.py:41", "unverified", ((MODELS, None),)),
    ("src/tinyhttp/models.py:0", "unverified", ((MODELS, None),)),
    ("client.py#L20-L23", "verified", ((CLIENT, 20),)),
    ("client.py#L86-L88", "unverified", ((CLIENT, None),)),           # range runs past 87
    ("src/tinyhttp/cli.py:10 (build_parser)", "verified", (("src/tinyhttp/cli.py", 10),)),
    ("src/tinyhttp/cli.py:17 (build_parser)", "unverified", (("src/tinyhttp/cli.py", None),)),
    ("src/tinyhttp/cli.py:17 (main)", "verified", (("src/tinyhttp/cli.py", 17),)),
    ("lib/models.py:3", "unverified", ()),
])
def test_resolve_path_line_ranges(resolver: Resolver, span: str, status: str,
                                  evidence: tuple[tuple[str, int | None], ...]) -> None:
    result = _resolve(resolver, span)
    assert (result.status, result.evidence) == (status, evidence)


@pytest.mark.parametrize(("span", "status"), [
    ("src/tinyhttp/client.py:Client", "verified"),
    ("src/tinyhttp/client.py::Client.stream", "verified"),   # a pytest-style node id
    ("src/tinyhttp/client.py:Client.send", "verified"),       # inherited from BaseClient
    ("src/tinyhttp/client.py:Client.cancel", "unverified"),
    ("src/tinyhttp/__init__.py:Client", "verified"),          # a re-export
    ("src/tinyhttp/models.py:Client", "unverified"),          # defined elsewhere
    ("src/tinyhttp/client.py:Cleint", "unverified"),
    ("src/tinyhttp/clients.py:Client", "unverified"),         # no such file
])
def test_resolve_a_symbol_said_to_be_in_a_file(resolver: Resolver, span: str,
                                               status: str) -> None:
    assert _resolve(resolver, span).status == status


def test_resolve_a_symbol_in_another_file_names_the_file() -> None:
    ref = classify_span("pkg/job.py:Queue", file="doc.md", line=1)
    assert (ref.kind, ref.name, ref.at_symbol, ref.lines) == ("path_line", "pkg/job.py",
                                                              "Queue", None)
    assert classify_span("pkg.cli:main", file="doc.md", line=1).name == "pkg.cli.main"


def test_resolve_path_line_past_the_end_message(resolver: Resolver) -> None:
    result = _resolve(resolver, "src/tinyhttp/models.py:400")
    assert result.message == "line 400 is past the end of src/tinyhttp/models.py (40 lines)"


# ------------------------------------------------------------------ externals

@pytest.mark.parametrize(("span", "message"), [
    ("len()", "builtin"),
    ("str.upper", "builtin"),
    ("json.loads", "standard library"),
    ("os.getenv", "standard library"),
    ("dataclasses.field", "standard library"),
    ("import argparse", "standard library"),
    ("backoff.on_exception", "a dependency of the project"),  # declared, not installed
    ("certifi.where", "a dependency of the project"),
    ("OrderedDict", "defined in the standard library (collections)"),
    ("__repr__", "a Python data-model name"),
])
def test_resolve_external_names(resolver: Resolver, span: str, message: str) -> None:
    result = _resolve(resolver, span)
    assert (result.status, result.message) == ("external", message)


def test_resolve_missing_builtin_attribute_is_flagged(resolver: Resolver) -> None:
    assert _resolve(resolver, "str.nosuchmethod").status == "unverified"


# ------------------------------------------------------------------ env vars, flags, commands

def test_resolve_env_vars_flags_and_commands(resolver: Resolver) -> None:
    assert _evidence(resolver, "$TINY_DEBUG") == ((CLIENT, 9),)
    assert _resolve(resolver, "TINY_PROXY", context="set the env var TINY_PROXY"
                    ).evidence == ((CLIENT, 48),)
    assert _resolve(resolver, "$NOT_READ_ANYWHERE").status == "external"
    assert _resolve(resolver, "HOME", context="uses the HOME environment variable"
                    ).status == "external"
    assert _evidence(resolver, "--verbose") == (("src/tinyhttp/cli.py", 12),)
    assert _resolve(resolver, "--some-other-tool-flag").status == "external"
    assert _resolve(resolver, "pip install tinyhttp").status == "verified"
    assert _resolve(resolver, "python -m tinyhttp").status == "verified"
    assert _resolve(resolver, "python -m tinyhttp.server").status == "unverified"


def test_resolve_values_and_prose_are_ignored(resolver: Resolver) -> None:
    for span in ("utf-8", "True", "200", "https://example.org", "text/html", "POST"):
        assert _resolve(resolver, span).status == "ignored", span


# ------------------------------------------------------------------ suggestions

@pytest.mark.parametrize(("span", "suggestion"), [
    ("Resposne", "Response"),
    ("Session.mountt()", "Session.mount"),
    ("Response.raise_for_statuss()", "Response.raise_for_status"),
    ("tinyhttp.models.Reqest", "tinyhttp.models.Request"),
    ("build_ulr(a, b)", "build_url"),
])
def test_resolve_did_you_mean(resolver: Resolver, span: str, suggestion: str) -> None:
    result = _resolve(resolver, span)
    assert (result.status, result.suggestion) == ("unverified", suggestion)
    assert _resolve(resolver, suggestion).status == "verified"


def test_resolve_no_suggestion_when_nothing_is_close(resolver: Resolver) -> None:
    assert _resolve(resolver, "Client.fetch_all()").suggestion == ""


@pytest.mark.parametrize(("span", "suggestion"), [
    ("Session.Config.timeout_ms", ""),                      # nothing close in Config
    ("Session.Config.retrys", "Session.Config.retries"),
])
def test_resolve_suggestion_for_nested_member_exists(resolver: Resolver, span: str,
                                                     suggestion: str) -> None:
    assert _resolve(resolver, span).suggestion == suggestion


def test_resolve_suggestion_includes_inherited_members(resolver: Resolver) -> None:
    assert _resolve(resolver, "Client.requests()").suggestion == "Client.request"


def test_resolve_suggestion_includes_reexported_names(resolver: Resolver) -> None:
    assert _resolve(resolver, "tinyhttp.Clinet").suggestion == "tinyhttp.Client"


def test_resolve_cjk_prose_word_is_not_flagged(resolver: Resolver) -> None:
    checked = check_documents([Document("zh.md", "请先修改`配置`，再运行。\n")], resolver)
    assert [c.result.status for c in checked] == ["ignored"]


def test_resolve_env_var_read_by_the_tree_needs_no_context(resolver: Resolver) -> None:
    # e.g. in a table of settings, with no "environment" in the sentence
    assert _evidence(resolver, "TINY_PROXY") == ((CLIENT, 48),)


def test_resolve_dotfile_with_suffix_is_a_checked_path(resolver: Resolver) -> None:
    assert _evidence(resolver, ".env.example") == ((".env.example", None),)
    assert _resolve(resolver, ".env.sample").status == "unverified"


def test_resolve_ignored_reference_stays_ignored(resolver: Resolver) -> None:
    ref = Reference(file="d.md", line=1, text="Nope", name="Nope", kind="symbol",
                    ignored="ignored by a pse: ignore marker")
    assert resolver.resolve(ref) == Resolution("ignored",
                                               message="ignored by a pse: ignore marker")


def test_resolve_quoted_definition_must_be_in_the_named_file(resolver: Resolver) -> None:
    def definition(name: str, in_file: str) -> str:
        ref = Reference(file="d.md", line=1, text=name, name=name, kind="symbol",
                        origin="code", in_file=in_file)
        return resolver.resolve(ref).status

    assert definition("Session.mount", CLIENT) == "verified"
    assert definition("Response.json", "tinyhttp/models.py") == "verified"
    assert definition("Session.teleport", CLIENT) == "unverified"


def test_resolve_paths_do_not_depend_on_the_working_directory(
        resolver: Resolver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert _evidence(resolver, "src/tinyhttp/client.py") == ((CLIENT, None),)


@pytest.mark.parametrize(("span", "status"), [
    ("pip install tinyhttp", "verified"),
    ("pip install tiny-http", "unverified"),     # a near miss of the project's own name
    ("pip install requests", "external"),        # another package: not ours to judge
    ("pip install tinyhttpp", "unverified"),     # a typo
    # the project's name with whole words added: stubs, plugins, extensions (real, other)
    # (``tinyhttp-cli`` and ``tinyhttp-mock`` are within the near-miss ratio)
    ("pip install tinyhttp-cli", "external"),
    ("pip install tinyhttp-mock", "external"),
    ("pip install types-tinyhttp", "external"),
    # shell quoting around extras is the shell's, not part of the name
    ("pip install tinyhttp'[socks]'", "verified"),
    ('pip install "tinyhttp[socks]>=1.0"', "verified"),
    ("pip install tinyhttpp'[socks]'", "unverified"),
    # a module of the standard library taken for a dependency ("pip install argparse time")
    ("pip install argparse time", "unverified"),
    ("pip install requests json", "unverified"),
])
def test_resolve_pip_install_checks_the_projects_own_name(resolver: Resolver, span: str,
                                                          status: str) -> None:
    assert _resolve(resolver, span).status == status


def test_resolve_paths_from_the_repository_when_the_root_is_the_package(
        tmp_path: Path) -> None:
    package = copy_repo(PY_SMALL, tmp_path / "py_small") / "src" / "tinyhttp"
    index, _ = build_index(package, cache_dir=tmp_path / "cache", workers=1)
    resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
    try:
        def status(span: str) -> str:
            return resolver.resolve(classify_span(span, file="d.md", line=1)).status

        assert status("tinyhttp/client.py") == "verified"     # the doc's view: repo-relative
        assert status("client.py") == "verified"
        assert status("tinyhttp/") == "verified"
        assert status("tinyhttp/retry.py") == "unverified"    # still no such file
    finally:
        index.close()


def test_resolve_missing_project_file_is_flagged_only_at_a_repository_root(
        resolver: Resolver, tmp_path: Path) -> None:
    # py_small is a repository root (it has pyproject.toml): a missing setup.py is wrong
    assert _resolve(resolver, "setup.py").status == "unverified"
    package = copy_repo(PY_SMALL, tmp_path / "py_small") / "src" / "tinyhttp"
    index, _ = build_index(package, cache_dir=tmp_path / "cache", workers=1)
    try:
        inner = Resolver(index, externals=external_names(dependencies=(), configured=()))
        assert _resolve(inner, "setup.py").status == "external"  # lives above this folder
    finally:
        index.close()


def test_resolve_keywords_are_not_judged_against_a_test_helper(tmp_path: Path) -> None:
    # marshmallow's docs: ``Blog("Bicycle Blog", author=user)`` is the reader's own class;
    # the only ``Blog`` in the tree is a helper in tests/base.py with other parameters
    root = tmp_path / "proj"
    (root / "proj").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "proj" / "__init__.py").write_text("def dump(obj, *, many=False):\n    pass\n",
                                               "utf-8")
    (root / "tests" / "base.py").write_text(
        "class Blog:\n    def __init__(self, title, user):\n        pass\n", "utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
    try:
        doc = "```python\nblog = Blog('Bicycle Blog', author=user)\ndump(blog, mny=True)\n```\n"
        checked = check_documents([Document("d.md", doc)], resolver)
        statuses = {c.ref.name: c.result.status for c in checked}
        assert statuses["Blog"] == "verified"
        assert statuses["dump"] == "unverified"  # the project's own API still is
    finally:
        index.close()


def test_resolve_stub_reexports_are_followed_through_import_cycles(tmp_path: Path) -> None:
    files = {
        "attr/__init__.py": "# the stub's import comes first\n\nfrom ._next_gen import define\n",
        "attr/_next_gen.py": "def define(maybe_cls=None):\n    pass\n",
        "attr/__init__.pyi": "from attrs import define as define\n",
        "attrs/__init__.py": "from attr import define\n",
        "attrs/__init__.pyi": "def define(maybe_cls: object = None) -> object: ...\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache", workers=1)
    try:
        resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
        first = resolver.resolve(classify_span("attrs.define", file="a.md", line=1))
        second = resolver.resolve(classify_span("attr.define", file="a.md", line=2))
    finally:
        index.close()
    assert first.status == second.status == "verified"
    assert ("attr/_next_gen.py", 1) in second.evidence


@pytest.mark.parametrize(("span", "status"), [
    (".append()", "external"),  # a builtin type's method: the text may mean a list's
    (".raise_for_status()", "verified"),  # a member of the tree's Response
    (".raise_for_statuses()", "unverified"),
])
def test_resolve_members_named_without_their_receiver(resolver: Resolver, span: str,
                                                      status: str) -> None:
    assert _resolve(resolver, span).status == status


def test_resolve_pytest_node_ids_are_checked_part_by_part(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_https.py").write_text(
        "class BaseTestHTTPS:\n    def test_simple(self):\n        pass\n")
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache", workers=1)
    try:
        resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
        renamed = resolver.resolve(classify_span("test_https.py::TestHTTPS::test_simple",
                                                 file="a.md", line=1))
        real = resolver.resolve(classify_span("test_https.py::BaseTestHTTPS::test_simple",
                                              file="a.md", line=1))
    finally:
        index.close()
    assert (renamed.status, renamed.message) == (
        "unverified", "'TestHTTPS' is not defined in tests/test_https.py")
    assert real.status == "verified"


def test_resolve_paths_read_against_the_project_root_when_the_source_is_a_package(
        tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'pkg'\n")
    (tmp_path / "src" / "pkg" / "util").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "__init__.py").write_text("")
    (tmp_path / "src" / "pkg" / "util" / "timeout.py").write_text("T = 1\n")
    (tmp_path / "dummyserver").mkdir()
    (tmp_path / "dummyserver" / "server.py").write_text("")
    for source in (tmp_path / "src", tmp_path / "src" / "pkg", tmp_path):
        index, _ = build_index(source, cache_dir=tmp_path / ".cache", workers=1)
        try:
            resolver = Resolver(index, externals=external_names(dependencies=(), configured=()))
            found = {span: resolver.resolve(classify_span(span, file="a.md", line=1)).status
                     for span in ("src/pkg/util/timeout.py", "dummyserver/server.py",
                                  "dummyserver/", "src/pkg/util/nope.py")}
        finally:
            index.close()
        assert found == {"src/pkg/util/timeout.py": "verified",
                         "dummyserver/server.py": "verified", "dummyserver/": "verified",
                         "src/pkg/util/nope.py": "unverified"}, source


@pytest.mark.parametrize(("imports", "status"), [
    ("import gettext as translations\n", "external"),  # read from gettext's own source
    ("import json\n", "unverified"),  # gettext is not imported: no code of it runs
])
def test_resolve_a_bare_name_of_a_standard_library_module_the_project_imports(
        tmp_path_factory: pytest.TempPathFactory, imports: str, status: str) -> None:
    from repo_fixtures import tree_resolver

    files = {"app/__init__.py": imports + "\n\ndef load():\n    return None\n"}
    for resolver in tree_resolver(tmp_path_factory, files, name="stdlib-home"):
        result = _resolve(resolver, "NullTranslations")
        assert result.status == status, result
        if status == "external":
            assert result.message == ("defined in the standard library (gettext), which "
                                      "the project imports")


def test_only_the_stdlib_modules_whose_source_holds_a_name_are_parsed_for_it() -> None:
    # a project importing the whole standard library (the stdlib tree itself) must not
    # parse every module for each bare name: that cost seconds per unknown name
    from pse.verify import externals

    externals._top_level_names.cache_clear()
    every = sorted(sys.stdlib_module_names)
    assert externals.imported_stdlib_home("NullTranslations", every) == "gettext"
    assert externals.imported_stdlib_home("no_module_defines_this_name_xq", every) == ""
    parsed = externals._top_level_names.cache_info().currsize
    holding = [m for m in every if b"NullTranslations" in externals._stdlib_source(m)]
    assert "gettext" in holding and parsed <= len(holding) < 10


@pytest.mark.parametrize(("span", "status", "evidence"), [
    ("tokens.error", "verified", (("parse.py", 6), ("parse.py", 7))),  # written in the body
    ("tokens.bogus", "unverified", ()),     # an attribute the code never reaches
    ("stream.error", "unverified", ()),     # no function takes a `stream`
    ("adapter.warn", "verified", (("parse.py", 12),)),  # a local bound by an assignment
    ("adapter.bogus", "unverified", ()),
    ("py_modules", "external", (("setup.py", 4),)),  # a keyword the code passes to a call
    ("py_module", "unverified", ()),
])
def test_resolve_an_attribute_reached_through_a_parameter_as_the_code_writes_it(
        tmp_path_factory: pytest.TempPathFactory, span: str, status: str,
        evidence: tuple[tuple[str, int], ...]) -> None:
    from repo_fixtures import tree_resolver

    files = {"parse.py": "class Tokens:\n    pass\n\n\ndef parse_long(tokens):\n"
                         "    if tokens.error is None:\n        raise tokens.error('x')\n"
                         "\n\ndef wrap(cls):\n    adapter = cls()\n    adapter.warn('x')\n",
             "setup.py": "from setuptools import setup\n\nsetup(name='x',\n"
                         "      py_modules=['parse'])\n"}
    for resolver in tree_resolver(tmp_path_factory, files, name="through-parameter"):
        result = _resolve(resolver, span)
        assert (result.status, result.evidence[:2]) == (status, evidence), result


@pytest.mark.parametrize(("span", "status"), [
    ("b.contains(a)", "verified"),      # a method of the tree, on a value of the example
    ("p.contains(q, strict=True)", "verified"),
    ("p.contains(q, fuzzy=True)", "unverified"),  # no such keyword
    ("b.containz(a)", "unverified"),    # no such method
    ("b.contains", "unverified"),       # no call: an attribute of something unnamed
    ("pointer.contains(a)", "unverified"),  # a word names what it is: the code's own
    ("b.__eq__(a)", "external"),
])
def test_resolve_a_method_of_the_tree_called_on_an_example_value(
        tmp_path_factory: pytest.TempPathFactory, span: str, status: str) -> None:
    from repo_fixtures import tree_resolver

    files = {"ptr.py": "class Pointer:\n    def contains(self, other, strict=False):\n"
                       "        return other in self\n"}
    for resolver in tree_resolver(tmp_path_factory, files, name="method-on-value"):
        result = _resolve(resolver, span)
        assert result.status == status, result


def test_resolve_pip_install_of_a_backport_the_project_declares(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    from repo_fixtures import tree_resolver

    files = {"pyproject.toml": '[project]\nname = "olden"\ndependencies = '
                               '["dataclasses; python_version < \'3.7\'"]\n',
             "olden/__init__.py": ""}
    for resolver in tree_resolver(tmp_path_factory, files, name="olden"):
        assert _resolve(resolver, "pip install dataclasses").status == "external"
        assert _resolve(resolver, "pip install enum").status == "unverified"
