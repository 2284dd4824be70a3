"""The commands a project installs, read from its packaging files (never run).

``[project.scripts]``, Poetry's ``[tool.poetry.scripts]``, ``setup.cfg``'s
``[options.entry_points]``, ``setup(entry_points=..., scripts=...)`` written as literals,
an sdist's ``*.egg-info/entry_points.txt`` and ``package.json``'s ``bin``. Whether the
list is *complete* matters as much as the list: a command the project does not install
is an invented one only when every packaging file that could declare it was read
(a ``setup.py`` that builds its entry points in code, or a ``dynamic = ["scripts"]``,
leaves the question open).
"""

from __future__ import annotations

import ast
import configparser
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pse.planted import read_planted_text


@dataclass(frozen=True)
class InstalledCommands:
    """Command name -> its target (``pkg.cli:main``, or a script path)."""

    commands: dict[str, str] = field(default_factory=dict)
    complete: bool = False
    """Every packaging file found was read to the end, and at least one was found."""


def installed_commands(folder: Path) -> InstalledCommands:
    """The commands the project in ``folder`` installs."""
    commands: dict[str, str] = {}
    found = False
    readers = (_pyproject, _setup_cfg, _setup_py, _egg_info, _package_json)
    answers = [reader(folder) for reader in readers]
    complete = True
    built = answers[readers.index(_egg_info)]
    for answer in answers:
        if answer is None:  # no such file
            continue
        found = True
        names, read_whole = answer
        commands.update(names)
        complete = complete and read_whole
    # what setuptools wrote when it built the sdist settles what a setup.py computes
    complete = complete or (built is not None and built[1])
    return InstalledCommands(dict(sorted(commands.items())), complete=found and complete)


_Answer = tuple[dict[str, str], bool] | None
"""(commands, read to the end), or None when the file is absent or not packaging."""


def _pyproject(folder: Path) -> _Answer:
    text = read_planted_text(folder / "pyproject.toml")
    if text is None:
        return None
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return {}, False
    project = data.get("project")
    tool = data.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    if not isinstance(project, dict) and not isinstance(poetry, dict):
        return None  # a pyproject.toml holding only tool settings declares nothing
    names: dict[str, str] = {}
    whole = True
    for table in (project, poetry):
        if not isinstance(table, dict):
            continue
        for key in ("scripts", "gui-scripts"):
            value = table.get(key)
            if isinstance(value, dict):
                names.update({str(k): str(v) for k, v in value.items()})
        dynamic = table.get("dynamic")
        if isinstance(dynamic, list) and {"scripts", "gui-scripts", "entry-points"} & set(
                map(str, dynamic)):
            whole = False
    return names, whole


def _setup_cfg(folder: Path) -> _Answer:
    text = read_planted_text(folder / "setup.cfg")
    if text is None:
        return None
    parser = _ini(text)
    if parser is None:
        return {}, False
    if not parser.has_section("metadata") and not parser.has_section("options"):
        return None  # a setup.cfg holding only tool settings (flake8, pytest) declares nothing
    names = _entry_lines(parser.get("options.entry_points", "console_scripts", fallback=""))
    names.update(_entry_lines(parser.get("options.entry_points", "gui_scripts", fallback="")))
    for script in parser.get("options", "scripts", fallback="").split():
        names[Path(script).name] = script
    return names, True


def _setup_py(folder: Path) -> _Answer:
    text = read_planted_text(folder / "setup.py")
    if text is None:
        return None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}, False
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"]
    if len(calls) != 1:
        return {}, False  # no literal call, or several (one per condition): not read whole
    names: dict[str, str] = {}
    for keyword in calls[0].keywords:
        if keyword.arg is None:
            return names, False  # setup(**options): what it holds is computed
        if keyword.arg not in ("entry_points", "scripts"):
            continue
        try:
            value = _literal(keyword.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return names, False
        declared = _setup_keyword(keyword.arg, value)
        if declared is None:
            return names, False
        names.update(declared)
    return names, True


def _setup_keyword(keyword: str, value: object) -> dict[str, str] | None:
    """The commands ``scripts=`` or ``entry_points=`` declares (None: a shape not read)."""
    if keyword == "scripts" and isinstance(value, list | tuple):
        return {Path(str(s)).name: str(s) for s in value}
    if keyword == "entry_points" and isinstance(value, dict):
        names: dict[str, str] = {}
        for group in ("console_scripts", "gui_scripts"):
            entries = value.get(group, [])
            lines = entries if isinstance(entries, list | tuple) else [entries]
            names.update(_entry_lines("\n".join(map(str, lines))))
        return names
    if keyword == "entry_points" and isinstance(value, str):  # an ini-style string
        parser = _ini(value)
        return None if parser is None else _entry_lines(_section(parser, "console_scripts"))
    return None


def _literal(node: ast.expr) -> object:
    """``ast.literal_eval``, also of ``dict(console_scripts=[...])``."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict" and not node.args \
            and all(k.arg for k in node.keywords):
        return {k.arg: ast.literal_eval(k.value) for k in node.keywords}
    return ast.literal_eval(node)


def _egg_info(folder: Path) -> _Answer:
    """An sdist's ``*.egg-info/entry_points.txt``: what setuptools wrote when it built it
    (an egg-info folder with no such file: the project declares no entry points)."""
    eggs = sorted(folder.glob("*.egg-info")) + sorted(folder.glob("src/*.egg-info"))
    if not eggs:
        return None
    text = read_planted_text(eggs[0] / "entry_points.txt")
    if text is None:
        return {}, True
    parser = _ini(text)
    if parser is None:
        return {}, False
    names = _entry_lines(_section(parser, "console_scripts"))
    names.update(_entry_lines(_section(parser, "gui_scripts")))
    return names, True


def _package_json(folder: Path) -> _Answer:
    text = read_planted_text(folder / "package.json")
    if text is None:
        return None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return {}, False
    if not isinstance(data, dict):
        return {}, False
    bins = data.get("bin")
    if isinstance(bins, dict):
        return {str(k): str(v) for k, v in bins.items()}, True
    if isinstance(bins, str) and data.get("name"):
        return {str(data["name"]).rsplit("/", 1)[-1]: bins}, True  # "bin": "cli.js"
    return {}, True


def _ini(text: str) -> configparser.ConfigParser | None:
    """``text`` read as an ini file (None when it is not one)."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    return parser


def _section(parser: configparser.ConfigParser, name: str) -> str:
    """A section written as ``name = target`` lines, back as that text."""
    if not parser.has_section(name):
        return ""
    return "\n".join(f"{k} = {v}" for k, v in parser.items(name))


def _entry_lines(text: str) -> dict[str, str]:
    """``name = pkg.mod:func`` lines (blank lines and comments skipped)."""
    names: dict[str, str] = {}
    for line in text.splitlines():
        name, sep, target = line.partition("=")
        if sep and name.strip() and not name.strip().startswith("#"):
            names[name.strip()] = target.strip()
    return names
