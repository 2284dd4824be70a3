"""The interview sheet: nine slots chosen by code, written and checked without a model."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.errors import TaskError
from pse.tasks.interview.checks import check_sheet
from pse.tasks.interview.sheet import numbered_replies, read_sheet, render
from pse.tasks.interview.slots import CV_LABEL, JD_LABEL, Slot, plan_slots, shown_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "resume"


def _texts(lang: str) -> dict[str, str]:
    return {CV_LABEL: (EXAMPLES / f"cv.{lang}.md").read_text(encoding="utf-8"),
            JD_LABEL: (EXAMPLES / f"jd.{lang}.md").read_text(encoding="utf-8")}


def _slots(lang: str) -> list[Slot]:
    texts = _texts(lang)
    return plan_slots(texts[CV_LABEL], texts[JD_LABEL])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_slots_are_nine_three_per_level_on_distinct_real_topics(lang: str) -> None:
    slots, texts = _slots(lang), _texts(lang)
    assert [s.number for s in slots] == list(range(1, 10))
    assert [s.difficulty for s in slots] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3
    assert len({s.topic.casefold() for s in slots}) == 9
    for slot in slots:
        source = texts[slot.probe.label].split("\n")
        assert shown_line(source[slot.probe.line - 1]) == slot.probe.text
        assert slot.topic.casefold() in slot.probe.text.casefold() or slot.gap or \
            slot.topic.casefold() in texts[JD_LABEL].casefold()


def test_easy_questions_probe_work_the_cv_shows_and_gaps_probe_the_jd() -> None:
    slots = _slots("en")
    assert all(s.probe.label == CV_LABEL and not s.gap for s in slots[:3])
    gaps = [s for s in slots if s.gap]
    assert gaps and all(s.probe.label == JD_LABEL and s.difficulty == "hard" for s in gaps)
    # a term inside another word is not named: "PostgreSQL" does not show SQL
    sql = next(s for s in slots if s.topic == "SQL")
    assert "PostgreSQL" not in sql.probe.text


def test_a_thin_job_description_is_an_error_not_a_short_sheet() -> None:
    with pytest.raises(TaskError, match="give a fuller job description"):
        plan_slots("# A\n\n## Skills\nPython\n", "# Job\n\n- Python\n")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rendered_sheet_passes_its_checks(lang: str) -> None:
    slots, texts = _slots(lang), _texts(lang)
    sheet = render(slots, {}, lang=lang)
    assert check_sheet(sheet, slots, texts, lang=lang) == []
    assert [q.number for q in read_sheet(sheet, lang=lang)] == list(range(1, 10))


def test_the_models_words_are_kept_when_they_name_the_topic() -> None:
    slots = _slots("en")
    reply = ("1. How did you size the Kafka partitions for 2.4 million events a day?\n"
             "2. Tell me about your hobbies.\n")
    replies = numbered_replies(reply)
    sheet = render(slots, replies, lang="en")
    assert "How did you size the Kafka partitions" in sheet
    assert "hobbies" not in sheet  # question 2 names no topic: the template asks instead
    assert f"2. **{slots[1].topic}**: Walk me through your work with {slots[1].topic}" in sheet


def test_tampered_sheets_are_flagged() -> None:
    slots, texts = _slots("en"), _texts("en")
    sheet = render(slots, {}, lang="en")
    lines = sheet.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    dropped = "\n".join(lines[:first] + lines[first + 2:])
    assert {f.rule for f in check_sheet(dropped, slots, texts, lang="en")} >= {
        "interview-count", "interview-split"}
    moved = sheet.replace(f'line {slots[0].probe.line}:', f'line {slots[0].probe.line + 1}:', 1)
    assert "interview-probe" in {f.rule for f in check_sheet(moved, slots, texts, lang="en")}
    off = sheet.replace(lines[first].split(": ", 1)[1], "What is your favourite colour?")
    found = check_sheet(off, slots, texts, lang="en")
    assert [(f.rule, f.line) for f in found] == [("interview-off-topic", first + 1)]


def test_few_topics_are_asked_again_at_other_levels_never_twice_in_one() -> None:
    cv = ("# A B\n\n## Experience\n### Acme | Engineer | 2020 – 2023\n"
          "- Built a Kafka pipeline for 3 million events a day\n"
          "- Designed Airflow jobs for 80 daily loads\n\n## Skills\nPython, SQL, Kafka, Airflow\n")
    jd = "# Data Engineer\n\nWe need someone who builds Kafka and Airflow pipelines in Python.\n"
    slots = plan_slots(cv, jd)
    assert len(slots) == 9
    for level in ("easy", "medium", "hard"):
        topics = [s.topic.casefold() for s in slots if s.difficulty == level]
        assert len(topics) == len(set(topics)) == 3


def test_a_reply_that_only_repeats_its_topic_is_no_question() -> None:
    slots = _slots("en")
    nine = next(s for s in slots if s.number == 9)
    sheet = render(slots, {9: nine.topic}, lang="en")
    assert f"9. **{nine.topic}**: {nine.topic}?" not in sheet
    assert f"9. **{nine.topic}**: " in sheet  # the template asks instead
