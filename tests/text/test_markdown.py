"""The Markdown reader of the document model."""

from __future__ import annotations

import time

from pse.text import parse_markdown
from pse.text.labels import leading_label

_DOC = """---
title: x
---
# The `rich` console

Options:

- **`Console`**:
  - `min_width`: Minimum width
  - `max_width`: Maximum width
- `Segment`: a piece of text

Term
: Definition of `x`

!!! note "Careful"
    The `Foo` class.

| name | kind |
|------|------|
| `x`  | y    |

```python title="a.py"
x = 1
```

    indented code
"""


def _kinds(doc: str) -> list[tuple[str, int]]:
    return [(b.kind, b.line) for b in parse_markdown(doc).blocks]


def test_markdown_blocks_have_exact_lines_and_kinds() -> None:
    assert _kinds(_DOC) == [
        ("heading", 4), ("paragraph", 6), ("item", 8), ("item", 9), ("item", 10),
        ("item", 11), ("definition", 14), ("directive", 16), ("paragraph", 17),
        ("row", 19), ("row", 21), ("code", 23), ("code", 27)]


def test_markdown_a_labelled_line_right_above_a_list_leads_it_in() -> None:
    touching = parse_markdown("**`A`**: the converter.\n  - It raises `E`.\n").blocks
    assert touching[1].parent == 0  # no blank line: the list says more of `A`
    apart = parse_markdown("**`A`**: the converter.\n\n- `B` raises `E`.\n").blocks
    assert apart[1].parent is None
    longer = parse_markdown("**`A`**: the converter,\nwhich wraps.\n- `B` raises.\n").blocks
    assert longer[1].parent is None  # a paragraph, not a label line


def test_markdown_list_items_know_their_parent_and_label() -> None:
    blocks = parse_markdown(_DOC).blocks
    console, width = blocks[2], blocks[3]
    assert console.label == "`Console`" and console.parent == 1  # the lead-in "Options:"
    assert width.parent == 2 and width.level == 2 and width.label == "`min_width`"
    assert blocks[5].parent == 1 and blocks[5].level == 1
    assert [b.text for b in parse_markdown(_DOC).owners(3)] == [
        "**`Console`**:", "Options:", "The `rich` console"]


def test_markdown_ordered_items_know_their_number_and_list() -> None:
    doc = parse_markdown("3. first\n4. second\n\nText.\n\n- bullet\n  1. inner\n")
    items = [b for b in doc.blocks if b.kind == "item"]
    assert [(b.text, b.number, b.list) for b in items] == [
        ("first", 3, 1), ("second", 4, 1), ("bullet", 0, 2), ("inner", 1, 3)]
    assert all(b.number == 0 and b.list == 0 for b in doc.blocks if b.kind != "item")


def test_markdown_tables_definitions_code_and_directives() -> None:
    blocks = parse_markdown(_DOC).blocks
    assert blocks[6].label == "Term" and blocks[6].lines == ((14, "Definition of `x`"),)
    assert blocks[7].info == "note" and blocks[8].parent == 7
    assert blocks[10].cells == ("`x`", "y") and blocks[10].header == ("name", "kind")
    assert blocks[10].parent == 9
    assert blocks[11].info == 'python title="a.py"' and blocks[11].title == "a.py"
    assert blocks[11].text == "x = 1\n" and blocks[12].info == ""


def test_markdown_front_matter_and_code_are_not_prose() -> None:
    lines = [n for n, _ in parse_markdown(_DOC).prose_lines()]
    assert lines == [6, 8, 9, 10, 11, 14, 17]


def test_markdown_wrapped_paragraph_keeps_each_line() -> None:
    doc = parse_markdown("- first `a`\n  second `b`\n\n  later\n")
    assert doc.blocks[0].lines == ((1, "first `a`"), (2, "second `b`"))
    assert doc.blocks[1].kind == "paragraph" and doc.blocks[1].parent == 0


def test_markdown_parsing_is_linear_on_a_line_of_backticks() -> None:
    start = time.perf_counter()
    parse_markdown("`" * 40_000)
    parse_markdown("a `b` c. " * 40_000)
    assert time.perf_counter() - start < 20


def test_a_bold_label_may_hold_underscores() -> None:
    assert leading_label("**`from_dict`**: Builds a value.") == "`from_dict`"
    assert leading_label("**max_size**: The limit.") == "max_size"
    assert leading_label("__Note__: read this") == "Note"
    assert leading_label("**bold** words go on") == ""
