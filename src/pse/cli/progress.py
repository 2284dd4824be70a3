"""What a person sees on stderr while pse works: stages, findings, the cost table.

:class:`Terminal` is the one writer: nothing with ``-q``; on a terminal, rich output (a
spinner for the running stage, tables); otherwise plain lines that logs and CI keep
readable. Results never come here: they go to stdout or ``-o``.
"""

from __future__ import annotations

import atexit
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from itertools import groupby
from typing import IO

from rich.console import Console
from rich.status import Status
from rich.table import Table

from pse.llm.usage import CallRecord

STAGE_LABELS = {"prepare": "prepare (index, facts, retrieval)", "plan": "planner",
                "write": "specialist", "evaluate": "evaluator", "fix": "fix",
                "strip": "strip (deterministic fallback)", "translate": "translate"}

CostRow = tuple[str, str, int, int, int, int, Decimal | None]
"""(stage, model, requests, cache hits, prompt tokens, completion tokens, cost)."""


class Terminal:
    """stderr for people: quiet with ``-q``, rich on a TTY, plain lines otherwise."""

    def __init__(self, verbosity: int, *, stream: IO[str] | None = None,
                 tty: bool | None = None, width: int | None = None) -> None:
        self.stream = stream or sys.stderr
        self.verbosity = verbosity
        self.enabled = verbosity >= 0
        is_tty = self.stream.isatty() if tty is None else tty
        self.console = Console(file=self.stream, force_terminal=True, width=width,
                               highlight=False) if self.enabled and is_tty else None

    @property
    def rich(self) -> bool:
        """True when output is drawn for a terminal."""
        return self.console is not None

    def line(self, text: str) -> None:
        """One plain line (shown unless ``-q``)."""
        if not self.enabled:
            return
        if self.console is not None:
            self.console.print(text, markup=False)
        else:
            self.stream.write(text + "\n")
            self.stream.flush()

    def status(self, text: str) -> Status | None:
        """A spinner line on a terminal (None elsewhere); the caller stops it.

        It is also stopped at exit, so a run that fails mid-stage gets its cursor back.
        """
        if self.console is None:
            return None
        status = self.console.status(text)
        status.start()
        atexit.register(status.stop)
        return status

    def table(self, title: str, headers: Sequence[str], rows: Iterable[Sequence[str]],
              *, right: int = 1) -> None:
        """A table; ``right``: index of the first right-aligned (numeric) column."""
        rows = [list(r) for r in rows]
        if not self.enabled:
            return
        if self.console is not None:
            table = Table(title=title, title_justify="left")
            for index, header in enumerate(headers):
                table.add_column(header, justify="right" if index >= right else "left")
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
                  for i, h in enumerate(headers)]
        self.line(title)
        for row in [list(headers), *rows]:
            cells = [c.rjust(w) if i >= right else c.ljust(w)
                     for i, (c, w) in enumerate(zip(row, widths, strict=True))]
            self.line("  " + "  ".join(cells).rstrip())


class StageProgress:
    """The pipeline's ``on_event`` handler: one line (or spinner) per stage."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self._started: dict[str, float] = {}
        self._status: Status | None = None

    def __call__(self, event: Mapping[str, object]) -> None:
        kind, step = event.get("event"), str(event.get("step", ""))
        if kind == "step_start":
            self._started[step] = time.monotonic()
            label = f"pse: {STAGE_LABELS.get(step, step)}{_round_note(step, event)} ..."
            self._status = self.terminal.status(label)
            if self._status is None:
                self.terminal.line(label)
        elif kind == "step_end":
            self._stop()
            seconds = time.monotonic() - self._started.get(step, time.monotonic())
            issues = event.get("review_issues") or 0
            review = f", review issues: {issues}" if issues else ""
            done = (f"pse: ✓ {STAGE_LABELS.get(step, step)} " if self.terminal.rich
                    else "pse:   ")
            self.terminal.line(f"{done}done in {seconds:.1f}s; open findings: "
                               f"{event.get('open_findings')}{review}")
        elif kind == "notice":
            self.terminal.line(f"pse: {event.get('message')}")
        elif kind == "tool_call" and self.terminal.verbosity > 0:
            self.terminal.line(f"pse:   tool {event.get('tool')}: {event.get('outcome')}")
        elif kind == "done":
            self._stop()

    def _stop(self) -> None:
        if self._status is not None:
            self._status.stop()
            atexit.unregister(self._status.stop)
            self._status = None


def _round_note(step: str, event: Mapping[str, object]) -> str:
    if step not in {"evaluate", "fix"}:
        return ""
    number = int(str(event.get("round", 0) or 0)) + (step == "evaluate")
    return f" (round {number})"


def show_findings(terminal: Terminal, findings: Sequence[Mapping[str, object]]) -> None:
    """Open findings, compact and grouped by file: ``  line  rule  message`` + hint."""
    if not findings:
        return
    def key(item: Mapping[str, object]) -> tuple[str, int]:
        line = item.get("line")
        return str(item.get("path", "")), line if isinstance(line, int) else 0
    for path, items in groupby(sorted(findings, key=key), key=lambda f: key(f)[0]):
        terminal.line(path or "(no file)")
        for item in items:
            line = item.get("line")
            where = f"{line:>5}" if isinstance(line, int) else "    -"
            terminal.line(f"  {where}  ✗ {item.get('message', '')}  [{item.get('rule', '')}]")
            if item.get("hint"):
                terminal.line(f"         {item['hint']}")


def cost_rows(calls: Iterable[CallRecord]) -> list[CostRow]:
    """Per stage and model: requests (cache hits apart), tokens, cost (None: unpriced)."""
    table: dict[tuple[str, str], list[object]] = {}
    for call in calls:
        row = table.setdefault((call.stage, call.model), [0, 0, 0, 0, Decimal(0)])
        if call.cached:
            row[1] = int(str(row[1])) + 1
            continue
        row[0] = int(str(row[0])) + 1
        row[2] = int(str(row[2])) + call.usage.prompt_tokens
        row[3] = int(str(row[3])) + call.usage.completion_tokens
        cost = row[4]
        row[4] = None if call.cost is None or not isinstance(cost, Decimal) else cost + call.cost
    return [(stage, model, *(int(str(v)) for v in r[:4]),
             r[4] if isinstance(r[4], Decimal) else None)  # type: ignore[misc]  # 7-tuple
            for (stage, model), r in sorted(table.items())]


def show_costs(terminal: Terminal, calls: Sequence[CallRecord], *, currency: str) -> None:
    """The token/cost table per stage and model, with a total row."""
    rows = cost_rows(calls)
    if not rows:
        return
    def money(value: Decimal | None) -> str:
        return "unpriced" if value is None else f"{value:.4f}"
    cells = [[stage, model, str(req), str(hits), str(prompt), str(done), money(cost)]
             for stage, model, req, hits, prompt, done, cost in rows]
    costs = [r[6] for r in rows]
    total = None if any(c is None for c in costs) else sum((c for c in costs if c), Decimal(0))
    cells.append(["total", "", *(str(sum(int(str(r[i])) for r in rows)) for i in range(2, 6)),
                  money(total)])
    terminal.table(f"tokens and cost ({currency})", ["stage", "model", "requests", "cached",
                                                    "prompt", "completion", "cost"],
                   cells, right=2)
