"""``pse index``: build or refresh the symbol index of a tree; show what it holds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pse.cli.common import (
    CACHE_DIR_OPTION,
    EXIT_OK,
    OUTPUT_OPTION,
    get_context,
    verbosity_options,
)
from pse.cli.output import check_output_file, write_output
from pse.cli.sources import open_index
from pse.index.facts import collect_facts


@click.command("index")
@click.argument("source", required=False, type=click.Path(path_type=Path), default=None)
@click.option("--facts", is_flag=True, help="Print ProjectFacts (name, version, scripts, "
              "dependencies, env vars, files and lines per language) as JSON.")
@click.option("--json", "as_json", is_flag=True, help="Print every symbol as JSON.")
@OUTPUT_OPTION
@CACHE_DIR_OPTION
@verbosity_options
@click.pass_context
def command(ctx: click.Context, source: Path | None, facts: bool, as_json: bool,
            output_file: Path | None, cache_folder: Path | None) -> int:
    """Index SOURCE (default: PSE_ROOT or .) into the incremental SQLite cache.

    Only files whose size or modification time changed are parsed again. Files that do
    not parse are reported as warnings and the rest is indexed.

    \b
    Examples:
      pse index .                 # summary: files, symbols, warnings
      pse index . --facts         # ProjectFacts as JSON
      pse index src --json -o symbols.json

    Exit codes: 0 indexed (files that do not parse are warnings), 2 bad input.
    """
    context = get_context(ctx)
    settings = context.settings(cli={"root": source and str(source),
                                     "cache_dir": cache_folder and str(cache_folder)},
                                start=source)
    root = Path(settings.get_str("root") or ".")
    check_output_file(output_file, inputs=[root])
    index, stats = open_index(context, settings, root)
    try:
        if facts:
            text = json.dumps(collect_facts(index).to_dict(), indent=2, ensure_ascii=False)
        elif as_json:
            text = json.dumps({"symbols": [_symbol_dict(s) for s in index.all_symbols()],
                               "warnings": [{"path": w.path, "message": w.message}
                                            for w in index.warnings()]},
                              indent=2, ensure_ascii=False)
        else:
            text = (f"{stats.files} files, {stats.symbols} symbols "
                    f"({stats.parsed} parsed now, {stats.reused} unchanged), "
                    f"{len(stats.warnings)} warnings")
            if context.verbosity > 0:
                text += "".join(f"\n  {w.path}: {w.message}" for w in stats.warnings)
    finally:
        index.close()
    write_output(text, output_file, inputs=[root])
    return EXIT_OK


def _symbol_dict(symbol: object) -> dict[str, object]:
    from dataclasses import asdict, is_dataclass

    assert is_dataclass(symbol) and not isinstance(symbol, type)
    row = asdict(symbol)
    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in row.items() if value not in ((), "", False)}
