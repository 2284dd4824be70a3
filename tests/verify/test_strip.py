"""The deterministic strip: smallest clause, code line or table row; Markdown stays valid."""

from __future__ import annotations

import re

import pytest

from pse.verify.strip import Span, renumber_lists, repair_markdown, strip_spans


def _fences(text: str) -> int:
    return sum(1 for line in text.split("\n") if re.match(r"^\s*(```|~~~)", line))


def _code_spans_closed(text: str) -> bool:
    return all(line.count("`") % 2 == 0 for line in text.split("\n")
               if not line.lstrip().startswith("```"))


# ------------------------------------------------------------------ prose clauses

def test_strip_spans_removes_only_the_middle_clause_in_english() -> None:
    text = ("`JobQueue.run_all()` runs every job, and `JobQueue.cancel()` removes one, "
            "so the queue stays short.\n")
    out, removed = strip_spans(text, [Span(1, "JobQueue.cancel()")])
    assert out == "`JobQueue.run_all()` runs every job, so the queue stays short.\n"
    assert removed == ["and `JobQueue.cancel()` removes one,"]


def test_strip_spans_last_clause_keeps_the_full_stop_in_english() -> None:
    text = "First, `submit(f, x)` queues a job, then `Job.frob()` runs it. Next stays.\n"
    out, removed = strip_spans(text, [Span(1, "`Job.frob()`")])
    assert out == "First, `submit(f, x)` queues a job. Next stays.\n"
    assert removed == ["then `Job.frob()` runs it."]


def test_strip_spans_removes_a_chinese_clause_and_keeps_the_sentence_end() -> None:
    text = "`JobQueue.run_all()` 按顺序运行所有任务，`JobQueue.cancel()` 会删除任务。后面保留。\n"
    out, removed = strip_spans(text, [Span(1, "JobQueue.cancel()")])
    assert out == "`JobQueue.run_all()` 按顺序运行所有任务。后面保留。\n"
    assert removed == ["`JobQueue.cancel()` 会删除任务。"]


def test_strip_spans_removes_the_whole_chinese_sentence_when_the_subject_goes() -> None:
    text = "`Job.retry()` 会重试任务，并记录错误。`Job.run()` 运行一次。\n"
    out, removed = strip_spans(text, [Span(1, "Job.retry()")])
    assert out == "`Job.run()` 运行一次。\n"
    assert removed == ["`Job.retry()` 会重试任务，并记录错误。"]


def test_strip_spans_removes_the_sentence_when_the_first_clause_holds_the_span() -> None:
    text = "`Job.retry()` retries a job, which is handy. `Job.run()` runs it once.\n"
    out, removed = strip_spans(text, [Span(1, "Job.retry()")])
    assert out == "`Job.run()` runs it once.\n"
    assert removed == ["`Job.retry()` retries a job, which is handy."]


def test_strip_spans_removes_a_whole_sentence_holding_a_version_or_a_number() -> None:
    # "HTTP/1.0" had split the sentence at its dot, so a whole-sentence span matched no
    # piece and stayed (stdlib wsgiref, a borrowed-description finding)
    first = "`SimpleHandler` serves HTTP/1.0 origin servers, about 1,000 of them."
    text = f"{first} `Job.run()` runs it once.\n"
    out, removed = strip_spans(text, [Span(1, first)])
    assert out == "`Job.run()` runs it once.\n"
    assert removed == [first]


def test_strip_spans_removes_a_flagged_sentence_its_semicolon_splits() -> None:
    # tinyqueue, README command 1: a repetition "...per the policy; it returns them all."
    # is one sentence to the checks but two pieces to Strip, and had stayed open
    said = "The `run_all` method runs every job, retrying per the policy; it returns them all."
    text = f"The `JobQueue` class runs jobs. {said} Then it stops.\n"
    out, removed = strip_spans(text, [Span(1, said)])
    assert out == "The `JobQueue` class runs jobs. Then it stops.\n"
    assert removed == [said]


def test_strip_spans_never_splits_inside_a_code_span() -> None:
    # the commas and full stops inside the code spans are not clause boundaries
    text = ("Call `queue.submit(print, \"a. b\")` first, and `Job.frob(x, y)` after, "
            "then `JobQueue.run_all()` runs them.\n")
    out, removed = strip_spans(text, [Span(1, "Job.frob(x, y)")])
    assert "`queue.submit(print, \"a. b\")`" in out
    assert "Job.frob" not in out
    assert removed == ["and `Job.frob(x, y)` after,"]
    assert _code_spans_closed(out)


def test_strip_spans_ignores_a_span_not_on_its_line_and_out_of_range_lines() -> None:
    text = "`Job.run()` runs once.\n"
    out, removed = strip_spans(text, [Span(1, "Job.retry()"), Span(7, "Job.run()"),
                                      Span(0, "Job.run()")])
    assert out == text
    assert removed == []


@pytest.mark.parametrize("line", [
    "Thought: I should mention backoff. Then the retries.",  # two sentences
    "> Note: this needs Python 3.11.",                       # a quote marker
    "- Final Answer: the article.",                          # a list marker
])
def test_strip_spans_a_span_that_is_the_whole_line_removes_the_line(line: str) -> None:
    out, removed = strip_spans(f"# T\n\nText.\n{line}\nMore.\n", [Span(4, line)])
    assert out == "# T\n\nText.\nMore.\n"
    assert removed == [line]


def test_strip_spans_removes_every_occurrence_on_the_line() -> None:
    # the verifier reports a name once per line; each sentence naming it must go
    text = "`src/a_utils.py` 值得一读。 `src/a_utils.py` 保存状态。 `Job.run()` 运行一次。\n"
    out, removed = strip_spans(text, [Span(1, "src/a_utils.py")])
    assert out == "`Job.run()` 运行一次。\n"
    assert removed == ["`src/a_utils.py` 值得一读。", "`src/a_utils.py` 保存状态。"]


def test_strip_spans_matches_whole_names_only() -> None:
    text = "`JobQueue.run_all()` runs every job. `JobQueue.run` is not a method.\n"
    out, removed = strip_spans(text, [Span(1, "JobQueue.run")])
    assert out == "`JobQueue.run_all()` runs every job.\n"
    assert removed == ["`JobQueue.run` is not a method."]


def test_strip_spans_ignores_an_empty_span() -> None:
    assert strip_spans("Text.\n", [Span(1, "``"), Span(1, "")]) == ("Text.\n", [])


def test_strip_spans_keeps_the_list_marker_of_a_partly_stripped_item() -> None:
    text = "- `JobQueue.submit()` adds a job, and `JobQueue.drain()` empties the queue, too.\n"
    out, _ = strip_spans(text, [Span(1, "JobQueue.drain()")])
    assert out == "- `JobQueue.submit()` adds a job, too.\n"


# ------------------------------------------------------------------ structure

ARTICLE = """# Title

## Cancel

- `JobQueue.cancel()` removes a job.
- `JobQueue.submit()` adds a job.

## Only invented

`Job.retry()` retries a job.

## Table

| name | what |
| --- | --- |
| `Job.retry()` | retries |

## Code

```python
queue = JobQueue()
queue.cancel(job)
```

End.
"""


def test_strip_spans_removes_list_items_headings_table_rows_and_code_lines() -> None:
    out, removed = strip_spans(ARTICLE, [
        Span(5, "JobQueue.cancel()"), Span(10, "Job.retry()"), Span(16, "Job.retry()"),
        Span(22, "queue.cancel(job)")])
    assert out == ("# Title\n\n## Cancel\n\n- `JobQueue.submit()` adds a job.\n\n## Code\n\n"
                   "```python\nqueue = JobQueue()\n```\n\nEnd.\n")
    assert removed == ["`JobQueue.cancel()` removes a job.", "`Job.retry()` retries a job.",
                       "| `Job.retry()` | retries |", "queue.cancel(job)"]


def test_strip_spans_removes_an_emptied_code_block_and_its_heading() -> None:
    text = "# T\n\nIntro.\n\n## Example\n\n```python\nqueue.cancel(job)\n```\n"
    out, removed = strip_spans(text, [Span(8, "queue.cancel")])
    assert out == "# T\n\nIntro.\n"
    assert removed == ["queue.cancel(job)"]


def test_strip_spans_deletes_a_flagged_heading_line() -> None:
    text = "# T\n\n## `Job.retry()` in depth\n\nText about jobs.\n"
    out, removed = strip_spans(text, [Span(3, "Job.retry()")])
    assert out == "# T\n\nText about jobs.\n"
    assert removed == ["## `Job.retry()` in depth"]


@pytest.mark.parametrize("marker", ["-", "*", "+", "1.", "2)"])
def test_repair_markdown_drops_empty_list_items(marker: str) -> None:
    assert repair_markdown(f"- kept\n{marker}\n{marker} \n- also kept\n") == \
        "- kept\n- also kept\n"


def test_repair_markdown_drops_a_heading_with_nothing_under_it() -> None:
    text = "# T\n\n## Empty\n\n## Full\n\nText.\n\n## Trailing\n"
    assert repair_markdown(text) == "# T\n\n## Full\n\nText.\n"


def test_repair_markdown_keeps_a_heading_whose_content_is_a_subsection() -> None:
    text = "# T\n\n## Part\n\n### Detail\n\nText.\n"
    assert repair_markdown(text) == text


def test_repair_markdown_drops_a_table_without_body_rows() -> None:
    text = "Before.\n\n| a | b |\n| --- | --- |\n\nAfter.\n"
    assert repair_markdown(text) == "Before.\n\nAfter.\n"


def test_repair_markdown_closes_an_unclosed_fence() -> None:
    out = repair_markdown("Text\n\n```python\nx = 1\n")
    assert _fences(out) % 2 == 0
    assert out.startswith("Text\n\n```python\nx = 1\n")


def test_repair_markdown_collapses_blank_lines_and_ends_with_one_newline() -> None:
    assert repair_markdown("a\n\n\n\nb\n\n\n") == "a\n\nb\n"


def test_repair_markdown_keeps_adjacent_code_blocks_apart() -> None:
    text = "Intro.\n\n```python\nx = 1\n```\n\n```bash\ntinyqueue --demo\n```\n"
    assert repair_markdown(text) == text


def test_repair_markdown_leaves_comment_lines_inside_code_alone() -> None:
    # "# step two" is a Python comment, not an empty heading
    text = "# T\n\n```python\n# step one\nqueue = 1\n\n# step two\n\n# step three\n```\n"
    assert repair_markdown(text) == text


def test_strip_spans_balances_fences_on_a_mixed_article() -> None:
    text = ("# T\n\n```python\nqueue.cancel(job)\n```\n\n```python\nqueue.run_all()\n```\n\n"
            "- `Job.retry()` retries.\n")
    out, _ = strip_spans(text, [Span(4, "queue.cancel(job)"), Span(11, "Job.retry()")])
    assert out == "# T\n\n```python\nqueue.run_all()\n```\n"
    assert _fences(out) == 2


def test_strip_a_flagged_fence_line_removes_the_whole_block_and_its_path_title() -> None:
    text = ("# T\n\nIntro.\n\n#### src/a.py\n```python\nx = 1\ny = 2\n```\n\n"
            "More text here about things.\n")
    stripped, removed = strip_spans(text, [Span(6, "```python")])
    assert stripped == "# T\n\nIntro.\n\nMore text here about things.\n"
    assert removed == ["```python\nx = 1\ny = 2\n```"]


def test_strip_a_misquoted_definition_removes_its_whole_block() -> None:
    # without its ``def`` line the body would be left as broken code
    text = ("# T\n\nThe class:\n\n```python\nclass Field:\n    def match(cls, name):\n"
            "        return name\n```\n\nMore text here.\n")
    stripped, removed = strip_spans(text, [Span(7, "def match(cls, name):")])
    assert stripped == "# T\n\nThe class:\n\nMore text here.\n"
    assert removed == ["```python\nclass Field:\n    def match(cls, name):\n"
                       "        return name\n```"]
    # another line of code goes alone where the block still parses without it
    two = text.replace("        return name\n",
                       "        name = name.strip()\n        return name\n")
    assert strip_spans(two, [Span(9, "return name")])[1] == ["return name"]
    # and takes the block where it would not (a body of one line)
    assert strip_spans(text, [Span(8, "return name")])[1] == [
        "return name", "```python\nclass Field:\n    def match(cls, name):\n```"]


def test_a_deleted_block_takes_the_paragraph_that_describes_it() -> None:
    text = ("# T\n\n```python\ndef parse(text):\n    return strptime(text)\n```\n\n"
            "This code does the following:\n1. Parse the string.\n2. Return a datetime.\n\n"
            "The library parses durations.\n")
    stripped, removed = strip_spans(text, [Span(3, "```python")])
    assert stripped == "# T\n\nThe library parses durations.\n"
    assert removed[1:] == ["This code does the following:", "1. Parse the string.",
                           "2. Return a datetime."]
    # a block that stays keeps its description; a paragraph about something else stays
    assert "This code does" in strip_spans(text, [Span(13, "durations")])[0]
    other = text.replace("This code does the following:", "Durations are parsed:")
    assert "Durations are parsed:" in strip_spans(other, [Span(3, "```python")])[0]


def test_a_repeat_on_the_line_of_its_original_keeps_the_original() -> None:
    line = "It extends a host program. It extends a host program. And more."
    text, removed = strip_spans(f"Intro.\n\n{line}\n", [Span(3, "It extends a host program.",
                                                               repeat=True)])
    assert text == "Intro.\n\nIt extends a host program. And more.\n"
    assert removed == ["It extends a host program."]


def test_a_repeat_of_an_earlier_line_goes_whole_and_a_plain_span_takes_every_copy() -> None:
    text = "It extends a program.\n\nIt extends a program. Then more.\n"
    assert strip_spans(text, [Span(3, "It extends a program.", repeat=True)])[0] == \
        "It extends a program.\n\nThen more.\n"
    assert strip_spans("A is `x`. B uses `x` too.\n", [Span(1, "`x`")])[1] == [
        "A is `x`.", "B uses `x` too."]


def test_a_near_copy_on_the_line_of_its_original_goes() -> None:
    line = "JSON (JavaScript Object Notation) is a subset of JavaScript. JSON is a subset of " \
        "JavaScript."
    text, removed = strip_spans(line + "\n", [Span(1, "JSON is a subset of JavaScript.",
                                                   repeat=True)])
    assert text == "JSON (JavaScript Object Notation) is a subset of JavaScript.\n"
    assert removed == ["JSON is a subset of JavaScript."]


def test_strip_spans_reads_fences_from_the_document_model() -> None:
    # a fence inside a list item: its lines are code, removed whole, not clause by clause
    text = "- Run it:\n\n  ```python\n  x = fake_call(1), real(2)\n  ```\n\nDone.\n"
    stripped, removed = strip_spans(text, [Span(4, "`fake_call`")])
    assert removed == ["x = fake_call(1), real(2)"]
    assert "real(2)" not in stripped and "Done." in stripped



# ------------------------------------------------------------------ list items and clauses

OVERVIEW = """## Classes Overview

1. **Text Class**: The base class from which other classes inherit.
2. **Style Class**: Represents a style of text that can be applied to different parts of the text.
3. **JustifyMethod Class**: Defines how text should be justified within its container.

## Next

More text.
"""


def test_strip_a_false_item_goes_alone_with_its_label_and_the_list_stays() -> None:
    # rich, a real small-model article: the false claim is the text after the label
    out, removed = strip_spans(OVERVIEW, [
        Span(3, "The base class from which other classes inherit.")])
    assert out == OVERVIEW.replace(
        "1. **Text Class**: The base class from which other classes inherit.\n", "").replace(
        "2. **Style", "1. **Style").replace("3. **Justify", "2. **Justify")  # counted again
    assert removed == ["**Text Class**: The base class from which other classes inherit."]


def test_strip_an_emptied_item_takes_its_continuation_and_nested_items() -> None:
    text = ("The `Console` class provides:\n\n- `print`: writes output\n"
            "- `pager`: opens a pager\n  for long output\n  - `styles`: keeps colours\n"
            "- `rule`: draws a line\n")
    out, _ = strip_spans(text, [Span(4, "`pager`: opens a pager")])
    assert out == ("The `Console` class provides:\n\n- `print`: writes output\n"
                   "- `rule`: draws a line\n")


def test_strip_a_lead_in_that_goes_takes_the_list_it_introduced() -> None:
    text = ("Intro.\n\nThe `Consol` class provides:\n\n- `print`: writes output\n"
            "- `rule`: draws a line\n\nThe end.\n")
    out, removed = strip_spans(text, [Span(3, "`Consol`")])
    assert out == "Intro.\n\nThe end.\n"
    assert removed == ["The `Consol` class provides:", "- `print`: writes output",
                       "- `rule`: draws a line"]


def test_strip_a_member_of_a_coordination_takes_its_sentence() -> None:
    # without `bogus` the rest would read "a fast, and simple way": broken grammar
    text = "It is a fast, `bogus`, and simple way to style output. `Text` stays.\n"
    out, removed = strip_spans(text, [Span(1, "`bogus`")])
    assert out == "`Text` stays.\n"
    assert removed == ["It is a fast, `bogus`, and simple way to style output."]
    text = "Use `Foo` for parsing, `Bar` for output, and `Baz` for logs.\n"
    assert strip_spans(text, [Span(1, "`Bar`")])[0] == \
        "Use `Foo` for parsing, and `Baz` for logs.\n"


def test_repair_markdown_reads_fences_by_the_one_rule() -> None:
    """A longer fence quoting a shorter one is one block (its inner fences neither close it
    nor count as unbalanced), an unclosed tilde block is closed with tildes, and an empty
    block nested in a list item goes."""
    quoting = "Text.\n\n````md\n```\n```\n````\n"
    assert repair_markdown(quoting) == quoting
    assert repair_markdown("Text.\n\n~~~~\ncode\n").endswith("code\n~~~~\n")
    assert repair_markdown("- a\n\n  ```\n\n  ```\n- b\n") == "- a\n\n- b\n"


def test_strip_of_a_numbered_item_leaves_the_list_counting_from_one() -> None:
    text = "Steps:\n\n1. `bogus` first\n2. second\n3. third\n"
    out, _ = strip_spans(text, [Span(3, "`bogus`")])
    assert out == "Steps:\n\n1. second\n2. third\n"


def test_renumber_lists_keeps_a_continued_list_code_and_bullets() -> None:
    text = ("## A\n\n2. x\n4. y\n\nMore.\n\n3. z\n\n```\n7. code\n```\n\n- a\n"
            "\n## B\n\n3. w\n")
    assert renumber_lists(text) == ("## A\n\n1. x\n2. y\n\nMore.\n\n3. z\n\n```\n7. code\n"
                                    "```\n\n- a\n\n## B\n\n1. w\n")
    nested = "1. a\n2. b\n\n   1) inner\n   3) inner\n"
    assert renumber_lists(nested) == "1. a\n2. b\n\n   1) inner\n   2) inner\n"


_LABELLED_LIST = """1. **Job Class**:
   - Contains fields for the job.

2. **`JobState` Enum**:
   - Defines the states a job can be in, with three states.

3. **`JobQueue` Class**:
   - Has a `submit` method.
   - Manages the queue of jobs.
"""


def test_strip_a_label_item_whose_nested_items_all_went_goes_too() -> None:
    text, removed = strip_spans(
        _LABELLED_LIST, [Span(5, "Defines the states a job can be in, with three states.")])
    assert "JobState" not in text and removed[-1] == "2. **`JobState` Enum**:"
    assert "2. **`JobQueue` Class**:" in text  # renumbered


def test_strip_a_label_item_keeps_its_label_while_a_nested_item_stays() -> None:
    text, _ = strip_spans(_LABELLED_LIST, [Span(9, "Manages the queue of jobs.")])
    assert "**`JobQueue` Class**:" in text and "Manages" not in text


def test_strip_takes_the_sentence_that_answers_the_one_it_deletes() -> None:
    text = ("- **Logic**: The function checks if the length is below `max_length`. If not, "
            "it returns the string.\n- Other: `f` keeps words. Otherwise it stops.\n"
            "`g` 会检查长度。否则返回原字符串。\n")
    out, removed = strip_spans(text, [
        Span(1, "The function checks if the length is below `max_length`."),
        Span(3, "`g` 会检查长度。")])
    assert "If not" not in out and "否则" not in out
    assert "- Other: `f` keeps words. Otherwise it stops." in out  # its sentence stays
    assert removed[0].endswith("If not, it returns the string.")


def test_strip_takes_the_sentence_that_goes_on_from_the_one_it_deletes() -> None:
    text = ("1. The queue is not thread-safe. This can lead to race conditions.\n"
            "2. 队列不是线程安全的。这会导致竞态条件。\n"
            "3. Jobs run in order. This class keeps them in a deque.\n")
    out, removed = strip_spans(text, [Span(1, "The queue is not thread-safe."),
                                      Span(2, "队列不是线程安全的。"),
                                      Span(3, "Jobs run in order.")])
    assert "race conditions" not in out and "竞态条件" not in out
    assert "This class keeps them in a deque." in out  # a noun phrase names its own subject
    # the first sentence of an item gone, the "It" that followed it has nothing to stand for
    item, _ = strip_spans("2. **`RetryPolicy`**: The class decides retries. It backs off.\n"
                          "Jobs wait. The queue runs them. It stops at the end.\n",
                          [Span(1, "**`RetryPolicy`**: The class decides retries."),
                           Span(2, "The queue runs them.")])
    assert "It backs off" not in item
    assert "Jobs wait. It stops at the end." in item  # not first: "It" may mean "Jobs"
    # a plural demonstrative means the list the deleted first sentence gave
    listed, _ = strip_spans("`lib` 提供了 `a`、`b` 和 `c`。这些方法用于比较字符串。\n"
                            "`lib` offers `a` and `b`. These methods compare strings.\n",
                            [Span(1, "`lib` 提供了 `a`、`b` 和 `c`。"),
                             Span(2, "`lib` offers `a` and `b`.")])
    assert "这些" not in listed and "These" not in listed
    assert removed[0] == "The queue is not thread-safe. This can lead to race conditions."


def test_strip_takes_the_sentences_that_go_on_in_turn_from_the_one_it_deletes() -> None:
    text = ("`lib` is a library. It was designed to write the MSB last. This was later fixed, "
            "but old strings need `legacy=True`. Jobs wait.\n"
            "`g` 会检查长度。这是为了安全。队列很快。\n")
    out, removed = strip_spans(text, [Span(1, "`lib` is a library."), Span(2, "`g` 会检查长度。")])
    # "This was later fixed" means the sentence before it, which means the one cut
    assert out == "Jobs wait.\n队列很快。\n"
    assert removed[0].endswith("but old strings need `legacy=True`.")


def test_strip_a_labelled_opening_sentence_takes_the_rest_of_its_item() -> None:
    text = ("## Use\n\nIt has two steps:\n\n"
            "1. **Encoding**: The `encode` method converts a number. The output has the most "
            "significant digit first.\n"
            "2. **Decoding**: The `decode` method reads a string back.\n")
    out, _ = strip_spans(text, [Span(5, "The `encode` method converts a number.")])
    # "The output ..." was about what the label named: the item goes whole
    assert "most significant" not in out and "**Decoding**" in out
    # a sentence that is not the label's keeps the item
    kept, _ = strip_spans("- **Decoding**: It reads a string. It may raise `Bad`.\n",
                          [Span(1, "It may raise `Bad`.")])
    assert kept == "- **Decoding**: It reads a string.\n"


def test_repair_markdown_drops_a_code_block_left_with_only_comments_and_its_lead_in() -> None:
    text = ("## Build\n\nHere is an example of how to use `show`:\n\n```python\n"
            "# Create a UUID object\n\n# Print the UUID\n```\n\n## Decode\n\nText.\n")
    assert repair_markdown(text) == "## Decode\n\nText.\n"


def test_repair_markdown_keeps_a_block_with_code_or_of_a_language_without_known_comments(
        ) -> None:
    code = "Use it:\n\n```python\n# make one\nqueue = JobQueue()\n```\n"
    assert repair_markdown(code) == code
    # a Markdown example's "# Title" is its content, not a comment
    markdown = "An example:\n\n```markdown\n# Title\n```\n"
    assert repair_markdown(markdown) == markdown
    # a lead-in whose block is gone but which other text follows stays: it may lead it in
    text = "Run this:\n\n```sh\n# nothing left\n```\n\nThen read the log.\n"
    assert repair_markdown(text) == "Run this:\n\nThen read the log.\n"


def test_strip_drops_a_python_block_whose_kept_code_uses_a_name_only_a_cut_line_bound(
        ) -> None:
    text = ("## Use\n\nAn example:\n\n```python\nfrom ulid import build\n"
            "uuid = build_uuid()\nprint(uuid)\n```\n\n## Next\n\nText.\n")
    out, removed = strip_spans(text, [Span(7, "build_uuid")])
    # `print(uuid)` would fail without the deleted line: the block goes, and the lead-in
    # that only introduced it
    assert out == "## Next\n\nText.\n"
    assert any("print(uuid)" in r for r in removed)


def test_strip_keeps_a_python_block_whose_kept_code_stands_on_its_own() -> None:
    text = ("An example:\n\n```python\nfrom ulid import ULID\nvalue = ULID()\n"
            "print(fake_call(value))\n```\n\nMore text.\n")
    out, _ = strip_spans(text, [Span(6, "fake_call")])
    assert out == ("An example:\n\n```python\nfrom ulid import ULID\nvalue = ULID()\n```\n\n"
                   "More text.\n")


def test_repair_markdown_drops_a_lead_in_left_before_a_heading_only() -> None:
    assert repair_markdown("Intro.\n\nIt provides:\n\n## Next\n\nText.\n") == \
        "Intro.\n\n## Next\n\nText.\n"
    kept = "It provides:\n\n- `a`\n\n## Next\n\nText.\n"
    assert repair_markdown(kept) == kept
    # the sentences before the lead-in in its paragraph stay, on its line or wrapped
    assert repair_markdown("Intro. It parses\nthings like these:\n\n## Next\n\nText.\n") == \
        "Intro.\n\n## Next\n\nText.\n"
    assert repair_markdown("It parses dates.\nIt parses\nthings like these:\n\n## Next\n\nA.\n") \
        == "It parses dates.\n\n## Next\n\nA.\n"
    # a sentence that only announces the list that went, without a colon
    assert repair_markdown("It runs jobs. The solution has several limitations.\n\n## Next\n\n"
                           "A.\n") == "It runs jobs.\n\n## Next\n\nA.\n"
    assert repair_markdown("队列按顺序运行任务。它有以下几个限制。\n\n## Next\n\nA.\n") == \
        "队列按顺序运行任务。\n\n## Next\n\nA.\n"
    kept = "The solution has several limitations.\n\n- It is slow.\n\n## Next\n\nA.\n"
    assert repair_markdown(kept) == kept


def test_repair_markdown_drops_a_bare_fence_pair_around_a_section() -> None:
    # a model's fence opened on nothing: the section after it read as code, heading and all
    text = ("## What x is for\n\nIt parses times. It reads these:\n```\n\n## What x is for\n\n"
            "It parses times.\n```\n\n## Use\n\n```\n## not a heading in this block?\nx = 1\n```\n")
    out = repair_markdown(text)
    assert out.count("```") == 0 or "```\n\n## What" not in out
    assert "It parses times.\n\n## What x is for\n\nIt parses times.\n\n## Use" in out


def test_repair_markdown_drops_a_stray_bare_fence_and_reads_rst_enumerators() -> None:
    text = ("## Use\n\nInstall:\n\n```console\npip install x\n```\n\n#. Import it:\n\n"
            "More text.\n```\n\n## Next\n\n```console\nx --help\n```\n\n#.\n")
    out = repair_markdown(text)
    # the bare fence after "More text." would open a block that swallows "## Next"
    assert "More text.\n\n## Next" in out and out.count("```") == 4
    assert "1. Import it:" in out and "#." not in out
    # a bare block that quotes no fence stays
    kept = "Run:\n\n```\nx --help\n```\n"
    assert repair_markdown(kept) == kept


def test_strip_a_python_block_a_cut_line_leaves_unparsable_goes_whole() -> None:
    # the ``if`` loses its only body line: what is left would not run, so the block goes;
    # a line whose block still parses without it goes alone
    text = ("# T\n\n```python\nif ready:\n    start_bogus()\n```\n\n"
            "```python\nstart()\nfinish_bogus()\n```\n")
    stripped, removed = strip_spans(text, [Span(5, "start_bogus()"), Span(10, "finish_bogus()")])
    assert "if ready" not in stripped and "start()" in stripped
    assert "finish_bogus" not in stripped
    assert removed == ["start_bogus()", "finish_bogus()", "```python\nif ready:\n```"]


def test_repair_markdown_a_fence_too_many_before_pasted_excerpts() -> None:
    # one fence too many: every excerpt heading read as code, every excerpt as prose
    text = ("## Use\n\n```\n\n### a.py (lines 1-3) — a.f\n```\ndef f():\n    return 1\n```\n\n"
            "### b.py (lines 4-6)\n```\nimport os\n```\n")
    out = repair_markdown(text)
    assert "```\ndef f():\n    return 1\n```" in out and "```\nimport os\n```" in out
    assert "## Use\n\n### a.py (lines 1-3) — a.f\n```\ndef f()" in out and out.count("```") == 4
