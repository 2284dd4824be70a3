"""Tools credited to work the CV does not credit them to, and sentences said twice."""

from __future__ import annotations

from pse.cv.api import verify_resume

CV_EN = """# Sam Carter

## Summary
Data analyst with five years in retail.

## Experience

### Data Analyst | Northwind Retail | 2020 – Present
- Analysed customer churn with SQL and Python, cutting churn by 8%
- Built weekly sales dashboards in Tableau
- Tech: Airflow, dbt

### Analyst | Contoso Bank | 2017 – 2020
- Automated loan reports for the credit team
- Forecast branch demand in Excel

## Skills
SQL, Python, Tableau, Excel, Airflow, dbt, Power BI
"""

CV_ZH = """# 林晓彤

## 工作经历

### 上海知味 | 用户运营主管 | 2020.06 - 至今
- 策划社群拉新活动，单月新增用户15万
- 用SQL和Excel分析用户留存，7日留存率提升12%

## 项目经历

### 老用户召回计划 | 2022.03 - 2022.08
- 用短信与企业微信分层触达沉睡用户，召回率18%

## 专业技能
SQL、Excel、神策分析、企业微信、Photoshop
"""


def _flags(resume: str, cv: str, kind: str) -> list[str]:
    report = verify_resume(resume, {"cv.md": cv})
    return [f.text for f in report.unsupported if f.kind == kind]


def _with_summary(cv: str, sentence: str, heading: str = "## Summary") -> str:
    head, _, rest = cv.partition("\n\n")
    return f"{head}\n\n{heading}\n{sentence}\n\n{rest.split(chr(10), 2)[2]}" \
        if rest.startswith(heading) else f"{head}\n\n{heading}\n{sentence}\n\n{rest}"


def test_a_tool_credited_in_the_same_bullet_passes() -> None:
    resume = _with_summary(CV_EN, "I used SQL and Python to analyse customer churn.")
    assert _flags(resume, CV_EN, "tool-use") == []


def test_a_tool_credited_in_the_same_job_passes() -> None:
    # the job lists Airflow on its own "Tech:" line: it is this job's tool
    resume = _with_summary(CV_EN, "Built weekly sales dashboards with Tableau and Airflow.")
    assert _flags(resume, CV_EN, "tool-use") == []


def test_a_tool_from_the_skills_line_bound_to_an_activity_is_flagged() -> None:
    resume = _with_summary(CV_EN, "I used SQL, Python and Power BI to analyse customer churn.")
    flagged = _flags(resume, CV_EN, "tool-use")
    assert len(flagged) == 1
    assert "Power BI" in verify_resume(resume, {"cv.md": CV_EN}).unsupported[0].reason


def test_a_tool_of_another_job_is_flagged() -> None:
    resume = _with_summary(CV_EN, "Automated loan reports for the credit team using Tableau.")
    assert len(_flags(resume, CV_EN, "tool-use")) == 1


def test_a_skills_list_without_an_activity_is_no_binding() -> None:
    for sentence in ("Skilled in SQL, Python, Power BI and Excel.",
                     "Proficient with Power BI, Tableau and dbt.",
                     "Analyst with five years of experience in Power BI and dbt.",
                     "Moved loan reports onto Power BI for the credit team."):
        assert _flags(_with_summary(CV_EN, sentence), CV_EN, "tool-use") == []


def test_chinese_tools_bound_to_retention_analysis_are_flagged() -> None:
    sentence = "我使用SQL、Excel、神策分析、企业微信、Photoshop等技术来分析用户留存。"
    resume = _with_summary(CV_ZH, sentence, "## 个人简介")
    report = verify_resume(resume, {"cv.md": CV_ZH})
    found = [f for f in report.unsupported if f.kind == "tool-use"]
    assert len(found) == 1
    for tool in ("神策分析", "企业微信", "Photoshop"):
        assert tool in found[0].reason
    assert "SQL" not in found[0].reason.split("credits")[0]


def test_a_tool_list_in_any_separator_is_one_list() -> None:
    """A small model's fix wrote the list with bars ("使用SQL | Excel |神策分析"): every
    item after the use word is bound, whatever separates them."""
    for sentence in ("我使用SQL | Excel |神策分析 | Photoshop等技术来分析用户留存。",
                     "我使用SQL｜Excel／Photoshop分析用户留存。"):
        resume = _with_summary(CV_ZH, sentence, "## 个人简介")
        assert len(_flags(resume, CV_ZH, "tool-use")) == 1, sentence
    resume = _with_summary(CV_EN, "I used SQL | Python | Power BI to analyse customer churn.")
    assert len(_flags(resume, CV_EN, "tool-use")) == 1


def test_chinese_true_bindings_pass() -> None:
    for sentence in ("我使用SQL和Excel分析用户留存。", "通过企业微信分层触达沉睡用户，召回率18%。",
                     "熟练掌握SQL、Excel、神策分析。", "熟练使用SQL、神策分析进行数据分析。"):
        resume = _with_summary(CV_ZH, sentence, "## 个人简介")
        assert _flags(resume, CV_ZH, "tool-use") == [], sentence


def test_a_sentence_said_twice_in_prose_is_flagged_once() -> None:
    sentence = "Data analyst who turns customer data into retention gains."
    resume = _with_summary(CV_EN, f"{sentence} {sentence}")
    assert _flags(resume, CV_EN, "repetition") == [sentence]
    zh = "擅长从用户分层出发设计运营活动，提升用户留存。"
    resume = _with_summary(CV_ZH, zh, "## 个人简介") + f"\n## 个人评价\n数据敏感。{zh}\n"
    assert _flags(resume, CV_ZH, "repetition") == [zh]


def test_a_summary_restating_a_bullet_or_a_contact_line_is_no_repetition() -> None:
    resume = _with_summary(CV_EN, "Built weekly sales dashboards in Tableau.")
    assert _flags(resume, CV_EN, "repetition") == []
    contact = "Data Analyst · Leeds · sam.carter@mail.test · +44 7700 900123"
    resume = _with_summary(CV_EN, contact) + f"\n## Contact\n{contact}\n"
    assert _flags(resume, CV_EN, "repetition") == []


def test_a_tool_the_cv_never_names_in_a_list_of_used_tools_is_a_skill_flag() -> None:
    resume = _with_summary(CV_EN, "I used SQL and Kubernetes to analyse customer churn.")
    report = verify_resume(resume, {"cv.md": CV_EN}, jd="# Analyst\nKubernetes, SQL.\n")
    assert [(f.kind, f.text) for f in report.unsupported] == [("skill", "Kubernetes")]
    assert "job description" in report.unsupported[0].reason
    zh = _with_summary(CV_ZH, "我使用SQL和Tableau分析用户留存。", "## 个人简介")
    assert _flags(zh, CV_ZH, "skill") == ["Tableau"]


def test_capitalised_words_outside_a_tool_list_are_no_tools() -> None:
    for sentence in ("Analysed customer churn with SQL for the Northwind board.",
                     "Worked with Finance and SQL analysts on churn."):
        assert _flags(_with_summary(CV_EN, sentence), CV_EN, "skill") == [], sentence
