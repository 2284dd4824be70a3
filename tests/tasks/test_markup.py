"""reStructuredText markup read as Markdown (docs excerpts and copied roles)."""

from __future__ import annotations

from pse.tasks.article.markup import inline_rst_as_markdown, rst_as_markdown, unwrap


def test_roles_literals_and_links_become_markdown() -> None:
    line = (":class:`~pkg.mod.Manager`, :py:meth:`Manager.add() <pkg.Manager.add>`, ``self``, "
            "`overriding <https://example.org/o>`_ and `Jinja2`_")
    assert inline_rst_as_markdown(line) == (
        "`Manager`, `Manager.add()`, `self`, [overriding](https://example.org/o) and Jinja2")


def test_bare_named_references_become_their_words_outside_code() -> None:
    line = "`jsonlines` simplifies working with jsonlines_ and ndjson_ data; `type_` stays."
    assert inline_rst_as_markdown(line) == (
        "`jsonlines` simplifies working with jsonlines and ndjson data; `type_` stays.")
    text = "```\nclass_ = 1\n```\nsnake_case and __init__ stay, as does a_b_.\n"
    assert inline_rst_as_markdown(text) == text


def test_inline_conversion_leaves_fenced_code_and_plain_markdown_alone() -> None:
    text = "Use `f()` here.\n```\n:meth:`x` and ``y``\n```\n"
    assert inline_rst_as_markdown(text) == text


def test_code_directives_and_literal_blocks_become_fences() -> None:
    rst = ("Example::\n\n    >>> import pkg\n\n.. code-block:: python\n   :caption: a.py\n\n"
           "   def f():\n       pass\n\nAfter.\n")
    assert rst_as_markdown(rst) == ("Example:\n\n```\n>>> import pkg\n```\n\n```python\n"
                                    "def f():\n    pass\n```\n\nAfter.\n")


def test_other_directives_keep_their_content_and_targets_go() -> None:
    rst = ".. _label:\n\n.. note::\n\n   A note with ``x``.\nAfter."
    assert rst_as_markdown(rst) == "A note with `x`.\n\nAfter."


def test_unwrap_joins_a_sentence_split_over_lines_and_keeps_blocks() -> None:
    text = ("It gives users the ability to extend\na host program by installing\na plugin.\n"
            "A second sentence stays its own line.\n\n- item one\n  continued\n\n```\nx = 1\n"
            "y = 2\n```\n中文第一行\n第二行。\n")
    assert unwrap(text) == ("It gives users the ability to extend a host program by installing "
                            "a plugin.\nA second sentence stays its own line.\n\n- item one\n"
                            "  continued\n\n```\nx = 1\ny = 2\n```\n中文第一行第二行。\n")


def test_titles_stay_their_own_line_and_word_literals_read_as_words() -> None:
    rst = ("The core of ``plugin management`` for ``pytest``.\n\nA definitive example\n"
           "====================\nText.\n")
    assert unwrap(rst_as_markdown(rst)) == (
        "The core of plugin management for `pytest`.\n\nA definitive example\n\nText.\n")
