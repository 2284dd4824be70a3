"""The ``unsupported`` rule in a run: Fix is told the closest span, Strip deletes what
stays unsupported, and report.json gives each kept sentence its span."""

from __future__ import annotations

import json
from pathlib import Path

from article_support import (
    APPROVED,
    CLEAN,
    JOBS,
    NO_EDITS,
    PLAN,
    QUEUE,
    RETRIES,
    read_report,
    run_article,
)
from pse.index.builder import build_index
from pse.index.facts import ProjectFacts
from pse.llm.fake import ScriptedLLM
from pse.tasks.article.borrowed import DocstringTable
from pse.tasks.article.evidence import sections_of, unsupported_in_source, unsupported_sentences
from pse.tasks.article.rulebook import RULES, GateContext, run_rules
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.finding import Evidence, Finding, VerifyResult
from pse.verify.resolve import project_resolver

CLAIM = "`JobQueue.submit()` replicates each job to a database cluster for enterprise scale."
QUEUE_UNSUPPORTED = QUEUE.rstrip("\n") + "\n" + CLAIM + "\n"
FIX_CLAIM = json.dumps([{"find": CLAIM, "replace": "`JobQueue.submit()` appends the job "
                                                   "to the queue and returns it."}])


def test_rule_fix_receives_the_closest_span_and_its_rewrite_passes(
        tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, QUEUE_UNSUPPORTED, FIX_CLAIM, RETRIES, JOBS, APPROVED])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    fix_prompt = llm.requests[2].messages[-1].content
    assert CLAIM in fix_prompt and "rewrite it from src/tinyqueue/queue.py:" in fix_prompt
    assert final.status == "passed", final.reason
    assert "database" not in final.artifact
    assert read_report(run_dir)["rounds"][0]["findings"][0]["rule"] == "unsupported"


def test_rule_strip_removes_the_sentence_that_stays_unsupported(
        tinyqueue: Path, tmp_path: Path) -> None:
    llm = ScriptedLLM([PLAN, QUEUE_UNSUPPORTED, NO_EDITS, RETRIES, JOBS, APPROVED])
    run_dir = tmp_path / "run"
    final = run_article(tinyqueue, llm, run_dir)
    assert final.status == "passed", final.reason
    report = read_report(run_dir)
    assert report["stripped"] == [CLAIM]
    assert CLAIM not in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    sentences = report["sentences"]
    assert {s["section"] for s in sentences} == {0, 1, 2}
    assert all(set(s) >= {"section", "line", "text", "status"} for s in sentences)
    published = (run_dir / "artifact.en.md").read_text(encoding="utf-8").split("\n")
    for entry in sentences:  # each line is the sentence's line in the published article
        assert entry["text"][:20] in published[entry["line"] - 1]
        if entry["status"] == "supported":
            assert entry["span"]["path"].startswith("src/tinyqueue/")
            assert entry["span"]["start"] <= entry["span"]["end"]


def test_rule_section_of_mostly_transitions_is_a_whole_section_finding() -> None:
    text = ("## Overview\n\nHere is an example.\n\nLet us look at it.\n\nNow see the next "
            "part.\n\nIn this section we start.\n\n`JobQueue` runs jobs.\n")
    excerpts = [{"path": "q.py", "start": 1, "end": 2, "text": "class JobQueue:\n"
                 "    \"\"\"Runs jobs in the order they were added.\"\"\""}]
    findings = unsupported_sentences(text, excerpts, VerifyResult(), path="a.md")
    assert [(f.rule, f.line) for f in findings] == [("mostly-transitions", None)]


def test_sections_of_splits_at_level_two_headings_with_their_first_line() -> None:
    text = "# T\n\n## A\n\none\n\n## B\n\ntwo\n"
    assert sections_of(text) == [(3, "## A\n\none\n"), (7, "## B\n\ntwo\n")]


def test_sections_of_an_article_without_sections_is_empty() -> None:
    # an article whose every section was stripped is still finalized (needs review)
    assert sections_of("") == []
    assert sections_of("# Title\n\nno sections left\n") == []


def _queue_findings(text: str, docstring: str = "Runs jobs in the order they were added."
                    ) -> list[Finding]:
    """The rule's findings for a section about `JobQueue` (named on line 3), written from
    its class head with ``docstring``."""
    excerpts = [{"path": "q.py", "start": 1, "end": 2, "text": "class JobQueue:\n"
                 f"    \"\"\"{docstring}\"\"\"", "symbol": "JobQueue"}]
    ok = [Finding(rule="ref-verified", message="", path="a.md", line=3, text="`JobQueue`",
                  kind="symbol", evidence=(Evidence(path="q.py", line=1),))]
    return unsupported_sentences(text, excerpts, VerifyResult(ok=ok), path="a.md")


def test_rule_judges_a_pronoun_subject_like_the_name_it_stands_for() -> None:
    findings = _queue_findings("## Queue\n\n`JobQueue` runs jobs in the order they were "
                               "added. It does not retry failed jobs. It runs jobs in order.\n")
    assert [(f.rule, f.text) for f in findings] == \
        [("unsupported", "It does not retry failed jobs.")]


def test_rule_a_nameless_sentence_affirming_a_quality_is_unsupported() -> None:
    # it names no code, but says what only a span saying so backs: a quality ("secure");
    # a quality denied ("Nothing runs in parallel") and a plain nameless sentence count
    # only toward the transitions
    findings = _queue_findings(
        "## Queue\n\n`JobQueue` runs jobs in the order they were added.\n\n"
        "The queue is used for secure communication between services.\n\n"
        "Nothing runs in parallel.\n\nJobs run one after another.\n")
    assert [f.text for f in findings if f.rule == "unsupported"] == [
        "The queue is used for secure communication between services."]


def test_rule_a_nameless_sentence_the_excerpts_contradict_is_unsupported() -> None:
    # no name, but the excerpt's docstring says otherwise: not a mere lack of words
    findings = _queue_findings(
        "## Queue\n\n`JobQueue` runs jobs in the order they were added.\n\n"
        "The solution has limits. If a job fails, it does not retry it.\n",
        "Runs jobs in the order they were added. How often and how patiently a failed job "
        "is retried.")
    assert [f.text for f in findings if f.rule == "unsupported"] == [
        "If a job fails, it does not retry it."]


def test_rule_a_nameless_limitation_no_excerpt_holds_is_unsupported() -> None:
    # a made-up weakness names nothing and only lacks the excerpts' words; a limitation
    # the excerpt states, and a nameless sentence that limits nothing, stay
    findings = _queue_findings(
        "## Queue\n\n`JobQueue` runs jobs in the order they were added.\n\n"
        "First, it does not handle exceptions gracefully. There is no support for "
        "priorities. Jobs do not run in parallel. This design keeps the flow easy to "
        "follow.\n",
        "Runs jobs in the order they were added, one at a time. Nothing runs in parallel.")
    assert [f.text for f in findings if f.rule == "unsupported"] == [
        "First, it does not handle exceptions gracefully.",
        "There is no support for priorities."]


# ------------------------------------------------------------------ the whole article

def _audited(tinyqueue: Path, tmp_path: Path, text: str) -> list[Finding]:
    index, _ = build_index(tinyqueue, cache_dir=tmp_path / "cache", workers=1)
    references = to_findings(check_documents([Document("a.md", text)],
                                             project_resolver(index), strict=True))
    return unsupported_in_source(text, references, index=index, path="a.md")


def test_whole_article_flags_what_the_source_contradicts(tinyqueue: Path,
                                                         tmp_path: Path) -> None:
    text = ("# T\n\n## Jobs\n\n`Job.run()` calls the function once and records the attempt.\n"
            "`Job.run()` sorts the jobs by name before it runs them.\n"
            "`RetryPolicy.delay()` is fast and thread-safe.\n")
    found = _audited(tinyqueue, tmp_path, text)
    assert [(f.rule, f.line) for f in found] == [("unsupported", 6), ("unsupported", 7)]
    assert "`Job.run` sorts" in found[0].message and "thread" in found[1].message
    assert found[0].hint.startswith("rewrite it from src/tinyqueue/job.py:")


def test_whole_article_leaves_a_paraphrase_of_the_code_alone(tinyqueue: Path,
                                                             tmp_path: Path) -> None:
    # "caps the number of tries", "counts one attempt" (``attempts += 1``), "keep a handle
    # on the work": words the code does not use, for what it does
    assert _audited(tinyqueue, tmp_path, CLEAN) == []


def test_the_rule_audits_the_whole_article_against_the_source_when_no_excerpts(
        tinyqueue: Path, tmp_path: Path) -> None:
    index, _ = build_index(tinyqueue, cache_dir=tmp_path / "cache", workers=1)
    text = CLEAN + "\n`Job.run()` sorts the jobs by name before it runs them.\n"
    references = to_findings(check_documents([Document("a.md", text)],
                                             project_resolver(index), strict=True))
    ctx = GateContext(text=text, path="a.md", lang="en", references=references,
                      exaggeration_terms=(), experience_patterns=(), sources="", prompts=(),
                      facts=ProjectFacts(), index=index, docstrings=DocstringTable(),
                      sectioned=True)
    found = run_rules(ctx, rules=[r for r in RULES if r.rule_id == "unsupported"]).bad
    assert [f.text for f in found] == ["`Job.run()` sorts the jobs by name before it runs "
                                       "them."]


def test_rule_a_titled_item_no_excerpt_backs_is_unsupported_without_a_name() -> None:
    # an advantages list of no evidence is a claim; a plain sentence naming nothing counts
    # only toward the transitions
    text = ("## Why\n\n`JobQueue` runs jobs in the order they were added.\n\n"
            "- **Consistency**: dates stay consistent across systems and applications.\n\n"
            "Dates stay consistent across systems and applications.\n")
    excerpts = [{"path": "q.py", "start": 1, "end": 2, "text": "class JobQueue:\n"
                 "    \"\"\"Runs jobs in the order they were added.\"\"\""}]
    findings = unsupported_sentences(text, excerpts, VerifyResult(), path="a.md")
    assert [(f.rule, f.line) for f in findings] == [("unsupported", 5)]
