"""References made by a fenced Python example.

An example is analysed as a program: names it binds (imports, assignments, loop and
``with`` targets, its own ``def``/``class``) are local, not references; imported names
are followed to what they import; ``x = Class(...)`` makes ``x.method()`` a reference to
``Class.method``. When the block is a quoted skeleton of a real file (a ``# path/to/file.py``
comment on its first line), its ``class`` and ``def`` statements are references to that
file's definitions and are checked too.
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from pse.verify.bindings import Bindings
from pse.verify.outputs import shown_outputs
from pse.verify.refs import Reference
from pse.verify.spans import dotted_name, elided

_HEADER = re.compile(r"^\s*#\s*(?:file:\s*|in\s+|from\s+)?`?([\w@.+-]+(?:/[\w@.+-]+)*\.[A-Za-z]+)`?"
                     r"(?::\d+(?:-\d+)?)?\s*$")
_PROMPT = re.compile(r"^(?:>>>|\.\.\.)(?: |$)")
_BUILTINS = frozenset(dir(builtins))


@dataclass
class _Scope:
    """Names bound by the example: alias -> absolute target, instance -> class name."""

    imports: dict[str, str] = field(default_factory=dict)
    instances: dict[str, str] = field(default_factory=dict)
    locals: set[str] = field(default_factory=set)
    results: dict[str, str] = field(default_factory=dict)
    """variable -> the dotted callable whose result it was assigned (as written)."""
    modules: set[str] = field(default_factory=set)
    """Names an ``import`` statement binds to a module (``import pprint``)."""


def python_block_refs(code: str, *, file: str, first_line: int,
                      strict: bool = False) -> list[Reference]:
    """References in a Python example whose first line is ``first_line`` of the document.

    With ``strict`` (a block whose language is not declared) nothing is returned unless
    the block parses as Python and has Python structure (imports, defs, dotted calls).
    """
    if strict and not _looks_like_python(code):
        return []
    refs: list[Reference] = []
    lines = code.splitlines()
    quoted_file = ""
    if lines and (match := _HEADER.match(lines[0])):
        quoted_file = match.group(1).removeprefix("./")
        refs.append(Reference(file=file, line=first_line, text=quoted_file,
                              name=quoted_file, kind="path", origin="code"))
    tree = _parse(code)
    if tree is None:
        return refs + _fallback_refs(lines, file=file, first_line=first_line)
    scope = _Scope()
    _bind(tree, scope)
    walker = _Walker(file=file, offset=first_line - 1, scope=scope, quoted_file=quoted_file)
    walker.visit(tree)
    return refs + _with_outputs(walker.refs, code, first_line=first_line)


def _with_outputs(refs: list[Reference], code: str, *, first_line: int) -> list[Reference]:
    """``refs`` with the output the example shows for each call that shows one (a
    doctest's next line, a trailing ``# -> x``), held to the documented examples later."""
    shown = {(first_line + number, name.rsplit(".", 1)[-1]): (args, value)
             for number, name, args, value in shown_outputs(code)}
    if not shown:
        return refs
    return [replace(ref, arguments=found[0], shown=found[1])
            if ref.positional >= 0 and (found := shown.get(
                (ref.line, ref.text.rsplit(".", 1)[-1]))) is not None else ref
            for ref in refs]


def example_bindings(code: str) -> set[str]:
    """Names an example defines or assigns (imports excluded): local to its document."""
    return example_scope(code).locals


def example_scope(code: str) -> Bindings:
    """What an example binds: imports, instances of classes, its own names and keys."""
    lines = code.splitlines()
    if lines and _HEADER.match(lines[0]):
        return Bindings()  # a quoted skeleton of a real file defines nothing new
    tree = _parse(code)
    if tree is None:
        return Bindings(imports=_fallback_imports(lines))
    scope = _Scope()
    _bind(tree, scope)
    instances = {}
    for name, cls in scope.instances.items():
        root, dot, rest = cls.partition(".")
        instances[name] = scope.imports.get(root, root) + dot + rest
    results = {name: _absolute(callee, scope) for name, callee in scope.results.items()}
    own = _assigned(tree) - set(scope.imports) - set(scope.instances)
    members = {node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
               and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
               and node.func.value.id in own}
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name)} - scope.locals - set(scope.imports)
    constants = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                 and isinstance(node.ctx, ast.Load) and node.id.isupper()}
    # (a decorated class applies an API, ``@dataclass class Person``: the reader's code)
    classes = {node.name: tuple(dotted_name(b) or ast.unparse(b) for b in node.bases)
               for node in ast.walk(tree)
               if isinstance(node, ast.ClassDef) and not node.decorator_list}
    # (a base of another class written out is no use: the text restates a hierarchy)
    bases = {id(b) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
             for b in node.bases}
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load) and id(node) not in bases}
    return Bindings(imports=dict(scope.imports), instances=instances,
                    locals=scope.locals - set(scope.imports) - _quoted_headers(code),
                    words=_used_words(tree),
                    called=called - _BUILTINS, results=results, members=members,
                    constants=constants - scope.locals - set(scope.imports),
                    classes=classes, used=used)


def _absolute(dotted: str, scope: _Scope) -> str:
    """``http.request`` with ``http = PoolManager()`` imported from urllib3:
    ``urllib3.PoolManager.request``; ``urllib3.request`` stays as it is."""
    root, dot, rest = dotted.partition(".")
    if root in scope.instances:
        cls = scope.instances[root]
        first, cdot, crest = cls.partition(".")
        return scope.imports.get(first, first) + cdot + crest + dot + rest
    return scope.imports.get(root, root) + dot + rest


def _used_words(tree: ast.Module) -> set[str]:
    """Keyword-argument names and identifier-like strings (keys, parameter values)."""
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            words.update(k.arg for k in node.keywords if k.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                node.value.isidentifier():
            words.add(node.value)
    return words


def _fallback_imports(lines: list[str]) -> dict[str, str]:
    """Imports of an example that does not parse, read line by line."""
    imports: dict[str, str] = {}
    for line in lines:
        code = _PROMPT.sub("", line.strip()).split("#", 1)[0]
        if match := _FROM_IMPORT.match(code):
            for name in (n.strip().split(" ")[0] for n in match.group(2).split(",")):
                if name.isidentifier():
                    imports.setdefault(name, f"{match.group(1)}.{name}")
        elif match := _IMPORT.match(code):
            imports.setdefault(match.group(1).split(".")[0], match.group(1).split(".")[0])
    return imports


def _looks_like_python(code: str) -> bool:
    tree = _parse(code)
    if tree is None:
        return False
    return any(isinstance(node, ast.Import | ast.ImportFrom | ast.FunctionDef | ast.ClassDef
                          | ast.AsyncFunctionDef | ast.Assign)
               or (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute))
               for node in ast.walk(tree))


def _parse(code: str) -> ast.Module | None:
    candidates = [code, textwrap.dedent(code), _complete_blocks(code)]
    if any(line.startswith(">>>") for line in code.splitlines()):
        # a REPL session: keep input lines (blank output lines keep the numbering)
        candidates.append("\n".join(_PROMPT.sub("", line) if _PROMPT.match(line) else ""
                                    for line in code.splitlines()))
    for candidate in [*candidates, *_cut_off(code)]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return ast.parse(candidate)
        except (SyntaxError, ValueError, RecursionError):
            continue
    return None


_CUT_LINES = 3
"""At most this many last lines of an example are dropped to read it as cut off."""


def _cut_off(code: str) -> Iterator[str]:
    """``code`` without its last one, two or three lines (blocks left bodiless given a
    body): an example cut off mid-statement (a model's answer that ran out of tokens,
    ``if`` as its last line) is read up to where it stops, not as no code at all."""
    lines = code.rstrip().splitlines()
    for cut in range(1, min(_CUT_LINES, len(lines) - 1) + 1):
        yield _complete_blocks("\n".join(lines[:-cut]))


_DEFINITION_HEADER = re.compile(r"\s*(?:async\s+)?(?:class|def)\s+([A-Za-z_]\w*)\b")


def _quoted_headers(code: str) -> set[str]:
    """Names of ``class``/``def`` lines with no body (``class Schema(MutableMapping):``
    alone): a definition quoted by its header, the project's as the text presents it,
    not one the example writes."""
    lines = code.splitlines()
    return {hit[1] for number in _bodiless(lines)
            if (hit := _DEFINITION_HEADER.match(lines[number]))}


def _bodiless(lines: list[str], *, comments: bool = True) -> list[int]:
    """The indexes of lines opening a block (ending in ":") that no indented line follows;
    with ``comments`` False, none but comments ("def f():" then "    # implementation":
    a placeholder the reader fills, to be completed for parsing but no quoted header)."""
    found: list[int] = []
    for number, line in enumerate(lines):
        stripped = line.rstrip()
        if not stripped.endswith(":") or stripped.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        following = next((n for n in lines[number + 1:] if n.strip() and (
            comments or not n.lstrip().startswith("#"))), None)
        if following is None or len(following) - len(following.lstrip()) <= indent:
            found.append(number)
    return found


def _complete_blocks(code: str) -> str:
    """Give bodiless ``class X:`` / ``def f():`` lines (skeletons) an ``...`` body.

    The inserted lines go at the end of the line they complete, so numbering is kept.
    """
    lines = code.splitlines()
    for number in _bodiless(lines, comments=False):
        lines[number] = lines[number].rstrip() + " ..."
    return "\n".join(lines)


def _bind(tree: ast.Module, scope: _Scope) -> None:
    """First pass: every name the example binds, anywhere in it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            scope.imports.update(_imported_names(node))
            if isinstance(node, ast.Import):
                scope.modules.update(_imported_names(node))
        else:
            name = _bound_name(node)
            if name:
                scope.locals.add(name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            cls = _constructed_class(node.value, scope)
            if cls is None and isinstance(node, ast.AnnAssign):
                cls = dotted_name(node.annotation)
            for target in targets:
                if isinstance(target, ast.Name) and cls:
                    scope.instances[target.id] = cls
                elif isinstance(target, ast.Name) and (callee := _callee(node.value)):
                    scope.results.setdefault(target.id, callee)


def _assigned(tree: ast.Module) -> set[str]:
    """Variables the example assigns itself (``conn = make_connection()``, ``with ... as
    f``); parameters are left out: a fixture's ``request`` is the project's object."""
    names: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign | ast.For | ast.AsyncFor):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _callee(value: ast.expr) -> str:
    """``f.g`` for ``f.g(...)`` or ``await f.g(...)`` ("" for any other value)."""
    call = value.value if isinstance(value, ast.Await) else value
    return (dotted_name(call.func) or "") if isinstance(call, ast.Call) else ""


def _imported_names(node: ast.Import | ast.ImportFrom) -> dict[str, str]:
    """``alias -> absolute target`` for one import statement of an example."""
    if isinstance(node, ast.Import):
        return {alias.asname or alias.name.split(".")[0]:
                alias.name if alias.asname else alias.name.split(".")[0]
                for alias in node.names}
    if not node.module or node.level:
        return {}
    return {alias.asname or alias.name: f"{node.module}.{alias.name}"
            for alias in node.names if alias.name != "*"}


def _bound_name(node: ast.AST) -> str:
    """The local name a node binds ("" when it binds none)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
        return node.id
    if isinstance(node, ast.ExceptHandler) and node.name:
        return node.name
    return ""


def _constructed_class(value: ast.expr, scope: _Scope) -> str | None:
    """``Class`` for ``Class(...)`` / ``mod.Class(...)`` / ``await Class.create(...)``."""
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return None
    name = dotted_name(value.func)
    if not name:
        return None
    last = name.rsplit(".", 1)[-1]
    if not last[:1].isupper():
        return None
    root = name.split(".")[0]
    if root in scope.locals and root not in scope.imports:
        return None
    return name


class _Walker(ast.NodeVisitor):
    def __init__(self, *, file: str, offset: int, scope: _Scope, quoted_file: str) -> None:
        self.file = file
        self.offset = offset
        self.scope = scope
        self.quoted_file = quoted_file
        self.refs: list[Reference] = []
        self._class_stack: list[str] = []
        self._inherited: list[_Inherited | None] = []
        """Per class of ``_class_stack``: the one base it extends and what it defines."""
        self._handled: set[int] = set()

    def _add(self, node: ast.AST, *, text: str, name: str, kind: str = "symbol",
             kwargs: tuple[str, ...] = (), in_file: str = "",
             call: ast.Call | None = None, on_instance: bool = False) -> None:
        # how many arguments the call passes by position (-1: it unpacks ``*args``)
        positional = -1 if call is None or any(
            isinstance(a, ast.Starred) or elided(a) for a in call.args) else len(call.args)
        spread = call is not None and any(k.arg is None for k in call.keywords)
        self.refs.append(Reference(
            file=self.file, line=self.offset + getattr(node, "lineno", 1), text=text,
            name=name, kind=kind, origin="code", kwargs=kwargs, in_file=in_file,  # type: ignore[arg-type]  # kind is a RefKind literal
            positional=positional, spread=spread, on_instance=on_instance and call is not None))

    def visit_Import(self, node: ast.Import) -> None:  # noqa: N802 - ast API
        for alias in node.names:
            self._add(node, text=alias.name, name=alias.name, kind="module")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:  # noqa: N802 - ast API
        if not node.module or node.level:
            return
        self._add(node, text=node.module, name=node.module, kind="module")
        for alias in node.names:
            if alias.name != "*":
                self._add(node, text=alias.name, name=f"{node.module}.{alias.name}")

    def visit_ClassDef(self, node: ast.ClassDef) -> None:  # noqa: N802 - ast API
        for base in node.bases:
            self._reference(base, call=None)
            self._handled.add(id(base))
        for decorator in node.decorator_list:
            self._reference(decorator, call=None)
        if self.quoted_file and not self._class_stack:
            self._add(node, text=node.name, name=node.name, in_file=self.quoted_file)
        elif not self._class_stack:
            # the example's own class (ignored as local) or, where a text restates the
            # project's classes, a name to find there (see ``Bindings.restated``)
            self._add(node, text=node.name, name=node.name)
        self._class_stack.append(node.name)
        self._inherited.append(None if self.quoted_file else _inherited(node, self.scope))
        self.generic_visit(node)
        self._inherited.pop()
        self._class_stack.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:  # noqa: N802 - ast API
        for decorator in node.decorator_list:
            self._reference(decorator, call=None)
            self._handled.add(id(decorator))
        if self.quoted_file:
            owner = self._class_stack[-1] if self._class_stack else ""
            name = f"{owner}.{node.name}" if owner else node.name
            self._add(node, text=node.name, name=name, in_file=self.quoted_file)
        elif len(self._class_stack) == 1:
            # a method of the example's own class (ignored as local) or, where the text
            # restates a class of the project, a member it says that class has
            self._add(node, text=node.name, name=f"{self._class_stack[0]}.{node.name}")
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - ast API

    def visit_Call(self, node: ast.Call) -> None:  # noqa: N802 - ast API
        if id(node) not in self._handled:
            self._reference(node.func, call=node)
            self._handled.add(id(node.func))
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:  # noqa: N802 - ast API
        if id(node) in self._handled and dotted_name(node) is not None:
            return None  # the whole chain was reported; its prefixes are not references
        if id(node) in self._handled or not isinstance(node.ctx, ast.Load):
            self.generic_visit(node)
            return None
        if dotted_name(node) is not None:
            self._reference(node, call=None)
            return None  # the chain is one reference; don't report its prefixes
        self.generic_visit(node)
        return None

    def _reference(self, node: ast.expr, *, call: ast.Call | None) -> None:
        target = node.func if isinstance(node, ast.Call) else node
        if isinstance(node, ast.Call):
            call = node
        dotted = dotted_name(target)
        base = self._inherited[-1] if self._inherited else None
        if dotted is None and base is not None and (member := _super_member(target)):
            # ``super().m(...)`` in a subclass of the project's class: the base's ``m``
            self._add(node, text=f"super().{member}", name=f"{base.base}.{member}",
                      call=call, on_instance=True)
            return
        if dotted is None:
            return
        kwargs = tuple(k.arg for k in call.keywords if k.arg) if call else ()
        root, _, rest = dotted.partition(".")
        scope = self.scope
        base = self._inherited[-1] if self._inherited else None
        if base is not None and root in {"self", "cls"} and rest and "." not in rest \
                and call is not None and rest not in base.defined:
            # a method the example's subclass calls on itself but never defines: its base's
            self._add(node, text=dotted, name=f"{base.base}.{rest}", kwargs=kwargs,
                      call=call, on_instance=True)
            return
        if root in scope.imports:
            resolved = scope.imports[root] + (f".{rest}" if rest else "")
            # ``import pprint`` then ``pprint(data)``: a module called (see the resolver)
            kind = "module" if call is not None and not rest and root in scope.modules \
                else "symbol"
            self._add(node, text=dotted, name=resolved, kwargs=kwargs, call=call, kind=kind)
        elif root in scope.instances and rest:
            cls = scope.instances[root]
            cls_root, _, cls_rest = cls.partition(".")
            if cls_root in scope.imports:
                cls = scope.imports[cls_root] + (f".{cls_rest}" if cls_rest else "")
            self._add(node, text=dotted, name=f"{cls}.{rest}", kwargs=kwargs, call=call,
                      on_instance="." not in rest)
        elif root in scope.locals or root in {"self", "cls", "super"} or len(root) == 1:
            return  # bound by the example, or a one-letter placeholder (``@a``, ``f()``)
        elif root in _BUILTINS:
            self._add(node, text=dotted, name=dotted, kwargs=kwargs)
        else:
            # a call, a class, a bare name, or ``module.attr`` with no import (a
            # reference when ``module`` is a real module)
            self._add(node, text=dotted, name=dotted, kwargs=kwargs, call=call)


@dataclass(frozen=True)
class _Inherited:
    """The one base an example's class extends (as the example names it, imports
    followed) and every name the class itself defines or assigns."""

    base: str
    defined: frozenset[str]


def _inherited(node: ast.ClassDef, scope: _Scope) -> _Inherited | None:
    """What ``node`` inherits from, when it extends exactly one class the example does not
    define itself (None otherwise: with several bases a member may come from any)."""
    if len(node.bases) != 1 or node.keywords:
        return None
    written = dotted_name(node.bases[0])
    if not written:
        return None
    root, _, rest = written.partition(".")
    if root in scope.imports:
        written = scope.imports[root] + (f".{rest}" if rest else "")
    elif root in scope.locals or root in _BUILTINS:
        return None
    defined: set[str] = set()
    for child in ast.walk(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(child.name)
        elif isinstance(child, ast.Attribute) and isinstance(child.ctx, ast.Store):
            defined.add(child.attr)  # ``self.x = ...``
        elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            defined.add(child.id)  # a class attribute
    return _Inherited(written, frozenset(defined))


def _super_member(node: ast.expr) -> str:
    """``m`` for ``super().m`` (the zero-argument form), else ""."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call) and \
            isinstance(node.value.func, ast.Name) and node.value.func.id == "super" and \
            not node.value.args:
        return node.attr
    return ""


_CALL = re.compile(r"(?<![\w.])([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+)\s*\(")
_FROM_IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+([\w, ]+)")
_IMPORT = re.compile(r"^\s*import\s+([\w.]+)")


def _fallback_refs(lines: list[str], *, file: str, first_line: int) -> list[Reference]:
    """Line-by-line extraction for examples that do not parse (elided or partial code)."""
    refs: list[Reference] = []
    for number, line in enumerate(lines, start=first_line):
        code = line.split("#", 1)[0]
        if match := _FROM_IMPORT.match(code):
            module = match.group(1)
            refs.append(Reference(file=file, line=number, text=module, name=module,
                                  kind="module", origin="code"))
            for name in (n.strip() for n in match.group(2).split(",")):
                if name and name.split(" ")[0].isidentifier():
                    name = name.split(" ")[0]
                    refs.append(Reference(file=file, line=number, text=name,
                                          name=f"{module}.{name}", kind="symbol",
                                          origin="code"))
        elif match := _IMPORT.match(code):
            refs.append(Reference(file=file, line=number, text=match.group(1),
                                  name=match.group(1), kind="module", origin="code"))
    return refs
