"""Python symbols from ``ast``: pure, one file in, one :class:`ParsedFile` out.

Extracted: the module itself, classes (with bases as written), functions, methods and
nested definitions, parameters, module and class attributes (plain and annotated
assignments, dataclass/attrs fields, ``self.x =`` in methods, ``__slots__``), the names a
module-level ``__getattr__`` answers, ``__all__``, imports
(relative ones made absolute, so re-exports resolve), and string mentions of environment
variables (``os.getenv("X")``, ``os.environ["X"]``), CLI flags (``"--verbose"``) and
string keys (``"SESSION_COOKIE_NAME"``, ``"llm.timeout"``: config keys and other names
that exist only as strings).
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field

from pse.index.model import DefFacts, ImportEdge, Mention, ParsedFile, Symbol

_ENV_PATTERN = re.compile(
    rb"(?:getenv|environ(?:\.get|\.setdefault|\.pop)?)\s*[\[(]\s*[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']")
_FLAG_PATTERN = re.compile(rb"[\"'](--[A-Za-z][A-Za-z0-9_-]*)[\"'=]")
_KEY_PATTERN = re.compile(rb"[\"'](?<![\w\"'][\"'])([A-Za-z_](?:[\w.-]{0,62}\w)?)[\"'](?![\w\"'])")
"""Identifier-like string literals: config keys, option names, logger and entry-point names.

The opening quote comes first and the look-behind after it (a quote not preceded by a
word character or a quote), so the regex engine skips ahead to quote characters: three
times faster than the look-behind first, for the same matches."""
_PATTERNS = ((_ENV_PATTERN, "env_var", (b"getenv", b"environ")), (_FLAG_PATTERN, "flag", (b"--",)),
             (_KEY_PATTERN, "key", (b"'", b'"')))
"""Each pattern with the strings one of which its every match contains: a file without
them is not searched (most files read no environment variable)."""


@dataclass
class _Collector:
    module: str
    path: str
    is_package: bool
    symbols: list[Symbol] = field(default_factory=list)
    imports: list[ImportEdge] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    defs: list[DefFacts] = field(default_factory=list)
    definitions: set[str] = field(default_factory=set)
    """Qualified names of the file's functions and classes."""
    returned: set[str] = field(default_factory=set)
    """``f.x`` for each plain name ``x`` that function ``f`` returns."""
    object_attributes: list[tuple[str, ast.Attribute]] = field(default_factory=list)
    """``x.attr = ...`` in a module or function body: the owner ``scope.x`` and target."""

    def add(self, node: ast.AST, *, name: str, kind: str, parent: str, **extra: object) -> str:
        qualname = f"{parent}.{name}" if parent else name
        line = int(extra.pop("line", getattr(node, "lineno", 1)))  # type: ignore[call-overload]  # int by construction
        end = int(extra.pop("end_line", getattr(node, "end_lineno", None) or line))  # type: ignore[call-overload]  # int by construction
        self.symbols.append(Symbol(qualname=qualname, name=name, kind=kind,  # type: ignore[arg-type]  # kind is one of SymbolKind by construction
                                   path=self.path, line=line, end_line=end, parent=parent,
                                   **extra))  # type: ignore[arg-type]  # extra holds Symbol fields
        return qualname


def extract_python(source: bytes, *, path: str, module: str, is_package: bool) -> ParsedFile:
    """Extract the symbols of one Python file.

    Args:
        source: the file's bytes (decoded by ``ast`` honouring PEP 263).
        path: POSIX path relative to the source root.
        module: the dotted module name of the file (``pkg.sub`` for ``pkg/sub.py``).
        is_package: True for ``__init__.py`` (relative imports start at the module itself).
    """
    lines = source.count(b"\n") + (0 if source.endswith(b"\n") or not source else 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for odd escapes in old code
            tree = ast.parse(source, filename=path)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        detail = f"line {exc.lineno}: {exc.msg}" if isinstance(exc, SyntaxError) else str(exc)
        return ParsedFile(path=path, language="python", lines=lines,
                          error=f"cannot parse: {detail}")
    collector = _Collector(module=module, path=path, is_package=is_package)
    name = module.rsplit(".", 1)[-1]
    parent = module.rsplit(".", 1)[0] if "." in module else ""
    collector.add(tree, name=name, kind="package" if is_package else "module", parent=parent,
                  line=1, end_line=max(lines, 1))
    _walk_body(collector, tree.body, scope=module, scope_kind="module")
    _add_object_attributes(collector)
    _collect_mentions(collector, source)
    return ParsedFile(path=path, language="python", lines=lines,
                      symbols=tuple(collector.symbols), imports=tuple(collector.imports),
                      mentions=tuple(collector.mentions), defs=tuple(collector.defs))


def _walk_body(c: _Collector, body: list[ast.stmt], *, scope: str, scope_kind: str) -> None:
    for node in body:
        if isinstance(node, ast.ClassDef):
            _add_class(c, node, scope=scope)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            _add_function(c, node, scope=scope, scope_kind=scope_kind)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if scope_kind == "module":
                _add_import(c, node)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            _add_assignment(c, node, scope=scope, scope_kind=scope_kind)
        elif isinstance(node, ast.Return):
            if isinstance(node.value, ast.Name):
                c.returned.add(f"{scope}.{node.value.id}")
        else:
            # if/try/with/for at module or class level still define names there
            for child_body in _nested_bodies(node):
                _walk_body(c, child_body, scope=scope, scope_kind=scope_kind)


def _add_assignment(c: _Collector, node: ast.Assign | ast.AnnAssign | ast.AugAssign, *,
                    scope: str, scope_kind: str) -> None:
    """Names a module or class assigns; ``x.attr = ...`` outside a class body, noted for
    :func:`_add_object_attributes`."""
    if scope_kind in {"module", "class"}:
        for target in _assign_targets(node):
            _add_names(c, target, scope=scope)
        _add_value_fact(c, node, scope=scope)
    if scope_kind == "class":
        _add_slots(c, node, scope=scope)
    if scope_kind != "class":
        for target in _flatten_targets(_assign_targets(node)):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                c.object_attributes.append((f"{scope}.{target.value.id}", target))


_COMPOUND = frozenset({ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith,
                       ast.Try, getattr(ast, "TryStar", ast.Try), ast.Match, ast.FunctionDef,
                       ast.AsyncFunctionDef, ast.ClassDef})
"""Statements with bodies of statements (any other statement has none)."""


def _add_slots(c: _Collector, node: ast.Assign | ast.AnnAssign | ast.AugAssign, *,
               scope: str) -> None:
    """``__slots__ = ("a", "b")``: attributes of the class, set where no ``self.a =``
    shows them (C extensions, ``object.__setattr__`` in frozen classes)."""
    targets = _assign_targets(node)
    if node.value is None or not any(isinstance(t, ast.Name) and t.id == "__slots__"
                                     for t in targets):
        return
    value = node.value
    elements = [value] if isinstance(value, ast.Constant) else \
        list(value.keys) if isinstance(value, ast.Dict) else \
        list(value.elts) if isinstance(value, ast.Tuple | ast.List | ast.Set) else []
    for element in elements:
        if isinstance(element, ast.Constant) and isinstance(element.value, str) and \
                element.value.isidentifier():
            c.add(element, name=element.value, kind="attribute", parent=scope)


def _nested_bodies(node: ast.stmt) -> list[list[ast.stmt]]:
    if type(node) not in _COMPOUND:
        return []  # most statements: four attribute lookups saved per statement
    bodies: list[list[ast.stmt]] = []
    for attr in ("body", "orelse", "finalbody"):
        value = getattr(node, attr, None)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            bodies.append(value)
    for handler in getattr(node, "handlers", []) or []:
        bodies.append(handler.body)
    for case in getattr(node, "cases", []) or []:
        bodies.append(case.body)
    return bodies


def _assign_targets(node: ast.Assign | ast.AnnAssign | ast.AugAssign) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    return [node.target]


def _add_names(c: _Collector, target: ast.expr, *, scope: str) -> None:
    if isinstance(target, ast.Name):
        c.add(target, name=target.id, kind="attribute", parent=scope)
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            _add_names(c, element, scope=scope)
    elif isinstance(target, ast.Starred):
        _add_names(c, target.value, scope=scope)


def _add_object_attributes(c: _Collector) -> None:
    """Attributes set on a function or class of the file (``main.hidden = True``) or on
    an object a function returns (``wrapper.cache_info = ...; return wrapper``, how
    decorators give what they return its API): attributes of that owner. Other objects'
    attributes (``args.verbose = True``) are left out: nothing says whose they are."""
    seen: set[tuple[str, str]] = set()
    for owner, target in c.object_attributes:
        if (owner in c.definitions or owner in c.returned) and \
                (owner, target.attr) not in seen:
            seen.add((owner, target.attr))
            c.add(target, name=target.attr, kind="attribute", parent=owner)


def _add_class(c: _Collector, node: ast.ClassDef, *, scope: str) -> None:
    bases = tuple(ast.unparse(base) for base in node.bases)
    qualname = c.add(node, name=node.name, kind="class", parent=scope, bases=bases)
    c.definitions.add(qualname)
    if node.decorator_list:
        c.defs.append(DefFacts(qualname, node.lineno, decorators=_decorators(node)))
    _walk_body(c, node.body, scope=qualname, scope_kind="class")


def _add_function(c: _Collector, node: ast.FunctionDef | ast.AsyncFunctionDef, *,
                  scope: str, scope_kind: str) -> None:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    names = [a.arg for a in (*positional, *args.kwonlyargs)]
    if args.vararg:
        names.append(args.vararg.arg)
    if args.kwarg:
        names.append(args.kwarg.arg)
    kind = "method" if scope_kind == "class" else "function"
    qualname = c.add(node, name=node.name, kind=kind, parent=scope,
                     params=tuple(names), varkw=args.kwarg is not None)
    c.definitions.add(qualname)
    if node.decorator_list or args.vararg or isinstance(node, ast.AsyncFunctionDef):
        # a plain def has no row: most have none, and the cold index pays per row
        c.defs.append(DefFacts(qualname, node.lineno, decorators=_decorators(node),
                               is_async=isinstance(node, ast.AsyncFunctionDef),
                               varargs=args.vararg is not None))
    for arg in (*positional, *args.kwonlyargs, args.vararg, args.kwarg):
        if arg is not None and arg.arg not in {"self", "cls"}:
            c.add(arg, name=arg.arg, kind="parameter", parent=qualname)
    if scope_kind == "module" and node.name == "__getattr__":
        _add_dynamic_names(c, node, module=scope)
    receiver = args.args[0].arg if scope_kind == "class" and args.args else ""
    _walk_function_body(c, node.body, scope=qualname, receiver=receiver, owner=scope)


def _walk_function_body(c: _Collector, body: list[ast.stmt], *, scope: str, receiver: str,
                        owner: str) -> None:
    """A function body in one pass over its statements (nested scopes excluded): the
    attributes ``receiver.x = ...`` gives the class ``owner`` (methods only), then the
    definitions nested in it and the ``x.attr = ...`` assignments
    :func:`_add_object_attributes` reads later. One pass, not two: walking every body
    twice was most of what a cold index paid on top of the parse. Each statement's place
    (``(body, statement)`` at each level) keeps the order the two passes had: nested
    definitions in source order, and the first of an attribute's assignments counted with
    a compound statement's later bodies (``else``, ``finally``) before its first."""
    later: list[tuple[Place, ast.stmt | tuple[str, ast.Attribute]]] = []
    attributes: list[tuple[Place, ast.Attribute]] = []
    for node, place in _placed_statements(body):
        kind = type(node)
        if kind is ast.Assign or kind is ast.AnnAssign or kind is ast.AugAssign:
            for target in _flatten_targets(_assign_targets(node)):  # type: ignore[arg-type]
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    later.append((place, (f"{scope}.{target.value.id}", target)))
                    if target.value.id == receiver:
                        attributes.append((place, target))
        elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.ClassDef:
            later.append((place, node))
        elif kind is ast.Return:
            value = node.value  # type: ignore[attr-defined]
            if isinstance(value, ast.Name):
                c.returned.add(f"{scope}.{value.id}")
    _add_attributes(c, [t for _, t in sorted(attributes, key=_later_bodies_first)], owner)
    for _, item in sorted(later, key=lambda pair: pair[0]):
        if isinstance(item, tuple):
            c.object_attributes.append(item)
        elif isinstance(item, ast.ClassDef):
            _add_class(c, item, scope=scope)
        else:
            _add_function(c, item, scope=scope, scope_kind="function")  # type: ignore[arg-type]


Place = tuple[tuple[int, int], ...]
"""Where a statement sits in a function body: ``(body, statement)`` indexes per level."""


def _placed_statements(body: list[ast.stmt]) -> Iterator[tuple[ast.stmt, Place]]:
    """Every statement of a function body with its place, depth first; the blocks of
    ``if``/``for``/``try``/``with``/``match`` are entered (not yielded), nested functions and
    classes are yielded and not entered."""
    stack: list[tuple[ast.stmt, Place]] = [(n, ((0, i),)) for i, n in
                                           reversed(list(enumerate(body)))]
    while stack:
        node, place = stack.pop()
        kind = type(node)
        if kind in _COMPOUND and kind not in _SCOPES:
            for b, child in enumerate(_nested_bodies(node)):
                stack.extend((n, (*place, (b, i))) for i, n in reversed(list(enumerate(child))))
        else:
            yield node, place


_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def _later_bodies_first(pair: tuple[Place, ast.Attribute]) -> Place:
    return tuple((-body, index) for body, index in pair[0])


def _add_attributes(c: _Collector, targets: list[ast.Attribute], owner: str) -> None:
    seen: set[str] = set()
    for target in targets:
        if target.attr not in seen:
            seen.add(target.attr)
            c.add(target, name=target.attr, kind="attribute", parent=owner)


def _add_dynamic_names(c: _Collector, node: ast.FunctionDef | ast.AsyncFunctionDef, *,
                       module: str) -> None:
    """Names a module-level ``__getattr__`` answers (PEP 562: deprecated aliases, lazy
    imports): the strings its body compares the name with (``name == "X"``, ``name in
    {"X", "Y"}``) and the keys of the dicts it reads (``_ALIASES = {"X": ...}`` inline)."""
    seen: set[str] = set()
    for child in ast.walk(node):
        strings: list[ast.expr] = []
        if isinstance(child, ast.Compare):
            for operand in (child.left, *child.comparators):
                strings.extend(operand.elts if isinstance(operand, ast.Tuple | ast.List |
                                                          ast.Set) else [operand])
        elif isinstance(child, ast.Dict):
            strings.extend(key for key in child.keys if key is not None)
        elif isinstance(child, ast.MatchValue):
            strings.append(child.value)
        for value in strings:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and \
                    value.value.isidentifier() and value.value not in seen:
                seen.add(value.value)
                c.add(value, name=value.value, kind="attribute", parent=module)


def _decorators(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> tuple[str, ...]:
    return tuple(dotted_name(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list)


def dotted_name(node: ast.expr) -> str:
    """``a.b.c`` for a name or attribute chain, "" for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    parts.append(node.id)
    return ".".join(reversed(parts))


def _add_value_fact(c: _Collector, node: ast.Assign | ast.AnnAssign | ast.AugAssign, *,
                    scope: str) -> None:
    """The form of a single-name assignment's value (a literal makes a constant)."""
    targets = _assign_targets(node)
    if len(targets) != 1 or not isinstance(targets[0], ast.Name) or node.value is None \
            or isinstance(node, ast.AugAssign):
        return
    value = node.value
    form = "alias" if _is_type_alias(node) else "literal" if _is_literal(value) else \
        "call" if isinstance(value, ast.Call) else \
        "name" if isinstance(value, ast.Name | ast.Attribute) else "other"
    c.defs.append(DefFacts(f"{scope}.{targets[0].id}", node.lineno, value=form))


_TYPE_FORMS = frozenset({
    "Literal", "Union", "Optional", "Tuple", "List", "Dict", "Set", "FrozenSet", "Type",
    "Callable", "Iterable", "Iterator", "Sequence", "Mapping", "MutableMapping", "Annotated",
    "Generator", "AsyncIterator", "Awaitable", "Coroutine", "tuple", "list", "dict", "set",
    "type", "frozenset"})
"""Subscripted names whose value is a type (``CmpKey = Tuple[int, str]``)."""


def _is_type_alias(node: ast.Assign | ast.AnnAssign) -> bool:
    """``X = Literal[...]`` or ``X: TypeAlias = ...``: a name for a type, not a class."""
    if isinstance(node, ast.AnnAssign) and dotted_name(node.annotation).endswith("TypeAlias"):
        return True
    value = node.value
    return isinstance(value, ast.Subscript) and \
        dotted_name(value.value).rsplit(".", 1)[-1] in _TYPE_FORMS


def _is_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return all(_is_literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _is_literal(k) and _is_literal(v)
                   for k, v in zip(node.keys, node.values, strict=True))
    if isinstance(node, ast.Compare):
        return True  # a flag computed at import time (``PY_3_8_PLUS = sys.version_info >= ...``)
    if isinstance(node, ast.BoolOp):
        # ``PY38 = sys.version_info >= (3, 8) and not PYPY`` is a flag; ``scan = c_scan or
        # py_scan`` picks a callable, which is no constant
        return all(_is_literal(v) or isinstance(v, ast.UnaryOp) for v in node.values)
    if isinstance(node, ast.UnaryOp | ast.BinOp):
        return all(_is_literal(e) for e in ast.iter_child_nodes(node) if isinstance(e, ast.expr))
    return False


def _flatten_targets(targets: list[ast.expr]) -> list[ast.expr]:
    flat: list[ast.expr] = []
    for target in targets:
        if isinstance(target, ast.Tuple | ast.List):
            flat.extend(_flatten_targets(list(target.elts)))
        else:
            flat.append(target)
    return flat


def _add_import(c: _Collector, node: ast.Import | ast.ImportFrom) -> None:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                c.imports.append(ImportEdge(c.module, alias.asname, alias.name, node.lineno))
            else:
                top = alias.name.split(".")[0]
                c.imports.append(ImportEdge(c.module, top, top, node.lineno))
        return
    base = _absolute_module(c, node.module or "", node.level)
    if base is None:
        return
    for alias in node.names:
        if alias.name == "*":
            c.imports.append(ImportEdge(c.module, "*", base, node.lineno))
        else:
            target = f"{base}.{alias.name}" if base else alias.name
            c.imports.append(ImportEdge(c.module, alias.asname or alias.name, target,
                                        node.lineno))


def _absolute_module(c: _Collector, module: str, level: int) -> str | None:
    if level == 0:
        return module
    package = c.module if c.is_package else c.module.rpartition(".")[0]
    parts = package.split(".") if package else []
    if level - 1 > len(parts):
        return None
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{module}".strip(".") if module else base


def _collect_mentions(c: _Collector, source: bytes) -> None:
    """Env-var and flag strings, found with regexes over the bytes (an AST walk costs
    more than the parse itself on large files)."""
    for pattern, kind, needles in _PATTERNS:
        if not any(needle in source for needle in needles):
            continue
        # matches come in order: count the newlines since the previous one (in C),
        # rather than listing every newline of the file first
        line, seen = 1, 0
        for match in pattern.finditer(source):
            start = match.start(1)
            line += source.count(b"\n", seen, start)
            seen = start
            c.mentions.append(Mention(kind, match.group(1).decode("ascii"), line))  # type: ignore[arg-type]  # kind is a literal above
