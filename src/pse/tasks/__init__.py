"""Built-in writing tasks and the task registry.

A task bundles prompts (Markdown files next to it), how it prepares the real data, and
the verify function that gates its output. Third-party tasks register through the
``pse.tasks`` entry-point group; the registry is built on demand, never at import time.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from pse.errors import TaskError
from pse.pipeline.inputs import GenericInputs, TaskInputs

BUILTIN_TASKS = {"article": "pse.tasks.article.task:ArticleTask",
                 "interview": "pse.tasks.interview.task:InterviewTask",
                 "resume": "pse.tasks.resume.task:ResumeTask"}


def available_tasks() -> dict[str, str]:
    """Task name -> ``module:Class`` for built-in and installed tasks."""
    tasks = dict(BUILTIN_TASKS)
    for entry in entry_points(group="pse.tasks"):
        tasks.setdefault(entry.name, entry.value)
    return dict(sorted(tasks.items()))


def load_task_factory(name: str) -> Callable[..., object]:
    """The class (or factory) of task ``name``."""
    tasks = available_tasks()
    if name not in tasks:
        raise TaskError(f"unknown task {name!r}; available: {', '.join(tasks)}")
    module_name, _, attr = tasks[name].partition(":")
    import importlib

    module = importlib.import_module(module_name)
    factory: object = getattr(module, attr, None)
    if not callable(factory):
        raise TaskError(f"task {name!r} points at {tasks[name]!r}, which is not callable")
    return factory


def inputs_type(name: str) -> type[TaskInputs]:
    """The inputs dataclass of task ``name`` (its ``inputs_type``; :class:`GenericInputs`
    for a plug-in task that declares none): what a checkpoint of its runs decodes to."""
    declared: object = getattr(load_task_factory(name), "inputs_type", GenericInputs)
    if not (isinstance(declared, type) and issubclass(declared, TaskInputs)):
        raise TaskError(f"task {name!r} declares inputs_type {declared!r}, which is not a "
                        "TaskInputs dataclass")
    return declared
