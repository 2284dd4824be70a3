"""Entry point: the ``pse`` group, global options, and the exception-to-exit-code boundary."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from pse import __version__
from pse.cli.common import EXIT_ERROR, CliContext, CliError
from pse.errors import PseError

# name -> (module, one-line help). Modules are imported only when their command runs, so
# `pse verify` never pays for the LLM stack's imports.
COMMANDS: dict[str, tuple[str, str]] = {
    "article": ("pse.cli.article", "Write a verified technical article about a repository."),
    "resume": ("pse.cli.resume", "Write a resume tailored to a job (or the roles a CV fits), "
               "nothing invented."),
    "run": ("pse.cli.tasks:run_command", "Start any registered task (built-in or plug-in)."),
    "tasks": ("pse.cli.tasks:tasks_command", "List the tasks `pse run` can start."),
    "continue": ("pse.cli.continue_run",
                 "Continue an interrupted run from its last checkpoint."),
    "verify": ("pse.cli.verify", "Check code references in Markdown against a source tree."),
    "verify-resume": ("pse.cli.verify_resume",
                      "Check that every fact in a resume is supported by the CV."),
    "index": ("pse.cli.index", "Index a source tree; show its symbols or ProjectFacts."),
    "cache": ("pse.cli.cache", "Show or clear pse's caches."),
    "rules": ("pse.cli.rules", "List the article rules and final gates (ids for disable-rules)."),
    "rag": ("pse.cli.rag", "Build and query the retrieval index (BM25, dense, hybrid)."),
    "config": ("pse.cli.config", "Show every setting with its source."),
    "models": ("pse.cli.models", "Show the LLM backends and check that they answer."),
    "serve-local": ("pse.cli.serve_local",
                    "Serve the embedded model over the OpenAI API (127.0.0.1)."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        # "module" exports `command`; "module:attr" names another command of the module
        module_name, _, attr = COMMANDS[cmd_name][0].partition(":")
        command: click.Command = getattr(importlib.import_module(module_name), attr or "command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", prog_name="pse")
@click.option("--config", "config_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="TOML file to read [tool.pse] settings from "
              "(default: the nearest pyproject.toml with a [tool.pse] table).")
@click.option("-q", "--quiet", count=True, help="Less output on stderr.")
@click.option("-v", "--verbose", count=True, help="More output on stderr.")
@click.option("--debug", is_flag=True, help="Show full tracebacks (also PSE_RAISE_ERRORS=1).")
@click.pass_context
def cli(ctx: click.Context, config_file: Path | None, quiet: int, verbose: int,
        debug: bool) -> None:  # noqa: ARG001 - --debug is read by main() before parsing
    """pse: write about real sources, and prove nothing was invented.

    \b
    Check the code references in your docs (no LLM needed):
      pse verify docs/ --source .
      pse verify README.md --source . --format sarif -o pse.sarif
    Look at what pse knows about a repository:
      pse index . --facts
    Tailor a resume to a job (every fact checked against the CV):
      pse resume --cv cv.md --jd job.md
    """
    if config_file is not None and not config_file.is_file():
        raise CliError(f"--config {str(config_file)!r} does not exist")
    ctx.obj = CliContext(config_file=config_file, verbosity=verbose - quiet,
                         environ=dict(os.environ))


def error_line(exc: click.ClickException) -> str:
    """One line for a usage or input error: click's message, and where the help is."""
    message = " ".join(exc.format_message().split()).rstrip(".")
    ctx = exc.ctx if isinstance(exc, click.UsageError) else None
    return f"{message} (see '{ctx.command_path} --help')" if ctx is not None else message


def main(argv: Sequence[str] | None = None) -> None:
    """Run the CLI and exit with its code; the only place exceptions become messages."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args or os.environ.get("PSE_RAISE_ERRORS") == "1"
    try:
        code = cli.main(args=args, prog_name="pse", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.NoArgsIsHelpError as exc:
        exc.show()  # a bare group (`pse config`): its help is the answer
        code = exc.exit_code
    except click.ClickException as exc:
        click.echo(f"pse: error: {error_line(exc)}", err=True)
        code = exc.exit_code
    except click.exceptions.Abort:
        click.echo("pse: aborted", err=True)
        code = EXIT_ERROR
    except PseError as exc:
        if debug:
            raise
        click.echo(f"pse: error: {exc}", err=True)
        code = EXIT_ERROR
    except KeyboardInterrupt:
        click.echo("pse: interrupted", err=True)
        code = 130
    except Exception as exc:  # noqa: BLE001 - CLI top level: one line, not a traceback
        if debug:
            raise
        click.echo(f"pse: internal error: {type(exc).__name__}: {exc} "
                   "(rerun with --debug for the traceback)", err=True)
        code = EXIT_ERROR
    sys.exit(code if isinstance(code, int) else 0)
