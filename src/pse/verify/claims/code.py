"""Deciding claims about what code has and does: parameters, members, calls, raises.

Calls and raises use the direct reading (the function's own body) to confirm, and the
reach over the tree (:mod:`pse.verify.claims.reach`) before calling a claim false: a claim
that ``get()`` raises an error one of its helpers raises is not contradicted by the code.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable

from pse.index.model import BodyFacts, Symbol
from pse.index.python import dotted_name
from pse.index.symbols import code_first
from pse.index.walk import is_sample_path
from pse.text.words import covered
from pse.text.words import words as content_words
from pse.verify.claims.conditions import condition_site, decided_elsewhere
from pse.verify.claims.decision import Decision, at, listing, short, undecided, with_article
from pse.verify.claims.folding import NotFoldable, folded_value
from pse.verify.claims.names import (
    Ancestry,
    Named,
    ancestry,
    called,
    external_mro,
    outside_has,
)
from pse.verify.claims.reach import (
    MAX_HOMONYMS,
    MAX_REACHED,
    callees,
    is_dunder,
    protocol_method,
    reachable,
)
from pse.verify.claims.source import (
    bound_value,
    decorator_calls,
    definition_node,
    function_node,
    keyword_only_parameters,
    names_in,
    positional_only_parameters,
    positional_parameters,
    raised_name,
    signature_defaults,
    variadic_names,
)
from pse.verify.defsource import dedented
from pse.verify.externals import stdlib_home
from pse.verify.resolve import Resolver

_DYNAMIC = ("__getattr__", "__getattribute__")


def signature_of(resolver: Resolver, subject: Symbol) -> Symbol | None:
    """The function whose parameters a claim about ``subject`` means (a class: ``__init__``;
    a name bound to a class or function, ``error = GetoptError``: what it is bound to)."""
    subject = called(resolver, subject)
    if subject.kind in {"function", "method"}:
        return subject
    if subject.kind == "class":
        inits = [h.symbol for h in resolver.lookup(f"{subject.qualname}.__init__")
                 if h.symbol is not None and h.symbol.kind == "method"]
        return implementation(resolver, inits) if inits else None  # a stub's is no other
    return None


def implementation(resolver: Resolver, functions: list[Symbol]) -> Symbol | None:
    """The one definition of ``functions`` (the definitions of one qualname) that runs:
    the only one, or the only one not decorated with ``@overload`` (the others are the
    type checker's signatures, written with ``...`` defaults), a ``.pyi`` stub's
    beside a module's never; None when that is not one."""
    functions = code_first(functions)
    if len(functions) == 1:
        return functions[0]
    overloads = {f.line for f in resolver.index.def_facts(functions[0].qualname)
                 if "overload" in {d.rsplit(".", 1)[-1] for d in f.decorators}}
    running = [f for f in functions if f.line not in overloads]
    return running[0] if len(running) == 1 else None


def has_param(resolver: Resolver, subject: Symbol, param: str, *,
              declared: bool = False) -> Decision:
    """Whether ``param`` is in the signature of ``subject`` (``declared``: said to be
    written there, "explicitly declares", "显式声明了": one ``**kwargs`` may take is not)."""
    function = signature_of(resolver, subject)
    name = param.strip().lstrip("*").rstrip("=").split("=")[0].strip()
    if function is None:
        return _generated_param(resolver, called(resolver, subject), name)
    receiver = function.kind == "method" and function.params[:1] in (("self",), ("cls",))
    shown = list(function.params[1:] if receiver else function.params)
    message = f"{short(subject.qualname)}'s parameters are {listing(shown, limit=12)}"
    if name in function.params:
        return Decision(True, message, at(function))
    if function.varkw and not declared:
        return undecided(f"{message}; it also takes **kwargs")
    if _is_type_name(name):
        return _param_of_type(resolver, function, name, message=message)
    return Decision(False, message, at(function))


def _generated_param(resolver: Resolver, subject: Symbol, name: str) -> Decision:
    """Whether the constructor a dataclass, a ``NamedTuple`` or a ``TypedDict`` class is
    given (no ``__init__`` of its own) takes ``name``: its fields are its parameters."""
    if subject.kind != "class" or resolver.index.members(subject.qualname, "__new__"):
        return undecided("no signature to read")  # a ``__new__`` takes what it says
    # the one reading of what a generated constructor takes (a count is held to it too),
    # else a TypedDict's keys
    fields = generated_init_params(resolver, subject)
    if fields is None:
        fields = named_tuple_fields(resolver, subject)
    if fields is None:
        return undecided("no signature to read")
    message = f"{short(subject.qualname)}'s fields (its parameters) are {listing(fields, limit=12)}"
    return Decision(name in fields, message, at(subject))


def generated_init_params(resolver: Resolver, subject: Symbol) -> list[str] | None:
    """The parameters of the ``__init__`` that ``@dataclass`` or ``NamedTuple`` writes for
    ``subject``, exactly (a count is held to them): its fields (:func:`dataclass_fields`)
    less those declared ``field(init=False)``. None when that is not sure: no such class,
    an ``__init__`` or ``__new__`` of its own, ``@dataclass(init=False)``, or a body or
    decorator that does not read."""
    if subject.kind != "class" or resolver.index.members(subject.qualname, "__new__") or \
            resolver.index.members(subject.qualname, "__init__"):
        return None
    if [b.rsplit(".", 1)[-1] for b in subject.bases] == ["NamedTuple"]:
        own = _declared_fields(resolver, subject)
        return None if own is None else [name for name, _ in own]
    classes = _dataclass_lineage(resolver, subject)
    if classes is None:
        return None
    decorator = decorator_calls(resolver, subject).get("dataclass")
    if decorator is None or isinstance(decorator, ast.Call) and any(
            k.arg == "init" and not (isinstance(k.value, ast.Constant) and k.value.value)
            for k in decorator.keywords):
        return None  # ``@dataclass(init=False)``: an ``__init__`` from elsewhere
    fields = _lineage_fields(resolver, classes)
    return None if fields is None else [name for name, init in fields.items() if init]


def _dataclass_lineage(resolver: Resolver, subject: Symbol) -> list[Symbol] | None:
    """``subject`` and its dataclass ancestors, ``subject`` first (None: not a dataclass
    whose every base is read)."""
    found = ancestry(resolver, subject)
    if subject.kind != "class" or not found.complete:
        return None
    classes = [cls for cls in found.tree.values()
               if any("dataclass" in {d.rsplit(".", 1)[-1] for d in f.decorators}
                      for f in resolver.index.def_facts(cls.qualname) if f.line == cls.line)]
    return classes if subject in classes else None


def _lineage_fields(resolver: Resolver, classes: list[Symbol]) -> dict[str, bool] | None:
    """The fields of dataclasses ``classes`` (the class first), a base's first, each with
    whether the generated ``__init__`` takes it (None: a body that does not read)."""
    fields: dict[str, bool] = {}
    for cls in reversed(classes):
        own = _declared_fields(resolver, cls)
        if own is None:
            return None
        fields.update(own)
    return fields


def _declared_fields(resolver: Resolver, cls: Symbol) -> list[tuple[str, bool]] | None:
    """The fields one class body declares, as ``dataclasses.fields`` reads them: its
    annotated names less ``ClassVar`` and the ``KW_ONLY`` marker, each with whether
    ``__init__`` takes it (not ``field(init=False)``); None when the body does not parse."""
    source = resolver.index.source_of(cls)
    try:
        body = ast.parse(dedented(source)).body if source else []
    except (SyntaxError, ValueError, RecursionError):
        return None
    node = body[0] if len(body) == 1 else None
    if not isinstance(node, ast.ClassDef):
        return None
    fields: list[tuple[str, bool]] = []
    for statement in node.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target,
                                                                     ast.Name):
            continue
        if re.search(r"\b(?:ClassVar|KW_ONLY)\b", ast.unparse(statement.annotation)):
            continue
        value = statement.value
        init = not (isinstance(value, ast.Call)
                    and dotted_name(value.func).rsplit(".", 1)[-1] == "field"
                    and any(k.arg == "init" and isinstance(k.value, ast.Constant)
                            and k.value.value is False for k in value.keywords))
        fields.append((statement.target.id, init))
    return fields


def _is_type_name(name: str) -> bool:
    """A CapWords name ("`RetryPolicy`"): "takes a `RetryPolicy`" may describe a
    parameter by its type rather than name it."""
    return name[:1].isupper() and not name.isupper() and name.isidentifier()


def _param_of_type(resolver: Resolver, function: Symbol, name: str, *,
                   message: str) -> Decision:
    """Whether a parameter of ``function`` is annotated with the type ``name``: true when
    one is, false only when every parameter's type is written and none is it."""
    typed = resolver.index.param_types(function)
    if typed is None:
        return undecided(f"{message}; their types are not readable")
    own = [(param, names) for param, names in typed if param not in {"self", "cls"}]
    hit = next((param for param, names in own if names and any(
        n == name or n.endswith(f".{name}") for n in names)), None)
    if hit is not None:
        return Decision(True, f"{message}; `{hit}` is a `{name}`", at(function))
    if any(names is None for _, names in own):
        return undecided(f"{message}; not every parameter's type is written")
    return Decision(False, f"{message}; none is a `{name}`", at(function))


def described_param_count(resolver: Resolver, subject: Symbol, count: int, *,
                          some: bool = False) -> Decision:
    """Whether a caller may pass ``subject`` ``count`` arguments, each described by its type
    ("takes a string and a boolean"): no fewer than the parameters it requires, no more
    than it takes (``self`` never counted; ``*args`` takes any number). ``some``: a list
    that may name only some of them (under a "Parameters" title), false only above all."""
    function = signature_of(resolver, subject)
    written = signature_defaults(resolver, function) if function is not None else None
    if function is None or written is None:
        return undecided("no signature to read")
    params = list(written)
    if function.kind == "method" and params[:1] in (["self"], ["cls"]):
        params = params[1:]
    required = [p for p in params if written[p] is None]
    variadic = bool(function.varkw) or any(
        f.varargs for f in resolver.index.def_facts(function.qualname) if f.line == function.line)
    name = short(subject.qualname)
    if count < len(required) and some:
        return undecided(f"{name} requires {counted(len(required), 'argument')}; a list may "
                         "name only some")
    if count < len(required):
        return Decision(False, f"{name} requires {counted(len(required), 'argument')} "
                        f"({listing(required)})", at(function), correction=str(len(required)))
    if count > len(params) and not variadic:
        return Decision(False, f"{name} takes {counted(len(params), 'argument')}"
                        + (f" ({listing(params)})" if params else ""), at(function),
                        correction=str(len(params)))
    return Decision(True, f"{name} takes {listing(params) or 'no argument'}"
                    + (", and more" if variadic else ""), at(function))


def param_count(resolver: Resolver, subject: Symbol, count: int, *,
                besides_self: bool | None, sort: str = "", declared: bool = False,
                listed: tuple[str, ...] = ()) -> Decision:
    """Whether ``subject`` has ``count`` parameters (``self`` counted only when said so)
    of ``sort`` (:func:`.words.param_sort`; "" for all of them); ``declared``: said of
    the signature as written ("explicitly declares two parameters"), where ``*args`` and
    ``**kwargs`` are written names, counted when the sentence ``listed`` them."""
    function = signature_of(resolver, subject)
    if function is None:
        return _generated_param_count(resolver, called(resolver, subject), count, sort=sort)
    if sort:
        return _sorted_param_count(resolver, subject, function, count, sort,
                                   besides_self=besides_self)
    facts = [f for f in resolver.index.def_facts(function.qualname) if f.line == function.line]
    params = list(function.params)
    bound = function.kind == "method" and params[:1] in (["self"], ["cls"])
    with_self, without = len(params), len(params) - (1 if bound else 0)
    variadic = function.varkw or any(f.varargs for f in facts)
    if variadic and declared:
        named = signature_defaults(resolver, function)
        if named is not None:
            declared_names = [p for p in named if not (bound and p == params[0])]
            # ``*args`` and ``**kwargs`` count only where the sentence names them
            extra = sum(1 for name in variadic_names(resolver, function)
                        if any(n.lstrip("*") == name for n in listed))
            holds = count == len(declared_names) + extra
            return Decision(holds, f"{short(subject.qualname)} declares "
                            f"{counted(len(declared_names), 'parameter')} "
                            f"({listing(declared_names)}) besides *args or **kwargs",
                            at(function), correction="" if holds else str(len(declared_names)))
    if variadic:
        # ``*args`` may count as one parameter or as many, and a keyword-only option may
        # go unsaid ("takes two arguments: `headers` and `title`" of ``(*headers,
        # title=None, caption=None)``); never one a caller must pass, nor one written
        # before ``*args``
        written = signature_defaults(resolver, function) or {}
        receiver = bound and besides_self is not False
        required = [p for p, default in written.items() if default is None
                    and not (receiver and p == params[0])]
        leading = [p for p in positional_parameters(resolver, function) or []
                   if not (receiver and p == params[0])]
        least = required if len(required) >= len(leading) else leading
        if count < len(least):
            what = "requires" if least is required else "takes, before *args or **kwargs,"
            return Decision(False, f"{short(subject.qualname)} {what} {len(least)} "
                            f"parameters ({listing(least)})", at(function),
                            correction=str(len(least)))
        return undecided("it takes *args or **kwargs")
    # unstated, a count is what a caller passes: "`delay` takes two parameters" is false
    # for ``delay(self, attempt)`` (the receiver is counted only when the text names it)
    allowed = {with_self} if besides_self is False else {without}
    shown = [p for p in params if not (bound and p == params[0])]
    suffix = " besides `self`" if bound else ""
    message = (f"{short(subject.qualname)} has {counted(without, 'parameter')}{suffix} "
               f"({listing(shown)})")
    if count in allowed:
        return Decision(True, message, at(function))
    correct = with_self if besides_self is False else without
    return Decision(False, message, at(function), correction=str(correct))


def _generated_param_count(resolver: Resolver, subject: Symbol, count: int, *,
                           sort: str) -> Decision:
    """A count of the parameters of a constructor ``@dataclass`` or ``NamedTuple`` writes
    (:func:`generated_init_params`; a count of some sort of them is not read)."""
    fields = generated_init_params(resolver, subject) if not sort else None
    if fields is None:
        return undecided("no signature to read")
    message = (f"{short(subject.qualname)}'s constructor takes its "
               f"{counted(len(fields), 'field')} ({listing(fields)})")
    return Decision(count == len(fields), message, at(subject),
                    correction="" if count == len(fields) else str(len(fields)))


def param_position(resolver: Resolver, subject: Symbol, name: str, place: int, *,
                   besides_self: bool | None) -> Decision:
    """Whether ``name`` is the parameter ``subject`` takes at ``place`` (from 1; -1: the
    last), counted as a caller passes them (``self`` only when the text counts it)."""
    function = signature_of(resolver, subject)
    written = signature_defaults(resolver, function) if function is not None else None
    if function is None or written is None:  # (keyword-only ones count in their place)
        return undecided("no signature to read")
    params = list(written)
    if function.kind == "method" and params[:1] in (["self"], ["cls"]) and \
            besides_self is not False:
        params = params[1:]
    if place == -1:
        variadic = function.varkw or any(f.varargs for f in resolver.index.def_facts(
            function.qualname) if f.line == function.line)
        if variadic or not params:
            return undecided("it takes *args or **kwargs")
        place = len(params)
    shown = f"{short(subject.qualname)} takes {listing(params) if params else 'no parameters'}"
    if place > len(params):
        return undecided(shown) if any(f.varargs for f in resolver.index.def_facts(
            function.qualname)) else Decision(False, shown, at(function))
    actual = params[place - 1]
    return Decision(actual == name, f"{shown}: `{actual}` at place {place}", at(function),
                    correction="" if actual == name else actual)


def _sorted_param_count(resolver: Resolver, subject: Symbol, function: Symbol, count: int,
                        sort: str, *, besides_self: bool | None) -> Decision:
    """"`f` has two required parameters": those without a default are counted exactly
    (``*args`` and ``**kwargs`` are never required); "two optional parameters", those with
    one (exactly where the signature has no ``*args`` or ``**kwargs``, which may be counted
    as optional too). A count of any other sort ("keyword", "positional", "custom") is a
    part of the whole: it is false only where it is more than the signature names."""
    written = signature_defaults(resolver, function)
    if written is None:
        return undecided("the signature is not readable")
    params = list(written)
    if function.kind == "method" and params[:1] in (["self"], ["cls"]) and \
            besides_self is not False:
        del written[params[0]]
    variadic = function.varkw or any(f.varargs for f in resolver.index.def_facts(
        function.qualname) if f.line == function.line)
    required = [p for p, default in written.items() if default is None]
    optional = [p for p, default in written.items() if default is not None]
    name = short(subject.qualname)
    if sort == "required":
        message = f"{name} requires {counted(len(required), 'parameter')} ({listing(required)})"
        return Decision(count == len(required), message, at(function),
                        correction=str(len(required)))
    if sort == "optional":
        message = (f"{name} has {counted(len(optional), 'parameter')} with a default "
                   f"({listing(optional)})")
        if count == len(optional):
            return Decision(True, message, at(function))
        if count > len(optional) and variadic:
            return undecided("it takes *args or **kwargs")
        return Decision(False, message, at(function), correction=str(len(optional)))
    if sort in _EXACT_SORTS:
        return _exact_sort_count(resolver, subject, function, count, sort)
    named = positional_parameters(resolver, function) if sort == "positional" else list(written)
    if named is None or variadic or count <= len(named):
        return undecided(f"a count of {sort} parameters is a part of the signature")
    named = [p for p in named if p in written]
    return Decision(False, f"{name} has only {counted(len(named), 'parameter')} "
                    f"({listing(named)})", at(function), correction=str(len(named)))


_EXACT_SORTS = {"keyword-only": keyword_only_parameters,
                "positional-only": positional_only_parameters}
"""Sorts of parameter the signature marks (after ``*``, before ``/``): counted exactly."""


def _exact_sort_count(resolver: Resolver, subject: Symbol, function: Symbol, count: int,
                      sort: str) -> Decision:
    """"`f` has two keyword-only parameters": those written after ``*`` (or before ``/``
    for positional-only ones), counted exactly; a ``**kwargs`` may be counted among the
    keyword-only ones, so one more is left open."""
    named = _EXACT_SORTS[sort](resolver, function)
    if named is None:
        return undecided("the signature is not readable")
    if sort == "keyword-only" and function.varkw and count == len(named) + 1:
        return undecided("it takes **kwargs, which may be counted as keyword-only")
    message = f"{short(subject.qualname)} has {counted(len(named), f'{sort} parameter')}" + \
        (f" ({listing(named)})" if named else "")
    return Decision(count == len(named), message, at(function),
                    correction="" if count == len(named) else str(len(named)))


def has_member(resolver: Resolver, subject: Symbol, member: str, *, methods: bool,
               own: bool = False, written: bool = False) -> Decision:
    """Whether the class (or module) ``subject`` has ``member`` (a method when ``methods``;
    defined in the class's own body when ``own``: "overrides"; ``written``: said to be
    defined or implemented, which what every class gets from ``object`` is not)."""
    name = _bare(member).rsplit(".", 1)[-1]
    if subject.kind in {"attribute", "variable", "constant"}:
        classes = instance_classes(resolver, subject)
        if classes is not None and len(classes) == 1 and not own:
            # ``rrulestr = _rrulestr()``: an instance has what its class has
            of_class = has_member(resolver, classes[0], name, methods=methods, written=written)
            return Decision(of_class.holds, f"{short(subject.qualname)} is an instance of "
                            f"{short(classes[0].qualname)}; {of_class.message}",
                            of_class.evidence)
        return _listed_member(resolver, subject, name)
    if subject.kind not in {"class", "module", "package"}:
        return undecided("not a class or module")
    if subject.kind == "class" and own:
        return _own_member(resolver, subject, name)
    if subject.kind == "class":
        return _class_member(resolver, subject, name, methods=methods, written=written)
    hits = resolver.lookup(f"{subject.qualname}.{name}")
    found = [h.symbol for h in hits if h.symbol is not None and h.symbol.kind != "parameter"]
    defined = [s.name for s in resolver.index.children(subject.qualname)
               if s.kind in {"method", "function"}]
    message = f"{short(subject.qualname)} defines the functions " \
        f"{listing(sorted(set(defined)))}"  # a module's callables are functions
    if found:
        callable_ = [s for s in found if s.kind in {"method", "function"}]
        if methods and not callable_:
            return undecided(f"`{name}` is {with_article(found[0].kind)} of "
                             f"{short(subject.qualname)}")
        return Decision(True, message, at(*(callable_ or found)))
    if any(h.external for h in hits) or _is_dynamic(resolver, subject):
        return undecided(f"{message}; it may get `{name}` from outside the tree")
    return Decision(False, message, at(subject))


_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "enum.Enum",
                         "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})


def enum_members(resolver: Resolver, subject: Symbol) -> list[str] | None:
    """The members of the enumeration ``subject`` in source order (None: no enumeration).

    The one reading of "an enum's members": count claims are checked against it and the
    article's facts block lists it, so the two never disagree.
    """
    if subject.kind != "class":
        return None
    found = ancestry(resolver, subject)
    if not (_ENUM_BASES & (found.external | {b.rsplit(".", 1)[-1] for b in subject.bases})
            or _enum_decorated(resolver, subject)):
        return None
    return [s.name for s in resolver.index.children(subject.qualname)
            if s.kind in {"attribute", "constant", "variable"} and not s.name.startswith("_")]


def _enum_decorated(resolver: Resolver, subject: Symbol) -> bool:
    """``@_simple_enum(Enum)`` over a plain ``class``: a decorator given an enumeration
    base makes the class an enumeration of it (the standard library's own enums)."""
    return any(isinstance(d, ast.Call) and any(
        dotted_name(a) in _ENUM_BASES for a in d.args)
        for d in decorator_calls(resolver, subject).values())


def dataclass_fields(resolver: Resolver, subject: Symbol) -> list[str] | None:
    """The fields of the dataclass ``subject``: the names annotated in its body and in the
    bodies of its dataclass ancestors, ``ClassVar`` aside (read from the index, every name
    bound there, where a body does not parse); None: not a dataclass whose every base is
    read."""
    classes = _dataclass_lineage(resolver, subject)
    if classes is None:
        return None
    fields = _lineage_fields(resolver, classes)
    return list(fields) if fields is not None else _body_fields(resolver, classes)


def _body_fields(resolver: Resolver, classes: list[Symbol]) -> list[str]:
    """The names bound in the bodies of ``classes`` (a class and its ancestors, the class
    first), a base's first and each once: a dataclass's fields, a TypedDict's keys."""
    fields: dict[str, None] = {}
    for cls in reversed(classes):
        fields.update((s.name, None) for s in resolver.index.children(cls.qualname)
                      if s.kind in {"attribute", "constant", "variable"}
                      and not s.name.startswith("__"))
    return list(fields)


def named_tuple_fields(resolver: Resolver, subject: Symbol) -> list[str] | None:
    """The fields of ``class subject(NamedTuple)`` (the names bound in its body) or the keys
    of ``class subject(TypedDict)`` (the names annotated in its body and in its TypedDict
    ancestors' bodies, a base's first). None for any other class, or one whose bases are
    not all read; the fields a ``namedtuple("P", ...)`` call writes out."""
    if subject.kind in {"attribute", "variable", "constant"}:
        return functional_fields(resolver, subject)
    if subject.kind != "class":
        return None
    bases = [b.rsplit(".", 1)[-1] for b in subject.bases]
    if bases == ["NamedTuple"]:
        return [s.name for s in resolver.index.children(subject.qualname)
                if s.kind in {"attribute", "constant", "variable"} and not s.name.startswith("_")]
    found = ancestry(resolver, subject)
    if not found.complete or not any("TypedDict" in {b.rsplit(".", 1)[-1] for b in c.bases}
                                     for c in found.tree.values()):
        return None  # (its external ancestry is TypedDict's runtime one: ``dict``)
    return _body_fields(resolver, list(found.tree.values()))


_FACTORIES = frozenset({"namedtuple", "NamedTuple"})


def functional_fields(resolver: Resolver, symbol: Symbol) -> list[str] | None:
    """The fields of a named tuple made by a call (``namedtuple("P", ["x", "y"])``,
    ``namedtuple("P", "x y")``, ``NamedTuple("P", [("x", int)])``); None for any other
    value, or fields the call does not write out."""
    value = bound_value(resolver, symbol)
    if not isinstance(value, ast.Call) or len(value.args) < 2 or \
            ast.unparse(value.func).rsplit(".", 1)[-1] not in _FACTORIES:
        return None
    spec = value.args[1]
    if isinstance(spec, ast.Constant) and isinstance(spec.value, str):
        return spec.value.replace(",", " ").split()
    if not isinstance(spec, ast.List | ast.Tuple):
        return None
    fields: list[str] = []
    for item in spec.elts:
        if isinstance(item, ast.Tuple) and item.elts:
            item = item.elts[0]  # ``("x", int)``
        if not isinstance(item, ast.Constant) or not isinstance(item.value, str):
            return None
        fields.append(item.value)
    return fields


def literal_entries(resolver: Resolver, subject: Symbol) -> tuple[str, list[str]] | None:
    """What a module-level or class-level value written as a literal holds, with the word
    for them: the options of a ``Literal`` alias (``Union[Literal["a"], Literal["b"]]``,
    ``Literal["a", "b"]``, ``Literal["a"] | Literal["b"]``), the keys of a dict display
    or of ``dict(key=value, ...)``,
    the items of a list, tuple or set display (``__all__``). None: any other value, or
    one built by unpacking or a comprehension, whose size the text does not show."""
    if subject.kind not in {"attribute", "constant", "variable"} or \
            not resolver.index.is_python_source(subject.path):
        return None
    return value_entries(bound_value(resolver, subject)) or _folded_entries(resolver, subject)


def literal_member(resolver: Resolver, subject: Symbol, written: str) -> Decision:
    """Whether the value ``subject`` is bound to (a literal or one built from literals)
    holds the literal ``written`` as an entry ("`MODES` contains `"turbo"`")."""
    entries = literal_entries(resolver, subject)
    if entries is None:
        return undecided(f"{short(subject.qualname)} is no value written out")
    what, found = entries
    values: list[object] = []
    for entry in found:
        try:
            values.append(ast.literal_eval(entry))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return undecided(f"{short(subject.qualname)} holds values not written out")
    wanted = ast.literal_eval(written)
    holds = any(type(v) is type(wanted) and v == wanted for v in values)
    return Decision(holds, f"{short(subject.qualname)} has {len(found)} {what} "
                    f"({listing(found)})", at(subject))


def _folded_entries(resolver: Resolver, subject: Symbol) -> tuple[str, list[str]] | None:
    """The entries of a value built from literals (``tuple(x[1:] for x in __slots__)``,
    ``set(list("ab") + ["t" + c for c in "xy"])``: :mod:`.folding`), None for another."""
    try:
        value = folded_value(resolver, subject)
    except NotFoldable:
        return None
    if isinstance(value, dict):
        return "entries", [repr(k) for k in value]
    if isinstance(value, list | tuple):
        return "items", [repr(v) for v in value]
    if isinstance(value, set | frozenset):
        return "items", sorted(repr(v) for v in value)
    return None

def value_entries(value: ast.expr | None) -> tuple[str, list[str]] | None:
    """What a value written as a literal holds, with the word for them (see
    :func:`literal_entries`); None for any other value."""
    if isinstance(value, ast.Dict):
        if any(k is None for k in value.keys):
            return None  # ``{**base, ...}``
        return "entries", [ast.unparse(k) for k in value.keys if k is not None]
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        if any(isinstance(e, ast.Starred) for e in value.elts):
            return None
        return "items", [ast.unparse(e) for e in value.elts]
    if isinstance(value, ast.Call) and ast.unparse(value.func) == "dict" and not value.args \
            and all(k.arg is not None for k in value.keywords):
        return "entries", [repr(k.arg) for k in value.keywords]  # ``dict(interval=10)``
    options = _literal_options(value, depth=0) if value is not None else None
    return ("options", options) if options else None


def _literal_options(node: ast.expr, *, depth: int) -> list[str] | None:
    """The values a ``Literal`` type (or a union of them) allows (None: another type)."""
    if depth > 8:
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left = _literal_options(node.left, depth=depth + 1)
        right = _literal_options(node.right, depth=depth + 1)
        return None if left is None or right is None else left + right
    if not isinstance(node, ast.Subscript):
        return None
    outer = ast.unparse(node.value).rsplit(".", 1)[-1]
    inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if outer == "Literal":
        if not all(isinstance(e, ast.Constant) for e in inner):
            return None
        return [ast.unparse(e) for e in inner]
    if outer == "Union":
        found = [_literal_options(e, depth=depth + 1) for e in inner]
        return None if any(f is None for f in found) else [o for f in found for o in f or []]
    return None


def member_count(resolver: Resolver, subject: Symbol, count: int, *, narrowed: bool = False,
                 excluded: tuple[str, ...] = (), literal_only: bool = False) -> Decision:
    """Whether the enumeration ``subject`` has ``count`` members, or the dataclass
    ``subject`` ``count`` fields (other classes: undecided, since their attributes are not
    a fixed set). ``narrowed``: words before the noun may pick a part ("two special
    values"), so a smaller count is left open; ``excluded``: names the sentence leaves
    out of the count ("besides `RED`"); ``literal_only``: a noun no lexicon lists ("three
    stages") counts a literal's entries only."""
    members = enum_members(resolver, subject)
    entries = literal_entries(resolver, subject) if members is None else None
    if literal_only and entries is None:
        return undecided("a count of what its noun names, not of members or fields")
    found: list[str]
    if entries is not None:
        what, found = entries
        message = f"{short(subject.qualname)} has {len(found)} {what} ({listing(found)})"
    elif members is None:
        fields = dataclass_fields(resolver, subject)
        record = fields if fields is not None else named_tuple_fields(resolver, subject)
        if record is None:
            return undecided("neither an enumeration nor a record class (a dataclass, a named "
                             "tuple, a TypedDict)")
        found = record
        message = f"{short(subject.qualname)} has {counted(len(found), 'field')} " \
                  f"({listing(found)})"
    else:
        found = members
        message = f"{short(subject.qualname)} has {counted(len(found), 'member')} " \
                  f"({listing(found)})"
    left_out = {n.strip("'\"").rsplit(".", 1)[-1] for n in excluded}
    total = len([v for v in found if v.strip("'\"") not in left_out])
    if narrowed and count < total:
        return undecided(message)
    return Decision(count == total, message, at(subject),
                    correction="" if count == total or left_out else str(total))


def local_member_count(resolver: Resolver, function: Symbol, name: str, count: int
                       ) -> Decision:
    """Whether the local ``name`` that ``function`` binds once, to a literal, holds
    ``count`` entries ("`cmd_bump` 里的 `maptable` 字典一共有五个键")."""
    node = function_node(resolver, function)
    values = [n.value for n in ast.walk(node) if isinstance(n, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)] \
        if node is not None else []
    value = values[0] if len(values) == 1 else None
    # ``{"a": 1, ...}.get(key)`` / ``{...}[key]``: a lookup in the mapping the text counts
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr == "get":
        value = value.func.value
    if isinstance(value, ast.Subscript):
        value = value.value
    entries = value_entries(value)
    if entries is None:
        return undecided(f"`{name}` of {short(function.qualname)} is no literal bound once")
    what, found = entries
    message = f"`{name}` of {short(function.qualname)} has {len(found)} {what} " \
              f"({listing(found)})"
    return Decision(count == len(found), message, at(function),
                    correction="" if count == len(found) else str(len(found)))


def definition_count(resolver: Resolver, subject: Symbol, count: int, said: str, *,
                     private: bool = False, besides: tuple[str, ...] = ()) -> Decision:
    """Whether the module ``subject`` defines ``count`` classes, functions or exceptions
    (``said``: the kind, then any words before the noun: "class serializer"). Its own
    top-level definitions are counted, with and without private ones, and those whose
    name holds an English modifier ("five serializer classes"); a modifier in other
    words leaves open any count below the whole. A count said to include ``private`` names
    is the whole count; one said ``besides`` some of them ("one class besides `E`") counts
    the others."""
    kind, _, modifier = said.partition(" ")
    if subject.kind in {"function", "method"} and kind in {"function", "class"}:
        return _nested_definition_count(resolver, subject, count, kind)
    if subject.kind not in {"module", "package"}:
        entries = literal_entries(resolver, subject)
        if entries is None:
            return undecided("not a module")
        # "`__all__` 列了 6 个 functions": the names a value written out lists
        what, listed = entries
        return Decision(count == len(listed), f"{short(subject.qualname)} has {len(listed)} "
                        f"{what} ({listing(listed)})", at(subject),
                        correction="" if count == len(listed) else str(len(listed)))
    modifier = _TOP_LEVEL.sub("", modifier).strip()  # what is counted anyway
    if kind == "module":
        return _module_count(resolver, subject, count)
    found = [s for s in resolver.index.children(subject.qualname)
             if s.kind == ("function" if kind == "function" else "class")]
    if kind == "exception":
        found = [s for s in found if {"BaseException", "builtins.BaseException"}
                 & ancestry(resolver, s).external]
    elif kind == "enum":
        found = [s for s in found if enum_members(resolver, s) is not None]
    names = [s.name for s in found]
    count += len(set(besides) & set(names))  # "one class besides `E`": two in all
    counts = {len(names)} if private else \
        {len(names), len([n for n in names if not n.startswith("_")])}
    words = [w.rstrip("s").lower() for w in modifier.split() if w.isascii()]
    if words:
        counts.add(len([n for n in names if any(w in n.lower() for w in words)]))
    else:
        picked = _named_by_modifier(modifier, names)
        if picked is not None:  # "五个序列化器类" of six classes named `...Serializer`
            words = [modifier]
            counts.add(picked)
    plural = {"class": "classes"}.get(kind, f"{kind}s")
    message = f"{short(subject.qualname)} defines {len(names)} " \
              f"{kind if len(names) == 1 else plural} ({listing(names)})"
    if count in counts:
        return Decision(True, message, at(subject))
    if modifier and not words and count < len(names):
        return undecided(message)  # "五个序列化器类": which of them the words pick is unsaid
    return Decision(False, message, at(subject), correction=str(len(names)))


def _named_by_modifier(modifier: str, names: list[str]) -> int | None:
    """How many of ``names`` a modifier in other words than English names part of
    ("序列化器" of `FileSystemSerializer`: its content words, translated, in the name's);
    None where it names part of none of them, so may say what no name shows ("可定制的")."""
    wanted = content_words(modifier)
    if not wanted:
        return None
    picked = sum(1 for n in names if covered(wanted, content_words(n)) == wanted)
    return picked or None


def _module_count(resolver: Resolver, package: Symbol, count: int) -> Decision:
    """Whether the package ``package`` is made of ``count`` modules: its modules and
    subpackages, with or without its own ``__init__`` (a reader counts either), with or
    without private ones."""
    if package.kind != "package":
        return undecided(f"{short(package.qualname)} is a module, not a package")
    names = [s.name for s in resolver.index.children(package.qualname)
             if s.kind in {"module", "package"} and not is_sample_path(s.path)]
    public = [n for n in names if not n.startswith("_")]
    counts = {len(names), len(names) + 1, len(public), len(public) + 1}
    message = f"{short(package.qualname)} holds {len(names)} " \
              f"module{'' if len(names) == 1 else 's'} ({listing(names)}) besides its " \
              "`__init__`"
    return Decision(count in counts, message, at(package),
                    correction="" if count in counts else str(len(names)))


def _nested_definition_count(resolver: Resolver, function: Symbol, count: int, kind: str
                              ) -> Decision:
    """Whether the body of ``function`` defines ``count`` functions (or classes) of its
    own ("`__repr__` defines two nested helper functions"): those in its body, not in
    the bodies of the ones it defines."""
    node = function_node(resolver, function)
    if node is None:
        return undecided("not a function whose body can be read")
    wanted = (ast.FunctionDef, ast.AsyncFunctionDef) if kind == "function" else (ast.ClassDef,)
    names: list[str] = []
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop(0)
        if isinstance(child, wanted):
            names.append(child.name)
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
                          | ast.Lambda):
            stack.extend(ast.iter_child_nodes(child))
    plural = {"class": "classes"}.get(kind, f"{kind}s")
    message = f"{short(function.qualname)} defines {len(names)} " \
              f"{kind if len(names) == 1 else plural} in its body ({listing(names)})"
    return Decision(count == len(names), message, at(function),
                    correction="" if count == len(names) else str(len(names)))


_TOP_LEVEL = re.compile(r"(?i)\b(?:module|top)[- ]level\b|模块级别?的?|顶层的?|顶级的?|模块层面的?")
"""Words for a module's own definitions, which are what a definition count counts."""
_PROPERTY_DECORATORS = frozenset({"property", "cached_property", "setter", "getter",
                                  "deleter", "abstractproperty"})


def method_count(resolver: Resolver, subject: Symbol, count: int, *, public: bool,
                 listed: tuple[str, ...] = (), dunders_only: bool = False,
                 narrowed: bool = False, excluded: tuple[str, ...] = ()) -> Decision:
    """Whether the class ``subject`` has ``count`` methods (``public``: without a leading
    underscore). A writer may count the class's own methods, or leave out dunders,
    properties or private ones, or count what it inherits from the tree: the claim holds
    when one of those counts is ``count``, and is false when ``count`` is below the
    fewest of them or above the most (counted by name, so overloads count once). Names
    ``listed`` with the count show what the writer counts: a dunder among them, dunders;
    a private name, private ones. ``dunders_only``: "four dunder methods" counts those
    alone; ``narrowed``: other words narrow the count to a part no reading knows ("two
    abstract methods"), which a smaller count may be; ``excluded``: names the sentence
    leaves out ("besides `__init__`")."""
    if subject.kind != "class":
        return undecided("not a class")
    found = ancestry(resolver, subject)
    left_out = {n.rsplit(".", 1)[-1].removesuffix("()") for n in excluded}
    own = {n: p for n, p in _methods(resolver, subject.qualname).items()
           if n not in left_out and (not dunders_only or is_dunder(n))}
    inherited = dict(own)
    for qualname in found.tree:
        for name, is_property in _methods(resolver, qualname).items():
            if name not in left_out and (not dunders_only or is_dunder(name)):
                inherited.setdefault(name, is_property)
    names = [n.rsplit(".", 1)[-1].removesuffix("()") for n in listed]
    with_dunders = any(n.startswith("__") and n.endswith("__") for n in names)
    with_private = any(n.startswith("_") and not n.endswith("__") for n in names)
    publics = (True,) if public and not with_private else (False,) if with_private \
        else (False, True)
    # the constructor is often left out of "its methods" ("defines two methods,
    # `__aenter__` and `__aexit__`" of a class that also defines `__init__`)
    counted = [own, inherited]
    if not _CONSTRUCTORS & set(names):  # a constructor listed with the count is counted
        counted += [{n: p for n, p in m.items() if n not in _CONSTRUCTORS}
                    for m in (own, inherited)]
    readings = [_counted_methods(methods, public=only_public, properties=properties,
                                 dunders=dunders)
                for methods in counted for properties in (True, False)
                for dunders in ((True,) if with_dunders or dunders_only else (True, False))
                for only_public in publics]
    shown = sorted(n for n in own if not public or not n.startswith("_") or n.endswith("__"))
    what = " ".join(["public"] * public + ["dunder"] * dunders_only
                    + ["method" if len(shown) == 1 else "methods"])
    message = f"{short(subject.qualname)} defines {len(shown)} {what} ({listing(shown)})"
    if count in readings:
        return Decision(True, message, at(subject))
    outside = found.external - {"object", "builtins.object", "Generic", "typing.Generic"}
    if narrowed and count < max(readings):
        return undecided(message)
    fewest = min((r for r in readings if r), default=0)  # "has 4 methods" never means 0
    if count < fewest or (found.complete and not outside and count > max(readings)):
        return Decision(False, message, at(subject))
    return undecided(message)


_CONSTRUCTORS = frozenset({"__init__", "__new__", "__post_init__"})
_CONSTRUCTOR_METHODS = frozenset({*_CONSTRUCTORS, "__attrs_post_init__"})
"""The methods a constructor runs: its own, and the hook ``attrs`` calls after the one it
writes."""


def _methods(resolver: Resolver, qualname: str) -> dict[str, bool]:
    """The methods a class body defines, by name, each with whether it is a property."""
    found: dict[str, bool] = {}
    for symbol in resolver.index.children(qualname):
        if symbol.kind != "method":
            continue
        decorators = {d.rsplit(".", 1)[-1] for facts in resolver.index.def_facts(symbol.qualname)
                      for d in facts.decorators}
        found[symbol.name] = found.get(symbol.name, False) or bool(
            decorators & _PROPERTY_DECORATORS)
    return found


def _counted_methods(methods: dict[str, bool], *, public: bool, properties: bool,
                     dunders: bool) -> int:
    return sum(1 for name, is_property in methods.items()
               if (properties or not is_property) and (dunders or not is_dunder(name))
               and (not public or not name.startswith("_") or is_dunder(name)))



def instance_classes(resolver: Resolver, symbol: Symbol) -> list[Symbol] | None:
    """The classes of the tree ``symbol`` is bound to an instance of (``x = Cls(...)``):
    every definition of the called name, each a class whose ancestry is read whole and
    none a metaclass (whose instances are classes); None when it is no such instance."""
    value = bound_value(resolver, symbol)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name | ast.Attribute):
        return None
    found = resolver.index.by_name(ast.unparse(value.func).rsplit(".", 1)[-1])
    if not found or any(s.kind != "class" for s in found):
        return None
    for cls in found:
        tree = ancestry(resolver, cls)
        if not tree.complete or {"type", "builtins.type"} & tree.external:
            return None
    return list(found)


def has_item(resolver: Resolver, subject: Symbol, item: str) -> Decision:
    """Whether ``item`` is something ``subject`` has: a parameter of a function, a member
    or constructor parameter of a class, a member of a module (what a list item under its
    owner describes)."""
    written = _written_signature(item)
    item = _bare(item)
    if subject.kind in {"function", "method"}:
        return has_param(resolver, subject, item)
    member = has_member(resolver, subject, item, methods=False)
    if member.holds and written:
        wrong = _signature_differs(resolver, subject, item, written)
        if wrong is not None:
            return wrong
    if subject.kind != "class" or member.holds is not False or \
            signature_of(resolver, subject) is None:
        return member  # no constructor of its own: its parameters are its bases' members
    param = has_param(resolver, subject, item)
    if param.holds is False:
        return Decision(False, f"{member.message}; {param.message}", member.evidence)
    return param if param.holds else undecided(param.message)


def titled_item(resolver: Resolver, subject: Symbol, snake: str) -> Decision:
    """Whether ``subject`` has the member a title names in words ("**Set As Environment
    Variables Method**", ``snake`` = ``set_as_environment_variables``): that name, or a
    member of the class or its tree bases spelled so but for case and underscores
    (``setAsEnvironmentVariables``)."""
    found = has_item(resolver, subject, snake)
    if found.holds is not False or subject.kind != "class":
        return found
    wanted = snake.replace("_", "")
    for cls in (subject, *ancestry(resolver, subject).tree.values()):
        for child in resolver.index.children(cls.qualname):
            if child.name.replace("_", "").lower() == wanted:
                return Decision(True, f"{short(cls.qualname)} has `{child.name}`", at(child))
    return found


_OBJECT = frozenset({"object", "builtins.object"})
_ORDERING = frozenset({"__lt__", "__le__", "__gt__", "__ge__"})
"""``object``'s orderings only return ``NotImplemented``: a class implements one or has none."""


_SIGNATURE_PART = re.compile(r"(?P<name>[A-Za-z_]\w*)\s*(?::\s*[^=]+?)?\s*(?:=\s*\S.*)?")


def _written_signature(item: str) -> tuple[str, ...]:
    """The parameter names of a member written as its signature, ``self`` or ``cls`` first
    (``remove_overlap(self, x)`` gives ``("x",)``); () for a call or a bare name, whose
    arguments may be any expressions."""
    call = re.fullmatch(r"[A-Za-z_]\w*\((?P<args>[^()\[\]{}]*)\)", item.strip())
    if call is None:
        return ()
    parts = [p.strip() for p in call["args"].split(",") if p.strip()]
    found = [_SIGNATURE_PART.fullmatch(p) for p in parts]
    if not parts or any(m is None for m in found) or \
            found[0]["name"] not in {"self", "cls"}:  # type: ignore[index]
        return ()
    return tuple(m["name"] for m in found[1:] if m is not None)


def _signature_differs(resolver: Resolver, cls: Symbol, name: str,
                       written: tuple[str, ...]) -> Decision | None:
    """False when the method ``name`` of ``cls`` (its own, else the nearest base's in the
    tree) has no parameter of a name its written signature gives; None when it has them
    all or its signature cannot say (``**kwargs``)."""
    for owner in ancestry(resolver, cls).tree:
        methods = [s for s in resolver.index.members(owner, name) if s.kind == "method"]
        if not methods:
            continue
        method = implementation(resolver, methods)
        if method is None:
            return None
        for param in written:
            found = has_param(resolver, method, param)
            if found.holds is False:
                return Decision(False, found.message, found.evidence)
        return None
    return None


def _bare(name: str) -> str:
    """A member written as a call, with or without its arguments (``delay(attempt)``), is
    the member's name."""
    return re.sub(r"\(.*\)$", "", name.strip())


def _class_member(resolver: Resolver, cls: Symbol, name: str, *, methods: bool,
                  written: bool = False) -> Decision:
    found = ancestry(resolver, cls)
    children = resolver.index.children(cls.qualname)
    own = sorted({s.name for s in children if s.kind == "method"})
    fields = sorted({s.name for s in children if s.kind in {"attribute", "constant"}})
    message = f"{short(cls.qualname)} defines the methods {listing(own)}" if own else \
        f"{short(cls.qualname)} has the fields {listing(fields)}" if fields else \
        f"{short(cls.qualname)} defines no member of its own"
    members = [s for q in found.tree for s in resolver.index.members(q, name)
               if s.kind != "parameter"]
    if members:
        callable_ = [s for s in members if s.kind in {"method", "function"}]
        if methods and not callable_:
            record = dataclass_fields(resolver, cls) or named_tuple_fields(resolver, cls)
            if record and name in record:  # a field holds a value, even a callable one
                return Decision(False, f"`{name}` is a field of {short(cls.qualname)}, not a "
                                "method", at(*members))
            return undecided(f"`{name}` is {with_article(members[0].kind)} of "
                             f"{short(cls.qualname)}")
        return Decision(True, message, at(*(callable_ or members)))
    if outside_has(found.external - _OBJECT, name, beyond_object=True):
        # "implements `__reduce__`" of a class that inherits it from ``tzinfo``: not written
        return Decision(not written, f"{short(cls.qualname)} inherits `{name}` from outside "
                        "the tree", at(cls))
    # every class has `__init__` from `object`: "it has no `__init__`" says it defines
    # none, "it has one" says little (``hasattr`` would find ``type.__call__`` too: an
    # instance of a class is not callable by that)
    if name in dir(object) and name not in _ORDERING:
        if written and found.complete and not _is_dynamic(resolver, cls) and not any(
                f.decorators for q in found.tree for f in resolver.index.def_facts(q)):
            # (a class decorator, ``@dataclass``, may write ``__eq__`` for it)
            return Decision(False, f"{message}; `{name}` is only `object`'s default", at(cls))
        return undecided(f"{message}; `{name}` comes from `object`")
    # a special method is looked up on the type: ``__getattr__`` never supplies one; nor
    # does it make a method of a builtin's name (``len``: the class has ``__len__``)
    if not found.complete or not is_dunder(name) and not protocol_method(name) \
            and _is_dynamic(resolver, cls):
        return undecided(f"{message}; it may get `{name}` from a base outside the tree")
    special = protocol_method(name)
    if special:
        message += f"; `{name}()` is a builtin, which calls `{special}`"
    return Decision(False, message, at(cls))


def _listed_member(resolver: Resolver, subject: Symbol, name: str) -> Decision:
    """Whether a value written as a list, tuple, set or dict display (``__all__``, a
    tuple of property names) holds ``name``, as a string or a name."""
    entries = literal_entries(resolver, subject)
    if entries is None:
        return undecided(f"{short(subject.qualname)} is not a value written out")
    what, values = entries
    held = {v.strip("'\"") for v in values}
    message = f"{short(subject.qualname)} has {len(values)} {what} ({listing(values)})"
    return Decision(name in held, message, at(subject))


def _own_member(resolver: Resolver, cls: Symbol, name: str) -> Decision:
    """Whether the class's own body defines ``name`` ("`A` overrides `m`"): false when
    only a base defines it, or nothing does."""
    own = [s for s in resolver.index.members(cls.qualname, name) if s.kind != "parameter"]
    if own:
        return Decision(True, f"{short(cls.qualname)} defines `{name}` itself", at(*own))
    inherited = _class_member(resolver, cls, name, methods=False)
    if inherited.holds:
        return Decision(False, f"{short(cls.qualname)} inherits `{name}` without defining "
                        "it itself", inherited.evidence or at(cls))
    if inherited.holds is None:
        # whoever else gives it (``object``, an outside base), the class's own body does
        # not, unless a decorator or a metaclass writes into it (``@dataclass``'s __init__)
        if _body_is_written_for(resolver, cls):
            return inherited
        return Decision(False, f"{short(cls.qualname)} does not define `{name}` in its own "
                        "body", at(cls))
    return Decision(False, inherited.message, inherited.evidence)


def _body_is_written_for(resolver: Resolver, cls: Symbol) -> bool:
    """Whether something other than the class statement may add to the class's own
    namespace: a decorator, a metaclass, a body that writes through ``locals()``, a
    ``setattr`` after it, or a class whose statement cannot be read."""
    if any(f.decorators for f in resolver.index.def_facts(cls.qualname)):
        return True
    source = resolver.index.source_of(cls) \
        if resolver.index.is_python_source(cls.path) else None
    if source is None or "metaclass" in source.split(":", 1)[0] or \
            re.search(r"\b(?:locals|vars)\(\)|\bexec\(", source):
        return True
    # ``setattr(Markup, name, ...)`` or ``Markup.name = ...`` after the class statement
    text = resolver.index.file_text(cls.path) or ""
    name = re.escape(cls.name)
    return bool(re.search(rf"\bsetattr\(\s*{name}\b|^\s*{name}\.\w+\s*=", text, re.MULTILINE))


def _is_dynamic(resolver: Resolver, cls: Symbol) -> bool:
    if cls.kind != "class":
        return bool(resolver.index.members(cls.qualname, "__getattr__"))
    found = ancestry(resolver, cls)
    if not found.complete:
        return True
    return any(resolver.index.members(q, name) for q in found.tree for name in _DYNAMIC)


def calls(resolver: Resolver, subject: Symbol, callee: Named, *, direct: bool = False,
          constructor: bool = False) -> Decision:
    """Whether ``subject``'s body calls ``callee`` (confirmed directly, refuted by reach);
    a class calls what one of its methods calls, or, said of its ``constructor``, what
    the constructor it has in the tree calls. A call said to be ``direct`` is the own
    body's: one made through a helper does not make it true."""
    if subject.kind == "class" and constructor:
        return _constructor_calls(resolver, subject, callee)
    if subject.kind == "class":
        # a builtin base (``ValueError``, ``dict``) runs no code of the tree but the
        # class's own methods: it cannot call another class's ``Reader.read``
        own = {s.qualname for s in callee.symbols
               if s.parent in ancestry(resolver, subject).tree}
        return _through_methods(resolver, subject, lambda m: calls(resolver, m, callee),
                                f"calls `{callee.name.rsplit('.', 1)[-1]}()`",
                                inert=_builtin_class if callee.symbols and not own else None)
    body = resolver.index.body_facts(subject)
    if body is None:
        return undecided("not a function whose body can be read")
    name = callee.name.rsplit(".", 1)[-1]
    message = f"{short(subject.qualname)} calls " \
              f"{listing([f'{c}()' for c in (*body.calls, *body.implied)])}"
    other = name in body.calls and not _may_mean(resolver, subject, body, callee)
    if name in body.implied or name in body.calls and not other:
        return Decision(True, message, at(subject))  # ``del self[k]`` calls __delitem__
    reach = reachable(resolver, body, subject)
    via = next((s.name for s, facts in reach if name in facts.calls
                and _may_mean(resolver, s, facts, callee)), None)
    if via is not None and direct and callee.symbols:
        return Decision(False, f"{message}; `{name}()` is called through `{via}()`, not "
                        "directly", at(subject))
    if via is not None:
        return Decision(True, f"{message}; `{name}()` is called through `{via}()`", at(subject))
    # the name the body calls on something else (``self._books.get``) is no mention of it
    if _held(resolver, [(subject, body), *reach], name):
        return undecided(f"{message}; `{name}` may be called through an attribute that "
                         "holds a callable")
    if _mentioned(body, reach, name) and not (
            other and not any(name in facts.names for _, facts in reach)):
        return undecided(f"{message}; `{name}` is named in the code it reaches")
    outside = callee.external or (callee.name.isidentifier() and not callee.symbols
                                  and not resolver.index.by_name(callee.name))
    if not callee.symbols and not (outside and len(reach) < MAX_REACHED):
        return undecided(f"{message}; `{name}` is not a function of the tree")
    # an outside function (``warnings.warn``), or a bare name the tree has nothing of
    # (``strftime``), that nothing the body reaches even names
    return Decision(False, message + (f"; nothing it reaches names `{name}`"
                                      if outside else ""), at(subject))




def recurses(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether the function ``subject`` calls itself: a bare call of its name (a
    function's), ``self.name()`` (a method's) or one through its own module or class; a
    call of its name on another module (``dpath.search`` from ``dpath.util.search``) is
    another function's."""
    body = resolver.index.body_facts(subject)
    if body is None:
        return undecided("not a function whose body can be read")
    name, owner = subject.name, subject.parent.rsplit(".", 1)[-1]
    tags = set(dict(body.receivers).get(name, ()))
    own = {"" if subject.kind == "function" else "self", f"name:{owner}"}
    message = f"{short(subject.qualname)} calls " \
              f"{listing([f'{c}()' for c in (*body.calls, *body.implied)])}"
    if name in body.calls and (tags & own or not tags):
        return Decision(True, f"{short(subject.qualname)} calls itself", at(subject))
    nested = [c for c in resolver.index.children(subject.qualname)
              if c.kind in {"function", "method"}]
    if nested and name not in body.calls:  # a helper inside it may call it back
        return undecided(f"{message}; a function nested in it may call `{name}()`")
    if name not in body.calls or all(t.startswith("name:") for t in tags):
        return Decision(False, f"{message}; it does not call itself", at(subject))
    return undecided(f"{message}; `{name}()` may be its own")


def _constructor_calls(resolver: Resolver, cls: Symbol, callee: Named) -> Decision:
    """Whether the constructor of ``cls`` (its own or its nearest base's in the tree, with
    the hooks ``dataclass`` and ``attrs`` call from the one they write) calls ``callee``;
    open where the tree has none of them (one written by a decorator or outside)."""
    found = ancestry(resolver, cls)
    methods = []
    for qualname in found.tree:  # the class first, then its bases
        own = [m for m in resolver.index.children(qualname)
               if m.kind == "method" and m.name in _CONSTRUCTOR_METHODS]
        if own:
            methods = own
            break
    name = callee.name.rsplit(".", 1)[-1]
    if not methods:
        return _generated_constructor_calls(resolver, cls, found, name)
    decisions = [(m, calls(resolver, m, callee)) for m in methods]
    for method, decision in decisions:
        if decision.holds:
            return Decision(True, f"{short(method.qualname)} calls `{name}()`",
                            decision.evidence)
    written = all(m.name.endswith("post_init__") for m in methods)
    if any(d.holds is None for _, d in decisions) or written and \
            any(name in _field_names(resolver, c) for c in found.tree.values()):
        # a field's converter or factory named in the class is called by the ``__init__``
        # a decorator writes, before the hook
        return undecided(f"the constructor of {short(cls.qualname)} may call `{name}()`")
    return Decision(False, f"the constructor of {short(cls.qualname)} "
                    f"({listing([m.name for m in methods])}) does not call "
                    f"`{name}()`", at(methods[0]))


_WRITES_INIT = frozenset({"dataclass", "s", "attrs", "define", "frozen", "mutable"})
"""Class decorators that write the ``__init__`` (``@dataclass``, ``@attr.s``,
``@attrs.define``, ...): it calls what the fields name (converters, factories,
validators), nothing else."""


def _generated_constructor_calls(resolver: Resolver, cls: Symbol, found: Ancestry,
                                 name: str) -> Decision:
    """A call said of the constructor of ``cls``, which has none in the tree: false where
    every class of its lineage has its ``__init__`` written by a decorator, the others
    are builtins, and no field names ``name``; open otherwise."""
    outside = found.external - {"object", "builtins.object"}
    written = all(_WRITES_INIT & {d.rsplit(".", 1)[-1] for f in
                                  resolver.index.def_facts(qualname) for d in f.decorators}
                  for qualname in found.tree)
    if not written or not found.complete or not all(_builtin_class(b) for b in outside) or \
            any(name in _field_names(resolver, c) for c in found.tree.values()):
        return undecided(f"the constructor of {short(cls.qualname)} is not in the tree")
    return Decision(False, f"the constructor a decorator writes for {short(cls.qualname)} "
                    f"calls only what its fields name, not `{name}()`", at(cls))


def _field_names(resolver: Resolver, cls: Symbol) -> set[str]:
    """The names the statements of ``cls``'s body other than its methods and nested
    classes write (its fields' defaults, converters and factories)."""
    node = definition_node(resolver, cls)
    if not isinstance(node, ast.ClassDef):
        return set()
    return {n.attr if isinstance(n, ast.Attribute) else n.id
            for statement in node.body
            if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            for n in ast.walk(statement) if isinstance(n, ast.Name | ast.Attribute)}


def uses(resolver: Resolver, subject: Symbol, used: Named) -> Decision:
    """Whether ``subject``'s code, or code it reaches, names ``used`` (a property, a
    constant, a class: "`parse` 内部用的是 `_search_re`"); a name of the tree that
    nothing it reaches names is not used, nor an outside one (``string.Template``) that
    no file of that code writes. A class uses what one of its methods uses."""
    if subject.kind == "class":
        return _through_methods(resolver, subject, lambda m: uses(resolver, m, used),
                                f"uses `{used.name.rsplit('.', 1)[-1]}`")
    body = resolver.index.body_facts(subject)
    if body is None or not (used.symbols or used.external):
        return undecided("not a function whose body can be read")
    name = used.name.rsplit(".", 1)[-1]
    reach = reachable(resolver, body, subject)
    if not used.symbols and any(names_word(resolver, s.path, name)
                                for s in (subject, *(r for r, _ in reach))):
        # an outside name its files write somewhere (a base of a class it makes, an
        # import under another name): whether its code uses it is not read here
        return Decision(True, f"{short(subject.qualname)} names `{name}`", at(subject)) \
            if name in body.names else undecided(f"`{name}` is named near "
                                                 f"{short(subject.qualname)}")
    if name in body.names:
        return Decision(True, f"{short(subject.qualname)} names `{name}`", at(subject))
    via = next((s.name for s, facts in reach if name in facts.names), None)
    if via is not None:
        return Decision(True, f"`{name}` is named in `{via}()`, which "
                        f"{short(subject.qualname)} reaches", at(subject))
    if len(reach) >= MAX_REACHED or _held(resolver, [(subject, body), *reach], name):
        return undecided(f"{short(subject.qualname)} reaches too much to say")
    if any(_keyed(resolver, s, name) for s in (subject, *(r for r, _ in reach))):
        # ``self._model["class_table"]``: a field of a TypedDict (or any record) read by
        # its key names it as a string
        return undecided(f"{short(subject.qualname)} reads `{name}` as a key")
    return Decision(False, f"nothing {short(subject.qualname)} reaches names `{name}`",
                    at(subject))


def _keyed(resolver: Resolver, function: Symbol, name: str) -> bool:
    """Whether ``function``'s lines write ``name`` as a quoted string."""
    lines = (resolver.index.file_text(function.path) or "").split("\n")
    text = "\n".join(lines[function.line - 1:function.end_line])
    return f'"{name}"' in text or f"'{name}'" in text


def names_word(resolver: Resolver, path: str, name: str) -> bool:
    """Whether the file ``path`` writes ``name`` as a word anywhere."""
    return bool(re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)|\.{re.escape(name)}(?!\w)",
                          resolver.index.file_text(path) or ""))


def _may_mean(resolver: Resolver, subject: Symbol, body: BodyFacts, callee: Named) -> bool:
    """Whether the body's call of the callee's last name may be the callee: a callee
    written with its owner (``Shelf.get``) is not called by ``self._books.get(k)`` on a
    dict; one written bare (``get``) is any call of that name."""
    if "." not in callee.name or not callee.symbols:
        return True
    name = callee.name.rsplit(".", 1)[-1]
    return bool(set(callee.symbols) & set(callees(resolver, name, subject, body)))


def raises_anything(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether the function ``subject`` raises an exception with a ``raise`` of its own
    (one its own handler catches is none; a stub's ``NotImplementedError`` is one). Code
    it reaches that raises leaves the claim open: it may be said of its own code."""
    body = resolver.index.body_facts(subject) if subject.kind in {"function", "method"} \
        else None
    if body is None:
        return undecided("not a function whose body can be read")
    own = sorted({r.rsplit(".", 1)[-1] for r in body.raises})
    if own:
        return Decision(True, f"{short(subject.qualname)} raises {listing(own)}", at(subject))
    reach = reachable(resolver, body, subject, caught=())
    via = sorted({s.name for s, facts in reach if facts.raises})
    if via or len(reach) >= MAX_REACHED:
        return undecided(f"{short(subject.qualname)} raises nothing itself; "
                         + (f"it calls {listing(via)}, which raise"
                            + ("s" if len(via) == 1 else "") if via
                            else "it reaches too much to say"))
    return Decision(False, f"{short(subject.qualname)} raises nothing, nor does the code "
                    "it reaches", at(subject))


def calls_super(resolver: Resolver, subject: Symbol, method: str) -> Decision:
    """Whether the method ``subject`` calls its base class's ``method``: through
    ``super()`` (``super().__init__(a)``, ``super(A, self).run()``) or by naming a base of
    its class (``Base.__init__(self, a)``), in its own body."""
    node = function_node(resolver, subject) if subject.kind == "method" else None
    if node is None:
        return undecided(f"{short(subject.qualname)} is no method whose body can be read")
    bases = {b.rsplit(".", 1)[-1] for c in resolver.index.by_qualname(subject.parent)
             if c.kind == "class" for b in c.bases}
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr != method:
            continue
        through = func.value
        if isinstance(through, ast.Call) and isinstance(through.func, ast.Name) and \
                through.func.id == "super" or (dotted_name(through) or "").rsplit(".", 1)[-1] \
                in bases:
            return Decision(True, f"{short(subject.qualname)} calls its base's `{method}`",
                            at(subject))
    return Decision(False, f"{short(subject.qualname)} does not call its base's `{method}`",
                    at(subject))


def raises(resolver: Resolver, subject: Symbol, error: Named, *,
           condition: tuple[str, ...] = (), sentence: str = "") -> Decision:
    """Whether ``subject`` raises ``error`` (itself or a subclass) with a ``raise`` of its
    own; raised only by code it reaches, the claim is left open (it may be said of its
    own code), and false where nothing it reaches raises it. A class raises what one of
    its methods raises. ``condition``: the names the sentence's
    condition mentions ("when `on_error` is not callable"); where the body checks one of
    its parameters among them and raises only other errors there, the claim is false. Of
    a class, such a condition on its constructor's parameters is about its constructor.
    ``sentence``: where the words of its condition are those of one ``raise`` of another
    error (its test and message), the claim is about that ``raise`` and false
    (:mod:`~pse.verify.claims.conditions`)."""
    if subject.kind == "class":
        init = signature_of(resolver, subject)
        if init is not None and set(condition) & set(init.params):
            return raises(resolver, init, error, condition=condition)
        return _through_methods(resolver, subject, lambda m: raises(resolver, m, error),
                                f"raises `{error.name.rsplit('.', 1)[-1]}`")
    body = resolver.index.body_facts(subject)
    if body is None:
        return undecided("not a function whose body can be read")
    name = error.name.rsplit(".", 1)[-1]
    raised = [r.rsplit(".", 1)[-1] for r in body.raises]
    message = f"{short(subject.qualname)} raises {listing(sorted(set(raised)))}"
    described = _described_site(resolver, subject, error, sentence)
    if described:
        return Decision(False, f"{short(subject.qualname)} raises `{described}` where the "
                        "sentence's condition holds (its test and message)", at(subject))
    if name in raised or _raises_subclass(resolver, raised, error) or any(
            name in (external_mro(r) or ()) for r in raised):
        return Decision(True, message, at(subject))
    reach = reachable(resolver, body, subject, caught=_error_names(name))
    via = next((s.name for s, facts in reach
                if name in {r.rsplit(".", 1)[-1] for r in facts.raises}), None)
    if via is not None:
        # a function that calls one that raises it: raised through it, but "`f` raises
        # `E`" or "`f` never raises `E`" may be said of `f`'s own code either way
        return undecided(f"{message}; `{name}` is raised by `{via}()`, which it calls")
    checked = _raised_on_check(resolver, subject, set(condition) & set(subject.params))
    if checked and not _raises_subclass(resolver, list(checked.values()), error) and \
            not set(checked.values()) & set(_error_names(name)):
        said = "; ".join(f"where it checks `{p}` it raises `{e}`" for p, e in checked.items())
        return Decision(False, f"{short(subject.qualname)}: {said}", at(subject))
    if _mentioned(body, reach, name):
        return undecided(f"{message}; `{name}` is named in the code it reaches")
    if not error.symbols and not _only_raises(body) and not _foreign(resolver, name):
        return _builtin_not_raised(resolver, subject, body, reach, name, message)
    return Decision(False, message, at(subject))


def _builtin_not_raised(resolver: Resolver, subject: Symbol, body: BodyFacts,
                        reach: list[tuple[Symbol, BodyFacts]], name: str, message: str
                        ) -> Decision:
    """Of a builtin error that no code reached names: open where its own code or a
    function it calls may raise it without a ``raise`` (:data:`_IMPLICIT_CALLS`), false
    where the code signals its errors with others, or raises none and makes no call that
    could. A lookup or ``int()`` deeper down is an accident of another function's input,
    not what this one is said to raise ("`add` may raise `ValueError`" of a method whose
    helpers' helper parses a number)."""
    signalled = _signalled(body, reach)
    accidental = name in _CHECK_ONLY_ERRORS and \
        bool({r.rsplit(".", 1)[-1] for r in body.raises} - _STUB_ERRORS)
    if not accidental and _implicit(name, body, _direct(resolver, subject, body, reach)) or \
            (not signalled and name not in _CHECKED_ERRORS):
        return undecided(f"{message}; any code may raise `{name}`")
    if name in _SYSTEM_ERRORS and _reads_a_property(resolver, body, reach):
        # a property's body runs on an attribute read, which no call shows
        return undecided(f"{message}; a property it reads may raise `{name}`")
    if not signalled:
        if len(reach) >= MAX_REACHED or _raised_by_samples(resolver, body, reach, name):
            return undecided(f"{message}; code it calls may raise `{name}`")
        caught = any(name in handled for _, handled in body.guarded)
        return Decision(False, f"{short(subject.qualname)} raises nothing itself, no code "
                        f"it reaches raises `{name}`, and no call or lookup of its own or of "
                        f"the functions it calls can"
                        + (f" (it catches `{name}` itself)" if caught else ""), at(subject))
    return Decision(False, f"{short(subject.qualname)} signals errors with "
                    f"{listing(signalled)}; `{name}` is named nowhere in the code it "
                    "reaches", at(subject))


def _reads_a_property(resolver: Resolver, body: BodyFacts,
                      reach: list[tuple[Symbol, BodyFacts]]) -> bool:
    """Whether the body or the code it reaches names a property of the tree (its body
    runs on a read: ``self._info`` may open a file)."""
    names = set(body.names).union(*(facts.names for _, facts in reach))
    return any(_PROPERTY_DECORATORS & {d.rsplit(".", 1)[-1] for d in facts.decorators}
               for n in names for s in resolver.index.by_name(n) if s.kind == "method"
               for facts in resolver.index.def_facts(s.qualname))


def _described_site(resolver: Resolver, function: Symbol, error: Named, sentence: str) -> str:
    """The error of the ``raise`` the sentence's condition describes, when another than
    ``error`` (:func:`~pse.verify.claims.conditions.decided_elsewhere`); "" otherwise."""
    node = function_node(resolver, function) if sentence else None
    if node is None:
        return ""
    name = error.name.rsplit(".", 1)[-1]
    best = condition_site(node, sentence)
    claimed = {e for e in best if e == name or _raises_subclass(resolver, [e], error)
               or name in (external_mro(e) or ())}
    return decided_elsewhere(best, claimed)


def _raised_on_check(resolver: Resolver, function: Symbol, params: set[str]
                     ) -> dict[str, str]:
    """Per parameter of ``params`` that ``function`` checks (an ``if`` whose test reads it
    and whose own branch raises): the one error it raises there. Empty when a checked
    parameter raises more than one error, or none is checked this way."""
    if not params:
        return {}
    node = function_node(resolver, function)
    if node is None:
        return {}
    found: dict[str, set[str]] = {}
    for branch in ast.walk(node):
        if not isinstance(branch, ast.If):
            continue
        tested = {n.id for n in ast.walk(branch.test) if isinstance(n, ast.Name)} & params
        raised = {raised_name(r) for statement in branch.body for r in ast.walk(statement)
                  if isinstance(r, ast.Raise) and r.exc is not None}
        for param in tested:
            found.setdefault(param, set()).update(raised)
    if any("" in errors or len(errors) > 1 for errors in found.values()):
        return {}
    return {param: errors.pop() for param, errors in found.items() if errors}


_FILE_CALLS = frozenset({
    "open", "stat", "lstat", "remove", "unlink", "rename", "replace", "listdir",
    "scandir", "rmdir", "removedirs", "read_text", "read_bytes", "iterdir", "chdir",
    "readlink", "utime", "chmod", "resolve", "samefile", "Popen", "run", "call",
    "check_call", "check_output", "execv", "execvp", "spawnv", "copy", "copyfile",
    "copy2", "move", "rmtree", "getsize", "getmtime", "realpath"})
_IO_CALLS = _FILE_CALLS | frozenset({
    "read", "write", "readline", "readlines", "writelines", "flush", "fsync", "mkdir",
    "makedirs", "write_text", "write_bytes", "touch", "connect", "send", "sendall", "recv",
    "accept", "bind", "listen", "urlopen", "request", "getaddrinfo", "fdopen", "dup", "dup2",
    "pipe", "fork", "kill", "waitpid", "flock", "lockf", "fcntl", "ioctl", "chown", "link",
    "symlink", "truncate", "seek", "tell", "close", "select", "poll", "mkstemp", "mkdtemp",
    "NamedTemporaryFile", "TemporaryFile", "TemporaryDirectory", "copytree", "copyfileobj",
    "walk", "glob", "print", "input", "sleep"})
"""Calls that touch the operating system: the only code that raises an ``OSError``."""
_SYSTEM_ERRORS = frozenset({"OSError", "IOError", "PermissionError", "FileExistsError",
                            "IsADirectoryError", "NotADirectoryError", "FileNotFoundError",
                            "UnicodeDecodeError", "UnicodeEncodeError"})
"""Errors only a call that touches the system raises (:data:`_IO_CALLS`)."""
_IMPLICIT_CALLS = {
    "ValueError": frozenset({"int", "float", "complex", "Decimal", "Fraction", "index",
                             "remove", "fromisoformat", "strptime", "fromtimestamp", "loads",
                             "load", "literal_eval", "decode", "encode"}),
    "KeyError": frozenset({"pop", "popitem", "remove", "__getitem__", "getitem"}),
    "IndexError": frozenset({"pop", "popleft", "__getitem__", "getitem"}),
    "StopIteration": frozenset({"next", "__next__"}),
    "StopAsyncIteration": frozenset({"anext", "__anext__"}),
    "FileNotFoundError": _FILE_CALLS,
    "OSError": _IO_CALLS,
    "IOError": _IO_CALLS,
    "PermissionError": _IO_CALLS,
    "FileExistsError": _IO_CALLS,
    "IsADirectoryError": _IO_CALLS,
    "NotADirectoryError": _IO_CALLS,
    "UnicodeDecodeError": frozenset({"decode", "read", "read_text", "readline", "readlines",
                                     "open", "loads", "load", "check_output", "run"}),
    "UnicodeEncodeError": frozenset({"encode", "write", "write_text", "writelines", "dump",
                                     "dumps", "open", "print"}),
    "ImportError": frozenset({"__import__", "import_module", "find_spec", "exec_module",
                              "load_module", "import_string"}),
    "ModuleNotFoundError": frozenset({"__import__", "import_module", "find_spec",
                                      "import_string"}),
    "SyntaxError": frozenset({"compile", "eval", "exec", "parse", "literal_eval",
                              "__import__", "import_module"}),
    "TimeoutError": _IO_CALLS | frozenset({"wait", "wait_for", "result", "acquire", "join",
                                           "get", "timeout", "urlopen", "request", "run"}),
    "ConnectionError": _IO_CALLS,
    "BrokenPipeError": _IO_CALLS,
    "ConnectionResetError": _IO_CALLS,
    "ConnectionRefusedError": _IO_CALLS,
    "EOFError": frozenset({"input", "read", "readline", "load", "loads", "recv", "unpack",
                           "read_bytes", "read_text"}),
    "SystemExit": frozenset({"exit", "quit", "parse_args", "parse_known_args",
                             "parse_intermixed_args", "error", "main"}),
    "RuntimeError": frozenset(),
    "TypeError": frozenset(),
    "NotImplementedError": frozenset(),
}
"""The builtin errors a claim may be refuted on, each with the calls that raise it without
a ``raise`` (``int("x")`` raises ``ValueError``, ``d.pop(k)`` ``KeyError``): in code
that signals its errors with ``raise`` (:func:`_signalled`), and for
:data:`_CHECKED_ERRORS` in code that raises nothing at all. ``TypeError`` is one: any
code may raise it on a wrong argument, but "`f` raises `TypeError` when ..." states a
check, and code that checks its input and raises other errors does not make that one.
Any other builtin error (``AttributeError``, ``OverflowError``...) nearly any code may
raise, so claims of it stay open. ``FileNotFoundError`` comes from a call on a file
(opening, listing, running a program), an ``OSError`` of any kind from a call that touches
the operating system (:data:`_IO_CALLS`), a ``UnicodeDecodeError`` from decoding or
reading, and ``ImportError`` from an ``import``: code that makes none raises none of
them; nor does code that compiles or imports nothing raise a ``SyntaxError``, nor code
that neither reads nor waits a ``TimeoutError`` or an ``EOFError``.
``NotImplementedError`` is raised by a stub's ``raise`` only: "`Base.get` raises
`NotImplementedError`" is false of a default that returns ``None``.
``SystemExit`` comes from an exit: ``sys.exit()``, or an ``argparse`` parser giving up."""
_LOOKUP_ERRORS = frozenset({"KeyError", "IndexError", "LookupError"})
_CHECKED_ERRORS = frozenset({"ValueError", "KeyError", "IndexError", "LookupError",
                             "RuntimeError", "TypeError", "NotImplementedError",
                             "FileNotFoundError", "ImportError", "ModuleNotFoundError",
                             "SystemExit", "OSError", "IOError", "PermissionError",
                             "FileExistsError", "IsADirectoryError", "NotADirectoryError",
                             "UnicodeDecodeError", "UnicodeEncodeError", "SyntaxError",
                             "TimeoutError", "EOFError", "ConnectionError"})
"""The builtin errors a sentence names for a check the code makes ("raises `ValueError`
for an unknown name"): code that raises nothing, and whose calls and lookups cannot raise
one implicitly, makes no such check."""


def _direct(resolver: Resolver, subject: Symbol, body: BodyFacts,
            reach: list[tuple[Symbol, BodyFacts]]) -> list[tuple[Symbol, BodyFacts]]:
    """The functions of ``reach`` the body calls itself (what may raise a builtin error
    implicitly on its behalf)."""
    called = {s.qualname for c in body.calls for s in callees(resolver, c, subject, body)}
    return [(s, f) for s, f in reach if s.qualname in called]


def _implicit(name: str, body: BodyFacts, reach: list[tuple[Symbol, BodyFacts]]) -> bool:
    """Whether the body or the code it reaches may raise the builtin error ``name`` without
    a ``raise``: always, unless it is one of :data:`_IMPLICIT_CALLS` and no call (and, for
    a lookup error, no subscript) that raises it is there."""
    calls = _IMPLICIT_CALLS.get(name) if name != "LookupError" else \
        _IMPLICIT_CALLS["KeyError"] | _IMPLICIT_CALLS["IndexError"]
    if calls is None:
        return True
    everything = [body, *(facts for _, facts in reach)]
    errors = _error_names(name)
    if name in _LOOKUP_ERRORS and any(f.lookups and not f.caught("[]", errors)
                                      for f in everything):
        return True
    # an ``import`` statement is a call of ``__import__`` (a subscript's ``__getitem__`` is
    # read as a lookup above, with the handlers around it)
    return any(not f.caught(c, errors) for f in everything
               for c in calls & {*f.calls, *({"__import__"} & set(f.implied))})


def _error_names(name: str) -> tuple[str, ...]:
    """The last names a handler may catch the error ``name`` by: its own and, for a
    builtin, its bases' (``except LookupError`` catches a ``KeyError``)."""
    mro = external_mro(name) if isinstance(getattr(builtins, name, None), type) else None
    return tuple(dict.fromkeys([name, *(m.rsplit(".", 1)[-1] for m in mro or ())]))


def _signalled(body: BodyFacts, reach: list[tuple[Symbol, BodyFacts]]) -> list[str]:
    """The exceptions the body and the code it reaches raise explicitly. Code that signals
    its errors with ``raise`` says which ones it means: "`popitem` raises a `ValueError`
    when empty" is false of code that raises ``KeyError`` there and never names
    ``ValueError``, although any body may raise a builtin error implicitly."""
    found = [r.rsplit(".", 1)[-1] for r in body.raises]
    found += [r.rsplit(".", 1)[-1] for _, facts in reach for r in facts.raises]
    return sorted(set(found) - _STUB_ERRORS)


_CHECK_ONLY_ERRORS = frozenset({"TypeError", "RuntimeError"})
"""Builtin errors a sentence names for a check the code makes, which no lookup, parse or
system call of its own raises on its behalf (unlike ``ValueError`` from ``int()``): code
that signals its own errors with ``raise`` of others makes no such check ("`set_x` raises
`TypeError` for a negative value" of code that raises ``ValueError`` there). A wrong
argument may still raise one deep in a call: that is no check the sentence means."""
_STUB_ERRORS = frozenset({"NotImplementedError"})
"""Raised by a stub a subclass replaces ("must be implemented"): no error condition."""


def _through_methods(resolver: Resolver, cls: Symbol, decide: Callable[[Symbol], Decision],
                     said: str, *, inert: Callable[[str], bool] | None = None) -> Decision:
    """What a class does, read through its methods and those of its bases in the tree:
    true when one method does it, false only when every method is read, none does, and
    no base outside the tree (whose methods cannot be read) could, except those ``inert``
    says cannot do it."""
    found = ancestry(resolver, cls)
    methods = [m for qualname in found.tree for m in resolver.index.children(qualname)
               if m.kind == "method"][:MAX_REACHED]
    decisions = [(m, decide(m)) for m in methods]
    for method, decision in decisions:
        if decision.holds:
            return Decision(True, f"{short(method.qualname)} {said}", decision.evidence)
    name = short(cls.qualname)
    outside = {b for b in found.external - {"object", "builtins.object"}
               if inert is None or not inert(b)}
    if not methods or not found.complete or outside or any(
            d.holds is None for _, d in decisions):
        return undecided(f"no method of {name} read {said}")
    return Decision(False, f"no method of {name} {said}", at(cls))


def _builtin_class(name: str) -> bool:
    """Whether ``name`` is a class of ``builtins`` (``ValueError``, ``builtins.dict``)."""
    bare = name.removeprefix("builtins.")
    return "." not in bare and isinstance(getattr(builtins, bare, None), type)


def decorated(resolver: Resolver, subject: Symbol, decorator: str) -> Decision:
    """Whether ``subject`` (a function, method or class) carries ``decorator`` (its last
    name: ``@functools.cache`` and ``@cache(...)`` are both ``cache``). The decorators
    written on the definition decide; a definition without any has none."""
    if subject.kind not in {"function", "method", "class"}:
        return undecided("not a function or class")
    written = sorted({d.rsplit(".", 1)[-1] for f in resolver.index.def_facts(subject.qualname)
                      if f.line == subject.line for d in f.decorators})
    name = short(subject.qualname)
    message = f"{name} is decorated with {listing([f'@{d}' for d in written])}" if written \
        else f"{name} has no decorator"
    if decorator not in written and any(
            decorator in {d.rsplit(".", 1)[-1] for f in resolver.index.def_facts(c.qualname)
                          for d in f.decorators}
            for c in resolver.index.children(subject.qualname) if c.kind == "function"):
        # a decorator factory's inner wrapper carries it (``@functools.wraps(func)``): a
        # reader may well say the factory uses it
        return undecided(f"{message}; a function nested in it carries `@{decorator}`")
    return Decision(decorator in written, message, at(subject))


def decorated_at_all(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether ``subject`` carries any decorator ("`f` is not decorated" denies it)."""
    if subject.kind not in {"function", "method", "class"}:
        return undecided("not a function or class")
    written = sorted({d for f in resolver.index.def_facts(subject.qualname)
                      if f.line == subject.line for d in f.decorators})
    name = short(subject.qualname)
    message = f"{name} is decorated with {listing([f'@{d}' for d in written])}" if written \
        else f"{name} has no decorator"
    return Decision(bool(written), message, at(subject))


def decorator_arguments(resolver: Resolver, subject: Symbol, written: str) -> Decision | None:
    """Whether the decorator ``written`` with keyword arguments ("`@dataclass(frozen=True)`",
    "`@lru_cache(maxsize=None)`") is the one on ``subject``: each keyword it writes must be
    written there with an equal literal. None when the sentence writes no keyword, the
    definition's decorator is not read, or it passes keywords by ``**`` unpacking."""
    try:
        claimed = ast.parse(written.strip("` ").lstrip("@"), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    if not isinstance(claimed, ast.Call) or not claimed.keywords:
        return None
    name = ast.unparse(claimed.func).rsplit(".", 1)[-1]
    actual = decorator_calls(resolver, subject).get(name)
    if actual is None:
        return None
    given = {k.arg: k.value for k in actual.keywords} if isinstance(actual, ast.Call) else {}
    if None in given:
        return None  # ``@dataclass(**SLOTS)``: which keywords it passes is not written
    shown = f"`@{ast.unparse(actual)}`"
    for keyword in claimed.keywords:
        mine = given.get(keyword.arg)
        if mine is None or ast.unparse(mine) != ast.unparse(keyword.value):
            return Decision(False, f"{short(subject.qualname)} is decorated with {shown}",
                            at(subject), correction=shown.strip("`"))
    return Decision(True, f"{short(subject.qualname)} is decorated with {shown}", at(subject))


def depends_on(resolver: Resolver, library: str) -> Decision:
    """Whether the project is built on ``library``: it declares it as a dependency or some
    file of it imports it (the standard library counts when imported). Code of the
    project itself, or a name the tree defines, leaves the claim open."""
    top = library.split(".", 1)[0]
    wanted = {top, top.lower().replace("-", "_")}
    index = resolver.index
    used = set(resolver.externals.dependencies) | set(index.imported_top_modules)
    if wanted & set(index.top_modules) or index.by_name(top):
        return undecided(f"`{top}` is the project's own code")
    if wanted & used:
        return Decision(True, f"the project uses `{top}`")
    shown = sorted(n for n in used - set(index.top_modules) if not n.startswith("_"))
    return Decision(False, f"the project neither declares nor imports `{top}` (it imports "
                           f"{listing(shown)})")


def _foreign(resolver: Resolver, name: str) -> bool:
    """Whether the error ``name`` can come from no code the project runs: it is not a
    builtin (any body may raise ``KeyError`` implicitly), the standard library module that
    defines it is one the project never imports, and nothing reached names it. A small
    model's "`submit` raises a `QueueFull` exception" about a queue that imports no
    ``asyncio`` is false, not undecided."""
    if isinstance(getattr(builtins, name, None), type):
        return False
    home = stdlib_home(name, cache_file=resolver.externals.stdlib_cache)
    if not home:
        return False  # a third-party error: a library the project calls may raise it
    imported = resolver.index.imported_top_modules
    return home.split(".", 1)[0] not in imported


def _only_raises(body: BodyFacts) -> bool:
    """Whether the body does nothing but raise: every call in it builds an exception it
    raises and it names nothing else. Such a stub (``raise NotImplementedError(...)``)
    cannot raise a builtin error implicitly, as any other body may (``IndexError`` from a
    subscript, ``KeyError`` from a lookup)."""
    raised = {r.rsplit(".", 1)[-1] for r in body.raises}
    return bool(raised) and set(body.calls) <= raised and {
        n.rsplit(".", 1)[-1] for n in body.names} <= raised


def _raises_subclass(resolver: Resolver, raised: list[str], error: Named) -> bool:
    targets = {s.qualname for s in error.symbols} | {error.name, error.name.rsplit(".", 1)[-1]}
    for name in set(raised):
        for cls in resolver.index.by_name(name)[:MAX_HOMONYMS]:
            if cls.kind == "class":
                found = ancestry(resolver, cls)
                if targets & (found.tree.keys() | found.external):
                    return True
    return False


def _raised_by_samples(resolver: Resolver, body: BodyFacts,
                       reach: list[tuple[Symbol, BodyFacts]], name: str) -> bool:
    """Whether a call of the code names a function of the tree's tests, docs or examples
    that raises ``name``: library code reaches no sample, but a call it makes on an object
    it was handed (``store.read()``) runs whatever the caller passes, and the samples show
    that such code raises it."""
    called = set(body.calls).union(*(facts.calls for _, facts in reach))
    for call in sorted(called):
        for symbol in resolver.index.by_name(call)[:MAX_HOMONYMS]:
            if symbol.kind not in {"function", "method"} or not is_sample_path(symbol.path):
                continue
            facts = resolver.index.body_facts(symbol)
            if facts is not None and name in {r.rsplit(".", 1)[-1] for r in facts.raises}:
                return True
    return False


def _held(resolver: Resolver, bodies: list[tuple[Symbol, BodyFacts]], name: str) -> bool:
    """Whether one of ``bodies`` calls a callable its class keeps in an attribute
    (``self.serializer(record)``, no method of that name) whose assignment names ``name``
    (``self.serializer = kwargs.pop("serializer", json.dumps)``): that call may be it."""
    for symbol, facts in bodies:
        for call, tags in facts.receivers:
            if "self" not in tags:
                continue
            members = resolver.index.members(symbol.parent, call)
            if any(m.kind in {"function", "method"} for m in members):
                continue
            for member in members:
                value = bound_value(resolver, member)
                if value is not None and name in names_in(value):
                    return True
    return False


def _mentioned(body: BodyFacts, reach: list[tuple[Symbol, BodyFacts]], name: str) -> bool:
    return name in body.names or any(name in facts.names for _, facts in reach)


def counted(number: int, noun: str) -> str:
    """"1 field", "3 fields": a count with its noun in the right number."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
