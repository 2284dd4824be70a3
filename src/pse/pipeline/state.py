"""PSEState: everything a run knows, as JSON-ready data (checkpointed after each step)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Literal

from pse.errors import SourceError
from pse.verify.finding import Evidence, Finding

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
    findings: list[dict[str, object]] = field(default_factory=list)
    """This round's findings (rule, line, text, message, hint): what the fix was shown."""
    diff: str = ""
    """What the fix after this round changed, as a unified diff (empty: nothing)."""


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


_FLAGS = tuple(f.name for f in fields(RunOptions))


def split_options(inputs: dict[str, str]) -> tuple[dict[str, str], RunOptions]:
    """Inputs without the flags older checkpoints kept among them as ``"0"``/``"1"``
    strings, and those flags as :class:`RunOptions` (the one place that reads them)."""
    kept = {k: v for k, v in inputs.items() if k not in _FLAGS}
    flags = {k: inputs[k] == "1" for k in _FLAGS if k in inputs}
    return kept, RunOptions(**flags)


@dataclass(frozen=True)
class PSEState:
    """The run's state. Steps return an updated copy (``dataclasses.replace``)."""

    run_id: str
    task: str
    inputs: dict[str, str] = field(default_factory=dict)
    """What the user asked for: source folder, language, style, translation..."""
    options: RunOptions = field(default_factory=RunOptions)
    """The run's switches (tools, LLM review, source table, request log)."""
    data: dict[str, object] = field(default_factory=dict)
    """What the task prepared: project facts, style rules, file list..."""
    context: list[dict[str, object]] = field(default_factory=list)
    """Retrieved source chunks that ground the writing (path, start, end, text)."""
    plan: str = ""
    """The Planner's last reply, as written."""
    sections: list[dict[str, object]] = field(default_factory=list)
    """The verified plan (serialized :class:`~pse.pipeline.plan.Section`), with each
    section's text once written; empty for tasks written in one piece."""
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
    bad: list[dict[str, object]] = field(default_factory=list)
    """Open findings (serialized :class:`Finding`)."""
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
    gates: list[dict[str, object]] = field(default_factory=list)
    """Each final gate: ``{name, passed, detail}`` (set when the run finalizes)."""
    reason: str = ""
    """One line: why the run needs review (empty when it passed)."""

    @property
    def in_sections(self) -> bool:
        """True while a section (not the assembled article) is being written and checked."""
        return self.section < len(self.sections)

    def current_text(self) -> str:
        """The text the next check or fix works on: the cursor's section, or the article."""
        if self.in_sections:
            return str(self.sections[self.section].get("text", ""))
        return self.artifact

    def with_text(self, text: str) -> PSEState:
        """A copy whose current text (see :meth:`current_text`) is ``text``."""
        if not self.in_sections:
            return replace(self, artifact=text)
        sections = [dict(s) for s in self.sections]
        sections[self.section]["text"] = text
        return replace(self, sections=sections)

    def findings(self) -> list[Finding]:
        """The open findings as :class:`Finding` values."""
        return [finding_from_dict(item) for item in self.bad]

    def to_json(self) -> str:
        """Stable JSON (sorted keys)."""
        return json.dumps(asdict(self), ensure_ascii=False, indent=2, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> PSEState:
        """The inverse of :meth:`to_json`."""
        raw = json.loads(text)
        if not isinstance(raw, dict):
            raise ValueError(f"a run state is a JSON object, not {type(raw).__name__}")
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in raw.items() if k in known}
        values["rounds"] = [RoundRecord(**r) for r in values.get("rounds", [])]
        inputs, migrated = split_options(dict(values.get("inputs", {})))
        options = values.get("options")
        values["inputs"], values["options"] = inputs, RunOptions(**{
            k: bool(v) for k, v in options.items() if k in _FLAGS}) if isinstance(
                options, dict) else migrated
        return cls(**values)


def finding_to_dict(finding: Finding) -> dict[str, object]:
    """A JSON-ready dict of a finding (lists, so it equals itself after a JSON round trip)."""
    data = asdict(finding)
    data["evidence"] = list(data["evidence"])
    return data


def finding_from_dict(data: dict[str, object]) -> Finding:
    """The inverse of :func:`finding_to_dict`."""
    raw = data.get("evidence", [])
    items = raw if isinstance(raw, list | tuple) else []
    evidence = tuple(Evidence(**e) for e in items if isinstance(e, dict))
    values = {k: v for k, v in data.items() if k != "evidence"}
    return Finding(**values, evidence=evidence)  # type: ignore[arg-type]  # written by finding_to_dict


def save_state(state: PSEState, run_dir: Path) -> None:
    """Checkpoint atomically: write a temp file, then rename over ``state.json``."""
    run_dir.mkdir(parents=True, exist_ok=True)
    temp = run_dir / "state.json.tmp"
    temp.write_text(state.to_json(), encoding="utf-8")
    temp.replace(run_dir / "state.json")


def load_state(run_dir: Path) -> PSEState:
    """The last checkpoint of a run."""
    path = run_dir / "state.json"
    try:
        return PSEState.from_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SourceError(f"{str(run_dir)!r} is not a run folder (no state.json)") from exc
    except (OSError, ValueError, TypeError) as exc:
        raise SourceError(f"cannot read the checkpoint {str(path)!r}: {exc}") from exc
