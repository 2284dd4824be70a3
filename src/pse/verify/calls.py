"""Calls an example writes, bound to the signature of the function they call.

"``quantiles(data, 0.25)``" passes two arguments by position to a function whose second
parameter is keyword-only; "``ConfigBox(a, b, c)``" passes more than its constructor
takes; "``parse()``" leaves out an argument the function requires. Python answers each
with a ``TypeError``, and so does this check, without running anything: the ``def`` is
read from the tree with :mod:`ast`, turned into an :class:`inspect.Signature`, and the
call's shape is bound to it with :meth:`inspect.Signature.bind` (the interpreter's own
rules: positional-only, keyword-only, defaults, ``*args`` and ``**kwargs``).

It says nothing where the signature may not be the one written: a decorator that is not
known to keep it, an ``@overload``, a call that unpacks ``*args``, or a plain method
called on its class (the receiver may be passed by hand).
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass

from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.verify.defsource import function_def

_KEEPING = frozenset({
    "staticmethod", "classmethod", "abstractmethod", "final", "override", "cache",
    "lru_cache", "cached_property", "no_type_check", "deprecated",
})
"""Decorators (by last name) that leave the signature a caller sees as written."""


@dataclass(frozen=True)
class CallShape:
    """What a call passes, as an example writes it."""

    positional: int
    """Arguments passed by position."""
    keywords: tuple[str, ...] = ()
    """Keyword arguments passed by name."""
    spread: bool = False
    """The call unpacks a mapping (``**options``): which keywords it passes is unknown."""
    on_instance: bool = False
    """Called on an instance (``wrapper.wrap(text)``): a method's receiver is bound."""


def call_problem(index: SymbolIndex, function: Symbol, call: CallShape, *,
                 constructor: bool = False) -> str:
    """Why ``call`` does not bind to ``function``'s signature, in the interpreter's words
    ("too many positional arguments"), or "" when it binds or nothing can be said.
    ``constructor``: ``function`` is the ``__init__`` a class call runs."""
    node = _definition(index, function)
    if node is None:
        return ""
    # the index holds the decorators (the definition's text starts at its ``def``)
    decorators = {name.rsplit(".", 1)[-1] for facts in index.def_facts(function.qualname)
                  if facts.line == function.line for name in facts.decorators}
    if not decorators <= _KEEPING:
        return ""
    signature = _signature(node.args)
    if signature is None:
        return ""
    params = list(signature.parameters.values())
    if function.kind == "method" and "staticmethod" not in decorators:
        if not (constructor or call.on_instance or "classmethod" in decorators):
            return ""  # ``Class.method(obj, x)`` passes the receiver itself
        if not params or params[0].kind not in (inspect.Parameter.POSITIONAL_ONLY,
                                                 inspect.Parameter.POSITIONAL_OR_KEYWORD):
            return ""
        signature = signature.replace(parameters=params[1:])
    arguments = [object()] * call.positional
    named = dict.fromkeys(call.keywords, object())
    try:
        if call.spread:
            signature.bind_partial(*arguments, **named)
        else:
            signature.bind(*arguments, **named)
    except TypeError as error:
        return f"{error} (`{function.name}{signature}`)"
    return ""


def _definition(index: SymbolIndex, function: Symbol
                ) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` of ``function`` as its file has it (None: not Python, or unreadable)."""
    if function.kind not in ("function", "method") or not index.is_python_source(function.path):
        return None
    return function_def(index.source_of(function))


class _Default:
    """A default value as the message shows it: that there is one, not what it is."""

    def __repr__(self) -> str:
        return "…"


_DEFAULT = _Default()


def _signature(args: ast.arguments) -> inspect.Signature | None:
    """The :class:`inspect.Signature` of ``args`` (defaults stand as placeholders)."""
    kind = inspect.Parameter
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    params = [kind(a.arg, kind.POSITIONAL_ONLY if i < len(args.posonlyargs)
                   else kind.POSITIONAL_OR_KEYWORD,
                   default=_DEFAULT if i >= first_default else kind.empty)
              for i, a in enumerate(positional)]
    if args.vararg is not None:
        params.append(kind(args.vararg.arg, kind.VAR_POSITIONAL))
    params += [kind(a.arg, kind.KEYWORD_ONLY, default=kind.empty if d is None else _DEFAULT)
               for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)]
    if args.kwarg is not None:
        params.append(kind(args.kwarg.arg, kind.VAR_KEYWORD))
    try:
        return inspect.Signature(params)
    except ValueError:  # duplicate names: not a signature Python would compile
        return None
