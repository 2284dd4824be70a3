"""Section writing helpers: excerpts per section, the section's shape, summaries."""

from __future__ import annotations

from pathlib import Path

from article_support import article_settings, new_state
from pse.llm.fake import ScriptedLLM
from pse.pipeline.task import RunDeps
from pse.rag.retriever import Chunk
from pse.tasks.article import sections
from pse.tasks.article.task import ArticleTask


def test_shape_section_puts_the_planned_heading_on_top_and_demotes_others() -> None:
    text, trimmed = sections.shape_section(
        "Retries", "# My article\n## Retries, again\n\nText.\n\n## Inner\n\nMore.\n"
        "```\n## a comment in code\n```\n")
    assert text == ("## Retries\n\nText.\n\n### Inner\n\nMore.\n```\n## a comment in code\n"
                    "```\n")
    assert trimmed == ""


def test_shape_section_trims_a_reply_cut_at_the_cap() -> None:
    assert sections.shape_section("A", "Done here. And then the `")[0] == "## A\n\nDone here.\n"
    text, trimmed = sections.shape_section("A", "Text.\n\n```python\nqueue.run_all(")
    assert (text, trimmed) == ("## A\n\nText.\n", "```python\nqueue.run_all(")


def test_summary_names_the_code_a_section_explained_not_a_sentence_to_copy() -> None:
    text = ("## Queue\n\n`JobQueue.submit()` adds a job. Then `JobQueue.run_all()` runs "
            "them; `JobQueue.submit()` again.\n\n```python\nq = Hidden()\n```\n")
    assert sections.summary(text) == "explained `JobQueue.submit()`, `JobQueue.run_all()`"


def test_summary_of_a_section_without_code_names_is_its_opening_cut_short() -> None:
    long = " ".join(["word"] * 40) + ". Second."
    assert sections.summary("## A\n\nFirst one. Second one.\n") == "covered First one."
    assert sections.summary(f"## A\n\n{long}\n") == "covered " + " ".join(["word"] * 12) + " …"


def test_mentioning_finds_a_docs_passage_and_a_test_naming_the_focus() -> None:
    chunks = [Chunk("src/q.py", 1, 9, "class JobQueue: ..."),
              Chunk("README.md", 1, 5, "Use `JobQueue` to run jobs."),
              Chunk("tests/test_q.py", 1, 5, "def test_x():\n    JobQueue().run_all()"),
              Chunk("docs/other.md", 1, 5, "JobQueueing is not it.")]
    assert [c.path for c in sections.mentioning(chunks, ["JobQueue.run_all()", "JobQueue"],
                                                chunks[:1])] == [
        "README.md", "tests/test_q.py"]


def test_section_context_starts_with_the_focus_source_and_keeps_the_budget(
        tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM()))
    context = sections.section_context(task.index(state), task.chunks(state),
                                       {"title": "Backoff", "focus": ["RetryPolicy.delay()"]},
                                       retriever=None)
    assert context[0]["title"] == "class tinyqueue.queue.RetryPolicy"
    assert sum(len(str(c["text"])) for c in context) <= sections.CONTEXT_CHARS
    assert len({(c["path"], c["start"]) for c in context}) == len(context)


def test_empty_headings_are_dropped_when_shaped_and_assembled() -> None:
    text = ("Body.\n\n### Emptied by a fix\n\n### Kept\n\nMore.\n\n###\n")
    assert sections.drop_empty_headings(text).split("\n") == [
        "Body.", "", "", "### Kept", "", "More.", "", ""]
    assembled = sections.assemble("T", [{"text": "## A\n\nText.\n\n### Gone\n"},
                                        {"text": "## B\n"}])
    assert assembled == "# T\n\n## A\n\nText.\n"
    assert sections.drop_empty_headings("```\n# not a heading\n```\n") == \
        "```\n# not a heading\n```\n"


def test_shape_section_drops_sub_headings_of_a_short_section_and_keeps_its_paragraphs() -> None:
    reply = ("## Queue\n\n### Problem\n\nJobs pile up.\n\n### Conclusion\n\nIt runs them.\n\n"
             "```python\n# a comment, not a heading\n```\n")
    text, _ = sections.shape_section("Queue", reply, subheadings=False)
    assert text == ("## Queue\n\nJobs pile up.\n\nIt runs them.\n\n"
                    "```python\n# a comment, not a heading\n```\n")
    kept, _ = sections.shape_section("Queue", reply)
    assert "### Conclusion" in kept  # (a heading on top always goes)


def test_shape_section_cuts_the_replys_own_loop_and_reports_it_as_trimmed() -> None:
    once = ("`JSONDecoder` turns a JSON document into Python objects one value at a time. "
            "It raises `JSONDecodeError` when the text is not valid JSON at all.")
    reply = f"## Decoder\n\n{once}\n\n{once}\n\nThe scanner does the real work of reading.\n"
    text, trimmed = sections.shape_section("Decoder", reply)
    assert text == f"## Decoder\n\n{once}\n\nThe scanner does the real work of reading.\n"
    assert trimmed.count("`JSONDecoder` turns a JSON document") == 1
    assert "raises `JSONDecodeError`" in trimmed


def test_shape_section_cuts_a_trailing_empty_list_item() -> None:
    reply = "## Limits\n\nThree of them:\n\n1. **Errors**: few are handled.\n\n2.\n"
    assert sections.shape_section("Limits", reply) == (
        "## Limits\n\nThree of them:\n\n1. **Errors**: few are handled.\n", "2.")


def test_shape_section_drops_a_paragraph_whose_inline_code_runs_over_lines() -> None:
    reply = ("## Dates\n\n`match_to_datetime` turns a match into a `datetime`.\n\n"
             "The pattern `([01][0-9]|2[0-3])  # hours\n:([0-5][0-9])  # minutes\n)?Match` "
             "object is used.\n\n```python\nx = `y`\n```\n\nIt returns a `date` too.\n")
    text, trimmed = sections.shape_section("Dates", reply)
    assert text == ("## Dates\n\n`match_to_datetime` turns a match into a `datetime`.\n\n"
                    "```python\nx = `y`\n```\n\nIt returns a `date` too.\n")
    assert trimmed.startswith("The pattern `([01]")


def test_shape_section_trims_a_last_line_that_announces_what_never_came() -> None:
    reply = "## Use\n\n`JSONDecoder.decode()` returns the object.\n\nOutput:\n"
    assert sections.shape_section("Use", reply) == (
        "## Use\n\n`JSONDecoder.decode()` returns the object.\n", "Output:")


def test_a_package_init_of_imports_is_no_excerpt_a_docstring_is() -> None:
    init = ('__all__ = [\n    "Queue",\n    "Job",\n]\nfrom ._queue import Queue\n'
            'from ._job import Job\n')
    assert sections.is_import_list(init)
    assert not sections.is_import_list('"""Jobs."""\n\nimport time\n\n\nclass Job:\n'
                                       '    """A unit of work."""\n\n    def run(self):\n'
                                       '        time.sleep(0)\n')
