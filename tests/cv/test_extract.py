"""Document extraction on the fixture CVs (Markdown and plain text, English and Chinese)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.cv.extract import find_durations, parse_document, parse_education, parse_skills

FIXTURES = Path(__file__).parents[1] / "fixtures" / "resumes"


def test_parse_document_reads_plain_text_english_cv() -> None:
    doc = parse_document((FIXTURES / "en_cv.txt").read_text(encoding="utf-8"), "en_cv.txt")
    assert [(j.company.text, j.title.text) for j in doc.jobs if j.company and j.title] == [
        ("Harbourline Freight B.V.", "Logistics Operations Manager"),
        ("Polder Fresh Foods N.V.", "Senior Supply Chain Analyst"),
        ("Tidewater Parts Ltd.", "Junior Buyer")]
    assert [p.name.text for p in doc.projects if p.name] == ["Cross-dock Pilot",
                                                             "Forecast Refresh"]
    assert [c.text for c in doc.certifications] == [
        "APICS Certified Supply Chain Professional (CSCP)", "Lean Six Sigma Green Belt"]
    assert doc.education[0].school and doc.education[0].school.text == \
        "Erasmus University Rotterdam"
    assert [d.years for d in doc.durations] == [9]


def test_parse_document_reads_chinese_markdown_cv() -> None:
    doc = parse_document((FIXTURES / "zh_cv.md").read_text(encoding="utf-8"), "zh_cv.md")
    first = doc.jobs[0]
    assert first.company and first.company.text == "上海星河数字科技有限公司"
    assert first.aliases == ("Xinghe Digital",)
    assert [e.degree.level for e in doc.education if e.degree] == ["master", "bachelor"]
    assert "推荐系统" in [s.span.text for s in doc.skills]


@pytest.mark.parametrize(("line", "degree", "level", "school"), [
    ("- B.Sc. in Mathematics, Boston University, 2010 – 2014", "B.Sc.", "bachelor",
     "Boston University"),
    ("- BSN in Nursing, University of California, Berkeley, 2013 – 2017", "BSN", "bachelor",
     "University of California, Berkeley"),
    ("- **UC Berkeley** — BSN, Nursing, 2017", "BSN", "bachelor", "UC Berkeley"),
    ("- 2009 - 2013  复旦大学  计算机科学与技术  本科（学士）", "本科（学士）", "bachelor",
     "复旦大学"),
    ("- MBA（工商管理硕士） | 2013 - 2015", "MBA（工商管理硕士）", "mba", None),
    ("- **Purdue University** — Ph.D., Mathematics, 2016", "Ph.D.", "doctorate",
     "Purdue University"),
])
def test_parse_education_finds_degree_and_school(line: str, degree: str, level: str,
                                                 school: str | None) -> None:
    item = parse_education(line, 1)
    assert item.degree and (item.degree.span.text, item.degree.level) == (degree, level)
    assert (item.school.text if item.school else None) == school


def test_parse_skills_splits_items_and_marks_hedged_lists() -> None:
    core = parse_skills("**Tools:** Go · PostgreSQL · CI/CD", 4)
    hedged = parse_skills("**了解：** 知识图谱、大模型", 5)
    assert [(s.span.text, s.hedged) for s in core] == [("Go", False), ("PostgreSQL", False),
                                                        ("CI/CD", False)]
    assert [(s.span.text, s.hedged) for s in hedged] == [("知识图谱", True), ("大模型", True)]


@pytest.mark.parametrize(("line", "years", "approx"), [
    ("Engineer with 9+ years of experience", 9, "over"),
    ("with seven years of experience", 7, "exact"),
    ("12年以上信贷风控经验", 12, "over"), ("近十年研发经验", 10, "about"),
    ("8年多电商运营经验", 8, "over"),
])
def test_find_durations_reads_claims(line: str, years: int, approx: str) -> None:
    (found,) = find_durations(line, 1)
    assert (found.years, found.approx) == (years, approx)


def test_find_durations_ignores_dates() -> None:
    assert find_durations("2024年10月至今 负责2个项目", 1) == []


def test_certifications_listed_under_education_are_read_as_certifications() -> None:
    doc = parse_document("## Education & Certifications\n- BSc, University of York, 2014\n"
                         "- PMP (2020)\n", "cv.md")
    assert [e.school.text for e in doc.education if e.school] == ["University of York"]
    assert [c.text for c in doc.certifications] == ["PMP"]
