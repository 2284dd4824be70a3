"""Shared by commands that index a source tree: settings in, a ready Resolver out."""

from __future__ import annotations

from pathlib import Path

import click

from pse.cli.common import CliContext, ProgressBar, check_source
from pse.config import Settings, cache_dir
from pse.index.builder import build_index
from pse.index.model import FileEntry, IndexStats
from pse.index.symbols import SymbolIndex
from pse.verify.resolve import Resolver, project_resolver


def open_index(context: CliContext, settings: Settings, source: Path, *,
               entries: list[FileEntry] | None = None) -> tuple[SymbolIndex, IndexStats]:
    """Index ``source`` (incrementally) with a progress bar on stderr.

    ``entries``: the tree's files, when :func:`list_tree` just listed them.
    """
    check_source(source)
    index, stats = build_index(
        source, cache_dir=cache_dir(settings),
        max_file_size=settings.get_int("index.max_file_size"),
        exclude=settings.get_list("index.exclude"),
        on_progress=ProgressBar("indexing", verbosity=context.verbosity), entries=entries)
    if stats.warnings and context.verbosity >= 0:
        click.echo(index_warning(stats), err=True)
    return index, stats


def index_warning(stats: IndexStats) -> str:
    """The stderr line about files that could not be indexed ("" when there are none)."""
    if not stats.warnings:
        return ""
    return (f"pse: warning: {len(stats.warnings)} file(s) could not be indexed "
            f"(e.g. {stats.warnings[0].path}: {stats.warnings[0].message}); "
            "`pse index -v` lists them")


def make_resolver(index: SymbolIndex, settings: Settings) -> Resolver:
    """The project's resolver, configured from settings."""
    return project_resolver(index, external=settings.get_list("verify.external"),
                            cache_dir=cache_dir(settings),
                            suggest_cutoff=settings.get_int("verify.suggest_cutoff"))
