"""``pse run interview``: nine interview questions from a CV and a job description."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli import candidate
from pse.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    CliContext,
    CliError,
    get_context,
    verbosity_options,
)
from pse.cli.output import prepare_out_folder
from pse.cli.runs import make_deps, new_run_id, print_review_reason, print_summary
from pse.config import Settings
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState, RunOptions
from pse.pipeline.task import RunDeps
from pse.tasks.interview.inputs import InterviewInputs
from pse.tasks.interview.task import InterviewTask
from pse.tasks.resume.limits import StageStops
from pse.tasks.resume.outbound import REQUESTS_LOG, Outbound


@click.command("interview")
@candidate.cv_option
@candidate.jd_option("The job description the interview is for.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="Language of the questions.")
@candidate.out_option
@candidate.show_requests_option
@candidate.max_retries_option
@candidate.no_llm_review_option
@candidate.no_cache_option
@verbosity_options
@click.pass_context
def command(ctx: click.Context, cvs: tuple[Path, ...], jd: Path | None, lang: str,
            out_dir: Path, show_requests: bool, max_retries: int | None, no_llm_review: bool,
            no_cache: bool) -> int:
    """Write nine interview questions for the candidate of --cv and the job of --jd:
    three easy, three medium, three hard (fixed by code), each on a topic the JD or the
    CV names and each citing the line it probes.

    Code picks the topics, the split and the cited lines; the model only words the
    questions, and a question it cannot word is asked from a template. The candidate's
    name and contacts are replaced by placeholders before any text goes to a model.

    \b
    Exit codes: 0 the sheet passed its checks, 1 it needs review, 2 bad input.
    Example:
      pse run interview --cv examples/resume/cv.en.md --jd examples/resume/jd.en.md
    """
    context = get_context(ctx)
    candidate.check_cv(cvs)
    if jd is None:
        raise CliError("give the job description with --jd FILE")
    candidate.check_files(cvs, [(jd, "--jd")])
    settings = candidate.run_settings(context, cvs, max_retries=max_retries, no_cache=no_cache)
    state = PSEState(run_id=new_run_id("interview"), task="interview",
                     max_retries=settings.get_int("max_retries"),
                     inputs=InterviewInputs(cv=tuple(str(p.resolve()) for p in cvs),
                                            jd=str(jd.resolve()), lang=lang),
                     options=RunOptions(tools=False, llm_review=not no_llm_review,
                                        show_requests=show_requests))
    task = InterviewTask(settings=settings)
    task.texts(state)  # a bad file is an error before any model call
    # the runs folder is pse's own: never a folder inside the CV's or the JD's
    prepare_out_folder(out_dir, inputs=[*cvs, jd])
    run_dir = out_dir / state.run_id
    deps = interview_deps(context, settings, state, task=task, run_dir=run_dir)
    context.progress(f"pse: interview ({lang}), run {state.run_id}")
    return finish(run_pipeline(state, task, deps, run_dir=run_dir), deps, run_dir=run_dir)


def interview_deps(context: CliContext, settings: Settings, state: PSEState, *,
                   task: InterviewTask, run_dir: Path) -> RunDeps:
    """Run dependencies for an interview run, new or continued: no file tools, and every
    request redacted once more before it leaves (logged when the run shows requests)."""
    cvs = [Path(p) for p in InterviewInputs.of(state).cv]
    deps = make_deps(context, settings, source=cvs[0].parent, use_tools=False,
                     llm_review=state.options.llm_review)
    log = run_dir / REQUESTS_LOG if state.options.show_requests else None
    deps.llm = Outbound(StageStops(deps.llm), task.texts(state).redactor, log=log)
    return deps


def finish(final: PSEState, deps: RunDeps, *, run_dir: Path) -> int:
    """Print the run's summary (and its request log) and return the exit code."""
    print_summary(final, deps, run_dir=run_dir)
    log = run_dir / REQUESTS_LOG
    if final.options.show_requests and log.is_file():
        click.echo(str(log))
    print_review_reason(final)
    return EXIT_OK if final.status == "passed" else EXIT_FINDINGS
