"""The terminal view: stage progress, findings by file, the cost table (text snapshots)."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from article_support import APPROVED, JOBS, NO_EDITS, PLAN, QUEUE_INVENTED, RETRIES
from pse.cli.progress import StageProgress, Terminal, show_costs, show_findings
from pse.llm.fake import ScriptedLLM
from pse.llm.types import Usage
from pse.llm.usage import CallRecord
from repo_fixtures import run_cli


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


EVENTS = [{"event": "step_start", "step": "plan", "round": 0},
          {"event": "step_end", "step": "plan", "next": "write", "open_findings": 0,
           "review_issues": 0},
          {"event": "step_start", "step": "evaluate", "round": 0},
          {"event": "tool_call", "tool": "read_file", "outcome": "ok"},
          {"event": "step_end", "step": "evaluate", "next": "fix", "open_findings": 2,
           "review_issues": 1},
          {"event": "done", "status": "passed"}]

FINDINGS = [{"path": "artifact.en.md", "line": 9, "rule": "ref-unverified",
             "message": "'Ghost': not found", "hint": "did you mean 'Host'?"},
            {"path": "artifact.en.md", "line": 2, "rule": "exaggeration", "message": "'best'"},
            {"path": "artifact.zh.md", "line": None, "rule": "ref-set", "message": "lost `x`"}]

CALLS = [CallRecord("planner", "local", "qwen", Usage(100, 20), Decimal("0.001"), 1.0),
         CallRecord("fix", "local", "qwen", Usage(50, 5), Decimal("0.002"), 1.0),
         CallRecord("fix", "local", "qwen", Usage(50, 5), None, 0.0, cached=True),
         CallRecord("fix", "openai", "gpt", Usage(10, 1), None, 1.0)]


def _plain(verbosity: int = 0) -> tuple[Terminal, io.StringIO]:
    stream = io.StringIO()
    return Terminal(verbosity, stream=stream), stream


def test_progress_plain_stage_lines() -> None:
    terminal, stream = _plain()
    progress = StageProgress(terminal)
    for event in EVENTS:
        progress(event)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "pse: planner ..."
    assert lines[1].startswith("pse:   done in ") and lines[1].endswith("open findings: 0")
    assert lines[2] == "pse: evaluator (round 1) ..."
    assert lines[3].endswith("open findings: 2, review issues: 1")
    assert len(lines) == 4  # tool calls only with -v


def test_progress_verbose_shows_tool_calls_and_quiet_shows_nothing() -> None:
    terminal, stream = _plain(1)
    progress = StageProgress(terminal)
    for event in EVENTS:
        progress(event)
    assert "pse:   tool read_file: ok" in stream.getvalue()
    quiet, silent = _plain(-1)
    progress = StageProgress(quiet)
    for event in EVENTS:
        progress(event)
    show_findings(quiet, FINDINGS)
    show_costs(quiet, CALLS, currency="USD")
    assert silent.getvalue() == ""


def test_progress_findings_grouped_by_file() -> None:
    terminal, stream = _plain()
    show_findings(terminal, FINDINGS)
    assert stream.getvalue().splitlines() == [
        "artifact.en.md",
        "      2  ✗ 'best'  [exaggeration]",
        "      9  ✗ 'Ghost': not found  [ref-unverified]",
        "         did you mean 'Host'?",
        "artifact.zh.md",
        "      -  ✗ lost `x`  [ref-set]",
    ]


def test_progress_cost_table_per_stage_and_model() -> None:
    terminal, stream = _plain()
    show_costs(terminal, CALLS, currency="USD")
    assert stream.getvalue().splitlines() == [
        "tokens and cost (USD)",
        "  stage    model  requests  cached  prompt  completion      cost",
        "  fix      gpt           1       0      10           1  unpriced",
        "  fix      qwen          1       1      50           5    0.0020",
        "  planner  qwen          1       0     100          20    0.0010",
        "  total                  3       1     160          26  unpriced",
    ]


def test_progress_rich_on_a_terminal() -> None:
    stream = _Tty()
    terminal = Terminal(0, stream=stream, width=100)
    assert terminal.rich
    progress = StageProgress(terminal)
    for event in EVENTS:
        progress(event)
    show_costs(terminal, CALLS[:2], currency="USD")
    text = stream.getvalue()
    assert "pse: ✓ planner done in" in text and "\x1b[" in text
    assert "┴" in text and "stage" in text and "0.0030" in text


def test_progress_article_cli_stderr_and_quiet(model: ScriptedLLM, tinyqueue: Path,
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    model.enqueue(PLAN, QUEUE_INVENTED, NO_EDITS, RETRIES, JOBS, APPROVED)
    result = run_cli(capsys, "article", str(tinyqueue), "--words", "200",
                     "--out", str(tmp_path / "a"))
    assert result.code == 0, result.err
    assert "pse: strip (deterministic fallback) ..." in result.err
    assert "tokens and cost (USD)" in result.err and "  total " in result.err
    assert "pse: the run's story: " in result.err and "report.html" in result.err
    assert "\x1b[" not in result.err  # not a terminal: plain text
    assert "pse:" not in result.out
    model.enqueue(PLAN, QUEUE_INVENTED, NO_EDITS, RETRIES, JOBS, APPROVED)
    quiet = run_cli(capsys, "article", str(tinyqueue), "--words", "200",
                    "--out", str(tmp_path / "b"), "-q")
    assert quiet.code == 0 and quiet.err == ""
    assert quiet.out.splitlines()[-1].endswith("report.json")
