"""The one fence rule on raw lines (CommonMark's), checked against markdown-it's reading."""

from __future__ import annotations

import pytest

from pse.text import parse_markdown
from pse.text.fences import PYTHON_LANGUAGES, Fence, closes, fence_language, fences, opening


def test_a_fence_opens_with_three_or_more_of_one_character_and_an_info_string() -> None:
    assert opening("```python") == ("```", "python")
    assert opening("  ~~~~ text ") == ("~~~~", "text")
    assert opening("``") is None
    assert opening("```x` y") is None  # a backtick in the info: inline code, not a fence
    assert opening("~~~ a`b") == ("~~~", "a`b")  # tildes allow backticks in the info


def test_a_fence_closes_with_the_same_character_at_least_as_long_and_nothing_after() -> None:
    assert closes("```", "```")
    assert closes("  `````  ", "```")
    assert not closes("```", "````")
    assert not closes("~~~", "```")
    assert not closes("``` python", "```")


def test_a_longer_fence_quotes_a_shorter_one_and_an_unclosed_one_runs_to_the_end() -> None:
    lines = ["````md", "```", "x", "```", "````", "text", "~~~", "open"]
    assert fences(lines) == [Fence(0, 4, "````", "md"), Fence(6, None, "~~~", "")]
    assert list(fences(lines)[0].inner(len(lines))) == [1, 2, 3]
    assert list(fences(lines)[1].lines(len(lines))) == [6, 7]


@pytest.mark.parametrize("text", [
    "a\n\n```py\nx = 1\n```\n\nb\n",
    "````md\n```\ninner\n```\n````\n",
    "- item\n\n  ~~~\n  code\n  ~~~\n\nafter\n",
    "```\nnever closed\n\nstill code\n",
])
def test_the_rule_agrees_with_the_document_model_on_well_formed_text(text: str) -> None:
    lines = text.split("\n")
    parsed = [(block.line - 1, block.label) for block in parse_markdown(text).code()]
    assert [(fence.start, fence.marker) for fence in fences(lines)] == parsed


def test_a_fence_language_is_the_first_word_of_its_info_in_lower_case() -> None:
    assert fence_language('Python title="x.py"') == "python"
    assert fence_language("{.py3}") == "py3"
    assert fence_language("  ") == ""
    assert {"pycon", "pyi", "python"} <= PYTHON_LANGUAGES
