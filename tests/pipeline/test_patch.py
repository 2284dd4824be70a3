"""Targeted fixes: the flagged excerpt, reading the model's edits, patching them in."""

from __future__ import annotations

import json

import pytest

from pse.pipeline.patch import Edit, apply_edits, flagged_excerpt, parse_edits, shown_lines
from pse.verify.finding import Evidence, Finding

ARTICLE = ("# Queue\n\n"
           "`JobQueue.run_all()` runs every job.\n"
           "`JobQueue.cancel()` removes a job, which is revolutionary.\n"
           "The rest is fine.\n")


def _finding(line: int | None, text: str, **extra: object) -> Finding:
    return Finding(rule="ref-unverified", message=f"{text!r}: not found", path="a.md",
                   line=line, text=text, **extra)  # type: ignore[arg-type]  # test values


# ------------------------------------------------------------------ flagged_excerpt

def test_flagged_excerpt_shows_only_the_flagged_lines_with_their_problems() -> None:
    excerpt = flagged_excerpt(ARTICLE, [_finding(
        4, "JobQueue.cancel()", hint="did you mean JobQueue.run_all?",
        evidence=(Evidence("src/tinyqueue/queue.py", 38), Evidence("README.md")))], [])
    assert excerpt == (
        "LINE 4:\n`JobQueue.cancel()` removes a job, which is revolutionary.\nPROBLEMS:\n"
        "- `JobQueue.cancel()`: 'JobQueue.cancel()': not found; did you mean "
        "JobQueue.run_all?; real: src/tinyqueue/queue.py:38, README.md")
    assert "The rest is fine." not in excerpt
    assert "run_all()` runs every job" not in excerpt


def test_flagged_excerpt_groups_findings_by_line_in_line_order() -> None:
    excerpt = flagged_excerpt(ARTICLE, [_finding(4, "revolutionary"),
                                        _finding(3, "JobQueue.run_all()"),
                                        _finding(4, "JobQueue.cancel()")], [])
    assert excerpt.index("LINE 3:") < excerpt.index("LINE 4:")
    assert excerpt.count("LINE 4:") == 1
    block = excerpt.split("\n\n")[1]
    assert "- `revolutionary`" in block and "- `JobQueue.cancel()`" in block


def test_flagged_excerpt_finding_without_a_line_has_no_text() -> None:
    excerpt = flagged_excerpt(ARTICLE, [_finding(None, "RetryPolicy.delay()")], [])
    assert excerpt.startswith("LINE 0:\n\nPROBLEMS:\n- `RetryPolicy.delay()`")


def test_flagged_excerpt_review_issue_carries_the_lines_it_quotes() -> None:
    excerpt = flagged_excerpt(ARTICLE, [], ["`JobQueue.cancel()` is not in the sources"])
    assert excerpt == ("REVIEW ISSUE:\n- `JobQueue.cancel()` is not in the sources\n"
                       "RELEVANT LINES:\n"
                       "`JobQueue.cancel()` removes a job, which is revolutionary.")


def test_flagged_excerpt_review_issue_without_quotes_names_no_line() -> None:
    excerpt = flagged_excerpt(ARTICLE, [], ["the tone is too promotional"])
    assert excerpt.endswith("RELEVANT LINES:\n(no single line: edit only what the issue names)")


def test_flagged_excerpt_review_issue_reads_double_and_chinese_quotes() -> None:
    excerpt = flagged_excerpt(ARTICLE, [], ['"The rest" is vague', "“run_all” 描述不准确"])
    assert "RELEVANT LINES:\nThe rest is fine." in excerpt
    assert "RELEVANT LINES:\n`JobQueue.run_all()` runs every job." in excerpt


# ------------------------------------------------------------------ parse_edits

EDITS = [{"find": "`JobQueue.cancel()` removes a job, ", "replace": ""},
         {"find": "revolutionary", "replace": "short"}]
PARSED = [Edit("`JobQueue.cancel()` removes a job, ", ""), Edit("revolutionary", "short")]


@pytest.mark.parametrize("reply", [
    json.dumps(EDITS),
    "```json\n" + json.dumps(EDITS, indent=2) + "\n```",
    "Here are the edits:\n" + json.dumps(EDITS) + "\nDone.",
    "<think>I could use [brackets] here</think>\n" + json.dumps(EDITS),
])
def test_parse_edits_reads_a_json_list(reply: str) -> None:
    assert parse_edits(reply) == PARSED


def test_parse_edits_skips_items_without_find_and_defaults_replace() -> None:
    reply = json.dumps([{"find": "a"}, {"replace": "b"}, {"find": ""}, "text", {"find": 3}])
    assert parse_edits(reply) == [Edit("a", ""), Edit("3", "")]


def test_parse_edits_reads_find_replace_blocks() -> None:
    reply = ("FIND: `JobQueue.cancel()` removes a job\nREPLACE: Jobs run once\n"
             "FIND: revolutionary\nREPLACE:\n")
    assert parse_edits(reply) == [Edit("`JobQueue.cancel()` removes a job", "Jobs run once"),
                                  Edit("revolutionary", "")]


@pytest.mark.parametrize("reply", ["", "[]", "I cannot fix this.", "[not json",
                                   '{"find": "a", "replace": "b"}'])
def test_parse_edits_unreadable_or_empty_is_no_edit(reply: str) -> None:
    assert parse_edits(reply) == []


# ------------------------------------------------------------------ apply_edits

def test_apply_edits_patches_in_place_and_counts() -> None:
    text, applied, rejected = apply_edits(ARTICLE, PARSED)
    assert (applied, rejected) == (2, 0)
    assert text == ARTICLE.replace("`JobQueue.cancel()` removes a job, which is revolutionary.",
                                   "which is short.")


def test_apply_edits_rejects_a_sentence_put_in_a_code_span() -> None:
    text = "# T\n\n`ambiguity_warn` 函数用于警告用户。\n"
    prose = [Edit("`ambiguity_warn`", "`警告用户在使用 Dispatcher 时出现的歧义。`"),
             Edit("`ambiguity_warn`", "`this function warns the user of every ambiguity it "
                                      "finds in the dispatcher`")]
    for edit in prose:
        assert apply_edits(text, [edit]) == (text, 0, 1)
    code = Edit("`ambiguity_warn`", "`ambiguity_warn(dispatcher, ambiguities)`")
    assert apply_edits(text, [code])[1:] == (1, 0)
    assert apply_edits(text, [Edit("函数", "函数（`pip install -e .`）")])[1:] == (1, 0)


def test_apply_edits_rejects_an_edit_that_writes_the_checkers_words() -> None:
    text = "# T\n\n`pkg/test_pkg.CliTest` 是测试用例。\n"
    flagged = Finding(rule="ref-unverified", path="a.md", line=3, text="pkg/test_pkg.CliTest",
                      message="'pkg/test_pkg.CliTest': no such file or folder in the tree",
                      hint="did you mean 'pkg/test_pkg.py'?")
    echo = Edit("pkg/test_pkg.CliTest", "pkg/test_pkg.CliTest: no such file or folder in "
                                        "the tree; did you mean 'pkg/test_pkg.py'?")
    assert apply_edits(text, [echo], findings=[flagged]) == (text, 0, 1)
    # a repair that names what the hint names is a repair
    repair = Edit("`pkg/test_pkg.CliTest`", "`pkg/test_pkg.py` 中的 `CliTest`")
    assert apply_edits(text, [repair], findings=[flagged])[1:] == (1, 0)
    # a false claim's message says what the code is: the words its fix writes
    claim = Finding(rule="claim-false", path="a.md", line=3, text="`A` inherits from `C`",
                    message="`A` is a direct subclass of the builtin `B`, not of `C`")
    said = Edit("inherits from `C`", "is a direct subclass of the builtin `B`")
    assert apply_edits("`A` inherits from `C`.\n", [said], findings=[claim])[1:] == (1, 0)


def test_apply_edits_rejects_text_that_is_not_in_the_artifact() -> None:
    text, applied, rejected = apply_edits(ARTICLE, [Edit("`Job.retry()`", "x"), Edit("", "y"),
                                                    Edit("fine", "fine")])
    assert (text, applied, rejected) == (ARTICLE, 0, 1)


def test_apply_edits_replaces_only_the_first_occurrence() -> None:
    text, applied, _ = apply_edits("a job. a job.", [Edit("a job", "one job")])
    assert (text, applied) == ("one job. a job.", 1)


def test_apply_edits_lands_only_on_the_lines_it_was_shown() -> None:
    # "runs every job" occurs on line 3 (verified) and line 5 (flagged): only line 5 changes
    article = ARTICLE + "`JobQueue.cancel()` runs every job.\n"
    text, applied, rejected = apply_edits(article, [Edit("runs every job", "is not real")],
                                          lines={6})
    assert (applied, rejected) == (1, 0)
    assert "`JobQueue.run_all()` runs every job.\n" in text
    assert text.endswith("`JobQueue.cancel()` is not real.\n")


def test_apply_edits_outside_the_shown_lines_is_rejected_and_counted() -> None:
    text, applied, rejected = apply_edits(ARTICLE, [Edit("The rest is fine.", "")], lines={4})
    assert (text, applied, rejected) == (ARTICLE, 0, 1)


def test_apply_edits_a_multi_line_find_must_lie_inside_the_shown_lines() -> None:
    find = "`JobQueue.run_all()` runs every job.\n`JobQueue.cancel()`"
    assert apply_edits(ARTICLE, [Edit(find, "x")], lines={4})[1:] == (0, 1)
    assert apply_edits(ARTICLE, [Edit(find, "x")], lines={3, 4})[1:] == (1, 0)
    whole_line = "`JobQueue.cancel()` removes a job, which is revolutionary.\n"
    assert apply_edits(ARTICLE, [Edit(whole_line, "")], lines={4})[1:] == (1, 0)


def test_shown_lines_are_the_flagged_lines_and_the_lines_review_issues_quote() -> None:
    lines = shown_lines(ARTICLE, [_finding(4, "JobQueue.cancel()"), _finding(None, "x")],
                        ["\"The rest\" is vague", "no quote at all"])
    assert lines == {4, 5}


def test_flagged_excerpt_stays_within_a_small_models_window() -> None:
    from pse.pipeline.patch import MAX_EXCERPT_CHARS, MAX_LOOSE_ISSUES

    text = "\n".join(f"`RetryPolicy` line {i} says something long enough." for i in range(40))
    issues = [f"`RetryPolicy` is wrong in way number {i}" for i in range(50)]
    excerpt = flagged_excerpt(text, [], issues)
    assert len(excerpt) <= MAX_EXCERPT_CHARS
    assert excerpt.count("REVIEW ISSUE:") <= MAX_LOOSE_ISSUES
    assert shown_lines(text, [], issues) <= set(range(1, 6))  # what the excerpt shows


def test_split_review_drops_bullets_that_only_name_something_and_repeats() -> None:
    from pse.pipeline.review import split_review

    text = "# T\n\n`RetryPolicy` waits.\n\n`RetryPolicy` retries.\n"
    tracked, loose = split_review(["`RetryPolicy`", "`RetryPolicy`", "the text never says why",
                                   "the text never says why"], text)
    assert (tracked, loose) == ([], ["the text never says why"])


def test_split_review_tracks_only_bullets_that_name_a_fault() -> None:
    from pse.pipeline.review import names_a_fault, split_review

    text = "# T\n\n`MethodDispatcher` 类继承自 `Dispatcher` 类。\n\n`Job.run` runs it.\n"
    # a small reviewer restating the line it quotes names no fault: the fix may see it
    # once, but it does not hold the line to a change (Strip would delete a true sentence)
    restated = "`MethodDispatcher` is a subclass of `Dispatcher` that extends `Dispatcher`."
    faulty = "`Job.run` runs it, but the sources never say so"
    tracked, loose = split_review([restated, faulty], text)
    assert [t["issue"] for t in tracked] == [faulty] and loose == [restated]
    assert names_a_fault("`X` does not exist in the sources")
    assert names_a_fault("`JobQueue.submit()` returns the job; say so")
    assert names_a_fault("`revolutionary` is marketing language")
    assert names_a_fault("`Dispatcher` 不是 `object` 的基类")
    assert not names_a_fault("`Dispatcher` is a class that manages multiple methods.")
    assert not names_a_fault("`VariadicSignatureMeta` is a base class that represents a "
                             "parameter signature.")


def test_a_review_bullet_that_describes_code_in_its_own_words_names_no_fault() -> None:
    from pse.pipeline.review import names_a_fault

    # words of the code's own domain are no fault: an ambiguity checker, an error class,
    # a method that adds or removes
    assert not names_a_fault("`ambiguity_warn` is a function that warns users when an "
                             "ambiguous dispatch operation occurs.")
    assert not names_a_fault("`pop` removes an item and raises an error when it is missing.")
    assert not names_a_fault("`Queue` 是一个用于应用程序的类，抛出错误时会重试。")
    assert names_a_fault("`pop` removes an item; say that it returns it")
    assert names_a_fault("`pop` is missing from the sources")
