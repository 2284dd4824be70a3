"""``pse config show``: every resolved setting, where it came from, secrets redacted."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pse.cli.common import EXIT_OK, CliError, get_context
from pse.config import FIELDS, Field, Narrow
from pse.tools.isolation import describe_mode, isolation_mode
from pse.tools.settings import ToolSettings


@click.group("config")
def command() -> None:
    """Inspect settings (CLI flag > env PSE_* > .env > user config > pyproject > default).

    A repository's own pyproject.toml / .env counts as yours only with --trust-project
    (run from inside it); otherwise it may only narrow what pse does (docs/security.md).
    """


@command.command("show")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.argument("target", required=False, type=click.Path(path_type=Path), default=None)
@click.pass_context
def show(ctx: click.Context, as_json: bool, target: Path | None) -> int:
    """Show each setting's value and source (for TARGET's pyproject.toml, default: cwd).

    \b
    Exit codes: 0 shown, 2 a bad setting (it names the key and where it came from).
    Examples:
      pse config show
      pse config show path/to/project --json
    """
    if target is not None and not target.exists():
        raise CliError(f"config show: {str(target)!r} does not exist; give the project "
                       "folder (or a file in it) whose settings to show")
    settings = get_context(ctx).settings(start=target)
    rows = settings.redacted()
    if as_json:
        click.echo(json.dumps({k: {"value": v, "source": s} for k, (v, s) in rows.items()},
                              indent=2, sort_keys=True))
        return EXIT_OK
    if settings.pyproject:
        click.echo(f"# config file: {settings.pyproject}")
    if settings.ignored:
        click.echo(f"# ignored from the repository's config {settings.repository}: "
                   f"{', '.join(settings.ignored)}")
    if settings.clamped:
        click.echo(f"# clamped to the default (repository's config): "
                   f"{', '.join(settings.clamped)}")
    isolation = isolation_mode(ToolSettings.from_values(settings.values).isolation)
    click.echo(f"# agent tool isolation: {describe_mode(isolation)}")
    width = max(len(k) for k in rows)
    for key, (value, source) in rows.items():
        click.echo(f"{key.ljust(width)}  {json.dumps(value)}  ({source})")
    return EXIT_OK


@command.command("reference")
def reference() -> int:
    """Print every setting as a Markdown table (docs/configuration.md embeds it).

    \b
    Exit codes: 0 printed, 2 bad usage.
    Example:
      pse config reference > settings.md
    """
    click.echo(render_reference(FIELDS))
    return EXIT_OK


def render_reference(fields: tuple[Field, ...]) -> str:
    """The settings reference: TOML key, type, default, environment names and help."""
    rows = ["| `[tool.pse]` key | type | default | environment | an input repository | "
            "meaning |", "|---|---|---|---|---|---|"]
    for spec in sorted(fields, key=lambda f: f.key):
        toml_key = spec.key.replace("_", "-")
        default = "(secret)" if spec.secret else json.dumps(spec.default)
        meaning = spec.help + (f" One of: {', '.join(spec.choices)}." if spec.choices else "")
        envs = ", ".join(f"`{name}`" for name in spec.env_names)
        rows.append(f"| `{toml_key}` | {spec.kind} | `{default}` | {envs} | "
                    f"{_REPOSITORY[spec.repo]} | {_cell(meaning)} |")
    return "\n".join(rows)


_REPOSITORY: dict[Narrow, str] = {
    "user": "ignored", "any": "may set", "lower": "may lower", "subset": "may drop items",
    "only-true": "may turn on", "only-false": "may turn off",
    "stricter": "may make stricter"}
"""What the ``[tool.pse]`` of a repository pse reads may do with a key (docs/security.md)."""


def _cell(text: str) -> str:
    """Text that cannot end a Markdown table cell early."""
    return text.replace("|", "\\|").replace("\n", " ")
