"""A definition's own source text, read as Python: one way to parse a ``def`` cut from
its file (a method's lines keep their indentation there)."""

from __future__ import annotations

import ast


def dedented(source: str) -> str:
    """A method's source moved to the left margin by its ``def`` line's indentation: a
    docstring line written at the margin (a doctest's continuation) keeps
    :func:`textwrap.dedent` from moving anything, but is inside a string either way."""
    indent = source[:len(source) - len(source.lstrip(" \t"))]
    if not indent:
        return source
    return "\n".join(line[len(indent):] if line.startswith(indent) else line
                     for line in source.split("\n"))


def function_def(source: str | None) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The one ``def`` statement ``source`` is (None: no source, or not one function)."""
    try:
        body = ast.parse(dedented(source)).body if source else []
    except (SyntaxError, ValueError, RecursionError):
        return None
    node = body[0] if len(body) == 1 else None
    return node if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else None
