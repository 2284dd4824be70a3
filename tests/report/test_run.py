"""``report.html`` of a run: from a real (scripted) run, and from report dicts of any shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from article_support import (
    APPROVED,
    GOOD_RUN,
    INVENTED_LINE,
    JOBS,
    PLAN,
    QUEUE,
    RETRIES,
    ZH_DROPPED_REF,
    article_settings,
    copy_tinyqueue,
    parts,
    run_article,
    scripted_deps,
)
from pse.llm.fake import ScriptedLLM
from pse.pipeline.runner import RunInterrupted, resume_pipeline
from pse.report.marks import Mark
from pse.report.run import render_run_report
from pse.tasks.article.task import ArticleTask

from .runs import strip_run


def test_run_report_written_in_the_run_folder(tmp_path: Path) -> None:
    run_dir = strip_run(tmp_path)
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>")
    assert "<h1>pse run run-1 " in page and '<span class="passed">passed</span>' in page
    # the final artifact, every verified reference marked
    marks = re.findall(r'<span class="ref s-(\w+)" tabindex="0" id="m\d+" '
                       r'data-status="\w+" data-kind="(\w+)"', page)
    references = [status for status, kind in marks if kind != "sentence"]
    assert references.count("verified") >= 4 and "unverified" not in references
    # sentences no span backs stay marked in a passed article (they name no code, so the
    # gate leaves them; the reader still sees them): each is in report.json as unsupported
    report = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    flagged = [s for s in report["sentences"] if s["status"] == "unsupported"]
    assert [status for status, kind in marks if kind == "sentence"].count("unverified") \
        == len(flagged)
    # rounds, what changed, what was stripped and why, the timeline and the cost table
    rounds = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))["rounds"]
    assert page.count("</td></tr>", page.index("<h2>Rounds</h2>"),
                      page.index("<h2>What Fix")) == len(rounds) >= 4
    assert f'<span class="del">-{INVENTED_LINE.replace("`", "`")}</span>' in page
    assert "not found in the source tree (ref-unverified)" in page
    assert "<h2>Timeline</h2>" in page and "<td>strip</td>" in page
    costs = page.split("<h2>Tokens and cost</h2>", 1)[1]
    assert "<td>specialist</td><td>scripted</td><td>3</td>" in costs  # one per section
    assert "<th>total</th><th></th><th>6</th>" in costs


def test_run_report_is_also_beside_a_failed_artifact(tmp_path: Path) -> None:
    source = copy_tinyqueue(tmp_path / "tq")
    run_dir = tmp_path / "run"
    run_article(source, ScriptedLLM([*GOOD_RUN, *parts(ZH_DROPPED_REF)]), run_dir,
                translate=("zh",))
    review = (run_dir / "needs-review" / "report.html").read_text(encoding="utf-8")
    assert (run_dir / "report.html").read_text(encoding="utf-8") == review
    assert '<span class="failed">needs-review</span>' in review
    assert "artifact.zh.md" in review and "artifact.en.md" in review


FUTURE = {
    "run_id": "r<1>", "task": "article", "status": "needs-review", "inputs": {"style": "x"},
    "reason": "length: 90 words of 600",
    "plan": {"source": "index", "notes": ["no section resolved"], "sections": [
        {"title": "The queue", "focus": ["JobQueue.submit"], "source": "planner"},
        {"title": "Retries", "focus": ["RetryPolicy"], "source": "index", "brief": "why"}]},
    "gates": [{"name": "repetition", "passed": True, "detail": ""},
              {"name": "length", "passed": False, "detail": "90 words", "words": 90}],
    "rounds": [{"round": 1, "bad": 2, "llm_issues": 1, "fixed": 1, "scope": "section 1",
                "findings": [{"rule": "ref-unverified", "line": 3, "message": "'X': gone",
                              "hint": "did you mean 'Y'?"}],
                "diff": "--- a\n+++ b\n@@ -1 +1 @@\n-old <b>\n+new"}],
    "stripped": [{"text": "gone clause", "reason": "unverified 'X'"}],
    "usage": {"planner": {"requests": "2", "prompt_tokens": "10", "completion_tokens": "5",
                          "cost": "0.5"}},
    "unknown_future_field": {"anything": [1, 2]},
}


def test_run_report_shows_newer_fields_when_present() -> None:
    page = render_run_report(FUTURE, artifacts={"en": ("# T\n\nuse `X`\n", [
        Mark(file="artifact.en.md", line=3, text="X", status="unverified", kind="symbol")])})
    assert "<title>pse run r&lt;1&gt;</title>" in page
    plan = page.split("<h2>The plan</h2>", 1)[1].split("<h2>", 1)[0]
    assert "source: index" in plan and "<code>JobQueue.submit</code>" in plan
    assert "<td>planner</td>" in plan and "brief: why" in plan
    assert "<li>no section resolved</li>" in plan
    gates = page.split("<h2>Gates</h2>", 1)[1].split("</table>", 1)[0]
    assert '<td class="passed">passed</td>' in gates and '<td class="failed">failed</td>' in gates
    assert "<td>90 words; words: 90</td>" in gates
    assert '<span class="failed">needs-review</span>' in page
    assert "length: 90 words of 600" in page and "<td>1 (section 1)</td>" in page
    assert '<span class="del">-old &lt;b&gt;</span>' in page
    assert "did you mean &#x27;Y&#x27;?" in page
    assert "<td><del>gone clause</del></td><td>unverified &#x27;X&#x27;</td>" in page
    # no trace: the per-stage usage of report.json fills the cost table
    assert "<td>planner</td><td></td><td>2</td><td>10</td><td>5</td><td>0.5000</td>" in page


def test_run_report_plan_without_sections_shows_the_outline() -> None:
    page = render_run_report({"plan": {"source": "planner", "sections": []},
                              "plan_text": "# Outline\n\n- `a`\n"}, artifacts={})
    assert "An outline written by the Planner." in page and "<h1>Outline</h1>" in page


def test_run_report_survives_odd_shapes() -> None:
    odd = {"rounds": ["x", {"round": "2"}], "plan": 42, "gates": "n/a", "stripped": "y",
           "usage": {"fix": "broken"}, "inputs": ["not", "a", "dict"]}
    page = render_run_report(odd, artifacts={})
    assert "no text was written" in page and "<h2>Rounds</h2>" in page


def test_run_report_unknown_cost_stays_unknown() -> None:
    trace = [{"event": "llm_call", "stage": "write", "model": "m", "prompt_tokens": 3,
              "completion_tokens": 2, "cost": None, "cache_hit": False},
             {"event": "llm_call", "stage": "write", "model": "m", "prompt_tokens": 3,
              "completion_tokens": 2, "cost": None, "cache_hit": True},
             {"event": "step", "step": "write", "seconds": 1.5, "next": "evaluate"}]
    page = render_run_report({}, artifacts={}, trace=trace)
    assert "<td>write</td><td>m</td><td>1</td><td>3</td><td>2</td><td>unknown</td>" in page
    assert '<progress max="1.500" value="1.500"></progress>' in page


def test_run_report_escapes_model_output() -> None:
    hostile = "# <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n"
    page = render_run_report({"plan": hostile, "stripped": ["<script>x</script>"],
                              "rounds": [{"round": 1, "issues": ["<img src=y>"]}]},
                             artifacts={"en": (hostile, [])}, draft="<script>d</script>")
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    assert "<script" not in body and "<img" not in body
    assert json.dumps(body).count("&lt;script&gt;") >= 3


def test_run_report_after_a_resumed_run(tmp_path: Path) -> None:
    source = copy_tinyqueue(tmp_path / "tq")
    run_dir = tmp_path / "run"
    with pytest.raises(RunInterrupted):
        run_article(source, ScriptedLLM([PLAN, QUEUE]), run_dir,
                    deps_options={"stop_after": ("write",)})
    assert not (run_dir / "report.html").exists()
    settings = article_settings(source)
    resume_pipeline(run_dir, ArticleTask(settings=settings),
                    scripted_deps(ScriptedLLM([RETRIES, JOBS, APPROVED]), settings))
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    assert "<td>plan</td>" in page and "<td>evaluate</td>" in page  # both sessions' steps
