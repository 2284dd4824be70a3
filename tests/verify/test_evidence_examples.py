"""Example results a sentence states, judged by the examples the function documents
(:mod:`pse.verify.evidence.examples`)."""

from __future__ import annotations

from pse.verify.evidence import align, document_units, excerpt_spans
from pse.verify.evidence.examples import example_problem
from pse.verify.outputs import documented

SOURCE = '''def fractional(value):
    """Convert to a fractional number.

    Examples:
        >>> fractional(0.3)
        '3/10'
        >>> fractional(1.3)
        '1 3/10'
        >>> fractional(1)
        '1'
    """
    return str(value)


def intcomma(value, ndigits=None):
    """Convert an integer to a string with a comma every three digits.

    >>> intcomma(1_000_000)
    '1,000,000'
    >>> intcomma("1000")
    '1,000'
    """
    return str(value)


def plain(value):
    """No examples here."""
    return value
'''
SPANS = excerpt_spans([{"path": "pkg/number.py", "start": 1, "end": 30, "text": SOURCE}])


def _statuses(text: str) -> list[str]:
    return [a.status for a in align(document_units(text), SPANS, [])]


def test_documented_reads_each_one_line_example() -> None:
    assert documented(SOURCE, "intcomma") == [("1_000_000", "1,000,000"), ('"1000"', "1,000")]
    assert documented(SOURCE, "plain") == []


def test_example_problem_a_result_unlike_every_documented_one() -> None:
    problem = example_problem('For example, `fractional(12345)` returns "123.5".', SPANS)
    assert "unlike any example" in problem and "'3/10'" in problem
    # the shape of a documented result (digits, a comma, digits) is not contradicted
    assert example_problem('`intcomma(12345)` returns "12,345".', SPANS) == ""
    assert example_problem("`fractional(0.5)` gives `'1/2'`.", SPANS) == ""


def test_example_problem_the_same_call_with_another_output() -> None:
    problem = example_problem("`intcomma(1000000)` returns `'1.000.000'`.", SPANS)
    assert "'1,000,000'" in problem
    assert example_problem("`intcomma('1000')` 返回 `'1,000'`。", SPANS) == ""
    assert "'1 3/10'" in example_problem("`fractional(1.3)` 返回 \"1.3\"。", SPANS)


def test_example_problem_judges_nothing_without_documented_examples() -> None:
    assert example_problem('`plain(3)` returns "three".', SPANS) == ""
    assert example_problem("`fractional` turns floats into fractions.", SPANS) == ""


def test_align_an_invented_example_result_is_unsupported() -> None:
    assert _statuses('For example, `fractional(12345)` returns "123.5".') == ["unsupported"]
    assert _statuses('For example, `intcomma(12345)` returns "12,345".') == ["supported"]
