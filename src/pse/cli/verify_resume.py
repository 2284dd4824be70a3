"""``pse verify-resume``: check a tailored resume's facts against the real CV (no LLM)."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_ZERO_OPTION,
    OUTPUT_OPTION,
    CliError,
    get_context,
    read_text_file,
)
from pse.cli.output import write_output
from pse.cv.api import verify_resume
from pse.cv.facts import ResumeReport
from pse.cv.policy import JD_SKILL_POLICIES, policy_from_settings
from pse.report.resume import render_html, render_json, render_text

_FORMATS = ("text", "json", "html")


def read_text(path: Path, role: str) -> str:
    """The UTF-8 text of an input file, or a one-line :class:`CliError` saying what is wrong."""
    return read_text_file(path, what=role)


@click.command("verify-resume")
@click.argument("resume", type=click.Path(path_type=Path))
@click.option("--source", "sources", multiple=True, required=True,
              type=click.Path(path_type=Path),
              help="The candidate's real CV; repeat for notes or other source files.")
@click.option("--jd", type=click.Path(path_type=Path), default=None,
              help="The job description the resume was tailored to (never evidence).")
@click.option("--format", "output_format", type=click.Choice(_FORMATS), default=None,
              help="Report format (default: text; env PSE_FORMAT).")
@OUTPUT_OPTION
@EXIT_ZERO_OPTION
@click.option("--jd-skill-policy", type=click.Choice(JD_SKILL_POLICIES), default=None,
              help="Skills only the JD names: separate (own kind, default), flag, allow.")
@click.option("--tolerance", type=click.FloatRange(0, 1, max_open=True), default=None,
              help="Relative slack for 'about 30%' and round numbers (default 0.05).")
@click.option("--translation", "translations", multiple=True,
              help="Extra accepted translation '中文=English|Other' (repeatable).")
@click.option("--all", "show_all", is_flag=True,
              help="Text format: list supported facts too.")
@click.pass_context
def command(ctx: click.Context, resume: Path, sources: tuple[Path, ...], jd: Path | None,
            output_format: str | None, output_file: Path | None, exit_zero: bool,
            jd_skill_policy: str | None, tolerance: float | None,
            translations: tuple[str, ...], show_all: bool) -> int:
    """Check that every fact in RESUME is supported by the --source CV (and notes).

    Employers, titles, date ranges, durations, numbers, degrees, schools,
    certifications, projects (and their time ranges) and skills are each reported
    supported (with the source text) or unsupported. Rewording the CV allows is accepted:
    date formats, rounding, short names, abbreviations, translations.

    \b
    Exit codes: 0 nothing unsupported, 1 something unsupported, 2 bad input.
    Examples:
      pse verify-resume resume.md --source cv.md --jd job.md
      pse verify-resume resume.md --source cv.txt --source notes.md --format json
    """
    context = get_context(ctx)
    settings = context.settings(cli={
        "format": output_format, "resume.jd_skill_policy": jd_skill_policy,
        "resume.tolerance": tolerance,
        "resume.translations": list(translations) or None}, start=resume.parent)
    fmt = settings.get_str("format")
    if fmt not in _FORMATS:
        raise CliError(f"verify-resume cannot write format {fmt!r}; use text, json or html")
    resume_text = read_text(resume, "resume")
    source_texts = {_label(p): read_text(p, "source") for p in sources}
    jd_text = read_text(jd, "job description") if jd is not None else None
    report = verify_resume(resume_text, source_texts, jd=jd_text,
                           policy=policy_from_settings(settings), resume_path=_label(resume))
    write_output(_render(fmt, report, show_all=show_all), output_file,
                 inputs=[resume, *sources, *([jd] if jd else [])])
    bad = len(report.unsupported)
    if context.verbosity >= 0 and fmt != "text":
        click.echo(f"pse: {len(report.findings)} facts checked, {bad} unsupported", err=True)
    return EXIT_FINDINGS if bad and not exit_zero else EXIT_OK


def _label(path: Path) -> str:
    """A path as shown in reports: relative to the working directory when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _render(fmt: str, report: ResumeReport, *, show_all: bool) -> str:
    if fmt == "json":
        return render_json(report)
    if fmt == "html":
        return render_html(report)
    return render_text(report, show_supported=show_all)
