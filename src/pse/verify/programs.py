"""What the project's own programs accept on their command line, read from their parsers.

A console script (``tinyqueue = "tinyqueue.__main__:main"``) or ``python -m pkg`` leads to
a module; its ``argparse`` parser or its ``click`` command, written as literals, says which
subcommands exist, whether positional arguments are taken at all, and which options take
a value (so ``--max-attempts 3`` is read as one option). The source is parsed, never run.
Anything less plain -- a parser built in another module by a call we cannot follow,
``parse_known_args``, reading ``sys.argv`` itself, typer, docopt, a click group with
``add_command`` or a custom class -- answers ``None``: the command line is not judged.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pse.planted import read_planted_text


@dataclass(frozen=True)
class Surface:
    """The top level of one program's command line."""

    where: str
    """The file (relative to the tree) whose parser this is."""
    subcommands: frozenset[str] | None
    """Subcommand names (aliases too); None when the program has none."""
    positionals: bool
    """Whether the top level takes positional arguments (besides a subcommand)."""
    options: frozenset[str]
    """Every option string of the top level."""
    valued: frozenset[str]
    """The options that take a value from the next word."""


_NO_VALUE_ACTIONS = frozenset({"store_true", "store_false", "count", "help", "version",
                               "store_const", "append_const"})


def module_surface(root: Path, files: dict[str, str], module: str, function: str = "",
                   *, hops: int = 1) -> Surface | None:
    """The surface of the program whose entry is ``module:function`` (``function`` empty
    for ``python -m``). ``files`` maps module names to tree-relative paths."""
    # ``python -m pkg`` runs ``pkg/__main__.py``; an entry point names its module itself
    path = files.get(module) if function else files.get(f"{module}.__main__") or files.get(
        module)
    if path is None:
        return None
    text = read_planted_text(root / path)
    try:
        tree = ast.parse(text) if text is not None else None
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        tree = None
    if tree is None or _reads_raw_arguments(tree):
        return None
    scope: ast.AST = tree
    if function:
        found = _top_function(tree, function)
        if found is None:
            return None
        surface = _click_surface(tree, found, path,
                                 lambda name: _other_trees(root, files, path, name))
        if surface is not None or _click_decorated(found):
            return surface
        scope = tree if _parsers(tree) and not _parsers(found) else found
    surface = _argparse_surface(scope, path)
    if surface is not None or _parsers(scope) or hops <= 0:
        return surface
    # ``from .cli import main`` then ``main()``: the parser lives one module further
    if path.endswith("__main__.py") and not module.endswith("__main__"):
        module = f"{module}.__main__"
    target = _called_import(tree, scope, module, package=path.endswith("__init__.py"))
    if target is None:
        return None
    return module_surface(root, files, target[0], target[1], hops=hops - 1)


def _reads_raw_arguments(tree: ast.Module) -> bool:
    """``sys.argv`` or ``parse_known_args``: the program reads words its parser does not
    declare."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("argv", "parse_known_args",
                                                              "parse_known_intermixed_args"):
            return True
    return False


def _top_function(tree: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            return node
    return None


def _parsers(scope: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(scope) if isinstance(n, ast.Call)
            and _called_name(n) == "ArgumentParser"]


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""


def _receiver(call: ast.Call) -> str:
    """``parser`` of ``parser.add_argument(...)`` (empty for anything but a plain name)."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id
    return ""


def _argparse_surface(scope: ast.AST, where: str) -> Surface | None:
    parsers = _parsers(scope)
    if len(parsers) != 1 or any(k.arg == "prefix_chars" for k in parsers[0].keywords):
        return None
    top = _assigned_name(scope, parsers[0])
    if not top:
        return None
    names = _top_level_names(scope, top)
    options: set[str] = set()
    valued: set[str] = set()
    positionals = False
    subcommands: set[str] | None = None
    for node in ast.walk(scope):
        if not isinstance(node, ast.Call):
            continue
        called = _called_name(node)
        if called == "add_subparsers" and _receiver(node) == top:
            subcommands = subcommands or set()
        elif called == "add_parser":
            added = _subparser_names(node)
            if added is None:
                return None
            subcommands = (subcommands or set()) | added
        elif called == "add_argument" and _receiver(node) in names:
            strings = [a.value for a in node.args
                       if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(strings) != len(node.args) or not strings:
                return None  # names built in code
            if not strings[0].startswith("-"):
                positionals = True
                continue
            options.update(strings)
            if _takes_value(node):
                valued.update(strings)
    return Surface(where, frozenset(subcommands) if subcommands is not None else None,
                   positionals, frozenset(options), frozenset(valued))


def _top_level_names(scope: ast.AST, top: str) -> set[str]:
    """The names that stand for the top level: the parser and its argument groups."""
    names = {top}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and _receiver(node.value) in names and _called_name(node.value) in (
                    "add_argument_group", "add_mutually_exclusive_group") \
                and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            names.add(node.targets[0].id)
    return names


def _subparser_names(call: ast.Call) -> set[str] | None:
    """``add_parser("run", aliases=["r"])``: {"run", "r"} (None: a name built in code)."""
    first = call.args[0] if call.args else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    names = {first.value}
    for keyword in call.keywords:
        if keyword.arg == "aliases":
            try:
                names |= {str(a) for a in ast.literal_eval(keyword.value)}
            except (ValueError, TypeError, SyntaxError):
                return None
    return names


def _takes_value(call: ast.Call) -> bool:
    for keyword in call.keywords:
        if keyword.arg == "action":
            value = keyword.value
            if isinstance(value, ast.Constant):
                return value.value not in _NO_VALUE_ACTIONS
            return not (isinstance(value, ast.Attribute)
                        and value.attr == "BooleanOptionalAction")
        if keyword.arg == "nargs" and isinstance(keyword.value, ast.Constant) \
                and keyword.value.value == 0:
            return False
    return True


def _assigned_name(scope: ast.AST, call: ast.Call) -> str:
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and node.value is call and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            return node.targets[0].id
    return ""


def _decorator_call(decorator: ast.expr) -> tuple[str, str, ast.Call | None]:
    """(receiver, attribute, call) of ``@click.group(...)``, ``@cli.command()``, ``@command``."""
    call = decorator if isinstance(decorator, ast.Call) else None
    target = call.func if call is not None else decorator
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return target.value.id, target.attr, call
    if isinstance(target, ast.Name):
        return "", target.id, call
    return "", "", call


def _click_decorated(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(_decorator_call(d)[1] in ("command", "group") for d in function.decorator_list)


def _other_trees(root: Path, files: dict[str, str], skip: str, name: str
                 ) -> Iterator[ast.Module]:
    """Every other Python module of the tree whose text names ``name``, parsed (the ones
    that fail to parse left out): where a click group's commands may be added."""
    for path in sorted(set(files.values()) - {skip}):
        text = read_planted_text(root / path)
        if not text or name not in text:
            continue  # (most modules: read, never parsed)
        try:
            yield ast.parse(text)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            continue


def _click_surface(tree: ast.Module, function: ast.FunctionDef | ast.AsyncFunctionDef,
                   where: str, others: Callable[[str], Iterable[ast.Module]]
                   ) -> Surface | None:
    kinds = [(r, a, c) for r, a, c in map(_decorator_call, function.decorator_list)
             if a in ("command", "group")]
    if len(kinds) != 1 or kinds[0][0] not in ("click", ""):
        return None
    _, kind, call = kinds[0]
    if call is not None and any(k.arg in ("cls", "context_settings") for k in call.keywords):
        return None  # a custom class (aliases, lazy loading) or ignore_unknown_options
    options: set[str] = set()
    valued: set[str] = set()
    positionals = False
    for decorator in function.decorator_list:
        _, attribute, option = _decorator_call(decorator)
        if attribute == "argument":
            positionals = True
        elif attribute == "option" and option is not None:
            strings = [a.value for a in option.args
                       if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            names = {part for s in strings for part in s.split("/") if part.startswith("-")}
            options |= names
            flag = any("/" in s for s in strings) or any(
                k.arg in ("is_flag", "count") and isinstance(k.value, ast.Constant)
                and k.value.value for k in option.keywords)
            if not flag:
                valued |= names
    subcommands: frozenset[str] | None = None
    if kind == "group":
        found = _click_commands(tree, function.name)
        # ``from .cli import cli`` then ``@cli.command()`` in another module adds to it
        for other in others(function.name) if found is not None else ():
            aliases = [a.asname or a.name for node in ast.walk(other)
                       if isinstance(node, ast.ImportFrom) for a in node.names
                       if a.name == function.name]
            for name in aliases:
                more = _click_commands(other, name)
                found = None if more is None or found is None else found | more
        if found is None:
            return None
        subcommands = found
    return Surface(where, subcommands, positionals, frozenset(options), frozenset(valued))


def _click_commands(tree: ast.Module, group: str) -> frozenset[str] | None:
    """The commands ``@group.command()`` / ``@group.group()`` define in this module (None
    when ``group.add_command`` adds others we cannot name)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called_name(node) == "add_command" \
                and _receiver(node) == group:
            return None
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            receiver, attribute, call = _decorator_call(decorator)
            if receiver != group or attribute not in ("command", "group"):
                continue
            given = call.args[0] if call is not None and call.args else next(
                (k.value for k in (call.keywords if call else []) if k.arg == "name"), None)
            if given is not None:
                if not (isinstance(given, ast.Constant) and isinstance(given.value, str)):
                    return None
                names.add(given.value)
                continue
            # click names a command after its function: ``_`` becomes ``-``, and click 8.2
            # drops a ``_command``/``_cmd``/``_group``/``_grp`` suffix; either spelling counts
            plain = node.name.lower()
            names |= {plain, plain.replace("_", "-")}
            for suffix in ("_command", "_cmd", "_group", "_grp"):
                if plain.endswith(suffix):
                    names.add(plain.removesuffix(suffix).replace("_", "-"))
    return frozenset(names)


def _called_import(tree: ast.Module, scope: ast.AST, module: str, *, package: bool
                   ) -> tuple[str, str] | None:
    """``main()`` in ``scope`` where ``from .cli import main``: ("pkg.cli", "main")."""
    imported: dict[str, tuple[str, str]] = {}
    parts = module.split(".") + ([""] if package else [])  # a package's ``.`` is itself
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # ``from .cli`` in pkg/__main__.py or pkg/mod.py is pkg.cli
                anchor = parts[:len(parts) - node.level]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                imported[alias.asname or alias.name] = (base, alias.name)
    called = [n.func.id for n in ast.walk(scope) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Name) and n.func.id in imported]
    targets = {imported[name] for name in called}
    return targets.pop() if len(targets) == 1 else None
