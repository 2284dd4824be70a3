"""The interview sheet's gate, without a model: nine questions, three per level, each on
its planned topic (one the JD or the CV names), each citing a real line of its source."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pse.tasks.interview.sheet import Question, read_sheet, usable
from pse.tasks.interview.slots import DIFFICULTIES, PER_LEVEL, Slot, shown_line
from pse.verify.finding import Finding

PATH = "interview.md"


def check_sheet(text: str, slots: Sequence[Slot], sources: Mapping[str, str], *,
                lang: str) -> list[Finding]:
    """Every way ``text`` differs from a sheet of ``slots`` over ``sources`` (by label)."""
    questions = read_sheet(text, lang=lang)
    path = f"{PATH.removesuffix('.md')}.{lang}.md"
    bad = _counts(questions, path)
    planned = {s.number: s for s in slots}
    for question in questions:
        slot = planned.get(question.number)
        if slot is None:
            continue
        bad += _question(question, slot, sources, path)
    return bad


def _counts(questions: Sequence[Question], path: str) -> list[Finding]:
    bad = []
    total = PER_LEVEL * len(DIFFICULTIES)
    if [q.number for q in questions] != list(range(1, total + 1)):
        bad.append(Finding(rule="interview-count", path=path, line=None, text="questions",
                           message=f"{len(questions)} questions numbered "
                           f"{[q.number for q in questions]}; the sheet has {total}, 1 to {total}"))
    for level in DIFFICULTIES:
        count = sum(q.difficulty == level for q in questions)
        if count != PER_LEVEL:
            bad.append(Finding(rule="interview-split", path=path, line=None, text=level,
                               message=f"{count} {level} question(s); the sheet has {PER_LEVEL}"))
    return bad


def _question(question: Question, slot: Slot, sources: Mapping[str, str],
              path: str) -> list[Finding]:
    bad = []
    where = {"path": path, "line": question.line, "text": question.text}
    if question.difficulty != slot.difficulty or question.topic != slot.topic:
        bad.append(Finding(rule="interview-topic", message=f"question {slot.number} must be "
                           f"the {slot.difficulty} question on {slot.topic!r}", **where))
    elif not any(slot.topic.casefold() in t.casefold() for t in sources.values()):
        bad.append(Finding(rule="interview-topic", message=f"{slot.topic!r} is named by "
                           "neither the job description nor the CV", **where))
    lines = sources.get(question.probe_label, "").split("\n")
    real = shown_line(lines[question.probe_line - 1]) if 0 < question.probe_line <= len(lines) \
        else None
    if (question.probe_label, question.probe_line) != (slot.probe.label, slot.probe.line) \
            or real != question.probe_text:
        bad.append(Finding(rule="interview-probe", message=f"question {slot.number} must cite "
                           f"{slot.probe.label} line {slot.probe.line} as written", **where))
    if not usable(question.text, slot):
        bad.append(Finding(rule="interview-off-topic", message=f"the question does not ask "
                           f"about {slot.topic!r}", hint=f"ask about {slot.topic} by name",
                           **where))
    return bad
