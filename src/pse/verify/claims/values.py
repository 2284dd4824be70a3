"""Default values: "`strict` defaults to False", "`x` 的默认值是一个空的 dict".

The claim's value is read into a canonical spelling (:func:`canonical_value`: ``True``,
``None``, ``0``, ``{}`` for "an empty dict"); the definition's value is read from its
source line (a field or a module constant: ``strict: bool = False``, ``x =
field(default_factory=dict)``). Both are compared as Python literals when both are
literals, else as names (``on_dup = ON_DUP_DEFAULT``). A value that is neither, or a name
the tree binds without a value, is undecided.

A parameter's default is read from its function's signature ("`precision` defaults to 1"
about ``def f(value, precision=2)``): the parameter of the function the claim names
(``f.precision``, "the `precision` argument of `f`"), else of a function the sentence also
names, else every parameter so named (the claim holds when one has that default). A default
of ``None`` is left undecided against another value (the body may put one in its place); a
parameter without a default has none to state; an attribute the constructor binds to its
parameter (``self.interval = interval``) defaults to that parameter's default.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from pse.index.model import Symbol
from pse.index.python import dotted_name
from pse.index.symbols import code_first
from pse.index.walk import is_sample_path
from pse.verify.claims.code import (
    dataclass_fields,
    enum_members,
    implementation,
    named_tuple_fields,
    signature_of,
)
from pse.verify.claims.decision import Decision, at, short, undecided
from pse.verify.claims.folding import NotFoldable, folded_value
from pse.verify.claims.names import (
    Named,
    bound_definition,
    introspect,
    outside_class,
    resolve_span,
    stdlib_module,
)
from pse.verify.claims.source import bound_value, function_node, names_in, signature_defaults
from pse.verify.resolve import Resolver

_EMPTY = {"dict": "{}", "dictionary": "{}", "mapping": "{}", "字典": "{}", "list": "[]",
          "列表": "[]", "tuple": "()", "元组": "()", "set": "set()", "集合": "set()",
          "string": "''", "str": "''", "字符串": "''"}
_WORDS = {"true": "True", "false": "False", "none": "None", "null": "None", "zero": "0"}
_FACTORIES = {"dict": "{}", "list": "[]", "tuple": "()", "set": "set()", "str": "''"}


REQUIRED = "(required)"
"""The object of a default claim that there is no default ("`x` is required", 必填)."""
OPTIONAL = "(optional)"
"""The object of a default claim that there is one, whatever it is ("`x` is optional")."""


def canonical_value(written: str) -> str:
    """The claimed value in Python's spelling ("" when it is no value this reads)."""
    text = written.strip().strip("`").strip()
    low = text.lower()
    if low in _WORDS:
        return _WORDS[low]
    empty = re.fullmatch(r"(?:an? |一个)?(?:empty |空的?)(?P<t>[a-z]+|[\u4e00-\u9fff]+)", low)
    if empty:
        return _EMPTY.get(empty["t"], "")
    try:
        return ast.unparse(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError, RecursionError):
        return ""


def assigned_value(resolver: Resolver, symbol: Symbol) -> str | None:
    """The value ``symbol`` (a field, class attribute or module constant) is bound to in its
    definition, in Python's spelling (None: no assignment with a value there)."""
    value = bound_value(resolver, symbol)
    return _field_default(value) if value is not None else None


def _field_default(value: ast.expr) -> str | None:
    """``field(default=X)`` is ``X``, ``field(default_factory=dict)`` ``{}``; an option
    taken from keyword arguments with a fallback (``kwargs.pop("indent", None)``,
    ``options.get("indent", 2)``) is that fallback, the value it has where no caller
    gives one; any other value is itself."""
    fallback = _option_fallback(value)
    if fallback is not None:
        return fallback
    if isinstance(value, ast.Call) and ast.unparse(value.func).rsplit(".", 1)[-1] == "field":
        for keyword in value.keywords:
            if keyword.arg == "default":
                return ast.unparse(keyword.value)
            if keyword.arg == "default_factory":
                return _FACTORIES.get(ast.unparse(keyword.value))
        return None  # a field without a default
    return ast.unparse(value)


def default(resolver: Resolver, subject: Symbol, claimed: str, *, said_of: str = "") -> Decision:
    """Whether ``subject``'s definition binds it to ``claimed`` (canonical spelling);
    ``said_of`` is :attr:`Claim.default_of`: a constructor's parameter called a parameter
    is read as one, not as the attribute it may set, a default said to be the
    signature's is the value written there, and a value said outright ("`LIMIT` is `20`")
    is a constant's or field's own, never a parameter's."""
    if subject.kind == "parameter":
        if said_of == "value":  # "`limit` is `None`": what a caller passed, not a default
            return undecided(f"{short(subject.qualname)} is a parameter")
        return _param_default(resolver, subject, claimed, said_of=said_of)
    if subject.kind not in {"attribute", "variable", "constant"}:
        return undecided(f"{short(subject.qualname)} is no field or constant")
    actual = assigned_value(resolver, subject)
    if said_of != "parameter":  # the attribute's value, not the parameter's default
        actual = _or_fallback(resolver, subject, actual) or actual
    param = _bound_parameter(resolver, subject, actual)
    if param is not None and said_of == "value":
        return undecided(f"{short(subject.qualname)} holds what its parameter is given")
    if param is not None:
        return _param_default(resolver, param, claimed, said_of=said_of,
                              converted=actual is not None and not actual.isidentifier())
    if actual is None or claimed in {REQUIRED, OPTIONAL}:
        return _field_presence(resolver, subject, actual, claimed, said_of=said_of)
    verb = "is bound to" if said_of == "value" else "defaults to"
    message = f"{short(subject.qualname)} {verb} `{actual}`"
    same = _same(actual, claimed)
    if same is None:  # ``("a", "b") * 3``: the value it builds, where it folds
        same = _same_folded(resolver, subject, claimed)
    if same is None and _distinct_definitions(resolver, actual, claimed):
        same = False
    if same is None:
        return undecided(message)
    return Decision(same, message, at(subject), correction="" if same else actual)


def _field_presence(resolver: Resolver, subject: Symbol, actual: str | None, claimed: str,
                    *, said_of: str) -> Decision:
    """Of a field or constant: whether it has a default (``claimed`` is :data:`REQUIRED` or
    :data:`OPTIONAL`), or, for a value claim, that one with no value of its own has none."""
    if actual is None:
        record = _required_field(resolver, subject)
        if record:
            return Decision(claimed == REQUIRED if claimed in {REQUIRED, OPTIONAL} else False,
                            f"{short(subject.qualname)} is a field of {record} with no "
                            "default: every construction passes it", at(subject))
        return undecided(f"{short(subject.qualname)} has no value of its own")
    if said_of == "parameter" or not _record_field(resolver, subject):
        return undecided(f"{short(subject.qualname)} is bound to `{actual}`")
    return Decision(claimed == OPTIONAL, f"{short(subject.qualname)} defaults to `{actual}`",
                    at(subject))


def _same_folded(resolver: Resolver, subject: Symbol, claimed: str) -> bool | None:
    """Whether the value ``subject`` builds from literals (:mod:`.folding`) equals the
    literal ``claimed`` (None: either is no such value)."""
    try:
        mine = folded_value(resolver, subject)
        theirs = ast.literal_eval(claimed)
    except (NotFoldable, ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if isinstance(mine, dict):
        return None  # folding keeps a dict's keys, not its values
    return type(mine) is type(theirs) and bool(mine == theirs)


def _same(actual: str, claimed: str) -> bool | None:
    """Whether two values are equal: as written, as literals (``1`` is ``1.0``, never
    ``True``), else as names (None: cannot say)."""
    if actual == claimed:
        return True  # ``wait_none()`` is ``wait_none()``
    try:
        mine, theirs = ast.literal_eval(actual), ast.literal_eval(claimed)
        numbers = {type(mine), type(theirs)} <= {int, float}
        return bool(mine == theirs) and (numbers or type(mine) is type(theirs))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    names = re.compile(r"[A-Za-z_][\w.]*")
    if actual in {"set()"} or claimed in {"set()"}:
        return actual == claimed
    if names.fullmatch(actual) and names.fullmatch(claimed):
        if actual.rsplit(".", 1)[-1] == claimed.rsplit(".", 1)[-1]:
            return True
        return None  # two names may be bound to one value
    if _display_against_type(actual, claimed) or _display_against_type(claimed, actual):
        return False  # ``(str, bytes)`` is no ``str``
    if names.fullmatch(actual) or names.fullmatch(claimed):
        return None  # a name against a literal: the name's value is not read
    return None


def _display_against_type(display: str, name: str) -> bool:
    """Whether ``display`` is a tuple, list, set or dict written out and ``name`` a
    builtin or standard-library class: no such value is a class."""
    try:
        node = ast.parse(display, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return False
    return isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict) and \
        isinstance(introspect(name), type)


def _option_fallback(value: ast.expr) -> str | None:
    """The fallback of ``<mapping>.pop("key", X)`` / ``.get("key", X)`` /
    ``.setdefault("key", X)`` with a literal key, in Python's spelling; None for any other
    value."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
            and value.func.attr in {"pop", "get", "setdefault"} and len(value.args) == 2
            and not value.keywords and isinstance(value.args[0], ast.Constant)
            and isinstance(value.args[0].value, str)):
        return None
    return ast.unparse(value.args[1])


_SPAN = re.compile(r"`([^`\n]+)`")
_VALUE_KINDS = frozenset({"attribute", "variable", "constant"})


def with_parameters(resolver: Resolver, subject: Named, sentence: str, *,
                    owner: str = "") -> Named:
    """``subject`` with the parameters a default claim about it may mean (see the module
    docstring): ``f.x`` names the parameter ``x`` of ``f`` (of its constructor for a
    class), a bare ``x`` each parameter so named, narrowed to those of a function the
    sentence names too, or of the ``owner`` the document puts the sentence under."""
    written, _, name = subject.name.rpartition(".")
    if not name.isidentifier():
        return subject
    # ``TomlEncoder = encoder.TomlEncoder`` re-bound in a package is that class; a stub's
    # copy beside the module is no other signature
    owners = [bound_definition(resolver, s) or s
              for s in resolve_span(resolver, written).symbols] if written else []
    owners = code_first(owners)
    functions = list(dict.fromkeys(f for s in owners
                                   if (f := signature_of(resolver, s)) is not None))
    scoped: list[Symbol] = []
    if functions:
        params = [p for f in functions for p in resolver.index.members(f.qualname, name)
                  if p.kind == "parameter"]
    else:  # no owner, or one without a signature (a module): the name alone
        params = [p for p in resolver.index.by_name(name) if p.kind == "parameter"]
        # the library's own parameters, where it has some: a test's helper that takes an
        # `autoreset=True` says nothing of the library's `autoreset`
        params = [p for p in params if not is_sample_path(p.path)] or params
        named = {f.qualname for f in _functions_named(resolver, sentence, owner,
                                                      besides=subject.text)}
        scoped = [p for p in params if p.parent in named]
        params = scoped or params
    if not params:
        owned = _owned_by(resolver, subject.symbols, owner)
        return replace(subject, symbols=owned) if owned else subject
    # a parameter of a function the sentence names ("In `f`, `x` defaults to 1") is what
    # it means, not a field of that name elsewhere; of a named class, its constructor's
    # parameter and the attribute that class keeps, not one a base's constructor sets
    values = () if scoped else tuple(s for s in subject.symbols if s.kind in _VALUE_KINDS)
    if functions:
        values = tuple(s for s in values if s.parent in {f.parent for f in functions}
                       | {f.qualname for f in functions})
    # a table row or a list item under a class ("| `MinLen` | `min_length` 的默认值 ...")
    # means that class's field, not another class's field of the same name
    owned = _owned_by(resolver, values, owner)
    if owned:
        values = owned
    return replace(subject, symbols=(*values, *params), external=False)


def _functions_named(resolver: Resolver, sentence: str, owner: str, *, besides: str
                     ) -> list[Symbol]:
    """The functions (of a class: its constructor) the sentence's code spans or the owner
    the document puts it under name, the span ``besides`` left out."""
    return list(dict.fromkeys(
        f for text in [*_SPAN.findall(sentence), owner] if text and text != besides
        for s in resolve_span(resolver, text.removesuffix("()")).symbols
        if (f := signature_of(resolver, s)) is not None))


def _owned_by(resolver: Resolver, values: tuple[Symbol, ...], owner: str
              ) -> tuple[Symbol, ...]:
    """The ``values`` that are members of the class the document names as the owner."""
    if not owner:
        return ()
    classes = {s.qualname for s in resolve_span(resolver, owner).symbols if s.kind == "class"}
    return tuple(v for v in values if v.parent in classes)


def _param_default(resolver: Resolver, param: Symbol, claimed: str, *,
                   converted: bool = False, said_of: str = "") -> Decision:
    """Whether the parameter ``param`` defaults to ``claimed`` in its signature (for an
    attribute the constructor ``converted`` from it, only two different numbers refute:
    ``list(())`` is ``[]``, ``str(5)`` is ``'5'``)."""
    definitions = [s for s in resolver.index.by_qualname(param.parent)
                   if s.kind in {"function", "method"}]
    function = implementation(resolver, definitions)
    written = signature_defaults(resolver, function) if function is not None else None
    if function is not None and written is not None and param.name not in written:
        # ``def retry(*dargs, **dkw)`` behind overloads: the overloads' signatures say it
        function, written = _overloaded_default(resolver, definitions, param.name) or \
            (function, written)
    if function is None or written is None or param.name not in written:
        return undecided(f"the default of `{param.name}` is not readable")
    owner = function.parent if function.name == "__init__" else function.qualname
    where = f"`{param.name}` of {short(owner)}"
    actual = written[param.name]
    if actual is None or claimed in {REQUIRED, OPTIONAL}:  # whether it has one at all
        said = f"{where} defaults to `{actual}`" if actual is not None else \
            f"{where} has no default (every call passes it)"
        return Decision((actual is None) == (claimed == REQUIRED), said, at(function))
    named = _named_default(resolver, function, actual, claimed)
    if named is not None:
        return Decision(named, f"{where} defaults to `{actual}`", at(function),
                        correction="" if named else actual)
    actual = _constant_value(resolver, function, actual) or actual
    message = f"{where} defaults to `{actual}`"
    if actual == "None" and claimed != "None" and said_of == "signature":
        return Decision(False, f"{message} in its signature", at(function), correction="None")
    if actual == "None" and claimed != "None":
        # a constructor's parameter may stand for the attribute it sets, which another
        # method may replace; one no attribute of its name keeps, or one the sentence calls
        # a parameter, is only a parameter
        plain = said_of == "parameter" or function.name != "__init__" or not any(
            m.kind in {"attribute", "variable"}
            for m in resolver.index.members(function.parent, param.name)) or \
            _set_only_by(resolver, function, param.name)
        if plain and _passed_on(resolver, function, param.name):
            return Decision(False, f"{message}, which its body never replaces", at(function),
                            correction="None")
        if plain and _never_put(resolver, function, param.name, claimed):
            return Decision(False, f"{message}; its body puts no `{claimed}` in its place",
                            at(function), correction="None")
        return undecided(f"{message}, which the body may replace")
    same = _same(actual, claimed)
    if same is None and (_distinct_definitions(resolver, actual, claimed) or
                         _sentinel_against_literal(resolver, function, actual, claimed) or
                         _another_parameter(written, param.name, actual, claimed)):
        same = False
    if same is False and converted and not _both_numbers(actual, claimed):
        same = None  # ``list(())`` is ``[]``; only a number stays the number converted
    if same is None:
        return undecided(message)
    return Decision(same, message, at(function), correction="" if same else actual)


def _overloaded_default(resolver: Resolver, definitions: list[Symbol], name: str
                        ) -> tuple[Symbol, dict[str, str | None]] | None:
    """The overload whose signature gives ``name`` a default, when every overload that
    writes one (``...`` is none) writes the same."""
    found: dict[str, tuple[Symbol, dict[str, str | None]]] = {}
    for definition in definitions:
        written = signature_defaults(resolver, definition)
        value = (written or {}).get(name)
        if written is not None and value is not None and value != "...":
            found.setdefault(value, (definition, written))
    return next(iter(found.values())) if len(found) == 1 else None


def _named_default(resolver: Resolver, function: Symbol, actual: str, claimed: str
                   ) -> bool | None:
    """A default written as a name against a claimed one: the same name, or two constants
    of the module whose values are equal or differ ("defaults to `WRAPPER_UPDATES`" of a
    default written `WRAPPER_ASSIGNMENTS`); None when the names say nothing."""
    if actual == claimed:
        return True
    if not (actual.isidentifier() and claimed.isidentifier()):
        return None
    mine, theirs = (_constant_value(resolver, function, actual),
                    _constant_value(resolver, function, claimed))
    return _same(mine, theirs) if mine is not None and theirs is not None else None


def _both_numbers(first: str, second: str) -> bool:
    """Whether both values are numbers (not ``bool``): what a conversion such as
    ``float(x)`` or ``to_seconds(x)`` keeps, where ``list(())`` or ``str(5)`` would not."""
    try:
        values = ast.literal_eval(first), ast.literal_eval(second)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def _set_only_by(resolver: Resolver, function: Symbol, name: str) -> bool:
    """Whether every binding of its class's attribute ``name`` is in the constructor
    ``function`` (``self.custom_functions = custom_functions`` and nothing else): no
    other method replaces what the parameter gives it."""
    attributes = [m for m in resolver.index.members(function.parent, name)
                  if m.kind in {"attribute", "variable"}]
    return bool(attributes) and all(
        m.path == function.path and function.line <= m.line <= function.end_line
        for m in attributes)


def _passed_on(resolver: Resolver, function: Symbol, name: str) -> bool:
    """Whether ``function``'s body uses its parameter ``name`` only as it comes: never
    rebinds it, tests it against ``None`` or falls back from it (``name or 1``, ``1 if
    name is None else name``). A default of ``None`` is then the default, whatever a
    sentence says it stands for. A constructor's attribute may be replaced later, in
    another method, so ``__init__`` is never read this way."""
    node = function_node(resolver, function)
    if node is None:
        return False
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
            return False
        if isinstance(n, ast.BoolOp) and any(_is_name(v, name) for v in n.values):
            return False
        if isinstance(n, ast.Compare) and any(_is_name(v, name)
                                              for v in (n.left, *n.comparators)):
            return False
        if isinstance(n, ast.IfExp | ast.If | ast.While) and any(
                _is_name(v, name) for v in ast.walk(n.test)):
            return False
    return True


def _never_put(resolver: Resolver, function: Symbol, name: str, claimed: str) -> bool:
    """Whether ``function``'s body, which tests its parameter ``name`` (default ``None``),
    can give it no ``claimed`` literal in its place: every value it binds the name to or
    falls back to from it is a literal, and no literal of the code equals ``claimed`` (of
    a claimed name, ``str``, no code of the body names it).
    "`ndigits` defaults to 0" is false of ``if ndigits is not None: ... else: ...``; a
    fallback to a name or a call (``timeout or DEFAULT``) may be anything, so it is open."""
    try:
        wanted = ast.literal_eval(claimed)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        wanted = claimed if claimed.isidentifier() else None  # a name: ``str``, ``SEP``
    if wanted is None:
        return False
    node = function_node(resolver, function)
    if node is None:
        return False
    body = node.body[1:] if ast.get_docstring(node) is not None else node.body
    a_name = claimed.isidentifier() and claimed not in {"True", "False", "None"}
    if a_name and claimed in names_in(*body):
        return False  # the body names it: it may put it in the parameter's place
    # ``if not flag:`` treats None as False, 0 or "" but gives the name no value: the
    # default is still None, and "defaults to False" says another value
    for n in (sub for statement in body for sub in ast.walk(statement)):
        if isinstance(n, ast.Constant) and not a_name and \
                _same(repr(n.value), claimed) is not False:
            return False
        if isinstance(n, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr) and any(
                _is_name(t, name) for t in _targets(n)) and not _fixed(n.value, name):
            return False
        if isinstance(n, ast.BoolOp) and any(_is_name(v, name) for v in n.values) and \
                not _fixed(n, name):
            return False
        if isinstance(n, ast.IfExp) and any(_is_name(v, name) for v in ast.walk(n.test)) and \
                not _fixed(n, name):
            return False
    return True


def _fixed(node: ast.AST | None, name: str) -> bool:
    """Whether ``node`` is a literal, the parameter ``name`` itself, or a choice among
    those (``name or 4``, ``4 if name is None else name``): a value the code fixes."""
    if node is None or _is_name(node, name) or _literal(node):
        return True
    if isinstance(node, ast.BoolOp):
        return all(_fixed(v, name) for v in node.values)
    if isinstance(node, ast.IfExp):
        return _fixed(node.body, name) and _fixed(node.orelse, name)
    return False


def _targets(node: ast.Assign | ast.AnnAssign | ast.AugAssign | ast.NamedExpr) -> list[ast.AST]:
    return list(node.targets) if isinstance(node, ast.Assign) else [node.target]


def _literal(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _other_members(resolver: Resolver, actual: str, claimed: str) -> bool:
    """Whether two names are two members of one enumeration of the tree
    (``HRuleStyle.FRAME`` and ``HRuleStyle.ALL``)."""
    owner, _, first = actual.rpartition(".")
    other, _, second = claimed.rpartition(".")
    if not owner or owner != other or first == second:
        return False
    classes = [s for s in resolve_span(resolver, owner).symbols if s.kind == "class"]
    members = enum_members(resolver, classes[0]) if len(classes) == 1 else None
    return bool(members) and first in (members or ()) and second in (members or ())


def _distinct_definitions(resolver: Resolver, actual: str, claimed: str) -> bool:
    """Whether two names are two different objects: classes or functions of the tree
    (each one object), or one of them and a name the tree defines nowhere (an import from
    another library cannot be the tree's class): ``JsonPointer`` is no ``JsonPatch``. A
    variable may be bound to anything; two names of the standard library are compared as
    the objects they name (``json.dumps`` is not ``json.loads``; ``logging.INFO`` is not
    ``logging.NOTSET``, two ints), whatever names of the tree end the same."""
    if _other_members(resolver, actual, claimed):
        return True
    outside = [introspect(n) if "." in n and n.split(".", 1)[0] not in
               resolver.index.top_modules else None for n in (actual, claimed)]
    if outside[0] is not None and outside[1] is not None:
        if all(isinstance(o, _PLAIN_VALUES) for o in outside):
            return bool(outside[0] != outside[1])
        return outside[0] is not outside[1]
    found = []
    for name in (actual, claimed):
        head, _, last = name.rpartition(".")
        if head and head.split(".", 1)[0] not in resolver.index.top_modules:
            # `keys.hashkey`: a submodule of the tree, named as its package imports it;
            # `json.loads` resolves to nothing of ours
            symbols = list(resolve_span(resolver, name).symbols)
        else:
            symbols = resolver.index.by_name(last)
        if any(s.kind not in {"class", "function"} for s in symbols):
            return False
        found.append({s.qualname for s in symbols})
    if not any(found):
        mine = introspect(actual) or stdlib_module(actual) or outside_class(resolver, actual)
        theirs = introspect(claimed) or stdlib_module(claimed) or \
            outside_class(resolver, claimed)  # a bare ``OrderedDict``: collections
        return mine is not None and theirs is not None and mine is not theirs
    return not found[0] & found[1]


def _another_parameter(written: dict[str, str | None], name: str, actual: str,
                       claimed: str) -> bool:
    """Whether a default written as a literal is said to be another parameter of the same
    signature ("`step` defaults to `n`" of ``step=1``): a default is fixed when the
    function is defined, before any parameter has a value."""
    if claimed == name or claimed not in written:
        return False
    try:
        ast.literal_eval(actual)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _sentinel_against_literal(resolver: Resolver, function: Symbol, actual: str,
                              claimed: str) -> bool:
    """Whether a default written as a name bound to a new object (``_nothing =
    object()``, ``MISSING = _Missing()``: a sentinel) is said to be a literal
    (``None``, ``0``): no new object is one."""
    try:
        ast.literal_eval(claimed)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    if not actual.isidentifier():
        return False
    module = resolver.index.module_of(function.path)
    found = [s for s in resolver.index.members(module, actual) if s.kind in _VALUE_KINDS]
    value = bound_value(resolver, found[0]) if len(found) == 1 else None
    if not isinstance(value, ast.Call) or value.args or value.keywords or \
            not isinstance(value.func, ast.Name):
        return False
    called = value.func.id
    return called == "object" or bool(resolver.index.by_name(called)) and all(
        s.kind == "class" and not resolver.index.members(s.qualname, "__eq__")
        for s in resolver.index.by_name(called))


_PLAIN_VALUES = (int, float, str, bytes)
"""Values of the standard library compared by value, not identity (``logging.WARN`` is
``logging.WARNING``)."""


def _constant_value(resolver: Resolver, function: Symbol, name: str) -> str | None:
    """The literal a default written as a name stands for: a module constant of
    ``function``'s module (``MAX_WAIT``), or, for a method, an attribute of its class
    (``cache_size=default_query_cache_capacity``: a default is evaluated in the class
    body, where its attributes are names)."""
    if not name.isidentifier():
        return None
    found: list[Symbol] = []
    if function.kind == "method":
        found = [s for s in resolver.index.members(function.parent, name)
                 if s.kind in _VALUE_KINDS]
    if not found and re.fullmatch(r"[A-Z_][A-Z0-9_]*", name):
        module = resolver.index.module_of(function.path)
        found = [s for s in resolver.index.members(module, name) if s.kind in _VALUE_KINDS]
    value = assigned_value(resolver, found[0]) if len(found) == 1 else None
    try:
        ast.literal_eval(value or "")
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return value


def _converted(value: str) -> str | None:
    """The parameter a constructor converts into an attribute: ``x`` of
    ``to_seconds(x)`` or ``float(x)``, a call with that one argument (None: no such
    call). The attribute then defaults to what that parameter's default converts to,
    which states the same value ("`increment` defaults to 100" of ``increment=100``
    stored as ``to_seconds(increment)``)."""
    try:
        node = ast.parse(value, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
            isinstance(node.args[0], ast.Name) and \
            ast.unparse(node.func).rsplit(".", 1)[-1] not in _NOT_CONVERSIONS:
        return node.args[0].id
    return None


_NOT_CONVERSIONS = frozenset({"len", "sum", "min", "max", "abs", "round", "hash", "id",
                              "bool", "any", "all", "repr", "type"})
"""One-argument builtins that make another value of their argument, not the same one."""


def _record_field(resolver: Resolver, field_: Symbol) -> bool:
    """Whether ``field_`` is a field of a record class (a dataclass, a named tuple)."""
    return any(field_.name in (dataclass_fields(resolver, cls) or ())
               or "NamedTuple" in {b.rsplit(".", 1)[-1] for b in cls.bases}
               and field_.name in (named_tuple_fields(resolver, cls) or ())
               for cls in resolver.index.by_qualname(field_.parent) if cls.kind == "class")


def _required_field(resolver: Resolver, field_: Symbol) -> str:
    """The record class (a dataclass, a named tuple) whose field ``field_`` is declared with
    no value at all (``min_length: int``), in words; "" otherwise. A TypedDict's keys are
    none: it types a plain dict, whose defaults (a ``DEFAULT_CONFIG``, ``.get(k, d)``) live
    in the code that fills or reads it, and a key of a ``total=False`` one may be left
    out."""
    if bound_value(resolver, field_) is not None:
        return ""
    for cls in resolver.index.by_qualname(field_.parent):
        if cls.kind != "class":
            continue
        if field_.name in (dataclass_fields(resolver, cls) or ()):
            return f"the dataclass {short(cls.qualname)}"
        if "NamedTuple" in {b.rsplit(".", 1)[-1] for b in cls.bases} and \
                field_.name in (named_tuple_fields(resolver, cls) or ()):
            return f"the named tuple {short(cls.qualname)}"
    return ""


def _or_fallback(resolver: Resolver, attribute: Symbol, value: str | None) -> str | None:
    """``self.x = x or ""`` in a constructor whose parameter ``x`` defaults to a literal:
    the value the attribute has where no caller passes ``x`` (that default when true,
    else the fallback); None for any other value."""
    try:
        node = ast.parse(value or "", mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    if not (isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)
            and len(node.values) == 2 and isinstance(node.values[0], ast.Name)
            and _literal(node.values[1])):
        return None
    param = _bound_parameter(resolver, attribute, node.values[0].id)
    if param is None:
        return None
    function = implementation(resolver, [s for s in resolver.index.by_qualname(param.parent)
                                         if s.kind in {"function", "method"}])
    written = signature_defaults(resolver, function) if function is not None else None
    default = (written or {}).get(param.name)
    try:
        given = ast.literal_eval(default) if default is not None else None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if default is None:
        return None
    return default if given else ast.unparse(node.values[1])


def _bound_parameter(resolver: Resolver, attribute: Symbol, value: str | None) -> Symbol | None:
    """The constructor parameter an attribute is bound to (``self.interval = interval`` in
    ``__init__``), or None."""
    if value is None:
        return None
    value = _converted(value) or value
    if not value.isidentifier():
        return None
    inits = [s for s in resolver.index.members(attribute.parent, "__init__")
             if s.kind == "method" and s.line <= attribute.line <= s.end_line]
    params = [p for i in inits for p in resolver.index.members(i.qualname, value)
              if p.kind == "parameter"]
    return params[0] if len(params) == 1 else None


def option_default(resolver: Resolver, subject: str, claimed: str, *, sentence: str,
                   owner: str = "") -> Decision | None:
    """Whether an option a function reads from its ``**kwargs`` defaults to ``claimed``:
    ``kwargs.pop("x", d)``, ``kwargs.get("x", d)``, ``kwargs.setdefault("x", d)``,
    ``kwargs.get("x") or d`` or ``kwargs["x"] or d`` in the body of the function
    ``subject`` names with it (``f.x``), of the owner the document puts the sentence
    under, or of one the sentence names (of a class: its constructor). None when no such
    function reads the option with one default written out (a literal or a dotted name)."""
    written, _, name = subject.rpartition(".")
    functions = _functions_named(resolver, f"`{written}`", "", besides="") if written else \
        _functions_named(resolver, sentence, owner, besides=subject)
    found: dict[str, tuple[Symbol, str, str]] = {}
    for function in functions:
        node = function_node(resolver, function)
        if node is None or node.args.kwarg is None:
            continue
        default = _kwargs_default(node, node.args.kwarg.arg, name)
        if default is not None:
            found[function.qualname] = (function, default, node.args.kwarg.arg)
    if len({d for _, d, _ in found.values()}) != 1:
        return None
    function, actual, kwarg = next(iter(found.values()))
    same = _same(actual, claimed)
    if same is None and _distinct_definitions(resolver, actual, claimed):
        same = False
    if same is None:
        return None
    owner_name = function.parent if function.name == "__init__" else function.qualname
    return Decision(same, f"the `{name}` option of {short(owner_name)} (read from "
                    f"`**{kwarg}`) defaults to `{actual}`", at(function),
                    correction="" if same else actual)


def _written_value(node: ast.expr) -> bool:
    """A literal or a dotted name (``HRuleStyle.FRAME``): a default a claim can be held to."""
    return _literal(node) or bool(dotted_name(node))


def _kwargs_default(node: ast.AST, kwarg: str, name: str) -> str | None:
    """The one default the body gives the option ``name`` of its ``**kwarg``, written out
    (a literal or a dotted name); None when it reads it without one, with several, or with
    a value computed otherwise."""
    defaults: set[str] = set()
    for either in (n for n in ast.walk(node) if isinstance(n, ast.BoolOp)
                   and isinstance(n.op, ast.Or) and len(n.values) == 2):
        read = either.values[0]  # ``kwargs["x"] or d``: the options were filled with None
        if isinstance(read, ast.Subscript) and isinstance(read.value, ast.Name) and \
                read.value.id == kwarg and isinstance(read.slice, ast.Constant) and \
                read.slice.value == name:
            if not _written_value(either.values[1]):
                return None
            defaults.add(ast.unparse(either.values[1]))
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr in {"pop", "get", "setdefault"}
                and isinstance(func.value, ast.Name) and func.value.id == kwarg
                and call.args and isinstance(call.args[0], ast.Constant)
                and call.args[0].value == name):
            continue
        if len(call.args) > 1:
            value: ast.expr | None = call.args[1]
        else:  # ``kwargs.get("x") or d``
            value = next((o.values[1] for o in ast.walk(node) if isinstance(o, ast.BoolOp)
                          and isinstance(o.op, ast.Or) and len(o.values) == 2
                          and o.values[0] is call), None)
        if value is None or not _written_value(value):
            return None
        defaults.add(ast.unparse(value))
    return defaults.pop() if len(defaults) == 1 else None
