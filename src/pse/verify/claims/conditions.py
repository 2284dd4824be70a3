"""The ``raise`` a sentence's condition describes: "`parse` raises `TypeError` when the
string does not match the pattern" is about the ``raise`` whose test and message say
"match" and "string" (``if match is None: raise ValueError(f"{s} is not a valid
string")``), not the ``raise TypeError`` under ``if not isinstance(...)``.

Each ``raise`` of a function's own body is a site: the error it raises and the words of
the ``if`` it sits under (the test's names, split into words) and of its message (string
literals of the raised call). A sentence's condition words (its content words outside code
spans, less the words of raising) are matched against every
site: where a site raising another error shares clearly more of them than any site of
the claimed error, the claim is about that other site.
"""

from __future__ import annotations

import ast
import re

from pse.text.words import words
from pse.verify.claims.source import raised_name

_CONDITION = re.compile(r"(?i)\b(?:when|whenever|if|unless|on|for|given|once)\b|当|如果|若|时|遇到"
                        r"|找不到|没有|无法|不存在|不是|不合法|不匹配|失败")
"""A sentence that states a condition of its raise (without one, "`f` raises `E`" is about
any site)."""
_RAISING = frozenset(words("raise raises raised throw throws thrown error exception "
                           "抛出 引发 异常 错误"))
_LEAST = 2
"""The words a site must share with the condition to be the one it describes."""


def condition_site(function: ast.FunctionDef | ast.AsyncFunctionDef, sentence: str
                   ) -> dict[str, int]:
    """Per error raised in ``function``'s own body, the most condition words of
    ``sentence`` (its words outside code spans: the function and the error are named in
    those) one of its sites shares. Empty when the sentence states no condition."""
    if not _CONDITION.search(sentence):
        return {}
    said = words(re.sub(r"`[^`]*`", " ", sentence)) - _RAISING
    if not said:
        return {}
    parents = {child: node for node in ast.walk(function)
               for child in ast.iter_child_nodes(node)}
    best: dict[str, int] = {}
    for node in ast.walk(function):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue
        error = raised_name(node)
        if not error:
            continue
        shared = len(said & _site_words(node, parents))
        best[error] = max(best.get(error, 0), shared)
    return best


def decided_elsewhere(best: dict[str, int], claimed: set[str]) -> str:
    """The error of the site the condition describes, when it is not one of ``claimed``
    (the claimed error's names, subclasses included) and its site shares at least
    :data:`_LEAST` condition words and more than any site of a claimed error, which
    shares at most one; "" otherwise."""
    mine = max((n for e, n in best.items() if e in claimed), default=0)
    other = max(((n, e) for e, n in best.items() if e not in claimed), default=(0, ""))
    if other[0] >= _LEAST and other[0] > mine and mine <= 1:
        return other[1]
    return ""


def _site_words(node: ast.Raise, parents: dict[ast.AST, ast.AST]) -> set[str]:
    """The words of a ``raise``'s message and of the test of the ``if`` it sits under."""
    text = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant)
            and isinstance(c.value, str)]
    child: ast.AST = node
    parent = parents.get(node)
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        if isinstance(parent, ast.If) and child is not parent.test:
            text.append(ast.unparse(parent.test))
            break
        child, parent = parent, parents.get(parent)
    return words(" ".join(text))
