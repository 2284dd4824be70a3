"""The job ad's title stated as the candidate's in the resume's prose."""

from __future__ import annotations

from pse.cv.api import verify_resume
from pse.cv.claimed import jd_titles

CV = """# Charlotte Davies

## Personal Profile
Business intelligence analyst with six years in retail reporting.

## Employment History

### BI Analyst | Severn Home Stores plc | Sept 2020 – Present
- Rebuilt 40 weekly trading reports in Power BI
"""
JD = "# Senior BI Developer – Bristol (hybrid)\n\nWe are looking for a BI developer.\n"


def _titles(resume: str, *, cv: str = CV, jd: str = JD) -> list[str]:
    report = verify_resume(resume, {"cv.md": cv}, jd=jd)
    return [f.text for f in report.unsupported if f.kind == "title"]


def test_jd_titles_cut_the_location_and_mode() -> None:
    assert jd_titles(JD) == ("Senior BI Developer",)
    assert jd_titles("Data Engineer (Remote), Payments team\n") == ("Data Engineer",)
    assert jd_titles("高级数据工程师 - 上海\n") == ("高级数据工程师",)
    assert jd_titles("We build logistics software.\n") == ()


def test_claimed_titles_flag_the_job_ads_title_in_the_summary() -> None:
    resume = CV.replace("## Personal Profile\n",
                        "## Personal Profile\nSenior BI Developer – Bristol (hybrid)\n")
    assert _titles(resume) == ["Senior BI Developer"]


def test_claimed_titles_accept_an_aim_and_a_title_the_cv_holds() -> None:
    aim = CV.replace("## Personal Profile\n",
                     "## Personal Profile\nSeeking a Senior BI Developer role.\n")
    assert _titles(aim) == []
    held = CV.replace("### BI Analyst |", "### Senior BI Developer |")
    assert _titles(held.replace("## Personal Profile\n",
                                "## Personal Profile\nSenior BI Developer.\n"), cv=held) == []


def test_claimed_titles_read_chinese() -> None:
    cv = ("# 李雷\n\n## 工作经历\n\n"
          "### 数据工程师 | 某某科技有限公司 | 2019.03 – 至今\n- 搭建数据仓库\n")
    jd = "高级数据工程师 - 上海\n\n负责数据平台。\n"
    resume = cv.replace("## 工作经历", "## 个人简介\n高级数据工程师，五年经验。\n\n## 工作经历")
    assert _titles(resume, cv=cv, jd=jd) == ["高级数据工程师"]
    aim = cv.replace("## 工作经历", "## 个人简介\n求职意向：高级数据工程师。\n\n## 工作经历")
    assert _titles(aim, cv=cv, jd=jd) == []
    section = cv.replace("## 工作经历", "## 求职意向\n高级数据工程师（上海）\n\n## 工作经历")
    assert _titles(section, cv=cv, jd=jd) == []


def test_a_title_the_cv_only_aims_at_is_not_held() -> None:
    # "——" (a Chinese dash pair) ends the role in the ad's title line
    assert jd_titles("# 用户运营经理 —— 上海鲜丰生鲜电商\n") == ("用户运营经理",)
    cv = ("# 林晓彤\n求职意向：用户运营经理 · 上海\n\n## 工作经历\n\n"
          "### 知味科技有限公司 | 用户运营主管 | 2020.06 - 至今\n- 搭建会员积分体系\n")
    jd = "# 用户运营经理 —— 上海鲜丰生鲜电商\n\n## 岗位职责\n- 负责会员体系的搭建\n"
    held = cv.replace("- 搭建会员积分体系\n", "- 搭建会员积分体系\n\n## 个人简介\n"
                      "用户运营经理，知味科技有限公司，2020年6月至今。\n")
    assert _titles(held, cv=cv, jd=jd) == ["用户运营经理"]
    assert _titles(cv, cv=cv, jd=jd) == []  # the aim line itself stays an aim
