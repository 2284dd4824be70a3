"""The article task's prompt files (``prompts/*.md``), read once."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

PROMPTS = Path(__file__).with_name("prompts")
_INSTRUCTIONS = ("system", "planner", "specialist", "section", "evaluator", "fix", "translate")


@cache
def prompt(name: str) -> str:
    """The text of ``prompts/<name>.md``."""
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


def instruction_texts(style_guide: str) -> list[str]:
    """The prompts' own words (placeholders removed): an article must not copy them."""
    texts = [re.sub(r"\{[a-z_]+\}", " ", prompt(name)) for name in _INSTRUCTIONS]
    return [*texts, style_guide]
