"""``pse resume RUN``: continue an interrupted run from its last checkpoint."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import EXIT_FINDINGS, EXIT_OK, CliError, get_context
from pse.cli.runs import make_deps, print_summary, set_token_caps
from pse.pipeline.runner import resume_pipeline
from pse.pipeline.state import load_state
from pse.tasks import load_task_factory


@click.command("resume")
@click.argument("run_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--no-tools", is_flag=True, help="Don't give the Specialist file tools.")
@click.pass_context
def command(ctx: click.Context, run_dir: Path, no_tools: bool) -> int:
    """Continue the run in RUN_DIR without repeating the steps it finished."""
    context = get_context(ctx)
    state = load_state(run_dir)
    if state.step == "done":
        raise CliError(f"run {state.run_id!r} already finished ({state.status}); "
                       "nothing to resume")
    source = Path(state.inputs.get("source", ""))
    if not source.is_dir():
        raise CliError(f"the run's source folder {str(source)!r} is gone")
    settings = context.settings(start=source)
    task = load_task_factory(state.task)(settings=settings)
    # the run's own choices (tools, review, length) hold after a resume too
    deps = make_deps(context, settings, source=source,
                     use_tools=not no_tools and state.inputs.get("tools", "1") == "1",
                     llm_review=state.inputs.get("llm_review", "1") == "1")
    set_token_caps(deps, words=int(state.inputs.get("words", "600") or 600))
    context.progress(f"pse: resuming {state.run_id} at step {state.step!r}")
    final = resume_pipeline(run_dir, task, deps)  # type: ignore[arg-type]  # a Task by contract
    print_summary(final, deps, run_dir=run_dir)
    return EXIT_OK if final.status == "passed" else EXIT_FINDINGS
