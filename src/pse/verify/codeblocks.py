"""References made by fenced examples in JavaScript/TypeScript, Go, Rust, Java, C and C++.

Like Python examples (:mod:`pse.verify.pycode`), an example is read as a program: the
names it declares (functions, types, variables, parameters, imports of packages) are
local and never references; what it calls, constructs or names through a path is a
reference: ``store.New()``, ``Config::from_env()``, ``new Parser()``, ``p.parse()`` when
``p = new Parser()``, ``Mode::Disk``, ``use crate::config::Config``, ``import { tokenize }
from "./parser"``. A block whose first line names a file of the tree (``// src/a.ts``)
quotes that file, so its own definitions are references too. Parsing uses tree-sitter;
without it these blocks contribute no references.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pse.index.treesitter import parse_snippet
from pse.index.ts_common import Node
from pse.verify.refs import Reference

FENCE_LANGUAGES = {
    "js": "javascript", "javascript": "javascript", "jsx": "javascript", "mjs": "javascript",
    "cjs": "javascript", "node": "javascript", "ts": "typescript", "typescript": "typescript",
    "mts": "typescript", "tsx": "tsx", "go": "go", "golang": "go", "rust": "rust", "rs": "rust",
    "java": "java", "c": "c", "h": "c", "cpp": "cpp", "c++": "cpp", "cc": "cpp", "cxx": "cpp",
    "hpp": "cpp",
}
"""Fence info words -> pse language names."""

_HEADER = re.compile(r"^\s*(?://|#|/\*)\s*(?:file:\s*|in\s+|from\s+)?`?"
                     r"([\w@.+-]+(?:/[\w@.+-]+)*\.[A-Za-z]+)`?(?::\d+(?:-\d+)?)?\s*(?:\*/)?\s*$")
_DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*$")
_NAME_FIELDS = ("name", "pattern", "left", "declarator", "alias")
_DECLARING = re.compile(r"(?:_declaration|_definition|_item|_declarator|_spec|_signature|"
                        r"parameter|_pattern|_clause|^let_|_binding|for_statement|"
                        r"enhanced_for_statement|catch_clause|variable_declarator)$")
_PLACEHOLDERS = frozenset({"foo", "bar", "baz", "qux", "spam", "eggs"})
"""Metasyntactic names: an example's ``foo.bar()`` names nothing of the tree."""
_CALLS = {"call_expression", "method_invocation", "macro_invocation"}
_CONSTRUCT = {"new_expression", "object_creation_expression", "struct_expression",
              "composite_literal"}
_PATHS = {"scoped_identifier", "field_access", "qualified_identifier"}
_DEFINITIONS = {"function_declaration", "class_declaration", "interface_declaration",
                "enum_declaration", "type_alias_declaration", "function_item", "struct_item",
                "enum_item", "trait_item", "method_declaration", "type_spec",
                "function_definition", "record_declaration", "abstract_class_declaration"}


@dataclass
class _Scan:
    source: bytes
    locals: set[str] = field(default_factory=set)
    instances: dict[str, str] = field(default_factory=dict)
    package_aliases: set[str] = field(default_factory=set)
    """Names imported from packages: external, never references."""
    imported: set[str] = field(default_factory=set)
    """Every name an import binds (not the document's own definitions)."""

    def text(self, node: Node | None) -> str:
        if node is None:
            return ""
        return self.source[node.start_byte:node.end_byte].decode("utf-8", "replace")


def code_block_refs(code: str, *, language: str, file: str, first_line: int
                    ) -> list[Reference]:
    """References in an example of ``language`` whose first line is ``first_line``."""
    parsed = parse_snippet(code, language)
    if parsed is None:
        return []
    root, source = parsed
    scan = _Scan(source=source)
    nodes = _all_nodes(root)
    for node in nodes:
        _bind(scan, node, language)
    refs: list[Reference] = []
    lines = code.splitlines()
    quoted = ""
    if lines and (match := _HEADER.match(lines[0])):
        quoted = match.group(1).removeprefix("./")
        refs.append(Reference(file=file, line=first_line, text=quoted, name=quoted,
                              kind="path", origin="code"))
    for node in nodes:
        for text, name, row in _references(scan, node, language, quoted=bool(quoted)):
            refs.append(Reference(file=file, line=first_line + row, text=text, name=name,
                                  kind="symbol", origin="code",
                                  explicit=f"a {language} example"))
    return refs


def code_block_bindings(code: str, *, language: str) -> set[str]:
    """Names an example declares: local to its document, like Python examples' names."""
    lines = code.splitlines()
    if lines and _HEADER.match(lines[0]):
        return set()  # a quoted file defines nothing new
    parsed = parse_snippet(code, language)
    if parsed is None:
        return set()
    root, source = parsed
    scan = _Scan(source=source)
    for node in _all_nodes(root):
        _bind(scan, node, language)
    return scan.locals - scan.imported


def _all_nodes(root: Node) -> list[Node]:
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.named_children))
    return found


def _bind(scan: _Scan, node: Node, language: str) -> None:
    """Names ``node`` declares, and the class of variables initialised by a constructor."""
    kind = node.type
    if kind in ("import_statement", "import_spec", "use_declaration", "import_declaration"):
        _bind_import(scan, node, language)
        return
    if kind in ("formal_parameters", "parameters", "parameter_list"):
        for child in node.named_children:
            scan.locals.update(scan.text(i) for i in _identifiers(child))
    if not _DECLARING.search(kind):
        return
    for field_name in _NAME_FIELDS:
        target = node.child_by_field_name(field_name)
        if target is None:
            continue
        for ident in _identifiers(target):
            scan.locals.add(scan.text(ident))
    if kind in ("parameter_list", "formal_parameters", "parameters"):
        return
    value = node.child_by_field_name("value") or node.child_by_field_name("right")
    declarator = node.child_by_field_name("declarator")
    name = node.child_by_field_name("name") or node.child_by_field_name("pattern") or \
        node.child_by_field_name("left") or (
            declarator.child_by_field_name("name") if declarator is not None else None)
    declared = node.child_by_field_name("type")
    cls = _constructed(scan, value) or (_type_name(scan, declared) if declared else "")
    if cls and name is not None and len(_identifiers(name)) == 1:
        scan.instances[scan.text(_identifiers(name)[0])] = cls


def _identifiers(node: Node) -> list[Node]:
    if node.type in ("identifier", "type_identifier", "field_identifier",
                     "shorthand_property_identifier_pattern", "package_identifier"):
        return [node]
    if node.type in ("expression_list", "tuple_pattern", "array_pattern", "object_pattern",
                     "pointer_declarator", "init_declarator", "reference_declarator",
                     "mut_pattern", "pair_pattern"):
        return [i for child in node.named_children for i in _identifiers(child)]
    return []


def _constructed(scan: _Scan, value: Node | None) -> str:
    """``Parser`` for ``new Parser()``, ``Config::new()``, ``&Store{}``, ``Config {..}``."""
    while value is not None and value.type in ("unary_expression", "await_expression",
                                               "reference_expression", "try_expression"):
        inner = value.named_children
        value = inner[-1] if inner else None
    if value is None:
        return ""
    if value.type in _CONSTRUCT:
        target = value.child_by_field_name("constructor") or value.child_by_field_name("type") \
            or value.child_by_field_name("name")
        return _type_name(scan, target)
    if value.type == "call_expression":
        function = value.child_by_field_name("function")
        text = scan.text(function)
        if match := re.fullmatch(r"(\w+\.)?New([A-Z]\w*)", text):  # Go: ``pkg.NewServer()``
            return f"{match.group(1) or ''}{match.group(2)}"
        if function is not None and function.type == "scoped_identifier" and "::" in text:
            owner = text.rsplit("::", 1)[0]
            return owner.replace("::", ".") if owner[:1].isupper() else ""
    return ""


def _type_name(scan: _Scan, node: Node | None) -> str:
    text = re.sub(r"<.*$", "", scan.text(node)).strip().lstrip("&*").replace("::", ".")
    return text if _DOTTED.match(text) and text.split(".")[-1][:1].isupper() else ""


def _bind_import(scan: _Scan, node: Node, language: str) -> None:
    text = scan.text(node)
    names: list[str] = []
    package = False
    if language in ("javascript", "typescript", "tsx"):
        # relative imports name files of the tree: their names stay references
        package = not re.search(r"""from\s+['"]\.|^import\s+['"]\.""", text)
        names = [scan.text(n) for n in _all_nodes(node) if n.type == "identifier"]
    elif language == "rust":
        path = text.removeprefix("pub ").removeprefix("use ").strip().rstrip(";")
        package = path.split("::", 1)[0] in ("std", "core", "alloc")  # other crates: checked
        names = re.findall(r"(\w+)\s*(?:[,}]|$)", path.replace(" as ", " "))
    elif language == "go":
        path = scan.text(node.child_by_field_name("path")).strip('"`')
        names = [scan.text(node.child_by_field_name("name")) or path.rsplit("/", 1)[-1]]
        package = "." not in path.split("/", 1)[0]  # the standard library
    scan.imported.update(names)
    if package:
        scan.package_aliases.update(names)


def _references(scan: _Scan, node: Node, language: str, *, quoted: bool
                ) -> list[tuple[str, str, int]]:
    """(text, dotted name, row in the block) of the references ``node`` makes."""
    kind = node.type
    row = node.start_point[0]
    if quoted and kind in _DEFINITIONS:
        return _definition_ref(scan, node)
    if kind in _CALLS:
        target = node.child_by_field_name("function") or node.child_by_field_name("macro")
        if kind == "method_invocation":
            return _java_call(scan, node)
        return _name_ref(scan, target, row)
    if kind in _CONSTRUCT:
        target = node.child_by_field_name("constructor") or node.child_by_field_name("type") \
            or node.child_by_field_name("name")
        name = _type_name(scan, target)
        return _name_ref(scan, target, row) if name else []
    if kind in _PATHS:  # (an inner ``a::b`` of ``a::b::c`` is reported too: harmless)
        text = scan.text(node)
        if "::" in text or text.split(".")[0][:1].isupper():
            return _name_ref(scan, node, row)
    if kind == "use_declaration" or (kind == "import_statement" and language != "java"):
        return _import_refs(scan, node, language)
    return []


def _name_ref(scan: _Scan, target: Node | None, row: int) -> list[tuple[str, str, int]]:
    text = re.sub(r"::<[^<>]*>|<[^<>]*>", "", scan.text(target)).replace(" ", "")
    if target is None or not _DOTTED.match(text.replace("->", ".")):
        return []
    dotted = text.replace("::", ".").replace("->", ".")
    root, _, rest = dotted.partition(".")
    if root in scan.instances:
        if not rest:
            return []
        return [(text, f"{scan.instances[root]}.{rest}", row)]
    if root in scan.package_aliases or root in scan.locals or len(root) == 1 or \
            root in ("this", "self", "super", "Self") or root in _PLACEHOLDERS:
        return []
    return [(text, dotted, row)]


def _java_call(scan: _Scan, node: Node) -> list[tuple[str, str, int]]:
    obj = node.child_by_field_name("object")
    name = scan.text(node.child_by_field_name("name"))
    row = node.start_point[0]
    if obj is None:
        return [] if name in scan.locals else [(name, name, row)]
    if obj.type == "object_creation_expression":
        cls = _type_name(scan, obj.child_by_field_name("type"))
        return [(f"{cls}.{name}", f"{cls}.{name}", row)] if cls else []
    owner = scan.text(obj)
    if not _DOTTED.match(owner):
        return []
    root = owner.split(".")[0]
    if root in scan.instances:
        return [(f"{owner}.{name}", f"{scan.instances[root]}{owner[len(root):]}.{name}", row)]
    if root in scan.locals or root in ("this", "super") or not root[:1].isupper():
        return []
    return [(f"{owner}.{name}", f"{owner}.{name}", row)]


def _definition_ref(scan: _Scan, node: Node) -> list[tuple[str, str, int]]:
    name_node = node.child_by_field_name("name")
    name = scan.text(name_node)
    if not name or not _DOTTED.match(name):
        return []
    return [(name, name, (name_node or node).start_point[0])]


def _import_refs(scan: _Scan, node: Node, language: str) -> list[tuple[str, str, int]]:
    text = scan.text(node)
    row = node.start_point[0]
    if language == "rust":
        path = text.removeprefix("pub ").removeprefix("use ").strip().rstrip(";")
        if not path.startswith(("crate::", "self::", "super::")) or "{" in path:
            return []
        return [(path, path.replace("::", "."), row)]
    if re.search(r"""from\s+['"]\.""", text):
        names = re.findall(r"(?:\{|,)\s*(\w+)", text.split("from")[0])
        return [(n, n, row) for n in names]
    return []
