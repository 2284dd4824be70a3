"""``pse tasks`` and ``pse run TASK``: every registered task, built-in or plug-in, listed
and started the same way.

A built-in task with a command of its own (``article``, ``resume``) is started through
that command, so ``pse run article REPO`` and ``pse article REPO`` are one code path. A
plug-in task (entry point group ``pse.tasks``) is started with its inputs as
``--input KEY=VALUE``; it runs through the same pipeline, gate and checkpoints, so ``pse
continue`` finishes it too.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import fields
from pathlib import Path

import click

from pse.cli.common import EXIT_FINDINGS, EXIT_OK, CliError, get_context
from pse.cli.output import prepare_out_folder
from pse.cli.runs import make_deps, new_run_id, print_review_reason, print_summary
from pse.pipeline.codec import inputs_from_strings
from pse.pipeline.inputs import GenericInputs, TaskInputs
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import with_default_hooks
from pse.tasks import BUILTIN_TASKS, available_tasks, load_task_factory

_OWN_COMMANDS = {"article": "pse.cli.article", "interview": "pse.cli.interview",
                 "resume": "pse.cli.resume"}
"""Built-in tasks and the module of the command that takes their options."""


@click.command("tasks")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def tasks_command(as_json: bool) -> int:
    """List the tasks `pse run` can start: built-in ones and installed plug-ins.

    \b
    Exit codes: 0 listed, 2 bad usage.
    Examples:
      pse tasks
      pse tasks --json
    """
    rows = [{"name": name, "target": target,
             "origin": "built-in" if BUILTIN_TASKS.get(name) == target else "plug-in"}
            for name, target in available_tasks().items()]
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return EXIT_OK
    width = max(len(r["name"]) for r in rows)
    for row in rows:
        click.echo(f"{row['name'].ljust(width)}  {row['origin'].ljust(8)}  {row['target']}")
    return EXIT_OK


@click.command("run", context_settings={"ignore_unknown_options": True,
                                        "allow_interspersed_args": False})
@click.argument("task_name", metavar="TASK")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def run_command(ctx: click.Context, task_name: str, args: tuple[str, ...]) -> int:
    """Start TASK (see `pse tasks`) with its options.

    Built-in tasks take the options of their own command (`pse run article --help`). A
    plug-in task takes `--source DIR` (the folder its agents may read), `--input
    KEY=VALUE` (repeatable: the task's inputs), `--lang` and `--out`.

    \b
    Exit codes: 0 the run passed, 1 it needs review, 2 bad input or a model failure.
    Examples:
      pse run article examples/tinyqueue --words 300
      pse run my-task --source . --input topic=caching --out runs
    """
    tasks = available_tasks()
    if task_name not in tasks:
        raise CliError(f"unknown task {task_name!r}; `pse tasks` lists them: "
                       f"{', '.join(tasks)}")
    command = task_command(task_name, builtin=BUILTIN_TASKS.get(task_name) == tasks[task_name])
    with command.make_context(f"pse run {task_name}", list(args), parent=ctx) as sub:
        if command is _plugin_command:
            sub.params["task_name"] = task_name
        return int(command.invoke(sub) or 0)


def task_command(task_name: str, *, builtin: bool) -> click.Command:
    """The command that takes ``task_name``'s options: a built-in task's own, else the
    plug-in command (``--source``, ``--input``)."""
    if builtin and task_name in _OWN_COMMANDS:
        own: click.Command = importlib.import_module(_OWN_COMMANDS[task_name]).command
        return own
    return _plugin_command


@click.command("plugin-task")
@click.option("--source", "source", type=click.Path(exists=True, file_okay=False,
                                                   path_type=Path),
              default=".", show_default=True, help="Folder the task's agents may read.")
@click.option("--input", "inputs", multiple=True, metavar="KEY=VALUE",
              help="One input of the task (repeatable).")
@click.option("--lang", default="en", show_default=True, help="Language of the text.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("runs"), show_default=True, help="Folder for the run folder.")
@click.option("--no-tools", is_flag=True, help="Don't give the Specialist file tools.")
@click.pass_context
def _plugin_command(ctx: click.Context, source: Path, inputs: tuple[str, ...], lang: str,
                    out_dir: Path, no_tools: bool, task_name: str = "") -> int:
    """Run a plug-in task through the pipeline with the given inputs."""
    context = get_context(ctx)
    values: dict[str, str] = {}
    for item in inputs:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--input {item!r} is not KEY=VALUE")
        values[key.strip()] = value
    settings = context.settings(start=source)
    task = with_default_hooks(load_task_factory(task_name)(settings=settings))
    deps = make_deps(context, settings, source=source.resolve(), use_tools=not no_tools,
                     llm_review=True)
    state = PSEState(run_id=new_run_id(task_name), task=task_name,
                     inputs=_typed_inputs(task.inputs_type, values, source=source, lang=lang),
                     max_retries=settings.get_int("max_retries"))
    run_dir = prepare_out_folder(out_dir, inputs=[source]) / state.run_id
    final = run_pipeline(state, task, deps, run_dir=run_dir)
    print_summary(final, deps, run_dir=run_dir)
    print_review_reason(final)
    return EXIT_OK if final.status == "passed" else EXIT_FINDINGS


def _typed_inputs(cls: type[TaskInputs], given: dict[str, str], *, source: Path,
                  lang: str) -> TaskInputs:
    """The ``--input`` pairs (after ``--source`` and ``--lang``, which they override) as the
    task's inputs type: every key a field of it (any key for :class:`GenericInputs`),
    every value of its field's type."""
    names = {f.name for f in fields(cls)}
    unknown = sorted(k for k in given if k not in names)
    if unknown and not issubclass(cls, GenericInputs):
        raise CliError(f"--input {unknown[0]!r}: the task has no such input; its inputs are "
                       f"{', '.join(sorted(names))}")
    options = {"source": str(source.resolve()), "lang": lang}
    values = {**{k: v for k, v in options.items() if k in names}, **given}
    try:
        return inputs_from_strings(cls, values)
    except ValueError as exc:
        raise CliError(f"--input: {exc}") from exc
