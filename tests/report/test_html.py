"""The ``pse verify`` HTML page: documents with marked references, index, findings."""

from __future__ import annotations

import re

from pse.report.html import render_html
from pse.report.page import SCRIPT, STYLE
from pse.verify.check import CheckedReference

from .support import checked

DOCS = {"docs/a.md": "`Session.send()` works.\n`Session.fetch()` and `src/nope.py`\n"
                     "`json.loads`\n`utf-8`\n",
        "docs/b.md": "# B\n\n```python\nimport c\nClient()\n```\n[x](src/x.py)\n"}


def _lines(path: str) -> list[str] | None:
    return [f"line {n} of {path}" for n in range(1, 21)] if path.startswith("src/") else None


def test_html_is_one_self_contained_page(sample: list[CheckedReference]) -> None:
    page = render_html(sample, documents=DOCS, title="docs check")
    assert page.startswith("<!doctype html>") and page.endswith("</html>\n")
    assert "<title>docs check</title>" in page
    assert "<link" not in page and "src=" not in page and "http://" not in page
    assert page.count("<script>") == 1 and page.count("<style>") == 1
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy and "default-src 'none'" in policy.group(1)
    assert "'unsafe-inline'" not in policy.group(1)
    assert SCRIPT in page and STYLE in page


def test_html_marks_every_reference_in_its_document(sample: list[CheckedReference]) -> None:
    page = render_html(sample, documents=DOCS, read_lines=_lines)
    marks = re.findall(r'<span class="ref s-(\w+)" tabindex="0" id="(m\d+)"', page)
    assert len(marks) == len(sample)
    assert sorted(status for status, _ in marks) == sorted(c.result.status for c in sample)
    assert re.search(r'id="m\d+" data-status="unverified" data-kind="symbol" '
                     r'aria-describedby="m\d+-pop"><code>Session.fetch\(\)</code>', page)


def test_html_popup_shows_evidence_lines_with_context(sample: list[CheckedReference]) -> None:
    page = render_html(sample, documents=DOCS, read_lines=_lines)
    popup = page.split("<code>Session.send()</code>", 1)[1].split("</span></span></span>", 1)[0]
    assert "src/s.py:10" in popup
    assert '<span class="sl hit"><span class="ln">10</span>line 10 of src/s.py</span>' in popup
    assert "line 8 of src/s.py" in popup and "line 12 of src/s.py" in popup
    assert "line 7 of src/s.py" not in popup
    assert "did you mean <code>Session.send</code>?" in page


def test_html_file_index_and_findings_filters(sample: list[CheckedReference]) -> None:
    page = render_html(sample, documents=DOCS)
    assert '<a href="#doc-1">docs/a.md</a>' in page and '<a href="#doc-2">docs/b.md</a>' in page
    rows = re.findall(r'<tr data-status="(\w+)" data-kind="(\w+)" data-file="([^"]+)">', page)
    assert len(rows) == len(sample)
    assert rows[0][0] == "unverified"  # flags first
    assert '<form id="filters" hidden>' in page
    assert '<option value="path_line">path_line</option>' in page


def test_html_without_documents_lists_findings(sample: list[CheckedReference]) -> None:
    page = render_html(sample)
    assert "the document text is not part of this report" in page
    assert page.count('<tr data-status=') == len(sample)


def test_html_escapes_hostile_text() -> None:
    hostile = ("# <script>alert(1)</script>\n\n<img src=x onerror=alert(2)> "
               "[click](javascript:alert(3)) ![p](http://tracker.example/p.png)\n\n"
               "`<img src=x onerror=alert(4)>`\n\n```html\n<script>alert(5)</script>\n```\n")
    items = [checked(5, "<img src=x onerror=alert(4)>", "symbol", "unverified",
                     suggestion="a&b", message="<b>model said</b>")]
    page = render_html(items, documents={"docs/a.md": hostile}, title="<t>")
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    assert "<script" not in body and "<img" not in body and "<b>model" not in body
    assert "javascript:" not in body.replace("[click](javascript:alert(3))", "")
    assert 'href="javascript' not in body and "src=" not in body.replace("src=x", "")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=alert(4)&gt;" in body and "a&amp;b" in body
    assert "[image: p]" in body
    assert "<title>&lt;t&gt;</title>" in page


def test_html_evidence_links_to_the_repository(sample: list[CheckedReference]) -> None:
    page = render_html(sample, documents=DOCS, read_lines=_lines,
                       url_of=lambda path, line: f"https://h/o/r/blob/c/{path}#L{line}")
    assert ('<a href="https://h/o/r/blob/c/src/s.py#L10" rel="noopener noreferrer">'
            "src/s.py:10</a>") in page
