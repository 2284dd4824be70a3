"""The article's plan: outlines parsed and verified, or a plan built from the index."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import pytest

from article_support import PLAN, article_settings, new_state
from pse.llm.fake import ScriptedLLM
from pse.pipeline.codec import section_from_dict
from pse.pipeline.plan import Section
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, SectionedTask
from pse.rag.retriever import Chunk
from pse.tasks.article import plan
from pse.tasks.article.task import ArticleTask

REAL = {"JobQueue.submit()", "JobQueue.run_all()", "RetryPolicy.delay()", "Job.run()",
        "JobState", "src/tinyqueue/queue.py"}


def _resolve(names: Sequence[str]) -> list[str]:
    return [n for n in names if n in REAL]


def test_parse_outline_reads_sections_and_keeps_only_resolved_focus() -> None:
    outline = PLAN.replace("- `RetryPolicy.delay()`", "- `RetryPolicy.delay()`, `Policy.jitter()`")
    title, sections, problem = plan.parse_outline(outline, _resolve)
    assert (title, problem) == ("How tinyqueue retries failed jobs", "")
    assert [(s.title, s.focus) for s in sections] == [
        ("The queue", ["JobQueue.submit()", "JobQueue.run_all()"]),
        ("Retries", ["RetryPolicy.delay()"]), ("Jobs", ["Job.run()", "JobState"])]


def test_parse_outline_an_article_is_not_an_outline() -> None:
    prose = "tinyqueue runs jobs in order and retries them when they fail, as policy says. " * 3
    _, _, problem = plan.parse_outline(f"# T\n\n## A\n{prose}\n\n## B\n{prose}\n", _resolve)
    assert problem.startswith("the reply is an article, not an outline")


def test_parse_outline_that_names_nothing_real_is_unusable() -> None:
    outline = "# T\n\n## Intro\n- `Scheduler.tick()`\n\n## More\n- the idea\n\n## End\n- bye\n"
    _, sections, problem = plan.parse_outline(outline, _resolve)
    assert sections == []
    assert problem.startswith("the outline has 0 section(s) naming real code")
    assert "not in the code: Scheduler.tick()" in problem


@pytest.mark.parametrize(("words", "count"), [(150, 3), (600, 4), (900, 6), (3000, 6)])
def test_section_count_follows_the_length(words: int, count: int) -> None:
    assert plan.section_count(words) == count


def test_index_plan_of_tinyqueue_is_central_classes_first(tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue, words=600), RunDeps(llm=ScriptedLLM()))
    sections = task.index_plan(state)
    assert [s.title for s in sections][0] == "What tinyqueue is for"
    assert sections[0].focus == ["JobQueue", "src/tinyqueue/queue.py"]
    assert sections[1].title == \
        "`JobQueue` and `RetryPolicy`: Runs jobs in the order they were added"
    assert sections[-1] == Section(title="Running it", focus=["main"], source="index",
                                   brief="how a user starts the project: its entry points")
    assert len(sections) == 4 and all(s.source == "index" for s in sections)
    for section in sections:  # every focus name resolves
        assert task.verified_names(state, section.focus) == section.focus


def test_section_round_trips_through_the_codec() -> None:
    section = Section(title="A", focus=["x"], source="index", brief="b", text="## A\n",
                      excerpts=[Chunk("a.py", 1, 3, "def a(): ...", symbol="a")])
    assert section_from_dict(json.loads(json.dumps(asdict(section)))) == section


def test_the_article_task_is_a_sectioned_task(tinyqueue: Path) -> None:
    assert isinstance(ArticleTask(settings=article_settings(tinyqueue)), SectionedTask)


def test_state_current_text_follows_the_cursor() -> None:
    state = PSEState(run_id="r", task="t", section=1, artifact="whole",
                     sections=[Section("A", text="one"), Section("B", text="two")])
    assert state.current_text() == "two"
    assert state.with_text("2").sections[1].text == "2"
    done = PSEState(run_id="r", task="t", sections=[Section("A", text="one")], section=1,
                    artifact="all")
    assert (done.in_sections, done.current_text(), done.with_text("x").artifact) == (
        False, "all", "x")


def test_index_plan_overview_reads_the_readme_when_there_is_one(tinyqueue: Path) -> None:
    (tinyqueue / "README.md").write_text("# tinyqueue\n\nRun `JobQueue` jobs in order.\n",
                                         encoding="utf-8")
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue, words=600), RunDeps(llm=ScriptedLLM()))
    overview = task.index_plan(state)[0]
    assert overview.focus == ["JobQueue", "src/tinyqueue/queue.py", "README.md"]
    assert task.verified_names(state, overview.focus) == overview.focus


def test_central_symbols_prefer_the_package_named_after_the_project(tmp_path: Path) -> None:
    from pse.index.builder import build_index
    from pse.rag.chunks import chunk_tree
    from pse.tasks.article.plan import central_symbols

    package = tmp_path / "src" / "tidy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from tidy.core import Cleaner\n", encoding="utf-8")
    (package / "core.py").write_text("class Cleaner:\n    def run(self):\n        pass\n",
                                     encoding="utf-8")
    script = tmp_path / "scripts"
    script.mkdir()
    (script / "release.py").write_text(
        "def bump():\n    pass\n\n\ndef tag():\n    bump()\n", encoding="utf-8")
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache")
    chunks = chunk_tree(index)
    assert [name for _, name, _ in central_symbols(index, chunks, project="tidy")] == ["Cleaner"]
    assert {name for _, name, _ in central_symbols(index, chunks)} == {"Cleaner", "bump", "tag"}


def test_index_plan_of_a_chinese_article_has_chinese_headings(tinyqueue: Path) -> None:
    task = ArticleTask(settings=article_settings(tinyqueue))
    state = task.prepare(new_state(tinyqueue, words=600, lang="zh"),
                         RunDeps(llm=ScriptedLLM()))
    titles = [s.title for s in task.index_plan(state)]
    assert titles[0] == "tinyqueue 是做什么的" and titles[-1] == "如何运行"
    # an English docstring's summary stays out of a Chinese heading: the module names it
    assert titles[1].endswith("中的 `JobQueue` 与 `RetryPolicy`") and "Runs jobs" not in titles[1]


def test_a_chinese_section_prompt_ends_with_an_instruction_in_chinese(tinyqueue: Path) -> None:
    from dataclasses import replace

    task = ArticleTask(settings=article_settings(tinyqueue))
    for lang, last in (("zh", "请用简体中文写这一节；代码名、路径和代码保持原样。"),
                       ("en", "Output only the section.")):
        state = task.prepare(new_state(tinyqueue, words=600, lang=lang),
                             RunDeps(llm=ScriptedLLM()))
        state = replace(state, sections=task.index_plan(state),
                        section=0)
        ask = task.messages("specialist", state)[-1].content
        assert ask.rstrip().endswith(last)


def test_central_symbols_leave_out_a_test_module_inside_the_package(tmp_path: Path) -> None:
    # dotmap keeps its tests in dotmap/test.py: its test classes are no central abstraction
    from pse.index.builder import build_index
    from pse.rag.chunks import chunk_tree
    from pse.tasks.article.plan import central_symbols

    package = tmp_path / "dots"
    package.mkdir()
    (package / "__init__.py").write_text("class DotMap(dict):\n    def get(self, k):\n"
                                         "        return k\n", encoding="utf-8")
    (package / "test.py").write_text(
        "import unittest\nfrom dots import DotMap\n\n\nclass TestBasic(unittest.TestCase):\n"
        "    def test_get(self):\n        DotMap().get(1)\n", encoding="utf-8")
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache")
    names = [name for _, name, _ in central_symbols(index, chunk_tree(index), project="dots")]
    assert names == ["DotMap"]


def test_central_symbols_leave_out_what_a_main_guard_defines(tmp_path: Path) -> None:
    # dotmap's module ends with a demo under its main guard: `test` and `D` are no API
    from pse.index.builder import build_index
    from pse.rag.chunks import chunk_tree
    from pse.tasks.article.plan import central_symbols

    package = tmp_path / "dots"
    package.mkdir()
    (package / "__init__.py").write_text(
        "class DotMap(dict):\n    pass\n\n\ndef here(item=None):\n    return item\n\n\n"
        "if __name__ == '__main__':\n    def test(**kwargs):\n        return DotMap(kwargs)\n\n"
        "    class D:\n        pass\n", encoding="utf-8")
    index, _ = build_index(tmp_path, cache_dir=tmp_path / ".cache")
    names = {name for _, name, _ in central_symbols(index, chunk_tree(index), project="dots")}
    assert names == {"DotMap", "here"}
