"""``pse rules``: the article's per-round rules and final gates, as declared."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from pse.cli.common import EXIT_OK
from pse.tasks.article.rulebook import FINAL_GATES, RULES, Threshold


@click.command("rules")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def command(as_json: bool) -> int:
    """List the article rules (checked every round) and the final gates.

    A rule's id goes in `article.disable-rules` to turn it off, and its thresholds
    (listed under it) in `[tool.pse.article.rules.<id>]`; a final gate's thresholds go
    in the table of its name the same way. "strip" says whether
    Strip may delete what the rule flags; a whole-text finding (a section naming no code,
    a cut-off end) is never deleted, only fixed or reported.

    \b
    Exit codes: 0 listed, 2 bad usage.
    Examples:
      pse rules
      pse rules --json
    """
    if as_json:
        rules = [{"id": r.rule_id, "scope": r.scope, "strip": r.strippable,
                  "emits": list(r.emits), "summary": r.summary,
                  "thresholds": _thresholds(r.thresholds)} for r in RULES]
        gates = [{"id": g.name, "summary": g.summary,
                  "thresholds": _thresholds(g.thresholds)} for g in FINAL_GATES]
        click.echo(json.dumps({"rules": rules, "final_gates": gates}, indent=2))
        return EXIT_OK
    width = max(len(name) for name in [*(r.rule_id for r in RULES),
                                        *(g.name for g in FINAL_GATES)])
    click.echo("# rules, checked in every round (scope, whether Strip may delete)")
    for rule in RULES:
        strip = "strip" if rule.strippable else "no-strip"
        click.echo(f"{rule.rule_id.ljust(width)}  {rule.scope.ljust(11)}  {strip.ljust(8)}  "
                   f"{rule.summary}")
        _echo_thresholds(rule.thresholds, width=width)
    click.echo("# final gates, on the finished article")
    for gate in FINAL_GATES:
        click.echo(f"{gate.name.ljust(width)}  {gate.summary}")
        _echo_thresholds(gate.thresholds, width=width)
    return EXIT_OK


def _thresholds(thresholds: Sequence[Threshold]) -> list[dict[str, object]]:
    return [{"name": t.name, "default": t.default, "stricter": t.stricter,
             "summary": t.summary} for t in thresholds]


def _echo_thresholds(thresholds: Sequence[Threshold], *, width: int) -> None:
    for limit in thresholds:
        click.echo(f"{''.ljust(width)}    {limit.name} = {limit.default:g} "
                   f"({limit.stricter} is stricter): {limit.summary}")
