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

    def flag(rule: str, message: str, hint: str = "") -> None:
        bad.append(Finding(rule=rule, message=message, path=path, line=question.line,
                           text=question.text, hint=hint))

    if question.difficulty != slot.difficulty or question.topic != slot.topic:
        flag("interview-topic", f"question {slot.number} must be the {slot.difficulty} "
             f"question on {slot.topic!r}")
    elif not any(slot.topic.casefold() in t.casefold() for t in sources.values()):
        flag("interview-topic", f"{slot.topic!r} is named by neither the job description "
             "nor the CV")
    lines = sources.get(question.probe_label, "").split("\n")
    real = shown_line(lines[question.probe_line - 1]) if 0 < question.probe_line <= len(lines) \
        else None
    if (question.probe_label, question.probe_line) != (slot.probe.label, slot.probe.line) \
            or real != question.probe_text:
        flag("interview-probe", f"question {slot.number} must cite {slot.probe.label} line "
             f"{slot.probe.line} as written")
    if not usable(question.text, slot):
        flag("interview-off-topic", f"the question does not ask about {slot.topic!r}",
             hint=f"ask about {slot.topic} by name")
    return bad
