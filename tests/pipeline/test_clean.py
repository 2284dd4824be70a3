"""The one model-artefact cleaner: thinking blocks and a fence wrapped around a reply."""

from __future__ import annotations

import pytest

from pse.pipeline.clean import clean_output, strip_thinking
from pse.pipeline.patch import parse_edits
from pse.pipeline.verdict import parse_verdict

TWO_BLOCKS = "```\nqueue = JobQueue()\n```\n\nThe queue runs jobs.\n\n```\nqueue.run_all()\n```"


def test_clean_output_keeps_a_reply_that_starts_and_ends_with_two_code_blocks() -> None:
    # the old cleaner took the first and last fences for a wrapper and inverted the blocks
    assert clean_output(TWO_BLOCKS) == TWO_BLOCKS + "\n"


def test_clean_output_unwraps_a_markdown_fence_with_nested_code_blocks() -> None:
    inner = "# Title\n\n```python\nqueue.run_all()\n```\n\nText."
    assert clean_output(f"```markdown\n{inner}\n```") == inner + "\n"


def test_clean_output_unwraps_an_untagged_fence_around_prose() -> None:
    assert clean_output("```\n# Title\n\nText.\n```") == "# Title\n\nText.\n"


def test_clean_output_drops_the_opening_of_a_markdown_wrapper_cut_at_the_cap() -> None:
    assert clean_output("```markdown\n# Title\n\nText that was cut") == \
        "# Title\n\nText that was cut\n"


@pytest.mark.parametrize("reply", [
    "<think>plan it</think>\n# Title\n", "<think>plan it\n# Title\n</think># Title\n",
    "<THINK>x</THINK># Title", "thinking in the template</think>\n# Title"])
def test_strip_thinking_removes_closed_and_template_opened_blocks(reply: str) -> None:
    assert clean_output(reply) == "# Title\n"


def test_strip_thinking_an_unclosed_block_cut_at_the_cap_is_thinking_to_the_end() -> None:
    assert strip_thinking("# Title\n<think>I should also mention [x]") == "# Title\n"
    assert clean_output("<think>never closed [1, 2]") == "\n"


def test_every_parser_uses_the_same_cleaner_for_unclosed_thinking() -> None:
    assert parse_edits('[{"find": "a", "replace": "b"}]\n<think>[{"find": "c"}]') != []
    assert parse_edits('<think>[{"find": "a", "replace": "b"}]') == []
    assert parse_verdict("APPROVED\n<think>- but maybe an issue").approved
