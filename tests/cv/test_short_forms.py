"""General rules for honest rewording the checker used to flag, and their limits.

Projects listed inside job entries, school short forms and campus suffixes, dotted degree
spellings, certification acronyms across languages, skill abbreviations. Each rule is
tested both ways: the honest form passes, a changed fact is still flagged.
"""

from __future__ import annotations

import pytest

from pse.cv.api import verify_resume
from pse.cv.extract import parse_document

CV = """# A B
## Experience
### Acme Analytics Inc. | Senior Data Scientist | Jan 2019 – Present
- Led the churn program, cutting churn by 12%
- Project: Churn Radar (Mar 2020 – Dec 2020)
- Built churn scores for 2 million subscribers
- Reduced reporting costs from 2019 to 2021 by 30%
**Project: Demand Forecast Engine** | Jan 2021 – Jun 2021
- Cut forecast error by 18%

### Beta Corp | Data Analyst | Jun 2015 – Dec 2018
- Built dashboards for 40 stores
- **Store Pulse Dashboard** (2016.03 - 2016.09): weekly store metrics

## Education
- MBA, Pennsylvania State University, 2014
- B.S. in Economics, University of Michigan, 2010
- M.S. in Statistics, University of California, Berkeley, 2012

## Certifications
- Project Management Professional (PMP)
- APICS Certified in Planning and Inventory Management (CPIM)
- CFA Level II
- AWS Certified Solutions Architect – Associate

## Skills
JavaScript, TypeScript, Machine Learning, PostgreSQL, Java
"""

ZH_CV = """张三
【工作经历】
2019.01 ~ 至今  杭州云帆科技有限公司  高级数据工程师
· 搭建实时数仓，日处理事件3000万条
· 项目：智能推荐系统（2020.03 - 2020.12）
项目经历：用户画像平台  2021.01 ~ 2021.06
· 输出500个标签
【教育背景】
2012.09 - 2015.06  复旦大学  金融学  硕士研究生
2008.09 - 2012.06  浙江工业大学  经济学  本科
【证书】
PMP项目管理专业人士资格认证
CFA二级
"""


def _flags(resume: str, cv: str = CV) -> list[tuple[str, str]]:
    return [(f.kind, f.text) for f in verify_resume(resume, {"cv.md": cv}).unsupported]


def test_projects_inside_job_entries_are_the_cv_projects() -> None:
    doc = parse_document(CV, "cv.md")
    assert [(p.name.text, p.company.text) for p in doc.projects if p.name and p.company] == [
        ("Churn Radar", "Acme Analytics Inc."), ("Demand Forecast Engine", "Acme Analytics Inc."),
        ("Store Pulse Dashboard", "Beta Corp")]
    assert [j.company.text for j in doc.jobs if j.company] == ["Acme Analytics Inc.", "Beta Corp"]
    resume = ("## Projects\n### Churn Radar | Mar 2020 – Dec 2020\n"
              "- Built churn scores for 2 million subscribers\n"
              "### Demand Forecast Engine (Acme Analytics | Jan 2021 – Jun 2021)\n"
              "### Store Pulse Dashboard | 2016.03 - 2016.09\n")
    assert _flags(resume) == []


def test_projects_inside_jobs_keep_their_dates_and_names_checked() -> None:
    resume = ("## Projects\n### Churn Radar | Mar 2020 – Dec 2021\n"
              "### Reduced Reporting Costs | 2019 – 2021\n")
    assert _flags(resume) == [("date", "Mar 2020 – Dec 2021"),
                              ("project", "Reduced Reporting Costs"), ("date", "2019 – 2021")]


def test_chinese_projects_inside_job_entries() -> None:
    resume = ("## 项目经历\n### 智能推荐系统 | 2020.03 - 2020.12\n"
              "### 用户画像平台 | 2021.01 - 2021.06\n- 输出500个标签\n")
    assert _flags(resume, ZH_CV) == []
    assert _flags("## 项目经历\n### 智能推荐系统 | 2019.03 - 2020.12\n", ZH_CV) == [
        ("date", "2019.03 - 2020.12")]


@pytest.mark.parametrize("line", [
    "- M.B.A., Penn State, 2014", "- MBA, Penn State University", "- MBA, Penn State Univ.",
    "- B.S. in Economics, University of Michigan – Ann Arbor", "- BS, UMich",
    "- M.S., UC Berkeley",
])
def test_school_short_forms_and_campus_suffixes(line: str) -> None:
    assert _flags(f"## Education\n{line}\n") == []


@pytest.mark.parametrize(("line", "flag"), [
    ("- M.S., University of California, Davis", "University of California, Davis"),
    ("- MBA, Portland State University", "Portland State University"),
    ("- Ph.D., University of Michigan", "Ph.D."),
])
def test_other_schools_and_degrees_are_still_flagged(line: str, flag: str) -> None:
    assert [text for _, text in _flags(f"## Education\n{line}\n")] == [flag]


def test_chinese_school_short_forms_and_degree_spellings() -> None:
    assert _flags("## 教育背景\n- 复旦大学 金融学 硕士研究生\n- 浙江工大 经济学 学士\n"
                  "- 复旦 硕士\n", ZH_CV) == []
    assert _flags("## 教育背景\n- 浙江大学 经济学 本科\n", ZH_CV) == [("school", "浙江大学")]
    assert _flags("## Education\n- Master of Finance, Fudan University\n", ZH_CV) == []


@pytest.mark.parametrize("line", [
    "PMP", "PMP®", "PMP Certification", "CPIM", "APICS CPIM", "ASCM CPIM certification",
    "项目管理专业人士（PMP）", "CPIM认证", "CFA Level II", "CFA二级",
])
def test_certification_variants_and_translations(line: str) -> None:
    assert _flags(f"## Certifications\n- {line}\n") == []


@pytest.mark.parametrize("line", [
    "CFA Level III", "CFA三级", "AWS Certified Solutions Architect – Professional", "CSCP",
])
def test_changed_certifications_are_still_flagged(line: str) -> None:
    assert [kind for kind, _ in _flags(f"## Certifications\n- {line}\n")] == ["certification"]


def test_cross_lingual_certificate_names() -> None:
    resume = "## Certifications\n- Project Management Professional (PMP)\n- CFA Level II\n"
    assert _flags(resume, ZH_CV) == []
    assert _flags("## Certifications\n- CFA Level III\n", ZH_CV) == [
        ("certification", "CFA Level III")]


def test_skill_abbreviations() -> None:
    assert _flags("## Skills\nJS, TS, ML, Postgres\n") == []
    cv = CV.replace("JavaScript, TypeScript, ", "")
    assert _flags("## Skills\nJS, TS\n", cv) == [("skill", "JS"), ("skill", "TS")]


@pytest.mark.parametrize(("source", "claim"), [
    ("J.P. Morgan Chase & Co.", "JPMorgan Chase"), ("JPMorgan Chase & Co.", "J.P. Morgan"),
    ("Procter & Gamble", "P&G"), ("Ernst & Young LLP", "EY"),
    ("PricewaterhouseCoopers LLP", "PwC"), ("Bank of America", "BofA"),
])
def test_employer_short_forms(source: str, claim: str) -> None:
    cv = f"## Experience\n### {source} | Analyst | Jan 2019 – Dec 2020\n- x\n"
    resume = f"## Experience\n### {claim} | Analyst | Jan 2019 – Dec 2020\n- x\n"
    assert _flags(resume, cv) == []


@pytest.mark.parametrize("claim", ["JPMorgan Stanley", "P&H", "EYX", "Walmart Global Tech"])
def test_other_employers_are_still_flagged(claim: str) -> None:
    cv = "## Experience\n### JPMorgan Chase & Co. | Analyst | Jan 2019 – Dec 2020\n- x\n"
    resume = f"## Experience\n### {claim} | Analyst | Jan 2018 – Dec 2020\n- x\n"
    assert ("company", claim) in _flags(resume, cv)


def test_entries_without_an_experience_heading_are_still_checked() -> None:
    resume = ("## Summary\nAnalyst.\n\n### Beta Corp | Data Analyst | Jun 2015 – Dec 2018\n"
              "- Built dashboards for 90 stores\n\n### Churn Radar (Mar 2020 – Dec 2020)\n"
              "- Built churn scores for 2 million subscribers\n")
    doc = parse_document(resume, "resume.md")
    assert [j.company.text for j in doc.jobs if j.company] == ["Beta Corp"]
    assert [p.name.text for p in doc.projects if p.name] == ["Churn Radar"]
    assert _flags(resume) == [("metric", "90")]


def test_project_label_variants_inside_jobs() -> None:
    cv = ("## Experience\n### Acme Analytics Inc. | Senior Data Scientist | Jan 2019 – Present\n"
          "- Project 1: Churn Radar (Mar 2020 – Dec 2020)\n"
          "- Project — Demand Engine, Jan 2021 – Jun 2021\n"
          "- Project managed the rollout of 3 tools in 2020\n"
          "## 工作经历\n### 杭州云帆科技有限公司 | 高级数据工程师 | 2019.01 - 至今\n"
          "- 项目一：智能推荐系统（2020.03-2020.12）\n"
          "- 项目名称：用户画像平台  项目时间：2021.01 - 2021.06\n")
    doc = parse_document(cv, "cv.md")
    assert [p.name.text for p in doc.projects if p.name] == [
        "Churn Radar", "Demand Engine", "智能推荐系统", "用户画像平台"]


def test_dated_awards_are_not_entries() -> None:
    resume = "## Awards\n### Employee of the Year (2019)\n- Chosen among 300 staff\n"
    doc = parse_document(resume, "resume.md")
    assert doc.jobs == () and doc.projects == ()
