"""ProjectFacts: what a repository says about itself, read from its own files.

Package name and version, console scripts and ``__main__`` modules, declared
dependencies (pyproject, requirements files, package.json), environment variables
(``.env.example`` and ``os.getenv``/``os.environ`` uses), and files and lines per
language. Checks compare numeric and naming claims in articles against these facts.
"""

from __future__ import annotations

import ast
import configparser
import json
import re
import tomllib
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from pse.index.scripts import installed_commands
from pse.index.symbols import SymbolIndex
from pse.planted import read_planted, read_planted_text

_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_VERSION_ASSIGN = re.compile(r"""^__version__\s*[:=][^'"]*['"]([^'"]+)['"]""", re.M)


@dataclass(frozen=True)
class ProjectFacts:
    """Facts about one source tree (JSON-ready via :meth:`to_dict`)."""

    name: str = ""
    version: str = ""
    console_scripts: dict[str, str] = field(default_factory=dict)
    scripts_complete: bool = False
    """Every packaging file that could declare a command was read (see
    :mod:`pse.index.scripts`): a command missing from ``console_scripts`` is not installed."""
    main_modules: list[str] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)
    env_vars: dict[str, list[str]] = field(default_factory=dict)
    """Variable name -> ``path:line`` places that read or document it."""
    files_per_language: dict[str, int] = field(default_factory=dict)
    lines_per_language: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict with sorted keys."""
        return json.loads(json.dumps(asdict(self), sort_keys=True))  # type: ignore[no-any-return]  # a dict by construction


@dataclass(frozen=True)
class ProjectIdentity:
    """Who a project says it is: from its own metadata, never from a folder's name."""

    name: str = ""
    description: str = ""
    version: str = ""
    source: str = ""
    """The file it was read from (``""`` when nothing declared it)."""


_MAX_LEVELS = 3
"""How far above the given folder metadata is looked for (``repo/src/pkg`` → ``repo``)."""


def project_identity(folder: Path) -> ProjectIdentity:
    """The nearest ``pyproject.toml``, ``setup.cfg`` or ``package.json`` at or above
    ``folder`` (stopping at a ``.git`` folder), else the package ``__init__.py`` inside."""
    current = folder.resolve()
    for _ in range(_MAX_LEVELS + 1):
        found = _declared_identity(current)
        if found.name:
            return found
        if (current / ".git").exists() or current.parent == current:
            break
        current = current.parent
    return _package_identity(folder.resolve())


IDENTITY_FILES = ("pyproject.toml", "setup.cfg", "package.json", "PKG-INFO", "setup.py")
"""The metadata files :func:`project_identity` reads in each folder it looks at."""


def identity_places(folder: Path) -> list[Path]:
    """The folders :func:`project_identity` may look in, nearest first: ``folder`` and
    up to ``_MAX_LEVELS`` above it, up to the first holding ``.git`` (a superset: the
    search stops at the first folder that names the project)."""
    current = folder.resolve()
    places = [current]
    for _ in range(_MAX_LEVELS):
        if (current / ".git").exists() or current.parent == current:
            break
        current = current.parent
        places.append(current)
    return places


def _declared_identity(folder: Path) -> ProjectIdentity:
    project = _project_table(folder)
    if project.get("name"):
        return ProjectIdentity(str(project["name"]), str(project.get("description", "")),
                               str(project.get("version", "")), str(folder / "pyproject.toml"))
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(read_planted_text(folder / "setup.cfg") or "")
    except configparser.Error:
        pass
    if parser.has_option("metadata", "name"):
        meta = parser["metadata"]
        return ProjectIdentity(meta.get("name", ""), meta.get("description", ""),
                               meta.get("version", "") if "attr:" not in meta.get(
                                   "version", "") else "", str(folder / "setup.cfg"))
    package = _read_json(folder / "package.json")
    if package.get("name"):
        return ProjectIdentity(str(package["name"]), str(package.get("description", "")),
                               str(package.get("version", "")), str(folder / "package.json"))
    return _pkg_info_identity(folder) or _setup_py_identity(folder) or ProjectIdentity()


def _pkg_info_identity(folder: Path) -> ProjectIdentity | None:
    """An unpacked sdist's ``PKG-INFO`` (core metadata: ``Name:``, ``Version:``,
    ``Summary:`` headers), which every sdist has whatever built it."""
    text = read_planted_text(folder / "PKG-INFO")
    if text is None:
        return None
    head = text.split("\n\n", 1)[0]  # the headers, not the body
    fields: dict[str, str] = {}
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if sep and not line[:1].isspace():
            fields.setdefault(key.strip().lower(), value.strip())
    if not fields.get("name"):
        return None
    return ProjectIdentity(fields["name"], fields.get("summary", ""), fields.get("version", ""),
                           str(folder / "PKG-INFO"))


def _setup_py_identity(folder: Path) -> ProjectIdentity | None:
    """``setup(name="...", description="...")`` in ``setup.py``, when written as literals
    (read with ``ast``: the file is never run)."""
    source = read_planted(folder / "setup.py")  # regular and below the cap, else skipped
    if source is None:
        return None
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):  # hostile nesting too
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(
                node.func, "attr", "")) == "setup":
            values = {k.arg: k.value.value for k in node.keywords
                      if k.arg and isinstance(k.value, ast.Constant)
                      and isinstance(k.value.value, str)}
            if values.get("name"):
                return ProjectIdentity(values["name"], values.get("description", ""),
                                       values.get("version", ""), str(folder / "setup.py"))
    return None


_NOT_THE_PACKAGE = frozenset({"tests", "test", "testing", "docs", "doc", "examples",
                              "example", "benchmarks", "bench", "scripts", "tools"})


def _package_identity(folder: Path) -> ProjectIdentity:
    """A package's ``__init__.py`` (the folder itself, or its single package child)."""
    children = [p for base in (folder, folder / "src") if base.is_dir()
                for p in sorted(base.iterdir())
                if p.is_dir() and (p / "__init__.py").is_file() and p.name.lower() not in
                _NOT_THE_PACKAGE]
    candidates = [folder, *children] if folder.is_dir() else []
    for package in candidates:
        init = package / "__init__.py"
        if not init.is_file():
            continue
        text = read_planted_text(init)
        if text is None:
            continue
        try:
            doc = ast.get_docstring(ast.parse(text)) or ""
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            continue
        version = match.group(1) if (match := _VERSION_ASSIGN.search(text)) else ""
        return ProjectIdentity(package.name, doc.strip().split("\n", 1)[0], version, str(init))
    return ProjectIdentity()


def collect_facts(index: SymbolIndex) -> ProjectFacts:
    """Read the facts of the tree behind ``index``."""
    root = index.root
    project = _project_table(root)
    package_json = _read_json(root / "package.json")
    identity = project_identity(root)
    name = identity.name
    version = str(identity.version or project.get("version") or package_json.get("version")
                  or _find_version(index))
    declared = installed_commands(metadata_folder(root, identity))
    return ProjectFacts(
        name=name, version=version, console_scripts=declared.commands,
        scripts_complete=declared.complete,
        main_modules=sorted(index.module_of(p) or p for p in index.files
                            if p.endswith("__main__.py")),
        dependencies=sorted(set(_dependencies(root, project, package_json))),
        env_vars=_env_vars(index),
        files_per_language=_per_language(index, lines=False),
        lines_per_language=_per_language(index, lines=True),
    )


def metadata_folder(root: Path, identity: ProjectIdentity) -> Path:
    """The folder whose packaging files named the project (``repo`` for ``repo/src/pkg``);
    the tree itself when only a package's ``__init__.py`` did."""
    source = Path(identity.source) if identity.source else None
    return source.parent if source is not None and source.name in IDENTITY_FILES else root


def declared_dependencies(root: Path) -> list[str]:
    """Distribution names the project declares (for the external-name check)."""
    return sorted(set(_dependencies(root, _project_table(root),
                                    _read_json(root / "package.json"))))


def _project_table(root: Path) -> dict[str, object]:
    """``[project]`` of the tree's pyproject.toml ({} when absent or malformed)."""
    project = _read_toml(root / "pyproject.toml").get("project")
    return project if isinstance(project, dict) else {}


def _read_toml(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(read_planted_text(path) or "")
    except (tomllib.TOMLDecodeError, RecursionError):
        return {}


def _read_json(path: Path) -> dict[str, object]:
    try:
        data = json.loads(read_planted_text(path) or "{}")
    except (json.JSONDecodeError, RecursionError):  # "[[[[..." nests past the C stack guard
        return {}
    return data if isinstance(data, dict) else {}


def _find_version(index: SymbolIndex) -> str:
    for path in sorted(index.files):
        name = path.rsplit("/", 1)[-1]
        is_candidate = (name == "__init__.py" and path.count("/") <= 2) or name in {
            "__about__.py", "__version__.py", "_version.py", "version.py"}
        if is_candidate:
            text = read_planted_text(index.root / path)
            if text is None:
                continue
            if match := _VERSION_ASSIGN.search(text):
                return match.group(1)
    return ""


def _dependencies(root: Path, project: dict[str, object],
                  package_json: dict[str, object]) -> list[str]:
    names: list[str] = []
    declared = project.get("dependencies")
    specs: list[object] = list(declared) if isinstance(declared, list) else []
    extras = project.get("optional-dependencies")
    for extra in extras.values() if isinstance(extras, dict) else ():
        if isinstance(extra, list):
            specs.extend(extra)
    for path in sorted(root.glob("requirements*.txt")):
        specs.extend((read_planted_text(path) or "").splitlines())
    for spec in specs:
        spec = str(spec).split("#", 1)[0]
        if spec.strip().startswith("-"):
            continue
        if match := _REQUIREMENT_NAME.match(spec):
            names.append(match.group(1))
    for key in ("dependencies", "devDependencies", "peerDependencies"):
        section = package_json.get(key)
        if isinstance(section, dict):
            names.extend(str(k) for k in section)
    return names


def _env_vars(index: SymbolIndex) -> dict[str, list[str]]:
    found: dict[str, set[str]] = {}
    for name, path, line in index.all_mentions("env_var"):
        found.setdefault(name, set()).add(f"{path}:{line}")
    for path in index.files:
        if path.rsplit("/", 1)[-1] in {".env.example", ".env.sample", ".env.template",
                                       "env.example"}:
            text = read_planted_text(index.root / path)
            if text is None:
                continue
            for number, raw in enumerate(text.splitlines(), start=1):
                if match := re.match(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=", raw):
                    found.setdefault(match.group(1), set()).add(f"{path}:{number}")
    return {name: sorted(places) for name, places in sorted(found.items())}


def _per_language(index: SymbolIndex, *, lines: bool) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for path, (language, _) in index.files.items():
        if language:
            counts[language] += (index.file_lines(path) or 0) if lines else 1
    return dict(sorted(counts.items()))
