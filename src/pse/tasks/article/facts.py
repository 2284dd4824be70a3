"""The facts block of a section's prompt: what the index knows about its focus symbols.

A small model does not remember a signature it read once in an excerpt: it wrote "is
instantiated with the `RetryPolicy` and `max_attempts` parameters" and "has three states"
beside the source that said otherwise. So each section's prompt carries, for its focus
symbols, the facts it would otherwise have to recall: signatures with defaults and return
annotations, bases, decorators, members with their counts, an enum's members, what a
function raises, where each is defined and who calls it. Everything is read from the
index (and, for Python, from the definition's own syntax tree), deterministically, and
the counts are the ones the structural-claims check holds the text to
(:func:`pse.verify.claims.code.enum_members`, parameters besides ``self``).

The block is bounded (:data:`FACTS_CHARS`): whole lines are kept in focus order while
they fit, because with the embedded 0.5B model every prompt token costs reading time.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pse.index.model import Symbol
from pse.index.returns import parse_quietly
from pse.index.symbols import SymbolIndex
from pse.planted import MAX_COUNTED_BYTES, read_planted
from pse.verify.claims.code import enum_members, signature_of
from pse.verify.claims.returns import returned_type
from pse.verify.resolve import Resolver

FACTS_CHARS = 800
"""Budget of the block (about 220 tokens): a quarter of what the excerpts get."""
_LINE_CHARS = 360
"""At most this much per symbol: one long enum or class cannot take the whole block."""
_MAX_LISTED = 10
"""Members or fields listed by name; the count always says how many there are."""
_METHODS_CHARS = 240
"""A class's methods with their return types fit in this much, or are listed by name."""
_MAX_CALLERS = 2
_MAX_SCANNED = 300
"""Python files searched for callers (a big tree gives no callers rather than a slow prompt)."""
_MAX_FILE_DEFS = 5
_SIGNATURE_CHARS = 160
"""A longer parameter list is shown without annotations (then without defaults)."""
_DEFINITIONS = frozenset({"class", "function", "method", "constant", "interface", "struct",
                          "enum", "trait", "type"})
_Def = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass(frozen=True)
class _Found:
    """A focus symbol and its Python definition node (None outside Python)."""

    symbol: Symbol
    node: _Def | None


def section_facts(resolver: Resolver, focus: Sequence[str], *, limit: int = FACTS_CHARS) -> str:
    """The facts block for a section about ``focus`` ("" when nothing in it resolves).

    Args:
        resolver: the project's resolver (its index answers every question).
        focus: the section's focus items (names, dotted names or file paths).
        limit: the block's budget in characters; lines beyond it are left out whole.
    """
    reader = _Reader(resolver)
    lines = [_clip(line) for symbol in focus_symbols(resolver.index, focus)
             for line in [reader.describe(symbol)] if line]
    kept: list[str] = []
    used = 0
    for line in dict.fromkeys(lines):
        if used + len(line) + 1 > limit:
            continue  # a shorter fact further on may still fit
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


def focus_symbols(index: SymbolIndex, focus: Sequence[str]) -> list[Symbol]:
    """The definitions a section's focus names: each named symbol, and for a file or
    module its first public top-level definitions."""
    found: list[Symbol] = []
    for item in focus:
        bare = item.strip().strip("`").removesuffix("()")
        if not bare:
            continue
        if "/" in bare or bare.endswith((".py", ".pyi", ".js", ".ts", ".go", ".rs")):
            found.extend(_file_definitions(index.in_file(bare), index.module_of(bare)))
            continue
        tail = bare.rsplit(".", 1)[-1]
        named = [s for s in index.by_name(tail) if s.kind in _DEFINITIONS | {"module", "package"}
                 and (s.qualname == bare or s.qualname.endswith("." + bare))]
        # an overloaded function's implementation is its last definition
        for symbol in [s for s in named if s.qualname == named[0].qualname][-1:]:
            if symbol.kind in {"module", "package"}:
                found.extend(_file_definitions(index.in_file(symbol.path), symbol.qualname))
            else:
                found.append(symbol)
    return list(dict.fromkeys(found))


def _file_definitions(symbols: list[Symbol], module: str) -> list[Symbol]:
    top = [s for s in symbols if s.parent == module and s.kind in _DEFINITIONS
           and not s.name.startswith("_")]
    return top[:_MAX_FILE_DEFS]


class _Reader:
    """Describes symbols of one tree; parsed files are kept for the reader's life."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.index = resolver.index
        self._trees: dict[str, ast.Module | None] = {}

    def describe(self, symbol: Symbol) -> str:
        """One line: the symbol, what it is, where, and its facts."""
        found = _Found(symbol, self._node(symbol))
        if symbol.kind == "class":
            kind, facts = self._class(found)
        elif symbol.kind in {"function", "method"}:
            kind, facts = self._function(found)
        else:
            kind, facts = symbol.kind, []
        head = f"- `{_display(symbol)}` ({kind}, {symbol.path}:{symbol.line})"
        return head + (": " + "; ".join(facts) if facts else "")

    # ------------------------------------------------------------------ classes
    def _class(self, found: _Found) -> tuple[str, list[str]]:
        symbol, node = found.symbol, found.node
        facts: list[str] = []
        members = enum_members(self.resolver, symbol)
        if members is not None:  # its base says nothing more than "enum"
            facts.append(f"{_count(len(members), 'member')}: {_names(members)}")
            return "enum", facts
        decorators = _decorators(node)
        fields = _dataclass_fields(node) if _is_dataclass(decorators) else None
        if symbol.bases:
            facts.append("bases " + _names(symbol.bases))
        if fields is None and decorators:
            facts.append("decorators " + ", ".join(f"`@{d}`" for d in decorators))
        init = signature_of(self.resolver, symbol)
        if fields is not None:
            facts.append(f"{_count(len(fields), 'field')}, its parameters in order: "
                         f"{_names(fields)}")
        elif init is not None:
            facts.append(self._constructor(symbol, init))
        methods = list({  # overloads are one method
            s.name: s for s in self.index.children(symbol.qualname)
            if s.kind == "method" and not s.name.startswith("_")}.values())
        if methods:
            facts.append(self._methods(methods))
        facts.extend(self._callers(symbol))
        return "dataclass" if fields is not None else "class", facts

    def _constructor(self, cls: Symbol, init: Symbol) -> str:
        params = _own_params(init)
        node = self._node(init)
        shown = f"`{cls.name}({_arguments(node, skip_self=True)})`" if isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef) else f"`{cls.name}({', '.join(params)})`"
        return f"{shown}, {_count(len(params), 'parameter')}"

    # ---------------------------------------------------------------- functions
    def _function(self, found: _Found) -> tuple[str, list[str]]:
        symbol, node = found.symbol, found.node
        params = _own_params(symbol)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
            facts = [f"signature `{symbol.name}({_arguments(node, skip_self=False)}){returns}`"]
            made = returned_type(self.resolver, symbol) if not returns else None
            if made is not None:  # what it returns, read from its body or docstring
                facts.append(f"returns {_type_said(made)}")
        else:
            facts = [f"parameters {', '.join(f'`{p}`' for p in symbol.params) or 'none'}"]
        facts.append(_count(len(params), "parameter") + (" besides `self`" if
                     len(params) < len(symbol.params) else ""))
        decorators = _decorators(node)
        if decorators:
            facts.append("decorators " + ", ".join(f"`@{d}`" for d in decorators))
        body = self.index.body_facts(symbol)
        if body is not None and body.raises:
            facts.append("raises " + _names(body.raises))
        facts.extend(self._callers(symbol))
        kind = "async " + symbol.kind if isinstance(node, ast.AsyncFunctionDef) else symbol.kind
        return kind, facts

    def _methods(self, methods: list[Symbol]) -> str:
        """"N public methods: `a` (returns `bool`), `b`, ...": what each returns while the
        fact stays short enough to keep its line (:data:`_METHODS_CHARS`), else names only."""
        more = len(methods) - _MAX_LISTED
        tail = f" and {more} more" if more > 0 else ""
        head = f"{_count(len(methods), 'public method')}: "
        typed = head + ", ".join(f"`{m.name}`{self._returning(m)}"
                                 for m in methods[:_MAX_LISTED]) + tail
        if len(typed) <= _METHODS_CHARS:
            return typed
        return head + _names([m.name for m in methods])

    def _returning(self, method: Symbol) -> str:
        """`` (returns `set`)`` after a method's name when its type is known."""
        annotation = self.index.return_names(method)
        if annotation is not None:
            node = self._node(method)
            written = ast.unparse(node.returns) if isinstance(
                node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns else None
            return f" (returns `{written}`)" if written and len(written) <= 30 else ""
        made = returned_type(self.resolver, method)
        return f" (returns {_type_said(made)})" if made and len(made) <= 30 else ""

    def _callers(self, symbol: Symbol) -> list[str]:
        """Who calls ``symbol`` (by name; only for a name the tree defines once, since a
        call site records the last name only and ``run`` may be any ``run``)."""
        if len([s for s in self.index.by_name(symbol.name) if s.kind != "parameter"]) != 1:
            return []
        callers: list[str] = []
        for caller in self._call_sites(symbol.name):
            if caller.qualname != symbol.qualname and not caller.qualname.startswith(
                    symbol.qualname + "."):
                callers.append(f"`{_display(caller)}` ({caller.path}:{caller.line})")
            if len(callers) == _MAX_CALLERS:
                break
        return ["called by " + ", ".join(callers)] if callers else []

    def _call_sites(self, name: str) -> Iterator[Symbol]:
        needle = name.encode()
        python = [p for p, (lang, _) in self.index.files.items() if lang == "python"]
        for path in python[:_MAX_SCANNED]:
            data = read_planted(self.index.root / path, limit=MAX_COUNTED_BYTES)
            if data is None or needle not in data:
                continue
            for function in self.index.in_file(path):
                body = self.index.body_facts(function)
                if body is not None and name in body.calls:
                    yield function

    # ------------------------------------------------------------------- source
    def _node(self, symbol: Symbol) -> _Def | None:
        """The definition's syntax node (Python only; None when it cannot be read)."""
        if not symbol.path.endswith((".py", ".pyi")):
            return None
        if symbol.path not in self._trees:
            self._trees[symbol.path] = parse_quietly(read_planted(self.index.root / symbol.path,
                                                           limit=MAX_COUNTED_BYTES))
        tree = self._trees[symbol.path]
        if tree is None:
            return None
        for node in ast.walk(tree):
            if isinstance(node, _Def) and node.name == symbol.name and \
                    _first_line(node) <= symbol.line <= node.lineno:
                return node
        return None


def _first_line(node: _Def) -> int:
    """The definition's first line (its first decorator's, when it has one)."""
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def _arguments(node: ast.FunctionDef | ast.AsyncFunctionDef, *, skip_self: bool) -> str:
    """The parameter list as written (annotations and defaults), ``self`` dropped if asked."""
    args = node.args
    if skip_self and (args.posonlyargs or args.args):
        args = ast.arguments(posonlyargs=args.posonlyargs[1:] if args.posonlyargs else [],
                             args=args.args if args.posonlyargs else args.args[1:],
                             vararg=args.vararg, kwonlyargs=args.kwonlyargs,
                             kw_defaults=args.kw_defaults, kwarg=args.kwarg,
                             defaults=_defaults_after_skip(node.args))
    written = ast.unparse(args)
    if len(written) <= _SIGNATURE_CHARS:
        return written
    # too long for the block: annotations go first (the names and defaults are what a
    # sentence about calling it gets wrong), then the defaults
    bare = copy.deepcopy(args)
    for arg in (*bare.posonlyargs, *bare.args, *bare.kwonlyargs, bare.vararg, bare.kwarg):
        if arg is not None:
            arg.annotation = None
    written = ast.unparse(bare)
    if len(written) <= _SIGNATURE_CHARS:
        return written
    bare.defaults, bare.kw_defaults = [], [None] * len(bare.kwonlyargs)
    return ast.unparse(bare)


def _defaults_after_skip(args: ast.arguments) -> list[ast.expr]:
    positional = len(args.posonlyargs) + len(args.args)
    # defaults belong to the last positional parameters; the dropped first one had none
    # unless every positional parameter has a default
    return args.defaults[1:] if len(args.defaults) == positional else list(args.defaults)


def _own_params(function: Symbol) -> list[str]:
    """Parameters as a count claim reads them: ``self``/``cls`` of a method excluded."""
    params = list(function.params)
    if function.kind == "method" and params[:1] in (["self"], ["cls"]):
        return params[1:]
    return params


def _decorators(node: _Def | None) -> list[str]:
    if node is None:
        return []
    found = []
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        found.append(ast.unparse(target))
    return found


def _is_dataclass(decorators: Sequence[str]) -> bool:
    return any(d.rsplit(".", 1)[-1] in {"dataclass", "define", "frozen", "attrs"}
               for d in decorators)


def _dataclass_fields(node: _Def | None) -> list[str] | None:
    """``name`` or ``name=default`` for each annotated field of a dataclass body."""
    if not isinstance(node, ast.ClassDef):
        return None
    fields: list[str] = []
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            annotation = ast.unparse(statement.annotation)
            if annotation.startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = "" if statement.value is None else f"={ast.unparse(statement.value)}"
            fields.append(f"{statement.target.id}{value}")
    return fields


def _type_said(made: str) -> str:
    """A returned type as the block says it: code in backticks, words as they are."""
    return made if made.startswith(("a ", "the ")) else f"`{made}`"


def _display(symbol: Symbol) -> str:
    """``Class.method`` for a member, the bare name otherwise."""
    parent = symbol.parent.rsplit(".", 1)[-1]
    return f"{parent}.{symbol.name}" if symbol.kind == "method" and parent else symbol.name


def _names(names: Sequence[str]) -> str:
    shown = [f"`{n}`" for n in names[:_MAX_LISTED]]
    more = len(names) - _MAX_LISTED
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _clip(line: str) -> str:
    """``line`` cut at a fact boundary to :data:`_LINE_CHARS`."""
    if len(line) <= _LINE_CHARS:
        return line
    cut = line[:_LINE_CHARS].rsplit("; ", 1)[0]
    return cut if len(cut) > len(line.split(": ", 1)[0]) else line[:_LINE_CHARS]
