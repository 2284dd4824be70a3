"""What every command shares: the run context, settings loading and output writing.

Exit codes follow ruff: 0 clean, 1 findings, 2 bad usage / bad input / internal error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import click

from pse.config import Settings, load_settings
from pse.index.languages import detect_language
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

    def settings(self, *, cli: Mapping[str, object] | None = None,
                 start: Path | None = None) -> Settings:
        """Resolve settings for a command whose target is ``start``."""
        return load_settings(cli=cli, start=start, environ=self.environ,
                             config_file=self.config_file)

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


def write_output(text: str, output_file: Path | None, *, inputs: Sequence[Path] = ()) -> None:
    """Write a report to stdout or to ``-o FILE``, never over something the user had.

    ``inputs`` are the files and folders the command read: ``-o`` may not name one of them,
    nor an existing source, doc or config file inside one of the folders.
    """
    if output_file is None:
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
        sys.stdout.flush()
        return
    check_output_file(output_file, inputs=inputs)
    try:
        _replace_file(output_file, text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {str(output_file)!r}: {exc.strerror}") from exc


def _replace_file(path: Path, text: str) -> None:
    """Write ``text`` to a new file and rename it to ``path``: never into the old file.

    A file written in place is also every other name of it: ``-o`` given as a hard link
    to one of the inputs would overwrite that input. A rename replaces the name only.
    """
    import tempfile

    target = path.resolve()  # through a symbolic link, as writing to it would go
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _same_file(path: Path, other: Path) -> bool:
    """True when both name one file (a hard link to an input is that input)."""
    try:
        return path.is_file() and other.is_file() and os.path.samefile(path, other)
    except OSError:
        return False


# what a report may replace inside a folder the command read: earlier reports, not the tree
_REPORT_LANGUAGES = frozenset({"", "json", "html", "text"})


def check_output_file(output_file: Path | None, *, inputs: Sequence[Path] = ()) -> None:
    """Refuse ``-o`` over an input, a folder, or a source file of an input folder.

    Commands call it before their work too, so a bad ``-o`` costs no indexing or model time.
    """
    if output_file is None:
        return
    target = output_file.resolve()
    for source in inputs:
        if target == source.resolve() or _same_file(target, source):
            raise CliError(f"refusing to write the report over the input {str(source)!r}; "
                           "choose another -o file")
    if target.is_dir():
        raise CliError(f"-o {str(output_file)!r} is a folder; give a file name")
    if not target.is_file() or detect_language(target.name) in _REPORT_LANGUAGES:
        return
    for source in inputs:
        if source.is_dir() and source.resolve() in target.parents:
            raise CliError(f"refusing to write the report over the source file "
                           f"{str(output_file)!r} of {str(source)!r}; choose another -o file")


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
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total}")
        self._drawn = True
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()
