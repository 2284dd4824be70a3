"""JavaScript, TypeScript and TSX symbols from a tree-sitter syntax tree.

Only declarations are visited (top level, class and interface bodies, namespaces,
top-level object literals), never function bodies, which keeps extraction a small part
of the parse time. ES modules and CommonJS are both understood: ``export``/``export
default``, ``exports.x = ...``, ``module.exports = {...}``, ``Foo.prototype.m = ...``.
A value's class, declared (``export const program: Command``) or constructed (``new
Command()``), is kept as its base, so members reached through it resolve.
Imports of packages (``import x from "pkg"``, ``require("pkg")``) are recorded so the
names a project takes from its dependencies count as external.
"""

from __future__ import annotations

from pse.index.model import SymbolKind
from pse.index.ts_common import Collector, Node, field_node, is_identifier, named

_FUNCTIONS = {"function_declaration", "generator_function_declaration", "function_signature"}
_CLASSES = {"class_declaration", "abstract_class_declaration", "class"}
_FUNCTION_VALUES = {"arrow_function", "function_expression", "function", "generator_function"}
_METHODS = {"method_definition", "method_signature", "abstract_method_signature"}
_FIELDS = {"public_field_definition", "field_definition", "property_signature"}


def extract_web(c: Collector, root: Node) -> None:
    """Every declaration of a JavaScript/TypeScript module into ``c``."""
    c.module_symbol()
    _statements(c, root.named_children, scope=c.module)


def _statements(c: Collector, nodes: list[Node], *, scope: str) -> None:
    for node in nodes:
        _statement(c, node, scope=scope)


def _statement(c: Collector, node: Node, *, scope: str) -> None:  # noqa: C901 - a dispatch table
    kind = node.type
    if kind in ("export_statement", "ambient_declaration"):
        _export(c, node, scope=scope)
    elif kind in _FUNCTIONS:
        c.add_named(node, kind="function", parent=scope)
    elif kind in _CLASSES:
        _class(c, node, scope=scope)
    elif kind == "interface_declaration":
        _interface(c, node, scope=scope)
    elif kind == "type_alias_declaration":
        c.add_named(node, kind="type", parent=scope)
    elif kind == "enum_declaration":
        _enum(c, node, scope=scope)
    elif kind in ("internal_module", "module"):
        _namespace(c, node, scope=scope)
    elif kind in ("lexical_declaration", "variable_declaration"):
        _variables(c, node, scope=scope)
    elif kind == "expression_statement":
        _assignment(c, node, scope=scope)
    elif kind == "import_statement":
        _import(c, node)


def _export(c: Collector, node: Node, *, scope: str) -> None:
    declaration = field_node(node, "declaration") or field_node(node, "value")
    if declaration is not None:
        _statement(c, declaration, scope=scope)
        return
    for child in node.named_children:
        if child.type in _FUNCTIONS | _CLASSES | {"internal_module", "module",
                                                  "lexical_declaration",
                                                  "variable_declaration",
                                                  "interface_declaration", "enum_declaration",
                                                  "type_alias_declaration"}:
            _statement(c, child, scope=scope)


def _class(c: Collector, node: Node, *, scope: str) -> None:
    bases: list[str] = []
    for heritage in named(node, "class_heritage"):
        for clause in heritage.named_children:
            if clause.type in ("extends_clause", "implements_clause"):
                bases.extend(c.text(t) for t in clause.named_children
                             if t.type not in ("type_arguments", "arguments"))
            else:  # JavaScript puts the expression straight under class_heritage
                bases.append(c.text(clause))
    qualname = c.add_named(node, kind="class", parent=scope,
                           bases=tuple(_base_name(b) for b in bases if b))
    body = field_node(node, "body")
    if qualname and body is not None:
        _members(c, body, owner=qualname)


def _base_name(text: str) -> str:
    return text.split("<", 1)[0].split("(", 1)[0].strip()


def _members(c: Collector, body: Node, *, owner: str) -> None:
    for member in body.named_children:
        if member.type in _METHODS:
            _member(c, member, kind="method", owner=owner)
        elif member.type in _FIELDS:
            _member(c, member, kind="attribute", owner=owner)


def _member(c: Collector, node: Node, *, kind: SymbolKind, owner: str) -> None:
    name_node = field_node(node, "name") or field_node(node, "property")
    name = c.text(name_node).lstrip("#")
    if name_node is not None and is_identifier(name):
        c.add(node, name=name, kind=kind, parent=owner, name_node=name_node)


def _interface(c: Collector, node: Node, *, scope: str) -> None:
    bases = tuple(_base_name(c.text(t)) for clause in named(node, "extends_type_clause")
                  for t in clause.named_children)
    qualname = c.add_named(node, kind="interface", parent=scope, bases=bases)
    body = field_node(node, "body")
    if qualname and body is not None:
        _members(c, body, owner=qualname)


def _enum(c: Collector, node: Node, *, scope: str) -> None:
    qualname = c.add_named(node, kind="enum", parent=scope)
    body = field_node(node, "body")
    if not qualname or body is None:
        return
    for member in body.named_children:
        target = field_node(member, "name") if member.type == "enum_assignment" else member
        if target is not None and target.type == "property_identifier":
            c.add(member, name=c.text(target), kind="constant", parent=qualname,
                  name_node=target)


def _namespace(c: Collector, node: Node, *, scope: str) -> None:
    name_node = field_node(node, "name")
    name = c.text(name_node)
    body = field_node(node, "body")
    if name_node is None or not is_identifier(name):
        if body is not None:  # ``declare module "x" { ... }``: declarations of a package
            _statements(c, body.named_children, scope=scope)
        return
    qualname = c.add(node, name=name, kind="module", parent=scope, name_node=name_node)
    if body is not None:
        _statements(c, body.named_children, scope=qualname)


def _variables(c: Collector, node: Node, *, scope: str) -> None:
    constant = c.source[node.start_byte:node.start_byte + 5] == b"const"
    for declarator in named(node, "variable_declarator"):
        name_node = field_node(declarator, "name")
        value = field_node(declarator, "value")
        if name_node is None or name_node.type != "identifier":
            continue  # destructuring patterns
        if value is not None and _is_require(c, value):
            _required(c, declarator, alias=c.text(name_node), call=value)
            continue
        qualname = c.add(declarator, name=c.text(name_node), kind=_value_kind(value, constant),
                         parent=scope, name_node=name_node,
                         bases=_value_type(c, declarator, value))
        if value is not None and value.type == "object":
            _object_members(c, value, owner=qualname)
        elif value is not None and value.type == "class":
            body = field_node(value, "body")
            if body is not None:
                _members(c, body, owner=qualname)


def _value_type(c: Collector, declarator: Node | None, value: Node | None
                ) -> tuple[str, ...]:
    """The class of a value, kept as its one base: declared (``program: Command`` in a
    ``.d.ts``) or constructed (``= new Command()``), so ``program.option`` resolves."""
    annotation = field_node(declarator, "type") if declarator is not None else None
    if annotation is not None:
        written = _base_name(c.text(annotation).lstrip(":").strip())
        return (written,) if _is_type_name(written) else ()
    if value is not None and value.type == "new_expression":
        written = _base_name(c.text(field_node(value, "constructor")))
        return (written,) if _is_type_name(written) else ()
    return ()


def _is_type_name(text: str) -> bool:
    return bool(text) and all(is_identifier(part) for part in text.split("."))


def _value_kind(value: Node | None, constant: bool) -> SymbolKind:
    if value is not None and value.type in _FUNCTION_VALUES:
        return "function"
    if value is not None and value.type == "class":
        return "class"
    return "constant" if constant else "variable"


def _object_members(c: Collector, obj: Node, *, owner: str) -> None:
    for member in obj.named_children:
        if member.type == "method_definition":
            _member(c, member, kind="method", owner=owner)
        elif member.type == "pair":
            key = field_node(member, "key")
            value = field_node(member, "value")
            name = c.text(key).strip("'\"")
            if key is not None and is_identifier(name):
                kind: SymbolKind = "method" if value is not None and \
                    value.type in _FUNCTION_VALUES else "attribute"
                c.add(member, name=name, kind=kind, parent=owner, name_node=key)
        elif member.type == "shorthand_property_identifier":
            c.add(member, name=c.text(member), kind="attribute", parent=owner)


def _assignment(c: Collector, node: Node, *, scope: str) -> None:
    """``exports.x = ...``, ``module.exports = {...}``, ``Foo.prototype.m = ...``."""
    expr = node.named_children[0] if node.named_children else None
    if expr is None or expr.type != "assignment_expression":
        return
    left, right = field_node(expr, "left"), field_node(expr, "right")
    if left is None or right is None or left.type != "member_expression":
        return
    chain = c.text(left).replace(" ", "")
    name_node = field_node(left, "property")
    name = c.text(name_node)
    if chain == "module.exports":
        if right.type == "object":
            _object_members(c, right, owner=scope)
        elif right.type in _FUNCTION_VALUES | _CLASSES:
            c.add_named(right, kind="class" if right.type in _CLASSES else "function",
                        parent=scope)
        return
    if not is_identifier(name) or name_node is None or c.text(right) == name:
        return  # ``exports.f = f`` exports a function recorded where it is defined
    owner = chain[: -len(name) - 1]
    kind: SymbolKind = "function" if right.type in _FUNCTION_VALUES else "variable"
    if owner in ("exports", "module.exports"):
        c.add(expr, name=name, kind=kind, parent=scope, name_node=name_node,
              bases=_value_type(c, None, right))
    elif owner.endswith(".prototype") and is_identifier(owner[:-10]):
        c.add(expr, name=name, kind="method" if kind == "function" else "attribute",
              parent=f"{scope}.{owner[:-10]}" if scope else owner[:-10], name_node=name_node)
    elif is_identifier(owner) and kind == "function":
        c.add(expr, name=name, kind="method", parent=f"{scope}.{owner}" if scope else owner,
              name_node=name_node)


def _is_require(c: Collector, value: Node) -> bool:
    function = field_node(value, "function") if value.type == "call_expression" else None
    return function is not None and c.text(function) == "require"


def _required(c: Collector, declarator: Node, *, alias: str, call: Node) -> None:
    arguments = field_node(call, "arguments")
    strings = named(arguments, "string") if arguments is not None else []
    if strings:
        _package_import(c, declarator, alias=alias, specifier=c.text(strings[0]).strip("'\"`"))


def _import(c: Collector, node: Node) -> None:
    source = field_node(node, "source")
    specifier = c.text(source).strip("'\"`")
    for clause in named(node, "import_clause"):
        for part in clause.named_children:
            if part.type == "identifier":
                _package_import(c, node, alias=c.text(part), specifier=specifier)
            elif part.type == "namespace_import":
                for ident in named(part, "identifier"):
                    _package_import(c, node, alias=c.text(ident), specifier=specifier)
            elif part.type == "named_imports":
                for spec in named(part, "import_specifier"):
                    name = c.text(field_node(spec, "name"))
                    alias = c.text(field_node(spec, "alias")) or name
                    _package_import(c, node, alias=alias, specifier=specifier, member=name)


def _package_import(c: Collector, node: Node, *, alias: str, specifier: str,
                    member: str = "") -> None:
    """Imports of packages only: relative imports name files of the tree itself."""
    if not specifier or specifier.startswith((".", "/", "~", "@/", "#")):
        return
    target = specifier.replace("/", ".") + (f".{member}" if member else "")
    c.add_import(node, alias=alias, target=target)
