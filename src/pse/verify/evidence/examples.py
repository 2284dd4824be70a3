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

# "`f(1)` returns "x"", "`f(1)` gives `'x'`", "`f(1)` → 'x'", "`f(1)` 返回 "x""
_STATED = re.compile(
    r"`(?P<call>(?P<name>[A-Za-z_][\w.]*)\((?P<args>[^`]*)\))`\s*"
    r"(?:(?:will\s+|would\s+)?(?:returns?|gives?|outputs?|prints?|yields?|produces?|"
    r"evaluates\s+to|results\s+in)|=>|->|→|==|返回(?:值?[为是])?|输出|得到|结果[为是])"
    r"\s*[:：]?\s*(?P<value>\"[^\"\n]*\"|'[^'\n]*'|“[^”\n]*”|`[^`\n]+`|-?\d[\d,.]*\d|-?\d)",
    re.IGNORECASE)
_QUOTES = "\"'“”`"


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


def output_problem(name: str, args: str, value: str, shown: list[tuple[str, str]]) -> str:
    """Why ``name(args)`` giving ``value`` disagrees with the ``shown`` documented
    examples of ``name`` ("" when it does not, or there are none)."""
    if not shown:
        return ""
    value = _unquoted(value)
    same = [output for call, output in shown if _normal(call) == _normal(args)]
    if same and value not in same:
        return (f"the example in `{name}`'s docstring gives `{name}({args})` as "
                f"{same[0]!r}, not {value!r}")
    if not same and _shape(value) not in {_shape(output) for _, output in shown}:
        listed = "; ".join(f"{name}({call}) gives {output!r}" for call, output in shown[:3])
        return (f"{value!r} as the result of `{name}({args})` is unlike any example "
                f"`{name}` documents ({listed})")
    return ""


# A code example's claimed output: a doctest (">>> f(x)" and the line under it), or a
# call with its result in a trailing comment ("f(x)  # -> 'y'", "print(f(x))  # 输出: y")
_DOCTEST = re.compile(r"^\s*>>>\s*(?:print\()?(?P<name>[A-Za-z_][\w.]*)\((?P<args>.*)\)\)?"
                      r"\s*$")
_COMMENTED = re.compile(
    r"^\s*(?:print\(|puts\s+|console\.log\()?(?P<name>[A-Za-z_][\w.]*)\((?P<args>.*?)\)"
    r"\)?\s*#+\s*(?:->|=>|→|(?:output|outputs|returns?|result|prints|输出|结果|返回)\s*[:：]?)"
    r"\s*(?P<value>\S.*?)\s*$", re.IGNORECASE)


def shown_outputs(code: str) -> list[tuple[int, str, str, str]]:
    """``(line index, name, arguments, output)`` of each call whose output a code example
    shows (lines counted from 0)."""
    lines = code.split("\n")
    found = []
    for number, line in enumerate(lines):
        doctest = _DOCTEST.match(line)
        if doctest and number + 1 < len(lines) and lines[number + 1].strip() and \
                not lines[number + 1].lstrip().startswith((">>>", "...")):
            found.append((number, doctest["name"], doctest["args"],
                          lines[number + 1].strip()))
            continue
        commented = _COMMENTED.match(line)
        if commented:
            found.append((number, commented["name"], commented["args"], commented["value"]))
    return found


def documented(source: str, name: str) -> list[tuple[str, str]]:
    """The ``(arguments, output)`` of each ``>>> name(arguments)`` example in ``source``
    whose output is one line."""
    found = []
    pattern = re.compile(rf"^\s*>>>\s*(?:[\w.]+\.)?{re.escape(name)}\((?P<args>.*)\)\s*\n"
                         r"\s*(?P<output>(?!>>>)\S[^\n]*)$", re.MULTILINE)
    for match in pattern.finditer(source):
        found.append((match["args"], _unquoted(match["output"].strip())))
    return found


def _unquoted(value: str) -> str:
    value = value.strip()
    while len(value) >= 2 and value[0] in _QUOTES and value[-1] in _QUOTES:
        value = value[1:-1].strip()
    return value


def _normal(args: str) -> str:
    """Arguments as written, with spaces, quote styles and digit separators ignored."""
    return re.sub(r"\s+|_(?=\d)", "", args).replace('"', "'")


def _shape(value: str) -> str:
    """``value`` with each run of digits, letters and spaces folded to one mark."""
    shape = re.sub(r"\d+", "9", value)
    shape = re.sub(r"[^\W\d_]+", "a", shape)
    return re.sub(r"\s+", " ", shape)
