"""Deciding claims about what things are: inheritance, kinds, and where they live."""

from __future__ import annotations

import ast
import builtins
import copy
import re
from collections.abc import Sequence
from dataclasses import replace

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.walk import is_sample_path
from pse.verify.claims.code import (
    enum_members,
    functional_fields,
    instance_classes,
    literal_entries,
    names_word,
)
from pse.verify.claims.decision import Decision, at, listing, short, undecided, with_article
from pse.verify.claims.decorating import decorator_kinds
from pse.verify.claims.folding import NotFoldable, folded_value
from pse.verify.claims.names import (
    Ancestry,
    Named,
    ancestry,
    bound_definition,
    direct_bases,
    external_mro,
    introspect,
    outside_bases,
    outside_class,
)
from pse.verify.claims.returns import returns_a_value, same_type
from pse.verify.claims.source import binding, bound_value, own_returns, type_variable
from pse.verify.claims.words import TYPING_CONTAINERS, builtin_type
from pse.verify.defsource import dedented
from pse.verify.externals import stdlib_home
from pse.verify.resolve import Resolver

_PROPERTY_DECORATORS = ("property", "cached_property", "setter", "getter", "deleter")
_KNOWN_DECORATORS = {*_PROPERTY_DECORATORS, "classmethod", "staticmethod", "abstractmethod",
                     "wraps", "overload", "override", "final", "contextmanager",
                     "asynccontextmanager"}


def subclass(resolver: Resolver, subject: Symbol, obj: Named, *, direct: bool = False
             ) -> Decision:
    """Whether ``obj`` is in the MRO of the class ``subject`` (with ``direct``: among the
    bases its ``class`` statement writes)."""
    if subject.kind in {"attribute", "variable", "constant"}:
        named = _bound_name(resolver, subject, obj, direct=direct)
        if named is not None:
            return named
    if subject.kind != "class":
        return _value_is_a(resolver, subject, obj) or \
            undecided(f"{short(subject.qualname)} is not a class")
    found = ancestry(resolver, subject)
    bases = listing(list(subject.bases)) if subject.bases else "only `object`"
    message = f"{short(subject.qualname)}'s bases are {bases}"
    if _fallback_of(resolver, subject, obj):
        return Decision(True, f"{short(subject.qualname)} is `{obj.name}` where that imports; "
                        "the class is its fallback", at(subject))
    targets = {s.qualname for s in obj.symbols if s.kind == "class"}
    if subject.qualname in targets:  # "`Signal` 继承自 `Signal`": another class of its name
        return _from_itself(subject, found, message)
    if targets & found.tree.keys():
        base = found.tree[sorted(targets & found.tree.keys())[0]]
        if direct and not _is_direct_base(subject, obj):
            return Decision(False, message, at(subject), correction=_direct_base(subject))
        return Decision(True, message, at(base))
    outside = _outside_names(resolver, obj)
    if outside & found.external or _written_as_base(obj, found) or \
            ("." in obj.name and obj.name in subject.bases):
        # (the last: spelled as the class statement writes it, "`abc.ItemsView`" of
        # ``class ItemsView(abc.ItemsView)`` whose ``abc`` is imported from a sibling)
        if direct and not _is_direct_base(subject, obj):
            return Decision(False, message, at(subject), correction=_direct_base(subject))
        return Decision(True, message, at(subject))
    if (targets and not obj.external) or (outside and found.complete):
        return Decision(False, message, at(subject), correction=_direct_base(subject))
    if direct and not _is_direct_base(subject, obj) and \
            direct_bases(resolver, subject) is not None:
        # "lists `B` as a second base": the class statement's bases, each resolved (no
        # alias among them), decide, whatever lies above them
        return Decision(False, message, at(subject), correction=_direct_base(subject))
    return _never_an_ancestor(subject, obj, message) or \
        undecided(f"{message}; not every base can be read")


def _never_an_ancestor(subject: Symbol, obj: Named, message: str) -> Decision | None:
    """False where ``obj`` cannot be an ancestor however the bases read: ``class
    Version:`` writes no base, so derives from nothing but ``object`` (whatever ``obj``
    is: a type alias, a name the text gives a role); "`singledispatchmethod` is a
    subclass of `singledispatch`", a function: no class derives from a function, whatever
    its other bases are (unless a base is a call of it: ``class A(make_base())``)."""
    function = obj.name.rsplit(".", 1)[-1]
    if not subject.bases and function != "object":
        return Decision(False, message, at(subject), correction=_direct_base(subject))
    if obj.symbols and not obj.external and all(s.kind in {"function", "method"}
                                                for s in obj.symbols) and \
            not any(function in base for base in subject.bases):
        return Decision(False, f"{message}; `{obj.text}` is a function", at(subject),
                        correction=_direct_base(subject))
    return None


def _written_as_base(obj: Named, found: Ancestry) -> bool:
    """Whether an outside name is an ancestor by its last name: a bare one
    ("`MutableSequence`") wherever the tree imported it from (``collections.abc``,
    ``typing``), a dotted one ("`typing.NamedTuple`") that a class statement writes bare."""
    if not obj.name or obj.symbols:
        return False
    last = obj.name.rsplit(".", 1)[-1]
    if "." not in obj.name:
        return last in {e.rsplit(".", 1)[-1] for e in found.external}
    return obj.external and last in {e for e in found.external if "." not in e}


def _fallback_of(resolver: Resolver, subject: Symbol, obj: Named) -> bool:
    """Whether the class ``subject`` is a fallback for the outside class ``obj`` of its
    own name, which its module imports where it can (``try: from functools import
    cached_property`` / ``except ImportError: class cached_property``): "`cached_property`
    就是 `functools.cached_property`" is then true."""
    module, _, name = obj.name.rpartition(".")
    if not (obj.external and module and name == subject.name):
        return False
    text = resolver.index.file_text(subject.path) or ""
    return re.search(rf"^\s*from\s+{re.escape(module)}\s+import\s+[^\n]*\b"
                     rf"{re.escape(name)}\b", text, re.MULTILINE) is not None


def _bound_name(resolver: Resolver, subject: Symbol, obj: Named, *, direct: bool
                ) -> Decision | None:
    """:func:`subclass` of a name bound to a value: the class it is bound to
    (``AlreadyLocked = exc.AlreadyLocked``), or a type variable, which is no class (None:
    neither)."""
    bound = bound_definition(resolver, subject)
    if bound is not None and bound.kind == "class":
        return subclass(resolver, bound, obj, direct=direct)
    if type_variable(resolver, subject) is None:
        return None
    # ``T = TypeVar("T", bound=Base)`` is no class at all; "`T` 是一个 `TypeVar`": it is one
    holds = obj.name.rsplit(".", 1)[-1] == "TypeVar"
    return Decision(holds, f"{short(subject.qualname)} is a type variable"
                    + ("" if holds else ", not a class"), at(subject))


def _from_itself(subject: Symbol, found: Ancestry, message: str) -> Decision:
    """"`A` inherits from `A`": true of a class deriving from another class of its name
    (``class Signal(blinker.Signal)``), false of one whose bases, all read, name none."""
    namesakes = [q for q in found.tree if q != subject.qualname
                 and q.rsplit(".", 1)[-1] == subject.name] + [
        e for e in found.external if e.rsplit(".", 1)[-1] == subject.name]
    if namesakes:
        return Decision(True, message, at(subject))
    if found.complete and not any(b.rsplit(".", 1)[-1] == subject.name for b in subject.bases):
        return Decision(False, f"{message}: a class does not derive from itself", at(subject),
                        correction=_direct_base(subject))
    return undecided(message)


_UNION_FORMS = frozenset({"Union", "Optional", "Callable", "Literal"})
_LITERAL_TYPES: dict[type[ast.expr], type] = {
    ast.Dict: dict, ast.DictComp: dict, ast.List: list, ast.ListComp: list, ast.Set: set,
    ast.SetComp: set, ast.Tuple: tuple, ast.JoinedStr: str}
_BUILTIN_CONSTRUCTORS: dict[str, type] = {t.__name__: t for t in (
    tuple, list, dict, set, frozenset, str, int, float, bool, bytes)}


_BUILTIN_RESULTS: dict[str, type] = {
    "len": int, "hash": int, "id": int, "ord": int, "repr": str, "chr": str, "ascii": str,
    "isinstance": bool, "issubclass": bool, "callable": bool, "hasattr": bool,
    "sorted": list}
"""Builtin functions whose result is always of one type (``self.lexlen = len(s)``)."""


def literal_type(value: ast.expr | None) -> type | None:
    """The builtin type a bound value's form says it has: a literal, a comprehension, an
    f-string, a call of a builtin type (``frozenset(...)``) or of a builtin function of
    one result type (``len(s)``); None for any other form."""
    if isinstance(value, ast.Constant):
        return type(value.value)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return _BUILTIN_CONSTRUCTORS.get(value.func.id) or _BUILTIN_RESULTS.get(value.func.id)
    return _LITERAL_TYPES.get(type(value)) if value is not None else None


_TYPING_BUILTINS = TYPING_CONTAINERS
"""The builtin type a subscripted annotation declares (``Tuple[str, ...]`` is a tuple)."""
_GENERIC_ALIASES = frozenset({*_TYPING_BUILTINS, "Type", "type", "Iterable", "Iterator",
                              "Sequence", "Mapping", "MutableMapping", "Generator"})
"""Generics a type alias subscripts (``VersionTuple = Tuple[int, ...]``): the alias is no
class of its own, so no `NamedTuple` or other class."""


def value_type(resolver: Resolver, subject: Symbol, claimed: str, *, depth: int = 0
               ) -> Decision:
    """Whether the name ``subject`` is bound to a value of the builtin type ``claimed``
    ("`SEPS` is a tuple", in words): read from the value its only binding writes
    (:func:`literal_type`), a value built from literals (:mod:`.folding`), or the value
    of the name it is bound to (one imported or of its module); a value of another form,
    or a name bound more than once, leaves it open."""
    if subject.kind == "class":  # "`Headers` 是一个 `dict`": a class is one by deriving
        return subclass(resolver, subject, Named(claimed, claimed, external=True))
    if subject.kind not in {"attribute", "variable", "constant"}:
        return undecided("not a name bound to a value")
    # a declaration governs every binding: ``path: Final[str]``, then ``self.path = ...``
    declaration = _declaration(resolver, subject)
    if declaration is None and len(_bindings(resolver, subject)) > 1:
        return _rebound_type(resolver, subject, claimed)
    statement = declaration or binding(resolver, subject)
    if isinstance(statement, ast.AnnAssign):  # ``X: float = 5`` is a float as declared
        written = ast.unparse(declared_annotation(statement.annotation))
        base = re.sub(r"\[.*$", "", written).rsplit(".", 1)[-1]  # ``Tuple[str, ...]``
        declared = _TYPING_BUILTINS.get(base, base if base != written else written)
        if not builtin_type(declared):
            return undecided(f"{short(subject.qualname)} is declared `{declared}`")
        same = claimed == declared
        return Decision(same, f"{short(subject.qualname)} is declared `{declared}`",
                        at(subject), correction="" if same else declared)
    value = statement.value if statement is not None else None
    runtime = literal_type(value)
    if runtime is None and depth < _MAX_NAME_HOPS and isinstance(value, ast.Name):
        named = _value_named(resolver, subject, value.id)
        if named is not None:  # ``__version__ = __version__`` after importing it
            return value_type(resolver, named, claimed, depth=depth + 1)
    if runtime is None:
        runtime = _folded_type(resolver, subject)
    made = _outside_result(value) if runtime is None else None
    if made is not None:  # ``DAYS = re.compile(...)`` is a compiled pattern, not a string
        same = claimed == made
        return Decision(same, f"{short(subject.qualname)} is bound to a `{made}`",
                        at(subject), correction="" if same else made)
    if runtime is None and isinstance(value, ast.Call):
        return _instance_is(resolver, subject, value, claimed)
    if runtime is None or runtime is type(None):  # ``X = None`` is a placeholder
        return undecided(f"the type of {short(subject.qualname)}'s value is not written")
    actual = runtime.__name__
    message = f"{short(subject.qualname)} is bound to {with_article(actual)}"
    same = _same_builtin(claimed, actual)
    return Decision(same, message, at(subject), correction="" if same else actual)


def _same_builtin(claimed: str, actual: str) -> bool:
    """Whether a value of the builtin type ``actual`` is what "a ``claimed``" says: "a set"
    of a frozenset is loose but right, "a frozenset" of a set says it is immutable; a bool
    is an int."""
    return claimed == actual or (claimed, actual) in {("set", "frozenset"), ("int", "bool")}


def _bindings(resolver: Resolver, subject: Symbol) -> set[tuple[str, int]]:
    """Where the name ``subject`` is bound: each assignment of a module or class name
    (recorded with its value's form) and each ``self.x = ...`` of an instance attribute
    (one symbol per assignment)."""
    found = {(s.path, s.line) for s in resolver.index.by_qualname(subject.qualname)
             if s.kind in {"attribute", "variable", "constant"}}
    found |= {(subject.path, f.line) for f in resolver.index.def_facts(subject.qualname)}
    return found


def _rebound_type(resolver: Resolver, subject: Symbol, claimed: str) -> Decision:
    """The type of a name bound more than once (``self.lexlen = 0`` in ``__init__``, then
    ``self.lexlen = len(s)``): decided when every binding's form says one type, a
    ``None`` placeholder left out; open when any says none or two disagree."""
    lines = _bindings(resolver, subject)
    seen: set[type] = set()
    for path, line in lines:
        statement = binding(resolver, replace(subject, path=path, line=line))
        runtime = literal_type(statement.value if statement is not None else None)
        if runtime is None:
            return undecided(f"{short(subject.qualname)} is bound more than once")
        if runtime is not type(None):
            seen.add(runtime)
    if len(seen) != 1:
        return undecided(f"{short(subject.qualname)} is bound more than once")
    actual = seen.pop().__name__
    same = _same_builtin(claimed, actual)
    return Decision(same, f"{short(subject.qualname)} is bound {len(lines)} times, each to "
                    f"{with_article(actual)}", at(subject), correction="" if same else actual)


def subscripted_value_type(resolver: Resolver, subject: Symbol, claimed: str) -> Decision:
    """"`NAMES` is a tuple of strings" (``tuple[str, ...]``, from words): the outer type
    decided as a plain one, then what it holds, against the declared type or the entries
    written out (each a literal of one type: ``{"a": 1.0}`` is a ``dict[str, float]``)."""
    try:
        written = ast.parse(claimed, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return undecided(f"`{claimed}` is not a type")
    outer = _TYPING_BUILTINS.get(re.sub(r"\[.*$", "", claimed).rsplit(".", 1)[-1], "")
    if not outer:
        return undecided(f"`{claimed}` is no builtin container")
    plain = value_type(resolver, subject, outer)
    if plain.holds is not True:
        return plain
    declaration = _declaration(resolver, subject)
    statement = declaration or binding(resolver, subject)
    if isinstance(statement, ast.AnnAssign):
        actual: ast.expr | None = declared_annotation(statement.annotation)
    else:
        actual = _entry_types(statement.value if statement is not None else None)
    if actual is None:
        return undecided(f"what {short(subject.qualname)} holds is not written as literals")
    same = same_type(resolver, actual, written, depth=0)
    message = f"{short(subject.qualname)} is bound to `{ast.unparse(actual)}`"
    return undecided(message) if same is None else Decision(same, message, at(subject))


def _entry_types(value: ast.expr | None) -> ast.expr | None:
    """The type a display of literals has with what it holds (``["a", "b"]``:
    ``list[str]``; ``{"a": 1, "b": x}``: ``dict[str, ...]``), or None for another value."""
    def one_type(items: Sequence[ast.expr | None]) -> str:
        found = {type(i.value).__name__ for i in items if isinstance(i, ast.Constant)}
        complete = len(found) == 1 and all(isinstance(i, ast.Constant) for i in items)
        return found.pop() if complete else "..."
    if isinstance(value, ast.Dict) and value.keys:
        text = f"dict[{one_type(value.keys)}, {one_type(value.values)}]"
    elif isinstance(value, ast.List | ast.Set) and value.elts:
        text = f"{'list' if isinstance(value, ast.List) else 'set'}[{one_type(value.elts)}]"
    elif isinstance(value, ast.Tuple) and value.elts:
        text = f"tuple[{one_type(value.elts)}, ...]"
    else:
        return None
    return ast.parse(text, mode="eval").body


_MAX_NAME_HOPS = 3
_OUTSIDE_RESULTS = {"re.compile": "re.Pattern"}
"""What a standard-library function's call makes, for the few whose result a text names
as a type ("a compiled regex")."""


def _outside_result(value: ast.expr | None) -> str | None:
    """The type a call of one of :data:`_OUTSIDE_RESULTS` makes (None: another value)."""
    if not isinstance(value, ast.Call):
        return None
    return _OUTSIDE_RESULTS.get(ast.unparse(value.func))


def _value_named(resolver: Resolver, subject: Symbol, name: str) -> Symbol | None:
    """The value ``name`` stands for where ``subject`` is bound to it: a value of the
    module imported under that name (``from .distro import __version__``), else one
    bound once in the subject's own scope."""
    module = resolver.index.module_of(subject.path)
    tree = _module_ast(resolver, subject.path)
    for node in tree.body if tree is not None else []:
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            if (alias.asname or alias.name) != name:
                continue
            package = module if subject.path.endswith("__init__.py") else \
                module.rpartition(".")[0]
            for _ in range(max(node.level - 1, 0)):
                package = package.rpartition(".")[0]
            source = ".".join(p for p in (package if node.level else "", node.module or "")
                              if p)
            found = [s for s in resolver.index.by_qualname(f"{source}.{alias.name}")
                     if s.kind in {"attribute", "variable", "constant"}]
            return found[0] if len(found) == 1 else None
    own = [s for s in resolver.index.members(subject.parent, name)
           if s.kind in {"attribute", "variable", "constant"} and s != subject]
    return own[0] if len(own) == 1 else None


def _module_ast(resolver: Resolver, path: str) -> ast.Module | None:
    text = resolver.index.file_text(path) if path.endswith(".py") else None
    try:
        return ast.parse(text) if text is not None else None
    except (SyntaxError, ValueError, RecursionError):
        return None


def _folded_type(resolver: Resolver, subject: Symbol) -> type | None:
    """The type of a value built from literals (``set(list("ab") + ...)``), or None."""
    try:
        return type(folded_value(resolver, subject))
    except NotFoldable:
        return None


def _instance_is(resolver: Resolver, subject: Symbol, value: ast.Call, claimed: str
                 ) -> Decision:
    """Whether a name bound to a call of a class is a ``claimed`` builtin value
    (:func:`_instance_of`); undecided when the call is of no class read whole."""
    wanted = getattr(builtins, claimed, None)
    made = _instance_of(resolver, subject, value) if isinstance(wanted, type) else None
    if made is None or not isinstance(wanted, type):
        return undecided(f"the type of {short(subject.qualname)}'s value is not written")
    called, classes, _ = made
    same = any(issubclass(c, wanted) for c in classes)
    return Decision(same, f"{short(subject.qualname)} is bound to an instance of `{called}`",
                    at(subject), correction="" if same else called)


def _instance_of(resolver: Resolver, subject: Symbol, value: ast.Call
                 ) -> tuple[str, list[type], set[str]] | None:
    """The class a call bound to ``subject`` makes an instance of, with the outside
    classes it derives from and the qualnames of its classes of the tree: an outside
    class called (``timedelta(0)``, ``OrderedDict()``) is its own; a class of the tree
    has those of its ancestry. None: a call of a function
    (what it returns is not written here), of a name that resolves to more than one thing,
    or of a class whose ancestry is not read whole."""
    callee = ast.unparse(value.func)
    if not re.fullmatch(r"[A-Za-z_][\w.]*", callee):
        return None
    hits = resolver._resolve_base(subject, callee, 0)  # noqa: SLF001 - a name read where it is written
    if len(hits) != 1:
        return None
    hit = hits[0]
    if hit.symbol is None:
        cls = outside_class(resolver, hit.target or callee)
        return None if cls is None else (cls.__name__, [cls], set())
    if hit.symbol.kind != "class":
        return None
    bases = outside_bases(resolver, hit.symbol)
    if bases is None:
        return None
    return hit.symbol.name, bases, set(ancestry(resolver, hit.symbol).tree)


_QUALIFIERS = frozenset({"Final", "ClassVar", "Annotated", "Required", "NotRequired",
                         "ReadOnly"})
"""Type qualifiers around the type a name is declared with (``path: Final[str]`` is a
``str``; ``Annotated[int, ...]`` an ``int``)."""


def declared_annotation(annotation: ast.expr) -> ast.expr:
    """The type an annotation declares, its qualifiers taken off (``Final[str]`` -> ``str``)."""
    while isinstance(annotation, ast.Subscript) and \
            ast.unparse(annotation.value).rsplit(".", 1)[-1] in _QUALIFIERS:
        inner = annotation.slice
        annotation = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner
    return annotation


def _declaration(resolver: Resolver, subject: Symbol) -> ast.AnnAssign | None:
    """The annotated statement among the bindings of ``subject``'s name, if one is: a
    declared type governs every binding (``path: Final[str]``, then ``self.path = ...``)."""
    return next((b for s in resolver.index.by_qualname(subject.qualname)
                 if isinstance(b := binding(resolver, s), ast.AnnAssign)), None)


_PLAIN_VALUES = frozenset({"bool", "int", "float", "str", "bytes", "complex"})


def plain_value(resolver: Resolver, subject: Symbol) -> str:
    """The builtin scalar type (``bool``, ``str`` ...) an attribute or variable is declared
    with (``is_private: bool``), or bound to as a literal when it is bound once; "" when
    neither says one. Such a value is no class, function or method."""
    if subject.kind not in {"attribute", "variable", "constant"}:
        return ""
    statement = _declaration(resolver, subject)
    if statement is not None:
        declared = ast.unparse(declared_annotation(statement.annotation))
        return declared if declared in _PLAIN_VALUES else ""
    if len(resolver.index.def_facts(subject.qualname)) > 1:
        return ""
    bound = binding(resolver, subject)
    value = literal_type(bound.value) if isinstance(bound, ast.Assign) else None
    name = value.__name__ if value is not None else ""
    return name if name in _PLAIN_VALUES else ""


def _declared_is_a(resolver: Resolver, subject: Symbol, obj: Named) -> Decision | None:
    """"`path` holds a `pathlib.Path`" of an attribute declared with a builtin type
    (``path: Final[str]``): false when that builtin and the class claimed are unrelated
    either way; None otherwise."""
    statement = _declaration(resolver, subject)
    if statement is None:
        return None
    declared = ast.unparse(declared_annotation(statement.annotation))
    builtin = getattr(builtins, declared, None) if builtin_type(declared) else None
    if not isinstance(builtin, type):
        return None
    message = f"{short(subject.qualname)} is declared `{declared}`"
    classes = [s for s in obj.symbols if s.kind == "class"]
    if classes:
        return Decision(False, message, at(subject)) if all(
            builtin.__name__ not in {n.rsplit(".", 1)[-1] for n in ancestry(resolver, c).external}
            and ancestry(resolver, c).complete for c in classes) else None
    cls = outside_class(resolver, obj.name) if not obj.symbols else None
    if cls is None or issubclass(builtin, cls) or issubclass(cls, builtin):
        return None
    return Decision(False, message, at(subject))


def _value_is_a(resolver: Resolver, subject: Symbol, obj: Named) -> Decision | None:
    """"`X` is a `B`" of a name bound to no class: false of a union, optional, callable or
    literal type (``Teardown = Union[...]`` is no `NamedTuple`; it may be called a
    `Union`), and of a literal value whose type is not ``B`` or a subclass of it (``{}``
    is a `dict`, no class of the tree). None: anything else (``B = A`` and ``P =
    namedtuple(...)`` may be classes)."""
    if subject.kind not in {"attribute", "constant", "variable"}:
        return None
    # a declared type governs every binding of the name (``path: Final[str]`` in the class
    # body, then ``self.path = os.fspath(path)``)
    decided = _declared_is_a(resolver, subject, obj)
    if decided is not None:
        return decided
    value = bound_value(resolver, subject)
    claimed = obj.name.rsplit(".", 1)[-1]
    head = ast.unparse(value.value).rsplit(".", 1)[-1] if isinstance(value, ast.Subscript) \
        else ""
    if value is not None and (head in _UNION_FORMS or head in _GENERIC_ALIASES or
                              isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr)):
        if claimed in _UNION_FORMS or claimed in {"TypeAlias", "object", head} or \
                _TYPING_BUILTINS.get(head) in {claimed, claimed.lower()}:
            return None  # ``Tuple[int, str]`` may be called a `Tuple`
        return Decision(False, f"{short(subject.qualname)} is a type alias "
                               f"(`{ast.unparse(value)[:60]}`), not a class", at(subject))
    runtime = literal_type(value)
    if runtime is None and isinstance(value, ast.Call):
        return _instance_is_a(resolver, subject, value, obj)
    if runtime is None:
        return None
    message = f"{short(subject.qualname)} is a `{runtime.__name__}` value"
    if any(s.kind == "class" for s in obj.symbols):
        return Decision(False, message, at(subject))
    cls = introspect(obj.name) if not obj.symbols else None
    if cls is None and not obj.symbols and "." not in obj.name:  # ``Enum``, not imported
        home = stdlib_home(obj.name, cache_file=resolver.externals.stdlib_cache)
        cls = introspect(f"{home}.{obj.name}") if home else None
    if not isinstance(cls, type) or issubclass(runtime, cls):
        return None
    return Decision(False, message, at(subject))


def _instance_is_a(resolver: Resolver, subject: Symbol, value: ast.Call, obj: Named
                   ) -> Decision | None:
    """"`ZERO` is a `timedelta`" of a name bound to a call of a class: true when that class
    is ``obj`` or derives from it, false when not (:func:`_instance_of`); None when the
    call or ``obj`` cannot be read whole."""
    made = _instance_of(resolver, subject, value)
    if made is None:
        return None
    called, outside, tree = made
    message = f"{short(subject.qualname)} is bound to an instance of `{called}`"
    classes = [s for s in obj.symbols if s.kind == "class"]
    if classes:
        return Decision(any(c.qualname in tree for c in classes), message, at(subject))
    wanted = outside_class(resolver, obj.name) if not obj.symbols else None
    if wanted is None:
        return None
    return Decision(any(issubclass(c, wanted) for c in outside), message, at(subject))


def has_subclasses(resolver: Resolver, subject: Symbol) -> Decision:
    """Whether a class of the tree inherits from ``subject`` ("the base class from which
    other classes inherit")."""
    if subject.kind != "class":
        return undecided(f"{short(subject.qualname)} is not a class")
    found = [c for c in resolver.index.subclasses_named(subject.name)
             if c != subject and subject.qualname in ancestry(resolver, c).tree]
    if found:
        return Decision(True, f"{short(found[0].qualname)} inherits from "
                              f"{short(subject.qualname)}", at(found[0]))
    written = resolver.index.subclasses_named(subject.name)
    if written:  # a base of that name the ancestry does not resolve: maybe this one
        return undecided(f"{short(written[0].qualname)} names a base `{subject.name}`")
    if _made_to_subclass(resolver, subject):
        return undecided(f"{short(subject.qualname)} is meant to be subclassed by its users")
    return Decision(False, f"no class of the tree inherits from {short(subject.qualname)}",
                    at(subject))


_FOR_SUBCLASSING = re.compile(r"base|abstract|mixin|interface|protocol", re.I)
"""A class named as a base ("BaseStorage", "PluginMixin") is one for its users' classes."""
_SUBCLASSING_WORDS = re.compile(r"subclass|overrid|inherit|base class|abstract|derive"
                                r"|implement|extend|子类|继承|基类|重写|覆盖", re.I)


def _made_to_subclass(resolver: Resolver, subject: Symbol) -> bool:
    """Whether the class ``subject`` is made for its users to derive from, though nothing in
    the tree does: its name or docstring says so, or it is abstract. "`Storage` is the base
    class for custom storages" is then true of a library with none of its own."""
    if _FOR_SUBCLASSING.search(subject.name):
        return True
    source = resolver.index.source_of(subject) or ""
    tree = parse_quietly(dedented(source).encode("utf-8")) if source else None
    if source and tree is None:
        return True  # unread: keep the claim open
    node = tree.body[0] if tree is not None and tree.body else None
    doc = ast.get_docstring(node) if isinstance(node, ast.ClassDef) else None
    if doc and _SUBCLASSING_WORDS.search(doc):
        return True
    return _abstract(resolver, subject, ancestry(resolver, subject))


def subclass_count(resolver: Resolver, subject: Symbol, count: int, *, direct: bool
                   ) -> Decision:
    """Whether ``count`` classes of the library derive from the class ``subject``
    (``direct``: name it as a base; else either those or every descendant, a reader's two
    senses). Test and sample code is not counted; a class that names a base ``subject``'s
    way which does not resolve leaves the count open."""
    if subject.kind != "class":
        return undecided(f"{short(subject.qualname)} is not a class")
    found: dict[str, Symbol] = {}
    frontier = [subject]
    while frontier:
        parent = frontier.pop()
        for cls in resolver.index.subclasses_named(parent.name):
            if is_sample_path(cls.path) or cls.qualname in found or cls == subject:
                continue
            bases = direct_bases(resolver, cls)
            if bases is None:
                return undecided(f"{short(cls.qualname)} names a base `{parent.name}` "
                                 "that does not resolve")
            if parent.qualname in bases:
                found[cls.qualname] = cls
                frontier.append(cls)
    children = sorted(q for q, c in found.items()
                      if subject.qualname in (direct_bases(resolver, c) or ()))
    every = sorted(found)
    message = (f"{short(subject.qualname)} has {len(children)} direct subclasses"
               f" ({listing(children)})" if children else
               f"no class of the library derives from {short(subject.qualname)}")
    if not direct and len(every) != len(children):
        message += f" and {len(every)} in all"
    holds = count == len(children) or (not direct and count == len(every))
    return Decision(holds, message, at(subject), correction="" if holds else str(len(children)))


def _outside_names(resolver: Resolver, obj: Named) -> set[str]:
    """The dotted names an outside class is known by: as written, and as its module
    calls it (``t.Generic`` is ``typing.Generic`` where the tree imports ``typing as t``)."""
    if obj.symbols or not obj.name:
        return set()
    mro = external_mro(obj.name)
    first, _, rest = obj.name.partition(".")
    if mro is None and rest and (module := resolver.index.any_import_of(first)):
        mro = external_mro(f"{module}.{rest}")
    return {obj.name, mro[0]} if mro else {obj.name}


def base_count(subject: Symbol, count: int) -> Decision:
    """Whether the class ``subject`` names ``count`` bases (a ``Generic[...]`` or
    ``Protocol[...]`` base may be left out of the count, ``object`` too)."""
    if subject.kind != "class":
        return undecided(f"{short(subject.qualname)} is not a class")
    written = list(subject.bases)
    plain = [b for b in written if re.sub(r"\[.*$", "", b).rsplit(".", 1)[-1]
             not in {"Generic", "Protocol", "object"}]
    bases = listing(written) if written else "only `object`"
    message = f"{short(subject.qualname)}'s bases are {bases}"
    if count in {len(written), len(plain)}:
        return Decision(True, message, at(subject))
    return Decision(False, message, at(subject), correction=str(len(written)))


def _is_direct_base(subject: Symbol, obj: Named) -> bool:
    """Whether ``obj`` is one of the bases ``subject``'s ``class`` statement writes (by
    its last name, without type arguments: ``_base.BidictBase[KT, VT]`` is ``BidictBase``)."""
    written = {re.sub(r"\[.*$", "", b).rsplit(".", 1)[-1] for b in subject.bases}
    names = {s.name for s in obj.symbols} or {obj.name.rsplit(".", 1)[-1]}
    return bool(written & names)


def _direct_base(subject: Symbol) -> str:
    return subject.bases[0] if len(subject.bases) == 1 else ""


def built_on(resolver: Resolver, subject: Symbol, obj: Named) -> Decision:
    """"``A`` is built on ``B``": inheritance for classes (a class that only holds or
    calls ``B`` is built on it by composition: undecided); for modules, B is outside A."""
    if subject.kind == "class":
        inherits = subclass(resolver, subject, obj)
        if inherits.holds is False and _uses(resolver, subject, obj.name):
            return undecided(f"{short(subject.qualname)} uses `{obj.name.rsplit('.', 1)[-1]}` "
                             "in its body (composition, not inheritance)")
        return inherits
    inner = [s for s in obj.symbols if s.qualname.startswith(subject.qualname + ".")]
    if subject.kind in {"module", "package"} and inner:
        word = with_article(_kind_word(inner[0]))
        return Decision(False, f"{short(inner[0].qualname)} is {word} of "
                               f"{short(subject.qualname)}", at(inner[0]))
    if subject.kind in {"module", "package"} and not obj.symbols and obj.external:
        return _built_on_outside(resolver, subject, obj.name.rsplit(".", 1)[-1])
    return undecided("no structural reading")


def _built_on_outside(resolver: Resolver, subject: Symbol, name: str) -> Decision:
    """"`timeparse` 的实现基于 `datetime` 模块": a module built on an outside one names it;
    false when no file of its top-level package writes the name as a word (what it is
    built on would be imported somewhere), open when one does."""
    top = subject.qualname.split(".", 1)[0]
    files = [p for p in resolver.index.files if p.endswith(".py") and
             resolver.index.module_of(p).split(".", 1)[0] == top]
    if not files or any(names_word(resolver, p, name) for p in files):
        return undecided(f"`{name}` is named in `{top}`")
    return Decision(False, f"no file of `{top}` names `{name}`", at(subject))


def _uses(resolver: Resolver, subject: Symbol, name: str) -> bool:
    """Whether the definition of ``subject`` names ``name``'s last part past its own line,
    or builds a builtin container of that name as a literal (``self.table = {}`` uses a
    ``dict``: "`lrucache` is based on `dict`" of a class that keeps its items in one)."""
    source = resolver.index.source_of(subject)
    last = name.rsplit(".", 1)[-1]
    body = source.split("\n", 1)[1] if source and "\n" in source else ""
    literal = _CONTAINER_LITERALS.get(last)
    return bool(last) and (re.search(rf"\b{re.escape(last)}\b", body) is not None
                           or literal is not None and literal.search(body) is not None)


_CONTAINER_LITERALS = {"dict": re.compile(r"=\s*\{\s*\}|=\s*\{[^{}\n]*:"),
                       "list": re.compile(r"=\s*\["),
                       "set": re.compile(r"=\s*\{[^:{}\n]+\}")}
"""An assignment of a builtin container written as a literal."""


def _kind_word(symbol: Symbol) -> str:
    return "module" if symbol.kind in {"module", "package"} else symbol.kind


def kind(resolver: Resolver, subject: Symbol, claimed: str, *, negated: bool = False,
         decorator: bool = False) -> Decision:
    """Whether ``subject`` is a ``claimed`` (class, function, method, property...). A
    name bound to a class or function (``FileLock = SoftFileLock``) is one, but "is not a
    class" of it may mean "not one of its own": denied, it is left open. A plain
    attribute may be loosely called a property, but not a ``@property`` (``decorator``:
    the decorator was written) when only ``self.x = ...`` statements bind it."""
    if negated and subject.kind in {"attribute", "variable", "constant"}:
        bound = bound_definition(resolver, subject)
        if bound is not None:
            return undecided(f"{short(subject.qualname)} is another name for "
                             f"{short(bound.qualname)}")
    if claimed == "native":  # "a C function": where it is defined says what it is written in
        python = resolver.index.is_python_source(subject.path)
        message = f"{short(subject.qualname)} is written in " \
            f"{'Python' if python else subject.path.rsplit('.', 1)[-1]} ({subject.path})"
        if python and _may_be_native(resolver, subject):
            return undecided(message)
        return Decision(not python, message, at(subject))
    actual = actual_kinds(resolver, subject)
    word = _describe(actual)
    message = f"{short(subject.qualname)} is {with_article(word)}"
    if claimed == "constructible":  # "is initialized with a schema": a class, an instance
        if actual and actual <= {"module", "package"}:
            return Decision(False, f"{message}: no module is initialized with arguments "
                            "(a class or its instance is)", at(subject))
        return undecided(message)
    if claimed in actual:
        return Decision(True, message, at(subject))
    if decorator and claimed in _PROPERTY_KINDS and _instance_attribute(resolver, subject):
        return Decision(False, f"{short(subject.qualname)} is an attribute its instances "
                        "set (`self.` assignments), no `@property`", at(subject))
    if claimed == "read-only property" and _instance_attribute(resolver, subject) and \
            not _assignment_guarded(resolver, subject):
        # a plain attribute is loosely a property, but any assignment replaces it
        return Decision(False, f"{short(subject.qualname)} is an attribute its instances set "
                        "(`self.` assignments), which any assignment replaces", at(subject),
                        correction="attribute")
    if _defensible(claimed, actual):
        return undecided(message)
    # "is a instance" would be no fix: an instance's sentence needs its own words
    return Decision(False, message, at(subject), correction="" if word == "instance" else word)


_PROPERTY_KINDS = frozenset({"property", "read-only property", "read-write property"})


def _instance_attribute(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether only ``self.x = ...`` statements in methods bind the attribute ``symbol``,
    and no class of its owner's tree ancestry defines a ``def`` of its name."""
    if symbol.kind != "attribute":
        return False
    bindings = resolver.index.by_qualname(symbol.qualname)
    for bound in bindings:
        statement = binding(resolver, bound)
        if isinstance(statement, ast.AnnAssign) and statement.value is None:
            continue  # ``name: Final[str]`` in the class body declares, binds nothing
        targets = statement.targets if isinstance(statement, ast.Assign) else \
            [statement.target] if isinstance(statement, ast.AnnAssign) else []
        if not any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                   and t.value.id == "self" and t.attr == symbol.name for t in targets):
            return False
    owners = [c for c in resolver.index.by_qualname(symbol.parent) if c.kind == "class"]
    if len(owners) != 1 or not ancestry(resolver, owners[0]).complete:
        return False
    return not any(m.kind == "method" for cls in ancestry(resolver, owners[0]).tree
                   for m in resolver.index.members(cls, symbol.name))


def _assignment_guarded(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether the class owning the attribute ``symbol`` may refuse assignments: a class
    of its tree ancestry defines ``__setattr__`` or ``__slots__``, or any of them is
    decorated (``@dataclass(frozen=True)``, ``@attr.s(frozen=True)``)."""
    owners = [c for c in resolver.index.by_qualname(symbol.parent) if c.kind == "class"]
    tree = ancestry(resolver, owners[0]).tree if len(owners) == 1 else ()
    return not tree or any(
        resolver.index.members(cls, "__setattr__") or resolver.index.members(cls, "__slots__")
        or any(f.decorators for f in resolver.index.def_facts(cls)) for cls in tree)


_NATIVE_LANGUAGES = frozenset({"c", "cpp", "rust"})
_CYTHON = (".pyx", ".pxd")


def _may_be_native(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether a Python definition may stand in for native code: its module imports a
    private module from outside the tree (``import _asyncio``: CPython replaces
    ``asyncio.Future`` with ``_asyncio.Future``), or the tree holds native sources."""
    module = resolver.index.module_of(symbol.path)
    tree = resolver.index.top_modules
    for alias in resolver.index.import_aliases(module):
        for target in resolver.index.import_targets(module, alias):
            top = target.split(".", 1)[0]
            if top.startswith("_") and not top.startswith("__") and top not in tree:
                return True
    return any(language in _NATIVE_LANGUAGES or path.endswith(_CYTHON)
               for path, (language, _) in resolver.index.files.items())


def actual_kinds(resolver: Resolver, symbol: Symbol) -> set[str]:
    """The kinds a symbol is, most specific first in :func:`_describe`'s order."""
    facts = [f for f in resolver.index.def_facts(symbol.qualname) if f.line == symbol.line]
    decorators = {d.rsplit(".", 1)[-1] for f in facts for d in f.decorators}
    is_async = any(f.is_async for f in facts)
    if symbol.kind == "package":  # a directory of modules: of another package, a sub one
        return {"module", "subpackage"}
    if symbol.kind == "module":
        return {"module"}
    if symbol.kind == "class":
        found = ancestry(resolver, symbol)
        if {"BaseException", "builtins.BaseException"} & found.external:
            return {"class", "exception"}
        unknown = _unknown_decorators(decorators - _PLAIN_CLASS_DECORATORS - {"dataclass"})
        decorating = decorator_kinds(resolver, symbol, unknown_decorators=unknown)
        return {"class", *decorating, *_class_kinds(resolver, symbol, found)} \
            if found.complete else \
            {"class", "?exception", "?enum", "?dataclass", "?protocol", "?namedtuple",
             "?metaclass", "?abstract class", "?context manager", *decorating,
             *_class_kinds(resolver, symbol, found)}
    if symbol.kind in {"function", "method"}:
        kinds = _callable_kinds(symbol, decorators, is_async=is_async,
                                module_level=resolver.index.module_of(symbol.path)
                                == symbol.parent)
        kinds |= _managing(resolver, symbol, decorators)
        kinds |= decorator_kinds(resolver, symbol,
                                 unknown_decorators=_unknown_decorators(decorators))
        if "property" in decorators:
            kinds.add("read-write property" if _has_setter(resolver, symbol)
                      else "read-only property")
        if symbol.kind == "method" and _abstract_method(resolver, symbol):
            kinds |= {"abstract method"} | ({"abstract property"} if "property" in kinds
                                            else set())
        return kinds
    if symbol.kind in {"attribute", "variable", "constant"}:
        return _value_kinds(resolver, symbol, {f.value for f in facts})
    return {"?"}


def _value_kinds(resolver: Resolver, symbol: Symbol, values: set[str]) -> set[str]:
    """The kinds of a name bound to a value, by the forms of the values bound to it."""
    if values == {"alias"}:
        return {"alias", "attribute"}
    bound = bound_definition(resolver, symbol) if values == {"name"} else None
    if bound is not None:  # ``SortedListWithKey = SortedKeyList``: that class
        return actual_kinds(resolver, bound)
    if type_variable(resolver, symbol) is not None:
        return {"type variable", "attribute"}
    if values == {"call"} and functional_fields(resolver, symbol) is not None:
        return {"class", "namedtuple"}  # ``P = namedtuple("P", ["x", "y"])``
    built = _property_call(resolver, symbol) if values == {"call"} else None
    if built is not None:  # ``width = property(_get_w, _set_w)`` in a class body
        return {"property", built}
    module_level = resolver.index.module_of(symbol.path) == symbol.parent
    instance = _instance_of_tree_class(resolver, symbol) if values == {"call"} else None
    if instance is not None:  # ``stop_never = _stop_never()``: no class
        # one instance a module binds once (``day_name = _localized_day('%A')``) is what
        # many call a constant: not a finding either way
        loose = {"?constant"} if module_level else set()
        return {"instance", "attribute", "?function", "?decorator", *loose} if instance else \
            {"instance", "attribute", *loose}
    if module_level and symbol.name.isupper() and values == {"literal"}:
        return {"constant", "attribute"}
    if values != {"literal"} and plain_value(resolver, symbol):
        return {"attribute"}  # ``is_private: bool``: a scalar, no callable or class
    return {"attribute", "?literal"} if values == {"literal"} else {"attribute", "?"}


def _property_call(resolver: Resolver, symbol: Symbol) -> str | None:
    """"read-only property" or "read-write property" for a class attribute bound once to
    ``property(fget)`` or ``property(fget, fset)`` (``fset=``); None for any other value."""
    if len(resolver.index.by_qualname(symbol.qualname)) != 1:
        return None
    statement = binding(resolver, symbol)
    call = statement.value if statement is not None else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id == "property"):
        return None
    settable = len(call.args) >= 2 or any(k.arg in {"fset", "fdel"} for k in call.keywords)
    return "read-write property" if settable else "read-only property"


def _instance_of_tree_class(resolver: Resolver, symbol: Symbol) -> bool | None:
    """Whether ``symbol`` is bound to a call of a class of the tree, an instance of it and
    so no class: every definition of the called name is a class whose ancestry is read
    whole, none of them a metaclass (whose instances are classes). True when the class
    is callable (``__call__``: a function to some readers), False when not; None when
    ``symbol`` is not such an instance."""
    found = instance_classes(resolver, symbol)
    if found is None:
        return None
    return any(resolver.index.members(q, "__call__")
               for cls in found for q in ancestry(resolver, cls).tree)


def _has_setter(resolver: Resolver, symbol: Symbol) -> bool:
    """Whether the property ``symbol`` has a setter or deleter (``@name.setter``)."""
    return any(d.rsplit(".", 1)[-1] in {"setter", "deleter"}
               for f in resolver.index.def_facts(symbol.qualname) for d in f.decorators)


def alias_of(resolver: Resolver, subject: Symbol, obj: Named, *, written: str) -> Decision:
    """Whether ``written`` (resolved to ``subject``) is another name for what ``obj``
    names: bound to it (``X = Y``, ``X: TypeAlias = Y[int]``, ``add = append`` in a class
    body) or imported under another name. A ``class`` or ``def`` statement makes a
    definition of its own, never an alias; a ``TypeVar`` stands for no one type."""
    targets = {s.qualname for s in obj.symbols}
    wanted = obj.name.rsplit(".", 1)[-1]
    said = written.strip("`() ").rsplit(".", 1)[-1]
    name = short(subject.qualname)
    if subject.qualname in targets:
        if said != subject.name:  # ``from .core import Y as X``: the same definition
            return Decision(True, f"`{said}` is imported as a name for {name}", at(subject))
        return undecided("the same name")
    if subject.kind in {"class", "function", "method"}:
        delegates = _delegates_to(resolver, subject, wanted)
        if delegates is not False:  # ``return self.inverse``: an alias in all but form
            return Decision(True, f"{name} only hands on to `{wanted}`", at(subject)) \
                if delegates else undecided(f"{name} names `{wanted}` in its body")
        word = with_article(_kind_word(subject))
        return Decision(False, f"{name} is {word} defined by its own statement, not another "
                        "name", at(subject))
    if subject.kind not in {"attribute", "variable", "constant"}:
        return undecided("no structural reading")
    bound = bound_definition(resolver, subject)
    if bound is not None:
        holds = bound.qualname in targets or (not obj.symbols and bound.name == wanted)
        return Decision(holds, f"{name} is bound to {short(bound.qualname)}", at(subject),
                        correction="" if holds else bound.name)
    if type_variable(resolver, subject) is not None:
        return Decision(False, f"{name} is a type variable", at(subject))
    value = bound_value(resolver, subject)
    outer = value.value if isinstance(value, ast.Subscript) else value
    if value is not None and isinstance(outer, ast.Name | ast.Attribute) and \
            ast.unparse(outer).rsplit(".", 1)[-1] == wanted:
        return Decision(True, f"{name} is bound to `{ast.unparse(value)}`", at(subject))
    if isinstance(value, ast.Call) and _only_called(value, wanted):
        shown = _clipped(ast.unparse(value))
        return Decision(False, f"{name} is bound to the result of a call, `{shown}`",
                        at(subject))
    builtin = _builtin_bound(resolver, subject, value)
    if builtin:  # ``FNFError = OSError``: a builtin no name of the tree hides
        holds = getattr(builtins, wanted, None) is getattr(builtins, builtin)
        return Decision(holds, f"{name} is bound to the builtin `{builtin}`", at(subject),
                        correction="" if holds else builtin)
    if isinstance(value, ast.Name | ast.Attribute) and not _chained(resolver, value):
        # ``POS = inspect.Parameter.POSITIONAL_OR_KEYWORD``: bound to another outside name,
        # which no name of the tree stands between
        shown = ast.unparse(value)
        return Decision(False, f"{name} is bound to `{shown}`", at(subject), correction=shown)
    return _bound_type(resolver, subject, obj, value, wanted) or \
        _no_other_name(resolver, subject, obj, value) or \
        _other_value(resolver, subject, obj) or \
        undecided(f"{name} is bound to another value")


def _other_value(resolver: Resolver, subject: Symbol, obj: Named) -> Decision | None:
    """Of a name bound to another name of the tree (``tz_names = win_tz``) said to be
    another name of a value (``tz_win``): each followed through its bindings to the
    statement that makes its value; two such statements make two objects. None where a
    chain cannot be followed (bound twice, or to a name outside the tree)."""
    if not obj.symbols or not all(o.kind in _VALUE_KINDS for o in obj.symbols):
        return None
    mine = _value_root(resolver, subject)
    theirs = [_value_root(resolver, o) for o in obj.symbols]
    if mine is None or any(t is None for t in theirs):
        return None
    # one statement may bind both names (``__version__ = version = "2.0"``)
    holds = (mine.path, mine.line) in {(t.path, t.line) for t in theirs if t is not None}
    return Decision(holds, f"{short(subject.qualname)} is bound to "
                    f"{short(mine.qualname)}'s value", at(mine),
                    correction="" if holds else mine.name)


_VALUE_KINDS = frozenset({"attribute", "variable", "constant"})


def _value_root(resolver: Resolver, symbol: Symbol, depth: int = 0) -> Symbol | None:
    """The binding that makes ``symbol``'s value, following ``X = Y`` through names the
    tree binds once (None: bound more than once, or a name it cannot follow)."""
    if symbol.kind not in _VALUE_KINDS:
        return symbol  # a class or function is an object of its own
    if depth > 8 or len([s for s in resolver.index.by_qualname(symbol.qualname)
                         if s.kind in _VALUE_KINDS]) != 1:
        return None
    value = bound_value(resolver, symbol)
    if value is None:  # a literal too long to read whole still opens its statement
        first = (resolver.index.source_of(symbol) or "").strip().split("\n")[0]
        opened = re.fullmatch(rf"{re.escape(symbol.name)}\s*(?::[^=]+)?=\s*([\[{{(]).*", first)
        return symbol if opened else None
    if not isinstance(value, ast.Name | ast.Attribute):
        return symbol
    hits = {h.symbol for h in resolver.lookup(f"{symbol.parent}.{ast.unparse(value)}")
            if h.symbol is not None}
    return _value_root(resolver, hits.pop(), depth + 1) if len(hits) == 1 else None


def _bound_type(resolver: Resolver, subject: Symbol, obj: Named, value: ast.expr | None,
                wanted: str) -> Decision | None:
    """Of a name bound to a type expression: the claim's type compared with it, as a
    subscripted type (:func:`_written_type`) or as a union of members; None where
    neither decides."""
    if value is None:
        return None
    holds = _written_type(value, obj, wanted, resolver)
    if holds is None:
        claimed, bound_to = union_members(obj.text), union_members(value)
        if claimed is None or bound_to is None or len(claimed) < 2 or len(bound_to) < 2:
            return None  # two unions only (one name may be a chain)
        holds = claimed == bound_to
    shown = _clipped(ast.unparse(value))
    return Decision(holds, f"{short(subject.qualname)} is bound to `{shown}`", at(subject),
                    correction="" if holds else shown)


def _written_type(value: ast.expr | None, obj: Named, wanted: str, resolver: Resolver
                  ) -> bool | None:
    """Of a name bound to a subscripted type (``X = Dict[str, Reader]``): whether it is
    the type the claim writes out (``Literal["t", "m"]`` against ``Literal["t", "b"]``),
    or, where the claim names another type of the tree that the value does not mention
    (``WritersType`` "an alias of" ``ReadersType``), False. None where neither is said."""
    if not isinstance(value, ast.Subscript):
        return None
    try:
        written = ast.parse(obj.text.strip("` "), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    if isinstance(written, ast.Subscript):
        return same_type(resolver, value, written, depth=0)
    if obj.symbols and isinstance(written, ast.Name | ast.Attribute) and not any(
            isinstance(n, ast.Name) and n.id == wanted or
            isinstance(n, ast.Attribute) and n.attr == wanted or
            isinstance(n, ast.Constant) and isinstance(n.value, str) and wanted in n.value
            for n in ast.walk(value)):
        return False
    return None


def _clipped(shown: str) -> str:
    """An expression shown in a message, cut to 60 characters."""
    return shown if len(shown) <= 60 else shown[:59] + "…"


def _no_other_name(resolver: Resolver, subject: Symbol, obj: Named, value: ast.expr | None
                   ) -> Decision | None:
    """False of a name bound to a value written out (``X = {...}``) or to an instance
    (``X = Utc()``) said to be another name of a class or a function, which no such value
    is; None for any other target or value."""
    definition = bool(obj.symbols) and all(o.kind in {"class", "function", "method"}
                                           for o in obj.symbols) or \
        not obj.symbols and callable(introspect(obj.name))
    if not definition or value is None:
        return None
    name = short(subject.qualname)
    shown = _clipped(ast.unparse(value))
    if isinstance(value, _WRITTEN_VALUES):
        return Decision(False, f"{name} is bound to a value written there, `{shown}`",
                        at(subject))
    made = _instance_of(resolver, subject, value) if isinstance(value, ast.Call) else None
    if made is not None and not any(issubclass(c, type) for c in made[1]) and \
            made[0] != obj.name.rsplit(".", 1)[-1]:
        return Decision(False, f"{name} is bound to an instance of `{made[0]}`", at(subject))
    return None


_WRITTEN_VALUES = (ast.Constant, ast.Dict, ast.List, ast.Tuple, ast.Set, ast.JoinedStr,
                   ast.Lambda, ast.DictComp, ast.ListComp, ast.SetComp, ast.GeneratorExp)
"""Values written out where a name is bound: the name is no other name of a class or a
function."""


def _builtin_bound(resolver: Resolver, subject: Symbol, value: ast.expr | None) -> str:
    """The builtin a name bound once is bound to (``OldError = OSError``, ``Writer = dict``),
    where the tree binds that name nowhere; "" otherwise (a second binding, as under
    ``try``/``except NameError``, may bind another)."""
    if not isinstance(value, ast.Name) or not hasattr(builtins, value.id) or \
            resolver.index.by_name(value.id) or \
            len(resolver.index.by_qualname(subject.qualname)) != 1:
        return ""
    return value.id


def _chained(resolver: Resolver, value: ast.Name | ast.Attribute) -> bool:
    """Whether the name a value is written as may stand for something else of the tree: a
    name the tree binds as a value (``X = Y`` where ``Y = Z``), or one whose first part is
    no import (a local, a class attribute read through ``self``)."""
    last = ast.unparse(value).rsplit(".", 1)[-1]
    if any(s.kind in {"attribute", "variable", "constant", "parameter"}
           for s in resolver.index.by_name(last)):
        return True
    return bool(resolver.index.by_name(last)) or isinstance(value, ast.Name)


def union_members(expression: str | ast.expr | None) -> frozenset[str] | None:
    """The types a union type expression joins, by last name (``int | str``,
    ``Union[int, str]``, ``Optional[int]`` with ``None``), or None for anything else: a
    claim "`X` is an alias of `int | str`" about ``X = float | str`` is false."""
    if isinstance(expression, str):
        try:
            expression = ast.parse(expression.strip("` "), mode="eval").body
        except (SyntaxError, ValueError, RecursionError):
            return None
    if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
        return union_members(expression.value)  # a quoted alias: ``X: TypeAlias = "A | B"``
    if isinstance(expression, ast.BinOp) and isinstance(expression.op, ast.BitOr):
        left, right = union_members(expression.left), union_members(expression.right)
        return None if left is None or right is None else left | right
    if isinstance(expression, ast.Subscript):
        head = ast.unparse(expression.value).rsplit(".", 1)[-1]
        inner = expression.slice
        items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        if head in {"Union", "Optional"}:
            found = [union_members(i) for i in items]
            if any(f is None for f in found):
                return None
            joined = frozenset().union(*(f for f in found if f is not None))
            return joined | {"None"} if head == "Optional" else joined
        return frozenset({_last_names(expression)})
    if isinstance(expression, ast.Name | ast.Attribute):
        return frozenset({ast.unparse(expression).rsplit(".", 1)[-1]})
    if isinstance(expression, ast.Constant) and expression.value is None:
        return frozenset({"None"})
    return None


def _last_names(expression: ast.expr) -> str:
    """A type written with every dotted name cut to its last part (``t.List[t.Any]`` is
    ``List[Any]``)."""
    class _Cut(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            return ast.Name(id=node.attr, ctx=ast.Load())
    return ast.unparse(_Cut().visit(copy.deepcopy(expression)))


def _only_called(value: ast.Call, wanted: str) -> bool:
    """Whether a call expression names ``wanted``, and only as a function it calls: what
    it binds is a result (``lru_cache()(_pick())`` is what ``_pick()`` returned, not
    ``_pick``). A name handed to the call (``wraps(f)``, ``partial(f, 1)``) may be wrapped
    into something that stands for it, and a name it does not spell may be what a call
    in it returns."""
    called = {id(node.func) for node in ast.walk(value) if isinstance(node, ast.Call)}
    named = [node for node in ast.walk(value)
             if isinstance(node, ast.Name) and node.id == wanted
             or isinstance(node, ast.Attribute) and node.attr == wanted]
    return bool(named) and all(id(node) in called for node in named)


def _delegates_to(resolver: Resolver, subject: Symbol, wanted: str) -> bool | None:
    """Whether the ``def`` or ``class`` statement of ``subject`` only hands on to
    ``wanted`` (True: a body that is one ``return wanted`` or ``return wanted(...)``, or a
    class with an empty body and ``wanted`` as base; None: a function of more statements
    that names ``wanted``; False: it never does, its one ``return`` only uses it, or a
    class with a body of its own)."""
    source = resolver.index.source_of(subject) \
        if resolver.index.is_python_source(subject.path) else None
    try:
        node = ast.parse(dedented(source or "")).body[0]
    except (SyntaxError, ValueError, RecursionError, IndexError):
        return None
    named = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    if wanted not in named:
        return False
    body = [b for b in getattr(node, "body", []) if not (
        isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]  # the docstring
    if isinstance(node, ast.ClassDef):  # a class with a body of its own is another class
        return all(isinstance(b, ast.Pass) for b in body) and wanted in {
            ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
    only = body[0] if len(body) == 1 else None
    value = only.value if isinstance(only, ast.Return) else None
    called = value.func if isinstance(value, ast.Call) else value
    if isinstance(called, ast.Name | ast.Attribute) and \
            ast.unparse(called).rsplit(".", 1)[-1] == wanted:
        if isinstance(value, ast.Call) and isinstance(node, ast.FunctionDef
                                                      | ast.AsyncFunctionDef):
            return _passes_through(node, value)
        return True
    if value is not None:  # ``return "%s%s" % (n, ordinal(n))``: built on it, not it
        return False
    if any(not _hands_on(r.value, wanted) for r in own_returns(node)):
        return False  # ``if s is None: return Markup()`` before ``return escape(s)``
    return None  # more statements: a warning before the hand-over may still make an alias


def _hands_on(value: ast.expr | None, wanted: str) -> bool:
    """Whether a returned value is ``wanted`` or a call of it."""
    called = value.func if isinstance(value, ast.Call) else value
    return isinstance(called, ast.Name | ast.Attribute) and \
        ast.unparse(called).rsplit(".", 1)[-1] == wanted


def _passes_through(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> bool:
    """Whether ``function`` hands its own parameters on to ``call`` as they come (the
    receiver aside when it calls a method of its own): then it is another name for the
    callee in all but form. ``def typedmethodkey(self, *args): return typedkey(*args)``
    takes one more argument than it passes: another signature, no alias."""
    args = function.args
    mine = [a.arg for a in (*args.posonlyargs, *args.args)]
    if mine and mine[0] in {"self", "cls"} and isinstance(call.func, ast.Attribute) and \
            isinstance(call.func.value, ast.Name) and call.func.value.id == mine[0]:
        mine = mine[1:]
    mine += [f"*{args.vararg.arg}"] if args.vararg else []
    mine += [f"{a.arg}={a.arg}" for a in args.kwonlyargs]
    mine += [f"**{args.kwarg.arg}"] if args.kwarg else []
    passed: list[str] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Name):
            passed.append(f"*{arg.value.id}")
        elif isinstance(arg, ast.Name):
            passed.append(arg.id)
        else:
            return False
    for keyword in call.keywords:
        if keyword.arg is None and isinstance(keyword.value, ast.Name):
            passed.append(f"**{keyword.value.id}")
        elif isinstance(keyword.value, ast.Name) and keyword.value.id == keyword.arg:
            passed.append(f"{keyword.arg}={keyword.arg}")
        else:
            return False
    return passed == mine


_PLAIN_CLASS_DECORATORS = frozenset({"total_ordering", "final", "unique", "verify",
                                     "runtime_checkable", "deprecated", "override"})
"""Standard-library class decorators that add methods or checks, never a record's fields."""


def _class_kinds(resolver: Resolver, symbol: Symbol, found: Ancestry) -> set[str]:
    """The kinds of class ``symbol`` is besides a class: an enumeration (an ``Enum`` base),
    a dataclass (``@dataclass`` on it or an ancestor of the tree), a protocol (a
    ``Protocol`` base), a metaclass (``type`` among its ancestors). A decorator pse does
    not know may make a dataclass; any class may satisfy a protocol structurally, so "is
    a protocol" is refuted only for enums and dataclasses."""
    kinds: set[str] = set()
    if enum_members(resolver, symbol) is not None:
        kinds.add("enum")
    decorators = {d.rsplit(".", 1)[-1] for cls in found.tree.values()
                  for f in resolver.index.def_facts(cls.qualname) if f.line == cls.line
                  for d in f.decorators}
    if "dataclass" in decorators:
        kinds.add("dataclass")
    elif decorators - _PLAIN_CLASS_DECORATORS:
        kinds.add("?dataclass")
    if any(b.rsplit(".", 1)[-1] == "NamedTuple" or b.startswith(("namedtuple(",
                                                                  "collections.namedtuple("))
           for cls in found.tree.values() for b in cls.bases):
        kinds.add("namedtuple")  # ``class Point(NamedTuple)`` or ``(namedtuple("P", ...))``
    if {"type", "builtins.type"} & found.external:
        kinds.add("metaclass")  # ``class Meta(type)``: its instances are classes
    if {"Protocol", "typing.Protocol"} & found.external or any(
            b.rsplit(".", 1)[-1] == "Protocol" for cls in found.tree.values() for b in cls.bases):
        kinds.add("protocol")
    elif not kinds & {"enum", "dataclass"}:
        kinds.add("?protocol")
    if "protocol" in kinds or _abstract(resolver, symbol, found):
        kinds.add("abstract class")
    if _ENTERS & {m.name for cls in found.tree.values()
                  for m in resolver.index.children(cls.qualname)} or any(
            _ENTERS & set(dir(introspect(name))) for name in found.external):
        kinds.add("context manager")  # ``with`` takes its instances
    return kinds


_ENTERS = frozenset({"__enter__", "__aenter__"})
_MANAGER_DECORATORS = frozenset({"contextmanager", "asynccontextmanager"})


def _managing(resolver: Resolver, function: Symbol, decorators: set[str]) -> set[str]:
    """"context manager" of a function: one ``@contextmanager`` makes; perhaps one that
    returns a value (an object ``with`` takes, maybe); never one that returns nothing."""
    if decorators & _MANAGER_DECORATORS:
        return {"context manager"}
    return set() if returns_a_value(resolver, function).holds is False else \
        {"?context manager"}


_ABSTRACT_META = re.compile(r"metaclass\s*=\s*(?:abc\.)?ABCMeta\b")


def _abstract(resolver: Resolver, symbol: Symbol, found: Ancestry) -> bool:
    """Whether the class ``symbol`` is abstract: it declares itself so (``ABC`` among its
    own bases, the ``ABCMeta`` metaclass), or a method that is abstract somewhere in its
    ancestry (``@abstractmethod``, a body that only raises ``NotImplementedError``, an
    outside base's ``__abstractmethods__``) is defined concretely nowhere in it."""
    header = (resolver.index.source_of(symbol) or "").split(":", 1)[0]
    if any(b.rsplit(".", 1)[-1] == "ABC" for b in symbol.bases) or \
            _ABSTRACT_META.search(header):
        return True
    abstract: set[str] = set()
    concrete: set[str] = set()
    for cls in found.tree.values():
        for member in resolver.index.children(cls.qualname):
            if member.kind == "method" and _abstract_method(resolver, member):
                abstract.add(member.name)
            else:
                concrete.add(member.name)
    for name in found.external:
        outside = introspect(name)
        declared = set(getattr(outside, "__abstractmethods__", ()) or ())
        abstract |= declared
        concrete |= set(dir(outside)) - declared if isinstance(outside, type) else set()
    return bool(abstract - concrete)


def _abstract_method(resolver: Resolver, method: Symbol) -> bool:
    if any("abstractmethod" in {d.rsplit(".", 1)[-1] for d in f.decorators}
           for f in resolver.index.def_facts(method.qualname) if f.line == method.line):
        return True
    body = resolver.index.body_facts(method)
    return body is not None and "NotImplementedError" in {
        r.rsplit(".", 1)[-1] for r in body.raises}


def _unknown_decorators(decorators: set[str]) -> bool:
    """Whether a decorator pse does not know wraps the definition (it may make it
    anything callable)."""
    return bool(decorators - _KNOWN_DECORATORS)


def _callable_kinds(symbol: Symbol, decorators: set[str], *, is_async: bool,
                    module_level: bool) -> set[str]:
    kinds = {"coroutine"} if is_async else set()
    if _unknown_decorators(decorators):
        kinds.add("?callable")  # a decorator may make it async, a descriptor, ... not a class
    if symbol.kind == "function":
        return kinds | {"function"} | ({"module-level function"} if module_level else set())
    if decorators & set(_PROPERTY_DECORATORS):
        cached = {"cached property"} if "cached_property" in decorators else set()
        return kinds | {"property", "attribute"} | cached
    for decorator in ("classmethod", "staticmethod"):
        if decorator in decorators:
            return kinds | {decorator, "method"}
    return kinds | {"method"}


_ORDER = ("abstract property", "cached property", "read-only property", "read-write property",
          "property",
          "abstract method", "classmethod", "staticmethod", "coroutine",
          "exception", "enum", "dataclass", "namedtuple", "protocol", "metaclass",
          "abstract class", "class",
          "method", "function", "subpackage", "module", "constant", "alias", "type variable",
          "instance", "attribute", "context manager")


def _describe(actual: set[str]) -> str:
    word = next((k for k in _ORDER if k in actual), "value")
    if word == "coroutine":
        return "coroutine function"
    if word == "alias":
        return "type alias"
    if word == "namedtuple":
        return "named tuple"
    return "exception class" if word == "exception" else word


def _defensible(claimed: str, actual: set[str]) -> bool:
    """Whether a claim that names another kind still has a defensible reading."""
    if "?" in actual:
        return True  # a decorated or computed definition may be anything
    readings = {
        "function": {"method", "classmethod", "staticmethod", "coroutine", "?function"},
        "method": {"coroutine"},
        "exception": {"?exception"},
        "constant": {"?literal", "?constant"},
        **{k: {f"?{k}"} for k in ("enum", "dataclass", "protocol", "namedtuple",
                                  "metaclass", "abstract class")},
        "context manager": {"?context manager", "?callable"},
        "decorator": {"?decorator", "?callable"},
        # a decorator may make a def async or a descriptor, never a class or a module
        **{k: {"?callable"} for k in ("coroutine", "property", "classmethod", "staticmethod",
                                     "attribute", "read-only property",
                                     "read-write property")},
    }
    return bool(readings.get(claimed, set()) & actual) or (
        claimed in {"property", "read-only property", "read-write property"}
        and "attribute" in actual
        and not actual & {"method", "property"})


def location(resolver: Resolver, subject: Symbol, obj: Named, *,
             defined: bool = False, exported: bool = False) -> Decision:
    """Whether ``subject`` is defined in the file, module or package ``obj``. A module that
    binds the name too (a re-export, an alias) leaves the claim open, unless the claim said
    "defined" (``defined``) and the module only imports it. A claim that the module
    ``exported`` it ("`x` is re-exported from `pkg`") holds where the module binds the
    name at all: defined there, imported, star-imported or listed in its ``__all__``."""
    rebound = _same_name_binding(resolver, subject)
    if defined and rebound is not None:
        # ``LockFlags = constants.LockFlags``: an import in all but form; what is defined
        # is the class it names, where its statement is
        subject = rebound
    module = resolver.index.module_of(subject.path)
    places = [s.qualname for s in obj.symbols if s.kind in {"module", "package"}]
    if exported and places:
        binds = [p for p in places if _binds(resolver, p, subject)]
        return Decision(bool(binds), f"`{(binds or places)[0]}` "
                        f"{'binds' if binds else 'does not bind'} `{subject.name}`",
                        at(subject))
    if obj.paths:
        message = f"{short(subject.qualname)} is defined in `{subject.path}`"
        if subject.path in obj.paths:
            return Decision(True, message, at(subject))
        places = [resolver.index.module_of(p) for p in obj.paths]
        if any(not place and _may_define(resolver, path, subject.name)
               for place, path in zip(places, obj.paths, strict=True)):
            return undecided(f"{message}; `{obj.text}` names `{subject.name}` too")
        correction = _same_style(obj.text, subject.path)
        # a plain file (no package's ``__init__``) that imports the name for its own use
        # is not where it lives: "`Trivia` lives in `container.py`" of ``from .items
        # import Trivia`` there; one that exports it in ``__all__`` re-exports it
        plain = all(resolver.index.is_python_source(p) and not p.endswith("/__init__.py")
                    and p != "__init__.py" for p in obj.paths) and \
            not any(_exports(resolver, place, subject.name) for place in places if place)
        return _elsewhere(resolver, subject, [p for p in places if p], message, correction,
                          said_defined=defined or plain)
    modules = [s for s in obj.symbols if s.kind in {"module", "package"}]
    if not modules:
        return undecided("not a file or module of the tree")
    message = f"{short(subject.qualname)} is defined in module `{module}`"
    owner = subject.qualname if subject.kind in {"module", "package"} else module
    if any(owner == m.qualname or owner.startswith(m.qualname + ".") and
           subject.kind in {"module", "package"} for m in modules):
        return Decision(True, message, at(subject))
    # a package's submodule called by its last name, which the package shares ("in the
    # `iso8601` module" of iso8601/iso8601.py: the name reads both ways). A package is
    # no place of what only its submodules define: `from pkg import x` would fail.
    if owner.rsplit(".", 1)[-1] == obj.name.rsplit(".", 1)[-1] and \
            any(owner.startswith(m.qualname + ".") for m in modules):
        return Decision(True, message, at(subject))
    # a plain module (no package) that imports the name for its own use is no place of
    # it either: "`Tree` is a class in the `lark.visitors` module" of ``from .tree import
    # Tree`` there; one that lists it in ``__all__`` re-exports it
    plain = all(m.kind == "module" and not m.path.endswith("__init__.py") and
                not _exports(resolver, m.qualname, subject.name) for m in modules)
    return _elsewhere(resolver, subject, [m.qualname for m in modules], message, module,
                      said_defined=defined or plain)


def _binds(resolver: Resolver, module: str, subject: Symbol) -> bool:
    """Whether the namespace of ``module`` holds ``subject``'s name: its own module, a
    definition or import of the name there, a star import, or an ``__all__`` entry."""
    if resolver.index.module_of(subject.path) == module or subject.qualname == module:
        return True
    name = subject.name
    return bool([s for s in resolver.index.members(module, name) if s.kind != "parameter"]
                or resolver.index.import_target(module, name) is not None
                or resolver.index.star_imports(module) or _exports(resolver, module, name))


def _all_lists(resolver: Resolver, module: str, name: str) -> bool | None:
    """Whether ``module``'s ``__all__`` written out lists ``name``; None where it has no
    ``__all__`` or builds it some other way."""
    found = [s for s in resolver.index.members(module, "__all__") if s.kind != "parameter"]
    entries = literal_entries(resolver, found[0]) if found else None
    return None if entries is None else any(item.strip("'\"") == name for item in entries[1])


def _exports(resolver: Resolver, module: str, name: str) -> bool:
    """Whether ``module`` lists ``name`` in an ``__all__`` written out (one it builds some
    other way may: then True too)."""
    found = [s for s in resolver.index.members(module, "__all__") if s.kind != "parameter"]
    return bool(found) and _all_lists(resolver, module, name) is not False


def listed_by_package(resolver: Resolver, subject: Symbol) -> bool:
    """Whether the top-level package of ``subject`` lists its name in an ``__all__``
    written out: the package's public interface, whatever module defines it."""
    top = resolver.index.module_of(subject.path).split(".", 1)[0]
    return _all_lists(resolver, top, subject.name) is True


def _may_define(resolver: Resolver, path: str, name: str) -> bool:
    """Whether a file that is no module of the index (a script without ``.py``, a data
    file) may define ``name``: it does not when its text never spells the name."""
    text = resolver.index.file_text(path)
    return text is None or re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def _elsewhere(resolver: Resolver, subject: Symbol, places: list[str], message: str,
               correction: str, *, said_defined: bool = False) -> Decision:
    """False unless one of ``places`` binds the subject's name (a re-export, an alias);
    with ``said_defined``, a place that only imports it is no place of definition."""
    module = resolver.index.module_of(subject.path)
    binding = subject.qualname[len(module) + 1:].split(".")[0] if module else subject.name
    nested = binding != subject.name  # a member: only a class defined there could hold it
    for place in places:
        defined = [s for s in resolver.index.members(place, binding) if s.kind != "parameter"
                   and not (said_defined and _same_name_binding(resolver, s) == subject)]
        imported = not nested and (resolver.index.import_target(place, binding) is not None
                                   or bool(resolver.index.star_imports(place)))
        if not place or (imported and not said_defined) or \
                (defined and (not nested or defined[0].kind == "class")):
            return undecided(f"{message}; the module named also binds `{binding}`")
    return Decision(False, message, at(subject), correction=correction)


def _same_name_binding(resolver: Resolver, symbol: Symbol) -> Symbol | None:
    """The class or function a module-level ``X = other.X`` binds under its own name
    (a re-export written as an assignment), None for any other symbol."""
    if symbol.kind not in {"variable", "attribute", "constant"}:
        return None
    bound = bound_definition(resolver, symbol)
    return bound if bound is not None and bound.name == symbol.name else None


def _same_style(written: str, path: str) -> str:
    """The true path, written with as many folders as the claim wrote."""
    depth = written.count("/")
    return "/".join(path.split("/")[-(depth + 1):]) if depth else path.rsplit("/", 1)[-1]


def exception_named(name: str) -> bool:
    """Whether an outside name is an exception class (builtin or stdlib)."""
    obj = introspect(name)
    return isinstance(obj, type) and issubclass(obj, BaseException)
