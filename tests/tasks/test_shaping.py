"""Reply shaping never edits code: a fence at any indentation, its info line, a list item's
code block (the texts of a real sqlparse run, where backticks landed inside code)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pse.tasks.article.names import mark_code_names
from pse.tasks.article.shaping import shape_section
from pse.text import parse_markdown

SQL = "formatted_sql = sqlparse.format('SELECT ...', strip_comments=True)"
NESTED_FENCE = f"""Use sqlparse.format to tidy a statement:

1. Format a statement with :func:`sqlparse.format`:

   ```python
   {SQL}
   ```

2. Run the benchmark:
    ```python benchmarks/bench_group_comments.py
    import sqlparse
    {SQL}
    ```
"""
ITEM_CODE_BLOCK = f"""Call split_statements on the text, e.g. a script:

- Split it:

        statements = sqlparse.split(raw)  # ``raw`` holds: a; b
        {SQL}

- Then print each statement with ``print``.
"""
REAL = {"sqlparse.format", "strip_comments", "benchmarks/bench_group_comments.py",
        "sqlparse.split", "split_statements"}


def _real(names: Sequence[str]) -> list[str]:
    return [n for n in names if n in REAL]


def _code(text: str) -> list[str]:
    lines = text.split("\n")
    return [lines[n - 1].strip() for n in sorted(parse_markdown(text).code_lines())
            if lines[n - 1].strip()]


@pytest.mark.parametrize("reply", [NESTED_FENCE, ITEM_CODE_BLOCK])
def test_shape_section_and_name_marking_leave_every_code_line_as_written(reply: str) -> None:
    shaped, trimmed = shape_section("Formatting", reply)
    marked = mark_code_names(shaped, _real)
    assert trimmed == ""
    assert _code(reply) and _code(marked) == _code(reply)
    assert any(line.strip() == SQL for line in marked.split("\n"))
    assert "`sqlparse.format`(" not in marked and "python `benchmarks" not in marked


def test_name_marking_still_marks_the_prose_around_the_code() -> None:
    marked = mark_code_names(shape_section("Formatting", NESTED_FENCE)[0], _real)
    assert "Use `sqlparse.format` to tidy" in marked
    assert "with `sqlparse.format`:" in marked  # the rst role, read as Markdown


def test_a_list_items_code_block_is_no_prose_for_any_pass() -> None:
    marked = mark_code_names(shape_section("Splitting", ITEM_CODE_BLOCK)[0], _real)
    assert "Call `split_statements` on the text, e.g. a script:" in marked
    assert "        statements = sqlparse.split(raw)  # ``raw`` holds: a; b" in marked
    assert "with `print`." in marked  # outside the block, an rst literal reads as code


def test_shape_section_numbers_a_list_whose_first_items_went_from_one() -> None:
    reply = "Intro.\n\n2. **Check**: `a` does it.\n3. **Use**: `b` does it.\n"
    text, _ = shape_section("Steps", reply)
    assert "1. **Check**" in text and "2. **Use**" in text and "3." not in text


def test_shape_section_drops_a_fence_opened_on_nothing() -> None:
    # "like the following:" then a bare fence; the model wrote the section again after it,
    # heading and all, which the fence made code (a pytimeparse article)
    reply = ("### Problem-driven: x\n\nThe parser reads time expressions. It reads these:\n```\n\n"
             "## Problem-driven: x\n\nThe parser reads time expressions. It reads these:\n```\n")
    text, trimmed = shape_section("What x is for", reply)
    assert "```" not in text and "\n## Problem" not in text  # one section, no code
    assert text.startswith("## What x is for\n\nThe parser reads time expressions.\n")
    assert trimmed == "It reads these:\nIt reads these:"
