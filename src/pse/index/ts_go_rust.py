"""Go and Rust symbols from a tree-sitter syntax tree.

Go: a package's symbols share one qualname prefix whatever file they are in, so a
method declared with a receiver (``func (s *Store) Get()``) is a member of ``Store``
wherever ``Store`` is defined; embedded fields and embedded interfaces are bases.
Rust: items of ``mod`` blocks nest; methods of ``impl Type`` and ``impl Trait for Type``
blocks are members of ``Type``; derived and implemented traits are bases, so a method a
type gets from a trait resolves through it; ``use`` declarations are imports.
"""

from __future__ import annotations

from pse.index.model import SymbolKind
from pse.index.ts_common import Collector, Node, field_node, is_identifier, named, strip_generics

# ----------------------------------------------------------------------------- Go


def extract_go(c: Collector, root: Node) -> None:
    """Every top-level declaration of a Go file into ``c``."""
    clause = named(root, "package_clause")
    if not c.module and clause and clause[0].named_children:
        c.module = c.text(clause[0].named_children[0])  # a package at the root
    c.module_symbol(kind="package", line=clause[0].start_point[0] + 1 if clause else 1)
    for node in root.named_children:
        if node.type == "function_declaration":
            c.add_named(node, kind="function", parent=c.module)
        elif node.type == "method_declaration":
            _go_method(c, node)
        elif node.type == "type_declaration":
            for spec in named(node, "type_spec", "type_alias"):
                _go_type(c, spec)
        elif node.type in ("const_declaration", "var_declaration"):
            kind: SymbolKind = "constant" if node.type == "const_declaration" else "variable"
            for spec in _go_specs(node):
                for ident in named(spec, "identifier"):
                    c.add(spec, name=c.text(ident), kind=kind, parent=c.module,
                          name_node=ident)
        elif node.type == "import_declaration":
            _go_imports(c, node)


def _go_specs(node: Node) -> list[Node]:
    specs = named(node, "const_spec", "var_spec")
    for group in named(node, "var_spec_list", "const_spec_list"):
        specs.extend(named(group, "const_spec", "var_spec"))
    return specs


def _go_method(c: Collector, node: Node) -> None:
    receiver = field_node(node, "receiver")
    params = named(receiver, "parameter_declaration") if receiver is not None else []
    type_node = field_node(params[0], "type") if params else None
    owner = strip_generics(c.text(type_node)).rsplit(".", 1)[-1]
    if is_identifier(owner):
        parent = f"{c.module}.{owner}" if c.module else owner
        c.add_named(node, kind="method", parent=parent)


def _go_type(c: Collector, spec: Node) -> None:
    body = field_node(spec, "type")
    kind: SymbolKind = "type"
    if spec.type == "type_spec" and body is not None and body.type == "struct_type":
        kind = "struct"
    elif spec.type == "type_spec" and body is not None and body.type == "interface_type":
        kind = "interface"
    members = _go_members(c, body) if kind != "type" and body is not None else []
    bases = tuple(strip_generics(c.text(t)) for t, name in members if name is None)
    qualname = c.add_named(spec, kind=kind, parent=c.module, bases=bases)
    if not qualname:
        return
    for node, name in members:
        if name is not None:
            member_kind: SymbolKind = "method" if node.type == "method_elem" else "attribute"
            c.add(node, name=c.text(name), kind=member_kind, parent=qualname, name_node=name)


def _go_members(c: Collector, body: Node) -> list[tuple[Node, Node | None]]:
    """(node, name) of each field or method; name None for an embedded type."""
    found: list[tuple[Node, Node | None]] = []
    lists = named(body, "field_declaration_list") or [body]
    for container in lists:
        for member in container.named_children:
            if member.type == "method_elem":
                found.append((member, field_node(member, "name")))
            elif member.type == "type_elem":
                found.append((member, None))
            elif member.type == "field_declaration":
                names = named(member, "field_identifier")
                if names:
                    found.extend((member, n) for n in names)
                elif (embedded := field_node(member, "type")) is not None:
                    found.append((embedded, None))
    return found


def _go_imports(c: Collector, node: Node) -> None:
    specs = named(node, "import_spec")
    for group in named(node, "import_spec_list"):
        specs.extend(named(group, "import_spec"))
    for spec in specs:
        path = c.text(field_node(spec, "path")).strip('"`')
        alias = c.text(field_node(spec, "name")) or path.rsplit("/", 1)[-1]
        if path and is_identifier(alias):
            c.add_import(spec, alias=alias, target=path.replace("/", "."))

# ----------------------------------------------------------------------------- Rust


_RUST_ITEMS: dict[str, SymbolKind] = {
    "function_item": "function", "function_signature_item": "function",
    "struct_item": "struct", "union_item": "struct", "enum_item": "enum",
    "trait_item": "trait", "type_item": "type", "const_item": "constant",
    "static_item": "constant", "macro_definition": "function", "associated_type": "type",
}


def extract_rust(c: Collector, root: Node) -> None:
    """Every item of a Rust file (``mod`` blocks included) into ``c``."""
    c.module_symbol()
    traits = _rust_traits(c, root)
    _rust_items(c, root, scope=c.module, traits=traits)


def _rust_traits(c: Collector, root: Node) -> dict[str, list[str]]:
    """Traits each type of this file gets: ``#[derive(...)]`` and ``impl Trait for T``."""
    traits: dict[str, list[str]] = {}
    pending: list[str] = []
    for node in root.named_children:
        if node.type == "attribute_item":
            text = c.text(node)
            if "derive(" in text:
                inner = text.split("derive(", 1)[1].rsplit(")", 1)[0]
                pending.extend(strip_generics(t) for t in inner.split(",") if t.strip())
            continue
        if node.type in ("struct_item", "enum_item", "union_item") and pending:
            traits.setdefault(c.text(field_node(node, "name")), []).extend(pending)
        elif node.type == "impl_item" and field_node(node, "trait") is not None:
            owner = strip_generics(c.text(field_node(node, "type"))).rsplit(".", 1)[-1]
            traits.setdefault(owner, []).append(strip_generics(c.text(field_node(node, "trait"))))
        if node.type not in ("line_comment", "block_comment"):
            pending = []
    return traits


def _rust_items(c: Collector, body: Node, *, scope: str,
                traits: dict[str, list[str]]) -> None:
    mods = frozenset(c.text(field_node(m, "name")) for m in named(body, "mod_item"))
    for node in body.named_children:
        kind = _RUST_ITEMS.get(node.type)
        if kind is not None:
            name = c.text(field_node(node, "name"))
            bases = tuple(dict.fromkeys(traits.get(name, ())))
            qualname = c.add_named(node, kind=kind, parent=scope, bases=bases)
            if qualname:
                _rust_body(c, node, owner=qualname)
        elif node.type == "impl_item":
            _rust_impl(c, node, scope=scope)
        elif node.type == "mod_item" and field_node(node, "body") is not None:
            qualname = c.add_named(node, kind="module", parent=scope)
            inner = field_node(node, "body")
            if qualname and inner is not None:
                _rust_items(c, inner, scope=qualname, traits=traits)
        elif node.type == "use_declaration":
            _rust_use(c, field_node(node, "argument"), prefix="", node=node, scope=scope,
                      local=mods)


def _rust_body(c: Collector, node: Node, *, owner: str) -> None:
    """Fields, variants and trait items of a struct, enum or trait."""
    body = field_node(node, "body")
    if body is None:
        return
    for member in body.named_children:
        if member.type == "field_declaration":
            c.add_named(member, kind="attribute", parent=owner)
        elif member.type == "enum_variant":
            c.add_named(member, kind="constant", parent=owner)
        elif member.type in ("function_item", "function_signature_item"):
            c.add_named(member, kind="method", parent=owner)
        elif member.type in ("associated_type", "const_item", "type_item"):
            c.add_named(member, kind=_RUST_ITEMS[member.type], parent=owner)


def _rust_impl(c: Collector, node: Node, *, scope: str) -> None:
    owner = strip_generics(c.text(field_node(node, "type"))).rsplit(".", 1)[-1]
    body = field_node(node, "body")
    if not is_identifier(owner) or body is None:
        return
    parent = f"{scope}.{owner}" if scope else owner
    for member in body.named_children:
        if member.type == "function_item":
            c.add_named(member, kind="method", parent=parent)
        elif member.type in ("const_item", "type_item"):
            c.add_named(member, kind=_RUST_ITEMS[member.type], parent=parent)


def _rust_use(c: Collector, tree: Node | None, *, prefix: str, node: Node,
              scope: str, local: frozenset[str]) -> None:
    """``use a::b::{c, d as e}`` -> imports ``c`` and ``e`` (``self``/``crate`` made absolute)."""
    if tree is None:
        return
    text = c.text(tree)
    if tree.type == "use_as_clause":
        path = _rust_path(c, scope, local, prefix + c.text(field_node(tree, "path")))
        c.add_import(node, alias=c.text(field_node(tree, "alias")), target=path)
    elif tree.type == "scoped_use_list":
        inner = prefix + c.text(field_node(tree, "path"))
        listed = field_node(tree, "list")
        for item in listed.named_children if listed is not None else []:
            _rust_use(c, item, prefix=f"{inner}::" if inner else "", node=node,
                      scope=scope, local=local)
    elif tree.type == "use_list":
        for item in tree.named_children:
            _rust_use(c, item, prefix=prefix, node=node, scope=scope, local=local)
    elif tree.type == "use_wildcard":
        target = _rust_path(c, scope, local, prefix + text.removesuffix("::*"))
        c.add_import(node, alias="*", target=target)
    else:
        path = _rust_path(c, scope, local, prefix + text)
        alias = path.rsplit(".", 1)[-1]
        if alias == "self":
            path = path.removesuffix(".self")
            alias = path.rsplit(".", 1)[-1]
        c.add_import(node, alias=alias, target=path)


def _rust_path(c: Collector, scope: str, local: frozenset[str], path: str) -> str:
    """A ``use`` path as a dotted qualname: ``crate``/``self``/``super`` and child modules
    declared next to the ``use`` are made absolute; anything else is another crate."""
    parts = [p for p in path.replace(" ", "").split("::") if p]
    module = scope.split(".") if scope else []
    if not parts:
        return ""
    if parts[0] == "crate":
        parts = [c.module.split(".")[0] if c.module else "crate", *parts[1:]]
    elif parts[0] == "self" or parts[0] in local:
        parts = [*module, *parts[1:]] if parts[0] == "self" else [*module, *parts]
    elif parts[0] == "super":
        up = 0
        while parts and parts[0] == "super":
            up, parts = up + 1, parts[1:]
        parts = [*module[: max(0, len(module) - up)], *parts]
    return ".".join(parts)
