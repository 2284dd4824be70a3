"""Outputs an example shows for a call, and the outputs a function's docstring documents.

pse never runs the project's code. What it can hold an example's output to is the
function's own documented examples: ``>>> name(args)`` in its docstring and the line under
it. An example (a doctest, or a call with its result in a trailing comment) that shows the
same call with another output contradicts them.
"""

from __future__ import annotations

import re

_QUOTES = "\"'“”`"


def contradiction(name: str, args: str, value: str, shown: list[tuple[str, str]]) -> str:
    """Why ``name(args)`` giving ``value`` contradicts a ``shown`` documented example of the
    same call ("" when none of them is that call, or one gives ``value``). A ``...`` in a
    documented output stands for any text, as in a doctest with ELLIPSIS."""
    value = _unquoted(value)
    same = [output for call, output in shown if _normal(call) == _normal(args)]
    if not same or any(_matches(value, output) for output in same):
        return ""
    return (f"the example in `{name}`'s docstring gives `{name}({args})` as "
            f"{same[0]!r}, not {value!r}")


def _matches(value: str, documented: str) -> bool:
    """Whether ``value`` is ``documented`` output, its ``...`` standing for any text and
    runs of spaces for one (ELLIPSIS, NORMALIZE_WHITESPACE)."""
    def spaced(text: str) -> str:
        return re.sub(r"\s+", " ", text.strip())
    if "..." not in documented and "..." not in value:
        return spaced(value) == spaced(documented)
    if "..." in value:  # the example elides as well: compare what both show
        value, documented = documented, value
    pattern = ".*".join(re.escape(part) for part in spaced(documented).split("..."))
    return re.fullmatch(pattern, spaced(value)) is not None


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
