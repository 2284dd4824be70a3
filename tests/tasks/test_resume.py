"""The resume task on the pipeline with a scripted model: every branch of the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pse.cv.api import verify_resume
from pse.llm.fake import ScriptedLLM
from pse.pipeline.runner import RunInterrupted, resume_pipeline
from pse.tasks.resume.publish import publish
from resume_support import (
    APPROVED,
    BAD,
    CLEAN,
    EMAIL,
    INFLATED,
    NAME,
    NO_EDITS,
    PHONE,
    PLAN,
    artifact,
    copy_examples,
    records,
    report,
    run_resume,
)


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    return copy_examples(tmp_path / "examples")


def _body(text: str) -> str:
    """The resume without the contact header finalize adds (what the gate checked)."""
    return text[text.index("## "):]


def _prompts(llm: ScriptedLLM) -> str:
    return "\n".join(m.content for r in llm.requests for m in r.messages)


def test_resume_clean_draft_passes_in_one_round(examples: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED])
    final, task = run_resume(examples, llm, tmp_path / "run")
    assert final.status == "passed" and final.attempts == 0
    publish(task, final, tmp_path / "run", formats=())
    assert [r.info.stage for r in llm.requests] == ["planner", "specialist", "evaluator"]
    text = artifact(tmp_path / "run")
    assert text.startswith(f"# {NAME}\n") and EMAIL in text  # restored locally only
    # published as written, except the skills line: the job's skills first
    tailored = CLEAN.replace("Python, SQL, Apache Spark, Apache Kafka, Airflow, Snowflake",
                             "Apache Kafka, Apache Spark, Airflow, Snowflake, Python, SQL")
    assert _body(text).strip() == tailored.strip()
    match = (tmp_path / "run" / "match.md").read_text(encoding="utf-8")
    assert "- **Experience with Kafka, Spark and Airflow** (covered)" in match
    assert "Nice to have: Kubernetes, Terraform" in match.split("## Gaps")[1]


def test_resume_prompts_and_records_never_hold_personal_data(examples: Path,
                                                             tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, BAD, "- `Globex Corporation` is not in the CV", NO_EDITS,
                       NO_EDITS, NO_EDITS])
    run_resume(examples, llm, tmp_path / "run")
    for secret in (NAME, "Elena", "Marsh", EMAIL, PHONE, "github.com/elenamarsh-example"):
        assert secret not in _prompts(llm)
        assert secret not in records(tmp_path / "run")
    assert "[NAME]" in _prompts(llm)  # the CV went out with placeholders
    assert report(tmp_path / "run")["status"] == "passed"


def test_resume_fix_replaces_the_inflated_number(examples: Path, tmp_path: Path) -> None:
    draft = CLEAN.replace("2.4 million", "24 million")
    fix = json.dumps([{"find": "24 million", "replace": "2.4 million"}])
    llm = ScriptedLLM([PLAN, draft, APPROVED, fix])
    final, _ = run_resume(examples, llm, tmp_path / "run")
    assert final.status == "passed" and final.attempts == 1
    assert final.rounds[0].bad == 1 and final.rounds[0].fixed == 1
    fix_prompt = llm.requests[3].messages[-1].content
    assert "24 million" in fix_prompt and "Globex" not in fix_prompt
    assert "the CV's line: '- Built a Kafka and Spark streaming pipeline that processes 2.4" \
        in fix_prompt
    assert "2.4 million shipment events" in artifact(tmp_path / "run")


def test_resume_last_resort_keeps_every_planned_entry_and_no_unsupported_fact(
        examples: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, BAD, APPROVED, NO_EDITS])
    final, _ = run_resume(examples, llm, tmp_path / "run")
    # a fix that changed nothing is not asked again: the last resort runs after one
    assert final.status == "passed" and final.attempts == 1
    body = _body(artifact(tmp_path / "run"))
    cv = (examples / "cv.en.md").read_text(encoding="utf-8")
    assert not verify_resume(body, {"cv.md": cv}).unsupported
    for company in ("Northwind Logistics Inc.", "Bluefin Retail Co.", "Cobalt Analytics LLC"):
        assert company in body
    assert "### Route Delay Forecasting | Jan 2023 – Sep 2023" in body  # dates from the CV
    assert "Globex" not in body and "AWS Certified" not in body and INFLATED not in body
    assert any("removed the job" in note for note in final.stripped)


def test_resume_last_resort_restores_a_dropped_job_and_orders_jobs(examples: Path,
                                                                   tmp_path: Path) -> None:
    north = CLEAN[CLEAN.index("### Senior Data Engineer"):CLEAN.index("### Data Engineer |")]
    blue = CLEAN[CLEAN.index("### Data Engineer |"):CLEAN.index("### Data Analyst")]
    swapped = CLEAN.replace(north + blue, blue + north).replace(
        CLEAN[CLEAN.index("### Data Analyst"):CLEAN.index("## Projects")], "")
    llm = ScriptedLLM([PLAN, swapped, APPROVED, NO_EDITS])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=1)
    assert final.status == "passed"
    body = _body(artifact(tmp_path / "run"))
    positions = [body.index(c) for c in ("Northwind", "Bluefin", "Cobalt")]
    assert positions == sorted(positions)
    assert final.rounds[0].bad >= 1  # the missing job was a finding of the gate
    assert "Maintained SQL reports for 15 retail clients" in body


def test_resume_banned_phrases_and_placeholders_are_removed(examples: Path,
                                                            tmp_path: Path) -> None:
    draft = CLEAN.replace("## Skills", "## Awards\n- Award: not provided\n\n## Skills").replace(
        "Data engineer with", "World-class data engineer with")
    llm = ScriptedLLM([PLAN, draft, APPROVED, NO_EDITS])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=1)
    assert final.status == "passed"
    body = artifact(tmp_path / "run")
    assert "not provided" not in body and "World-class" not in body
    assert {f["rule"] for f in json.loads(Path(tmp_path / "run" / "state.json").read_text(
        encoding="utf-8"))["bad"]} == set()


def test_resume_project_without_dates_in_the_cv_needs_review(examples: Path,
                                                             tmp_path: Path) -> None:
    cv = examples / "cv.en.md"
    cv.write_text(cv.read_text(encoding="utf-8").replace(
        "(Northwind Logistics | Jan 2023 – Sep 2023)", "(Northwind Logistics)"), encoding="utf-8")
    draft = CLEAN.replace("### Route Delay Forecasting | Jan 2023 – Sep 2023",
                          "### Route Delay Forecasting")
    llm = ScriptedLLM([PLAN, draft, APPROVED, NO_EDITS])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=1)
    assert final.status == "needs-review"  # honest: the project stays, and so does its finding
    assert "Route Delay Forecasting" in artifact(tmp_path / "run")
    assert [f.kind for f in final.bad] == ["missing-time-range"]
    assert (tmp_path / "run" / "needs-review" / "artifact.en.md").is_file()


def test_resume_recommend_mode_keeps_only_roles_with_real_cv_lines(examples: Path,
                                                                  tmp_path: Path) -> None:
    plan = ('ROLE: Data Platform Engineer | EVIDENCE: "Designed the Airflow orchestration for '
            '120 daily jobs feeding the sales dashboards"\n'
            'ROLE: Chief Data Officer | EVIDENCE: "Led the data strategy of 40 engineers"\n'
            "JOBS: J1, J2, J3\nPROJECTS: P1\nFOCUS: Airflow, Snowflake")
    llm = ScriptedLLM([plan, CLEAN, APPROVED])
    # max_retries=0: the role asks for Docker, which CLEAN leaves out; the last resort
    # names it in the summary
    final, task = run_resume(examples, llm, tmp_path / "run", mode="recommend", max_retries=0)
    assert final.status == "passed", final.bad
    assert "Relevant skills for this role: Docker." in artifact(tmp_path / "run")
    chosen = task.plan_of(final)
    assert [r.name for r in chosen.roles] == ["Data Platform Engineer"]
    assert chosen.role == "Data Platform Engineer"
    assert "CV:" in llm.requests[0].messages[-1].content  # the planner saw the (redacted) CV
    assert NAME not in _prompts(llm)


def test_resume_recommend_mode_falls_back_to_the_role_table(examples: Path,
                                                          tmp_path: Path) -> None:
    llm = ScriptedLLM(["I would suggest several roles.", CLEAN, APPROVED])
    final, task = run_resume(examples, llm, tmp_path / "run", mode="recommend", max_retries=0)
    assert final.status == "passed"  # the unread plan keeps every project: one is put back
    assert "CSV Schema Validator" in artifact(tmp_path / "run")
    # no role of the model survived: the role table's best-supported role is the target
    plan = task.plan_of(final)
    assert plan.roles == () and plan.role == "Data Engineer"
    fits = task.role_fits(final)
    assert 3 <= len(fits) <= 5 and fits[0].name == "Data Engineer"
    assert fits[0].evidence[0].startswith("Built a Kafka and Spark streaming pipeline")
    assert "Flink" in fits[0].lacks


def test_resume_user_role_wins_in_recommend_mode(examples: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED])
    final, task = run_resume(examples, llm, tmp_path / "run", mode="recommend",
                             role="Analytics Engineer", max_retries=0)
    assert task.plan_of(final).role == "Analytics Engineer"
    assert 'for the role "Analytics Engineer"' in llm.requests[1].messages[-1].content


def test_resume_zh_with_verified_translation(examples: Path, tmp_path: Path) -> None:
    zh = ("## 工作经历\n\n### 高级数据工程师 | 杭州云帆科技有限公司 | 2021.03 - 至今\n"
          "- 搭建基于Flink的实时数仓，日处理订单事件3000万条\n\n"
          "### 数据工程师 | 宁波海蓝电商有限公司 | 2017.07 - 2021.02\n"
          "- 建设数据质量监控，报表错误率下降40%\n\n"
          "## 项目经历\n\n### 用户画像平台 | 2022.01 - 2022.10\n- 为营销团队提供500个用户标签\n")
    zh = "## 个人简介\n7年数据开发经验，熟悉Flink、Spark、Hive、Kafka、Python与SQL。\n\n" + zh
    en = ("## Experience\n\n### Senior Data Engineer | 杭州云帆科技有限公司 | "
          "2021.03 - Present\n- Built a Flink real-time data warehouse processing 30 million "
          "order events per day\n\n### Data Engineer | 宁波海蓝电商有限公司 | 2017.07 - "
          "2021.02\n- Built data quality monitoring; report error rate down 40%\n\n"
          "## Projects\n\n### User Profile Platform | 2022.01 - 2022.10\n"
          "- Provided 500 user tags to the marketing team\n")
    en = ("## Summary\n7 years of data development experience with Flink, Spark, Hive, Kafka, "
          "Python and SQL.\n\n" + en)
    llm = ScriptedLLM(["ROLE: 高级数据工程师\nJOBS: J1, J2\nPROJECTS: P1\nFOCUS: Flink", zh,
                       APPROVED, en])
    final, _ = run_resume(examples, llm, tmp_path / "run", lang="zh", translate=("en",))
    assert [r.info.stage for r in llm.requests][-1] == "translate"
    assert final.status == "passed", final.bad
    assert artifact(tmp_path / "run", "zh").startswith("# 韩雪\n")
    assert "30 million" in artifact(tmp_path / "run", "en")
    assert "韩雪" not in _prompts(llm)


def test_resume_continues_after_an_interruption(examples: Path, tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with pytest.raises(RunInterrupted):
        run_resume(examples, ScriptedLLM([PLAN, CLEAN]), run_dir,
                   deps_options={"stop_after": ("write",)})
    from article_support import article_settings, scripted_deps
    from pse.tasks.resume.task import ResumeTask

    llm = ScriptedLLM([APPROVED])
    settings = article_settings(examples)
    final = resume_pipeline(run_dir, ResumeTask(settings=settings), scripted_deps(llm, settings))
    assert final.status == "passed"
    assert [r.info.stage for r in llm.requests] == ["evaluator"]


def test_resume_entries_without_section_headings_get_them(examples: Path, tmp_path: Path) -> None:
    draft = CLEAN.replace("## Experience\n\n", "").replace("## Projects\n\n", "")
    llm = ScriptedLLM([PLAN, draft, APPROVED])
    final, task = run_resume(examples, llm, tmp_path / "run")
    assert final.status == "passed" and final.attempts == 0
    publish(task, final, tmp_path / "run", formats=())  # the gate read the entries
    body = _body(artifact(tmp_path / "run"))
    assert body.index("## Experience\n") < body.index("### Senior Data Engineer")
    assert body.index("## Projects\n") < body.index("### Route Delay Forecasting")
    assert body.count("Northwind Logistics Inc.") == 1


def test_resume_report_never_names_the_candidate_in_paths(tmp_path: Path) -> None:

    folder = tmp_path / "Elena Marsh files"
    copy_examples(folder)
    llm = ScriptedLLM([PLAN, CLEAN, APPROVED])
    final, task = run_resume(folder, llm, tmp_path / "run")
    publish(task, final, tmp_path / "run", formats=())
    inputs = report(tmp_path / "run")["inputs"]
    assert "Elena" not in json.dumps(inputs) and "[NAME]" in inputs["cv"][0]


def test_resume_a_looping_draft_loses_its_repeats(examples: Path, tmp_path: Path) -> None:
    looped = CLEAN + "\n" + CLEAN + "\n" + CLEAN[:200]
    llm = ScriptedLLM([PLAN, looped, APPROVED, NO_EDITS])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=1)
    assert final.status == "passed"
    assert final.rounds[0].bad >= 7  # repeated headings (and bullets) were findings
    body = _body(artifact(tmp_path / "run"))
    assert body.count("## Experience") == 1 and body.count("Northwind Logistics Inc.") == 1
    assert any("repeated section" in note for note in final.stripped)


def test_resume_contact_lines_the_model_copies_appear_once_on_top(examples: Path,
                                                                  tmp_path: Path) -> None:
    # seen with the embedded model: the summary, and a section of its own, were the
    # CV's contact line again
    contact = "Data Engineer · Portland, OR · [EMAIL_1] · [PHONE_1] · [URL_1]"
    copied = CLEAN.replace("## Summary\n", f"## Summary\n{contact}\n", 1) \
        + f"\n## Contact\n{contact}\n"
    llm = ScriptedLLM([PLAN, copied, APPROVED])
    final, _ = run_resume(examples, llm, tmp_path / "run")
    text = artifact(tmp_path / "run")
    head = text.split("\n")[1].strip()
    assert EMAIL in head and text.count(EMAIL) == 1
    assert "## Contact" not in text and "## Summary\nData engineer with 8 years" in text
    assert final.status == "passed"


def test_resume_that_copies_the_cv_is_aimed_at_the_job_by_pse(examples: Path,
                                                                tmp_path: Path) -> None:
    # what the embedded 0.5B does: it copies the CV; pse's own tailoring carries the run
    cv = (examples / "cv.en.md").read_text(encoding="utf-8")
    body = cv.split("\n## ", 1)[1]  # the CV without its header lines, as the model got it
    llm = ScriptedLLM([PLAN, "## " + body, APPROVED])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=0)
    assert final.status == "passed"
    text = artifact(tmp_path / "run")
    summary = text.split("## Summary\n")[1].split("\n## ")[0]
    assert "Relevant skills for this role: Kafka, Spark, Airflow, Snowflake, Python, SQL." \
        in summary
    lines = {line.rstrip() for line in cv.splitlines()}  # header lines end in a break
    new = [line for line in text.splitlines() if line.rstrip() not in lines]
    assert len(new) == 2  # the summary sentence and the reordered skills line, nothing else
    assert new[0].startswith("Relevant skills") and new[1].startswith("Apache Kafka, ")


def test_resume_that_is_the_cv_again_needs_review(examples: Path, tmp_path: Path) -> None:
    # a job the CV shows nothing for: pse has nothing to aim at, the copy stays a copy
    (examples / "jd.en.md").write_text("# Nurse\n\n- Registered nurse licence\n"
                                       "- Ward rounds and patient care\n", encoding="utf-8")
    cv = (examples / "cv.en.md").read_text(encoding="utf-8")
    body = cv.split("\n## ", 1)[1]
    llm = ScriptedLLM([PLAN, "## " + body, APPROVED])
    final, _ = run_resume(examples, llm, tmp_path / "run", max_retries=0)
    assert final.status == "needs-review"
    assert [f.rule for f in final.bad] == ["resume-not-tailored"]
    assert "resume-not-tailored" in final.reason


def test_resume_strip_keeps_the_first_copy_of_a_repeated_sentence(examples: Path) -> None:
    from article_support import article_settings
    from pse.tasks.resume.task import ResumeTask
    from pse.verify.finding import Finding, VerifyResult
    from pse.verify.strip import strip_spans

    said = "Data engineer who ships reliable batch and streaming pipelines."
    text = f"## Summary\n{said} {said}\n\n## Profile\nCalm under pressure. {said}\n"
    repeats = [Finding(rule="resume-repetition", path="a.md", line=line, text=said,
                       message="said before", kind="repetition") for line in (2, 5)]
    task = ResumeTask(settings=article_settings(examples))
    spans = task.strip_spans(None, VerifyResult(bad=repeats, ok=[]))  # type: ignore[arg-type]
    stripped, _ = strip_spans(text, spans)
    assert stripped.count(said) == 1
    assert stripped.index(said) < stripped.index("## Profile")
    assert "Calm under pressure." in stripped
