"""Plain-word code names get backticks only when the index verifies them."""

from __future__ import annotations

from collections.abc import Sequence

from pse.tasks.article.names import mark_code_names

REAL = {"JobQueue", "run_all()", "run_all", "src/tinyqueue/queue.py", "tinyqueue.queue",
        "JobQueue.submit"}


def _real(names: Sequence[str]) -> list[str]:
    return [n for n in names if n in REAL]


def test_real_code_looking_words_get_backticks() -> None:
    text = "JobQueue keeps jobs; run_all() runs them (see src/tinyqueue/queue.py)."
    assert mark_code_names(text, _real) == (
        "`JobQueue` keeps jobs; `run_all()` runs them (see `src/tinyqueue/queue.py`).")


def test_a_dotted_name_ending_a_sentence_keeps_its_period() -> None:
    assert mark_code_names("Call JobQueue.submit. Then wait.", _real) == \
        "Call `JobQueue.submit`. Then wait."


def test_unknown_names_stay_plain_so_they_add_no_finding() -> None:
    text = "JobRunner and retry_forever() are not in the index."
    assert mark_code_names(text, _real) == text


def test_ordinary_words_are_not_even_asked_about() -> None:
    asked: list[str] = []

    def spy(names: Sequence[str]) -> list[str]:
        asked.extend(names)
        return []

    mark_code_names("The queue runs Jobs in order. Python is used, e.g. here.", spy)
    assert asked == []


def test_code_spans_blocks_links_and_headings_are_left_alone() -> None:
    text = ("## JobQueue\n"
            "Use `JobQueue` or [JobQueue](queue.md), http://x.org/JobQueue\n"
            "```\nJobQueue()\n```")
    assert mark_code_names(text, _real) == text


def test_names_abutting_chinese_text_are_found() -> None:
    assert mark_code_names("类JobQueue负责调度，run_all()运行全部。", _real) == \
        "类`JobQueue`负责调度，`run_all()`运行全部。"


def test_a_longer_word_containing_a_real_name_is_not_split() -> None:
    assert mark_code_names("JobQueues and my_run_all are different.", _real) == \
        "JobQueues and my_run_all are different."
