"""PSEState: everything a run knows, as JSON-ready data (checkpointed after each step)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Literal

from pse.errors import SourceError
from pse.verify.finding import Evidence, Finding

Status = Literal["running", "passed", "failed"]


@dataclass(frozen=True)
class RoundRecord:
    """What one evaluation round found and what the fix after it changed."""

    round: int
    bad: int
    llm_issues: int = 0
    fixed: int = 0
    """Findings of this round that were gone at the next evaluation."""


@dataclass(frozen=True)
class PSEState:
    """The run's state. Steps return an updated copy (``dataclasses.replace``)."""

    run_id: str
    task: str
    inputs: dict[str, str] = field(default_factory=dict)
    """What the user asked for: source folder, language, style, translation..."""
    data: dict[str, object] = field(default_factory=dict)
    """What the task prepared: project facts, style rules, file list..."""
    context: list[dict[str, object]] = field(default_factory=list)
    """Retrieved source chunks that ground the writing (path, start, end, text)."""
    plan: str = ""
    draft: str = ""
    """The Specialist's first full text, kept to measure what survives."""
    artifact: str = ""
    translations: dict[str, str] = field(default_factory=dict)
    bad: list[dict[str, object]] = field(default_factory=list)
    """Open findings (serialized :class:`Finding`)."""
    ok_count: int = 0
    llm_issues: list[str] = field(default_factory=list)
    """Issues the LLM review raised in round one (fed to the first fix)."""
    attempts: int = 0
    """Fix rounds done."""
    max_retries: int = 3
    rounds: list[RoundRecord] = field(default_factory=list)
    stripped: list[str] = field(default_factory=list)
    """Spans the deterministic fallback deleted."""
    usage: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per-stage requests, tokens and cost (strings: exact money in JSON)."""
    step: str = "prepare"
    """The next step to run."""
    status: Status = "running"

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
