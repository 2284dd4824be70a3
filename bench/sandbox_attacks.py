"""Run the sandbox attack corpus against pse and against the seeds' checks; print escapes.

    python bench/sandbox_attacks.py [--verbose]

Builds the playground of ``sandbox_corpus.py`` in a temporary folder, plants a fake API
key in this process's environment, then sends every case through ``pse.tools.call_tool``
and through a reimplementation of the seeds' checks (``str(path).startswith(str(root))``
for files; a ``shell=True`` run_bash behind the seeds' regex blacklist for commands, whose
commands are judged and never executed). A pse *escape* is a canary or the planted key in
a result or trace event, or a call that was not refused although it should have been; a
baseline escape is a call its checks let through that would leak, hang or do harm. The
last line is the summary; the exit code is 1 if pse escaped or gave a wrong code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import sandbox_corpus as corpus

from pse.tools import Sandbox, ToolEvent, ToolSettings, call_tool


def _run_pse(playground: corpus.Playground, case: corpus.Case,
             sandboxes: dict[str, Sandbox]) -> tuple[bool, bool, str]:
    """(escaped, wrong code, what happened) for one case."""
    key = json.dumps(case.settings, sort_keys=True)
    if key not in sandboxes:
        sandboxes[key] = Sandbox([playground.root], settings=ToolSettings(**case.settings))
    events: list[ToolEvent] = []
    output = call_tool(sandboxes[key], case.tool, playground.fill(case.arguments),
                       on_event=events.append)
    got = events[0].code or "ok"
    leaks = playground.leaks(output) + playground.leaks(json.dumps(asdict(events[0])))
    not_refused = case.expect != "ok" and events[0].outcome == "ok"
    return bool(leaks) or not_refused, got != case.expect, f"{got} {leaks or ''}".strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per case")
    args = parser.parse_args()
    os.environ[corpus.PLANTED_NAME] = corpus.PLANTED_VALUE
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pse-sandbox-bench-") as folder:
        playground = corpus.build_playground(Path(folder))
        sandboxes: dict[str, Sandbox] = {}
        rows: dict[str, Counter[str]] = {}
        skipped = 0
        for case in corpus.CASES:
            if case.needs and case.needs not in playground.capabilities:
                skipped += 1
                continue
            escaped, wrong, what = _run_pse(playground, case, sandboxes)
            seed = corpus.seed_escapes(playground, case)
            row = rows.setdefault(case.category, Counter())
            row.update(cases=1, pse=int(escaped), wrong=int(wrong), seed=int(bool(seed)))
            if args.verbose or escaped or wrong:
                print(f"{case.case_id:44} pse: {what:28} seed: {seed or 'blocked'}")
    _report(rows, skipped, playground.capabilities, time.monotonic() - started)
    total = sum((row for row in rows.values()), Counter())
    return 1 if total["pse"] or total["wrong"] else 0


def _report(rows: dict[str, Counter[str]], skipped: int, capabilities: frozenset[str],
            seconds: float) -> None:
    print(f"\n{'category':28} {'cases':>5} {'pse escapes':>12} {'seed escapes':>13}")
    for category, row in sorted(rows.items()):
        print(f"{category:28} {row['cases']:>5} {row['pse']:>12} {row['seed']:>13}")
    total = sum(rows.values(), Counter())
    print(f"\ncapabilities: {', '.join(sorted(capabilities)) or 'none'}; skipped cases: "
          f"{skipped}; wrong codes: {total['wrong']}; {seconds:.1f} s")
    print(f"sandbox: {total['pse']}/{total['cases']} escapes; "
          f"seed baseline: {total['seed']}/{total['cases']} escapes")


if __name__ == "__main__":
    sys.exit(main())
