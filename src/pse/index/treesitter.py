"""Symbols of JavaScript, TypeScript/TSX, Go, Rust, Java, C and C++ files via tree-sitter.

The only module that imports tree-sitter (a core dependency: the grammars come compiled
in the ``tree-sitter-language-pack`` wheel, nothing is downloaded at run time). In an
environment that lacks it anyway, those files are listed but not parsed, each with an
error that tells how to install it; :func:`load_parser` raises ``ImportError`` with the
same hint for callers that need a parser. The cache records the grammars' version with
every file (:func:`pse.index.builder.extractor_id`), so installing them re-parses.

Qualnames are dotted, like Python's, so ``Type.method``, ``Type::method``,
``Class#method``, ``pkg.Func`` and ``mod::path::item`` all become dotted lookups:

- JavaScript/TypeScript: the file path without its extension (``src/util/format.js`` ->
  ``src.util.format``; ``index`` files name their folder), then classes and members.
- Go: the package's folder (``internal/store`` -> ``internal.store``; root files use the
  package name), shared by every file of the package; methods hang on their receiver type.
- Rust: the module path inside the crate: ``crate`` for ``src/lib.rs``/``src/main.rs``
  (a workspace member's folder name instead of ``crate``), ``crate.net.tcp`` for
  ``src/net/tcp.rs`` or ``src/net/tcp/mod.rs``; ``impl`` methods hang on their type.
- Java: the ``package`` (``com.example.Greeter.greet``).
- C, C++: no file part (names are global): namespaces and classes only
  (``shapes.Circle.area``), so a header declaration and its definition share a qualname.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from pse.index.model import Mention, ParsedFile
from pse.index.ts_common import Collector, Node, sanitize
from pse.index.ts_go_rust import extract_go, extract_rust
from pse.index.ts_java_c import extract_c, extract_java
from pse.index.ts_web import extract_web

if TYPE_CHECKING:
    from collections.abc import Callable

GRAMMARS = {"javascript": "javascript", "typescript": "typescript", "tsx": "tsx", "go": "go",
            "rust": "rust", "java": "java", "c": "c", "cpp": "cpp"}
"""pse language name -> tree-sitter-language-pack grammar name."""

INSTALL_HINT = ("install tree-sitter-language-pack, a dependency of pse "
                "(pip install 'tree-sitter-language-pack<1'), to index {what}")

_EXTRACTORS: dict[str, Callable[[Collector, Node], None]] = {
    "javascript": extract_web, "typescript": extract_web, "tsx": extract_web,
    "go": extract_go, "rust": extract_rust, "java": extract_java, "c": extract_c,
    "cpp": extract_c,
}
_ENV = re.compile(
    rb"process\.env\.([A-Za-z_][A-Za-z0-9_]*)"
    rb"|(?:process\.env|ENV)\[\s*[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']"
    rb"|(?:[Gg]etenv|LookupEnv|env::var(?:_os)?|env!|GetEnvironmentVariable)"
    rb"\s*\(\s*[\"']([A-Za-z_][A-Za-z0-9_]*)[\"']")
_FLAG = re.compile(rb"[\"'`](--[A-Za-z][A-Za-z0-9_-]*)[\"'`=]")
_GO_FLAG = re.compile(rb"\bflag\.[A-Z]\w*\(\s*(?:&?[\w.]+\s*,\s*)?\"([A-Za-z][\w-]*)\"")


def is_available() -> bool:
    """True when the tree-sitter grammars are installed."""
    return importlib.util.find_spec("tree_sitter_language_pack") is not None


@cache
def load_parser(language: str) -> Any:  # noqa: ANN401 - tree_sitter.Parser, an optional type
    """A tree-sitter parser for a pse language name (``typescript``, ``go``...).

    Raises:
        ImportError: tree-sitter is not installed (the message says how to install it).
        ValueError: ``language`` has no grammar here.
    """
    grammar = GRAMMARS.get(language)
    if grammar is None:
        raise ValueError(f"no tree-sitter grammar for {language!r}; "
                         f"supported: {', '.join(sorted(GRAMMARS))}")
    try:
        from tree_sitter_language_pack import get_parser
    except ImportError as exc:
        raise ImportError(INSTALL_HINT.format(what=f"{language} files")) from exc
    return get_parser(grammar)  # type: ignore[arg-type]  # a SupportedLanguage literal


def extract_tree_sitter(source: bytes, *, path: str, language: str) -> ParsedFile:
    """Extract the symbols, imports and mentions of one source file.

    Args:
        source: the file's bytes.
        path: POSIX path relative to the source root.
        language: the pse language name (a key of :data:`GRAMMARS`).
    """
    lines = source.count(b"\n") + (0 if source.endswith(b"\n") or not source else 1)
    try:
        # headers are C or C++; the C++ grammar reads both
        parser = load_parser("cpp" if path.endswith(".h") else language)
    except ImportError as exc:
        return ParsedFile(path=path, language=language, lines=lines,
                          error=f"skipped: {exc}")
    tree = parser.parse(source)
    collector = Collector(source=source, path=path, module=module_name(path, language))
    try:
        _EXTRACTORS[language](collector, tree.root_node)
    except RecursionError:
        return ParsedFile(path=path, language=language, lines=lines,
                          error="cannot parse: nesting too deep")
    return ParsedFile(path=path, language=language, lines=lines,
                      symbols=tuple(collector.symbols), imports=tuple(collector.imports),
                      mentions=tuple(_mentions(source)))


def module_name(path: str, language: str) -> str:
    """The qualname prefix of a file's top-level symbols (see the module docstring)."""
    pure = PurePosixPath(path)
    folders = [sanitize(p) for p in pure.parent.parts]
    stem = pure.name.split(".", 1)[0]
    if language in ("javascript", "typescript", "tsx"):
        parts = folders if stem == "index" and folders else [*folders, sanitize(stem)]
        return ".".join(parts)
    if language == "go":
        return ".".join(folders)  # "" at the root: the package clause names it
    if language == "rust":
        return _rust_module(list(pure.parent.parts), stem)
    return ""  # Java takes its package from the file; C and C++ have none


def _rust_module(folders: list[str], stem: str) -> str:
    if "src" not in folders:
        return ".".join(sanitize(p) for p in [*folders, stem])
    at = len(folders) - 1 - folders[::-1].index("src")
    crate = sanitize(folders[at - 1]) if at > 0 else "crate"
    inner = [sanitize(p) for p in folders[at + 1:]]
    if stem not in ("mod", "lib", "main") or (stem != "mod" and inner):
        inner.append(sanitize(stem))
    return ".".join([crate, *inner])


def _mentions(source: bytes) -> list[Mention]:
    found: list[Mention] = []
    for match in _ENV.finditer(source):
        group = next(g for g in (1, 2, 3) if match.group(g))
        line = source.count(b"\n", 0, match.start(group)) + 1
        found.append(Mention("env_var", match.group(group).decode("ascii"), line))
    for pattern, prefix in ((_FLAG, b""), (_GO_FLAG, b"--")):
        for match in pattern.finditer(source):
            line = source.count(b"\n", 0, match.start(1)) + 1
            found.append(Mention("flag", (prefix + match.group(1)).decode("ascii"), line))
    return found


def parse_snippet(code: str, language: str) -> tuple[Node, bytes] | None:
    """The syntax tree of a code example (None when tree-sitter is missing)."""
    try:
        parser = load_parser(language)
    except ImportError:
        return None
    source = code.encode("utf-8")
    return parser.parse(source).root_node, source
