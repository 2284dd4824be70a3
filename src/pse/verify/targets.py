"""Command targets: ``make X``, ``just X``, ``tox -e X``, ``nox -s X``, ``poe X``,
``npm run X`` / ``yarn X`` / ``pnpm run X``, checked against the project's task files.

Each tool's file is read once from the source root (:class:`Targets`): Makefile target
lines (and ``include``d files, best effort), justfile recipes and aliases, tox
environments (``env_list`` with generative braces such as ``py3{11,12}``, ``[testenv:X]``
sections, from tox.ini, setup.cfg, tox.toml or pyproject), noxfile.py sessions (by
``ast``: ``@nox.session`` functions and their ``name=``), ``[tool.poe.tasks]`` and
package.json ``scripts``. A tool whose file is absent is not our business (the command
stays external); a file pse cannot read with certainty (computed target names, imports
it does not follow) never flags.
"""

from __future__ import annotations

import ast
import configparser
import difflib
import itertools
import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pse.planted import read_planted_text
from pse.verify.refs import Resolution

_MAX_BYTES = 1_000_000
T = TypeVar("T")
_YARN_BUILTINS = frozenset({
    "add", "audit", "autoclean", "bin", "cache", "check", "config", "create", "dlx", "exec",
    "generate-lock-entry", "global", "help", "import", "info", "init", "install", "licenses",
    "link", "list", "login", "logout", "node", "outdated", "owner", "pack", "policies",
    "publish", "remove", "run", "set", "tag", "team", "unlink", "unplug", "upgrade",
    "upgrade-interactive", "version", "versions", "why", "workspace", "workspaces", "up",
    "dedupe", "explain", "npm", "plugin", "rebuild", "constraints", "stage", "patch",
    "patch-commit", "search", "test", "start"})
"""Yarn's own commands (``yarn X`` runs script X only when X is none of these)."""


@dataclass
class TaskFile:
    """The targets one tool's file defines."""

    path: str
    """The file, relative to the root (for evidence and messages)."""
    lines: dict[str, int] = field(default_factory=dict)
    """Target name -> its line (0 when unknown)."""
    patterns: list[str] = field(default_factory=list)
    """Names matching one of these (``%`` rules, ``name-*`` variants) exist too."""
    certain: bool = True
    """False when some names could not be read (then nothing is flagged)."""
    files: dict[str, str] = field(default_factory=dict)
    """Target name -> the file defining it, when not :attr:`path` (an included file)."""

    def evidence(self, name: str) -> tuple[str, int | None]:
        """Where target ``name`` is defined."""
        return self.files.get(name, self.path), self.lines.get(name) or None

    def find(self, name: str) -> int | None:
        """The line of target ``name`` (0 when it exists without a known line)."""
        if name in self.lines:
            return self.lines[name]
        if any(_matches(pattern, name) for pattern in self.patterns):
            return 0
        return None


def _matches(pattern: str, name: str) -> bool:
    prefix, percent, suffix = pattern.partition("%")
    return bool(percent) and name.startswith(prefix) and name.endswith(suffix) and \
        len(name) > len(prefix) + len(suffix)


def _read(path: Path) -> str | None:
    """A planted task file: a regular file below the cap, or nothing (never a FIFO)."""
    return read_planted_text(path, limit=_MAX_BYTES)


_MAKE_TARGET = re.compile(r"^([^\s:=#][^:=#]*?)\s*::?(?![=])")
_MAKE_INCLUDE = re.compile(r"^-?include\s+(.+)$")


def read_makefile(root: Path) -> TaskFile | None:
    """Make targets of the root's Makefile and the files it includes (best effort)."""
    for name in ("GNUmakefile", "makefile", "Makefile"):
        text = _read(root / name)
        if text is not None:
            found = TaskFile(path=name)
            phony: list[str] = []
            _make_targets(root, name, text, found, phony, depth=0)
            # ``cd docs && make html``: a first-level folder's Makefile (Sphinx's catches
            # every target with ``%:``) is where such a target lives
            for sub in _sub_makefiles(root):
                _make_targets(root, sub, _read(root / sub) or "", found, phony, depth=1)
            for target in phony:  # declared phony only: no line of its own
                found.lines.setdefault(target, 0)
            return found
    return None


def _sub_makefiles(root: Path) -> list[str]:
    """``<folder>/Makefile`` of the root's first-level folders (hidden ones left out)."""
    try:
        folders = sorted(e.name for e in root.iterdir()
                         if e.is_dir() and not e.name.startswith((".", "node_modules")))
    except OSError:
        return []
    return [f"{folder}/{name}" for folder in folders[:200]
            for name in ("GNUmakefile", "makefile", "Makefile") if (root / folder / name).is_file()]


def _make_targets(root: Path, name: str, text: str, found: TaskFile, phony: list[str], *,
                  depth: int) -> None:
    for number, line in enumerate(text.splitlines(), start=1):
        include = _MAKE_INCLUDE.match(line)
        if include:
            for part in include.group(1).split():
                included = _read(root / part) if "$" not in part and depth < 3 else None
                if included is None:
                    found.certain = found.certain and line.startswith("-")
                else:
                    _make_targets(root, part, included, found, phony, depth=depth + 1)
            continue
        match = _MAKE_TARGET.match(line)
        if not match or line.startswith("\t"):
            continue
        if match.group(1).strip() == ".PHONY":
            phony.extend(line.partition(":")[2].split())
            continue
        for target in match.group(1).split():
            if "$" in target:
                found.certain = False
            elif "%" in target:
                found.patterns.append(target)
            elif not (target.startswith(".") and target[1:].isupper()):  # .SUFFIXES...
                found.lines.setdefault(target, number)
                if name != found.path:
                    found.files.setdefault(target, name)


_JUST_RECIPE = re.compile(r"^@?([A-Za-z_][\w-]*)(?:\s[^:]*)?:(?!=)")
_JUST_ALIAS = re.compile(r"^alias\s+([A-Za-z_][\w-]*)\s*:=")


def read_justfile(root: Path) -> TaskFile | None:
    """Recipes and aliases of the root's justfile (imports and modules: uncertain)."""
    for name in ("justfile", "Justfile", ".justfile", "JUSTFILE"):
        text = _read(root / name)
        if text is None:
            continue
        found = TaskFile(path=name)
        for number, line in enumerate(text.splitlines(), start=1):
            if line.startswith(("import ", "mod ", "import?", "mod?")):
                found.certain = False
            match = _JUST_ALIAS.match(line) or _JUST_RECIPE.match(line)
            if match and not line.startswith(("set ", "export ")):
                found.lines.setdefault(match.group(1), number)
        return found
    return None


def expand_braces(spec: str) -> list[str]:
    """``py3{11,12}-django{4,5}`` -> every combination (tox's generative names)."""
    parts = re.split(r"(\{[^{}]*\})", spec)
    choices = [p[1:-1].split(",") if p.startswith("{") else [p] for p in parts]
    return ["".join(c.strip() for c in combo) for combo in itertools.product(*choices)]


def _env_names(value: object) -> list[str]:
    items = value if isinstance(value, list) else re.split(r"[\n,]+(?![^{]*\})", str(value))
    return [name for item in items for name in expand_braces(str(item).strip()) if name]


def read_tox(root: Path) -> TaskFile | None:
    """tox environments from tox.ini, setup.cfg, tox.toml or pyproject.toml."""
    ini = _read(root / "tox.ini")
    if ini is not None:
        return _tox_ini(ini, "tox.ini", "tox")
    cfg = _read(root / "setup.cfg")
    if cfg is not None and "[tox:tox]" in cfg:
        return _tox_ini(cfg, "setup.cfg", "tox:tox")
    for name, table in (("tox.toml", ()), ("pyproject.toml", ("tool", "tox"))):
        data: object = _toml(root / name)
        for key in table:
            data = data.get(key) if isinstance(data, dict) else None
        if isinstance(data, dict) and data:
            legacy = data.get("legacy_tox_ini")
            if isinstance(legacy, str):
                return _tox_ini(legacy, name, "tox")
            found = TaskFile(path=name)
            for env in _env_names(data.get("env_list", data.get("envlist", []))):
                found.lines.setdefault(env, 0)
            envs = data.get("env")
            for env in envs if isinstance(envs, dict) else {}:
                found.lines.setdefault(str(env), 0)
            return found
    return None


def _tox_ini(text: str, name: str, main: str) -> TaskFile:
    found = TaskFile(path=name)
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except configparser.Error:
        found.certain = False
        return found
    if parser.has_section(main):
        for key in ("env_list", "envlist"):
            if parser.has_option(main, key):
                for env in _env_names(parser.get(main, key)):
                    found.lines.setdefault(env, 0)
    for section in parser.sections():
        if section.startswith(("testenv:", "tox:")) and section != main:
            for env in expand_braces(section.partition(":")[2].strip()):
                found.lines.setdefault(env, _section_line(text, section))
    return found


def _section_line(text: str, section: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == f"[{section}]":
            return number
    return 0


def is_tox_env(found: TaskFile, env: str) -> bool:
    """Whether tox runs ``env``: listed, a default Python factor (``py312``), or made only
    of factors the listed names use (``py311-django4`` from ``py{311,312}-django{4,5}``)."""
    if found.find(env) is not None or re.fullmatch(r"py(?:py)?\d*(?:\.\d+)?", env):
        return True
    factors = {f for name in found.lines for f in name.split("-")}
    return all(f in factors or re.fullmatch(r"py(?:py)?\d*", f) for f in env.split("-"))


def _read_parsed(root: Path, name: str, parse: Callable[[str], T],
                 collect: Callable[[TaskFile, str, T], None]) -> TaskFile | None:
    """The targets of the root's task file ``name``: its text is parsed by ``parse`` and
    read by ``collect``; a file ``parse`` rejects (``ValueError``, ``SyntaxError``) names
    no certain target; None when there is no such file."""
    text = _read(root / name)
    if text is None:
        return None
    found = TaskFile(path=name)
    try:
        parsed = parse(text)
    except (SyntaxError, ValueError):
        found.certain = False
        return found
    collect(found, text, parsed)
    return found


def read_noxfile(root: Path) -> TaskFile | None:
    """Sessions of noxfile.py: functions decorated with ``nox.session`` (``name=``)."""
    return _read_parsed(root, "noxfile.py", ast.parse, _nox_sessions)


def _nox_sessions(found: TaskFile, _text: str, tree: ast.Module) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                name = _session_name(decorator, node.name)
                if name is None:
                    continue
                if name == "":
                    found.certain = False
                else:
                    found.lines.setdefault(name, node.lineno)
                    found.patterns.append(f"{name}-%")  # parametrized: ``tests-3.12``


def _session_name(decorator: ast.expr, function: str) -> str | None:
    """The session name a decorator gives (None: not a session; "": not readable)."""
    call = decorator if isinstance(decorator, ast.Call) else None
    target = call.func if call is not None else decorator
    text = ast.unparse(target)
    if text not in {"nox.session", "session"}:
        return None
    for keyword in call.keywords if call is not None else []:
        if keyword.arg == "name":
            value = keyword.value
            return value.value if isinstance(value, ast.Constant) and \
                isinstance(value.value, str) else ""
    return function


def read_poe(root: Path) -> TaskFile | None:
    """``[tool.poe.tasks]`` of pyproject.toml (an ``include`` makes it uncertain)."""
    tool = _toml(root / "pyproject.toml").get("tool")
    poe = tool.get("poe") if isinstance(tool, dict) else None
    if not isinstance(poe, dict):
        return None
    found = TaskFile(path="pyproject.toml", certain="include" not in poe)
    tasks = poe.get("tasks")
    for task in tasks if isinstance(tasks, dict) else {}:
        found.lines.setdefault(str(task), 0)
    return found


def read_package_scripts(root: Path) -> TaskFile | None:
    """``scripts`` of the root package.json."""
    return _read_parsed(root, "package.json", json.loads, _package_scripts)


def _package_scripts(found: TaskFile, text: str, data: object) -> None:
    if isinstance(data, dict) and "workspaces" in data:
        found.certain = False  # ``npm run X -w pkg``: scripts of packages not read here
    scripts = data.get("scripts") if isinstance(data, dict) else None
    for name in scripts if isinstance(scripts, dict) else {}:
        found.lines.setdefault(str(name), _json_key_line(text, str(name)))


def _json_key_line(text: str, key: str) -> int:
    needle = json.dumps(key) + ":"
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line.replace('" :', '":'):
            return number
    return 0


def _toml(path: Path) -> dict[str, object]:
    text = _read(path)
    try:
        return tomllib.loads(text) if text is not None else {}
    except tomllib.TOMLDecodeError:
        return {}


_READERS = {"make": read_makefile, "just": read_justfile, "tox": read_tox,
            "nox": read_noxfile, "poe": read_poe, "npm": read_package_scripts}
TOOLS = {"make": "make", "just": "just", "tox": "tox", "nox": "nox", "poe": "poe",
         "npm": "npm", "yarn": "npm", "pnpm": "npm"}
"""A command's first word -> the rule (and task file) that checks it."""


class Targets:
    """The project's task files, read on first use."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: dict[str, TaskFile | None] = {}

    def file(self, rule: str) -> TaskFile | None:
        """The task file of ``rule`` (None when the project has none)."""
        if rule not in self._files:
            self._files[rule] = _READERS[rule](self.root)
        return self._files[rule]

    def check(self, words: list[str]) -> Resolution | None:
        """The verdict on a command naming targets (None: not such a command, or its
        tool's file is absent, so it is another program's business)."""
        rule = TOOLS.get(words[0]) if words else None
        if rule is None:
            return None
        names = named_targets(words)
        found = self.file(rule) if names else None
        if found is None:
            return None
        evidence: list[tuple[str, int | None]] = []
        for name in names:
            exists = is_tox_env(found, name) if rule == "tox" else found.find(name) is not None
            if not exists and found.certain:
                close = difflib.get_close_matches(name, sorted(found.lines), n=1, cutoff=0.6)
                return Resolution("unverified", suggestion=close[0] if close else "",
                                  message=f"{found.path} defines no {rule} target {name!r}")
            evidence.append(found.evidence(name))
        return Resolution("verified", evidence=tuple(dict.fromkeys(evidence)))


def named_targets(words: list[str]) -> list[str]:
    """The targets a command line names (``[]``: none, or a form pse does not read)."""
    program, rest = words[0], list(itertools.takewhile(
        lambda w: w not in {"&&", "||", ";", "|", ">", "2>&1"}, words[1:]))
    if program == "make":
        if any(w in {"-C", "-f", "--file", "--directory"} or w.startswith(("-C", "-f"))
               for w in rest):
            return []  # another folder's or file's targets
        return [w for w in rest if not w.startswith("-") and "=" not in w]
    if program == "tox":
        return [e for e in _option_values(rest, ("-e", "--env"), split=",")
                if e.upper() != "ALL"]
    if program == "nox":
        return _option_values(rest, ("-s", "--session", "--sessions"), many=True)
    if program in {"npm", "pnpm"}:
        if len(rest) >= 2 and rest[0] in {"run", "run-script"} and not rest[1].startswith("-"):
            return [rest[1]]
        return []
    if program == "yarn":
        if rest[:1] == ["run"]:
            rest = rest[1:]
        return rest[:1] if rest and not rest[0].startswith("-") and \
            rest[0] not in _YARN_BUILTINS else []
    first = [w for w in rest if not w.startswith("-")][:1]  # just / poe: the recipe
    return first if first and "=" not in first[0] and "/" not in first[0] else []


def _option_values(words: list[str], options: tuple[str, ...], *, split: str = "",
                   many: bool = False) -> list[str]:
    values: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "--":
            break
        value = ""
        for option in options:
            if word == option and index < len(words):
                value, index = words[index], index + 1
            elif word.startswith(option + "=") or (len(option) == 2 and
                                                   word.startswith(option) and word != option):
                value = word[len(option):].lstrip("=")
        if not value:
            continue
        values.extend(v for v in value.split(split) if v) if split else values.append(value)
        while many and index < len(words) and not words[index].startswith("-"):
            values.append(words[index])
            index += 1
    return [v for v in values if "{" not in v and "$" not in v]
