"""Reading the planner's answer: keys, focus, recommended roles and their evidence."""

from __future__ import annotations

from pse.tasks.resume.cv import cv_entries, parse_cv
from pse.tasks.resume.plan import RoleChoice, check_roles, parse_plan
from resume_support import EXAMPLES

CV = (EXAMPLES / "cv.en.md").read_text(encoding="utf-8")
ENTRIES = cv_entries(parse_cv([("cv.md", CV)]))
LINES = CV.splitlines()


def test_plan_keys_focus_and_role() -> None:
    plan = parse_plan("**ROLE:** Staff Engineer\nJOBS: J1, J3, J9\nPROJECTS: p2\n"
                      "FOCUS: Kafka, Spark；Airflow", ENTRIES, cv_lines=LINES, recommend=False)
    assert plan.role == "Staff Engineer"
    assert plan.jobs == ("J1", "J3") and plan.projects == ("P2",)
    assert plan.focus == ("Kafka", "Spark", "Airflow")


def test_plan_without_the_current_job_keeps_every_job() -> None:
    plan = parse_plan("JOBS: J2\nPROJECTS: none", ENTRIES, cv_lines=LINES, recommend=False,
                      default_role="Data Engineer")
    assert plan.jobs == ("J1", "J2", "J3") and plan.projects == ("P1", "P2")
    assert plan.role == "Data Engineer"


def test_entries_are_most_recent_first_with_cv_values() -> None:
    assert [e.summary() for e in ENTRIES[:2]] == [
        "J1. Senior Data Engineer | Northwind Logistics Inc. | Jul 2021 – Present",
        "J2. Data Engineer | Bluefin Retail Co. | Mar 2018 – Jun 2021"]
    assert ENTRIES[3].heading() == ("### Route Delay Forecasting | Northwind Logistics | "
                                    "Jan 2023 – Sep 2023")


def test_roles_need_a_real_cv_line() -> None:
    roles = [RoleChoice("Analytics Engineer", ("Maintained SQL reports for 15 retail clients",)),
             RoleChoice("Data Director", ("Ran a data org of 80 people",)),
             RoleChoice("10x Engineer", ("Maintained SQL reports for 15 retail clients",)),
             RoleChoice("ML Engineer", ("- Trained a gradient boosting model that predicts "
                                        "late deliveries with 82 % precision",))]
    kept = check_roles(roles, LINES)
    assert [r.name for r in kept] == ["Analytics Engineer", "ML Engineer"]
    assert kept[1].evidence == ("Trained a gradient boosting model that predicts late "
                                "deliveries with 82% precision",)


def test_recommend_plan_reads_role_lines_with_evidence() -> None:
    text = ('ROLE: Streaming Engineer | EVIDENCE: "Built a Kafka and Spark streaming pipeline '
            'that processes 2.4 million shipment events per day"; "Mentored 4 junior engineers '
            'and introduced code review for all pipeline changes"\nJOBS: J1, J2\n')
    plan = parse_plan(text, ENTRIES, cv_lines=LINES, recommend=True)
    assert plan.role == "Streaming Engineer" and len(plan.roles[0].evidence) == 2
    assert parse_plan(text, ENTRIES, cv_lines=LINES, recommend=True, role="X").role == "X"
