"""What Python functions are declared to return: the names in each return annotation.

Pure, one file in, ``{(qualname, line): names}`` out, read on demand (a claim about a
return type needs it) like :mod:`pse.index.bodies`. A function without an annotation has
no entry: what it returns is then not known.
"""

from __future__ import annotations

import ast
import warnings

from pse.index.python import dotted_name

_Function = ast.FunctionDef | ast.AsyncFunctionDef


def extract_returns(source: bytes, *, module: str) -> dict[tuple[str, int], tuple[str, ...]]:
    """The dotted names in each annotated function's return annotation ({} when the file
    does not parse); a string annotation is read as the expression it spells."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    found: dict[tuple[str, int], tuple[str, ...]] = {}
    _visit(tree, module, found)
    return found


def _visit(node: ast.AST, scope: str, found: dict[tuple[str, int], tuple[str, ...]]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _visit(child, f"{scope}.{child.name}", found)
        elif isinstance(child, _Function):
            qualname = f"{scope}.{child.name}"
            if child.returns is not None:
                found[(qualname, child.lineno)] = _names(child.returns)
            _visit(child, qualname, found)
        elif isinstance(child, ast.stmt):
            _visit(child, scope, found)


def _names(annotation: ast.expr, *, depth: int = 0) -> tuple[str, ...]:
    names: list[str] = []
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name | ast.Attribute):
            names.append(dotted_name(node))
        elif isinstance(node, ast.Constant) and node.value is None:
            names.append("None")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and depth < 2:
            try:  # a forward reference: the expression the string spells
                names.extend(_names(ast.parse(node.value, mode="eval").body, depth=depth + 1))
            except SyntaxError:
                continue
    return tuple(dict.fromkeys(n for n in names if n))
