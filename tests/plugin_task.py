"""A plug-in task as a third party would write one: found through the `pse.tasks` entry
point group, started with `pse run`, gated by its own verify function."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Literal

import pytest

import pse.tasks
from pse.config import Settings
from pse.llm.types import Message, Stage
from pse.pipeline.inputs import GenericInputs, SourceInputs
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps
from pse.verify.finding import Finding, VerifyResult
from pse.verify.strip import Span

BANNED = "revolutionary"


class NotesTask:
    """Short notes on a topic; the word 'revolutionary' is never allowed."""

    name = "notes"

    def __init__(self, *, settings: Settings) -> None:
        self.settings = settings

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:  # noqa: ARG002 - protocol
        return state

    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        topic = GenericInputs.of(state).values.get("topic", "")
        body = {"planner": f"outline notes on {topic}", "specialist": f"write:\n{state.plan}",
                "evaluator": f"review:\n{state.artifact}", "fix": f"fix:\n{extra.get('flagged')}",
                "translate": f"translate:\n{state.artifact}"}[stage]
        return [Message.system("notes"), Message.user(body)]

    def verify(self, state: PSEState, text: str, *, lang: str,  # noqa: ARG002 - protocol
               original: str | None = None) -> VerifyResult:  # noqa: ARG002 - protocol
        bad = [Finding(rule="banned", message=f"{BANNED!r} is banned", path=f"notes.{lang}.md",
                       line=number, text=BANNED)
               for number, line in enumerate(text.split("\n"), start=1) if BANNED in line]
        return VerifyResult(bad=bad, ok=[])

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        return [Span(f.line, f.text) for f in result.bad if f.line]

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:  # noqa: ARG002
        return text


@dataclass(frozen=True)
class DigestInputs(SourceInputs):
    """A plug-in's own inputs type: every shape the checkpoint codec stores."""

    topic: str = ""
    depth: int = 1
    brief: bool = False
    audience: Literal["dev", "ops"] = "dev"
    deadline: int | None = None
    tags: tuple[str, ...] = ()


class DigestTask(NotesTask):
    """The notes task with declared inputs (its prompt names the topic and the depth)."""

    name = "digest"
    inputs_type = DigestInputs

    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        inputs = DigestInputs.of(state)
        ask = {"planner": "outline", "specialist": f"write:\n{state.plan}",
               "evaluator": f"review:\n{state.artifact}", "fix": f"fix:\n{extra.get('flagged')}",
               "translate": f"translate:\n{state.artifact}"}[stage]
        return [Message.system("digest"),
                Message.user(f"{ask} (a digest of {inputs.topic}, depth {inputs.depth})")]


def install_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The `notes` (generic inputs) and `digest` (its own inputs) tasks installed as a third
    party's entry points."""
    found = [EntryPoint(name="notes", value="plugin_task:NotesTask", group="pse.tasks"),
             EntryPoint(name="digest", value="plugin_task:DigestTask", group="pse.tasks")]
    monkeypatch.setattr(pse.tasks, "entry_points",
                        lambda group: found if group == "pse.tasks" else [])
