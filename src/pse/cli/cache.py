"""``pse cache``: where the caches live, and clearing them (only a folder pse made)."""

from __future__ import annotations

import shutil
from pathlib import Path

import click

from pse.cli.common import EXIT_OK, CliError, get_context
from pse.config import configured_cache_dir
from pse.owned import deletion_refusal, marker


@click.group("cache")
def command() -> None:
    """Manage pse's caches (symbol indexes; LLM responses)."""


@command.command("clear")
@click.pass_context
def clear(ctx: click.Context) -> int:
    """Delete every cached index and response (they are rebuilt on demand).

    Only a folder pse made is deleted (it holds CACHEDIR.TAG, or only the files pse
    keeps there); never the root, the home folder, or a folder holding the working one.
    """
    context = get_context(ctx)
    settings = context.settings()
    folder = configured_cache_dir(settings)
    if not folder.exists() and not folder.is_symlink():
        context.progress(f"pse: nothing to clear ({folder} does not exist)")
        return EXIT_OK
    keep = [Path.cwd()]
    if settings.get_str("root"):
        keep.append(Path(settings.get_str("root")))
    why = deletion_refusal(folder, "cache", keep=keep)
    if why is not None:
        raise CliError(f"refusing to clear the cache folder {str(folder)!r}: {why}; check "
                       f"cache_dir (PSE_CACHE_DIR), or delete it by hand if it is pse's "
                       f"(a pse cache holds {marker('cache')})")
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
    click.echo(str(configured_cache_dir(get_context(ctx).settings())))
    return EXIT_OK
