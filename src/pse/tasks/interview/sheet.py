"""The interview sheet as Markdown: written by code from the slots, read back to check.

The model words the questions; the headings, numbering, topics and cited lines are
code's, so the counts and the difficulty split cannot drift. A question the model did not
word usably (missing, too short, not naming its topic) gets a plain question from a
template, so a sheet always has nine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pse.tasks.interview.slots import DIFFICULTIES, Difficulty, Slot

HEADINGS: dict[str, dict[Difficulty, str]] = {
    "en": {"easy": "Easy", "medium": "Medium", "hard": "Hard"},
    "zh": {"easy": "简单", "medium": "中等", "hard": "困难"},
}
TITLES = {"en": "Interview questions", "zh": "面试问题"}
_PROBE = {"en": 'Probes {label} line {line}: "{text}"', "zh": "考察 {label} 第 {line} 行：“{text}”"}
_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "easy": "Walk me through your work with {topic}: what did you build, and what was "
                "your part?",
        "medium": "When you used {topic}, which trade-offs did you make, and what would you "
                  "do differently now?",
        "hard": "This role needs {topic}: how would you approach it here, and how would you "
                "check that your approach works?",
        "gap": "The role asks for {topic}, which your CV does not show: how would you get "
               "productive with it, and what from your experience carries over?",
    },
    "zh": {
        "easy": "请介绍你使用 {topic} 的经历：你做了什么，负责哪一部分？",
        "medium": "使用 {topic} 时你做过哪些权衡？现在你会怎样改进？",
        "hard": "这个岗位需要 {topic}：你会如何着手，又如何验证你的方案可行？",
        "gap": "岗位要求 {topic}，简历中没有体现：你会如何尽快上手，哪些经验可以迁移？",
    },
}
_QUESTION = re.compile(r"^\s*(\d{1,2})\s*[.)、．]\s*(?:\*\*([^*]+)\*\*\s*[:：—-]\s*)?(.+?)\s*$")
_PROBE_LINE = re.compile(r"^\s+[-*]\s+(?:Probes|考察)\s+(\S+)\s+(?:line\s+(\d+):|第\s*(\d+)\s*行：)"
                         r"\s*[\"“](.*)[\"”]\s*$")
_MIN_CHARS, _MAX_CHARS = 12, 400
_MIN_OWN_WORDS = 3
"""Words a question has besides its topic ("Build data quality checks?" has none)."""


@dataclass(frozen=True)
class Question:
    """One question as the sheet shows it, with the lines it sits on."""

    number: int
    difficulty: Difficulty | None
    topic: str
    text: str
    line: int
    probe_label: str = ""
    probe_line: int = 0
    probe_text: str = ""


def render(slots: Sequence[Slot], questions: Mapping[int, str], *, lang: str) -> str:
    """The sheet: a title, a heading per level, each slot's question and cited line."""
    headings = HEADINGS.get(lang, HEADINGS["en"])
    out = [f"# {TITLES.get(lang, TITLES['en'])}", ""]
    for level in DIFFICULTIES:
        out += [f"## {headings[level]}", ""]
        for slot in (s for s in slots if s.difficulty == level):
            text = usable(questions.get(slot.number, ""), slot) or template(slot, lang=lang)
            probe = _PROBE.get(lang, _PROBE["en"]).format(
                label=slot.probe.label, line=slot.probe.line, text=slot.probe.text)
            out += [f"{slot.number}. **{slot.topic}**: {text}", f"   - {probe}"]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def usable(text: str, slot: Slot) -> str:
    """The model's question if it can stand (names its topic, is a question), else ``""``."""
    text = " ".join(text.split()).strip("*_ ")
    text = re.sub(r"^\*\*[^*]+\*\*\s*[:：—-]\s*", "", text)
    if not (_MIN_CHARS <= len(text) <= _MAX_CHARS) or slot.topic.casefold() not in \
            text.casefold():
        return ""
    # the topic with a question mark is no question: it must ask something of its own
    rest = text.casefold().replace(slot.topic.casefold(), " ")
    if len(re.findall(r"\w+", rest)) < _MIN_OWN_WORDS and \
            len(re.findall(r"[\u4e00-\u9fff]", rest)) < _MIN_OWN_WORDS * 2:
        return ""
    return text if text.endswith(("?", "？")) else text.rstrip(".。") + "?"


def template(slot: Slot, *, lang: str) -> str:
    """The plain question of a slot, for when the model's wording cannot stand."""
    forms = _TEMPLATES.get(lang, _TEMPLATES["en"])
    return forms["gap" if slot.gap else slot.difficulty].format(topic=slot.topic)


def numbered_replies(reply: str) -> dict[int, str]:
    """``{number: question}`` from a model's numbered list (first occurrence wins)."""
    found: dict[int, str] = {}
    for line in reply.split("\n"):
        match = _QUESTION.match(line)
        if match:
            found.setdefault(int(match.group(1)), match.group(3))
    return found


def read_sheet(text: str, *, lang: str) -> list[Question]:
    """Every numbered question of a sheet with its level (from its heading) and probe."""
    by_heading = {v: k for k, v in HEADINGS.get(lang, HEADINGS["en"]).items()}
    level: Difficulty | None = None
    questions: list[Question] = []
    for number, line in enumerate(text.split("\n"), start=1):
        heading = re.match(r"^##\s+(.+?)\s*$", line)
        if heading:
            level = by_heading.get(heading.group(1))
            continue
        probe = _PROBE_LINE.match(line)
        if probe and questions:
            last = questions[-1]
            questions[-1] = Question(
                last.number, last.difficulty, last.topic, last.text, last.line,
                probe.group(1), int(probe.group(2) or probe.group(3)), probe.group(4))
            continue
        match = _QUESTION.match(line)
        if match:
            questions.append(Question(int(match.group(1)), level, (match.group(2) or "").strip(),
                                      match.group(3), number))
    return questions
