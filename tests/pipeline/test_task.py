"""The Task protocol's optional hooks are methods with defaults, for built-in tasks and
for plug-in tasks written against the required methods only."""

from __future__ import annotations

from plugin_task import NotesTask
from pse.config import load_settings
from pse.pipeline.state import PSEState
from pse.pipeline.task import SectionedTask, Task, with_default_hooks
from pse.tasks.article.task import ArticleTask
from pse.verify.finding import VerifyResult


def test_a_plugin_task_without_hooks_gets_the_defaults_and_keeps_its_own() -> None:
    settings = load_settings(environ={})
    task = with_default_hooks(NotesTask(settings=settings))
    state = PSEState(run_id="r", task="notes")
    assert isinstance(task, NotesTask) and task.name == "notes"
    assert task.normalize(state, "a text") == "a text"
    assert task.repair(state, "a text", VerifyResult(bad=[], ok=[])) == ("a text", [])
    assert task.tidy_stripped(state, "a text") == ("a text", [])
    assert task.section_problem(state, "a text") == ""
    assert with_default_hooks(task) is task and type(with_default_hooks(task)) is type(task)


def test_a_built_in_task_overrides_the_hooks_it_needs() -> None:
    assert SectionedTask in ArticleTask.__mro__ and Task in ArticleTask.__mro__
    assert ArticleTask.normalize is not Task.normalize
    assert ArticleTask.section_problem is not Task.section_problem
    assert ArticleTask.repair is Task.repair  # the article has no repair rules: the default
