"""What the task commands and ``pse continue`` share: building deps, progress, the summary."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import click

from pse.cli.common import CliContext
from pse.cli.progress import StageProgress, Terminal, show_costs, show_findings
from pse.config import Settings
from pse.llm.registry import build_router
from pse.llm.usage import UsageLedger
from pse.pipeline.codec import finding_to_dict
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tools.sandbox import Sandbox
from pse.tools.settings import ToolSettings, project_config_keys


def make_deps(context: CliContext, settings: Settings, *, source: Path, use_tools: bool,
              llm_review: bool) -> RunDeps:
    """The LLM router (with a usage ledger), the sandbox and progress reporting."""
    ledger = UsageLedger(currency=settings.get_str("llm.currency"))
    router = build_router(settings, environ=context.environ, ledger=ledger)
    # The small embedded models call tools unreliably (invented tool names), so the
    # Specialist gets source excerpts in its prompt instead; hosted models get the tools.
    if router.config.backend_for("specialist").kind == "local":
        use_tools = False
    own = project_config_keys(settings.sources, config_file=settings.pyproject, project=source)
    sandbox = Sandbox([source], settings=ToolSettings.for_project(
        settings.values, project_keys=own), environ=context.environ) if use_tools else None
    params: dict[str, object] = {"temperature": settings["llm.temperature"]}
    planner = settings.get_str("article.planner")
    from_index = planner == "index" or (
        planner == "auto" and router.config.backend_for("planner").kind == "local")
    return RunDeps(llm=router, sandbox=sandbox, ledger=ledger, llm_review=llm_review,
                   params=params, plan_from_index=from_index,
                   on_event=StageProgress(Terminal(context.verbosity)))


def new_run_id(project: str) -> str:
    """``<project>-<UTC time>-<random>``: sortable, unique, safe as a folder name."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in project)[:40] or "run"
    return f"{safe}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{secrets.token_hex(2)}"


def print_review_reason(state: PSEState) -> None:
    """Why a run needs review, on stderr (always, even with ``-q``: it explains exit 1)."""
    if state.status != "passed":
        click.echo(f"pse: needs review: {state.reason or 'a gate failed'}", err=True)


def print_summary(state: PSEState, deps: RunDeps, *, run_dir: Path) -> None:
    """Rounds, open findings by file and the token/cost table on stderr (quiet with
    ``-q``); the output paths on stdout."""
    progress = deps.on_event
    terminal = progress.terminal if isinstance(progress, StageProgress) else Terminal(0)
    terminal.line(f"pse: {state.status}: {len(state.rounds)} evaluation round(s), "
                  f"{state.attempts} fix round(s), {sum(r.fixed for r in state.rounds)} "
                  f"finding(s) fixed, {len(state.stripped)} stripped, {len(state.bad)} open")
    show_findings(terminal, [finding_to_dict(f) for f in state.bad])
    if deps.ledger is not None and deps.ledger.calls:
        show_costs(terminal, deps.ledger.calls, currency=deps.ledger.currency)
        terminal.line(deps.ledger.summary())
    print_outputs(state, run_dir=run_dir)
    if (run_dir / "report.html").is_file():
        terminal.line(f"pse: the run's story: {run_dir / 'report.html'}")


def print_outputs(state: PSEState, *, run_dir: Path) -> None:
    """The run's artifacts (in ``needs-review/`` unless it passed) and report, on stdout."""
    folder = run_dir if state.status == "passed" else run_dir / "needs-review"
    for path in sorted(folder.glob("artifact.*.md")):
        click.echo(str(path))
    click.echo(str(run_dir / "report.json"))
