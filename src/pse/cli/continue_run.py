"""``pse continue RUN``: continue any interrupted run (article, resume, interview) from its
checkpoint, with the same redaction and caps as the run that stopped."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import EXIT_FINDINGS, EXIT_OK, CliContext, CliError, get_context
from pse.cli.runs import make_deps, print_outputs, print_review_reason, print_summary
from pse.pipeline.codec import load_state
from pse.pipeline.inputs import SourceInputs
from pse.pipeline.runner import resume_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task, with_default_hooks
from pse.tasks import inputs_type, load_task_factory


@click.command("continue")
@click.argument("run_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--no-tools", is_flag=True, help="Don't give the Specialist file tools.")
@click.pass_context
def command(ctx: click.Context, run_dir: Path, no_tools: bool) -> int:
    """Continue the run in RUN_DIR without repeating the steps it finished.

    RUN_DIR is the folder an interrupted `pse article`, `pse resume` or `pse run
    interview` printed (it holds the run's state.json checkpoint); the run's inputs must
    still be where they were. The run keeps its own options, caps and redaction.

    \b
    A finished run is not run again: its outputs are printed and its outcome is the exit
    code. Exit codes: 0 the run passed, 1 it needs review, 2 bad input or a model failure.
    Example:
      pse continue runs/resume-20260101-120000-ab12
    """
    context = get_context(ctx)
    if not run_dir.exists():
        raise CliError(f"run folder {str(run_dir)!r} does not exist; give the folder "
                       "a stopped run printed (e.g. runs/<run id>)")
    state = load_state(run_dir, inputs_for=inputs_type)
    if state.step == "done":  # continuing again is harmless: the run's outcome stands
        context.progress(f"pse: run {state.run_id!r} already finished ({state.status}); "
                         "nothing to continue")
        print_outputs(state, run_dir=run_dir)
        return EXIT_OK if state.status == "passed" else EXIT_FINDINGS
    if state.task == "resume":
        return _continue_resume(context, state, run_dir)
    if state.task == "interview":
        return _continue_interview(context, state, run_dir)
    return _continue_article(context, state, run_dir, no_tools=no_tools)


def _continue_article(context: CliContext, state: PSEState, run_dir: Path, *,
                      no_tools: bool) -> int:
    inputs = state.inputs
    source = Path(inputs.source if isinstance(inputs, SourceInputs) else "")
    if not source.is_dir():
        raise CliError(f"the run's source folder {str(source)!r} is gone")
    settings = context.settings(start=source)
    task = with_default_hooks(load_task_factory(state.task)(settings=settings))
    # the run's own choices (tools, review, length) hold after a continue too
    deps = make_deps(context, settings, source=source,
                     use_tools=not no_tools and state.options.tools,
                     llm_review=state.options.llm_review)
    final = _run(context, state, run_dir, task, deps)
    print_summary(final, deps, run_dir=run_dir)
    print_review_reason(final)
    return EXIT_OK if final.status == "passed" else EXIT_FINDINGS


def _continue_resume(context: CliContext, state: PSEState, run_dir: Path) -> int:
    from pse.cli.resume import finish, resume_deps
    from pse.tasks.resume.inputs import ResumeInputs
    from pse.tasks.resume.task import ResumeTask

    inputs = ResumeInputs.of(state)
    cvs = [Path(p) for p in inputs.cv]
    gone = [p for p in cvs if not p.is_file()]
    if not cvs or gone:
        raise CliError(f"the run's CV {str(gone[0] if gone else '')!r} is gone")
    settings = context.settings(start=cvs[0].parent)
    task = ResumeTask(settings=settings,
                      banned_file=Path(inputs.banned) if inputs.banned else None)
    task.texts(state)
    task.banned(inputs.lang)
    deps = resume_deps(context, settings, state, task=task, run_dir=run_dir)
    final = _run(context, state, run_dir, task, deps)
    return finish(final, task, deps, run_dir=run_dir)


def _continue_interview(context: CliContext, state: PSEState, run_dir: Path) -> int:
    from pse.cli.interview import finish, interview_deps
    from pse.tasks.interview.inputs import InterviewInputs
    from pse.tasks.interview.task import InterviewTask

    inputs = InterviewInputs.of(state)
    paths = [*(Path(p) for p in inputs.cv), Path(inputs.jd or "")]
    gone = [p for p in paths if not p.is_file()]
    if gone:
        raise CliError(f"the run's input {str(gone[0])!r} is gone")
    settings = context.settings(start=paths[0].parent)
    task = InterviewTask(settings=settings)
    task.texts(state)
    deps = interview_deps(context, settings, state, task=task, run_dir=run_dir)
    return finish(_run(context, state, run_dir, task, deps), deps, run_dir=run_dir)


def _run(context: CliContext, state: PSEState, run_dir: Path, task: Task,
         deps: RunDeps) -> PSEState:
    context.progress(f"pse: continuing {state.run_id} at step {state.step!r}")
    return resume_pipeline(run_dir, task, deps)
