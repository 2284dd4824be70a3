"""What the task commands and ``pse continue`` share: building deps, progress, the summary."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from pathlib import Path

import click

from pse.cli.common import CliContext
from pse.config import Settings
from pse.llm.registry import build_router
from pse.llm.usage import UsageLedger
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tools.sandbox import Sandbox
from pse.tools.settings import ToolSettings

_STAGE_LABELS = {"prepare": "prepare (index, facts, retrieval)", "plan": "planner",
                 "write": "specialist", "evaluate": "evaluator", "fix": "fix",
                 "strip": "strip (deterministic fallback)", "translate": "translate"}


def make_deps(context: CliContext, settings: Settings, *, source: Path, use_tools: bool,
              llm_review: bool) -> RunDeps:
    """The LLM router (with a usage ledger), the sandbox and progress reporting."""
    ledger = UsageLedger(currency=settings.get_str("llm.currency"))
    router = build_router(settings, environ=context.environ, ledger=ledger)
    # The small embedded models call tools unreliably (invented tool names), so the
    # Specialist gets source excerpts in its prompt instead; hosted models get the tools.
    if router.config.backend_for("specialist").kind == "local":
        use_tools = False
    sandbox = Sandbox([source], settings=ToolSettings.from_values(settings.values),
                      environ=context.environ) if use_tools else None
    params: dict[str, object] = {"temperature": settings["llm.temperature"]}
    return RunDeps(llm=router, sandbox=sandbox, ledger=ledger, llm_review=llm_review,
                   params=params, on_event=_progress_printer(context))


def set_token_caps(deps: RunDeps, *, words: int) -> None:
    """Completion caps that fit an article of ``words`` words (and its translation)."""
    deps.max_tokens["specialist"] = max(600, words * 3)
    deps.max_tokens["translate"] = max(800, words * 4)


def _progress_printer(context: CliContext) -> Callable[[dict[str, object]], None]:
    started: dict[str, float] = {}

    def show(event: dict[str, object]) -> None:
        if context.verbosity < 0:
            return
        kind = event.get("event")
        step = str(event.get("step", ""))
        if kind == "step_start":
            started[step] = time.monotonic()
            round_note = (f" (round {int(str(event.get('round', 0))) + (step == 'evaluate')})"
                          if step in {"evaluate", "fix"} else "")
            click.echo(f"pse: {_STAGE_LABELS.get(step, step)}{round_note} ...", err=True)
        elif kind == "step_end":
            seconds = time.monotonic() - started.get(step, time.monotonic())
            issues = event.get("review_issues") or 0
            review = f", review issues: {issues}" if issues else ""
            click.echo(f"pse:   done in {seconds:.1f}s; open findings: "
                       f"{event.get('open_findings')}{review}", err=True)
        elif kind == "tool_call" and context.verbosity > 0:
            click.echo(f"pse:   tool {event.get('tool')}: {event.get('outcome')}", err=True)
    return show


def new_run_id(project: str) -> str:
    """``<project>-<UTC time>-<random>``: sortable, unique, safe as a folder name."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in project)[:40] or "run"
    return f"{safe}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}-{secrets.token_hex(2)}"


def print_summary(state: PSEState, deps: RunDeps, *, run_dir: Path) -> None:
    """Rounds, findings and a token/cost table on stderr; output paths on stdout."""
    click.echo(f"pse: {state.status}: {len(state.rounds)} evaluation round(s), "
               f"{state.attempts} fix round(s), {sum(r.fixed for r in state.rounds)} "
               f"finding(s) fixed, {len(state.stripped)} stripped, {len(state.bad)} open",
               err=True)
    if deps.ledger is not None and deps.ledger.calls:
        click.echo(f"{'stage':<12}{'requests':>9}{'prompt':>10}{'completion':>12}{'cost':>12}",
                   err=True)
        for stage, totals in deps.ledger.by_stage().items():
            click.echo(f"{stage:<12}{totals.requests:>9}{totals.usage.prompt_tokens:>10}"
                       f"{totals.usage.completion_tokens:>12}{totals.cost:>12.4f}", err=True)
        click.echo(deps.ledger.summary(), err=True)
    folder = run_dir if state.status == "passed" else run_dir / "needs-review"
    for path in sorted(folder.glob("artifact.*.md")):
        click.echo(str(path))
    click.echo(str(run_dir / "report.json"))
