"""Sentences that describe one definition in the words of another's docstring."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.index.builder import build_index
from pse.tasks.article.borrowed import (
    borrowed_descriptions,
    docstring_sentences,
    module_name,
    read_docstrings,
    unattributed_descriptions,
)
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.resolve import project_resolver

PACKAGE = {
    "wide.py": '"""A shelf of loans and its history."""\n',
    "marks.py": ('def read_due(card):\n    """Reads shelf mark dates into calendar entries."""\n'
                 '\n\ndef read_zone(card):\n'
                 '    """Reads shelf mark zone codes into branch offsets."""\n'),
    "first.py": 'class First:\n    """Count pages in the ledger for each borrower."""\n',
    "second.py": '"""Second."""\n\n\nclass Second:\n'
                 '    """Count pages in the ledger for each borrower, twice."""\n',
    "__init__.py": '"""shelfy -- a tiny reference library for shelving books.\n\n'
                   'Contents:\n\n* racks -- base classes for shelf layouts\n"""\n',
    "racks.py": (
        '"""Racks."""\n\n\n'
        'class Rack:\n    """Hold books in a fixed order on one plank."""\n\n'
        '    def shelve(self, book):\n'
        '        """Put a book on the plank, keeping the order."""\n\n\n'
        'class WideRack(Rack):\n    pass\n\n\n'
        'class Wrapper:\n'
        '    """Wrapper to convert paper catalogues into searchable indexes."""\n\n\n'
        'def lend(book):\n    """Lend a book and record the borrower in the ledger."""\n\n\n'
        'def lend_many(books):\n    """Lend a book and record the borrower in the ledger."""\n\n\n'
        'def lend_all(books):\n    """Lend a book and record the borrower in the ledger."""\n'),
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shelfy")
    package = root / "shelfy"
    package.mkdir()
    for name, text in PACKAGE.items():
        (package / name).write_text(text, encoding="utf-8")
    return root


def _flags(tree: Path, text: str) -> list[str]:
    index, _ = build_index(tree, cache_dir=tree / ".cache", workers=1)
    resolver = project_resolver(index, external=[], cache_dir=tree / ".cache")
    ok = to_findings(check_documents([Document(path="a.md", text=text)], resolver,
                                     strict=True)).ok
    table = read_docstrings(tree, sorted(p for p, (lang, _) in index.files.items()
                                         if lang == "python"),
                            project_names=index.top_modules)
    return [f.text for f in borrowed_descriptions(text, ok, index, table, path="a.md")]


@pytest.mark.parametrize("sentence", [
    # another class's docstring (the 0.5B on stdlib wsgiref: FileWrapper's, on InputWrapper)
    "The `Rack` class is used to convert paper catalogues into searchable indexes.",
    # a sibling's docstring, closer to it than to its own
    "`read_zone()` reads shelf mark dates into calendar entries.",
    # the package's own pitch, said of one class
    "`Wrapper` is a tiny reference library for shelving books.",
    # a whole short docstring sentence as what the code is (tinyqueue: "`JobQueue` is a
    # unit of work and its lifecycle", job.py's); module `wide` is no word of `WideRack`
    "`WideRack` is a shelf of loans and its history.",
])
def test_a_description_from_another_definitions_docstring_is_flagged(
        tree: Path, sentence: str) -> None:
    assert _flags(tree, f"# A\n\n{sentence}\n") == [sentence]


@pytest.mark.parametrize("sentence", [
    "`Rack` holds books in a fixed order on one plank.",                # its own docstring
    "`WideRack` holds books in a fixed order on one plank.",            # its base's
    "`Rack.shelve()` puts a book on the plank, keeping the order.",
    # its own docstring's words, and four in a row that a sibling's holds too (iso8601's
    # `parse_timezone` said to parse "ISO 8601 date time strings", `parse_date`'s words)
    "`read_zone()` reads shelf mark date zone codes into branch offsets.",
    "`First` counts pages in the ledger for each borrower.",            # defined on line 1
    "`Rack` keeps a shelf of loans and its history.",   # three words, not said as what it is
    "The `Rack` class gives base classes for shelf layouts.",           # names its module
    "`Rack` works with `Wrapper`, which converts paper catalogues into searchable indexes.",
    "`lend_many()` lends a book and records the borrower in the ledger.",  # three say it
    'Its docstring reads "Wrapper to convert paper catalogues into searchable indexes", '
    "unlike `Rack`.",                                                    # a quotation
])
def test_a_description_in_the_named_codes_own_words_is_not_flagged(
        tree: Path, sentence: str) -> None:
    assert _flags(tree, f"# A\n\n{sentence}\n") == []


def test_a_sentence_that_goes_on_about_the_previous_ones_subject_is_not_flagged(
        tree: Path) -> None:
    text = ("# A\n\nThe `Wrapper` class comes first. It converts paper catalogues into "
            "searchable indexes for `Rack`.\n")
    assert _flags(tree, text) == []
    # without the pronoun, the sentence says it of `Rack` alone
    assert _flags(tree, "# A\n\nThe `Wrapper` class comes first. `Rack` converts paper "
                        "catalogues into searchable indexes.\n") == [
        "`Rack` converts paper catalogues into searchable indexes."]


def test_docstring_sentences_split_paragraphs_items_and_sentences() -> None:
    doc = ("wsgiref -- a WSGI (PEP 3333) Reference Library\n\nCurrent Contents:\n\n"
           "* util -- Miscellaneous useful\n  functions and wrappers\n"
           "* headers -- Manage response headers\n\nOne. Two words here.")
    assert docstring_sentences(doc) == [
        "wsgiref -- a WSGI (PEP 3333) Reference Library", "Current Contents:",
        "* util -- Miscellaneous useful functions and wrappers",
        "* headers -- Manage response headers", "One.", "Two words here."]


def test_module_name_of_a_package_is_its_folder() -> None:
    assert module_name("pkg/util.py") == "util"
    assert module_name("pkg/__init__.py") == "pkg"
    assert module_name("__init__.py", root="wsgiref") == "wsgiref"


def _unattributed(tree: Path, text: str) -> list[str]:
    index, _ = build_index(tree, cache_dir=tree / ".cache", workers=1)
    table = read_docstrings(tree, sorted(p for p, (lang, _) in index.files.items()
                                         if lang == "python"),
                            project_names=index.top_modules)
    return [f.text for f in unattributed_descriptions(text, table, path="a.md")]


def test_a_docstring_sentence_naming_nothing_is_flagged_where_nothing_names_its_code(
        tree: Path) -> None:
    # "1. The input is assumed to have the most significant digit first." (a function's
    # docstring, pasted as an item that names no code, under a heading naming other code)
    text = ("## `Rack`\n\n1. Put a book on the plank, keeping the order.\n"
            "2. Hold books in a fixed order on one plank.\n\n"
            "## `shelve`\n\nPut a book on the plank, keeping the order.\n\n"
            "## Overview\n\nA tiny reference library for shelving books.\n")
    # `shelve`'s words under `Rack`: flagged; `Rack`'s own under `Rack`, `shelve`'s under
    # `shelve` and the package's pitch anywhere are not
    assert _unattributed(tree, text) == ["Put a book on the plank, keeping the order."]
