"""Deciding return-type claims: "`get()` returns a `Response`", "`f` 返回一个字符串".

A return annotation decides, read by its outer types (``Optional[List[int]]`` is a list or
``None``); without one, what each ``return`` of the body returns, when every one is of a
known shape (:class:`~pse.index.returns.Returned`). A type variable, ``Any``, a class
outside the tree or a return of another shape leaves the claim undecided.
"""

from __future__ import annotations

import ast
import builtins
import collections.abc
import re
from collections.abc import Iterable
from types import GeneratorType

from pse.index.model import Symbol
from pse.index.returns import Returned, shape_of
from pse.index.symbols import code_first
from pse.verify.claims.decision import Decision, at, listing, short, undecided, with_article
from pse.verify.claims.documented import LOOSE_NUMBERS as _NUMBERS
from pse.verify.claims.documented import declared_types, documented_returns
from pse.verify.claims.names import (
    Named,
    ancestry,
    called,
    external_mro,
    introspect,
    outside_bases,
    outside_class,
)
from pse.verify.claims.source import (
    bound_value,
    function_node,
    own_returns,
    type_variable,
)
from pse.verify.claims.words import TYPING_CONTAINERS
from pse.verify.defsource import dedented
from pse.verify.externals import stdlib_home
from pse.verify.resolve import Resolver

_TYPE_WRAPPERS = frozenset({
    "Optional", "Union", "List", "Tuple", "Dict", "Set", "FrozenSet", "Iterable", "Iterator",
    "Sequence", "Mapping", "Generator", "AsyncIterator", "AsyncGenerator", "Awaitable",
    "Coroutine", "Type", "Annotated", "typing", "t", "list", "tuple", "dict", "set", "type",
    "frozenset", "collections", "abc", "te", "typing_extensions"})
_BUILTIN_TYPES = frozenset({"None", "str", "int", "float", "bool", "bytes", "bytearray",
                            "complex", "object"})


def returns(resolver: Resolver, subject: Symbol, target: Named, *,
            annotated: bool = False, yielded: bool = False, always: bool = False,
            single: bool = False, following: tuple[str, ...] = (),
            yield_said: bool = False, fresh: bool = False) -> Decision:
    """Whether ``subject`` is annotated to return ``target`` (its return annotation decides;
    a function without one, or one returning ``Any``, a type variable or a name the tree
    does not define, is undecided). A claim ``annotated`` (said of the annotation: "the
    return type annotation of `f` is `A`") is about what is written: another class of the
    tree there is another annotation, even a base or a subclass of ``A``. A claim
    ``yielded`` ("`f` yields a `Result`") is about the items of the iterator it returns;
    one said of ``always`` ("always returns a `Duration`") is false of a function whose
    returns or annotation give another type too; one of a ``single`` value ("returns a
    single `Table`") is false of a function annotated to return a collection of them.
    ``following``: the functions whose returns call this one (see :func:`returned`);
    ``yield_said``: the sentence says "yields" (of a generator with no annotation, what it
    yields is not what a call returns, and nothing writes it); ``fresh``: the return is
    said to be a new object ("returns a new `Job`"), which a method returning ``self`` on
    every path never gives."""
    subject = called(resolver, subject)  # ``error = GetoptError``: calls the class
    if fresh and subject.kind == "method" and _only_receiver(resolver, subject):
        return Decision(False, f"{short(subject.qualname)} returns the object it is called on "
                        "(`self`), not a new one", at(subject))
    if subject.kind == "class" and not annotated and not yielded:
        return _called_class(resolver, subject, target)
    if subject.kind not in {"function", "method"}:
        return undecided("not a function")
    first = _read_first(resolver, subject, target)
    if first is not None:
        return first
    names = resolver.index.return_names(subject)
    if names is None and (yielded or yield_said) and _a_generator(resolver, subject):
        # "`expand` yields a tuple": its items, which no annotation writes (a call of it
        # returning a generator says nothing of them)
        return undecided(f"what {short(subject.qualname)} yields is not annotated")
    if names is None or _a_generator(resolver, subject) and not yielded and not annotated:
        # a generator is one whatever it is annotated
        decision = returned(resolver, subject, target, always=always, following=following)
        return decision if decision.holds is not None or yielded or annotated \
            else _documented(resolver, subject, target, decision)
    without_none = _written_without_none(resolver, subject, target, names) \
        if annotated and not yielded else None
    if without_none is not None:
        return without_none
    if single and not yielded:
        outer = set(outer_types(resolver, subject) or ()) - {"None", "Optional"}
        wanted = target.name.rsplit(".", 1)[-1]
        if outer and outer <= _MANY and wanted not in outer:
            return Decision(False, f"{short(subject.qualname)} is annotated to return "
                            f"{with_article(' or '.join(sorted(outer)))} of them", at(subject))
    if always and not yielded:
        other = _another_outer_type(resolver, subject, target)
        if other is not None:
            return Decision(False, f"{short(subject.qualname)} is annotated to return "
                            f"`{other}` too", at(subject))
    return _annotated_returns(resolver, subject, target, names, annotated=annotated,
                              yielded=yielded)


def returned_type(resolver: Resolver, subject: Symbol) -> str | None:
    """What a function without a return annotation returns, in one type, when the tree
    says it: the builtin type every ``return`` gives (``bool`` of ``a == b and c == d``),
    ``None`` of a function that returns nothing, a generator, the receiver's class, or the
    builtin types its docstring declares (``set of Interval``); None when it is unknown."""
    if subject.kind not in {"function", "method"} or \
            resolver.index.return_names(subject) is not None:
        return None
    made = resolver.index.returned(subject) or ()
    kinds = {(r.kind, r.name) for r in made if r.kind != "raises"}
    if len(kinds) == 1:
        kind, name = kinds.pop()
        if kind in {"literal", "none"}:
            return name
        if kind == "generator":
            return "a generator"
        if kind == "self":
            return f"the `{subject.parent.rsplit('.', 1)[-1]}` itself"
        made_class = [c for c in resolver.index.by_name(name.rsplit(".", 1)[-1])
                      if c.kind == "class"] if kind == "call" and "." not in name else []
        if len(made_class) == 1:  # ``return Interval(...)``: a new instance of it
            return made_class[0].name
    declared = declared_types(resolver, subject)
    return declared[1] if declared is not None else None


def _read_first(resolver: Resolver, subject: Symbol, target: Named) -> Decision | None:
    """What decides a return claim before the body's returns are read: "returns `self`"
    of a method, a decorator over a generator, a constant returned."""
    if target.text.strip("` ") == "self" and subject.kind == "method":
        return _returns_receiver(resolver, subject)
    if _a_generator(resolver, subject) and _wrapped(resolver, subject):
        # ``@pytest.fixture`` or ``@contextmanager`` over a generator: what a caller gets
        # is what the decorator makes of it, not the generator
        return undecided(f"{short(subject.qualname)} is a generator a decorator wraps")
    return _returned_constant(resolver, subject, target.name or target.text)


_KEEPS_A_GENERATOR = frozenset({"staticmethod", "classmethod", "abstractmethod", "wraps",
                                 "overload", "override", "final"})


def _wrapped(resolver: Resolver, subject: Symbol) -> bool:
    """Whether a decorator that may make it something else wraps ``subject``."""
    return any(d.rsplit(".", 1)[-1] not in _KEEPS_A_GENERATOR
               for f in resolver.index.def_facts(subject.qualname) if f.line == subject.line
               for d in f.decorators)


def _a_generator(resolver: Resolver, subject: Symbol) -> bool:
    made = resolver.index.returned(subject)
    return made is not None and bool(made) and made[0].kind == "generator"


def _documented(resolver: Resolver, subject: Symbol, target: Named, read: Decision
                ) -> Decision:
    """What the docstring of ``subject`` declares it returns decides a claim its return
    statements left open (``read``)."""
    documented = documented_returns(
        resolver, subject, _type_of_value(target.name.rsplit(".", 1)[-1]))
    return documented if documented.holds is not None else read


_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "property", "abstractmethod",
                               "override", "cached_property", "setter", "getter"})
"""Decorators that hand back what the function returns; any other may change it."""


def returns_a_value(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether calling ``subject`` gives back a value, no type said: false of a function
    annotated ``-> None`` or whose own ``return`` statements give none (none at all, or a
    bare ``return`` / ``return None``), that yields nothing and is no stub (a body of
    ``pass``, ``...`` or a ``raise`` says a subclass returns); undecided under a decorator
    that may change what it returns."""
    if subject.kind not in {"function", "method"}:
        return undecided("not a function")
    name = short(subject.qualname)
    if resolver.index.return_names(subject) == ("None",):
        return Decision(False, f"{name} is annotated to return `None`", at(subject))
    node = function_node(resolver, subject)
    if node is None:
        return undecided(f"{name} has no body to read")
    decorators = {d.rsplit(".", 1)[-1] for f in resolver.index.def_facts(subject.qualname)
                  for d in f.decorators}
    if decorators - _PLAIN_DECORATORS:
        return undecided(f"{name} is decorated; the decorator may return another value")
    given = [r for r in own_returns(node) if r.value is not None and not (
        isinstance(r.value, ast.Constant) and r.value.value is None)]
    if given or _yields(node):
        return Decision(True, f"{name} returns a value", at(subject))
    body = [b for b in node.body if not (isinstance(b, ast.Expr) and isinstance(
        b.value, ast.Constant))]  # the docstring
    if not body or all(isinstance(b, ast.Pass | ast.Raise) for b in body):
        return undecided(f"{name} is a stub its subclasses fill in")
    return Decision(False, f"{name} returns nothing (no `return` gives a value)",
                    at(subject), correction="None")


def _yields(node: ast.AST) -> bool:
    """Whether a function's own body (not a nested function's) yields."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, ast.Yield | ast.YieldFrom | ast.Await):
            return True
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                          | ast.ClassDef):
            stack.extend(ast.iter_child_nodes(child))
    return False


def _called_class(resolver: Resolver, cls: Symbol, target: Named) -> Decision:
    """What calling the class ``cls`` gives: an instance of it, never ``None``, where no
    ``__new__`` of the tree returns anything but ``cls``'s own (``super().__new__(cls,
    ...)``) and no metaclass is written. "`Interval` returns `Interval` or `None`" is
    false; "returns a `Shape`" of a subclass of it is true; another class of the tree, not
    among its ancestors, is false; anything else is undecided."""
    from pse.verify.claims.types import union_members  # types imports this module

    found = ancestry(resolver, cls)
    name = short(cls.qualname)
    if any(b.replace(" ", "").startswith("metaclass=") for b in cls.bases):
        return undecided(f"{name} names a metaclass")
    for owner in found.tree:
        for new in resolver.index.members(owner, "__new__"):
            node = function_node(resolver, new)
            if node is None or not all(_makes_own(r.value) for r in own_returns(node)):
                return undecided(f"`__new__` of {short(owner)} may return another object")
    said = union_members(target.name) or frozenset({target.name.rsplit(".", 1)[-1]})
    message = f"calling {name} gives an instance of it"
    if "None" in said:
        return Decision(False, f"{message}, never `None`", at(cls), correction=cls.name)
    own = {q.rsplit(".", 1)[-1] for q in found.tree} | {cls.name}
    if said <= own:
        return Decision(True, message, at(cls))
    others = said - own
    if found.complete and all(
            any(s.kind == "class" for s in resolver.index.by_name(n)) for n in others):
        return Decision(False, message, at(cls), correction=cls.name)
    return undecided(message)


def _makes_own(value: ast.expr | None) -> bool:
    """Whether a ``__new__`` returns what ``object.__new__(cls, ...)`` makes: a call of a
    ``__new__`` whose first argument is ``cls``."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
        value.func.attr == "__new__" and bool(value.args) and \
        isinstance(value.args[0], ast.Name) and value.args[0].id == "cls"


def _written_without_none(resolver: Resolver, subject: Symbol, target: Named,
                          names: tuple[str, ...]) -> Decision | None:
    """Of a claim about the annotation: false when it leaves out the annotation's `None`
    ("-> bool" written of "-> bool | None", of ``Optional[bool]``): what is written is
    another annotation. None when the annotation holds no `None` or the claim has it."""
    from pse.verify.claims.types import union_members  # types imports this module

    if not {"None", "Optional"} & set(names):
        return None
    said = union_members(target.name) or {target.name.rsplit(".", 1)[-1]}
    if not said or "None" in said or "Optional" in target.name:
        return None
    shown = sorted({n.rsplit(".", 1)[-1] for n in names} - _TYPE_WRAPPERS)
    return Decision(False, f"{short(subject.qualname)} is annotated to return "
                    f"{_annotation_text(resolver, subject, shown)}, `None` too", at(subject))


def _annotated_returns(resolver: Resolver, subject: Symbol, target: Named,
                       names: tuple[str, ...], *, annotated: bool, yielded: bool) -> Decision:
    """:func:`returns` of a function with a return annotation, which holds ``names``."""
    shown = sorted({n.rsplit(".", 1)[-1] for n in names} - _TYPE_WRAPPERS)
    message = f"{short(subject.qualname)} is annotated to return " \
              f"{_annotation_text(resolver, subject, shown)}"
    wanted = _type_of_value(target.name.rsplit(".", 1)[-1])
    if wanted in _CONTAINERS and not yielded and \
            set(outer_types(resolver, subject) or ["?"]) <= _ONE_PASS:
        # ``-> Iterator[str]``: an iterator (a generator) is consumed once, no `list`
        return Decision(False, message, at(subject))
    outer = _said_of_the_outer_type(resolver, subject, target, wanted, names, message,
                                    yielded=yielded, annotated=annotated)
    if outer is not None:
        return outer
    if wanted in {n.rsplit(".", 1)[-1] for n in names}:
        return Decision(True, message, at(subject))
    if annotated and target.symbols and shown and all(
            any(s.kind == "class" for s in resolver.index.by_name(n)) for n in shown):
        return Decision(False, message, at(subject),
                        correction=shown[0] if len(shown) == 1 else "")
    if shown == ["None"] and wanted != "None":  # returns nothing, whatever the name is
        return Decision(False, message, at(subject), correction="None")
    if wanted == "None" and _never_none(resolver, outer_types(resolver, subject)):
        return Decision(False, message, at(subject),
                        correction=shown[0] if len(shown) == 1 else "")
    classes = [s for s in target.symbols if s.kind == "class"] or \
        _aliased_classes(resolver, target)
    written = {n.rsplit(".", 1)[-1] for n in names}
    if not classes and wanted in _BUILTIN_VALUES and (shown or written & _CONCRETE.keys()):
        return _returns_builtin(resolver, subject, names, wanted, message, annotated=annotated)
    if not classes and not target.symbols and shown:
        return _outside_class(resolver, subject, target.name, message)
    if not classes or not shown:
        return undecided(message)
    if not _other_classes(resolver, subject, shown, classes):
        return undecided(message)
    return Decision(False, message, at(subject), correction=shown[0] if len(shown) == 1 else "")


def _aliased_classes(resolver: Resolver, target: Named) -> list[Symbol]:
    """The classes of the tree a type alias joins ("returns a `Tree`" of ``Tree =
    Union[Element, Hash, ...]``): what such a value is; empty unless every member of the
    union is a class of the tree."""
    from pse.verify.claims.types import union_members  # types imports this module

    found: list[Symbol] = []
    for alias in target.symbols:
        members = union_members(bound_value(resolver, alias)) \
            if alias.kind in {"variable", "constant", "attribute"} else None
        if not members:
            return []
        for member in members:
            classes = [c for c in resolver.index.by_name(member) if c.kind == "class"]
            if not classes:
                return []
            found.extend(classes)
    return found


_CONTAINERS = frozenset({"list", "tuple", "dict", "set", "frozenset", "str", "bytes"})
_MANY = frozenset({"list", "List", "tuple", "Tuple", "set", "Set", "frozenset", "FrozenSet",
                   "Sequence", "Iterable", "Iterator", "Generator", "Collection", "dict",
                   "Dict", "Mapping", "AsyncIterator", "AsyncGenerator"})
"""Outer types that hold many values: a single value is none of them."""
_ONE_PASS = frozenset({"Iterator", "Generator", "AsyncIterator", "AsyncGenerator"})
"""Return annotations of a value read once: no container a reader may index or reuse."""
_CALLABLE_TYPES = frozenset({"Callable", "function", "callable", "Awaitable", "Coroutine"})


def _returns_receiver(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether the method ``subject`` returns the object it is called on ("returns
    `self`", "returns itself", 返回自身): true when a ``return self`` is written, false when
    every return writes a value that is no receiver (nothing, a literal, a display, an
    operation), open when one returns a name or a call that may be it."""
    node = function_node(resolver, subject)
    if node is None:
        return undecided("not a function whose body can be read")
    values = [r.value for r in own_returns(node)]
    name = short(subject.qualname)
    if any(isinstance(v, ast.Name) and v.id == "self" for v in values):
        return Decision(True, f"{name} returns the receiver (`self`)", at(subject))
    if all(v is None or isinstance(v, _NO_RECEIVER) for v in values):
        shown = listing([ast.unparse(v) if v is not None else "None" for v in values]) \
            if values else "nothing"
        return Decision(False, f"{name} returns {shown}", at(subject))
    return undecided(f"{name} returns a value that may be the receiver")


def _only_receiver(resolver: Resolver, subject: Symbol) -> bool:
    """Whether every ``return`` of the method ``subject`` returns ``self`` (one at least)."""
    node = function_node(resolver, subject)
    values = [r.value for r in own_returns(node)] if node is not None else []
    return bool(values) and all(isinstance(v, ast.Name) and v.id == "self" for v in values)


_NO_RECEIVER = (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.JoinedStr, ast.BinOp,
                ast.Compare, ast.BoolOp, ast.UnaryOp, ast.ListComp, ast.DictComp, ast.SetComp,
                ast.GeneratorExp)
"""Returned values that are never the receiver."""


def _returned_constant(resolver: Resolver, subject: Symbol, claimed: str) -> Decision | None:
    """"`f` returns `True`" of a function each of whose ``return`` statements returns a
    constant: one of them must be ``True`` (`__exit__` that only returns ``None`` never
    returns ``True``, whatever its ``Optional[bool]`` allows). None: not a claim of
    ``True`` or ``False``, or a return of another shape. The same holds of any literal
    ("`main` returns `1`" of a function that returns only ``0`` or ``2``)."""
    try:
        wanted = repr(ast.literal_eval(claimed.strip("` ")))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    found = resolver.index.returned(subject)
    if not found or any(r.kind not in {"none", "literal"} for r in found):
        return None
    constants = set()
    for value in found:
        try:
            constants.add(repr(ast.literal_eval(value.text)))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None  # ``a == b``, ``[x]``: a value of a known type, not a constant
    message = f"{short(subject.qualname)} returns only {listing(sorted(constants))}"
    return Decision(wanted in constants, message, at(subject))


def _returns_a_callable(resolver: Resolver, subject: Symbol) -> bool:
    """Whether ``subject`` is annotated to return only callables (``Callable[...]``)."""
    outer = outer_types(resolver, subject) or []
    return bool(outer) and all(o == "Callable" for o in outer)


_ITERATORS = frozenset({"Iterator", "Iterable", "Generator", "AsyncIterator", "AsyncIterable",
                        "AsyncGenerator"})


def _yielded(resolver: Resolver, subject: Symbol, target: Named) -> Decision | None:
    """Whether the items of the iterator ``subject`` is annotated to return
    (``Iterator[T]``, ``Generator[T, ...]``) are ``target``; None when the annotation is no
    such iterator or its item type is not one a class can be told from."""
    annotation = _return_annotation(resolver, subject)
    outer, args = _subscripted(annotation) if annotation is not None else ("", [])
    if outer not in _ITERATORS or not args:
        return None
    wanted = _type_of_value(target.name.rsplit(".", 1)[-1])
    same = same_type(resolver, args[0], ast.Name(wanted), depth=0)
    if same is None:
        return None
    return Decision(same, f"{short(subject.qualname)} is annotated to yield "
                    f"`{ast.unparse(args[0])}`", at(subject))


def _said_of_the_outer_type(resolver: Resolver, subject: Symbol, target: Named, wanted: str,
                            names: Iterable[str], message: str, *, yielded: bool = False,
                            annotated: bool = False) -> Decision | None:
    """A builtin value (``None``, ``int``) claimed of an annotation whose outer types are
    read: those decide, never a type nested in them (``Callable[..., None]`` returns no
    None; "returns an int" is false of ``List[int]``); with ``yielded``, the items of an
    iterator decide ("`f` yields a `Result`"), and a function annotated to return only a
    callable returns nothing else. Said of the annotation (``annotated``), ``Any`` is
    no ``None``; of what is returned, it may be. None: not such a claim."""
    items = _yielded(resolver, subject, target) if yielded else None
    if items is not None:  # "`f` yields a `Result`": the items of the iterator it returns
        return items
    if _returns_a_callable(resolver, subject) and wanted not in _CALLABLE_TYPES:
        return Decision(False, message, at(subject))  # a factory: ``-> Callable[..., T]``
    outer = outer_types(resolver, subject)
    if outer is None or target.symbols:
        return None
    if wanted == "None" and ("None" not in outer if annotated else _never_none(resolver, outer)):
        return Decision(False, message, at(subject),
                        correction=outer[0] if len(outer) == 1 else "")
    if wanted in _BUILTIN_VALUES and wanted != "None":
        return _returns_builtin(resolver, subject, names, wanted, message, annotated=annotated)
    return None


def _other_classes(resolver: Resolver, subject: Symbol, shown: list[str],
                   classes: list[Symbol]) -> bool:
    """Whether every type the annotation returns (its outer types: ``KeysView[KT]``
    returns a view, not a ``KT``) is a class that is neither one of ``classes``, a base nor
    a subclass of one; a type variable or an unknown name may be anything."""
    outer = outer_types(resolver, subject)
    for name in [n for n in outer if n != "None"] if outer else shown:
        if name in _BUILTIN_TYPES:
            continue
        found = [s for s in resolver.index.by_name(name) if s.kind == "class"]
        if not found and not _outside_unrelated(resolver, name, classes):
            return False
        if any(_related(resolver, s, classes) for s in found):
            return False
    return True


def _outside_unrelated(resolver: Resolver, name: str, classes: list[Symbol]) -> bool:
    """Whether the standard-library class ``name`` (a return annotation's outer type) is
    no base of any claimed class of the tree: each has its whole ancestry read, and none
    of it is that class. An ABC that recognises subclasses by their methods
    (``Iterable``), a name not introspected (a type variable, ``Any``) or a class of
    another library is never ruled out."""
    outside = outside_class(resolver, name)
    if outside is None or "__subclasshook__" in vars(outside):
        return False
    for cls in classes:
        tree = ancestry(resolver, cls)
        bases = {n.rsplit(".", 1)[-1] for e in tree.external for n in (external_mro(e) or (e,))}
        if not tree.complete or outside.__name__ in bases:
            return False
    return True


_MAYBE_NONE = frozenset({"None", "Any", "object", "NoneType", "Optional"})
"""Outer types whose value may be ``None``."""


def _never_none(resolver: Resolver, outer: list[str] | None) -> bool:
    """Whether a return annotation read by its outer types (``outer``) rules ``None`` out:
    each type is a builtin, a class of the tree, or a type variable bound to one
    (``TypeVar("E", bound=Emitter)``). An unbound type variable, ``Any`` or a name the tree
    does not define may be ``None``."""
    if not outer:
        return False
    for name in outer:
        if name in _MAYBE_NONE:
            return False
        if name in _BUILTIN_VALUES or name in _CONCRETE:
            continue
        found = resolver.index.by_name(name)
        if found and all(s.kind == "class" for s in found):
            continue
        if not found or not all(_bound_type_variable(resolver, s) for s in found):
            return False
    return True


def _bound_type_variable(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether ``symbol`` is assigned a ``TypeVar`` bound to a class of the tree."""
    value = type_variable(resolver, symbol)
    if value is None or ast.unparse(value.func).rsplit(".", 1)[-1] != "TypeVar":
        return False
    bound = next((k.value for k in value.keywords if k.arg == "bound"), None)
    if not isinstance(bound, ast.Name | ast.Attribute):
        return False
    classes = resolver.index.by_name(ast.unparse(bound).rsplit(".", 1)[-1])
    return bool(classes) and all(c.kind == "class" for c in classes)


def _outside_class(resolver: Resolver, subject: Symbol, claimed: str, message: str
                   ) -> Decision:
    """Whether a function annotated with builtin types only (``-> bool``, ``-> list[str] |
    None``) returns an instance of the standard-library class ``claimed``: false when no
    annotated type is that class, a subclass or a base of it (``list`` is a ``Sequence``;
    a ``bool`` is no ``asyncio.Future``); undecided for any other annotation or a class
    that cannot be introspected (a library's class may subclass a builtin)."""
    outer = outer_types(resolver, subject)
    cls = outside_class(resolver, claimed)
    if outer is None or cls is None:
        return undecided(message)
    made: list[type] = []
    for name in outer:
        concrete = _CONCRETE.get(name, name)
        value = type(None) if concrete == "None" else getattr(builtins, concrete, None)
        if concrete not in _BUILTIN_VALUES or not isinstance(value, type):
            return undecided(message)
        made.append(value)
    if any(issubclass(m, cls) or issubclass(cls, m) for m in made):
        return undecided(message)
    return Decision(False, message, at(subject))


_GENERATOR = GeneratorType
_ASYNC_GENERATOR = collections.abc.AsyncGenerator
_AWAITABLE_CLASSES = frozenset({"Future", "Task", "Awaitable", "Coroutine", "Deferred",
                                "Promise"})
_BUILTIN_VALUES = _BUILTIN_TYPES | {"list", "dict", "set", "tuple", "frozenset"}
_TRANSPARENT = frozenset({"Optional", "Union", "Annotated", "typing", "t", "te",
                          "typing_extensions", "collections", "abc"})
"""Wrappers that say nothing of the returned type itself."""
_CONCRETE = TYPING_CONTAINERS
"""Annotation wrappers that name one builtin container."""
_BUILTIN_RESULTS = {"len": "int", "repr": "str", "ascii": "str", "format": "str", "chr": "str",
                    "ord": "int", "hash": "int", "isinstance": "bool", "issubclass": "bool",
                    "hasattr": "bool", "callable": "bool", "any": "bool", "all": "bool",
                    "sorted": "list", "hex": "str", "oct": "str", "bin": "str",
                    "iter": "iterator", "id": "int", "input": "str", "open": "file"}
"""Builtin functions (not shadowed by the tree) and the type of what they return."""


def _returns_builtin(resolver: Resolver, subject: Symbol, names: Iterable[str], wanted: str,
                     message: str, *, annotated: bool = False) -> Decision:
    """Whether a function annotated with ``names`` returns the builtin ``wanted``:
    false when every annotated type is another builtin or a class of the tree whose
    ancestry is read whole and does not hold ``wanted`` (``-> None`` is no ``int``; a
    ``Mapping`` subclass is no ``tuple``); undecided for a type variable, ``Any``, an
    outside class or ``object``."""
    written = {n.rsplit(".", 1)[-1] for n in names}
    outer = outer_types(resolver, subject)
    if outer is not None:  # ``List[Callable]`` is a list: its element types say nothing
        written = set(outer)
    containers = (written & _TYPE_WRAPPERS) - _TRANSPARENT
    if wanted in {_CONCRETE.get(c) for c in containers} or wanted in written:
        return Decision(True, message, at(subject))  # ``Dict[str, str]`` is a dict
    if wanted == "object" or containers - _CONCRETE.keys() or \
            written & {"Any", "object"} and not annotated:
        return undecided(message)  # a ``Sequence`` may be one; ``Any`` may return anything
    shown = sorted(written - _TYPE_WRAPPERS)
    for name in shown:
        if name in _BUILTIN_VALUES:
            if {name, wanted} <= _NUMBERS:
                return _numbers_returned(resolver, subject, wanted, message)
            continue
        found = [s for s in resolver.index.by_name(name) if s.kind == "class"]
        if not found and not resolver.index.by_name(name) and \
                _unrelated_classes(resolver, name, wanted):
            continue  # ``-> Path`` is no ``str``: a standard-library class read whole
        if not found:
            return undecided(message)  # a type variable, Any, an outside class...
        for cls in found:
            tree = ancestry(resolver, cls)
            outside = {n.rsplit(".", 1)[-1] for e in tree.external
                       for n in (external_mro(e) or (e,))}
            if not tree.complete or wanted in outside:
                return undecided(message)
    return Decision(False, message, at(subject), correction=shown[0] if len(shown) == 1 else "")


def _type_of_value(written: str) -> str:
    """The type a claimed return names: ``True`` and ``False`` are what a ``bool`` returns
    ("`contains` returns `True` if ..." is false of ``-> List[int]``)."""
    return "bool" if written in {"True", "False"} else written


def _annotation_text(resolver: Resolver, subject: Symbol, shown: list[str]) -> str:
    """The return annotation as written (```List[int]```), else the names it holds."""
    written = _return_annotation(resolver, subject)
    if written is None:
        return listing(shown)
    text = ast.unparse(written)
    return f"`{text if len(text) <= 60 else text[:57] + '...'}`"


def _numbers_returned(resolver: Resolver, subject: Symbol, wanted: str,
                      message: str) -> Decision:
    """An ``int`` claimed of ``-> float`` (or the other way round): PEP 484 lets the
    annotation stand for either, so the ``return`` statements decide where each one's
    type is known ("`to_seconds` returns an `int`" is false of ``return float(x)``)."""
    found = resolver.index.returned(subject) or ()
    outcomes = [_returns_one(resolver, subject, r, wanted=wanted, classes=[]) for r in found]
    if not found or any(o is None for o in outcomes):
        return undecided(message)
    if any(outcomes):
        return Decision(True, message, at(subject))
    return Decision(False, f"{message} and returns {_said(found)}", at(subject))


def outer_types(resolver: Resolver, subject: Symbol) -> list[str] | None:
    """The types a function's return annotation says it returns, each by its outer name
    (``Optional[List[Callable]]`` is ``List`` or ``None``; None: no annotation read)."""
    annotation = _return_annotation(resolver, subject)
    if annotation is None:
        return None
    found = _outer(annotation, depth=0)
    return None if "" in found else found


def _return_annotation(resolver: Resolver, subject: Symbol) -> ast.expr | None:
    node = function_node(resolver, subject)
    return _unquoted(node.returns) if node is not None and node.returns is not None else None


def _unquoted(annotation: ast.expr) -> ast.expr:
    """A string annotation (``"list[Job]"``) as the expression it spells."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return ast.parse(annotation.value, mode="eval").body
        except (SyntaxError, ValueError, RecursionError):
            return annotation
    return annotation


def generic_returns(resolver: Resolver, subject: Symbol, written: str, *,
                    annotated: bool = False) -> Decision:
    """Whether ``subject`` is annotated to return the subscripted type ``written``
    ("returns an `Iterator[str]`"): the outer types must be one and each argument the same
    type; an argument that is another class, neither a subclass nor a base of it, makes the
    claim false (``Iterator[Path]`` is no ``Iterator[str]``). Unions, type variables and
    names not read leave it undecided."""
    if subject.kind == "class" and not annotated and re.match(r"(?:typing\.)?(?:Union|Optional)\[",
                                                              written.strip()):
        return _called_class(resolver, subject, Named(written, written.strip()))
    if subject.kind not in {"function", "method"}:
        return undecided("not a function")
    try:
        claimed = ast.parse(written.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return undecided(f"`{written}` is not a type")
    actual = _return_annotation(resolver, subject)
    if actual is None:
        return _unannotated_alternatives(resolver, subject, claimed) or \
            _unannotated_outer(resolver, subject, claimed, annotated=annotated) or \
            undecided(f"{short(subject.qualname)} has no return annotation")
    message = f"{short(subject.qualname)} is annotated to return `{ast.unparse(actual)}`"
    if annotated and _optional(claimed) and not (set(_outer(actual, depth=0))
                                                 & _MAYBE_NONE):
        # "its return type is annotated as `Optional[bool]`" of a written `-> bool`
        return Decision(False, message, at(subject))
    if annotated and _optional(actual) and not _optional(claimed) and not (
            set(_outer(claimed, depth=0)) & _MAYBE_NONE):
        # "the return annotation is `Dict[str, Any]`" of a written `-> Optional[Dict[...]]`
        return Decision(False, message, at(subject))
    if annotated and _fewer_or_more_alternatives(actual, claimed):
        return Decision(False, message, at(subject))
    if _spelled(actual) == _spelled(claimed):
        return Decision(True, message, at(subject))
    alternatives = _same_alternatives(resolver, actual, claimed)
    if alternatives is not None:
        return Decision(alternatives, message, at(subject))
    same = same_type(resolver, actual, claimed, depth=0)
    return undecided(message) if same is None else Decision(same, message, at(subject))


def _unannotated_outer(resolver: Resolver, subject: Symbol, claimed: ast.expr, *,
                       annotated: bool) -> Decision | None:
    """Of a function without a return annotation said to return a builtin container of
    something ("a list of sets", `list[set]`): false where its returns or docstring decide
    against the container (a function that yields returns a generator); None otherwise,
    since what the container holds is not read."""
    outer = _outer(claimed, depth=0)
    if annotated or len(outer) != 1 or outer[0] not in _BUILTIN_VALUES:
        return None
    decision = returns(resolver, subject, Named(outer[0], outer[0]))
    return decision if decision.holds is False else None


def _unannotated_alternatives(resolver: Resolver, subject: Symbol, claimed: ast.expr
                              ) -> Decision | None:
    """Of a function without a return annotation said to return one of some builtin types
    ("a list or a dict"): false where its returns decide against each of them, None
    otherwise (one of them may be right)."""
    alternatives = _outer(claimed, depth=0)
    if len(alternatives) < 2 or not set(alternatives) <= _BUILTIN_VALUES | {"None"}:
        return None
    decided = [returns(resolver, subject, Named(a, a, external=True)) for a in alternatives]
    if all(d.holds is False for d in decided):
        return Decision(False, "; ".join(dict.fromkeys(d.message for d in decided)),
                        at(subject))
    return None


def _same_alternatives(resolver: Resolver, actual: ast.expr, claimed: ast.expr
                       ) -> bool | None:
    """Of a claim of alternatives ("returns a string or `None`", ``Union[int, str]``):
    true where the annotation's alternatives are the same outer types, false where one
    claimed is no class, subclass or base of any annotated one (a string is no ``int``
    and no ``None``); None where the claim is one type, or a name is not read."""
    claimed_outer = _outer(claimed, depth=0)
    actual_outer = _outer(actual, depth=0)
    if len(claimed_outer) < 2 or "" in claimed_outer + actual_outer:
        return None
    if set(claimed_outer) == set(actual_outer):
        return True
    if any(all(_unrelated_classes(resolver, c, a) for a in actual_outer)
           for c in claimed_outer):
        return False
    return None


def _spelled(annotation: ast.expr) -> str:
    """An annotation as written, without the ``typing.`` its names may be read through."""
    return re.sub(r"\b(?:typing|t|te|typing_extensions)\.", "", ast.unparse(annotation))


def _fewer_or_more_alternatives(actual: ast.expr, claimed: ast.expr) -> bool:
    """Whether a claimed annotation leaves out alternatives the written one has, or adds
    some to them (``Optional[Document]`` of ``Optional[Union[Document, List[Document]]]``):
    each one's outer names, all read, one set strictly inside the other."""
    mine, theirs = set(_outer(actual, depth=0)), set(_outer(claimed, depth=0))
    return "" not in mine | theirs and (mine < theirs or theirs < mine)


def _optional(node: ast.expr) -> bool:
    """Whether a written type allows ``None`` (``Optional[X]``, ``Union[X, None]``,
    ``X | None``)."""
    return "None" in _outer(_unquoted(node), depth=0)


_GENERIC_NAMES = {"List": "list", "Dict": "dict", "Set": "set", "FrozenSet": "frozenset",
                  "Tuple": "tuple", "Type": "type"}


def same_type(resolver: Resolver, actual: ast.expr, claimed: ast.expr, *, depth: int
               ) -> bool | None:
    """Whether two type expressions name one type (None: cannot say). ``Literal[...]``
    names the values it lists, in any order."""
    actual, claimed = _unquoted(actual), _unquoted(claimed)
    if depth > 6:
        return None
    a_outer, a_args = _subscripted(actual)
    c_outer, c_args = _subscripted(claimed)
    if a_outer == c_outer == "Literal" and a_args and c_args:
        listed = [_literal_values(args) for args in (a_args, c_args)]
        return None if None in listed else listed[0] == listed[1]
    if not a_outer or not c_outer or {a_outer, c_outer} & {"Optional", "Union", "Annotated"}:
        return None
    if _GENERIC_NAMES.get(a_outer, a_outer) != _GENERIC_NAMES.get(c_outer, c_outer):
        return False if _unrelated_classes(resolver, a_outer, c_outer) else None
    if _GENERIC_NAMES.get(a_outer, a_outer) == "tuple" and _variadic(a_args) and \
            _variadic(c_args):  # ``Tuple[str, ...]``: any number of strings, on both sides
        a_args, c_args = a_args[:-1], c_args[:-1]
    if len(a_args) != len(c_args):
        return None if a_args and c_args else True  # ``list`` is ``list[str]`` unsaid
    results = [same_type(resolver, a, c, depth=depth + 1)
               for a, c in zip(a_args, c_args, strict=True)]
    if False in results:
        return False
    return None if None in results else True


def _variadic(args: list[ast.expr]) -> bool:
    """Whether a tuple type's arguments end in ``...`` after one type (``Tuple[str, ...]``)."""
    return len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is Ellipsis


def _literal_values(args: list[ast.expr]) -> frozenset[object] | None:
    """The values a ``Literal[...]`` lists, or None where one is not written out."""
    try:
        return frozenset(ast.literal_eval(a) for a in args)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None


def _subscripted(node: ast.expr) -> tuple[str, list[ast.expr]]:
    """A type's outer name and its arguments ("" for an expression of another shape)."""
    if isinstance(node, ast.Subscript):
        outer, _ = _subscripted(node.value)
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return outer, list(inner)
    if isinstance(node, ast.Name | ast.Attribute):
        return ast.unparse(node).rsplit(".", 1)[-1], []
    if isinstance(node, ast.Constant) and node.value is None:
        return "None", []
    return "", []


def _unrelated_classes(resolver: Resolver, first: str, second: str) -> bool:
    """Whether two names are classes, each of the tree (its ancestry read whole), a
    builtin or of the standard library, and neither is a subclass of the other."""
    tree: list[list[Symbol]] = []
    outside: list[type] = []
    for name in (_GENERIC_NAMES.get(first, first), _GENERIC_NAMES.get(second, second)):
        found = resolver.index.by_name(name)
        if found:
            if not all(s.kind == "class" and ancestry(resolver, s).complete for s in found):
                return False
            tree.append(found)
            continue
        # ``None`` in an annotation is its class: nothing else returns it (``-> None`` is
        # no ``list[object]``)
        cls = type(None) if name == "None" else getattr(builtins, name, None) \
            if name in _BUILTIN_VALUES else outside_class(resolver, name)
        if not isinstance(cls, type) or "__subclasshook__" in vars(cls):
            return False  # an unknown name, a type variable, a structural ABC
        outside.append(cls)
    if len(outside) == 2:
        return not (issubclass(outside[0], outside[1]) or issubclass(outside[1], outside[0]))
    if len(tree) == 2:
        return not any(_related(resolver, s, tree[1]) for s in tree[0])
    bases = {n.rsplit(".", 1)[-1] for s in tree[0] for e in ancestry(resolver, s).external
             for n in (external_mro(e) or (e,))}
    return outside[0].__name__ not in bases


def _outer(annotation: ast.expr, *, depth: int) -> list[str]:
    """The outer names of one annotation's alternatives ("" for one not read)."""
    if depth > 8:
        return [""]
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return _outer(ast.parse(annotation.value, mode="eval").body, depth=depth + 1)
        except (SyntaxError, ValueError, RecursionError):
            return [""]
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return ["None"]
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return [*_outer(annotation.left, depth=depth + 1),
                *_outer(annotation.right, depth=depth + 1)]
    if isinstance(annotation, ast.Subscript):
        outer = _outer(annotation.value, depth=depth + 1)
        inner = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) \
            else [annotation.slice]
        if outer == ["Optional"]:
            return [*_outer(inner[0], depth=depth + 1), "None"]
        if outer == ["Union"]:
            return [n for e in inner for n in _outer(e, depth=depth + 1)]
        if outer == ["Annotated"]:
            return _outer(inner[0], depth=depth + 1)
        return outer
    if isinstance(annotation, ast.Name | ast.Attribute):
        return [ast.unparse(annotation).rsplit(".", 1)[-1]]
    return [""]


def _another_outer_type(resolver: Resolver, subject: Symbol, target: Named) -> str | None:
    """Of an annotation that joins several types (``Union[Duration, timedelta]``) one of
    which is the claimed one, another outer type than it and ``None``; else None."""
    outer = outer_types(resolver, subject)
    wanted = _type_of_value(target.name.rsplit(".", 1)[-1])
    named = {n.rsplit(".", 1)[-1] for n in outer or ()} - _TRANSPARENT - {"None"}
    if wanted not in named or len(named) < 2:
        return None
    return sorted(named - {wanted})[0]


def returned(resolver: Resolver, subject: Symbol, target: Named, *,
             always: bool = False, following: tuple[str, ...] = ()) -> Decision:
    """Whether the unannotated ``subject`` returns a ``target``, read from its ``return``
    statements. Each must be of a shape that decides (:class:`Returned`): the receiver,
    ``None``, a literal, a constructor call of a class (``cls(...)`` makes the method's
    own class), an awaited result (never the awaitable class itself: the value a `Future`
    resolves to is not that `Future`), or a call of one function of the tree, which
    returns what that function returns (``return self.__class__.from_parts(p)``,
    ``text = render(obj)`` then ``return text``). One return of any other shape leaves the
    claim undecided."""
    found = resolver.index.returned(subject)
    name = short(subject.qualname)
    if not found:
        return undecided(f"{name} has no return annotation")
    wanted = _type_of_value(target.name.rsplit(".", 1)[-1])
    classes = [s for s in target.symbols if s.kind == "class"]
    # "returns a `functools.partial`": an outside class a value of the tree is or is not
    outside = outside_class(resolver, target.name) \
        if not target.symbols and wanted not in _BUILTIN_VALUES | _NAMED_TUPLE else None
    message = f"{name} returns {_said(found)}"
    outcomes = [_returns_one(resolver, subject, r, target=target, wanted=wanted,
                             classes=classes, outside=outside, following=following)
                for r in found]
    if always and any(o is True for o in outcomes) and any(
            o is False for o, r in zip(outcomes, found, strict=True) if r.kind != "raises"):
        return Decision(False, f"{message}: not always a `{wanted}`", at(subject))
    if any(o is True for o in outcomes):
        return Decision(True, message, at(subject))
    if any(o is None for o in outcomes) or not (classes or wanted in _BUILTIN_VALUES
                                                 or wanted in _NAMED_TUPLE or outside):
        return undecided(message)
    return Decision(False, message, at(subject))


def _said(found: tuple[Returned, ...]) -> str:
    """What the returns return, in words ("the receiver (`self`)", "the awaited result
    of an awaitable (`await fut`, `fut.result()`)")."""
    texts = {kind: list(dict.fromkeys(r.text for r in found if r.kind == kind))[:3]
             for kind in dict.fromkeys(r.kind for r in found)}
    words = {"self": "the receiver", "awaited": "the result of an awaitable, not an awaitable",
             "none": "None", "raises": "nothing: it always raises",
             "generator": "a generator: it yields"}
    parts = [f"{words[kind]} ({listing(shown)})" if kind in words
             and kind not in {"none", "generator"}
             else words.get(kind) or listing(shown) for kind, shown in texts.items()]
    return " or ".join(parts)


def _returns_one(resolver: Resolver, subject: Symbol, value: Returned, *,
                 target: Named | None = None, wanted: str, classes: list[Symbol],
                 outside: type | None = None, following: tuple[str, ...] = ()
                 ) -> bool | None:
    """Whether one return is a ``wanted`` (None: its type is not known). ``outside``: the
    builtin or standard-library class ``wanted`` names, when the tree has none so named."""
    if value.kind == "raises":  # it never returns; an abstract placeholder may be said to
        return None if value.name.endswith("NotImplementedError") else False
    if value.kind == "none":
        return wanted == "None"
    if value.kind == "generator":
        return _generator_is(value.name, wanted, classes, outside)
    if value.kind in {"literal", "arithmetic"}:
        return _value_is(value, wanted, outside)
    if outside is not None and value.kind in {"self", "call"}:
        return _instance_of_outside(resolver, subject, value, outside)
    if value.kind == "awaited":
        awaitable = wanted in _AWAITABLE_CLASSES or any(
            _AWAITABLE_CLASSES & {q.rsplit(".", 1)[-1] for q in ancestry(resolver, c).tree}
            for c in classes)
        return False if awaitable else None
    if value.kind == "self":
        owner = [s for s in resolver.index.by_qualname(subject.parent) if s.kind == "class"]
        return _is_or_related(resolver, owner, classes, wanted) if owner else None
    if value.kind == "call" and value.name in _OWN_CLASS:  # ``cls(...)``: the owner's
        owner = [s for s in resolver.index.by_qualname(subject.parent) if s.kind == "class"]
        return _is_or_related(resolver, owner, classes, wanted) if owner else None
    if value.kind == "unknown" and (held := _held_value(resolver, subject, value)):
        # ``return self.parts`` where ``self.parts = list(parts)`` binds it once
        return _returns_one(resolver, subject, held, target=target, wanted=wanted,
                            classes=classes, outside=outside, following=following)
    if value.kind == "call":
        made = _call_is(resolver, value, wanted=wanted, classes=classes)
        callee = None if made is not None or target is None else \
            _called_function(resolver, subject, value.name)
        if callee is None or target is None:
            return made
        return _returned_by(resolver, callee, target, (*following, subject.qualname))
    return None


def _value_is(value: Returned, wanted: str, outside: type | None) -> bool | None:
    """Whether a literal, or arithmetic on a number (``sign * sum(parts)``: a number, a
    str, a list...), is a ``wanted``."""
    if value.kind == "arithmetic":
        return False if wanted in _NOT_FROM_ARITHMETIC else None
    return _literal_is(value.name, wanted, outside)


_NOT_FROM_ARITHMETIC = frozenset({"dict", "set", "frozenset", "bool", "None"})
"""What ``+ - * / // % **`` never give (of builtin operands; ``|`` and ``&`` are no such
operators here)."""
_OWN_CLASS = frozenset({"cls", "self.__class__", "cls.__class__"})
"""Callees that construct the class a method belongs to (or a subclass of it)."""
_RECEIVERS = frozenset({"self", "cls", "self.__class__", "cls.__class__"})
_MAX_CHAIN = 3
"""How many calls deep a return that calls another function of the tree is followed."""


def _called_function(resolver: Resolver, subject: Symbol, callee: str) -> Symbol | None:
    """The one function or method of the tree a return's call names: a method of the
    subject's own class when called on the receiver (``self.render()``,
    ``cls.from_parts()``), else the one function so named in the subject's module or,
    failing that, the whole tree. None when that is not one definition."""
    head, _, last = callee.rpartition(".")
    if head in _RECEIVERS:
        found = resolver.index.by_qualname(f"{subject.parent}.{last}")
    elif head:
        return None  # a method of some value: which class's is not read
    else:
        named = [s for s in resolver.index.by_name(last) if s.kind in {"function", "method"}
                 or s.kind == "class"]
        local = [s for s in named if s.parent == resolver.index.module_of(subject.path)]
        found = local or named
    found = code_first(found)  # a stub beside the module declares it a second time
    functions = [s for s in found if s.kind == "function" or s.kind == "method"
                 and head in _RECEIVERS]
    return functions[0] if len(functions) == 1 == len(found) else None


_HELD = re.compile(r"(?:(?P<own>self|cls)\.)?(?P<name>[A-Za-z_]\w*)")
_VALUE_KINDS = frozenset({"attribute", "variable", "constant"})


def _held_value(resolver: Resolver, subject: Symbol, value: Returned) -> Returned | None:
    """What a return of a name returns when one statement binds it: an attribute of the
    method's class (``self.parts``, bound once, in ``__init__`` or the class body) or a
    name of the function's module; None for any other return, a name bound more than
    once, or a value of no known shape."""
    match = _HELD.fullmatch(value.text)
    if match is None:
        return None
    if not match["own"] and _local(function_node(resolver, subject), match["name"]):
        return None  # a parameter or a local of the function, not the module's name
    if match["own"]:
        node = _attribute_value(resolver, subject.parent, match["name"])
    else:
        qualname = f"{resolver.index.module_of(subject.path)}.{match['name']}"
        bound = [s for s in resolver.index.by_qualname(qualname) if s.kind in _VALUE_KINDS]
        if len(bound) != 1 or len(resolver.index.def_facts(qualname)) != 1:
            return None
        node = bound_value(resolver, bound[0])
    shape = shape_of(node) if node is not None else None
    return shape if shape is not None and shape.kind not in {"unknown", "self"} else None


def _attribute_value(resolver: Resolver, owner: str, name: str) -> ast.expr | None:
    """The value of the one statement of the class ``owner`` that binds its attribute
    ``name`` (``self.name = ...`` in a method, ``name = ...`` in the class body); None when
    more than one binds it, or any binds it otherwise (``+=``, unpacking, a loop)."""
    classes = [s for s in resolver.index.by_qualname(owner) if s.kind == "class"]
    source = resolver.index.source_of(classes[0]) if len(classes) == 1 else None
    try:
        tree = ast.parse(dedented(source)) if source else None
    except (SyntaxError, ValueError, RecursionError):
        return None
    if tree is None or not tree.body or not isinstance(tree.body[0], ast.ClassDef):
        return None
    cls = tree.body[0]
    values: list[ast.expr] = []
    stores = 0
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and node.attr == name and \
                isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"} and \
                not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if len(targets) == 1 and (
                    isinstance(targets[0], ast.Attribute) and targets[0].attr == name
                    and isinstance(targets[0].value, ast.Name)
                    and targets[0].value.id in {"self", "cls"}
                    or isinstance(targets[0], ast.Name) and targets[0].id == name
                    and node in cls.body):
                values.append(node.value)
    stores += sum(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
                  for statement in cls.body for n in ast.walk(statement)
                  if not isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef))
    return values[0] if len(values) == 1 == stores else None


def _local(function: ast.AST | None, name: str) -> bool:
    """Whether ``name`` is a parameter or a local of ``function`` (True when its body
    cannot be read)."""
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return True
    arguments = function.args
    if name in {a.arg for a in (*arguments.posonlyargs, *arguments.args,
                                *arguments.kwonlyargs, arguments.vararg, arguments.kwarg)
                if a is not None}:
        return True
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
               or isinstance(n, ast.Global | ast.Nonlocal) and name in n.names
               for n in ast.walk(function))


def _returned_by(resolver: Resolver, callee: Symbol, target: Named,
                 following: tuple[str, ...]) -> bool | None:
    """Whether what the tree function ``callee`` returns is a ``target``: its annotation or
    its own returns decide, followed at most :data:`_MAX_CHAIN` calls deep and never round
    a cycle (``following``: the functions whose returns led here)."""
    if callee.qualname in following or len(following) >= _MAX_CHAIN:
        return None
    return returns(resolver, callee, target, following=following).holds


def _call_is(resolver: Resolver, value: Returned, *, wanted: str, classes: list[Symbol]
             ) -> bool | None:
    """Whether a return that calls something (a class, a builtin function) makes a
    ``wanted`` (None: not known)."""
    last = value.name.rsplit(".", 1)[-1]
    if last in _BUILTIN_TYPES or last in {"list", "dict", "set", "tuple"}:
        return wanted == last
    if value.name in _BUILTIN_RESULTS and not resolver.index.by_name(value.name):
        result = _BUILTIN_RESULTS[value.name]  # ``len(x)`` is an int
        return None if {result, wanted} <= _NUMBERS and result != wanted \
            else wanted == result
    # ``itertools.pairwise(x)`` names the standard library's, whatever the tree names
    # ``pairwise``
    named = [] if "." in value.name and value.name.split(".", 1)[0] not in \
        resolver.index.top_modules and introspect(value.name) is not None \
        else resolver.index.by_name(last)
    made = [s for s in named if s.kind == "class"]
    others = [s for s in named if s.kind != "class"]
    if not made and not others and classes and _outside_class_named(value.name):
        return False  # ``timedelta(...)``, an outside class: no instance of the tree's
    if not made and not others and wanted in _BUILTIN_VALUES:
        return _outside_instance_is(resolver, value.name, wanted)
    return _is_or_related(resolver, made, classes, wanted) if made and not others \
        else None


def _literal_is(made: str, wanted: str, outside: type | None) -> bool:
    """Whether a literal of the builtin type ``made`` is a ``wanted`` (a dict display is a
    `Mapping`)."""
    cls = getattr(builtins, made, None)
    if outside is not None and isinstance(cls, type):
        return issubclass(cls, outside)
    return wanted == made


def _generator_is(made: str, wanted: str, classes: list[Symbol], outside: type | None
                  ) -> bool | None:
    """Whether the generator a call of a generator function makes (``made``:
    ``Generator`` or ``AsyncGenerator``) is a ``wanted``: an iterator and an iterable it
    is, a list, a builtin value or a class of the tree it is not."""
    if outside is not None:
        made_type = _ASYNC_GENERATOR if made == "AsyncGenerator" else _GENERATOR
        return issubclass(made_type, outside)
    if wanted in _BUILTIN_VALUES or classes:
        return False
    return None


def _instance_of_outside(resolver: Resolver, subject: Symbol, value: Returned,
                         outside: type) -> bool | None:
    """Whether the receiver or a constructed value is an instance of the outside class
    ``outside``: an outside class called is one when it derives from it; a class of the
    tree when its ancestry, read whole, holds it. None: a callee of another kind, an
    ancestry not read whole, or a base related to it the other way (a subclass of
    ``outside`` may stand for it)."""
    if value.kind == "self":
        made = [s for s in resolver.index.by_qualname(subject.parent) if s.kind == "class"]
    else:
        last = value.name.rsplit(".", 1)[-1]
        found = resolver.index.by_name(last)
        if not found:
            called = outside_class(resolver, value.name)
            return None if called is None else issubclass(called, outside)
        made = [s for s in found if s.kind == "class"]
        if len(made) != len(found):
            return None  # a function of that name too
    if not made:
        return None
    for cls in made:
        bases = outside_bases(resolver, cls)
        if bases is None:
            return None
        for base in bases:
            if issubclass(base, outside):
                return True
            if base is not object and issubclass(outside, base):
                return None
    return False


def _outside_instance_is(resolver: Resolver, callee: str, wanted: str) -> bool | None:
    """Whether a call of the builtin or standard-library class ``callee`` (``timedelta(0)``,
    ``itertools.islice(...)``) makes a ``wanted`` builtin value: an instance of a subclass
    of it; never ``None`` (None: ``callee`` is no such class)."""
    cls = outside_class(resolver, callee)
    if cls is None:
        return None
    builtin = type(None) if wanted == "None" else getattr(builtins, wanted, None)
    return issubclass(cls, builtin) if isinstance(builtin, type) else None


def _outside_class_named(name: str) -> bool:
    """Whether a callee the tree does not define is a builtin or standard-library class
    (``dict``, ``timedelta`` imported from ``datetime``)."""
    home = stdlib_home(name) if "." not in name else ""
    return isinstance(introspect(f"{home}.{name}" if home else name), type)


def _is_or_related(resolver: Resolver, made: list[Symbol], classes: list[Symbol],
                   wanted: str) -> bool | None:
    """True when a class of ``made`` is the wanted one; None when one is related to it
    (a base or a subclass: the claim may loosely hold); else False."""
    if any(m.name == wanted for m in made):
        return True
    if not classes and wanted in _BUILTIN_TYPES:
        return False
    if not classes and wanted in _BUILTIN_VALUES | _NAMED_TUPLE:
        return _made_builtin(resolver, made, wanted)
    if not classes or any(_related(resolver, m, classes) for m in made):
        return None
    return False


_NAMED_TUPLE = frozenset({"namedtuple", "NamedTuple"})
_LOOSE = {"dict": frozenset({"Mapping", "MutableMapping", "UserDict"}),
          "list": frozenset({"Sequence", "MutableSequence", "UserList"}),
          "set": frozenset({"Set", "MutableSet", "AbstractSet"}),
          "str": frozenset({"UserString"})}
"""Abstract bases a reader may loosely call by the builtin they imitate: a
``MutableMapping`` subclass said to be "a dict" is left open."""


def _made_builtin(resolver: Resolver, made: list[Symbol], wanted: str) -> bool | None:
    """Whether an instance of one of the tree classes ``made`` is the builtin container
    ``wanted`` (or a named tuple): a subclass of it is ("returns a `dict`" of ``class
    Dict(dict)``); one whose ancestry is read whole and holds neither it nor a base that
    imitates it is not. None when an outside base's ancestry cannot be read."""
    for cls in made:
        tree = ancestry(resolver, cls)
        bases: set[str] = set()
        for name in tree.external:
            mro = external_mro(name)
            if mro is None:
                return None
            bases |= {n.rsplit(".", 1)[-1] for n in mro}
        if wanted in _NAMED_TUPLE and bases & ({"tuple"} | _NAMED_TUPLE) or wanted in bases:
            return None if wanted in _NAMED_TUPLE and not bases & _NAMED_TUPLE else True
        if not tree.complete or bases & _LOOSE.get(wanted, frozenset()):
            return None
    return False


def _related(resolver: Resolver, cls: Symbol, others: list[Symbol]) -> bool:
    mine = ancestry(resolver, cls).tree.keys()
    return any(o.qualname in mine or cls.qualname in ancestry(resolver, o).tree.keys()
               for o in others)


def return_arity(resolver: Resolver, subject: Symbol, count: int) -> Decision:
    """Whether the tuple ``subject`` returns has ``count`` elements ("returns a tuple of
    two elements", "返回一个包含三个元素的元组"): the sizes its annotation fixes
    (``tuple[A, B, C]``, any ``None`` beside it left aside), else those of the tuples its
    ``return`` statements write, when every one writes a tuple. ``tuple[A, ...]``, a
    tuple built at run time or any other return leaves it open."""
    annotation = _return_annotation(resolver, subject)
    sizes = _annotated_sizes(annotation) if annotation is not None else None
    how = "is annotated to return"
    if sizes is None and annotation is None:
        node = function_node(resolver, subject)
        values = [r.value for r in own_returns(node) if r.value is not None] \
            if node is not None else []
        if values and all(isinstance(v, ast.Tuple) and not any(
                isinstance(e, ast.Starred) for e in v.elts) for v in values):
            sizes = {len(v.elts) for v in values if isinstance(v, ast.Tuple)}
            how = "returns"
    if not sizes:
        return undecided("the size of what it returns is not written")
    shown = " or ".join(f"{n}" for n in sorted(sizes))
    message = f"{short(subject.qualname)} {how} a tuple of {shown} elements"
    return Decision(sizes == {count}, message, at(subject),
                    correction="" if sizes == {count} else shown)


def _annotated_sizes(annotation: ast.expr) -> set[int] | None:
    """The element counts of the fixed-size tuples an annotation names (None: another
    type, or a tuple of any size, among its alternatives)."""
    annotation = _unquoted(annotation)
    alternatives: list[ast.expr] = []
    stack = [annotation]
    while stack:
        node = stack.pop()
        outer, args = _subscripted(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            stack.extend((node.left, node.right))
        elif outer in {"Optional", "Union"}:
            stack.extend(args)
        elif not (isinstance(node, ast.Constant) and node.value is None):
            alternatives.append(node)
    sizes: set[int] = set()
    for node in alternatives:
        outer, args = _subscripted(node)
        if outer not in {"tuple", "Tuple"} or not args or any(
                isinstance(a, ast.Constant) and a.value is Ellipsis for a in args):
            return None
        sizes.add(len(args))
    return sizes or None

