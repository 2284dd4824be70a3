"""Sections and entries in Markdown and plain text."""

from __future__ import annotations

import pytest

from pse.cv.sections import classify, is_bullet, split_entries, split_sections


@pytest.mark.parametrize(("title", "name"), [
    ("Professional Experience", "experience"), ("WORK EXPERIENCE", "experience"),
    ("工作经历 | Work Experience", "experience"), ("【项目经历】", "projects"),
    ("Key Projects", "projects"), ("Licenses & Certifications", "certifications"),
    ("Core Skills", "skills"), ("专业技能", "skills"), ("Education:", "education"),
    ("求职意向", "objective"), ("个人简介 | Summary", "summary"),
    ("== Experience ==", "experience"),
    ("Project Manager, Acme", None), ("Mobile Checkout Redesign", None),
])
def test_classify_names_sections(title: str, name: str | None) -> None:
    assert classify(title) == name


def test_split_sections_handles_plain_text_and_inline_labels() -> None:
    lines = ["JANE DOE", "", "EXPERIENCE", "Jan 2020 - Now  Acme Ltd  Analyst", "- Did things",
             "", "Skills: Python, SQL", "EDUCATION", "2012 - 2016  Some University  BSc"]
    names = [(s.name, s.lines) for s in split_sections(lines)]
    assert names == [("header", [1, 2]), ("experience", [4, 5, 6]), ("skills", [7]),
                     ("education", [9])]


def test_split_entries_groups_headers_and_bullets() -> None:
    lines = ["### Fraud Pipeline", "**Oct 2023 – Jun 2024 | Granite**", "- Caught 34% more",
             "", "**Triage** · 2021", "- Routed 67%", "Acme | Analyst | 2019 - 2020",
             "Beta | Analyst | 2017 - 2019", "- one"]
    entries = split_entries(lines, list(range(1, len(lines) + 1)))
    assert [(e.header, e.body) for e in entries] == [([1, 2], [3]), ([5], [6]), ([7], []),
                                                     ([8], [9])]


def test_is_bullet_tells_list_items_from_emphasis() -> None:
    assert is_bullet("- item") and is_bullet("· 技术栈：Python") and is_bullet("* item")
    assert not is_bullet("*May 2024 - Current*") and not is_bullet("**Acme** — Analyst")


def test_split_sections_keeps_deeper_unknown_headings_inside_their_section() -> None:
    lines = ["# Jane", "## Summary", "x", "# Experience", "## Acme | Engineer | 2020 - 2022",
             "- did", "## Beta | Analyst | 2018 - 2020", "# Education", "- BSc, X University"]
    assert [(s.name, s.lines) for s in split_sections(lines)] == [
        ("header", [1]), ("summary", [3]), ("experience", [5, 6, 7]), ("education", [9])]


def test_classify_reads_joined_headings() -> None:
    assert classify("Education & Certifications") == "education"
    assert classify("Skills and Tools") == "skills"
    assert classify("证书及资格") == "certifications"
