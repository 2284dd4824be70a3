"""Java, C and C++ symbols from a tree-sitter syntax tree.

Java: qualnames start with the ``package`` (``com.example.Greeter.greet``); classes,
interfaces, enums, records and annotations nest; ``extends``/``implements`` are bases.
C and C++: names are global, so qualnames carry only namespaces and classes
(``shapes.Circle.area``); a header's declaration and the implementation file's definition
of one function share a qualname and both are evidence. Out-of-class definitions
(``double Circle::area() const {...}``) are members of their class; ``typedef struct x
{...} x_t`` makes ``x_t`` a type whose base is the struct, so ``x_t.field`` resolves.
"""

from __future__ import annotations

from pse.index.model import SymbolKind
from pse.index.ts_common import Collector, Node, field_node, is_identifier, named, strip_generics

# ----------------------------------------------------------------------------- Java

_JAVA_TYPES: dict[str, SymbolKind] = {
    "class_declaration": "class", "interface_declaration": "interface",
    "enum_declaration": "enum", "record_declaration": "class",
    "annotation_type_declaration": "interface",
}


def extract_java(c: Collector, root: Node) -> None:
    """Every type and member of a Java file into ``c``."""
    package = named(root, "package_declaration")
    if package:
        c.module = c.text(package[0].named_children[0]) if package[0].named_children else ""
        c.module_symbol(kind="package", line=package[0].start_point[0] + 1)
    for node in root.named_children:
        if node.type in _JAVA_TYPES:
            _java_type(c, node, scope=c.module)
        elif node.type == "import_declaration":
            _java_import(c, node)


def _java_type(c: Collector, node: Node, *, scope: str) -> None:
    bases: list[str] = []
    for clause in (field_node(node, "superclass"), field_node(node, "interfaces"),
                   *named(node, "extends_interfaces")):
        if clause is not None:
            for part in clause.named_children:
                targets = part.named_children if part.type == "type_list" else [part]
                bases.extend(strip_generics(c.text(t)) for t in targets)
    qualname = c.add_named(node, kind=_JAVA_TYPES[node.type], parent=scope, bases=tuple(bases))
    if not qualname:
        return
    if node.type == "record_declaration":
        parameters = field_node(node, "parameters")
        for param in named(parameters, "formal_parameter") if parameters is not None else []:
            c.add_named(param, kind="attribute", parent=qualname)
    body = field_node(node, "body")
    if body is not None:
        _java_body(c, body, owner=qualname)


_JAVA_METHODS = {"method_declaration", "constructor_declaration",
                 "compact_constructor_declaration", "annotation_type_element_declaration"}


def _java_body(c: Collector, body: Node, *, owner: str) -> None:
    for member in body.named_children:
        if member.type in _JAVA_METHODS:
            c.add_named(member, kind="method", parent=owner)
        elif member.type in ("field_declaration", "constant_declaration"):
            modifiers = c.text(named(member, "modifiers")[0]) if named(member, "modifiers") else ""
            kind: SymbolKind = "constant" if member.type == "constant_declaration" or (
                "static" in modifiers and "final" in modifiers) else "attribute"
            for declarator in named(member, "variable_declarator"):
                c.add_named(declarator, kind=kind, parent=owner)
        elif member.type == "enum_constant":
            c.add_named(member, kind="constant", parent=owner)
        elif member.type == "enum_body_declarations":
            _java_body(c, member, owner=owner)
        elif member.type in _JAVA_TYPES:
            _java_type(c, member, scope=owner)


def _java_import(c: Collector, node: Node) -> None:
    """Imports from other packages (``org.slf4j.Logger``); the project's own are skipped,
    so a fabricated name under the project's package is never taken for a dependency."""
    target = c.text(node.named_children[0]) if node.named_children else ""
    own_root = c.module.split(".")[0]
    if not target or (own_root and target.split(".")[0] == own_root):
        return
    static_or_star = c.text(node).replace(" ", "")
    if static_or_star.endswith(".*;"):
        c.add_import(node, alias="*", target=target)
    else:
        c.add_import(node, alias=target.rsplit(".", 1)[-1], target=target)

# ----------------------------------------------------------------------------- C, C++


_WRAPPERS = {"pointer_declarator", "reference_declarator", "init_declarator",
             "array_declarator", "parenthesized_declarator", "attributed_declarator"}
_RECORDS: dict[str, SymbolKind] = {"struct_specifier": "struct", "union_specifier": "struct",
                                   "class_specifier": "class", "enum_specifier": "enum"}
_NESTING = {"preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "declaration_list",
            "linkage_specification"}


def extract_c(c: Collector, root: Node) -> None:
    """Every declaration of a C or C++ file into ``c`` (names are global: no module)."""
    _c_block(c, root, scope="")


def _c_block(c: Collector, block: Node, *, scope: str) -> None:  # noqa: C901 - a dispatch table
    for node in block.named_children:
        kind = node.type
        if kind in _NESTING:
            _c_block(c, node, scope=scope)
        elif kind == "template_declaration":
            _c_block(c, node, scope=scope)
        elif kind == "namespace_definition":
            name = c.text(field_node(node, "name"))
            inner = scope
            for part in name.split("::") if name else []:
                inner = c.add(node, name=part, kind="module", parent=inner,
                              name_node=field_node(node, "name"))
            body = field_node(node, "body")
            if body is not None:
                _c_block(c, body, scope=inner)
        elif kind in _RECORDS:
            _c_record(c, node, scope=scope)
        elif kind == "function_definition":
            _c_function(c, node, scope=scope, member=False)
        elif kind in ("declaration", "field_declaration"):
            _c_declaration(c, node, scope=scope)
        elif kind == "type_definition":
            _c_typedef(c, node, scope=scope)
        elif kind in ("preproc_def", "preproc_function_def"):
            c.add_named(node, kind="constant" if kind == "preproc_def" else "function",
                        parent=scope)
        elif kind == "alias_declaration":
            c.add_named(node, kind="type", parent=scope)


def _c_record(c: Collector, node: Node, *, scope: str) -> str:  # noqa: C901 - member kinds
    """A struct, union, class or enum with a body (forward declarations are skipped)."""
    body = field_node(node, "body")
    if body is None:
        return ""
    bases = tuple(strip_generics(c.text(t)) for clause in named(node, "base_class_clause")
                  for t in clause.named_children if t.type != "access_specifier")
    qualname = c.add_named(node, kind=_RECORDS[node.type], parent=scope, bases=bases)
    if not qualname:
        return ""
    if node.type == "enum_specifier":
        for enumerator in named(body, "enumerator"):
            c.add_named(enumerator, kind="constant", parent=qualname)
        return qualname
    for member in body.named_children:
        if member.type in ("field_declaration", "declaration"):
            _c_declaration(c, member, scope=qualname, member=True)
        elif member.type == "function_definition":
            _c_function(c, member, scope=qualname, member=True)
        elif member.type == "template_declaration":
            for inner in member.named_children:
                if inner.type == "function_definition":
                    _c_function(c, inner, scope=qualname, member=True)
                elif inner.type in ("field_declaration", "declaration"):
                    _c_declaration(c, inner, scope=qualname, member=True)
        elif member.type in _RECORDS:
            _c_record(c, member, scope=qualname)
    return qualname


def _c_function(c: Collector, node: Node, *, scope: str, member: bool) -> None:
    declarator = _unwrap(field_node(node, "declarator"))
    if declarator is None or declarator.type != "function_declarator":
        return
    _c_named_function(c, node, declarator, scope=scope, member=member)


def _c_named_function(c: Collector, node: Node, declarator: Node, *, scope: str,
                      member: bool) -> None:
    name_node = field_node(declarator, "declarator")
    if name_node is None:
        return
    if name_node.type == "qualified_identifier":
        # ``Circle::area``: a member defined outside its class
        owner, _, name = c.text(name_node).replace(" ", "").rpartition("::")
        owner = ".".join(strip_generics(p) for p in owner.split("::") if p)
        if owner and is_identifier(name):
            parent = f"{scope}.{owner}" if scope else owner
            c.add(node, name=name, kind="method", parent=parent, name_node=name_node)
        return
    name = c.text(name_node)
    if is_identifier(name):
        c.add(node, name=name, kind="method" if member else "function", parent=scope,
              name_node=name_node)


def _c_declaration(c: Collector, node: Node, *, scope: str, member: bool = False) -> None:
    type_node = field_node(node, "type")
    if type_node is not None and type_node.type in _RECORDS:
        _c_record(c, type_node, scope=scope)
    for child in node.named_children:
        if child.type not in _WRAPPERS | {"function_declarator", "identifier",
                                          "field_identifier"}:
            continue
        target = _unwrap(child)
        if target is None:
            continue
        if target.type == "function_declarator":
            _c_named_function(c, node, target, scope=scope, member=member)
        elif target.type in ("identifier", "field_identifier") and is_identifier(c.text(target)):
            qualifiers = {c.text(q) for q in named(node, "type_qualifier")}
            kind: SymbolKind = "attribute" if member else (
                "constant" if qualifiers & {"const", "constexpr"} else "variable")
            c.add(node, name=c.text(target), kind=kind, parent=scope, name_node=target)


def _c_typedef(c: Collector, node: Node, *, scope: str) -> None:
    type_node = field_node(node, "type")
    record = _c_record(c, type_node, scope=scope) if type_node is not None and \
        type_node.type in _RECORDS else ""
    base = record or (strip_generics(c.text(type_node)) if type_node is not None and
                      type_node.type in ("type_identifier", "qualified_identifier") else "")
    for child in node.named_children:
        if child is type_node:
            continue
        target = _unwrap(child)
        if target is not None and target.type == "function_declarator":
            target = _unwrap(field_node(target, "declarator"))
        if target is not None and target.type == "type_identifier":
            bases = (base.rsplit(".", 1)[-1],) if base and is_identifier(
                base.rsplit(".", 1)[-1]) else ()
            c.add(node, name=c.text(target), kind="type", parent=scope, name_node=target,
                  bases=bases)


def _unwrap(node: Node | None) -> Node | None:
    """The innermost declarator: through pointers, references, arrays, initializers."""
    depth = 0
    while node is not None and node.type in _WRAPPERS and depth < 16:
        inner = field_node(node, "declarator")
        if inner is None:
            inner = next((n for n in node.named_children if n.type not in
                          ("type_qualifier", "attribute_declaration")), None)
        node, depth = inner, depth + 1
    return node
