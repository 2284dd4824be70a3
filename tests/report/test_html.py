"""The self-contained HTML report."""

from __future__ import annotations

from pse.report.html import render_html
from pse.verify.check import CheckedReference

from .support import checked


def test_html_is_self_contained_with_summary(sample: list[CheckedReference]) -> None:
    page = render_html(sample, title="docs check")
    assert page.startswith("<!doctype html>") and page.endswith("</html>\n")
    assert "<script" not in page and "http://" not in page and "<link" not in page
    assert "<title>docs check</title>" in page
    assert "<span class='unverified'>3 unverified</span>" in page


def test_html_lists_flags_first(sample: list[CheckedReference]) -> None:
    page = render_html(sample)
    positions = [page.index(f"<code>{text}</code>") for text in
                 ("Session.fetch()", "Session.send()", "json.loads", "utf-8")]
    assert positions[0] == min(positions)  # the unverified reference comes first


def test_html_escapes_document_text() -> None:
    page = render_html([checked(1, "<img src=x onerror=alert(1)>", "symbol", "unverified",
                                suggestion="a&b")])
    assert "<img" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "a&amp;b" in page
