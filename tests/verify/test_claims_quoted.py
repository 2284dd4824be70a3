"""Signatures a document quotes from the library in its code blocks: each parameter a
quoted ``def`` writes, or its docstring documents, is checked against the tree; a reader's
own example code is not a quote."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pse.verify.check import Document, check_documents
from pse.verify.resolve import Resolver
from pse.verify.strip import Span, strip_spans
from repo_fixtures import claim_statuses, tree_resolver

_TREE = {
    "fields/__init__.py": "",
    "fields/cardinality.py": '''\
class CardinalityField:
    """Fields with a cardinality suffix."""

    @classmethod
    def matches_type(cls, type_name):
        return type_name.endswith("?")

    @staticmethod
    def split(type_name, sep="?"):
        return type_name.split(sep)

    def make(self, **options):
        return options


def build_pattern(text, flags=0):
    """Compile a pattern."""
    return text
''',
    "tests/test_fields.py": "def test_hello(tmp_path):\n    pass\n",
}


@pytest.fixture(scope="module")
def resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _TREE, name="quoted")


def _params(resolver: Resolver, text: str, path: str = "doc.md") -> list[tuple[int, str, str]]:
    checked = check_documents([Document(path, text)], resolver)
    return sorted((c.ref.line, c.ref.name, c.result.status) for c in checked
                  if c.ref.kind == "claim" and c.ref.name.startswith("has_param("))


_QUOTE = '''\
# Fields

```python
class CardinalityField:
    @classmethod
    def matches_type(cls, name):
        """Check a name.

        :param name: the field name.
        """
        return name.endswith("?")

    @staticmethod
    def split(type_name, sep="?"):
        return type_name.split(sep)
```
'''


def test_claims_every_parameter_a_quoted_class_writes(resolver: Resolver) -> None:
    assert _params(resolver, _QUOTE) == [
        (6, "has_param(fields.cardinality.CardinalityField.matches_type, name)", "unverified"),
        (9, "has_param(fields.cardinality.CardinalityField.matches_type, name)", "unverified"),
        (14, "has_param(fields.cardinality.CardinalityField.split, sep)", "verified"),
        (14, "has_param(fields.cardinality.CardinalityField.split, type_name)", "verified")]


def test_claims_a_quote_nested_in_a_list_item_or_an_rst_directive(resolver: Resolver) -> None:
    text = ("1. The class:\n\n   ```python\n   class CardinalityField:\n"
            "       def make(self, strict):\n           pass\n   ```\n")
    assert _params(resolver, text) == [
        (5, "has_param(fields.cardinality.CardinalityField.make, strict)", "ignored")]
    rst = ("Fields\n======\n\n.. code-block:: python\n\n    def build_pattern(text, flag):\n"
           '        """Compile."""\n')
    assert _params(resolver, rst, "doc.rst") == [
        (6, "has_param(fields.cardinality.build_pattern, flag)", "unverified"),
        (6, "has_param(fields.cardinality.build_pattern, text)", "verified")]


@pytest.mark.parametrize("code", [
    # a reader's own class, deriving from the library's
    "class MyField(CardinalityField):\n    def matches_type(cls, name):\n        pass\n",
    # the library's class name, but methods of the reader's own
    "class CardinalityField:\n    def render(self, page):\n        pass\n"
    "    def save(self, path):\n        pass\n",
    # a function without a docstring is an example, not a quote
    "def build_pattern(pattern):\n    return pattern\n",
    # named like a test of the tree, not its library code
    'def test_hello(pytester):\n    """Make sure the plugin works."""\n',
    # a console session is not Python source
    ">>> build_pattern('x', flag=1)\n'x'\n",
])
def test_claims_no_parameter_of_code_that_is_not_a_quote(resolver: Resolver, code: str) -> None:
    assert claim_statuses(resolver, f"```python\n{code}```\n", "has_param") == []


def test_a_planted_block_too_deep_to_parse_is_no_quote(resolver: Resolver) -> None:
    # a 5,000-term sum exhausts the parser's recursion: read as no code, not a crash
    deep = "+".join(["1"] * 5_000)
    text = (f"```python\nclass CardinalityField:\n    def split(self, a):\n"
            f"        return {deep}\n```\n")
    assert claim_statuses(resolver, text, "has_param") == []


def _docstrings(resolver: Resolver, text: str, *, strict: bool = True
                ) -> list[tuple[int, str, str]]:
    checked = check_documents([Document("doc.md", text)], resolver, strict=strict)
    return sorted((c.ref.line, c.ref.name, c.result.status) for c in checked
                  if c.ref.kind == "claim" and c.ref.name.startswith("docstring("))


_DOCSTRINGS = '''\
# Fields

```python
class CardinalityField:
    """Fields with a
    cardinality `suffix`."""

    @classmethod
    def matches_type(cls, type_name):
        """Check whether a type name uses the cardinality naming scheme."""
        return type_name.endswith("?")
```

```python
def build_pattern(text, flags=0):
    """Compile a pattern."""
    return text
```
'''


def test_claims_a_quoted_docstring_must_say_the_librarys_words(resolver: Resolver) -> None:
    # the class's docstring rewrapped, with other markup: its words, in order; the method's
    # is made up (it has none); the function's is its own
    assert _docstrings(resolver, _DOCSTRINGS) == [
        (3, "docstring(fields.cardinality.CardinalityField)", "verified"),
        (3, "docstring(fields.cardinality.CardinalityField.matches_type)", "unverified"),
        (14, "docstring(fields.cardinality.build_pattern)", "verified")]
    # a maintainer's docs write their own docstrings for hooks a library asks them to
    # implement: only generated text is held to the library's words
    assert _docstrings(resolver, _DOCSTRINGS, strict=False) == []


def test_claims_a_misquoted_docstring_takes_its_block(resolver: Resolver) -> None:
    text = _DOCSTRINGS.replace("Compile a pattern.", "Compile a regular expression pattern.")
    checked = check_documents([Document("doc.md", text)], resolver, strict=True)
    [false] = [c for c in checked if c.ref.name == "docstring(fields.cardinality.build_pattern)"]
    assert false.result.status == "unverified" and "Compile a pattern" in false.result.message
    stripped, _ = strip_spans(text, [Span(false.ref.line, false.ref.text)])
    assert "build_pattern" not in stripped and "class CardinalityField" in stripped


_NAMING_TREE = {
    "naming/__init__.py": "",
    "naming/case.py": '''\
import re

_WORD = re.compile(r"([^_]+)")


def pascal(text):
    """Convert text to Pascal case."""
    if text.isupper() or text.isnumeric():
        return text

    def _upper(match):
        return match.group(1).title()

    try:
        text = _WORD.sub(_upper, text)
    except TypeError:
        return text
    else:
        text = text.replace("_", "")
    return text
''',
    # a stub beside the module declares `pascal` again: the quote is the module's
    "naming/case.pyi": "def pascal(text: str) -> str: ...\n",
}


@pytest.fixture(scope="module")
def naming_resolver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resolver]:
    yield from tree_resolver(tmp_path_factory, _NAMING_TREE, name="naming")


def _bodies(resolver: Resolver, text: str, *, strict: bool = True) -> list[tuple[str, str]]:
    checked = check_documents([Document("doc.md", text)], resolver, strict=strict)
    return [(c.result.status, c.result.message) for c in checked
            if c.ref.kind == "claim" and c.ref.name.startswith("body(")]


def _quote(body: str) -> str:
    return f'```python\ndef pascal(text):\n    """Convert text to Pascal case."""\n{body}```\n'


@pytest.mark.parametrize("body", [
    # the library's statements, laid out and quoted otherwise
    "    if text.isupper() or text.isnumeric():\n        return text\n"
    "    return text\n",
    # with statements, an `else` and a nested function left out
    "    try:\n        text = _WORD.sub(_upper, text)\n    except TypeError:\n"
    "        ...\n    return text\n",
    "    def _upper(match):\n        return match.group(1).title()\n    ...\n",
    "    if (text.isupper()\n            or text.isnumeric()):  # nothing to do\n"
    "        return text\n    pass\n",
    # a block cut off at the article's end: its last line half written
    "    if text.isupper() or text.isnumeric():\n        return text\n    text._\n",
])
def test_claims_a_quoted_body_of_the_librarys_statements(naming_resolver: Resolver,
                                                         body: str) -> None:
    [(status, _)] = _bodies(naming_resolver, _quote(body))
    assert status == "verified"


@pytest.mark.parametrize("body, missing", [
    # a condition cut short, a body written from memory, a handler the library lacks
    ("    if text.isnumeric():\n        return text\n    return text.upper()\n",
     "if text.isnumeric():"),
    ("    if text.isupper() or text.isnumeric():\n        return text\n"
     "    return text.upper()\n", "return text.upper()"),
    ("    try:\n        text = _WORD.sub(_upper, text)\n    except ValueError:\n"
     "        return text\n", "try:"),
    # the innermost statement of its own is named
    ("    def _upper(match):\n        return match.group(0).upper()\n",
     "return match.group(0).upper()"),
])
def test_claims_a_quoted_body_with_a_statement_of_its_own(naming_resolver: Resolver,
                                                          body: str, missing: str) -> None:
    [(status, message)] = _bodies(naming_resolver, _quote(body))
    assert status == "unverified" and f"no statement `{missing}`" in message


def test_claims_no_body_claim_of_an_elided_quote_or_a_maintainers_docs(
        naming_resolver: Resolver) -> None:
    assert _bodies(naming_resolver, _quote("    ...\n")) == []
    body = "    return text.upper()\n"
    assert _bodies(naming_resolver, _quote(body), strict=False) == []
