"""Claims and sentences marked on the text itself (pse.report.ranges via the renderer)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from pse.report.document import DocumentRenderer
from pse.report.marks import Mark, marks_from_sentences
from pse.report.run import render_run_report
from pse.report.sources import SourceReader

TEXT = """# T

The `JobState` enum has four members. `JobQueue` runs **every `Job` in order** and
then stops. A [link to `q`](src/q.py) ends it.
"""


def _mark(line: int, text: str, status: str = "verified", kind: str = "claim") -> Mark:
    return Mark(file="a.md", line=line, text=text, status=status, kind=kind, origin="text",
                evidence=(("src/tinyqueue/job.py", 10),))


class _Visible(HTMLParser):
    """The text a reader sees: popups and badges left out; tags checked for nesting."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        css = dict(attrs).get("class") or ""
        hidden = bool(self.stack and self.stack[-1][1]) or css in {"pop", "badge"}
        self.stack.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        opened, _ = self.stack.pop()
        assert opened == tag, f"</{tag}> closes <{opened}>"

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1][1]):
            self.text.append(data)


def _visible(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    assert parser.stack == []
    return "".join(parser.text)


def test_ranges_claims_are_marked_in_place_not_as_badges() -> None:
    marks = [_mark(3, "The `JobState` enum has four members."),
             _mark(3, "`JobQueue` runs **every `Job` in order** and"),
             _mark(4, "A [link to `q`](src/q.py) ends it.", "unverified")]
    html = DocumentRenderer().render("a.md", TEXT, marks)
    assert 'class="badge"' not in html
    assert html.count('<span class="sent s-verified"') == 2
    assert html.count('<span class="sent s-unverified"') == 1
    plain = DocumentRenderer().render("a.md", TEXT, [])
    assert _visible(html) == _visible(plain)  # the reader's text is the article's, once


def test_ranges_a_sentence_mid_paragraph_wraps_only_itself() -> None:
    html = DocumentRenderer().render("a.md", TEXT, [_mark(4, "ends it.")])
    marked = re.search(r'<span class="sent s-verified"[^>]*>(.*?)<span class="pop"', html)
    assert marked is not None and marked.group(1) == "ends it."
    assert "</a> <span class=\"sent" in html  # the text before it stays outside


def test_ranges_a_span_across_emphasis_widens_to_whole_elements() -> None:
    html = DocumentRenderer().render("a.md", TEXT, [_mark(3, "every `Job` in order** and")])
    _visible(html)  # nesting holds (the parser asserts it)
    opened = html.index('<span class="sent')
    assert html.rindex("<strong>", 0, opened + 200) > opened  # <strong> is inside the mark


def test_ranges_names_inside_a_marked_sentence_keep_their_own_marks() -> None:
    marks = [_mark(3, "The `JobState` enum has four members."),
             Mark(file="a.md", line=3, text="JobState", status="verified", kind="symbol")]
    html = DocumentRenderer().render("a.md", TEXT, marks)
    inner = html.index('<span class="ref s-verified"')
    assert html.index('<span class="sent s-verified"') < inner


def test_ranges_report_sentences_show_their_span() -> None:
    sentences = [
        {"section": 1, "line": 3, "text": "The `JobState` enum has four members.",
         "status": "supported", "span": {"path": "src/tinyqueue/job.py", "start": 10,
                                         "end": 16}},
        {"section": 1, "line": 4, "text": "A [link to `q`](src/q.py) ends it.",
         "status": "unsupported", "span": None},
        {"line": "x", "text": "bad row"}, "junk"]
    page = render_run_report({"run_id": "r", "languages": ["en"], "sentences": sentences},
                             artifacts={"en": (TEXT, [])},
                             url_of=lambda path, line: f"https://h/{path}#L{line}")
    supported = page.split('<span class="sent s-verified"', 1)[1].split("</p>", 1)[0]
    assert 'data-href="https://h/src/tinyqueue/job.py#L10"' in supported
    assert "supported by src/tinyqueue/job.py:10-16" in supported
    assert '<span class="sent s-unverified"' in page
    assert "no span of the source supports it" in page


def test_marks_from_sentences_reads_defensively() -> None:
    marks = marks_from_sentences([{"line": 2, "text": "Hi.", "status": "transition"},
                                  {"line": 0, "text": "x"}, None], file="a.md")
    assert [(m.line, m.status, m.kind) for m in marks] == [(2, "ignored", "sentence")]
    assert marks_from_sentences(None, file="a.md") == []


def test_ranges_without_a_repository_marks_link_to_the_cited_source_in_the_page(
        tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "job.py").write_text("".join(f"line {n}\n" for n in range(1, 30)),
                                             encoding="utf-8")
    marks = [Mark(file="a.md", line=3, text="The `JobState` enum has four members.",
                  status="verified", kind="claim", origin="text", evidence=(("src/job.py", 10),))]
    page = render_run_report({"run_id": "r"}, artifacts={"en": (TEXT, marks)},
                             read_lines=SourceReader(tmp_path))
    href = re.search(r'<span class="sent s-verified"[^>]*data-href="(#[^"]+)"', page)
    assert href is not None
    block = page.split(f'<div class="cited" id="{href.group(1)[1:]}">', 1)[1].split("</div>")[0]
    assert "src/job.py:10" in block
    assert '<span class="sl hit"><span class="ln">10</span>line 10</span>' in block
    assert "line 8<" in block and "line 18<" in block and "line 19<" not in block
    assert f'<a href="{href.group(1)}"' in page  # the popup's path:line goes there too
