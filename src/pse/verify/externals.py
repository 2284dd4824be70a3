"""What exists outside the tree: builtins, the stdlib, third-party packages, env vars.

A name is external when it demonstrably lives elsewhere: a builtin, a module of the
running interpreter's standard library, a package the project imports or declares, one
installed in this interpreter, or one of the widely used PyPI import names below. Those
are reported as ``external``, never flagged; what cannot be placed anywhere is flagged.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import importlib.machinery
import json
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

BUILTIN_NAMES = frozenset(dir(builtins))
STDLIB_MODULES = frozenset(sys.stdlib_module_names)
# Importing these has side effects (opening a browser, printing, GUI setup).
_UNSAFE_TO_IMPORT = frozenset({"antigravity", "this", "idlelib", "turtle", "turtledemo",
                               "tkinter", "__main__", "pydoc_data"})

WELL_KNOWN_PACKAGES = frozenset({
    "aiohttp", "anyio", "attr", "attrs", "boto3", "botocore", "bs4", "celery", "certifi",
    "cffi", "chardet", "charset_normalizer", "click", "cryptography", "dateutil", "django",
    "docutils", "fastapi", "flask", "gevent", "google", "grpc", "h11", "h2", "httpcore",
    "httpx", "hypothesis", "idna", "jinja2", "jsonschema", "jwt", "lxml", "markdown",
    "markdown_it", "markupsafe", "matplotlib", "mock", "msgpack", "multidict", "mypy",
    "numpy", "openai", "packaging", "pandas", "paramiko", "pathspec", "pexpect", "PIL",
    "pkg_resources", "platformdirs", "pluggy", "psutil", "psycopg2", "pyarrow", "pydantic",
    "pygments", "pytest", "pytz", "requests", "rich", "ruamel", "scipy", "setuptools",
    "simplejson", "six", "sklearn", "sniffio", "socks", "sqlalchemy", "starlette", "tomli",
    "tomllib", "torch", "tornado", "tqdm", "trio", "twisted", "typer", "typing_extensions",
    "ujson", "urllib3", "uvicorn", "websockets", "werkzeug", "wheel", "yaml", "yarl", "zope",
    "brotli", "zstandard", "colorama", "shellingham", "win32api", "win32con", "pywintypes",
    "curio", "uvloop", "sphinx", "sphinx_click", "pallets_sphinx_themes", "tomlkit",
    "cattrs", "cattr", "marshmallow", "orjson", "pyyaml", "redis", "pymongo", "boto",
    "tensorflow", "keras", "transformers", "llama_cpp", "langchain", "llama_index", "crewai",
})

WELL_KNOWN_ENV_VARS = frozenset({
    "PATH", "HOME", "USER", "USERNAME", "SHELL", "TERM", "LANG", "LANGUAGE", "LC_ALL",
    "LC_CTYPE", "COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE",
    "CI", "TMPDIR", "TEMP", "TMP", "EDITOR", "VISUAL", "PAGER", "PWD", "HOSTNAME",
    "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
    "no_proxy", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR",
    "SSLKEYLOGFILE", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "APPDATA",
    "LOCALAPPDATA", "USERPROFILE", "DISPLAY", "TZ", "VIRTUAL_ENV", "CONDA_PREFIX",
    "NETRC", "COMSPEC", "SYSTEMROOT", "WINDIR", "JUPYTER_COLUMNS", "JUPYTER_LINES",
    "TTY_COMPATIBLE", "TTY_INTERACTIVE", "GITHUB_ACTIONS", "OPENAI_API_KEY",
})


@dataclass(frozen=True)
class ExternalNames:
    """Top-level module names known to live outside the tree, by reason."""

    dependencies: frozenset[str] = field(default_factory=frozenset)
    """Imported or declared by the project itself."""
    configured: frozenset[str] = field(default_factory=frozenset)
    """Listed in ``[tool.pse.verify] external``."""
    stdlib_cache: Path | None = None
    """Where the stdlib name table is cached (None: rebuilt in every process)."""

    def reason(self, top: str) -> str:
        """Why ``top`` is external ("" when it is not known to be)."""
        if top in STDLIB_MODULES:
            return "standard library"
        if top in self.dependencies:
            return "a dependency of the project"
        if top in self.configured:
            return "configured as external"
        if top in WELL_KNOWN_PACKAGES:
            return "a third-party package"
        if is_installed(top):
            return "an installed package"
        return ""


def external_names(*, dependencies: Iterable[str], configured: Iterable[str],
                   stdlib_cache: Path | None = None) -> ExternalNames:
    """Build :class:`ExternalNames` from the project's imports/declarations and settings."""
    return ExternalNames(dependencies=frozenset(_import_name(d) for d in dependencies),
                         configured=frozenset(configured), stdlib_cache=stdlib_cache)


def _import_name(distribution: str) -> str:
    return distribution.strip().lower().replace("-", "_").replace(".", "_")


@lru_cache(maxsize=1024)
def is_installed(top: str) -> bool:
    """True when ``top`` is importable from site-packages (not from the working dir)."""
    if not top.isidentifier():
        return False
    paths = [p for p in sys.path if p and ("site-packages" in p or "dist-packages" in p)]
    try:
        return importlib.machinery.PathFinder.find_spec(top, paths) is not None
    except (ImportError, ValueError):
        return False


_COMMON_STDLIB = ("collections", "functools", "itertools", "io", "os", "os.path", "sys",
                  "typing", "dataclasses", "enum", "pathlib", "json", "re", "datetime", "abc",
                  "contextlib", "http.cookiejar", "urllib.parse", "asyncio", "threading",
                  "subprocess", "logging", "warnings", "copy", "inspect", "types", "weakref",
                  "operator", "tempfile", "shutil", "socket", "ssl", "time", "uuid", "decimal",
                  "fractions", "string", "textwrap", "unittest", "unittest.mock", "argparse",
                  "concurrent.futures", "queue", "pickle", "hashlib", "base64", "struct")


def stdlib_home(name: str, *, cache_file: Path | None = None) -> str:
    """The common stdlib module that defines the bare name ``name`` ("" if none does)."""
    if not name.isidentifier() or name.startswith("_"):
        return ""
    return _stdlib_table(cache_file).get(name, "")


def imported_stdlib_home(name: str, modules: Iterable[str]) -> str:
    """The standard-library module among ``modules`` (the top-level modules a project
    imports) that defines the bare name ``name`` at its top level ("" if none does):
    ``NullTranslations`` of a project that imports ``gettext``, a module
    :func:`stdlib_home`'s common table leaves out. The module's source is read, never
    imported (importing runs code: ``antigravity`` opens a browser)."""
    if not name.isidentifier() or name.startswith("_"):
        return ""
    word = name.encode("utf-8")
    for module in sorted(set(modules) & sys.stdlib_module_names):
        # a module whose text never holds the name cannot define it: only the few that
        # do are parsed (a project importing the whole stdlib would parse for seconds)
        if word in _stdlib_source(module) and name in _top_level_names(module):
            return module
    return ""


@cache
def _stdlib_source(module: str) -> bytes:
    """The source of a standard-library module (empty for a compiled module): from the
    stdlib folder only, since a project file of the same name is not the module."""
    folder = sysconfig.get_paths().get("stdlib", "")
    try:
        spec = importlib.machinery.PathFinder.find_spec(module, [folder]) if folder else None
    except (ImportError, ValueError):
        return b""
    origin = spec.origin if spec is not None else None
    if not origin or not origin.endswith(".py"):
        return b""
    try:
        return Path(origin).read_bytes()
    except OSError:
        return b""


@cache
def _top_level_names(module: str) -> frozenset[str]:
    """The public classes and functions a standard-library module's own source defines,
    and the names its ``__all__`` lists (empty for a compiled module)."""
    try:
        tree = ast.parse(_stdlib_source(module))
    except (SyntaxError, ValueError, RecursionError):
        return frozenset()
    names = {n.name for n in tree.body
             if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets) and \
                isinstance(node.value, ast.List | ast.Tuple):
            names |= {e.value for e in node.value.elts
                      if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return frozenset(n for n in names if not n.startswith("_"))


@lru_cache(maxsize=4)
def _stdlib_table(cache_file: Path | None) -> dict[str, str]:
    """``name -> module`` for the classes and functions of the common stdlib modules.

    Building it imports ~45 modules (about 0.1 s), so it is kept in ``cache_file`` (one per
    Python version) when one is given.
    """
    if cache_file is not None:
        try:
            table = json.loads(cache_file.read_text(encoding="utf-8"))
            if isinstance(table, dict):
                return {str(k): str(v) for k, v in table.items()}
        except (OSError, ValueError):
            pass  # missing or unreadable: rebuilt below
    table = {}
    for module_name in reversed(_COMMON_STDLIB):  # earlier modules win, as listed
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for attr in dir(module):
            value = getattr(module, attr, None)
            # classes and functions only; constants are too often homonyms
            if not attr.startswith("_") and callable(value) and not isinstance(value, type(sys)):
                table[attr] = module_name
    if cache_file is not None:
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
            cache_file.write_text(json.dumps(table, sort_keys=True), encoding="utf-8")
        except OSError:
            pass  # a cache that cannot be written is only slower
    return table


def stdlib_cache_file(cache_dir: Path) -> Path:
    """Where the stdlib name table of the running Python is cached."""
    version = "{}.{}.{}".format(*sys.version_info[:3])
    return cache_dir / f"stdlib-names-{version}.json"


def builtin_has(dotted: str) -> bool | None:
    """Whether a builtin attribute chain exists (``dict.get``); None if not a builtin."""
    parts = dotted.split(".")
    if parts[0] not in BUILTIN_NAMES:
        return None
    obj: object = builtins
    for part in parts:
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def stdlib_has(dotted: str) -> bool | None:
    """Whether ``module.attr...`` exists in the running stdlib; None when unknowable."""
    parts = dotted.split(".")
    if parts[0] not in STDLIB_MODULES or parts[0] in _UNSAFE_TO_IMPORT:
        return None
    for depth in range(len(parts), 0, -1):
        module_name = ".".join(parts[:depth])
        try:
            obj: object = importlib.import_module(module_name)
        except ImportError:
            continue
        except Exception:  # noqa: BLE001 - a stdlib module failing on import is "unknowable"
            return None
        for part in parts[depth:]:
            # ``typing.Mapping`` is an alias object: ask the class it stands for
            origin = getattr(obj, "__origin__", None)
            if isinstance(origin, type):
                obj = origin
            if not hasattr(obj, part):
                return False
            obj = getattr(obj, part)
        return True
    return False
