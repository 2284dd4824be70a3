"""InterviewTask: nine interview questions from a CV and a job description.

``prepare`` reads and redacts the inputs (the resume task's redaction: the candidate's
name and contacts never reach a model) and plans the nine slots by code; there is no
Planner call. The Specialist words one question per slot; code fits the words into the
sheet. The gate (:mod:`.checks`) is deterministic; Fix rewords a flagged question; the
last resort puts a template question in its place. The state, trace and report hold the
redacted sheet; only the published file is restored.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from functools import cache
from pathlib import Path

from pse.config import Settings
from pse.errors import TaskError
from pse.llm.types import Message, Stage
from pse.pipeline.state import PSEState
from pse.pipeline.task import RunDeps, Task
from pse.tasks.interview.checks import check_sheet
from pse.tasks.interview.inputs import InterviewInputs
from pse.tasks.interview.sheet import numbered_replies, read_sheet, render
from pse.tasks.interview.slots import CV_LABEL, JD_LABEL, Probe, Slot, plan_slots
from pse.tasks.resume.texts import ResumeTexts, read_texts
from pse.verify.finding import VerifyResult
from pse.verify.strip import Span

PROMPTS = Path(__file__).with_name("prompts")
LANG_NAMES = {"en": "English", "zh": "Chinese (简体中文)"}


@cache
def _prompt(name: str) -> str:
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


class InterviewTask(Task):
    """Nine questions, 3 easy / 3 medium / 3 hard, each on a real topic and line."""

    name = "interview"
    inputs_type = InterviewInputs

    def __init__(self, *, settings: Settings) -> None:
        self.settings = settings
        self._texts: ResumeTexts | None = None

    def token_caps(self, state: PSEState) -> dict[str, int]:  # noqa: ARG002 - same every run
        """Nine one-line questions, a short review, a few edits."""
        return {"specialist": 700, "evaluator": 250, "fix": 300}

    def texts(self, state: PSEState) -> ResumeTexts:
        """The CV and JD, read once per process from the paths in the state."""
        if self._texts is None:
            inputs = InterviewInputs.of(state)
            if not inputs.jd:
                raise TaskError("the interview task needs a job description (--jd)")
            self._texts = read_texts(cvs=[Path(p) for p in inputs.cv], jd=Path(inputs.jd),
                                     notes=None, pii_rules=None)
        return self._texts

    def sources(self, state: PSEState) -> dict[str, str]:
        """The redacted texts the questions cite, by label."""
        texts = self.texts(state)
        redact = texts.redactor.redact
        cv = "\n\n".join(text for _, text in texts.cvs)
        return {CV_LABEL: redact(cv), JD_LABEL: redact(texts.jd)}

    def slots(self, state: PSEState) -> list[Slot]:
        """The planned slots, from the state."""
        raw = state.data.get("slots")
        if not isinstance(raw, list):
            raise TaskError("the run has no interview plan; start it again")
        return [Slot(number=int(s["number"]), difficulty=s["difficulty"], topic=str(s["topic"]),
                     probe=Probe(**s["probe"]), gap=bool(s.get("gap")))
                for s in raw if isinstance(s, dict)]

    # ------------------------------------------------------------------ pipeline
    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:  # noqa: ARG002 - protocol
        """Read and redact the inputs; plan the nine slots."""
        sources = self.sources(state)
        slots = plan_slots(sources[CV_LABEL], sources[JD_LABEL])
        return replace(state, data={**state.data, "slots": [asdict(s) for s in slots],
                                    "redacted": self.texts(state).redactor.counts()})

    def own_plan(self, state: PSEState) -> str:
        """The plan is the slots: no Planner call."""
        return _slot_list(self.slots(state))

    def fit_reply(self, state: PSEState, text: str) -> str:
        """The Specialist's numbered questions, fitted into the sheet by code."""
        return render(self.slots(state), numbered_replies(text), lang=_lang(state))

    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        """System rules first, then the stage's ask; every text is redacted."""
        values = {"slots": state.plan, "sheet": state.artifact, "lang_name":
                  LANG_NAMES.get(_lang(state), _lang(state)), "flagged": extra.get("flagged", ""),
                  "target_name": LANG_NAMES.get(extra.get("target", ""), extra.get("target", ""))}
        ask = _prompt(stage if stage != "planner" else "specialist").format_map(values)
        redact = self.texts(state).redactor.redact
        return [Message.system(_prompt("system")), Message.user(redact(ask))]

    def verify(self, state: PSEState, text: str, *, lang: str,
               original: str | None = None) -> VerifyResult:  # noqa: ARG002 - protocol
        """The sheet's structure, topics and cited lines (see :mod:`.checks`)."""
        bad = check_sheet(text, self.slots(state), self.sources(state), lang=lang)
        return VerifyResult(bad=bad, ok=[])

    def normalize(self, state: PSEState, text: str) -> str:
        """After a fix: the sheet written again around the questions' new words."""
        return self.fit_reply(state, text)

    def repair(self, state: PSEState, text: str, result: VerifyResult
               ) -> tuple[str, list[str]]:  # noqa: ARG002 - hook API
        """The last resort: the sheet from the slots, a template for each unusable question."""
        kept = {q.number: q.text for q in read_sheet(text, lang=_lang(state))}
        fixed = render(self.slots(state), kept, lang=_lang(state))
        notes = [f"[question {n} reworded from its template]" for n in sorted(kept)
                 if f"{n}. " in fixed and kept[n] not in fixed]
        return fixed, notes

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:  # noqa: ARG002
        """Nothing is deleted: ``repair`` puts a template question in a flagged one's place."""
        return []

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:  # noqa: ARG002
        """The published sheet, with the candidate's data restored."""
        return self.texts(state).redactor.restore(text)


def _lang(state: PSEState) -> str:
    return state.inputs.lang


def _slot_list(slots: list[Slot]) -> str:
    return "\n".join(f'{s.number}. [{s.difficulty}] topic: {s.topic}; it probes '
                     f'{s.probe.label} line {s.probe.line}: "{s.probe.text}"'
                     + (" (the job asks for it; the CV does not show it)" if s.gap else "")
                     for s in slots)
