"""Classify one inline code span: which kind of reference it is, or why it is none.

Rules run from the most to the least specific shape: URLs, shell commands, flags,
``path:line``, paths, ``module:func``, then Python expressions parsed with ``ast``
(names, attribute chains, calls with keyword arguments). Values (numbers, strings,
``True``, MIME types, encodings) and prose come out as ``ignored``.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import replace

from pse.index.languages import known_suffixes
from pse.verify.refs import Reference

_URL = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.|mailto:)")
_FLAG = re.compile(r"^--?[A-Za-z][A-Za-z0-9_-]*(?:[= ][^\s]*)?$")
_PATH_LINE = re.compile(
    r"^(?P<path>[\w@.~/+-]*[\w@+-]\.[A-Za-z0-9]+)"
    r"(?::(?P<a>\d+)(?:[-:](?P<b>\d+))?|#L(?P<c>\d+)(?:-L?(?P<d>\d+))?)"
    r"(?:\s+\(?(?P<sym>[A-Za-z_][\w.]*)(?:\(\))?\)?)?$")
_PATH = re.compile(r"^(?:\./)?[\w@.+-]+(?:/[\w@.+-]+)*/?$")
_PATH_SYMBOL = re.compile(
    r"^(?P<path>[\w@.~/+-]*[\w@+-]\.[A-Za-z0-9]+)::?"
    r"(?P<sym>[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*)(?:\(\))?$")
_MEMBER = re.compile(r"^\.([A-Za-z_$][\w$]*)(?:\(.*\))?$")
_MODULE_FUNC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
_ENV_ASSIGN = re.compile(r"^(?:export\s+|set\s+|\$env:)?([A-Z][A-Z0-9_]*)=")
_SHELL_VAR = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")
_IDENT = re.compile(r"^[A-Za-z_]\w*$")
_PROGRAM_WITH_OPTIONS = re.compile(r"^[A-Za-z][\w.-]*(?:\s+[\w./=:-]+)*\s+--?[A-Za-z][\w-]*"
                                   r"(?:[= ]\S+)?(?:\s+\S+)*$")

SHELL_PROGRAMS = frozenset({
    "pip", "pip3", "python", "python3", "py", "pytest", "uv", "uvx", "poetry", "pipx",
    "conda", "npm", "npx", "yarn", "pnpm", "node", "git", "curl", "wget", "make", "docker",
    "cd", "ls", "cat", "echo", "export", "source", "bash", "sh", "zsh", "sudo", "apt",
    "apt-get", "brew", "go", "cargo", "rustc", "java", "javac", "mvn", "gradle", "tox", "nox",
    "pre-commit", "ruff", "black", "mypy", "flake8", "pylint", "pse", "hatch", "twine",
    "coverage", "sphinx-build", "mkdir", "rm", "cp", "mv", "chmod", "grep", "find", "tar",
    "ssh", "scp", "kill", "ps", "env", "which", "gunicorn", "uvicorn", "flask", "django-admin",
    "celery", "redis-cli", "psql", "mysql", "sqlite3", "jq", "httpie", "http", "openssl",
    "systemctl", "journalctl", "kubectl", "helm", "terraform", "ansible", "vim", "code",
    "just", "poe",
})
_LITERAL_WORDS = frozenset({"self", "cls", "True", "False", "None", "NotImplemented",
                            "Ellipsis", "__debug__", "args", "kwargs"})
_PREFIXES = ("await ", "async ", "yield from ", "yield ", "return ", "raise ", "@", "new ")


CONTEXT_CHARS = 8000
"""Most characters of a span's paragraph kept as its context (real paragraphs are far
shorter; a planted one-paragraph document would otherwise cost its length per span)."""


def classify_span(text: str, *, file: str, line: int, context: str = "") -> Reference:
    """The reference an inline code span makes (``ignored`` set when it makes none)."""
    base = Reference(file=file, line=line, text=text, name=text.strip(), kind="symbol",
                     context=context)
    span = text.strip().rstrip(";,")
    if not span or len(span) > 200 or "\n" in span:
        return replace(base, ignored="not a reference")
    if "{%" in span or "{{" in span or "{#" in span:
        return _as_template(base, span)
    for rule in (_as_url, _as_env_or_shell, _as_flag, _as_path_line, _as_path_symbol,
                 _as_path, _as_module_func, _as_member, _as_python):
        found = rule(base, span)
        if found is not None:
            return found
    if _WORDS_COMMAND.match(span):
        # ``tinyqueue submit``: a command line of some program; the resolver judges it when
        # the program is the project's own, and ignores it otherwise
        return replace(base, kind="command", name=span, ignored="maybe-program")
    return replace(base, ignored="not code")


_WORDS_COMMAND = re.compile(r"^[a-z][\w.-]*(?: [\w./=:-]+){1,5}$")


def _as_template(base: Reference, span: str) -> Reference:
    """``{% trans %}``, ``{{ x|upper }}``: the engine's first word (tag, filter or test)."""
    match = re.search(r"\{%-?\s*(?:end)?([A-Za-z_]\w*)", span)
    if match:
        return replace(base, name=match.group(1), template="tag")
    match = re.search(r"\|\s*([A-Za-z_]\w*)", span)
    if match:
        return replace(base, name=match.group(1), template="filter")
    return replace(base, ignored="template syntax (a variable of the template's context)")


def _as_url(base: Reference, span: str) -> Reference | None:
    return replace(base, ignored="url") if _URL.match(span) else None


def _as_env_or_shell(base: Reference, span: str) -> Reference | None:
    span = span.removeprefix("$ ").strip()
    if match := _ENV_ASSIGN.match(span):
        return replace(base, kind="env_var", name=match.group(1))
    if match := _SHELL_VAR.match(span):
        return replace(base, kind="env_var", name=match.group(1))
    first = span.split(maxsplit=1)[0] if " " in span else ""
    if first and _PROGRAM_WITH_OPTIONS.match(span):
        return replace(base, kind="command", name=span)  # ``mytool --demo --verbose``
    if first and (first in SHELL_PROGRAMS or first.startswith(("./", "python3."))):
        return replace(base, kind="command", name=span)
    return None


def _as_flag(base: Reference, span: str) -> Reference | None:
    if _FLAG.match(span) and span.startswith("-"):
        flag = re.split(r"[= ]", span, maxsplit=1)[0]
        if len(flag) > 2 or flag.startswith("--"):
            return replace(base, kind="flag", name=flag)
        return replace(base, ignored="short option")
    return None


def _as_path_line(base: Reference, span: str) -> Reference | None:
    match = _PATH_LINE.match(span)
    if not match:
        return None
    if "." + match.group("path").rsplit(".", 1)[-1].lower() not in known_suffixes():
        return None  # ``127.0.0.1:8000`` is an address, not a file
    first = int(match.group("a") or match.group("c"))
    last = int(match.group("b") or match.group("d") or first)
    path = match.group("path").removeprefix("./")
    return replace(base, kind="path_line", name=path, lines=(first, last),
                   at_symbol=match.group("sym") or "")


def _as_path_symbol(base: Reference, span: str) -> Reference | None:
    """``src/pkg/job.py:Job`` or ``tests/test_q.py::test_run``: a symbol said to be in a file."""
    match = _PATH_SYMBOL.match(span)
    if not match:
        return None
    if "." + match.group("path").rsplit(".", 1)[-1].lower() not in known_suffixes():
        return None  # ``pkg.cli:main`` is an entry point: ``module:func``
    return replace(base, kind="path_line", name=match.group("path").removeprefix("./"),
                   at_symbol=match.group("sym").replace("::", "."))


def _as_path(base: Reference, span: str) -> Reference | None:
    if span.startswith(("~", "/")) and "/" in span[1:]:
        return replace(base, ignored="absolute path outside the source")
    if not _PATH.match(span):
        return None
    path = span.removeprefix("./")
    last = path.rstrip("/").rsplit("/", 1)[-1]
    suffix = "." + last.rsplit(".", 1)[-1].lower() if "." in last else ""
    if "/" in path.rstrip("/") or path.endswith("/"):
        if path.endswith("/") or suffix in known_suffixes() or last.startswith("."):
            return replace(base, kind="path", name=path)
        return replace(base, kind="path", name=path, ignored="maybe-path")
    if suffix in known_suffixes() and suffix not in {".json", ".html", ".css", ".sql"}:
        # ``setup.py`` is a file; ``rich.json`` could be a module: resolution decides
        return replace(base, kind="path", name=path)
    if last.startswith(".") and len(last) > 1:
        return replace(base, kind="path", name=path)  # dotfiles: .gitignore, .env.example
    return None


def _as_member(base: Reference, span: str) -> Reference | None:
    """``.option()``, ``.parse``: a method or attribute named without its receiver (the
    text says whose); the name must be a member of something in the tree."""
    if match := _MEMBER.match(span):
        return replace(base, kind="symbol", name=match.group(1))
    return None


def _as_module_func(base: Reference, span: str) -> Reference | None:
    if _MODULE_FUNC.match(span):
        return replace(base, kind="symbol", name=span.replace(":", "."))
    return None


def _as_python(base: Reference, span: str) -> Reference | None:
    for prefix in _PREFIXES:
        if span.startswith(prefix):
            span = span[len(prefix):].strip()
    if span.startswith(("import ", "from ")):
        return _as_import(base, span)
    if "#" in span and re.match(r"^[A-Za-z_][\w.]*#[A-Za-z_]", span):
        return _as_generic(base, span)  # ``Class#method``; ``ast`` would read a comment
    try:
        node = ast.parse(span, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return _as_generic(base, span)
    return _from_expression(base, node)


def _as_import(base: Reference, span: str) -> Reference | None:
    try:
        stmt = ast.parse(span).body[0]
    except (SyntaxError, ValueError, IndexError):
        return replace(base, ignored="not code")
    if isinstance(stmt, ast.Import):
        return replace(base, kind="module", name=stmt.names[0].name)
    if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
        if len(stmt.names) == 1 and stmt.names[0].name != "*":
            return replace(base, kind="symbol", name=f"{stmt.module}.{stmt.names[0].name}")
        return replace(base, kind="module", name=stmt.module)
    return replace(base, ignored="relative import")


def _as_generic(base: Reference, span: str) -> Reference | None:
    """Spans ``ast`` rejects: ``Type::method``, ``Class#method``, signatures with types."""
    if span.startswith(("def ", "class ", "async def ")) or ";" in span:
        return replace(base, ignored="a code example, not a reference")
    if definition := _as_definition(base, span):
        return definition
    span = re.sub(r"^\(\s*[*&]\s*([A-Za-z_]\w*)\s*\)\.", r"\1.", span)  # Go: ``(*Store).Len``
    # ``Vec::<u8>::new``, ``std::vector<int>``, ``println!``: generics and macro bangs out
    bare = re.sub(r"::<[^<>()]*>", "", span)
    bare = re.sub(r"!(?=\(|$)", "", re.sub(r"<[^<>()]*>", "", re.sub(r"<[^<>()]*>", "", bare)))
    if bare != span and re.fullmatch(r"[A-Za-z_]\w*(?:(?:::|#|\.)[A-Za-z_]\w*)*(?:\(.*\))?",
                                     bare):
        span = bare
        if "::" not in span and "#" not in span and "(" not in span:
            return replace(base, kind="symbol", name=span)
    if re.match(r"^[A-Za-z_][\w]*(?:(?:::|#|\.)[A-Za-z_]\w*)+(?:\(.*\))?$", span):
        name = re.sub(r"\(.*\)$", "", span).replace("::", ".").replace("#", ".")
        return replace(base, kind="symbol", name=name)
    if match := re.match(r"^(?:def |class )?([A-Za-z_][\w.]*)\s*\(.*\)\s*(?:->.*)?:?$", span):
        return replace(base, kind="symbol", name=match.group(1))
    return None


_DEFINITION = re.compile(
    r"^(?:(?:pub(?:\([\w:]+\))?|export|default|public|static|abstract|async|unsafe)\s+)*"
    r"(?:fn|func|function|struct|enum|trait|interface|union|impl|namespace|mod|record)\s+"
    r"(?:\(\s*\w+\s+\*?(?P<recv>[A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*)?"
    r"(?P<name>[A-Za-z_]\w*)(?:<[^>]*>)?\s*(?:\(.*\).*|\{\s*(?:\.\.\.)?\s*\}?)?$")


def _as_definition(base: Reference, span: str) -> Reference | None:
    """``struct Config``, ``fn main()``, ``func (s *Store) Get()``: the thing defined."""
    match = _DEFINITION.match(span)
    if match is None or " for " in span:
        return None  # ``impl Display for Config`` names two things
    name = match.group("name")
    if match.group("recv"):
        name = f"{match.group('recv')}.{name}"
    return replace(base, kind="symbol", name=name, explicit="a declaration")


def elided(argument: ast.expr) -> bool:
    """``...`` written as an argument (``f(x, ...)``): the rest left out, not a value."""
    return isinstance(argument, ast.Constant) and argument.value is Ellipsis


def _from_expression(base: Reference, node: ast.expr) -> Reference:
    if isinstance(node, ast.Constant):
        return replace(base, ignored="literal")
    kwargs: tuple[str, ...] = ()
    positional, spread = -1, False
    if isinstance(node, ast.Call):
        kwargs = tuple(k.arg for k in node.keywords if k.arg)
        # arguments written out in prose are bound to the signature, but partly: "`f()`"
        # names a function, and "`get(key)`" may leave out what the sentence is not about
        # ("`Bits.from_list(cls, list_)`", `self` or `cls` first, is a definition's line
        # written out: its parameters are claims of their own, no call to bind)
        if node.args and not any(isinstance(a, ast.Starred) or elided(a) for a in node.args) \
                and not (isinstance(node.args[0], ast.Name) and node.args[0].id in {"self", "cls"}):
            positional, spread = len(node.args), True
        node = node.func
    if isinstance(node, ast.Subscript):
        node = node.value  # ``Dict[str, int]``, ``cache[key]``
    dotted = dotted_name(node)
    if dotted is None:
        return replace(base, ignored="expression")
    if re.search(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]", dotted):
        return replace(base, ignored="prose (CJK words)")
    if dotted.split(".")[0] in {"self", "cls", "this"} and "." in dotted:
        return replace(base, ignored="member of an instance in an unnamed class")
    if dotted in _LITERAL_WORDS or keyword.iskeyword(dotted) or keyword.issoftkeyword(dotted):
        return replace(base, ignored="keyword")
    return replace(base, kind="symbol", name=dotted, kwargs=kwargs, positional=positional,
                   spread=spread)


def dotted_name(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of attribute loads on a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def is_identifier(text: str) -> bool:
    """True for a single Python identifier."""
    return bool(_IDENT.match(text))
