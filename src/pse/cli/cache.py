"""``pse cache``: where the caches live, and clearing them."""

from __future__ import annotations

import shutil

import click

from pse.cli.common import EXIT_OK, CliError, get_context
from pse.config import cache_dir


@click.group("cache")
def command() -> None:
    """Manage pse's caches (symbol indexes; LLM responses)."""


@command.command("clear")
@click.pass_context
def clear(ctx: click.Context) -> int:
    """Delete every cached index and response (they are rebuilt on demand)."""
    context = get_context(ctx)
    folder = cache_dir(context.settings())
    if not folder.exists():
        context.progress(f"pse: nothing to clear ({folder} does not exist)")
        return EXIT_OK
    try:
        shutil.rmtree(folder)
    except OSError as exc:
        raise CliError(f"cannot clear the cache {str(folder)!r}: {exc.strerror}") from exc
    context.progress(f"pse: cleared {folder}")
    return EXIT_OK


@command.command("path")
@click.pass_context
def path(ctx: click.Context) -> int:
    """Print the cache folder."""
    click.echo(str(cache_dir(get_context(ctx).settings())))
    return EXIT_OK
