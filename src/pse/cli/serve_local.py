"""``pse serve-local``: the embedded model as an OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import signal
import types
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import click

from pse.cli.common import EXIT_OK, CliError, get_context
from pse.config import cache_dir
from pse.llm.catalog import is_model_path, resolve_model
from pse.llm.local import INSTALL_HINT, is_available
from pse.llm.serve import LocalServer, start_server, stop_server


@click.command("serve-local")
@click.option("--port", type=click.IntRange(0, 65535), default=8080, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--model", default=None,
              help="A named model (see `pse models`) or a .gguf path (default: local.model, "
                   "env PSE_LOCAL_MODEL).")
@click.option("--n-ctx", type=click.IntRange(256), default=None,
              help="Context window in tokens (default: local.n_ctx).")
@click.option("--threads", type=click.IntRange(0), default=None,
              help="CPU threads (default: local.threads; 0: llama.cpp's default).")
@click.option("--ready-timeout", type=click.FloatRange(1), default=300.0, show_default=True,
              help="Seconds to wait for the server to answer.")
@click.pass_context
def command(ctx: click.Context, port: int, model: str | None, n_ctx: int | None,
            threads: int | None, ready_timeout: float) -> int:
    """Serve the embedded model over the OpenAI API until Ctrl-C.

    \b
    Prints the settings that point any OpenAI client at it, e.g.:
      OPENAI_BASE_URL=http://127.0.0.1:8080/v1
      OPENAI_MODEL=qwen2.5-coder-0.5b
    """
    run = get_context(ctx)
    settings = run.settings(cli={"local.model": model, "local.n_ctx": n_ctx,
                                 "local.threads": threads})
    if not is_available():
        raise CliError(INSTALL_HINT)
    name = settings.get_str("local.model")
    path = resolve_model(name, cache_dir=cache_dir(settings))
    alias = Path(name).stem if is_model_path(name) else name
    run.progress(f"pse: starting llama.cpp on 127.0.0.1 with {path.name} ...")
    # SIGTERM must stop the server too: it runs in its own session, so it would outlive us.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        server = start_server(path, alias=alias, port=port,
                              n_ctx=settings.get_int("local.n_ctx"),
                              threads=settings.get_int("local.threads"),
                              ready_timeout=ready_timeout)
        return _serve(server, run.progress)
    except KeyboardInterrupt:
        return EXIT_OK
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: types.FrameType | None) -> None:  # noqa: ARG001
    raise KeyboardInterrupt


def _serve(server: LocalServer, progress: Callable[[str], None]) -> NoReturn:
    """Print how to reach the server, then wait; the server is stopped however this ends."""
    try:
        click.echo(f"OPENAI_BASE_URL={server.base_url}")
        click.echo(f"OPENAI_MODEL={server.model}")
        click.echo("OPENAI_API_KEY=no-key")
        progress(f"pse: serving {server.model!r} (server pid {server.pid}); Ctrl-C stops it")
        code = server.process.wait() if server.process is not None else 0
    finally:
        stop_server(server)
    raise CliError(f"the local model server stopped by itself (exit code {code}); "
                   "its output above says why")
