"""The report options of the writing commands: ``--repo-url`` and ``--source-table``.

They are stored in the click context (not passed as parameters), so a command adds them
with one decorator and reads them with :func:`report_inputs` into the run's inputs,
where ``pipeline/publish`` finds them (a resumed run keeps them).
"""

from __future__ import annotations

from collections.abc import Callable

import click

from pse.cli.common import CliError
from pse.report.links import normalize_repo_url

_KEY = "pse.report"


def report_options(command: Callable[..., object]) -> Callable[..., object]:
    """Add ``--repo-url URL`` and ``--source-table`` to a writing command."""
    command = click.option(
        "--source-table", is_flag=True, expose_value=False, callback=_keep,
        help="Append a source-navigation table built from the evidence.")(command)
    return click.option(
        "--repo-url", default="", expose_value=False, callback=_keep,
        help="Link verified references to this repository at the indexed commit "
             "(default: the project's metadata or git origin).")(command)


def _keep(ctx: click.Context, param: click.Parameter, value: object) -> object:
    if param.name == "repo_url" and value and not normalize_repo_url(str(value)):
        raise CliError(f"--repo-url {value!r} is not a repository URL; give it as "
                       "https://host/owner/name")
    ctx.meta.setdefault(_KEY, {})[param.name] = value
    return value


def report_inputs(project_repo: str = "") -> tuple[str, bool]:
    """The report options: the repository URL (``project_repo``: a registry entry's repo)
    and whether the article gets a source-navigation table."""
    ctx = click.get_current_context(silent=True)
    values = ctx.meta.get(_KEY, {}) if ctx is not None else {}
    repo_url = str(values.get("repo_url") or "") or normalize_repo_url(project_repo)
    return repo_url, bool(values.get("source_table"))
