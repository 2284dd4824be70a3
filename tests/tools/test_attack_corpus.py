"""The attack corpus: every case gets its exact outcome from pse and leaks nothing.

Every case runs in both isolation modes: ``bubblewrap`` (skipped, with the reason, only
where bubblewrap does not work; CI installs it) and the ``rlimits`` fallback. Besides the
outcome and the leaks, each case must leave no side effect: no marker written by planted
code or a git driver, no connection to the listener, its hostile project unchanged.

The corpus (``bench/sandbox_corpus.py``) is also run against a reimplementation of the
seeds' checks, to show the cases have teeth: the baseline lets many of them through.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import asdict
from typing import Any, get_args

import pytest

from pse.tools import RefusalCode, Sandbox, ToolEvent, ToolSettings, call_tool
from pse.tools.isolation import isolation_mode

from .conftest import corpus

CASES = corpus.CASES
_SANDBOXES: dict[str, Sandbox] = {}
HAS_BWRAP = isolation_mode() == "bubblewrap"
_SKIP_BWRAP = pytest.mark.skipif(not HAS_BWRAP,
                                 reason="bubblewrap does not work here (CI installs it)")
RUNS = [pytest.param(case, mode, id=f"{case.case_id}-{mode}",
                     marks=[_SKIP_BWRAP] if mode == "bubblewrap" else [])
        for case in CASES
        for mode in (("bubblewrap", "rlimits") if case.tool == "run_command" else ("rlimits",))]
"""Commands run in both modes; read_file, list_dir and grep start no process, so one."""


def _sandbox(playground: Any, case: Any, mode: str) -> Sandbox:
    root = playground.root_for(case)
    key = json.dumps([case.settings, mode, str(root)], sort_keys=True)
    if key not in _SANDBOXES:
        settings = ToolSettings(**case.settings,
                                isolation="auto" if mode == "bubblewrap" else "none")
        _SANDBOXES[key] = Sandbox([root], settings=settings)
        assert _SANDBOXES[key].isolation == mode
    return _SANDBOXES[key]


def _outcome(code: str) -> str:
    if code == "ok":
        return "ok"
    return "refused" if code in get_args(RefusalCode) else "error"


def test_corpus_has_at_least_200_cases_with_unique_ids() -> None:
    ids = [case.case_id for case in CASES]
    assert len(ids) >= 200
    assert len(set(ids)) == len(ids)


def test_corpus_covers_every_attack_family() -> None:
    families = Counter(case.category for case in CASES)
    for family in ("traversal", "absolute", "symlink", "hard-link", "sibling-prefix",
                   "dotdot-after-symlink", "null-byte", "unicode-lookalike", "huge-file",
                   "special-file", "shell-metacharacter", "blacklist-bypass",
                   "environment-exfiltration", "secret-file", "git-secret-leak"):
        assert families[family] >= 4, family


@pytest.mark.parametrize(("case", "mode"), RUNS)
def test_corpus_case_gets_exact_outcome_and_leaks_nothing(
        case: Any, mode: str, playground: Any, planted: str) -> None:
    if case.needs and case.needs not in playground.capabilities:
        pytest.skip(f"needs {case.needs}")
    events: list[ToolEvent] = []
    sandbox = _sandbox(playground, case, mode)
    before = playground.before(case)
    output = call_tool(sandbox, case.tool, playground.fill(case.arguments),
                       on_event=events.append)
    [event] = events
    expect = case.expected(mode)
    assert (event.code or "ok") == expect, output
    assert event.outcome == _outcome(expect)
    if expect != "ok":
        assert f"[{expect}]" in output  # the model sees the stable code
    for text in case.contains if expect == case.expect else ():
        assert playground.fill(text) in output
    trace = json.dumps(asdict(event))
    assert playground.leaks(output) == []
    assert playground.leaks(trace) == []
    assert planted not in output and planted not in trace
    assert playground.side_effects(case, before) == []


def test_corpus_has_planted_code_cases_of_every_kind() -> None:
    ids = {case.case_id for case in CASES}
    for name in ("conftest", "addopts-pyproject", "addopts-pytest-ini", "addopts-tox-ini",
                 "addopts-setup-cfg", "pythonpath-ini", "sitecustomize", "pth-file", "init",
                 "confcutdir", "conftest-symlink", "shadow-pytest", "shadow-dependency"):
        assert f"planted-pytest-{name}" in ids
    for name in ("filter-clean", "filter-process", "textconv", "diff-external", "fsmonitor",
                 "hooks", "pager", "gpg", "include", "includeif", "worktree-outside"):
        assert f"planted-git-{name}-status" in ids
    assert "planted-git-filter-clean-blame-tracked.txt" in ids
    assert "planted-git-filter-clean-diff-HEAD" in ids


def test_planted_processes_left_behind_did_nothing_later(playground: Any) -> None:
    # The payload starts `sleep 3; touch marker` in its own session; the sandbox must
    # have killed it (bubblewrap: --die-with-parent and a pid namespace).
    time.sleep(3.5)
    assert sorted(p.name for p in (playground.base / "markers").glob("*")) == []


def test_corpus_commands_had_no_side_effects(playground: Any) -> None:
    # Runs after the parametrized cases (same module, file order): nothing was written.
    for name in ("pwned.txt", "pwned", "x", "p"):
        assert not os.path.lexists(playground.root / name)
    assert (playground.root / "README.md").read_text().startswith("# Demo project")


def test_seed_baseline_lets_sibling_prefix_paths_through(playground: Any) -> None:
    sibling = [case for case in CASES if case.category == "sibling-prefix"
               and case.tool == "read_file"]
    reasons = [corpus.seed_escapes(playground, case) for case in sibling]
    assert reasons and all(reason.startswith("leaks CANARY-SIBLING") for reason in reasons)


def test_seed_baseline_blocks_plain_rm_rf_but_not_its_bypasses(playground: Any) -> None:
    direct = [c for c in CASES if c.category == "blacklist"]
    bypass = [c for c in CASES if c.category == "blacklist-bypass" and c.harmful]
    assert all(corpus.seed_escapes(playground, case) == "" for case in direct)
    assert all(corpus.seed_escapes(playground, case) for case in bypass)


def test_seed_baseline_reads_secret_files_fifos_and_planted_keys(playground: Any) -> None:
    by_id = {case.case_id: case for case in CASES}
    assert corpus.seed_escapes(playground, by_id["secret-read-0"]).startswith("leaks")
    assert "FIFO" in corpus.seed_escapes(playground, by_id["fifo-read"])
    assert "planted key" in corpus.seed_escapes(playground, by_id["env-file-redacted"])
    assert corpus.seed_escapes(playground, by_id["hardlink-outside"]).startswith("leaks")


def test_seed_baseline_escape_count_is_large_and_pse_count_is_zero(
        playground: Any, planted: str) -> None:
    seed = sum(1 for case in CASES if corpus.seed_escapes(playground, case))
    assert seed > len(CASES) // 3
    sandbox = Sandbox([playground.root])
    leaked = [case.case_id for case in CASES[:60] if case.tool != "run_command"
              and playground.leaks(call_tool(sandbox, case.tool,
                                             playground.fill(case.arguments)))]
    assert leaked == []
