"""Example results a sentence states, against the examples the function documents.

"For example, `fractional(12345)` returns "123.5"" is a result a writer computed in its
head. pse never runs the project's code, so the result is judged against the function's
own documented examples (``>>> name(args)`` and the output under it, in its docstring):

- the same call shown with another output contradicts it;
- a result of a shape none of its examples has is unsupported: the shape is the result's
  characters with runs of digits, of letters and of spaces each folded to one mark, so
  "12,345" has the shape of "1,000" (a digit, a comma, a digit) and "123.5" has none of
  "3/10", "1 3/10" or "1";
- a function with no documented example is not judged here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pse.verify.evidence.spans import SourceSpan
from pse.verify.outputs import documented, output_problem

# "`f(1)` returns "x"", "`f(1)` gives `'x'`", "`f(1)` → 'x'", "`f(1)` 返回 "x""
_STATED = re.compile(
    r"`(?P<call>(?P<name>[A-Za-z_][\w.]*)\((?P<args>[^`]*)\))`\s*"
    r"(?:(?:will\s+|would\s+)?(?:returns?|gives?|outputs?|prints?|yields?|produces?|"
    r"evaluates\s+to|results\s+in)|=>|->|→|==|返回(?:值?[为是])?|输出|得到|结果[为是])"
    r"\s*[:：]?\s*(?P<value>\"[^\"\n]*\"|'[^'\n]*'|“[^”\n]*”|`[^`\n]+`|-?\d[\d,.]*\d|-?\d)",
    re.IGNORECASE)


def example_problem(text: str, spans: Sequence[SourceSpan]) -> str:
    """Why an example result ``text`` states disagrees with the documented examples of
    the function it calls ("" when it does not, or nothing can be said)."""
    for match in _STATED.finditer(text):
        name = match["name"].rsplit(".", 1)[-1]
        # its own docstring's, or any other the sentence is anchored to that calls it
        shown = [example for span in spans for example in documented(span.text, name)]
        if not shown:
            continue
        problem = output_problem(name, match["args"], match["value"], shown)
        if problem:
            return problem
    return ""
