"""The reStructuredText reader of the document model."""

from __future__ import annotations

import time

from pse.text import parse, parse_rst

_TILDE = "Guide\n=====\n\nSub\n~~~\n\n``PoolManager`` subclasses ``ConnectionPool``.\n"


def test_rst_tilde_underline_is_a_heading_not_a_fence() -> None:
    blocks = parse_rst(_TILDE).blocks
    assert [(b.kind, b.level, b.text) for b in blocks[:2]] == [
        ("heading", 1, "Guide"), ("heading", 2, "Sub")]
    assert list(parse_rst(_TILDE).prose_lines()) == [
        (7, "``PoolManager`` subclasses ``ConnectionPool``.")]


def test_rst_overlined_titles_level_by_first_use() -> None:
    doc = parse_rst("=====\nTitle\n=====\n\nAb\n--\n\nBc\n--\n\ntext\n")
    assert [(b.kind, b.level, b.line) for b in doc.blocks] == [
        ("heading", 1, 2), ("heading", 2, 5), ("heading", 2, 8), ("paragraph", 0, 11)]
    assert doc.blocks[3].heading == 2


_DOC = """* Item one ``x``
  continues here.

  * ``y``: nested

.. note::

   The ``Foo`` class is nice.

.. code-block:: python
   :caption: a.py

   x = 1

Example::

    code here

term
    definition ``z``

=====  =====
A      B
=====  =====
``x``  y
=====  =====

.. py:class:: Console

   A console.

.. a comment
   still comment

:param x: a field
>>> 1 + 1
2
"""


def test_rst_blocks_lists_directives_tables() -> None:
    blocks = parse_rst(_DOC).blocks
    assert [(b.kind, b.line) for b in blocks] == [
        ("item", 1), ("item", 4), ("directive", 6), ("paragraph", 8), ("code", 10),
        ("paragraph", 15), ("code", 17), ("definition", 20), ("row", 23), ("row", 25),
        ("directive", 28), ("paragraph", 30), ("code", 36)]
    assert blocks[0].lines == ((1, "Item one ``x``"), (2, "continues here."))
    assert blocks[1].parent == 0 and blocks[1].label == "``y``" and blocks[1].level == 2
    assert blocks[3].parent == 2 and blocks[4].title == "a.py" and blocks[4].info == "python"
    assert blocks[7].label == "term" and blocks[9].header == ("A", "B")
    assert blocks[10].info == "py:class" and blocks[10].label == "Console"
    assert blocks[11].parent == 10 and blocks[12].info == "pycon"


def test_rst_parse_dispatches_on_format() -> None:
    assert parse(_TILDE, rst=True).rst and not parse("x\n").rst


def test_rst_parsing_is_linear() -> None:
    start = time.perf_counter()
    parse_rst("`" * 40_000)
    parse_rst("para ``x``\n" * 20_000)
    parse_rst("* item\n  more\n" * 10_000)
    assert time.perf_counter() - start < 20


def test_rst_directive_keeps_its_name_argument_options_and_body_line() -> None:
    doc = parse_rst(".. code-block:: python\n   :caption: a.py\n   :name: a\n\n   x = 1\n"
                    "\n.. note:: Mind\n\n   ``y``\n")
    code, note = doc.blocks[0], doc.blocks[1]
    assert (code.directive, code.argument, code.options, code.body) == (
        "code-block", "python", (("caption", "a.py"), ("name", "a")), 5)
    assert (note.directive, note.argument, note.options, note.body) == ("note", "Mind", (), 9)


def test_rst_comments_are_recorded_and_end_a_paragraph() -> None:
    doc = parse_rst("Text ``a``\n.. a comment\n   more of it\n\n.. _label:\n\nEnd.\n")
    assert doc.comments == ((2, 3), (5, 5))
    assert [(b.kind, b.text) for b in doc.blocks] == [
        ("paragraph", "Text ``a``"), ("paragraph", "End.")]


def test_rst_item_literal_block_ends_at_the_items_next_paragraph() -> None:
    doc = parse_rst("- an item\n  ending in::\n\n      code here\n\n  More ``prose``.\n")
    assert [(b.kind, b.line, b.end) for b in doc.blocks] == [
        ("item", 1, 2), ("code", 4, 4), ("paragraph", 6, 6)]
