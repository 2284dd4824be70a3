"""Scripted models for tests that run pse against a real OpenAI-compatible HTTP server.

Each function answers one chat request (its JSON body) the way a model could, from the
prompt alone, and is a :class:`~pse.llm.testing.fault_server.FaultServer` ``responder``:
what is under test is what pse sends and does with well-formed answers, not what a model
writes. :func:`reply_to_any_task` tells the tasks apart by their prompts, so one server can
serve every command of a page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from article_support import CLEAN_ZH, SECTIONS, TITLE
from pse.llm.testing.fault_server import Fault


def prompt_of(body: Mapping[str, object]) -> str:
    """The last message's text: the stage's instruction."""
    messages = body.get("messages")
    return str(messages[-1].get("content", "")) if isinstance(messages, list) else ""


def _between(text: str, start: str, end: str) -> str:
    return text.split(start, 1)[-1].split(end, 1)[0].strip()


def resume_reply(body: Mapping[str, object]) -> Fault:
    """A plan, role recommendations quoting a CV line, the resume rebuilt from the CV
    excerpts it was sent (placeholders and all), an approval; a fix changes nothing."""
    prompt = prompt_of(body)
    if "Recommend the roles" in prompt:
        cv = _between(prompt, "\nCV:\n", "\n---")
        bullets = [line[2:] for line in cv.splitlines() if line.startswith("- ")]
        return Fault("ok", text=f'ROLE: Data Engineer | EVIDENCE: "{bullets[0]}"\n'
                     "JOBS: J1\nPROJECTS: P1\nFOCUS: Python, SQL")
    if "Answer with exactly these four lines" in prompt:
        return Fault("ok", text="ROLE: Data Engineer\nJOBS: J1, J2\nPROJECTS: P1\n"
                     "FOCUS: Python, SQL")
    if "Write the resume" in prompt:
        excerpts = _between(prompt, "CV EXCERPTS:", "Use exactly this Markdown")
        return Fault("ok", text=re.sub(r"(?m)^# .*\n?", "", excerpts))
    if "Review this tailored resume" in prompt:
        return Fault("ok", text="APPROVED")
    if "Translate this resume" in prompt:  # a translator that keeps the text as it is
        return Fault("ok", text=_between(prompt, "Output only the translation.", "\0"))
    return Fault("ok", text="[]")


def interview_reply(body: Mapping[str, object]) -> Fault:
    """One question per planned slot, naming its topic; APPROVED to a review."""
    prompt = prompt_of(body)
    if "Review these interview questions" in prompt:
        return Fault("ok", text="APPROVED")
    slots = re.findall(r"(?m)^(\d)\. \[\w+\] topic: (.+?); it probes", prompt)
    return Fault("ok", text="\n".join(f"{n}. What would you tell us about {topic} in this "
                                      "role?" for n, topic in slots))


ARTICLE_EN = (Path(__file__).parent / "fixtures" / "articles" / "tinyqueue.en.md"
              ).read_text(encoding="utf-8")
"""A 600-word-target English article about tinyqueue whose every sentence its code backs
(``pse verify --evidence`` finds none unsupported): what a good model writes."""


def _split(article: str) -> tuple[str, list[str]]:
    title, *sections = re.split(r"(?m)^(?=## )", article)
    return title.strip() + "\n", [section.strip() + "\n" for section in sections]


_EN_TITLE, _EN_SECTIONS = _split(ARTICLE_EN)
_ZH_TITLE, _ZH_SECTIONS = _split(CLEAN_ZH)
_SECTIONS = {s.splitlines()[0][3:]: s for s in (*_EN_SECTIONS, *_ZH_SECTIONS)}
"""Section heading -> the section a good writer sends (English and Chinese tinyqueue)."""
_EN_PLAN = f"""{_EN_TITLE}
## The queue
- `JobQueue.submit()`, `JobQueue.run_all()`

## Retries
- `RetryPolicy`, `RetryPolicy.delay()`

## Jobs
- `Job.run()`, `JobState`

## Running the demo
- `main()` in `src/tinyqueue/__main__.py`
"""
_ZH_PLAN = f"""{_ZH_TITLE}
## 队列
- `JobQueue.submit()`, `JobQueue.run_all()`

## 重试
- `RetryPolicy.delay()`

## 任务
- `Job.run()`, `JobState`
"""
"""Article_support's :data:`PLAN` with the headings of :data:`CLEAN_ZH`."""
_TO_ENGLISH = {_ZH_TITLE.strip(): f"# {TITLE}",
               **{zh.strip(): en.strip() for zh, en in zip(_ZH_SECTIONS, SECTIONS,
                                                           strict=True)}}


def article_reply(body: Mapping[str, object]) -> Fault:
    """The article about the bundled tinyqueue (:data:`ARTICLE_EN`, or ``article_support``'s
    Chinese one with its English sections as the translation), reviewed APPROVED; on
    another project the outline names no code (so pse plans from its index) and a section
    states which names it covers."""
    prompt = prompt_of(body).rsplit("\n---\n", 1)[-1]  # the instruction after the context
    if "Plan an article" in prompt:
        if "tinyqueue" not in str(body.get("messages")):
            return Fault("ok", text="# An article\n\n## Overview\n- the project")
        return Fault("ok", text=_ZH_PLAN if "Chinese" in prompt else _EN_PLAN)
    if "Write one section" in prompt or "Write the full article" in prompt:
        title = re.search(r'This section: "## (.+)"', prompt)
        heading = title.group(1) if title else "Overview"
        names = re.findall(r"`[^`\n]+`", _between(prompt, "copied exactly:", "\n"))
        return Fault("ok", text=_SECTIONS.get(heading) or f"## {heading}\n\n"
                     f"This section is about {', '.join(names) or 'the project'}.\n")
    if "Review this article" in prompt:
        return Fault("ok", text="APPROVED")
    if "Translate this Markdown article" in prompt:
        text = _between(prompt, "Output only the translation.", "\0")
        for chinese, english in _TO_ENGLISH.items():
            text = text.replace(chinese, english)
        return Fault("ok", text=text)
    return Fault("ok", text="[]")  # a fix: no edits


def reply_to_any_task(body: Mapping[str, object]) -> Fault:
    """Whichever of the article, resume and interview replies the prompt asks for."""
    system = str(body.get("messages", ""))
    if "experienced technical interviewer" in system:
        return interview_reply(body)
    if "careful resume writer" in system:
        return resume_reply(body)
    return article_reply(body)
