"""PSEState: everything a run knows, as frozen values (checkpointed after each step).

The task's inputs (its own frozen dataclass, :mod:`pse.pipeline.inputs`), the run's
switches, the plan's sections, the retrieved excerpts, the findings and the gate results
are typed; :mod:`pse.pipeline.codec` is the one place that turns them into JSON and back.
``data`` (what the task prepared, read only by the task) stays a JSON map: its keys are
each task's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from pse.pipeline.inputs import GenericInputs, TaskInputs
from pse.pipeline.plan import Section
from pse.rag.retriever import Chunk
from pse.verify.finding import Finding

Status = Literal["running", "passed", "needs-review", "failed"]
"""``failed`` is the value older checkpoints and tasks use; it means ``needs-review``."""


@dataclass(frozen=True)
class RoundRecord:
    """What one evaluation round found and what the fix after it changed."""

    round: int
    bad: int
    llm_issues: int = 0
    fixed: int = 0
    """Findings of this round that were gone at the next evaluation."""
    scope: str = "article"
    """What was evaluated: ``article`` (the whole text) or ``section N``."""
    rejected_edits: int = 0
    """Edits of the fix after this round that fell outside the lines it was shown."""
    reverted: bool = False
    """The fix after this round changed the text but cleared none of its findings, so the
    change was undone (a small model's fix for an ungrounded section rewrote a true
    sentence three times, each worse, without naming any code)."""
    findings: list[Finding] = field(default_factory=list)
    """This round's findings (without evidence): what the fix was shown."""
    diff: str = ""
    """What the fix after this round changed, as a unified diff (empty: nothing)."""


@dataclass(frozen=True)
class Gate:
    """One final gate on a finished run."""

    name: str
    passed: bool
    value: float = 0
    """The measured figure the gate compares (a count, a share, words)."""
    detail: str = ""
    """One line: what was measured, against what."""


@dataclass(frozen=True)
class RunOptions:
    """The run's switches as the user set them, kept so ``pse continue`` keeps them."""

    tools: bool = True
    """The writer may call the sandboxed tools."""
    llm_review: bool = True
    """The Evaluator's LLM review runs in round one."""
    source_table: bool = False
    """The published article ends with a source-navigation table."""
    show_requests: bool = False
    """Every model request is logged in the run folder (``pse resume``)."""


@dataclass(frozen=True)
class PSEState:
    """The run's state. Steps return an updated copy (``dataclasses.replace``)."""

    run_id: str
    task: str
    inputs: TaskInputs = field(default_factory=GenericInputs)
    """What the user asked for, as the task's inputs type (``ArticleInputs``: source
    folder, language, style, translation...); a task reads its own with ``X.of(state)``."""
    options: RunOptions = field(default_factory=RunOptions)
    """The run's switches (tools, LLM review, source table, request log)."""
    data: dict[str, object] = field(default_factory=dict)
    """What the task prepared: project facts, style rules, file list..."""
    context: list[Chunk] = field(default_factory=list)
    """Retrieved source chunks that ground the writing (path, start, end, text)."""
    plan: str = ""
    """The Planner's last reply, as written."""
    sections: list[Section] = field(default_factory=list)
    """The verified plan, with each section's text once written; empty for tasks
    written in one piece."""
    section: int = 0
    """The cursor: the section being written; ``len(sections)`` is the assembled article."""
    plan_source: str = ""
    """Where the plan came from: ``planner`` or ``index`` (the Planner's outline failed)."""
    plan_notes: list[str] = field(default_factory=list)
    """Why each rejected outline was rejected (fed back to the Planner once)."""
    draft: str = ""
    """The Specialist's first full text, kept to measure what survives."""
    artifact: str = ""
    translations: dict[str, str] = field(default_factory=dict)
    bad: list[Finding] = field(default_factory=list)
    """Open findings."""
    ok_count: int = 0
    llm_issues: list[str] = field(default_factory=list)
    """Review issues that quote nothing checkable (fed to the next fix, then dropped)."""
    review: list[dict[str, str]] = field(default_factory=list)
    """Review issues that quote the text: ``{issue, quote, line}``; open while ``line``
    (the line that held the quote) is still in the text."""
    review_readable: bool = True
    """False when the LLM review could not be read as a verdict."""
    attempts: int = 0
    """Fix rounds done (all scopes)."""
    scope_attempts: int = 0
    """Fix rounds done in the current scope (section or article)."""
    stalled: bool = False
    """The last fix changed nothing: asking again would repeat the same question."""
    max_retries: int = 3
    rounds: list[RoundRecord] = field(default_factory=list)
    stripped: list[str] = field(default_factory=list)
    """Spans the deterministic fallback deleted."""
    usage: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per-stage requests, tokens and cost (strings: exact money in JSON)."""
    step: str = "prepare"
    """The next step to run."""
    status: Status = "running"
    gates: list[Gate] = field(default_factory=list)
    """Each final gate (set when the run finalizes)."""
    reason: str = ""
    """One line: why the run needs review (empty when it passed)."""

    @property
    def in_sections(self) -> bool:
        """True while a section (not the assembled article) is being written and checked."""
        return self.section < len(self.sections)

    def current_text(self) -> str:
        """The text the next check or fix works on: the cursor's section, or the article."""
        if self.in_sections:
            return self.sections[self.section].text
        return self.artifact

    def with_text(self, text: str) -> PSEState:
        """A copy whose current text (see :meth:`current_text`) is ``text``."""
        if not self.in_sections:
            return replace(self, artifact=text)
        return self.with_section(text=text)

    def with_section(self, **changes: object) -> PSEState:
        """A copy whose cursor's section has ``changes`` (field values)."""
        sections = list(self.sections)
        sections[self.section] = replace(sections[self.section], **changes)  # type: ignore[arg-type]  # Section fields
        return replace(self, sections=sections)

    def findings(self) -> list[Finding]:
        """The open findings (kept for callers of the dict-state API)."""
        return list(self.bad)
