"""Name matching: accepted rewording and rejected inflation, in both languages."""

from __future__ import annotations

import pytest

from pse.cv.glossary import load_glossary
from pse.cv.names import (
    cert_matches,
    company_matches,
    project_matches,
    school_matches,
    skill_matches,
    title_matches,
)

GLOSSARY = load_glossary()


@pytest.mark.parametrize(("claim", "source", "ok"), [
    ("Silverline Bank", "Silverline Bank N.A.", True),
    ("Helix Biotech", "Helix Biotech Corp.", True),
    ("Johnson and Johnson", "Johnson & Johnson", True),
    ("云帆科技", "杭州云帆科技有限公司", True),
    ("腾讯", "腾讯科技（深圳）有限公司", True),
    ("Silverline Capital", "Silverline Bank N.A.", False),
    ("北京天穹数据科技有限公司", "北京数智云图科技有限公司", False),
    ("Health System", "Harborview Health System", False),
])
def test_company_matches(claim: str, source: str, ok: bool) -> None:
    assert company_matches(claim, source, glossary=GLOSSARY) is ok


def test_company_matches_aliases_the_cv_gives() -> None:
    assert company_matches("Alibaba Group", "阿里巴巴集团", aliases=("Alibaba Group",),
                           glossary=GLOSSARY)


@pytest.mark.parametrize(("claim", "source", "ok"), [
    ("Sr. Software Engineer", "Senior Software Engineer", True),
    ("Vice President of Patient Care", "VP of Patient Care", True),
    ("Data Scientist", "Senior Data Scientist", True),
    ("Head of Data Science", "Data Scientist", False),
    ("Manager", "Assistant Manager", False),
    ("开发工程师", "高级Java开发工程师", True),
    ("技术总监", "技术经理", False),
    ("Head of Risk", "风控总监", True),
    ("E-commerce Operations Specialist", "电商运营", True),
    ("Chief Risk Officer", "高级风控经理", False),
])
def test_title_matches(claim: str, source: str, ok: bool) -> None:
    assert title_matches(claim, source, glossary=GLOSSARY) is ok


@pytest.mark.parametrize(("claim", "source", "external", "ok"), [
    ("UC Berkeley", "University of California, Berkeley", True, True),
    ("UT Austin", "University of Texas at Austin", True, True),
    ("UT Austin", "University of Texas at Austin", False, False),
    ("Sun Yat-sen University", "中山大学", True, True),
    ("Peking University", "上海交通大学", True, False),
    ("Columbia University", "McGill University", True, False),
    ("香港大学", "电子科技大学", True, False),
])
def test_school_matches(claim: str, source: str, external: bool, ok: bool) -> None:
    assert school_matches(claim, source, glossary=GLOSSARY, external=external) is ok


@pytest.mark.parametrize(("claim", "source", "ok"), [
    ("BLS", "Basic Life Support (BLS)", True),
    ("AWS Solutions Architect Associate", "AWS Certified Solutions Architect – Associate", True),
    ("AWS Certified Solutions Architect – Professional",
     "AWS Certified Solutions Architect – Associate", False),
    ("Certified Scrum Product Owner (CSPO)", "CSPO", True),
    ("CFA Level II", "CFA二级", True), ("CFA Level III", "CFA二级", False),
    ("CKA认证", "阿里云ACP认证", False),
])
def test_cert_matches(claim: str, source: str, ok: bool) -> None:
    assert cert_matches(claim, source, glossary=GLOSSARY) is ok


@pytest.mark.parametrize(("claim", "source", "ok"), [
    ("Checkout Redesign", "Mobile Checkout Redesign", True),
    ("Smart Collections System", "智能催收系统", True),
    ("Campus Hiring Program", "Stay Interview Program", False),
    ("IFRS 9 Expected Credit Loss Model", "实时反欺诈平台", False),
])
def test_project_matches(claim: str, source: str, ok: bool) -> None:
    assert project_matches(claim, source, glossary=GLOSSARY) is ok


@pytest.mark.parametrize(("claim", "ok"), [
    ("Apache Kafka", True), ("K8s", True), ("Comp & Ben", True), ("Employment Law", True),
    ("sklearn", True), ("JavaScript", False), ("COBOL", False), ("Basel Accords", True),
])
def test_skill_matches(claim: str, ok: bool) -> None:
    listed = ["Kafka", "Kubernetes", "Compensation & Benefits", "Labor Law", "scikit-learn",
              "Node.js", "巴塞尔协议"]
    assert skill_matches(claim, listed, text="\n".join(listed), glossary=GLOSSARY) is ok


@pytest.mark.parametrize(("claim", "ok"), [
    ("Python/SQL", True), ("Python 3", True), ("Amazon Web Services (AWS)", True),
    ("Python/Rust", False),
])
def test_skill_matches_splits_combined_and_versioned_names(claim: str, ok: bool) -> None:
    listed = ["Python", "SQL", "AWS"]
    assert skill_matches(claim, listed, text="Python, SQL, AWS", glossary=GLOSSARY) is ok


def test_title_matches_truncated_abbreviations() -> None:
    assert title_matches("Eng. Manager", "Engineering Manager", glossary=GLOSSARY)
    assert title_matches("Sr. Dir. of Marketing", "Senior Director of Marketing",
                         glossary=GLOSSARY)
