"""The article task: its checks, styles and projects registry, prompts and front matter."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from article_support import (
    CLEAN,
    CLEAN_ZH,
    WITH_INVENTED,
    article_settings,
    copy_tinyqueue,
    new_state,
)
from pse.errors import ConfigError, SourceError, TaskError
from pse.index.facts import ProjectFacts
from pse.llm.fake import ScriptedLLM
from pse.llm.types import Stage
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.rag.retriever import Chunk
from pse.tasks import available_tasks, load_task_factory
from pse.tasks.article import checks
from pse.tasks.article.registry import (
    STYLES_FILE,
    choose_style,
    load_projects,
    load_styles,
    read_history,
    record_style,
)
from pse.tasks.article.task import RULES, ArticleTask
from pse.verify.finding import Finding


@pytest.fixture
def task(tinyqueue: Path) -> ArticleTask:
    return ArticleTask(settings=article_settings(tinyqueue))


@pytest.fixture
def prepared(task: ArticleTask, tinyqueue: Path) -> PSEState:
    return task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM()))


def _found(result_bad: list[Finding], rule: str | None = None) -> list[tuple[int | None, str]]:
    return [(f.line, f.text) for f in result_bad if rule is None or f.rule == rule]


# ------------------------------------------------------------------ exaggeration

def test_exaggerations_english_terms_case_insensitive() -> None:
    terms = checks.load_terms(RULES, "en")
    text = "# Q\n\nIt is a Revolutionary queue.\nRetries are blazing fast, and world-class.\n"
    found = checks.exaggerations(text, terms, path="a.md")
    assert sorted((f.line, f.text, f.rule) for f in found) == [
        (3, "Revolutionary", "exaggeration"), (4, "blazing fast", "exaggeration"),
        (4, "world-class", "exaggeration")]
    assert all(f.path == "a.md" and f.hint for f in found)


def test_exaggerations_chinese_terms() -> None:
    terms = checks.load_terms(RULES, "zh")
    text = "这是革命性的队列，性能遥遥领先。\n普通的一句。\n"
    found = checks.exaggerations(text, terms, path="a.md")
    assert [(f.line, f.text) for f in found] == [(1, "革命性"), (1, "遥遥领先")]


def test_load_terms_skips_comments_and_blank_lines_and_missing_files(tmp_path: Path) -> None:
    (tmp_path / "exaggeration.en.txt").write_text("# comment\n\n  magical  \nsuper fast\n",
                                                  encoding="utf-8")
    assert checks.load_terms(tmp_path, "en") == ["magical", "super fast"]
    assert checks.load_terms(tmp_path, "fr") == []


def test_bundled_rule_files_have_terms_in_both_languages() -> None:
    assert "revolutionary" in checks.load_terms(RULES, "en")
    assert "革命性" in checks.load_terms(RULES, "zh")
    assert not any(t.startswith("#") for t in checks.load_terms(RULES, "zh"))


# ------------------------------------------------------------------ reasoning leaks

@pytest.mark.parametrize("line", [
    "Thought: I should mention backoff.", "Final Answer: here it is", "Action Input: {}",
    "thinking: hmm", "- Outline: intro, body", "> Observation: done", "TODO: check this",
    "大纲：引言", "思考: 先写开头", "<think>", "The end.</think>",
])
def test_reasoning_leaks_flag_model_notes(line: str) -> None:
    found = checks.reasoning_leaks(f"# Q\n\nText.\n{line}\n", path="a.md")
    assert [(f.line, f.text, f.rule) for f in found] == [(4, line.strip(), "reasoning-leak")]


@pytest.mark.parametrize("line", [
    "The thought behind the design is simple.", "The final answer is a deque.",
    "## Design notes and trade-offs", "`JobQueue.run_all()` runs: first in, first out.",
])
def test_reasoning_leaks_leave_prose_alone(line: str) -> None:
    assert checks.reasoning_leaks(f"{line}\n", path="a.md") == []


# ------------------------------------------------------------------ numeric claims

FACTS = ProjectFacts(name="tinyqueue", version="0.3.1",
                     files_per_language={"python": 4, "toml": 1},
                     lines_per_language={"python": 131, "toml": 9})


@pytest.mark.parametrize(("line", "text", "message"), [
    ("The project has 12 files.", "12 files", "the repository has 5 files, not 12"),
    ("The codebase is about 3,000 lines of code.", "3,000 lines of code",
     "the repository has 140 lines of code, not 3000"),
    ("In total it has 9 Python files.", "9 Python files",
     "the repository has 4 python files, not 9"),
    ("整个项目共 40 个文件。", "40 个文件", "the repository has 5 个文件, not 40"),
    ("项目一共 2000 行代码。", "2000 行代码", "the repository has 140 行代码, not 2000"),
    ("tinyqueue version 1.0 adds retries.", "1.0", "the project's version is 0.3.1, not 1.0"),
    ("tinyqueue v2.1.0 is out.", "2.1.0", "the project's version is 0.3.1, not 2.1.0"),
    ("This is version 0.4 of tinyqueue.", "0.4", "the project's version is 0.3.1, not 0.4"),
])
def test_numeric_claims_wrong_numbers_are_flagged(line: str, text: str, message: str) -> None:
    found = checks.numeric_claims(f"# Q\n\n{line}\n", FACTS, path="a.md")
    assert [(f.line, f.text, f.message) for f in found] == [(3, text, message)]
    assert found[0].rule == "numeric-claim"


@pytest.mark.parametrize("line", [
    "The project has 5 files.", "It has 140 lines.", "About 130 lines of code.",
    "The project has 4 Python files.", "tinyqueue version 0.3.1 is current.",
    "It needs Python version 3.11.",  # a version, but not of the project
    # figures that are not the repository's (the old check flagged these)
    "This method is only 12 lines long.", "`JobQueue.run_all()` reads 2 files.",
    "tinyqueue runs on Python 3.11 and later.", "The function has 30 lines.",
    "```text 99 files```", "```\n$ ls | wc -l  # 42 files\n```", "~~~\n42 files\n~~~",
])
def test_numeric_claims_true_or_unrelated_numbers_pass(line: str) -> None:
    assert checks.numeric_claims(f"{line}\n", FACTS, path="a.md") == []


def test_numeric_claims_resume_after_a_code_block() -> None:
    text = "```text\n42 files\n```\nThe project has 12 files.\n"
    assert [(f.line, f.text) for f in checks.numeric_claims(text, FACTS, path="a.md")] == [
        (4, "12 files")]


def test_numeric_claims_without_facts_check_nothing() -> None:
    assert checks.numeric_claims("It has 12 files, version 9.9.\n", ProjectFacts(),
                                 path="a.md") == []


# ------------------------------------------------------------------ translation references

def test_reference_set_changes_equal_sets_pass() -> None:
    assert checks.reference_set_changes({"A", "B"}, {"B", "A"}, path="t.md", lines={}) == []


def test_reference_set_changes_report_dropped_and_added_names() -> None:
    found = checks.reference_set_changes({"Job.run()", "JobQueue"}, {"JobQueue", "Job.retry()"},
                                         path="t.md", lines={"Job.retry()": 7})
    assert [(f.rule, f.text, f.line) for f in found] == [
        ("translation-dropped-ref", "Job.run()", None),
        ("translation-added-ref", "Job.retry()", 7)]


# ------------------------------------------------------------------ ArticleTask.verify

def test_article_verify_clean_text_passes(task: ArticleTask, prepared: PSEState) -> None:
    result = task.verify(prepared, CLEAN, lang="en")
    assert result.bad == []
    assert {f.text for f in result.ok} >= {"JobQueue.submit()", "RetryPolicy.delay()"}


def test_article_verify_composes_every_check(task: ArticleTask, prepared: PSEState) -> None:
    text = (WITH_INVENTED + "\nThe project has 30 files, which is revolutionary.\n"
            "Thought: mention `Job.run()`.\n")
    result = task.verify(prepared, text, lang="en")
    assert [(f.line, f.rule, f.text) for f in result.bad] == [
        (6, "ref-unverified", "JobQueue.cancel()"),
        (16, "exaggeration", "revolutionary"),
        (16, "numeric-claim", "30 files"),
        (17, "reasoning-leak", "Thought: mention `Job.run()`.")]
    assert {f.path for f in result.bad} == {"artifact.en.md"}


def test_article_verify_uses_the_language_rules(task: ArticleTask, prepared: PSEState) -> None:
    text = CLEAN_ZH + "\n这个设计是革命性的 revolutionary。\n"
    assert _found(task.verify(prepared, text, lang="zh").bad) == [(15, "革命性")]


def test_article_verify_translation_must_keep_the_reference_set(
        task: ArticleTask, prepared: PSEState) -> None:
    assert task.verify(prepared, CLEAN_ZH, lang="zh", original=CLEAN).bad == []
    dropped = CLEAN_ZH.replace("`RetryPolicy.delay()` 给出", "它给出")
    added = CLEAN_ZH + "\n`Job.attempts` 记录尝试次数。\n"
    assert _found(task.verify(prepared, dropped, lang="zh", original=CLEAN).bad,
                  "translation-dropped-ref") == [(None, "RetryPolicy.delay()")]
    assert _found(task.verify(prepared, added, lang="zh", original=CLEAN).bad,
                  "translation-added-ref") == [(15, "Job.attempts")]


def test_article_verify_user_rules_dir(tinyqueue: Path, tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "exaggeration.en.txt").write_text("handy\n", encoding="utf-8")
    task = ArticleTask(settings=article_settings(tinyqueue), rules_dir=rules)
    state = task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM()))
    result = task.verify(state, "# Q\n\nA handy and revolutionary queue.\n", lang="en")
    assert _found(result.bad) == [(3, "handy")]


def test_article_verify_flags_an_invented_option_of_the_projects_command(
        task: ArticleTask, prepared: PSEState) -> None:
    result = task.verify(prepared, "# Q\n\nRun `tinyqueue --demo --verbose`.\n", lang="en")
    assert _found(result.bad) == [(3, "tinyqueue --demo --verbose")]


def test_article_strip_spans_are_the_located_findings(task: ArticleTask,
                                                      prepared: PSEState) -> None:
    result = task.verify(prepared, CLEAN_ZH.replace("`RetryPolicy.delay()` 给出", "它给出")
                         + "\n`Job.retry()` 重试。\n", lang="zh", original=CLEAN)
    spans = task.strip_spans(prepared, result)
    assert [(s.line, s.text) for s in spans] == [(15, "Job.retry()"), (15, "Job.retry()")]


# ------------------------------------------------------------------ prepare, prompts, finalize

def test_article_prepare_collects_facts_style_files_and_context(task: ArticleTask,
                                                                prepared: PSEState) -> None:
    facts = prepared.data["facts"]
    assert isinstance(facts, dict)
    assert (facts["name"], facts["version"]) == ("tinyqueue", "0.3.1")
    assert prepared.data["style"] == "architecture"
    assert "- src/tinyqueue/queue.py" in str(prepared.data["file_tree"])
    assert prepared.context and all(c.path for c in prepared.context)


def test_article_prepare_uses_an_injected_retriever(task: ArticleTask, tinyqueue: Path) -> None:
    chunk = Chunk(path="src/tinyqueue/job.py", start=1, end=2, text="class Job: ...",
                  title="class Job")

    class OneChunk:
        def search(self, query: str, *, k: int = 8) -> list[Chunk]:
            assert "tinyqueue" in query and k == 4
            return [chunk]
    state = task.prepare(new_state(tinyqueue), RunDeps(llm=ScriptedLLM(), retriever=OneChunk()))
    # the central classes' own source first (by how many files name them), then retrieval
    assert [c.title for c in state.context] == [
        "class tinyqueue.queue.JobQueue", "class tinyqueue.job.Job",
        "class tinyqueue.queue.RetryPolicy", "class Job"]
    assert state.context[-1] == chunk


def test_article_messages_share_one_prefix_across_stages(task: ArticleTask,
                                                         prepared: PSEState) -> None:
    stages: tuple[Stage, ...] = ("planner", "specialist", "evaluator", "fix", "translate")
    messages = {s: task.messages(s, prepared, flagged="LINE 3", target="zh") for s in stages}
    shared = messages["planner"][1].content.split("\n---\n\n")[0]
    assert "PROJECT: tinyqueue" in shared and "def run_all" in shared
    for stage in stages:
        system, user = messages[stage]
        assert system == messages["planner"][0] and system.role == "system"
        assert user.content.startswith(shared + "\n---\n\n")
    assert "LINE 3" in messages["fix"][1].content
    assert "Chinese" in messages["translate"][1].content


def test_article_messages_name_the_language_and_style(task: ArticleTask,
                                                      prepared: PSEState) -> None:
    zh = replace(prepared, inputs=replace(prepared.inputs, lang="zh"))
    planner = task.messages("planner", zh)[1].content
    assert "in Chinese (简体中文)" in planner and "Architecture walkthrough" in planner


def test_article_finalize_adds_front_matter(task: ArticleTask, prepared: PSEState) -> None:
    text = task.finalize(prepared, '---\nold: x\n---\n# A "quoted" title\n\nBody.\n', lang="zh")
    assert text == ('---\ntitle: "A \\"quoted\\" title"\nproject: "tinyqueue"\n'
                    'style: "architecture"\nlang: "zh"\ngenerator: "pse"\nstatus: "running"\n'
                    '---\n\n# A "quoted" title\n\nBody.\n')


def test_article_finalize_title_falls_back_to_the_project(task: ArticleTask,
                                                          prepared: PSEState) -> None:
    assert task.finalize(prepared, "No heading.\n", lang="en").startswith(
        '---\ntitle: "tinyqueue"\n')


# ------------------------------------------------------------------ styles

def test_styles_has_the_five_narratives() -> None:
    styles = load_styles()
    assert list(styles)[:5] == ["problem-driven", "design-decisions", "hands-on",
                                "architecture", "comparison"]
    assert all(s.guide and s.title for s in styles.values())


def test_load_styles_bad_file_is_a_config_error(tmp_path: Path) -> None:
    bad = tmp_path / "styles.toml"
    bad.write_text("[x\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="cannot read the styles file"):
        load_styles(bad)
    assert STYLES_FILE.is_file()


def test_choose_style_requested_and_unknown(tmp_path: Path) -> None:
    styles = load_styles()
    history = tmp_path / "history.json"
    assert choose_style("comparison", project="p", styles=styles, history_file=history) == \
        "comparison"
    with pytest.raises(ConfigError, match=r"unknown style 'poem'; choose one of problem-driven"):
        choose_style("poem", project="p", styles=styles, history_file=history)


def test_choose_style_rotates_to_the_least_used(tmp_path: Path) -> None:
    styles = load_styles()
    history = tmp_path / "runs" / "style-history.json"
    chosen = []
    for _ in range(len(styles) + 2):
        style = choose_style("", project="tinyqueue", styles=styles, history_file=history)
        record_style(history, project="tinyqueue", style=style)
        chosen.append(style)
    assert chosen == [*styles, *list(styles)[:2]]
    counts = read_history(history)["tinyqueue"]
    assert sorted(counts.values()) == [1] * (len(styles) - 2) + [2, 2]


def test_choose_style_history_is_per_project(tmp_path: Path) -> None:
    styles = load_styles()
    history = tmp_path / "h.json"
    history.write_text(json.dumps({"a": {"problem-driven": 3, "design-decisions": 1}}),
                       encoding="utf-8")
    assert choose_style("", project="a", styles=styles, history_file=history) == "hands-on"
    assert choose_style("", project="b", styles=styles, history_file=history) == \
        "problem-driven"


@pytest.mark.parametrize("content", ["{broken", "[1, 2]"])
def test_read_history_unreadable_file_starts_fresh(tmp_path: Path, content: str) -> None:
    history = tmp_path / "h.json"
    history.write_text(content, encoding="utf-8")
    assert read_history(history) == {}
    record_style(history, project="p", style="hands-on")
    assert read_history(history) == {"p": {"hands-on": 1}}


# ------------------------------------------------------------------ projects registry

def _registry(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "projects.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_projects_reads_entries_relative_to_the_file(tmp_path: Path) -> None:
    path = _registry(tmp_path, {"projects": [
        {"name": "tq", "source": "repos/tq", "description": "queue", "highlights": ["retries"],
         "style": "hands-on", "repo": "github.com/x/tq"},
        {"name": "abs", "source_dir": "/opt/abs"}]})
    projects = load_projects(path)
    assert list(projects) == ["tq", "abs"]
    assert projects["tq"].source == str(tmp_path / "repos" / "tq")
    assert (projects["tq"].highlights, projects["tq"].style) == (["retries"], "hands-on")
    assert projects["abs"].source == "/opt/abs"


def test_load_projects_accepts_a_bare_list(tmp_path: Path) -> None:
    assert list(load_projects(_registry(tmp_path, [{"name": "a", "repo": "a"}]))) == ["a"]


@pytest.mark.parametrize(("data", "message"), [
    ({"projects": {"a": 1}}, "must hold a list of projects"),
    ([{"source": "x"}], "every project in .* needs a 'name'"),
    (["just a string"], "needs a 'name'"),
    ([{"name": "a"}], "project 'a' in .* has no 'source'"),
])
def test_load_projects_bad_entries_are_source_errors(tmp_path: Path, data: object,
                                                     message: str) -> None:
    with pytest.raises(SourceError, match=message):
        load_projects(_registry(tmp_path, data))


def test_load_projects_missing_or_broken_file(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"projects file '.*nope.json' does not exist"):
        load_projects(tmp_path / "nope.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(SourceError, match="cannot read projects file"):
        load_projects(broken)


# ------------------------------------------------------------------ task registry

def test_task_registry_has_the_article_task(tinyqueue: Path) -> None:
    assert available_tasks()["article"] == "pse.tasks.article.task:ArticleTask"
    task = load_task_factory("article")(settings=article_settings(tinyqueue))
    assert isinstance(task, ArticleTask) and task.name == "article"


def test_task_registry_unknown_task_is_a_task_error() -> None:
    with pytest.raises(TaskError, match=r"unknown task 'poem'; available: .*article"):
        load_task_factory("poem")


def test_article_verify_flags_repeated_lines(task: ArticleTask, prepared: PSEState) -> None:
    looping = ("# Q\n\nThe queue runs every job in the order it was added to it.\n\n"
               "The queue runs every job in the order it was added to it.\n")
    result = task.verify(prepared, looping, lang="en")
    assert [(f.rule, f.line) for f in result.bad] == [("repetition", 5)]


def test_article_note_lines_are_prose_not_leaks(task: ArticleTask, prepared: PSEState) -> None:
    result = task.verify(prepared, "# Q\n\nNote: the queue is in-process.\n", lang="en")
    assert [f.rule for f in result.bad] == []


def test_article_strip_never_deletes_the_title_or_a_planned_heading(
        task: ArticleTask, prepared: PSEState) -> None:
    from pse.verify.finding import Finding, VerifyResult
    text = "# T `Nope`\n\n## S `Nope`\n\n### Sub `Nope`\n\nA `Nope` here.\n"
    state = PSEState(**{**vars(prepared), "artifact": text})
    bad = [Finding(rule="ref-unverified", message="", path="a", line=n, text="Nope")
           for n in (1, 3, 5, 7)]
    spans = task.strip_spans(state, VerifyResult(bad=bad))
    assert [s.line for s in spans] == [5, 7]


@pytest.mark.parametrize("pasted", [
    "This section names no verified code; mention what the section explains: "
    "JobQueue, src/tinyqueue/queue.py",
    # a model with native tool calling is sent the tools' descriptions: the 1.5B wrote
    # the `read_file` one as what the project needs
    "The project needs a tool to read lines of a text file in the project, "
    "numbered. Long files are cut with a notice saying how to read the rest.",
])
def test_article_gate_flags_our_own_words_pasted_into_the_text(tmp_path: Path,
                                                               pasted: str) -> None:
    root = copy_tinyqueue(tmp_path / "tinyqueue")
    task = ArticleTask(settings=article_settings(root))
    state = task.prepare(new_state(root), RunDeps(llm=ScriptedLLM()))
    result = task.verify(state, CLEAN + "\n" + pasted + "\n", lang="en")
    assert [f.text for f in result.bad if f.rule == "prompt-copy"] == [pasted]


def test_article_tidy_after_strip_drops_a_lead_in_whose_list_went(
        task: ArticleTask, prepared: PSEState) -> None:
    """The embedded model's tinyqueue draft kept "The solution has several limitations,
    including:" right before the next heading once Strip had removed every item."""
    text = ("# T\n\n## What it is for\n\n`JobQueue` runs jobs in order.\n\n"
            "The solution has several limitations, including:\n\n## Next\n\n"
            "`RetryPolicy` decides retries:\n\n- `max_attempts` caps them\n")
    tidied, removed = task.tidy_stripped(prepared, text)
    assert removed == ["The solution has several limitations, including:"]
    assert "including" not in tidied and tidied.endswith("- `max_attempts` caps them\n")
    assert "`RetryPolicy` decides retries:" in tidied  # its list is still there
