"""Every job/project layout and date style the resume may use reads back as supported."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from pse.cv.api import verify_resume
from pse.cv.policy import ResumePolicy

FIXTURES = Path(__file__).parents[1] / "fixtures" / "resumes"
CV = (FIXTURES / "en_cv.txt").read_text(encoding="utf-8")
JOBS = [("Harbourline Freight", "Logistics Operations Manager", (2021, 3), None,
         "- Cut dock-to-stock time from 36 hours to 14 hours"),
        ("Polder Fresh Foods N.V.", "Sr. Supply Chain Analyst", (2018, 6), (2021, 2),
         "- Lowered stock-outs by 27% with a new demand forecast")]
PROJECT = ("Cross-dock Pilot", "Harbourline Freight", (2022, 4), (2022, 11),
           "- 640 pallets a day at 99.2% scan accuracy")
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
STYLES = {
    "dot": lambda y, m: f"{y}.{m:02d}", "slash": lambda y, m: f"{m:02d}/{y}",
    "dash": lambda y, m: f"{y}-{m:02d}", "mon": lambda y, m: f"{MONTHS[m - 1]} {y}",
    "zh": lambda y, m: f"{y}年{m}月", "year": lambda y, m: f"{y}",
}


def _range(style: str, start: tuple[int, int], end: tuple[int, int] | None) -> str:
    fmt = STYLES[style]
    return f"{fmt(*start)} – {fmt(*end) if end else 'Present'}"


def _job(layout: str, company: str, title: str, dates: str) -> str:
    return {
        "pipe": f"### {company} | {title} | {dates}",
        "pipe2": f"### {company} | {title}\n**{dates}**",
        "bold": f"**{company}** — {title} ({dates})",
        "title_first": f"### {title}, {company}\n*{dates}*",
    }[layout]


def _project(layout: str, name: str, company: str, dates: str) -> str:
    return {
        "paren": f"### {name} ({company} | {dates})",
        "dot": f"### {name} · {dates}",
        "bold": f"**{name}** · {dates}",
        "nextline": f"### {name}\n**{dates} | {company}**",
    }[layout]


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize(("job_layout", "project_layout"), [
    ("pipe", "paren"), ("pipe2", "dot"), ("bold", "bold"), ("title_first", "nextline")])
def test_layouts_and_date_styles_read_back_as_supported(style: str, job_layout: str,
                                                        project_layout: str) -> None:
    parts = ["# Maya Lindqvist", "", "## Experience", ""]
    for company, title, start, end, bullet in JOBS:
        parts += [_job(job_layout, company, title, _range(style, start, end)), bullet, ""]
    name, company, start, end, bullet = PROJECT
    parts += ["## Projects", "", _project(project_layout, name, company,
                                          _range(style, start, end)), bullet]
    report = verify_resume("\n".join(parts), {"cv.txt": CV},
                           policy=ResumePolicy(today=date(2025, 6, 1)))
    assert report.unsupported == ()
    kinds = [f.kind for f in report.supported]
    assert kinds.count("date") == 3 and kinds.count("company") >= 2 and "project" in kinds


ZH_CV = (FIXTURES / "zh_cv.md").read_text(encoding="utf-8")
ZH_JOBS = [("星河数字", "算法专家", (2022, 4), None, "- 点击率提升18.5%"),
           ("杭州青禾网络科技有限公司", "高级算法工程师", (2018, 7), (2022, 3),
            "- 用户画像标签体系覆盖用户2.3亿")]


def _zh_range(style: str, start: tuple[int, int], end: tuple[int, int] | None) -> str:
    fmt = STYLES[style]
    return f"{fmt(*start)} ~ {fmt(*end) if end else '至今'}"


@pytest.mark.parametrize("style", ["dot", "dash", "zh"])
@pytest.mark.parametrize("job_layout", ["pipe", "pipe2", "bold"])
def test_chinese_layouts_read_back_as_supported(style: str, job_layout: str) -> None:
    parts = ["# 沈嘉怡", "", "## 工作经历", ""]
    for company, title, start, end, bullet in ZH_JOBS:
        dates = _zh_range(style, start, end)
        header = _job(job_layout, company, title, dates).replace(" — ", " | ")
        parts += [header.replace(f" ({dates})", f" | {dates}"), bullet, ""]
    parts += ["## 项目经历", "", f"### 实时推荐系统重构（星河数字 | "
                               f"{_zh_range(style, (2022, 9), (2023, 5))}）",
              "- P99延迟从120ms降至45ms"]
    report = verify_resume("\n".join(parts), {"cv.md": ZH_CV},
                           policy=ResumePolicy(today=date(2025, 6, 1)))
    assert report.unsupported == ()
    assert [f.kind for f in report.supported].count("date") == 3
