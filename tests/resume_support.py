"""Helpers of the resume-task tests: the bundled example CVs, canned model replies, runs.

The replies are what a model could answer: a clean resume whose every fact the example
CV supports, and a bad one that inflates a number, adds an employer and a certification
and drops a project's dates (the faults the last resort must put right).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Literal

from article_support import article_settings, scripted_deps
from pse.llm.types import LLMClient
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.tasks.resume.inputs import ResumeInputs
from pse.tasks.resume.task import ResumeTask

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "resume"
NAME, EMAIL, PHONE = "Elena Marsh", "elena.marsh@example.com", "555-014-2299"
ZH_NAME, ZH_EMAIL, ZH_PHONE = "韩雪", "hanxue@example.com", "139-0000-1234"

PLAN = ("ROLE: Senior Data Engineer\nJOBS: J1, J2, J3\nPROJECTS: P1\n"
        "FOCUS: Kafka, Spark, Airflow, data quality")

CLEAN = """## Summary
Data engineer with 8 years of experience building streaming pipelines.
Skills for this role: Kafka, Spark, Airflow, Snowflake, Python and SQL.

## Experience

### Senior Data Engineer | Northwind Logistics Inc. | Jul 2021 – Present
- Built a Kafka and Spark streaming pipeline that processes 2.4 million shipment events per day
- Mentored 4 junior engineers and introduced code review

### Data Engineer | Bluefin Retail Co. | Mar 2018 – Jun 2021
- Designed the Airflow orchestration for 120 daily jobs
- Wrote data quality checks that reduced broken reports by 45%

### Data Analyst | Cobalt Analytics LLC | Aug 2016 – Feb 2018
- Maintained SQL reports for 15 retail clients

## Projects

### Route Delay Forecasting | Jan 2023 – Sep 2023
- Trained a gradient boosting model that predicts late deliveries with 82% precision

## Education
- B.S. in Computer Science, University of Oregon

## Skills
Python, SQL, Apache Spark, Apache Kafka, Airflow, Snowflake

## Certifications
- Google Cloud Professional Data Engineer
"""

INFLATED = "processes 24 million shipment events per day"
BAD = (CLEAN.replace("processes 2.4 million shipment events per day", INFLATED)
       .replace("## Experience\n", "## Experience\n\n### Staff Data Engineer | Globex "
                "Corporation | Jan 2014 – Jun 2016\n- Led a platform team of 9 engineers\n", 1)
       .replace("### Route Delay Forecasting | Jan 2023 – Sep 2023", "### Route Delay Forecasting")
       .replace("- Google Cloud Professional Data Engineer\n",
                "- Google Cloud Professional Data Engineer\n"
                "- AWS Certified Solutions Architect – Professional\n"))
"""Inflates a metric, adds an employer and a certification, drops a project's dates."""

APPROVED = "APPROVED"
NO_EDITS = "[]"


def copy_examples(target: Path) -> Path:
    """A private copy of ``examples/resume``."""
    shutil.copytree(EXAMPLES, target)
    return target


def new_state(folder: Path, *, lang: str = "en", mode: Literal["jd", "recommend"] = "jd",
              run_id: str = "run-1", max_retries: int = 3, **inputs: Any) -> PSEState:
    """A fresh resume run on the example CV (and JD, in jd mode) of ``lang`` (``inputs``:
    more :class:`ResumeInputs` fields)."""
    values = ResumeInputs(cv=(str(folder / f"cv.{lang}.md"),),
                          jd=str(folder / f"jd.{lang}.md") if mode == "jd" else None,
                          lang=lang, mode=mode, **inputs)
    return PSEState(run_id=run_id, task="resume", inputs=values, max_retries=max_retries)


def run_resume(folder: Path, client: LLMClient, run_dir: Path, *,
               deps_options: dict[str, object] | None = None, **state_options: Any
               ) -> tuple[PSEState, ResumeTask]:
    """Run the resume pipeline on the examples in ``folder`` with ``client`` answering."""
    settings = article_settings(folder)
    deps = scripted_deps(client, settings, **(deps_options or {}))
    task = ResumeTask(settings=settings)
    return run_pipeline(new_state(folder, **state_options), task, deps, run_dir=run_dir), task


def artifact(run_dir: Path, lang: str = "en") -> str:
    """The published resume (run folder, or needs-review/)."""
    for folder in (run_dir, run_dir / "needs-review"):
        path = folder / f"artifact.{lang}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise AssertionError(f"no artifact.{lang}.md in {run_dir}")


def records(run_dir: Path) -> str:
    """Everything the run recorded: state, trace and report(s)."""
    paths = [run_dir / "state.json", run_dir / "trace.jsonl", run_dir / "report.json",
             run_dir / "needs-review" / "report.json"]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths if p.is_file())


def report(run_dir: Path) -> dict[str, Any]:
    """``report.json`` of a run folder."""
    data: dict[str, Any] = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    return data
