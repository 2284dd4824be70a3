"""Header lines: which piece is the company, the title, the project name, the dates."""

from __future__ import annotations

import pytest

from pse.cv.entries import parse_header


@pytest.mark.parametrize(("lines", "company", "title", "dates"), [
    (["### Quantica Software, Inc. | Software Engineer | Mar 2016 – Aug 2019"],
     "Quantica Software, Inc.", "Software Engineer", "Mar 2016 – Aug 2019"),
    (["**Silverline Bank** — Sr. Software Engineer (Feb 2020 – Now)"],
     "Silverline Bank", "Sr. Software Engineer", "Feb 2020 – Now"),
    (["### Senior Data Scientist, Granite Peak Outfitters", "*03/2023 - Present*"],
     "Granite Peak Outfitters", "Senior Data Scientist", "03/2023 - Present"),
    (["2023.09 ~ 至今  重庆山城消费金融有限公司  风控总监"],
     "重庆山城消费金融有限公司", "风控总监", "2023.09 ~ 至今"),
    (["Data Analyst at Acme Analytics (2019 - 2021)"], "Acme Analytics", "Data Analyst",
     "2019 - 2021"),
])
def test_parse_header_reads_job_fields(lines: list[str], company: str, title: str,
                                       dates: str) -> None:
    header = parse_header("job", list(enumerate(lines, start=1)))
    assert header.company and header.company.text == company
    assert header.title and header.title.text == title
    assert header.dates and header.dates.span.text == dates


def test_parse_header_keeps_inline_parentheses_and_reads_aliases() -> None:
    line = "### 腾讯科技（深圳）有限公司（Tencent） | 技术经理 | 2020.08 - 2024.02"
    header = parse_header("job", [(1, line)])
    assert header.company and header.company.text == "腾讯科技（深圳）有限公司"
    assert header.aliases == ("Tencent",)


def test_parse_header_uses_known_names_when_given() -> None:
    header = parse_header("job", [(1, "### Microsoft | Sr. Engineer")],
                          is_company=lambda t: t == "Microsoft")
    assert header.company and header.company.text == "Microsoft"


@pytest.mark.parametrize(("lines", "name", "company", "dates"), [
    (["### Mobile Checkout (Brightpath | Apr 2020 – Sep 2020)"], "Mobile Checkout",
     "Brightpath", "Apr 2020 – Sep 2020"),
    (["### Fraud Scoring", "**Oct 2023 – Jun 2024 | Granite Peak**"], "Fraud Scoring",
     "Granite Peak", "Oct 2023 – Jun 2024"),
    (["S&OP流程建设（悦购电商 | 2024年10月 - 2025年3月）"], "S&OP流程建设", "悦购电商",
     "2024年10月 - 2025年3月"),
    (["**Treasury Cash Pooling**"], "Treasury Cash Pooling", None, None),
])
def test_parse_header_reads_project_fields(lines: list[str], name: str, company: str | None,
                                           dates: str | None) -> None:
    header = parse_header("project", list(enumerate(lines, start=1)))
    assert header.name and header.name.text == name
    assert (header.company.text if header.company else None) == company
    assert (header.dates.span.text if header.dates else None) == dates
