"""The README's integration examples run (here with the scenario's scripted model)."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from collections.abc import Sequence
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
    excerpt_words,
    long_section,
)
from integrations.scenario import require
from pse.llm.fake import CallInfo, FunctionLLM, ScriptedLLM
from pse.llm.types import Message

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrations"


def _writer(first_extra: str) -> FunctionLLM:
    """A scripted model for the examples' 300-word target: the planner's plan, sections in
    the words of their excerpts (the first also names a method tinyqueue does not have,
    which the fix deletes), the fix, and an approving review."""
    sections: list[str] = []

    def answer(messages: Sequence[Message], info: CallInfo) -> str:
        prompt = messages[-1].content
        if info.stage == "planner":
            return PLAN
        if info.stage == "evaluator":
            return APPROVED
        if info.stage != "specialist":
            return FIX_INVENTED
        title = prompt.split('This section: "## ', 1)[1].split('"\n', 1)[0]
        focus = prompt.split("It explains: `", 1)[1].split("`", 1)[0]
        text = long_section(title, [focus], 100, seed=len(sections),
                            vocabulary=excerpt_words(prompt, focus))
        if not sections:
            text = text.rstrip("\n") + "\n" + first_extra + "\n"
        sections.append(text)
        return text

    return FunctionLLM(answer)


def _example(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    return importlib.import_module(name)


@pytest.mark.parametrize("adapter", ["langgraph", "llamaindex"])
def test_examples_graph_adapters_write_the_article(adapter: str, tinyqueue: Path,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    require(adapter)
    example = _example(f"{adapter}_article", monkeypatch)
    llm = _writer(INVENTED_LINE)
    run_dir = tmp_path / "run"
    result = example.main(tinyqueue, run_dir, llm=llm)
    final = asyncio.run(result) if asyncio.iscoroutine(result) else result
    assert final.status == "passed", final.reason
    assert INVENTED_LINE not in final.artifact and final.attempts == 1
    assert [r.info.stage for r in llm.requests].count("fix") == 1  # only the invented line
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
