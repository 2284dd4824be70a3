"""Run the sandbox attack corpus against pse and against the seeds' checks; print escapes.

    python bench/sandbox_attacks.py [--verbose]

Builds the playground of ``sandbox_corpus.py`` (with the hostile projects of
``sandbox_planted.py``) and the held-out projects of ``sandbox_heldout.py`` in a temporary
folder, plants a fake API key in this process's environment, then sends every case
through ``pse.tools.call_tool`` in each isolation mode this machine has (``bubblewrap``
where it works, and always the ``rlimits`` fallback), and through a reimplementation of
the seeds' checks (``str(path).startswith(str(root))`` for files; a ``shell=True``
run_bash behind the seeds' regex blacklist for commands, whose commands are judged and
never executed). A pse *escape* is a canary, the exec canary or the planted key in a
result or trace event; a side effect (a marker file written by planted code or a git
driver, a connection to the harness's listeners, a changed project, a process that
outlived its command); or a call that was not refused although it should have been. A
baseline escape is a call its checks let through that would leak, hang or do harm. The
last lines are the summaries; the exit code is 1 if pse escaped or gave a wrong code.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import sandbox_corpus as corpus
import sandbox_heldout as heldout
import sandbox_planted as planted

from pse.tools import Sandbox, ToolEvent, ToolSettings, call_tool
from pse.tools.isolation import isolation_mode

_LATE = 3.5
"""Seconds to wait at the end for processes planted code tried to leave behind."""


def _run_pse(playground: corpus.Playground, case: corpus.Case, mode: str,
             sandboxes: dict[str, Sandbox], extra: list[str]) -> tuple[bool, bool, str]:
    """(escaped, wrong code, what happened) for one case in one isolation mode."""
    root = playground.root_for(case)
    key = json.dumps([case.settings, mode, str(root)], sort_keys=True)
    if key not in sandboxes:
        settings = ToolSettings(**case.settings,
                                isolation="auto" if mode == "bubblewrap" else "none")
        sandboxes[key] = Sandbox([root], settings=settings)
    events: list[ToolEvent] = []
    before = playground.before(case)
    output = call_tool(sandboxes[key], case.tool, playground.fill(case.arguments),
                       on_event=events.append)
    got = events[0].code or "ok"
    leaks = playground.leaks(output) + playground.leaks(json.dumps(asdict(events[0])))
    leaks += playground.side_effects(case, before) + extra
    expect = case.expected(mode)
    not_refused = expect != "ok" and events[0].outcome == "ok"
    return bool(leaks) or not_refused, got != expect, f"{got} {leaks or ''}".strip()


def _run_set(playground: corpus.Playground, cases: list[corpus.Case], modes: list[str],
             verbose: bool, abstract: object = None) -> tuple[dict[str, Counter[str]], int]:
    rows: dict[str, Counter[str]] = {}
    skipped = 0
    sandboxes: dict[str, Sandbox] = {}
    for case in cases:
        if case.needs and case.needs not in playground.capabilities:
            skipped += 1
            continue
        seed = corpus.seed_escapes(playground, case)
        row = rows.setdefault(case.category, Counter())
        row.update(cases=1, seed=int(bool(seed)))
        for mode in modes:
            extra = (["abstract socket"] if abstract is not None
                     and planted.connections(abstract) else [])  # type: ignore[arg-type]
            escaped, wrong, what = _run_pse(playground, case, mode, sandboxes, extra)
            row.update({f"pse {mode}": int(escaped), "wrong": int(wrong)})
            if verbose or escaped or wrong:
                print(f"{case.case_id:52} {mode:10} pse: {what:28} seed: {seed or 'blocked'}")
    return rows, skipped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per case")
    args = parser.parse_args()
    os.environ[corpus.PLANTED_NAME] = corpus.PLANTED_VALUE
    modes = (["bubblewrap"] if isolation_mode() == "bubblewrap" else []) + ["rlimits"]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pse-sandbox-bench-") as folder:
        playground = corpus.build_playground(Path(folder))
        rows, skipped = _run_set(playground, list(corpus.CASES), modes, args.verbose)
        held, abstract = _heldout_playground(playground)
        held_cases = [c for c in heldout.cases(corpus.Case, dict(held.projects))
                      if isinstance(c, corpus.Case) and c.project.startswith("h-")]
        held_rows, held_skipped = _run_set(held, held_cases, modes, args.verbose, abstract)
        time.sleep(_LATE)
        late = held.side_effects(corpus.Case("late", "late", "", {}, "ok"), frozenset())
        abstract.close()
        if playground.listener is not None:
            playground.listener.close()
    if late:
        print(f"processes outlived their command: {late}")
        rows.setdefault("late-effects", Counter()).update({f"pse {m}": 1 for m in modes})
    print(f"\nisolation modes run: {', '.join(modes)}; capabilities: "
          f"{', '.join(sorted(playground.capabilities)) or 'none'}; "
          f"{time.monotonic() - started:.1f} s")
    escaped = _report("corpus", rows, skipped, modes)
    escaped += _report("held-out set", held_rows, held_skipped, modes)
    return 1 if escaped else 0


def _heldout_playground(playground: corpus.Playground
                        ) -> tuple[corpus.Playground, object]:
    assert playground.listener is not None
    abstract = heldout.listen_abstract()
    projects = heldout.build(playground.base, playground.listener.getsockname()[1]) if (
        "git" in playground.capabilities) else {}
    canaries = (*playground.canaries, *(planted.secret_for(name) for name in projects))
    return dataclasses.replace(playground, canaries=canaries,
                               projects={**playground.projects, **projects}), abstract


def _report(title: str, rows: dict[str, Counter[str]], skipped: int, modes: list[str]) -> int:
    """Print one table; the number of escapes and wrong codes."""
    columns = [f"pse {mode}" for mode in modes]
    print(f"\n{title}\n{'category':28} {'cases':>5} "
          + " ".join(f"{c:>16}" for c in columns) + f" {'seed escapes':>13}")
    for category, row in sorted(rows.items()):
        print(f"{category:28} {row['cases']:>5} " + " ".join(f"{row[c]:>16}" for c in columns)
              + f" {row['seed']:>13}")
    total = sum(rows.values(), Counter())
    print(f"skipped cases: {skipped}; wrong codes: {total['wrong']}")
    for mode, column in zip(modes, columns, strict=True):
        print(f"{title}: sandbox ({mode}): {total[column]}/{total['cases']} escapes; "
              f"seed baseline: {total['seed']}/{total['cases']} escapes")
    return sum(total[c] for c in columns) + total["wrong"]


if __name__ == "__main__":
    sys.exit(main())
