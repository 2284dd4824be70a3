#!/usr/bin/env python3
"""What the facts block costs in the section prompts (no model run).

    python bench/facts_prompt.py [PROJECT_DIR] [--words 600]

Runs ``pse article``'s pipeline on a copy of the project (default ``examples/tinyqueue``)
with a scripted model (any plan answer is unusable, so the index plan is used, as the
embedded model's runs often do; each section answers with its heading and one sentence),
twice: with the facts block and with it emptied. It prints, per section, the characters
of the Specialist's prompt and an estimate of its tokens (characters / 4, the usual rate
of English and code for a BPE vocabulary), and the change.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from unittest import mock

from pse.config import load_settings
from pse.llm.fake import CallInfo, FunctionLLM
from pse.llm.types import Message
from pse.pipeline.runner import run_pipeline
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.tasks.article import task as article_task
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.task import ArticleTask

_ROOT = Path(__file__).resolve().parents[1]


def _answer(messages: Sequence[Message], info: CallInfo) -> str:
    ask = messages[-1].content
    if info.stage == "evaluator":
        return "APPROVED"
    heading = re.search(r'This section: "(## [^"\n]+)"', ask)
    if heading and info.stage in {"specialist", "fix"}:
        return f"{heading.group(1)}\n\nThis part of the project is described in the source.\n"
    return "no plan"


def specialist_prompts(source: Path, *, words: str, facts: bool) -> list[int]:
    """Characters of each section's first Specialist prompt."""
    llm = FunctionLLM(_answer)
    settings = load_settings(environ={"PSE_RAG_RETRIEVER": "bm25"}, start=source, cwd=source)
    state = PSEState(run_id="bench", task="article", max_retries=0,
                     inputs=ArticleInputs(source=str(source), lang="en", project=source.name,
                                          style="architecture", words=int(words)))
    patch = mock.patch.object(article_task, "section_facts", return_value="") if not facts \
        else mock.patch.object(article_task, "section_facts", article_task.section_facts)
    with patch, tempfile.TemporaryDirectory() as run_dir:
        run_pipeline(state, ArticleTask(settings=settings), RunDeps(llm=llm),
                     run_dir=Path(run_dir))
    seen: dict[str, int] = {}
    for request in llm.requests:
        content = request.messages[-1].content
        heading = re.search(r'This section: "(## [^"\n]+)"', content)
        if request.info.stage == "specialist" and heading:
            seen.setdefault(heading.group(1), sum(len(m.content) for m in request.messages))
    return list(seen.values())


def main(argv: Sequence[str] | None = None) -> int:
    """Print the prompt sizes with and without the facts block."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", nargs="?", type=Path, default=_ROOT / "examples" / "tinyqueue")
    parser.add_argument("--words", default="600")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(shutil.copytree(options.project, Path(tmp) / options.project.name))
        without = specialist_prompts(source, words=options.words, facts=False)
        with_facts = specialist_prompts(source, words=options.words, facts=True)
    print("section  chars_without  chars_with  est_tokens_added")
    for number, (a, b) in enumerate(zip(without, with_facts, strict=True), start=1):
        print(f"{number:>7}  {a:>13}  {b:>10}  {(b - a) / 4:>16.0f}")
    total_a, total_b = sum(without), sum(with_facts)
    print(f"  total  {total_a:>13}  {total_b:>10}  {(total_b - total_a) / 4:>16.0f}"
          f"  (+{100 * (total_b - total_a) / max(1, total_a):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
