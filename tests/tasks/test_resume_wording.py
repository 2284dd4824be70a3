"""Requirements matched to CV lines in other words: stems, synonyms as data, kinds one way,
partial support said as partial, and what is not supported stays a gap."""

from __future__ import annotations

from pse.tasks.resume.checks import placeholders
from pse.tasks.resume.matchreport import match_markdown
from pse.tasks.resume.requirements import match_job
from pse.tasks.resume.roles import rank_roles
from pse.tasks.resume.tailor import cv_profile, missing_from_top, summary_sentence, tailor
from pse.tasks.resume.wording import shown_words, stem, support, unshown

UK_CV = """# Alex Example
Leeds · alex@example.test

## Profile
Reporting analyst.

## Employment History

### BI Analyst | Example Stores plc | 2020 – Present
- Rebuilt 40 weekly trading reports in Power BI
- Trained 25 store managers to read the margin dashboard

## Key Skills
Power BI, DAX
"""


def test_stems_join_the_forms_of_a_word() -> None:
    assert stem("trained") == stem("training") == stem("trains") == stem("train")
    assert stem("optimisation") == stem("optimise")
    assert stem("services") == stem("service")
    assert stem("planned") == stem("plan") and stem("managed") == stem("management")


def test_synonyms_and_stems_show_a_requirement_in_other_words() -> None:
    assert support("Guide junior engineers", "Mentored 3 junior engineers on code review") == 1
    assert support("带领运营团队", "管理3人运营小组") == 1
    # a word of another meaning is not taken for it
    assert support("Guide junior engineers", "Senior engineer, led the migration") < 0.5


def test_a_general_need_is_met_by_one_of_its_kind_never_the_reverse() -> None:
    cv = "## Experience\n### QA | Acme | 2019 – 2024\n- Set up nightly test runs in Jenkins\n"
    ci = match_job("- Integrate the suites into the CI pipeline\n", cv).requirements[0]
    assert ci.coverage == "covered" and ci.found == ("CI",)
    cv2 = "## Experience\n### QA | Acme | 2019 – 2024\n- Ran CI pipelines on GitHub Actions\n"
    jenkins = match_job("- Maintain our Jenkins servers\n", cv2).requirements[0]
    assert jenkins.coverage == "gap" and jenkins.missing == ("Jenkins",)
    # the summary names the CV's tool, not the job's word for its kind
    assert summary_sentence([ci], lang="en") == "Relevant skills for this role: Jenkins."


def test_partial_support_is_stated_as_partial_with_what_the_cv_lacks() -> None:
    match = match_job("- Train business users to self-serve from dashboards\n", UK_CV)
    train = match.requirements[0]
    assert train.coverage == "partial"
    assert train.evidence[0] == "Trained 25 store managers to read the margin dashboard"
    assert "self-serve" in train.unshown and "dashboards" not in train.unshown
    report = match_markdown(match, [], target="BI Developer")
    assert "(partly covered)" in report and "the CV does not say: " in report
    # it reaches the top in the CV's words, quoted, since no run of words is shared
    resume = tailor(UK_CV, match, lang="en", title="Summary")
    assert ("Relevant experience: Trained 25 store managers to read the margin dashboard."
            in resume.split("## Profile\n")[1].split("\n## ")[0])
    assert missing_from_top(resume, match) == []


def test_what_the_cv_does_not_support_stays_a_gap() -> None:
    cv = ("## Experience\n### Senior Data Engineer | Northwind | 2019 – 2024\n"
          "- Built Spark pipelines for 40 million events a day\n")
    for requirement in ("Mentor junior engineers", "Manage agencies and the marketing budget",
                        "Report and track defects through to closure"):
        assert match_job(f"- {requirement}\n", cv).requirements[0].coverage == "gap"
    zh = "## 工作经历\n### 云帆科技 | 高级数据工程师 | 2021.03 - 至今\n- 搭建基于Flink的实时数仓\n"
    assert match_job("- 指导初级工程师\n", zh).requirements[0].coverage == "gap"
    # "工程师" in a job title is one word shown, not three characters
    assert shown_words("指导初级工程师", "高级数据工程师") == 1


def test_a_job_heading_supports_years_of_a_role_not_a_task() -> None:
    cv = ("## Experience\n### Saffron Digital Agency | Marketing Specialist | 2016 – 2024\n"
          "- Wrote weekly newsletters\n")
    assert match_job("- Manage agencies and marketing\n", cv).requirements[0].coverage == "gap"
    years = match_job("- 5+ years in marketing\n", cv).requirements[0]
    assert years.coverage == "covered"


def test_unshown_reads_chinese_leftovers_as_runs() -> None:
    assert unshown("通过数据分析用户行为", "用SQL分析用户留存") == ("数据", "行为")


def test_a_summary_left_without_prose_opens_with_the_cvs_profile() -> None:
    match = match_job("- Strong Power BI\n", UK_CV)
    resume = "## Summary\n\n## Experience\n### BI Analyst | Example Stores plc | 2020 – Present\n"
    out = tailor(resume, match, lang="en", title="Summary",
                 profile=cv_profile(UK_CV, lang="en"))
    assert out.startswith("## Summary\nReporting analyst.\nRelevant skills for this role: "
                          "Power BI.")
    # a summary the model wrote stays as it is; a profile in another language is not used
    kept = tailor("## Summary\nBI analyst.\n", match, lang="en", title="Summary",
                  profile="Reporting analyst.")
    assert "Reporting analyst." not in kept
    assert cv_profile("## 个人简介\n7年数据开发经验。\n", lang="en") == ""
    # a summary holding only the sentences tailoring wrote (the model's was stripped)
    only = tailor("## Summary\nRelevant skills for this role: Power BI.\n", match, lang="en",
                  title="Summary", profile="Reporting analyst.")
    assert only.startswith("## Summary\nReporting analyst.\nRelevant skills")


def test_one_shared_word_does_not_cover_a_two_word_requirement() -> None:
    cv = ("## Experience\n### Nurse Manager | Harbor Health | 2018 – 2024\n"
          "- Supervised 41 nurses across day and night shifts\n\n"
          "## Skills\nBudget Management, Patient Safety\n")
    for requirement in ("Lead a marketing team", "6+ years of experience in product management"):
        assert match_job(f"- {requirement}\n", cv).requirements[0].coverage == "gap"


def test_roles_beyond_data_work_are_proposed_with_cv_evidence() -> None:
    qa = ("## Experience\n### QA Engineer | Kestrel | 2019 – 2024\n"
          "- Automated 600 regression test cases with Selenium WebDriver\n"
          "- Wrote REST API tests in Postman\n- Set up nightly test runs in Jenkins\n")
    fits = rank_roles(qa)
    assert fits[0].name == "QA Automation Engineer" and len(fits) >= 3
    assert "Cypress" in fits[0].lacks
    ops = ("## 工作经历\n### 知味科技 | 用户运营主管 | 2020.06 - 至今\n"
           "- 搭建会员积分体系，付费会员从2万增长到9万\n- 策划社群拉新活动，单月新增用户15万\n")
    assert rank_roles(ops)[0].zh == "用户运营经理"


def test_the_prompts_own_slots_left_in_the_resume_are_placeholders() -> None:
    # the Indian CV's "Academic Qualifications" run ended with the template's education line
    found = placeholders("## Education\n- <degree, school, as in the CV>\n", path="r.md")
    assert [f.text for f in found] == ["<degree, school, as in the CV>"]
    assert placeholders("- B.E. (Information Technology), University of Pune\n",
                        path="r.md") == []
