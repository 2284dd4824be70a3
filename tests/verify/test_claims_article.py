"""Structural claims in the article gate: a false claim is a finding Fix and Strip can use."""

from __future__ import annotations

from pathlib import Path

from article_support import CLEAN, article_settings, copy_tinyqueue, new_state
from pse.llm.fake import ScriptedLLM
from pse.pipeline.patch import flagged_excerpt
from pse.pipeline.task import RunDeps
from pse.tasks.article.task import ArticleTask
from pse.verify.strip import strip_spans

FALSE_CLAIM = "As the code shows, `JobQueue` extends `Job`."


def test_article_gate_flags_a_false_claim_and_strip_removes_it(tmp_path: Path) -> None:
    root = copy_tinyqueue(tmp_path / "tinyqueue")
    task = ArticleTask(settings=article_settings(root))
    state = task.prepare(new_state(root), RunDeps(llm=ScriptedLLM()))
    text = CLEAN + "\n" + FALSE_CLAIM + "\n"
    line = text.splitlines().index(FALSE_CLAIM) + 1
    result = task.verify(state, text, lang="en")
    [finding] = result.bad
    assert (finding.rule, finding.line, finding.text) == ("claim-false", line, FALSE_CLAIM)
    assert finding.message.endswith("`JobQueue`'s bases are only `object`")
    assert finding.evidence[0].path == "src/tinyqueue/queue.py"
    excerpt = flagged_excerpt(text, result.bad, [])
    assert f"LINE {line}:" in excerpt and "only `object`" in excerpt  # the true relation
    stripped, removed = strip_spans(text, task.strip_spans(state, result))
    assert removed == [FALSE_CLAIM] and stripped == CLEAN
    assert task.verify(state, stripped, lang="en").bad == []
