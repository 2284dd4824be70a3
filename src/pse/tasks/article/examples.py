"""Python examples that use a name no example of the text defines.

A reader copies an article's example and runs it: ``query = where('age') == 30`` then
``print(result)`` stops at a ``NameError`` (the embedded model wrote exactly that about
tinydb). A name is defined when some Python example of the text binds it (an import, an
assignment, a ``def`` or ``class``, a parameter, a loop or ``with`` target...), wherever
that example is: a later section may use what an earlier one built. Builtins and dunder
names are defined; a block that does not parse as Python (a shell session, a fragment
with ``...`` elisions that are no Python, doctest prompts) is not read, and a star import
makes every name possibly defined. A block that defines a class or function the project
has is an excerpt of its source (its module's imports are not shown): not checked.

A name the project or the standard library defines is a missing import, not an invention:
the check takes a ``known`` test for those. Each finding names the line to delete (a
simple statement of one line) or, when the name sits in a compound or multi-line
statement, the whole block (its fence line), so Strip's deletion leaves code that still
parses.
"""

from __future__ import annotations

import ast
import builtins
import textwrap
from collections.abc import Callable, Iterator

from pse.text import Block, Document
from pse.text.fences import PYTHON_LANGUAGES, fence_language
from pse.verify.finding import Finding
from pse.verify.outputs import output_problem, shown_outputs

_DEFINED = frozenset(dir(builtins)) | {"_"}


def undefined_example_names(doc: Document, lines: list[str], *, path: str,
                            known: Callable[[str], bool] = lambda name: False
                            ) -> list[Finding]:
    """Findings for the Python examples of ``doc`` (its source ``lines``) that use a name
    none of them defines and that is not ``known`` (a name the project or the standard
    library defines: a missing import, not an invented variable)."""
    parsed = [(block, tree) for block in doc.code() if _is_python(block)
              for tree in [_parsed(block.text)] if tree is not None]
    bound: set[str] = set()
    for _, tree in parsed:
        names = _bound(tree)
        if names is None:
            return []  # ``from m import *``: any name may be defined
        bound |= names
    findings: list[Finding] = []
    for block, tree in parsed:
        if _quoted(tree, known):
            continue
        flagged: set[int] = set()
        for statement, name in _undefined(tree, bound | _DEFINED, known):
            whole = isinstance(statement, _COMPOUND) or \
                (statement.end_lineno or statement.lineno) > statement.lineno
            number = block.line if whole else block.line + statement.lineno
            if number in flagged or not 0 < number <= len(lines):
                continue
            flagged.add(number)
            findings.append(Finding(
                rule="example-undefined", kind="quality", path=path, line=number,
                text=lines[number - 1].strip(),
                message=f"this example uses `{name}`, which no example of the text defines",
                hint=f"define `{name}` in the example (an import or an assignment) or "
                     "delete the line"))
            if whole:
                break  # the whole block goes: nothing more to say of it
    return findings


_COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try,
             ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Match)


def _quoted(tree: ast.Module, known: Callable[[str], bool]) -> bool:
    """Whether the block defines a class or function the project has: an excerpt of its
    source, whose names its module imports (``t.Any`` of ``import typing as t``)."""
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
               and known(node.name) for node in tree.body)


def _is_python(block: Block) -> bool:
    return bool(block.label) and fence_language(block.info) in PYTHON_LANGUAGES


def _parsed(code: str) -> ast.Module | None:
    try:
        return ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _bound(tree: ast.Module) -> set[str] | None:
    """Every name the code binds anywhere (scopes merged: a looser test, never a false
    "undefined"); None after a star import."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arguments):
            names |= {a.arg for a in (*node.posonlyargs, *node.args, *node.kwonlyargs,
                                      node.vararg, node.kwarg) if a is not None}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    return None
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            names |= set(node.names)
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
    return names


def _undefined(tree: ast.Module, defined: set[str], known: Callable[[str], bool]
               ) -> Iterator[tuple[ast.stmt, str]]:
    """Each top-level statement with a name it reads that ``defined`` lacks and that is
    not ``known``, in order."""
    for statement in tree.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and \
                    node.id not in defined and not node.id.startswith("__") and \
                    not known(node.id):
                yield statement, node.id
                break


def contradicted_outputs(doc: Document, lines: list[str], *, path: str,
                         documented: Callable[[str], list[tuple[str, str]]]) -> list[Finding]:
    """Findings for code examples of ``doc`` that show a call giving a result its
    function's own documented examples contradict (``documented(name)``: the ``(arguments,
    output)`` of its docstring's ``>>>`` examples): ``dasherize("IOError")`` shown as
    ``'IoError'`` where the docstring shows ``dasherize("puni_puni")`` as ``'puni-puni'``.
    The finding is on the block's fence line: Strip deletes the whole example, never its
    call without its output."""
    findings: list[Finding] = []
    for block in doc.code():
        for _, name, args, value in shown_outputs(block.text):
            last = name.rsplit(".", 1)[-1]
            problem = output_problem(last, args, value, documented(last))
            if problem and 0 < block.line <= len(lines):
                findings.append(Finding(
                    rule="example-output", kind="quality", path=path, line=block.line,
                    text=lines[block.line - 1].strip(),
                    message=f"this example shows a result the code does not document: "
                            f"{problem}",
                    hint=f"show an example `{last}`'s docstring gives, or delete the example"))
                break  # the whole block goes
    return findings
