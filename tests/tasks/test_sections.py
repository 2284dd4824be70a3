"""Section writing helpers: excerpts per section, the section's shape, summaries."""

from __future__ import annotations

from pathlib import Path

import pytest

from article_support import article_settings, new_state
from pse.llm.fake import ScriptedLLM
from pse.pipeline.plan import Section
from pse.pipeline.task import RunDeps
from pse.rag.retriever import Chunk
from pse.tasks.article import excerpts, sections
from pse.tasks.article.task import ArticleTask


def test_shape_section_puts_the_planned_heading_on_top_and_demotes_others() -> None:
    text, trimmed = sections.shape_section(
        "Retries", "# My article\n## Retries, again\n\nText.\n\n## Inner\n\nMore.\n"
        "```\n## a comment in code\n```\n")
    assert text == ("## Retries\n\nText.\n\n### Inner\n\nMore.\n```\n## a comment in code\n"
                    "```\n")
    assert trimmed == ""


def test_shape_section_drops_a_lead_in_that_announces_nothing() -> None:
    # the 0.5B wrote "..., such as:" and went on with another paragraph (stdlib zoneinfo)
    text, trimmed = sections.shape_section(
        "A", "Zones help. It handles time zones, such as:\n\nThe central class is `ZoneInfo`."
        "\n\nThe steps are:\n\n1. load\n2. convert\n\nExample:\n\n```python\nx = 1\n```\n")
    assert text == ("## A\n\nZones help.\n\nThe central class is `ZoneInfo`.\n\nThe steps are:"
                    "\n\n1. load\n2. convert\n\nExample:\n\n```python\nx = 1\n```\n")
    assert trimmed == "It handles time zones, such as:"


def test_shape_section_drops_a_code_free_restatement_of_an_earlier_section() -> None:
    # the 0.5B opened every json section with the pitch again, worded a little differently
    earlier = ["## What it is\n\nJSON (JavaScript Object Notation) is a subset of JavaScript, "
               "which is a programming language used for web development.\n"]
    text, trimmed = sections.shape_section(
        "B", "JSON (JavaScript Object Notation) is a subset of JavaScript, a programming "
        "language that is used to create dynamic web pages. The `JSONDecoder` class is a "
        "subset of the decoder, used for web development. It parses text.\n", earlier=earlier)
    assert text == ("## B\n\nThe `JSONDecoder` class is a subset of the decoder, used for web "
                    "development. It parses text.\n")  # a sentence naming code stays
    assert trimmed.startswith("JSON (JavaScript Object Notation)")
    assert sections.shape_section("B", "JSON is a subset of JavaScript.\n", earlier=earlier)[1] \
        == ""  # too few words to tell a restatement from a short reminder


def test_shape_section_trims_a_reply_cut_at_the_cap() -> None:
    assert sections.shape_section("A", "Done here. And then the `")[0] == "## A\n\nDone here.\n"
    text, trimmed = sections.shape_section("A", "Text.\n\n```python\nqueue.run_all(")
    assert (text, trimmed) == ("## A\n\nText.\n", "```python\nqueue.run_all(")


def test_summary_names_the_code_a_section_explained_not_a_sentence_to_copy() -> None:
    text = ("## Queue\n\n`JobQueue.submit()` adds a job. Then `JobQueue.run_all()` runs "
            "them; `JobQueue.submit()` again.\n\n```python\nq = Hidden()\n```\n")
    assert sections.summary(text) == "explained `JobQueue.submit()`, `JobQueue.run_all()`"


def test_summary_of_a_section_without_code_names_is_empty_never_its_sentence() -> None:
    # a mangled opening sentence, shown as the summary, opened every later section
    assert sections.summary("## A\n\nJSON is a subset of JavaScript. Second one.\n") == ""


def test_mentioning_finds_a_docs_passage_and_a_test_naming_the_focus() -> None:
    chunks = [Chunk("src/q.py", 1, 9, "class JobQueue: ..."),
              Chunk("README.md", 1, 5, "Use `JobQueue` to run jobs."),
              Chunk("tests/test_q.py", 1, 5, "def test_x():\n    JobQueue().run_all()"),
              Chunk("docs/other.md", 1, 5, "JobQueueing is not it.")]
    assert [c.path for c in sections.mentioning(chunks, ["JobQueue.run_all()", "JobQueue"],
                                                chunks[:1])] == [
        "README.md", "tests/test_q.py"]


def test_a_docs_passage_keeps_what_its_unfinished_paragraph_introduces() -> None:
    readme = ("# Features\n\n`DotMap` is a dot-access `dict` subclass that\n\n"
              "-   has dynamic hierarchy creation\n-   is ordered by insertion\n\n"
              "# Install\n\nRun pip.\n")
    chunks = [Chunk("README.md", 21, 30, readme)]
    [passage] = sections.mentioning(chunks, ["DotMap"], [])
    assert passage.text.endswith("is ordered by insertion") and passage.start == 23
    # a paragraph that ends its sentence stands alone
    done = readme.replace("subclass that", "subclass.")
    [alone] = sections.mentioning([Chunk("README.md", 21, 30, done)], ["DotMap"], [])
    assert alone.text == "`DotMap` is a dot-access `dict` subclass."
    # a heading ends no sentence, and introduces no paragraph of its own
    assert not excerpts._introduces("# Features") and excerpts._introduces("Example:")
    assert not excerpts._introduces("    queue.run_all()")


def test_section_context_starts_with_the_focus_source_and_keeps_the_budget(
        tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM()))
    context = sections.section_context(task.index(state), task.chunks(state),
                                       Section("Backoff", focus=["RetryPolicy.delay()"]),
                                       retriever=None)
    assert context[0].title == "class tinyqueue.queue.RetryPolicy"
    assert sum(len(c.text) for c in context) <= sections.CONTEXT_CHARS
    assert len({(c.path, c.start) for c in context}) == len(context)


def test_empty_headings_are_dropped_when_shaped_and_assembled() -> None:
    text = ("Body.\n\n### Emptied by a fix\n\n### Kept\n\nMore.\n\n###\n")
    assert sections.drop_empty_headings(text).split("\n") == [
        "Body.", "", "", "### Kept", "", "More.", "", ""]
    assembled = sections.assemble("T", [Section("A", text="## A\n\nText.\n\n### Gone\n"),
                                        Section("B", text="## B\n")])
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


def test_changelogs_and_agent_instructions_are_no_docs_a_writer_sees() -> None:
    chunks = [Chunk("CHANGELOG.rst", 1, 5, "``JobQueue`` now emits a warning."),
              Chunk("docs/changes/1.2.md", 1, 5, "JobQueue was renamed."),
              Chunk("docs/guide.rst", 1, 5, "Use ``JobQueue`` to run jobs.")]
    assert [c.path for c in sections.doc_chunks(chunks)] == ["docs/guide.rst"]
    assert [c.path for c in sections.mentioning(chunks, ["JobQueue"], [])] == ["docs/guide.rst"]
    assert sections.is_meta_doc("HISTORY.md") and not sections.is_meta_doc("src/changes.py")
    assert sections.is_meta_doc("CLAUDE.md") and sections.is_meta_doc(".github/AGENTS.md")
    assert not sections.is_meta_doc("docs/agents-guide.md")


def test_a_sections_rst_docs_passage_reaches_the_writer_as_short_markdown(
        tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM()))
    para = "Call :meth:`~tinyqueue.queue.RetryPolicy.delay` with ``attempt``. " * 6
    docs = [Chunk("docs/retry.rst", 1, 40, "\n\n".join([para] * 4))]
    context = sections.section_context(task.index(state), task.chunks(state),
                                       Section("Backoff", focus=["RetryPolicy.delay()"]),
                                       retriever=None, planner_context=docs)
    passage = next(c.text for c in context if c.path == "docs/retry.rst")
    assert ":meth:" not in passage and "``" not in passage
    assert "Call `delay` with `attempt`." in passage
    assert len(passage) <= 700 and passage.endswith(".")


def test_shape_section_trims_an_unfinished_sentence_wrapped_over_lines() -> None:
    reply = ("`JobQueue` runs jobs in order.\n\nThere are some established mechanisms for\n"
             "changing other programs like\n[overriding](https://example.org/o)\n(e.g. Jinja2")
    text, trimmed = sections.shape_section("Queue", reply)
    assert text == "## Queue\n\n`JobQueue` runs jobs in order.\n"
    assert trimmed.startswith("There are some") and trimmed.endswith("(e.g. Jinja2")


def test_shape_section_reads_rst_roles_a_writer_copied_as_markdown() -> None:
    reply = ("Register plugins with :meth:`PluginManager.register` and pass ``self``; see "
             "`register(plugin) <PluginManager.register>`.\n\n```rst\n:meth:`kept`\n```\n")
    text, _ = sections.shape_section("Plugins", reply)
    assert "`PluginManager.register` and pass `self`; see `register(plugin)`." in text
    assert ":meth:`kept`" in text  # fenced code is left as written


def test_a_package_named_agents_keeps_its_docs() -> None:
    assert not sections.is_meta_doc("agents/README.md")
    assert not sections.is_meta_doc("docs/agents/index.md")


def test_a_docs_passage_is_the_paragraph_naming_the_focus_not_the_readmes_pitch() -> None:
    readme = ("tinyqueue\n=========\n\nThe most delightful queue ever written.\n\n"
              "A definitive example::\n\n    queue = JobQueue()\n    queue.run_all()\n\n"
              "Please read the docs.\n")
    chunks = [Chunk("README.rst", 1, 12, readme)]
    passage = sections.mentioning(chunks, ["JobQueue"], [])[0]
    assert passage.text == "A definitive example::\n\n    queue = JobQueue()\n    queue.run_all()"
    assert (passage.start, passage.end) == (6, 9)


def test_shape_section_drops_a_pasted_list_of_names_as_trimmed() -> None:
    reply = ("`JobQueue` runs jobs in order.\n\n`HookimplMarker`, `src/q.py`, `README.rst`, "
             "`JobState`\n\nEach `Job` counts its attempts.\n")
    text, trimmed = sections.shape_section("Queue", reply)
    assert text == ("## Queue\n\n`JobQueue` runs jobs in order.\n\nEach `Job` counts its "
                    "attempts.\n")
    assert "`HookimplMarker`, `src/q.py`" in trimmed


def test_summary_lists_code_names_not_files_and_at_most_four() -> None:
    text = "## A\n\n`a`, `b.py`, `README.rst`, `src/x.py`, `B`, `C`, `D`, `E` are here.\n"
    assert sections.summary(text) == "explained `a`, `B`, `C`, `D`"


def test_a_long_source_excerpt_is_cut_at_a_line_end() -> None:
    # cut mid-line, the excerpt ended in "    erro" and the 0.5B pasted it so (wsgiref)
    lines = [f"    setting_{n} = None  # what setting {n} does" for n in range(60)]
    text = "class BaseHandler:\n" + "\n".join(lines) + "\n"
    excerpt = sections.source_excerpt(text)
    assert len(excerpt) <= excerpts._MAX_CHUNK < len(text)
    assert text.startswith(excerpt) and text[len(excerpt)] == "\n"
    assert excerpt.split("\n")[-1] in lines
    assert sections.source_excerpt("x = 1\n") == "x = 1\n"


def test_shape_section_drops_a_code_free_opening_that_points_at_nothing() -> None:
    # the 0.5B began two cachetools sections "It is ..." under the heading it took as
    # the antecedent
    text, trimmed = sections.shape_section(
        "Keys", "It is particularly useful for applications that need fast lookups. "
        "The `hashkey` function returns a tuple of its arguments. It is hashable.\n")
    assert text == ("## Keys\n\nThe `hashkey` function returns a tuple of its arguments. "
                    "It is hashable.\n")
    assert trimmed == "It is particularly useful for applications that need fast lookups."


@pytest.mark.parametrize("reply", [
    "It wraps `Cache` in a lock. More follows.\n",             # names code: it says something
    "```python\nx = hashkey(1)\n```\n\nIt returns a tuple.\n",  # "It" is the example's result
    "This module provides the keys. It is small.\n",           # a subject, not a pronoun
])
def test_shape_section_keeps_an_opening_with_something_to_say(reply: str) -> None:
    text, trimmed = sections.shape_section("Keys", reply)
    assert text == f"## Keys\n\n{reply.strip()}\n"
    assert trimmed == ""


def test_shape_section_keeps_a_list_that_opens_a_section() -> None:
    # dropping "1. It uses ..." and "2. It does not ..." had left the list starting at 3
    reply = "1. It uses a dictionary.\n2. It needs nothing else.\n3. `Cache` is a mapping.\n"
    text, trimmed = sections.shape_section("Keys", reply)
    assert text == f"## Keys\n\n{reply.strip()}\n" and trimmed == ""


def test_context_blocks_cut_an_excerpt_at_a_line_end() -> None:
    from pse.rag.context import context_blocks

    text = "".join(f"        result = step_{n}(data)\n" for n in range(80))
    block = context_blocks([{"path": "h.py", "start": 1, "end": 80, "text": text}],
                           max_chars=1000)
    body = block.split("```\n", 1)[1].rsplit("\n```", 1)[0]
    assert 900 < len(body) <= 1000 and text.startswith(body + "\n")


def test_a_focus_that_names_a_file_gets_that_files_definition_not_a_namesakes(
        tmp_path: Path) -> None:
    from pse.index.builder import build_index

    root = tmp_path / "tree"
    (root / "shells" / "posix").mkdir(parents=True)
    (root / "shells" / "__init__.py").write_text("", encoding="utf-8")
    (root / "shells" / "nt.py").write_text("def get_shell(pid=None):\n    return 'cmd'\n",
                                          encoding="utf-8")
    (root / "shells" / "posix" / "__init__.py").write_text(
        "def get_shell(pid=None):\n    return 'bash'\n", encoding="utf-8")
    index, _ = build_index(root, cache_dir=tmp_path / "cache", workers=1)
    try:
        chunks = [Chunk(path, 1, 2, (root / path).read_text(encoding="utf-8"))
                  for path in ("shells/nt.py", "shells/posix/__init__.py")]
        focus = ["get_shell", "shells/posix/__init__.py"]
        context = sections.section_context(index, chunks, Section("Posix", focus=focus),
                                           retriever=None)
        assert context[0].path == "shells/posix/__init__.py"
        # with no file named, both namesakes stay candidates
        assert {c.path for c in excerpts.defining(index, chunks, "get_shell")} == \
            {"shells/nt.py", "shells/posix/__init__.py"}
    finally:
        index.close()
