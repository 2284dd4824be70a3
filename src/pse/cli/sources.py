"""Shared by commands that index a source tree: settings in, a ready Resolver out."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import CliContext, CliError, ProgressBar
from pse.config import Settings, cache_dir
from pse.index.builder import build_index
from pse.index.model import IndexStats
from pse.index.symbols import SymbolIndex
from pse.verify.resolve import Resolver, project_resolver


def open_index(context: CliContext, settings: Settings, source: Path
               ) -> tuple[SymbolIndex, IndexStats]:
    """Index ``source`` (incrementally) with a progress bar on stderr."""
    if not source.exists():
        raise CliError(f"source folder {str(source)!r} does not exist")
    if not source.is_dir():
        raise CliError(f"source folder {str(source)!r} is a file; "
                       "give the folder of the source tree")
    index, stats = build_index(
        source, cache_dir=cache_dir(settings),
        max_file_size=settings.get_int("index.max_file_size"),
        exclude=settings.get_list("index.exclude"),
        on_progress=ProgressBar("indexing", verbosity=context.verbosity))
    if stats.warnings and context.verbosity >= 0:
        click.echo(f"pse: warning: {len(stats.warnings)} file(s) could not be indexed "
                   f"(e.g. {stats.warnings[0].path}: {stats.warnings[0].message}); "
                   "`pse index -v` lists them", err=True)
    return index, stats


def make_resolver(index: SymbolIndex, settings: Settings) -> Resolver:
    """The project's resolver, configured from settings."""
    return project_resolver(index, external=settings.get_list("verify.external"),
                            cache_dir=cache_dir(settings),
                            suggest_cutoff=settings.get_int("verify.suggest_cutoff"))
