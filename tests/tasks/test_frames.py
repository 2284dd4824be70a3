"""Repeated frames (pse.text.frames) and their place in the repetition rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.tasks.article.quality import repetitions
from pse.text.frames import frame_repeats
from pse.verify.strip import Span, strip_spans

ROOT = Path(__file__).resolve().parents[2]

_FRAME = "The solution may not be {} for large jobs, especially if the `RetryPolicy` is used."
LIMITATIONS = "# Q\n\n## Limitations\n\n" + "".join(
    f"- **{label}**: {_FRAME.format(word)}\n" for label, word in (
        ("Efficiency", "efficient"), ("Scalability", "scalable"),
        ("Maintainability", "maintainable")))

LIMITATIONS_ZH = """# Q

## 局限

- 当任务很多时，该方案可能不够高效，尤其是在使用 `RetryPolicy` 的时候。
- 当任务很多时，该方案可能不够可扩展，尤其是在使用 `RetryPolicy` 的时候。
- 当任务很多时，该方案可能难以维护，尤其是在使用 `RetryPolicy` 的时候。
"""


def test_frames_a_labelled_list_of_one_frame_is_repetition() -> None:
    found = frame_repeats(LIMITATIONS)
    assert [(r.line, r.text) for r in found] == [
        (6, LIMITATIONS.split("\n")[5]), (7, LIMITATIONS.split("\n")[6])]
    assert all(r.earlier.startswith("- **Efficiency**") for r in found)


def test_frames_chinese_list_of_one_frame_is_repetition() -> None:
    assert [r.line for r in frame_repeats(LIMITATIONS_ZH)] == [6, 7]


def test_frames_chinese_sentences_swapping_two_words_of_six_characters() -> None:
    text = ("# Q\n\n## 用途\n\n`a` 用于解析。正则表达式组的数量决定了解析字符串的模式。\n\n"
            "`b` 用于查找。正则表达式组的数量决定了重复名称错误的模式。\n\n"
            "`c` 用于格式化。正则表达式组的数量决定了日期时间格式化输出结果的模式。\n")
    # five and six characters swapped: one frame; eleven: a sentence of its own
    assert [r.line for r in frame_repeats(text)] == [7]


def test_frames_a_run_of_sentences_in_one_frame() -> None:
    text = ("# Q\n\n## Limits\n\nThe queue may be slow when many jobs fail at once. "
            "The queue may be noisy when many jobs fail at once.\n")
    (found,) = frame_repeats(text)
    assert found.line == 5 and found.text == "The queue may be noisy when many jobs fail at once."


def test_frames_a_third_sentence_of_one_frame_about_other_code_is_repetition() -> None:
    frame = "These are the default directories for `{}` and `{}` respectively."
    pairs = [("user_data_dir", "site_data_dir"), ("user_config_dir", "site_config_dir"),
             ("user_cache_dir", "site_cache_dir"), ("user_state_dir", "user_log_dir")]
    prose = "# Q\n\n## Windows\n\n" + "\n\n".join(frame.format(*p) for p in pairs) + "\n"
    assert [r.line for r in frame_repeats(prose)] == [9, 11]
    # two are parallel; and a list is one frame per item by right
    assert frame_repeats("# Q\n\n" + "\n\n".join(frame.format(*p) for p in pairs[:2])) == []
    listed = "# Q\n\n" + "".join(f"- {frame.format(*p)}\n" for p in pairs)
    assert frame_repeats(listed) == []


@pytest.mark.parametrize("text", [
    # a parameter list: the swapped word is the item's own code name
    "- `x`: the x coordinate of the point in the plane.\n"
    "- `y`: the y coordinate of the point in the plane.\n",
    # items about different code ("reach for `A`" / "reach for `B`")
    "- Use `JobQueue.submit` to add one job to the end of the queue before running.\n"
    "- Use `JobQueue.run_all` to add one job to the end of the queue before running.\n",
    # a label that is a code name, echoed by the swapped word
    "3. **JustifyMethod Class**: Defines how text should be justified within its container.\n"
    "4. **OverflowMethod Class**: Defines how text should handle overflowing within its "
    "container.\n",
    # the swapped word is the item's own label
    "- **Linux**: install it with the package manager that ships with Linux today.\n"
    "- **macOS**: install it with the package manager that ships with macOS today.\n",
    # true parallel items that differ in more than a word or two
    "- `max_attempts`: how many times a job runs before it is marked failed.\n"
    "- `backoff`: the first pause in seconds; each later pause doubles it.\n",
    # a short contrast shares too few words to be a frame
    "It returns `True` when the job ran. It returns `False` when the job failed.\n",
])
def test_frames_parallel_lists_are_not_repetition(text: str) -> None:
    assert frame_repeats(f"# Q\n\n{text}") == []


def test_frames_a_list_saying_one_sentence_of_each_name_is_repetition() -> None:
    # the items differ only in their own label said again: the third on is repetition
    names = ("ratio", "WRatio", "token_set_ratio", "partial_ratio")
    text = "# Q\n\n" + "".join(
        f"- `{n}`: The function name is `{n}`, which is a common name in the `fuzz` "
        "module.\n" for n in names)
    found = frame_repeats(text)
    assert [r.line for r in found] == [5, 6]
    assert all(r.earlier.startswith("- `ratio`:") for r in found)
    # two such items are a parallel pair, and items that say something of their own are
    # a list of the API
    assert frame_repeats("# Q\n\n" + "".join(text.split("\n", 2)[2].splitlines(True)[:2])) \
        == []
    api = "# Q\n\n" + "".join(
        f"- `{n}`: The `{n}` function returns a {kind} score of the two strings given.\n"
        for n, kind in (("ratio", "plain"), ("WRatio", "weighted"), ("QRatio", "quick")))
    assert frame_repeats(api) == []


def test_frames_lists_under_different_parents_are_compared_apart() -> None:
    text = ("# Q\n\n## A\n\n- The solution may not be efficient for large jobs at all.\n\n"
            "## B\n\n- The solution may not be scalable for large jobs at all.\n")
    assert frame_repeats(text) == []


@pytest.mark.parametrize("path", sorted(
    [*(ROOT / "docs").glob("*.md"), ROOT / "README.md", ROOT / "examples" / "article.md",
     *(ROOT / "tests" / "fixtures" / "repos").glob("*/articles/good.md")]), ids=str)
def test_frames_no_flags_on_the_projects_own_prose(path: Path) -> None:
    assert frame_repeats(path.read_text(encoding="utf-8")) == []


def test_repetition_rule_reports_frames_and_strip_removes_whole_items() -> None:
    found = [f for f in repetitions(LIMITATIONS, path="a.md") if f.rule == "repetition"]
    assert [f.line for f in found] == [6, 7]
    assert "repeats the frame of" in found[0].message
    stripped, _ = strip_spans(LIMITATIONS, [Span(f.line, f.text, repeat=True) for f in found])
    assert stripped.rstrip("\n").split("\n")[-1].startswith("- **Efficiency**")
    assert "Scalability" not in stripped and "Maintainability" not in stripped
