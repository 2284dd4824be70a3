"""The README's integration examples run (here with the scenario's scripted model)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from article_support import (
    APPROVED,
    CLEAN,
    FIX_INVENTED,
    INVENTED_LINE,
    PLAN,
    WITH_INVENTED,
    long_section,
)
from integrations.scenario import require
from pse.llm.fake import ScriptedLLM

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrations"


FOCUS = {"The queue": ["JobQueue.submit()", "JobQueue.run_all()"],
         "Retries": ["RetryPolicy.delay()"], "Jobs": ["Job.run()", "JobState"]}
"""The sections of :data:`~article_support.PLAN` and the code each one names."""


def _sections(words: int) -> list[str]:
    """The sections of a scripted run long enough for the examples' 300-word target; the
    first names a method tinyqueue does not have (the fix deletes it)."""
    texts = [long_section(title, names, words, seed=i)
             for i, (title, names) in enumerate(FOCUS.items())]
    texts[0] = texts[0].rstrip("\n") + "\n" + INVENTED_LINE + "\n"
    return texts


def _example(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    return importlib.import_module(name)


@pytest.mark.parametrize("adapter", ["langgraph", "llamaindex"])
def test_examples_graph_adapters_write_the_article(adapter: str, tinyqueue: Path,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    require(adapter)
    example = _example(f"{adapter}_article", monkeypatch)
    first, *rest = _sections(100)
    llm = ScriptedLLM([PLAN, first, FIX_INVENTED, *rest, APPROVED])
    run_dir = tmp_path / "run"
    result = example.main(tinyqueue, run_dir, llm=llm)
    final = asyncio.run(result) if asyncio.iscoroutine(result) else result
    assert (final.status, llm.pending) == ("passed", 0), final.reason
    assert INVENTED_LINE not in final.artifact and final.attempts == 1
    assert (run_dir / "artifact.en.md").is_file() and (run_dir / "report.json").is_file()


def test_examples_crewai_writes_the_gated_article(tinyqueue: Path, offline_crewai: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    if importlib.util.find_spec("crewai") is None:
        pytest.skip('install "pse[crewai]" (the test extra includes it)')
    example = _example("crewai_article", monkeypatch)
    answers = [PLAN, WITH_INVENTED, CLEAN, APPROVED]
    llm = ScriptedLLM([f"Thought: done\nFinal Answer: {a}" for a in answers])
    assert example.main(tinyqueue, llm=llm).strip() == CLEAN.strip()
    assert llm.pending == 0 and offline_crewai == []
