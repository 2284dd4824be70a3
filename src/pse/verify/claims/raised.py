"""Whether anything in the library raises an exception class at all.

"`PathExtractionError` is raised when a path cannot be extracted" names no function that
raises it; it is still false of a library that defines the class and never uses it: no
``raise``, no handler, no subclass, no mapping that hands it on names it anywhere in the
library's own code. Any use of the name outside its definition, an import of it and
``__all__`` (where a string holds it) may raise it, so the claim is then left open;
only an exception class nothing names is said never to be raised, and one a ``raise``
names is raised.
"""

from __future__ import annotations

import ast
from collections import Counter
from weakref import WeakKeyDictionary

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.walk import is_sample_path
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.types import actual_kinds
from pse.verify.resolve import Resolver

_USES: WeakKeyDictionary[object, tuple[Counter[str], Counter[str]]] = WeakKeyDictionary()


def raised_at_all(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether the exception class ``subject`` may be raised by the library: false when its
    name is used nowhere in the library's Python code (tests, docs and examples aside)."""
    if subject.kind != "class" or "exception" not in actual_kinds(resolver, subject):
        return undecided(f"{short(subject.qualname)} is no exception class")
    uses, raised = _uses(resolver)
    if raised[subject.name]:
        return Decision(True, f"the library raises {short(subject.qualname)}", at(subject))
    if uses[subject.name]:
        return undecided(f"{short(subject.qualname)} is used in the library's code")
    return Decision(False, f"nothing in the library raises {short(subject.qualname)}: it is "
                    "defined and named nowhere else", at(subject))


def _uses(resolver: Resolver) -> tuple[Counter[str], Counter[str]]:
    """How often each name is used (read as a name or an attribute), and how often raised
    (``raise E``, ``raise E(...)``, ``raise mod.E``), in the library's Python files,
    counted once per index."""
    index = resolver.index
    found = _USES.get(index)
    if found is None:
        uses: Counter[str] = Counter()
        raised: Counter[str] = Counter()
        for path, (language, _) in index.files.items():
            if language != "python" or is_sample_path(path):
                continue
            tree = parse_quietly((index.file_text(path) or "").encode("utf-8"))
            if tree is None:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Name):
                    uses[node.id] += 1
                elif isinstance(node, ast.Attribute):
                    uses[node.attr] += 1
                elif isinstance(node, ast.Raise) and node.exc is not None:
                    error = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                    name = error.attr if isinstance(error, ast.Attribute) else \
                        error.id if isinstance(error, ast.Name) else ""
                    raised[name] += 1
        found = _USES[index] = (uses, raised)
    return found
