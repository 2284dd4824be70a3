"""The deterministic tailoring: requirements matched to CV lines, order, coverage, roles."""

from __future__ import annotations

from pathlib import Path

from pse.tasks.resume.matchreport import match_json, match_markdown
from pse.tasks.resume.requirements import match_job, requirement_lines, requirement_terms
from pse.tasks.resume.roles import rank_roles, role_requirements
from pse.tasks.resume.tailor import (
    add_to_summary,
    changes,
    is_unchanged,
    missing_from_top,
    order_bullets,
    order_skills,
    shared_phrase,
    summary_sentence,
    tailor,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "resume"
CV = (EXAMPLES / "cv.en.md").read_text(encoding="utf-8")
JD = (EXAMPLES / "jd.en.md").read_text(encoding="utf-8")
ZH_CV = (EXAMPLES / "cv.zh.md").read_text(encoding="utf-8")
ZH_JD = (EXAMPLES / "jd.zh.md").read_text(encoding="utf-8")


def test_requirements_are_the_jd_list_items_or_its_sentences() -> None:
    assert requirement_lines(JD)[0].startswith("Design and run streaming pipelines")
    assert requirement_lines("# Analyst\nYou write SQL daily. You present to clients.") == [
        "You write SQL daily.", "You present to clients."]


def test_requirement_terms_skip_the_capitalised_first_word_but_not_a_list() -> None:
    assert requirement_terms("Strong Python and SQL") == ("Python", "SQL")
    assert requirement_terms("Nice to have: Kubernetes, Terraform") == ("Kubernetes",
                                                                       "Terraform")
    assert requirement_terms("熟悉Kafka、Flink") == ("Kafka", "Flink")


def test_match_job_gives_evidence_and_gaps() -> None:
    match = match_job(JD, CV)
    by_text = {r.text: r for r in match.requirements}
    kafka = by_text["Experience with Kafka, Spark and Airflow"]
    assert kafka.coverage == "covered" and kafka.found == ("Kafka", "Spark", "Airflow")
    assert any("Kafka and Spark streaming pipeline" in e for e in kafka.evidence)
    quality = by_text["Build data quality checks and mentor engineers on the team"]
    assert quality.coverage == "covered" and quality.found == ()
    nice = by_text["Nice to have: Kubernetes, Terraform, machine learning for forecasting"]
    assert nice.coverage == "gap" and nice.missing == ("Kubernetes", "Terraform")
    assert nice.evidence == ()


def test_match_job_in_chinese() -> None:
    match = match_job(ZH_JD, ZH_CV)
    covered = {r.text for r in match.requirements if r.coverage == "covered"}
    assert "熟悉Kafka、Flink" in covered and "建设数据质量监控体系" in covered
    assert match.top_terms()[:3] == ("Flink", "Spark", "Hive")


def test_one_of_alternatives_covers_a_requirement() -> None:
    match = match_job("- Write code in Python, Java or Go", "## Skills\nPython, SQL\n")
    assert match.requirements[0].coverage == "covered" and match.requirements[0].missing == ()


def test_order_bullets_and_skills_puts_the_job_first_and_changes_no_fact() -> None:
    match = match_job(JD, CV)
    assert sorted(order_bullets(CV, match).splitlines()) == sorted(CV.splitlines())
    ordered = order_skills(order_bullets(CV, match), match)
    skills = sorted(ordered.split("## Skills\n")[1].split("\n")[0].split(", "))
    assert skills == sorted(CV.split("## Skills\n")[1].split("\n")[0].split(", "))
    assert "Apache Kafka, Apache Spark, Airflow, Snowflake, Python, SQL, PostgreSQL" in ordered
    bluefin = ordered.split("### Bluefin")[1].split("###")[0]
    assert bluefin.index("Airflow orchestration") < bluefin.index("data quality checks")
    # a labelled bullet keeps its place
    assert ordered.split("### Route Delay")[1].split("\n")[1].startswith("- Trained")
    assert order_bullets(ordered, match) == ordered  # stable


def test_missing_from_top_and_the_summary_sentence() -> None:
    match = match_job(JD, CV)
    missing = missing_from_top(CV, match)
    assert "Strong Python and SQL" in {r.text for r in missing}
    sentence = summary_sentence([r for r in missing if r.found], lang="en")
    assert sentence.startswith("Relevant skills for this role: ") and "Snowflake" in sentence
    fixed = add_to_summary(CV, sentence, title="Summary")
    assert fixed.split("## Summary\n")[1].split("\n")[1] == sentence
    assert not [r for r in missing_from_top(fixed, match) if r.found]
    assert summary_sentence([], lang="zh") == ""


def test_unchanged_resume_and_the_changes_made() -> None:
    match = match_job(JD, CV)
    assert is_unchanged(CV.upper().replace(" ", "  "), CV)
    assert not is_unchanged(CV.replace("Built a Kafka", "Designed a Kafka"), CV)
    # pse's own ordering and summary sentence are tailoring a reader sees
    assert not is_unchanged(order_bullets(CV, match), CV)
    tailored = order_skills(order_bullets(CV, match), match)
    done = changes(CV, tailored, match)
    assert "bullets ordered by relevance to the job" in done
    assert "skills line: the job's skills first" in done


def test_tailor_turns_a_copy_of_the_cv_into_a_resume_for_the_job() -> None:
    match = match_job(JD, CV)
    resume = tailor(CV, match, lang="en", title="Summary")
    assert not is_unchanged(resume, CV)
    summary = resume.split("## Summary\n")[1].split("\n## ")[0]
    for requirement in match.supported:
        for term in requirement.found:
            assert term in summary, term
    assert "Kubernetes" not in resume and "Terraform" not in resume  # the gap stays a gap
    added = [line for line in resume.splitlines() if line not in CV.splitlines()]
    skills = "Apache Kafka, Apache Spark, Airflow, Snowflake, Python, SQL, PostgreSQL, Docker, dbt"
    # one sentence and the reordered skills line, nothing else new
    assert added == [summary.strip().splitlines()[-1], skills]
    assert tailor(resume, match, lang="en", title="Summary") == resume  # stable


def test_tailor_leaves_a_summary_that_names_the_job_alone() -> None:
    match = match_job(JD, CV)
    named = ", ".join(t for r in match.supported for t in r.found)
    cv = CV.replace("Data engineer with 8 years", f"Data engineer ({named}) with 8 years")
    summary = tailor(cv, match, lang="en", title="Summary").split("## Summary\n")[1]
    assert "Relevant skills for this role" not in summary.split("\n## ")[0]


def test_tailor_in_chinese() -> None:
    match = match_job(ZH_JD, ZH_CV)
    resume = tailor(ZH_CV, match, lang="zh", title="个人简介")
    assert "与岗位相关的技能：" in resume.split("## 个人简介\n")[1].split("\n## ")[0]
    assert not is_unchanged(resume, ZH_CV)


def test_match_report_lists_every_requirement() -> None:
    match = match_job(JD, CV)
    text = match_markdown(match, ["bullets ordered by relevance to the job"],
                          target="Senior Data Engineer")
    for requirement in match.requirements:
        assert requirement.text in text
    data = match_json(match, [])
    assert data["gaps"] == 1 and data["covered"] + data["partial"] + data["gaps"] == 7


def test_rank_roles_gives_three_to_five_roles_with_evidence() -> None:
    for cv in (CV, ZH_CV):
        fits = rank_roles(cv)
        assert 3 <= len(fits) <= 5
        assert fits[0].name == "Data Engineer"
        assert all(f.evidence for f in fits)
        lines = {line.strip("- ").strip() for line in cv.splitlines()}
        assert all(e in lines for f in fits for e in f.evidence)  # nothing invented
    assert role_requirements("数据工程师").startswith("- Build batch and streaming")
    assert role_requirements("Astronaut") == ""


def test_shared_phrase_is_what_the_cv_line_says_of_the_requirement() -> None:
    assert shared_phrase("Build data quality checks and mentor engineers",
                         "Wrote data quality checks that reduced broken reports by 45%"
                         ) == "data quality checks"
    assert shared_phrase("建设数据质量监控体系",
                         "建设数据质量监控，报表错误率下降40%") == "建设数据质量监控"
    assert shared_phrase("Train business users", "Trained 25 store managers") == ""


def test_a_requirement_without_named_skills_reaches_the_summary_in_cv_words() -> None:
    match = match_job(ZH_JD, ZH_CV)
    resume = tailor(ZH_CV, match, lang="zh", title="个人简介")
    assert "建设数据质量监控" in resume.split("## 个人简介\n")[1].split("\n## ")[0]
    assert missing_from_top(resume, match) == []


def test_multi_word_tool_names_stay_one_term() -> None:
    assert requirement_terms("Design Power BI reports and DAX measures") == ("Power BI", "DAX")
    cv = ("## Personal Profile\nAnalyst.\n\n## Key Skills\nExcel, Power BI, SQL Server\n")
    match = match_job("- Strong Power BI and SQL\n- SQL Server queries\n", cv)
    assert match.requirements[0].found == ("Power BI", "SQL")
    summary = tailor(cv, match, lang="en", title="Summary").split("## Personal Profile\n")[1]
    # the CV's own profile section is the summary; SQL Server says what SQL would
    assert "Relevant skills for this role: Power BI, SQL Server." in summary
