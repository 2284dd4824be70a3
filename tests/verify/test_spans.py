"""Inline code span classification: which kind of reference a span is, or why it is none."""

from __future__ import annotations

import ast

import pytest

from pse.verify.spans import classify_span, dotted_name, is_identifier

# (span, kind, name, kwargs) for spans that are references
REFERENCES = [
    ("Session.send()", "symbol", "Session.send", ()),
    ("Session.send", "symbol", "Session.send", ()),
    ("func(x, y=1)", "symbol", "func", ("y",)),
    ("pkg.Client(base_url='u', timeout=3)", "symbol", "pkg.Client", ("base_url", "timeout")),
    ("pkg.mod:func", "symbol", "pkg.mod.func", ()),
    ("os.path.join", "symbol", "os.path.join", ()),
    ("Dict[str, int]", "symbol", "Dict", ()),
    ("await client.get()", "symbol", "client.get", ()),
    ("@dataclass", "symbol", "dataclass", ()),
    ("Type::method", "symbol", "Type.method", ()),
    ("import os.path", "module", "os.path", ()),
    ("from a.b import c", "symbol", "a.b.c", ()),
    ("from a import b, c", "module", "a", ()),
    ("src/a.py", "path", "src/a.py", ()),
    ("./src/a.py", "path", "src/a.py", ()),
    ("setup.py", "path", "setup.py", ()),
    (".gitignore", "path", ".gitignore", ()),
    ("docs/", "path", "docs/", ()),
    ("--verbose", "flag", "--verbose", ()),
    ("--timeout=3", "flag", "--timeout", ()),
    ("TINY_DEBUG", "symbol", "TINY_DEBUG", ()),  # constant or env var: resolution decides
    ("$TINY_DEBUG", "env_var", "TINY_DEBUG", ()),
    ("${HOME}", "env_var", "HOME", ()),
    ("export TINY_DEBUG=1", "env_var", "TINY_DEBUG", ()),
    ("pip install tinyhttp", "command", "pip install tinyhttp", ()),
    ("$ python -m tinyhttp --verbose", "command", "python -m tinyhttp --verbose", ()),
    ("./run.sh --fast", "command", "./run.sh --fast", ()),
]

# (span, lines, at_symbol) for path:line spans; the path is always "src/a.py"
PATH_LINES = [
    ("src/a.py:123", (123, 123), ""),
    ("src/a.py:10-20", (10, 20), ""),
    ("src/a.py#L10", (10, 10), ""),
    ("src/a.py#L10-L20", (10, 20), ""),
    ("src/a.py:10 (Foo.bar)", (10, 10), "Foo.bar"),
    ("src/a.py:10 Foo.bar()", (10, 10), "Foo.bar"),
]

# spans that are not code references
NOT_REFERENCES = [
    "utf-8", "True", "False", "None", "42", "3.14", "'text'", '"GET"', "https://x.org/a.py",
    "www.example.org", "mailto:me@example.org", "127.0.0.1:8000", "hello world", "a + b",
    "1.2.3", "-v", "self.session", "cls.registry", "args", "kwargs", "if", "match",
    "def f(x: int) -> str:", "a; b", "from . import x", "~/.config/app/x.toml", "/etc/hosts",
    "", "   ",
]


@pytest.mark.parametrize(("span", "kind", "name", "kwargs"), REFERENCES)
def test_spans_references(span: str, kind: str, name: str, kwargs: tuple[str, ...]) -> None:
    ref = classify_span(span, file="doc.md", line=7)
    assert (ref.kind, ref.name, ref.kwargs, ref.ignored) == (kind, name, kwargs, "")
    assert (ref.file, ref.line, ref.text, ref.origin) == ("doc.md", 7, span, "inline")


@pytest.mark.parametrize(("span", "lines", "at_symbol"), PATH_LINES)
def test_spans_path_lines(span: str, lines: tuple[int, int], at_symbol: str) -> None:
    ref = classify_span(span, file="doc.md", line=1)
    assert (ref.kind, ref.name, ref.lines, ref.at_symbol, ref.ignored) == (
        "path_line", "src/a.py", lines, at_symbol, "")


@pytest.mark.parametrize("span", NOT_REFERENCES)
def test_spans_not_references_are_ignored(span: str) -> None:
    assert classify_span(span, file="doc.md", line=1).ignored


@pytest.mark.parametrize("span", ["text/html", "application/json"])
def test_spans_slash_words_are_maybe_paths(span: str) -> None:
    ref = classify_span(span, file="doc.md", line=1)
    assert (ref.kind, ref.ignored) == ("path", "maybe-path")  # resolution decides


def test_spans_context_is_kept_for_env_judgements() -> None:
    ref = classify_span("TINY_DEBUG", file="d.md", line=1, context="set the env var TINY_DEBUG")
    assert ref.context == "set the env var TINY_DEBUG"


def test_spans_trailing_punctuation_is_dropped() -> None:
    assert classify_span("Session.send(),", file="d.md", line=1).name == "Session.send"


def test_spans_hash_member_notation_keeps_the_member() -> None:
    # ``ast`` would read ``Class#method`` as ``Class`` plus a comment
    assert classify_span("Session#fetch_all", file="d.md", line=1).name == "Session.fetch_all"


def test_spans_helpers() -> None:
    assert dotted_name(ast.parse("a.b.c", mode="eval").body) == "a.b.c"
    assert dotted_name(ast.parse("a().b", mode="eval").body) is None
    assert is_identifier("snake_case") and not is_identifier("a.b")


@pytest.mark.parametrize(("span", "name"), [(".option()", "option"),
                                            (".parse(argv)", "parse")])
def test_spans_a_member_named_without_its_receiver_is_a_symbol(span: str, name: str) -> None:
    ref = classify_span(span, file="a.md", line=1)
    assert (ref.kind, ref.name, ref.ignored) == ("symbol", name, "")


def test_spans_a_dotfile_stays_a_path() -> None:
    assert classify_span(".gitignore", file="a.md", line=1).kind == "path"
