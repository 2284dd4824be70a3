"""``pse resume``: a resume tailored to a job description, or to the roles the CV fits."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

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
from pse.cv.phones import is_region
from pse.errors import PseError
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState, RunOptions
from pse.pipeline.task import RunDeps
from pse.tasks.resume.inputs import ResumeInputs
from pse.tasks.resume.limits import StageStops
from pse.tasks.resume.outbound import REQUESTS_LOG, Outbound
from pse.tasks.resume.publish import publish
from pse.tasks.resume.task import ResumeTask

_FORMATS = ("docx", "pdf")


@click.command("resume")
@candidate.cv_option
@candidate.jd_option("The job description to tailor the resume to.")
@click.option("--recommend", is_flag=True,
              help="No job description: rank the roles the CV fits, then write for the top one.")
@click.option("--role", default="", help="With --recommend: write the resume for this role.")
@click.option("--notes", type=click.Path(path_type=Path), default=None,
              help="Folder of notes (market notes, what to stress); context, never evidence.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default=None,
              help="Language to write in (default: the job description's, or the CV's).")
@click.option("--translate", "translate_to", type=click.Choice(["en", "zh"]), default=None,
              help="Also produce a verified translation into this language.")
@candidate.out_option
@click.option("--formats", default="docx,pdf", show_default=True,
              help="Documents rendered beside the Markdown (comma-separated; '' for none).")
@click.option("--pii-rules", type=click.Path(path_type=Path), default=None,
              help="More private strings to redact: one literal or 're:PATTERN' per line.")
@click.option("--phone-regions", default="",
              help="Regions whose national phone formats to redact too (e.g. 'FR,IT'); the "
              "CV's language and country codes give the defaults.")
@click.option("--public-title", "public", multiple=True,
              help="A header line of the CV that may be sent as written (e.g. your title); "
              "every other header line is redacted.")
@candidate.show_requests_option
@click.option("--banned", "banned_file", type=click.Path(path_type=Path), default=None,
              help="More banned phrases, one per line.")
@candidate.max_retries_option
@candidate.no_llm_review_option
@candidate.no_cache_option
@verbosity_options
@click.pass_context
def command(ctx: click.Context, cvs: tuple[Path, ...], jd: Path | None, recommend: bool,
            role: str, notes: Path | None, lang: str | None, translate_to: str | None,
            out_dir: Path, formats: str, pii_rules: Path | None, phone_regions: str,
            public: tuple[str, ...], show_requests: bool, banned_file: Path | None,
            max_retries: int | None, no_llm_review: bool, no_cache: bool) -> int:
    """Write a resume tailored to --jd (or, with --recommend, to the best-fitting role)
    in which every employer, title, date, number, degree, school, certification, project
    and skill is supported by the --cv.

    The Planner picks the jobs, projects and focus; the Specialist writes from the CV;
    the gate is `pse verify-resume` every round (plus an LLM review in round one); Fix
    edits only flagged lines; the last resort forces the CV's values and deletes what is
    still unsupported. Personal data is replaced by placeholders before any text goes to
    a model.

    \b
    Exit codes: 0 every fact is supported, 1 the resume needs review, 2 bad input (checked
    before any model call) or a model failure.
    Examples:
      pse resume --cv examples/resume/cv.en.md --jd examples/resume/jd.en.md
      pse resume --cv cv.md --recommend
      pse resume --cv cv.zh.md --jd jd.zh.md --lang zh --translate en
    """
    context = get_context(ctx)
    inputs = _check_inputs(cvs, jd, recommend, notes, pii_rules, banned_file, formats, role)
    settings = candidate.run_settings(context, cvs, max_retries=max_retries, no_cache=no_cache)
    regions = _regions(phone_regions, settings.get_list("resume.phone_regions"))
    lang = lang or _language(jd or cvs[0])
    run_id = new_run_id("resume")
    inputs = replace(inputs, lang=lang, phone_regions=tuple(regions),
                     public=tuple(p for p in public if p),
                     translate=tuple(t for t in (translate_to or "").split(",") if t.strip()))
    state = PSEState(run_id=run_id, task="resume", max_retries=settings.get_int("max_retries"),
                     inputs=inputs,
                     options=RunOptions(show_requests=show_requests,
                                        llm_review=not no_llm_review))
    task = ResumeTask(settings=settings, banned_file=banned_file)
    run_dir = out_dir / run_id
    deps = resume_deps(context, settings, state, task=task, run_dir=run_dir)
    state = replace(state, inputs=replace(inputs, privacy=privacy(deps)))
    task.texts(state)  # read every input now: a bad file is an error before any model call
    task.banned(lang)
    # the folder is made only once every input was read (a bad one leaves nothing behind)
    prepare_out_folder(out_dir, inputs=[*cvs, *(p for p in (jd, notes) if p)])
    announce(context, task, state, deps)
    try:
        final = run_pipeline(state, task, deps, run_dir=run_dir)
    except PseError:
        if (run_dir / "state.json").exists():
            context.progress(f"pse: the run stopped; after fixing the cause, continue it with: "
                             f"pse continue {run_dir}")
        raise
    return finish(final, task, deps, run_dir=run_dir)


def _check_inputs(cvs: tuple[Path, ...], jd: Path | None, recommend: bool,
                  notes: Path | None, pii_rules: Path | None, banned: Path | None,
                  formats: str, role: str) -> ResumeInputs:
    candidate.check_cv(cvs)
    if jd is None and not recommend:
        raise CliError("give the job description with --jd FILE, or use --recommend")
    if jd is not None and recommend:
        raise CliError(f"--jd {str(jd)!r} and --recommend exclude each other: give the job "
                       "description, or let --recommend pick the role")
    if role and not recommend:
        raise CliError("--role names the role to write for in --recommend mode; "
                       "with --jd the job description sets the role")
    candidate.check_files(cvs, [(jd, "--jd"), (pii_rules, "--pii-rules"), (banned, "--banned")])
    if notes is not None and not notes.is_dir():
        raise CliError(f"--notes {str(notes)!r} is not a folder")
    wanted = tuple(f.strip() for f in formats.split(",") if f.strip())
    unknown = [f for f in wanted if f not in _FORMATS]
    if unknown:
        raise CliError(f"--formats: unknown format {unknown[0]!r}; choose from docx, pdf")
    return ResumeInputs(cv=tuple(str(p.resolve()) for p in cvs),
                        jd=str(jd.resolve()) if jd else None,
                        notes=str(notes.resolve()) if notes else None,
                        pii_rules=str(pii_rules.resolve()) if pii_rules else None,
                        banned=str(banned.resolve()) if banned else None,
                        mode="recommend" if recommend else "jd", role=role, formats=wanted)


def _language(path: Path) -> str:
    """``zh`` when most letters of the file are Chinese, else ``en``."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "en"
    letters = [c for c in text if c.isalpha()]
    cjk = sum(1 for c in letters if "\u3400" <= c <= "\u9fff")
    return "zh" if letters and cjk > 0.3 * len(letters) else "en"


def _regions(option: str, configured: list[str]) -> list[str]:
    """The user's phone regions, checked against libphonenumber's list."""
    wanted = [r.strip().upper() for r in [*configured, *option.split(",")] if r.strip()]
    unknown = [r for r in wanted if not is_region(r)]
    if unknown:
        raise CliError(f"--phone-regions: unknown region {unknown[0]!r}; give ISO 3166 "
                       "codes such as FR, IT, GB")
    return list(dict.fromkeys(wanted))


def resume_deps(context: CliContext, settings: Settings, state: PSEState, *,
                task: ResumeTask, run_dir: Path) -> RunDeps:
    """Run dependencies for a resume run: no file tools, completion caps the CV's size
    bounds, stop sequences where a small model would copy the prompt back
    (:mod:`pse.tasks.resume.limits`), and every request redacted once more before it
    leaves (and logged with ``--show-requests``, :mod:`pse.tasks.resume.outbound`)."""
    paths = [Path(p) for p in ResumeInputs.of(state).cv]
    deps = make_deps(context, settings, source=paths[0].parent, use_tools=False,
                     llm_review=state.options.llm_review)
    log = run_dir / REQUESTS_LOG if state.options.show_requests else None
    deps.llm = Outbound(StageStops(deps.llm), task.texts(state).redactor, log=log)
    return deps


def privacy(deps: RunDeps) -> Literal["local", "remote"]:
    """``local`` when every stage runs on the embedded model, else ``remote``."""
    config = getattr(deps.llm, "config", None)
    if config is None:
        return "remote"
    stages = ("planner", "specialist", "evaluator", "fix", "translate")
    return "local" if all(config.backend_for(s).kind == "local" for s in stages) else "remote"


def announce(context: CliContext, task: ResumeTask, state: PSEState, deps: RunDeps) -> None:
    """Say what the run does and where the personal data goes."""
    recommend = ResumeInputs.of(state).recommend
    context.progress(f"pse: resume ({'recommend' if recommend else 'job description'}"
                     f", {state.inputs.lang}), run {state.run_id}")
    counts = task.texts(state).redactor.counts()
    found = ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "none found"
    if privacy(deps) == "local":
        context.progress("pse: embedded model: nothing leaves this machine "
                         f"(personal data redacted in prompts and records anyway: {found})")
    else:
        context.progress(f"pse: remote model: personal data replaced by placeholders before "
                         f"anything is sent ({found}); restored only in the files written here")


def finish(final: PSEState, task: ResumeTask, deps: RunDeps, *, run_dir: Path) -> int:
    """Render the documents, print the summary and paths; the exit code of the run."""
    formats = ResumeInputs.of(final).formats
    written = publish(task, final, run_dir, formats=formats)
    print_summary(final, deps, run_dir=run_dir)
    for path in written:
        click.echo(str(path))
    if (run_dir / REQUESTS_LOG).is_file():
        click.echo(str(run_dir / REQUESTS_LOG))
    print_review_reason(final)
    return EXIT_OK if final.status == "passed" else EXIT_FINDINGS
