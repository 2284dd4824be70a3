"""What every command shares: the run context, settings loading and output writing.

Exit codes follow ruff: 0 clean, 1 findings, 2 bad usage / bad input / internal error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import click

from pse.cli import fastpath
from pse.config import Settings, load_settings
from pse.planted import MAX_DOCUMENT_BYTES, read_planted

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


class CliError(click.ClickException):
    """A user-facing error that exits with 2 (ClickException would exit with 1)."""

    exit_code = EXIT_ERROR

    def show(self, file: object = None) -> None:  # noqa: ARG002 - click's signature
        click.echo(f"pse: error: {self.format_message()}", err=True)


@dataclass(frozen=True)
class CliContext:
    """Global options, shared by all commands through ``click.Context.obj``."""

    config_file: Path | None
    verbosity: int
    environ: Mapping[str, str]
    trust_project: bool = False
    """``--trust-project``: the project in the working folder is the user's own."""

    def settings(self, *, cli: Mapping[str, object] | None = None,
                 start: Path | None = None) -> Settings:
        """Resolve settings for a command whose target is ``start``.

        What the target repository's own config was not allowed to set is named in one
        warning line on stderr (``-q`` does not hide it: it is about the user's keys).
        """
        settings = load_settings(cli=cli, start=start, environ=self.environ,
                                 config_file=self.config_file,
                                 trust_project=self.trust_project or None)
        warning = settings.trust_warning()
        if warning:
            click.echo(f"pse: warning: {warning}", err=True)
        return settings

    def progress(self, message: str) -> None:
        """A progress line on stderr, unless ``-q`` was given."""
        if self.verbosity >= 0:
            click.echo(message, err=True)


def check_source(source: Path) -> None:
    """A one-line error unless ``source`` is a folder (the source tree's root)."""
    if not source.exists():
        raise CliError(f"source folder {str(source)!r} does not exist")
    if not source.is_dir():
        raise CliError(f"source folder {str(source)!r} is a file; "
                       "give the folder of the source tree")


def get_context(ctx: click.Context) -> CliContext:
    """The :class:`CliContext` of the running command (with its own ``-q``/``-v``)."""
    obj = ctx.find_root().obj
    context = obj if isinstance(obj, CliContext) else CliContext(
        config_file=None, verbosity=0, environ=dict(os.environ))
    local = int(ctx.meta.get("pse.verbosity", 0))
    return replace(context, verbosity=context.verbosity + local) if local else context


def verbosity_options(command: Callable[..., object]) -> Callable[..., object]:
    """``-q``/``-v`` after the subcommand too (``pse verify -q ...``), as before it."""
    command = click.option("-v", "--verbose", count=True, expose_value=False,
                           is_eager=True, callback=_keep, help="More output on stderr.")(command)
    return click.option("-q", "--quiet", count=True, expose_value=False, is_eager=True,
                        callback=_keep, help="Less output on stderr.")(command)


def _keep(ctx: click.Context, param: click.Parameter, value: int) -> int:
    sign = 1 if param.name == "verbose" else -1
    ctx.meta["pse.verbosity"] = int(ctx.meta.get("pse.verbosity", 0)) + sign * value
    return value


def read_text_file(path: Path, *, what: str) -> str:
    """A user's text input (UTF-8, BOM allowed), or a one-line error saying why not.

    ``what`` names the input in messages: "the CV", "'docs/a.md'"...
    """
    if not path.exists():
        raise CliError(f"{what} {str(path)!r} does not exist")
    if path.is_dir():
        raise CliError(f"{what} {str(path)!r} is a folder; give a Markdown or text file")
    if not path.is_file():  # a FIFO or a device would block the read, or never end
        raise CliError(f"{what} {str(path)!r} is not a regular file; give a Markdown or "
                       "text file")
    data = read_planted(path, limit=MAX_DOCUMENT_BYTES, follow_links=True)
    if data is None:  # it changed kind since the checks above, or is too large to check
        raise CliError(f"cannot read {what} {str(path)!r}: not a regular file of at most "
                       f"{MAX_DOCUMENT_BYTES} bytes")
    if b"\x00" in data[:8192]:
        raise CliError(f"{what} {str(path)!r} is a binary file; give a Markdown or text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CliError(f"{what} {str(path)!r} is not UTF-8 text (byte {exc.start}); "
                       "save it as UTF-8 (e.g. iconv -t utf-8)") from exc
    if not text.strip():
        raise CliError(f"{what} {str(path)!r} is empty; nothing to check")
    return text


FORMAT_OPTION = click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "sarif", "html"]),
    default=None, help="Report format (default: text; env PSE_FORMAT).")
OUTPUT_OPTION = click.option(
    "-o", "--output-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Write the report to FILE instead of stdout.")
EXIT_ZERO_OPTION = click.option(
    "--exit-zero", is_flag=True, help="Exit 0 even when findings are reported (never hides 2).")
CACHE_DIR_OPTION = click.option(
    "--cache-dir", "cache_folder", type=click.Path(file_okay=False, path_type=Path),
    default=None, help="Folder of the index and answer caches (default: PSE_CACHE_DIR or "
    "~/.cache/pse); a CI job keeps it between runs to start warm.")


class ProgressBar:
    """A one-line progress bar on stderr, drawn only on a terminal and without ``-q``."""

    def __init__(self, label: str, *, verbosity: int, min_total: int = 50) -> None:
        self.label = label
        self.enabled = verbosity >= 0 and sys.stderr.isatty()
        self.min_total = min_total
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total < self.min_total:
            return
        if done != total and done % max(1, total // 100):
            return
        width = 30
        filled = width * done // total
        fastpath.forget()  # a replay of this run would draw a bar for work it skips
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total}")
        self._drawn = True
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()
