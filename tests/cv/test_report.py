"""The renderers are pure and stable."""

from __future__ import annotations

import json

from pse.cv.facts import ResumeFinding, ResumeReport
from pse.report.resume import render_html, render_json, render_text

REPORT = ResumeReport(resume="r.md", findings=(
    ResumeFinding(text="Acme <Corp>", line=3, kind="company", status="unsupported",
                  reason="'Acme <Corp>' is not an organisation in the sources"),
    ResumeFinding(text="30%", line=4, kind="metric", status="supported",
                  evidence="Cut costs by 30%", source="cv.md", source_line=9),
))


def test_render_json_has_findings_and_summary() -> None:
    doc = json.loads(render_json(REPORT))
    assert doc["summary"] == {"supported": 1, "unsupported": 1,
                              "unsupported_by_kind": {"company": 1}}
    assert doc["findings"][1] == {"text": "30%", "line": 4, "kind": "metric",
                                  "status": "supported", "evidence": "Cut costs by 30%",
                                  "source": "cv.md", "source_line": 9, "reason": ""}
    assert render_json(REPORT) == render_json(REPORT)


def test_render_text_lists_unsupported_then_summary() -> None:
    lines = render_text(REPORT).splitlines()
    assert lines == ["r.md:3: unsupported company 'Acme <Corp>' - 'Acme <Corp>' is not an "
                     "organisation in the sources", "1 unsupported, 1 supported facts in r.md"]
    assert "supported metric '30%'" in render_text(REPORT, show_supported=True)


def test_render_html_escapes_text() -> None:
    page = render_html(REPORT)
    assert "Acme &lt;Corp&gt;" in page and "<Corp>" not in page
