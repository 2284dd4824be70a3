"""The ``pse verify`` JSON contract and the readable text report."""

from __future__ import annotations

import json

from pse.report.references import STATUSES, reference_dicts, render_json, render_text, summary
from pse.verify.check import CheckedReference

from .support import checked


def test_references_dicts_follow_the_contract(sample: list[CheckedReference]) -> None:
    rows = reference_dicts(sample)
    assert rows[0] == {"file": "docs/a.md", "line": 1, "text": "`Session.send()`",
                       "name": "Session.send", "kind": "symbol", "status": "verified",
                       "evidence": [{"path": "src/s.py", "line": 10}]}
    assert rows[1]["suggestion"] == "Session.send"
    assert rows[1]["message"] == "not found in the source tree"
    assert "suggestion" not in rows[3] and rows[3]["evidence"] == []


def test_references_text_keeps_backticks_only_for_inline_spans(
        sample: list[CheckedReference]) -> None:
    texts = [row["text"] for row in reference_dicts(sample)]
    assert texts[0] == "`Session.send()`"
    assert texts[5] == "Client"          # from a code block
    assert texts[6] == "src/x.py"        # a link target


def test_references_summary_counts_every_status(sample: list[CheckedReference]) -> None:
    assert summary(sample) == {"verified": 2, "unverified": 3, "external": 1, "ignored": 1}
    assert summary([]) == dict.fromkeys(STATUSES, 0)
    assert list(summary([])) == ["verified", "unverified", "external", "ignored"]


def test_references_render_json(sample: list[CheckedReference]) -> None:
    text = render_json(sample)
    assert text.endswith("}\n")
    document = json.loads(text)
    assert document == {"references": reference_dicts(sample), "summary": summary(sample)}
    assert render_json(sample) == text


def test_references_render_json_keeps_non_ascii(sample: list[CheckedReference]) -> None:
    text = render_json([checked(1, "配置.load", "symbol", "unverified", file="文档.md")])
    assert "配置.load" in text and "文档.md" in text


def test_references_render_text_shows_flags_grouped_by_file(
        sample: list[CheckedReference]) -> None:
    assert render_text(sample).splitlines() == [
        "docs/a.md",
        "      2  ✗ Session.fetch()  (not found in the source tree)",
        "         did you mean 'Session.send'?",
        "      2  ✗ src/nope.py  (no such file)",
        "         did you mean 'src/s.py'?",
        "",
        "docs/b.md",
        "      6  ✗ src/x.py  (line 90 is past the end)",
        "         at src/x.py",
        "",
        "2 verified, 3 unverified, 1 external, 1 ignored",
    ]


def test_references_render_text_verbose_lists_everything(
        sample: list[CheckedReference]) -> None:
    lines = render_text(sample, verbose=True).splitlines()
    assert "      1  ✓ Session.send()" in lines and "         at src/s.py:10" in lines
    assert "      3  → json.loads  (standard library)" in lines
    assert "      4  · utf-8  (expression)" in lines


def test_references_render_text_when_clean() -> None:
    assert render_text([]) == "0 verified, 0 unverified, 0 external, 0 ignored\n"
