"""All-capitals words: plain values of prose or names of constants."""

from __future__ import annotations

import pytest

from pse.verify.capitals import constant_words, is_plain_value, is_upper_word


@pytest.mark.parametrize(("name", "upper", "plain"), [
    ("HTTP", True, True), ("NULL", True, True), ("GET", True, True),
    ("DEFAULT", True, False), ("EMPTY", True, False),
    ("UTF-8", False, False), ("DEFAULT_INDENT", False, False), ("Json", False, False),
    ("LONGERTHANEIGHT", False, False),
])
def test_capitals_upper_words_and_plain_values(name: str, upper: bool, plain: bool) -> None:
    assert is_upper_word(name) is upper
    assert is_plain_value(name) is plain


@pytest.mark.parametrize(("name", "words"), [
    ("DEFAULT_INDENT", ["default", "indent"]), ("PY_3_9", ["py"]), ("DEFAULT", []),
    ("default_indent", []), ("Default_Indent", []),
])
def test_capitals_constant_words(name: str, words: list[str]) -> None:
    assert constant_words(name) == words
