"""Options and checks the candidate commands share (``pse resume``, ``pse run interview``).

Both read a CV (one or more files) and a job description, write a run folder and call a
model; their options keep one spelling and one help text, and a bad input is the same
one-line error before any model call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import click

from pse.cli.common import CliContext, CliError
from pse.config import Settings

F = TypeVar("F", bound=Callable[..., object])

cv_option = click.option(
    "--cv", "cvs", multiple=True, type=click.Path(path_type=Path),
    help="The candidate's CV (Markdown or text); repeat for more CV files.")
out_option = click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
    default=Path("runs"), show_default=True, help="Folder for run directories.")
show_requests_option = click.option(
    "--show-requests", is_flag=True,
    help="Write every request body sent to the model to requests.jsonl in the run folder, "
    "and print its path.")
max_retries_option = click.option(
    "--max-retries", type=click.IntRange(0, 10), default=None,
    help="Fix rounds after the first evaluation (default: PSE_MAX_RETRIES or 3).")
no_llm_review_option = click.option("--no-llm-review", is_flag=True,
                                    help="Skip the Evaluator's LLM review.")
no_cache_option = click.option("--no-cache", is_flag=True,
                               help="Don't reuse cached model answers.")


def jd_option(help_text: str) -> Callable[[F], F]:
    """``--jd FILE``, with what the job description is for."""
    return click.option("--jd", type=click.Path(path_type=Path), default=None,
                        help=help_text)


def check_cv(cvs: tuple[Path, ...]) -> None:
    """At least one ``--cv`` given (a usage error otherwise)."""
    if not cvs:
        raise CliError("give the candidate's CV with --cv FILE")


def check_files(cvs: tuple[Path, ...], others: Iterable[tuple[Path | None, str]]) -> None:
    """Every CV and every given ``(path, option)`` of ``others`` is a file."""
    for path, what in [*((p, "--cv") for p in cvs), *others]:
        if path is not None and not path.is_file():
            raise CliError(f"{what} {str(path)!r} is not a file")


def run_settings(context: CliContext, cvs: tuple[Path, ...], *, max_retries: int | None,
                 no_cache: bool) -> Settings:
    """The settings of a run: the options over the config found from the first CV."""
    return context.settings(cli={"max_retries": max_retries,
                                 "llm.cache": False if no_cache else None},
                            start=cvs[0].resolve().parent)
