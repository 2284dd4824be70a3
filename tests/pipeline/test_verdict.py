"""parse_verdict: any bullet style is an issue, only a clean APPROVED passes (fail-closed)."""

from __future__ import annotations

import pytest

from pse.pipeline.verdict import Verdict, parse_verdict


@pytest.mark.parametrize("text", [
    "APPROVED", "approved", "Approved.", "**APPROVED**", "VERDICT: APPROVED",
    "Verdict：approved", "## Verdict: APPROVED", "通过", "批准。",
    "APPROVED\n\nIssues:\n- None", "Issues:\n* no issues found\nAPPROVED", "APPROVED\n1. N/A",
    "  \nAPPROVED\n  ", "- 无\n通过",
])
def test_parse_verdict_approves_a_clean_approval(text: str) -> None:
    assert parse_verdict(text) == Verdict(approved=True)


@pytest.mark.parametrize("bullet", [
    "-", "*", "+", "•", "·", "1.", "2)", "(3)", "①", "一、", "十二、", "4、",
])
def test_parse_verdict_reads_every_bullet_style(bullet: str) -> None:
    verdict = parse_verdict(f"Problems:\n{bullet} `JobQueue.cancel()` does not exist")
    assert verdict == Verdict(approved=False, issues=("`JobQueue.cancel()` does not exist",))


def test_parse_verdict_collects_every_issue_in_order() -> None:
    text = ("1. `JobQueue.cancel()` is invented\n"
            "2) the version is wrong\n"
            "* **marketing**: 'revolutionary'\n"
            "- 第三节提到了不存在的文件")
    verdict = parse_verdict(text)
    assert not verdict.approved
    assert verdict.issues == ("`JobQueue.cancel()` is invented", "the version is wrong",
                              "marketing**: 'revolutionary'", "第三节提到了不存在的文件")


def test_parse_verdict_issues_override_an_approval() -> None:
    verdict = parse_verdict("APPROVED\n- but `Job.retry()` is not in the sources")
    assert verdict == Verdict(approved=False, issues=("but `Job.retry()` is not in the sources",))


@pytest.mark.parametrize("text", ["REJECTED", "Verdict: changes requested", "不通过",
                                  "APPROVED\nREJECTED", "需要修改"])
def test_parse_verdict_rejection_without_issues_is_an_issue(text: str) -> None:
    verdict = parse_verdict(text)
    assert not verdict.approved
    assert verdict.issues == ("the review rejected the text without naming an issue",)


@pytest.mark.parametrize("text", [
    "", "   ", "The article looks fine to me.", "I approve this article.",
    "APPROVED - no problems", "不通过吗？也许通过", "Verdict: probably approved",
])
def test_parse_verdict_unparseable_review_is_an_issue(text: str) -> None:
    verdict = parse_verdict(text)
    assert not verdict.approved
    assert len(verdict.issues) == 1
    assert verdict.issues[0].startswith("the review could not be read as a verdict")


def test_parse_verdict_unparseable_issue_quotes_the_review() -> None:
    verdict = parse_verdict("Looks great overall")
    assert "'Looks great overall'" in verdict.issues[0]


def test_parse_verdict_ignores_bullets_and_verdicts_inside_think_blocks() -> None:
    text = "<think>\n- maybe `Job.retry()` is wrong?\nREJECTED\n</think>\nAPPROVED"
    assert parse_verdict(text) == Verdict(approved=True)


def test_parse_verdict_does_not_approve_inside_a_think_block() -> None:
    verdict = parse_verdict("<think>\nAPPROVED\n</think>\nThe text is mostly fine.")
    assert not verdict.approved


def test_parse_verdict_unclosed_think_block_never_approves() -> None:
    # a reasoning model cut at max_tokens while still thinking has given no verdict
    verdict = parse_verdict("<think>\nThe text seems fine.\nAPPROVED\nBut wait, `Job.retry`")
    assert not verdict.approved
    assert verdict.issues


def test_parse_verdict_issues_after_a_think_block_are_read() -> None:
    verdict = parse_verdict("<think>let me check</think>\n- `tinyqueue.Scheduler` is invented")
    assert verdict.issues == ("`tinyqueue.Scheduler` is invented",)
