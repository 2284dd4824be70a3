"""Documents rendered with marks in place: spans, links, code lines, badges."""

from __future__ import annotations

import re

from pse.report.document import DocumentRenderer
from pse.report.marks import Mark

TEXT = """---
title: x
---
# Title `a`

para `x.y` and
second [l](src/a.py#L3) **`b`**

| a | b |
|---|---|
| `c` | d |

```python
import os
os.path.join(1)
```
"""


def _mark(line: int, text: str, status: str = "verified", origin: str = "inline") -> Mark:
    return Mark(file="d.md", line=line, text=text, status=status, kind="symbol",
                origin=origin)


def _marked(html: str) -> list[str]:
    """The content of each mark, popups removed."""
    bare = re.sub(r'<span class="pop".*?</span></span></span>', "", html)
    return re.findall(r'<span class="ref s-\w+"[^>]*>(.*?)</span>', bare)


def test_document_marks_spans_links_table_cells_and_code_lines() -> None:
    marks = [_mark(4, "a"), _mark(6, "x.y", "unverified"),
             _mark(7, "src/a.py#L3", origin="link"), _mark(7, "b", "unverified"),
             _mark(11, "c", "external"), _mark(15, "os.path.join", origin="code")]
    html = DocumentRenderer().render("d.md", TEXT, marks)
    assert _marked(html) == ["<code>a</code>", "<code>x.y</code>", "l", "<code>b</code>",
                             "<code>c</code>", "os.path.join"]
    assert '<pre class="front">---\ntitle: x\n---\n</pre>' in html
    assert 'rel="noopener noreferrer nofollow"' in html


def test_document_shows_unplaceable_marks_as_badges() -> None:
    marks = [_mark(7, "not-in-the-line", "unverified"), _mark(5, "blank line")]
    html = DocumentRenderer().render("d.md", TEXT, marks)
    paragraph = html.split("<p>", 1)[1].split("</p>", 1)[0]
    assert '<span class="badge">not-in-the-line</span>' in paragraph
    assert '<ul class="orphans"><li>line 5:' in html


def test_document_ids_are_unique_across_documents() -> None:
    renderer = DocumentRenderer()
    first = renderer.render("a.md", "`x`\n", [_mark(1, "x")])
    second = renderer.render("b.md", "`x`\n", [_mark(1, "x")])
    assert 'id="m1"' in first and 'id="m2"' in second and len(renderer.ids) == 2


def test_document_same_span_two_marks_share_one_element() -> None:
    marks = [_mark(1, "f()", "verified"), _mark(1, "f()", "unverified")]
    html = DocumentRenderer().render("a.md", "`f()`\n", marks)
    assert html.count('class="ref ') == 1 and 'class="ref s-unverified"' in html
    assert html.count('class="pp"') == 2


def test_document_plain_text_formats_get_numbered_lines() -> None:
    text = "Title\n=====\n\nUse ``Client.get`` here.\n"
    html = DocumentRenderer().render("d.rst", text, [_mark(4, "Client.get")])
    assert '<span class="ln">4</span>Use ``<span class="ref s-verified"' in html
