"""Claims read from a document's structure rather than from one sentence.

A list item, definition or table row whose label is a code name ("- `min_width`: ...")
describes a member of its owner: the nearest block above it that names code — its parent
item's label ("- **`Console`**:"), the lead-in paragraph before its list ("The `Console`
class takes:"), an rst description directive (``.. py:class:: Console``) or its section's
heading ("## `Console`"). Owners that only title the list ("**Attributes**:",
"Parameters") are looked through; any other owner ends the search, so a list under "See
also:" claims nothing. A bold label with a kind word ("**JustifyMethod Class**: ...")
states that kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pse.text import Block, Document, code_spans
from pse.verify.claims.grammar import canonical_kind
from pse.verify.claims.model import Claim
from pse.verify.claims.owners import SECTIONS, owner_of

_MEMBER = re.compile(r"[A-Za-z_]\w*(?:\(.*\))?")


def structural_claims(document: Document, *, ignored: set[int]) -> Iterator[Claim]:
    """The member claims of labelled items and rows, and the kind claims of bold labels."""
    for index, block in enumerate(document.blocks):
        if block.line in ignored or block.kind not in {"item", "definition", "row",
                                                        "paragraph"}:
            continue
        kind = _label_kind(block)
        if kind is not None:
            yield kind
        member = _member(block)
        if not member or block.kind == "paragraph":
            continue
        owner = owner_of(document, index)
        if owner and owner.split(".")[-1] != member.removesuffix("()"):
            yield Claim("has_item", subject=owner, obj=member, negated=False, line=block.line,
                        sentence=_first_line(block), presupposed="structure")


def _first_line(block: Block) -> str:
    return block.lines[0][1].strip() if block.lines else block.text.strip()


def _member(block: Block) -> str:
    """The member a block describes: its label, or a row's first cell, when it is code."""
    written = block.cells[0] if block.kind == "row" and block.cells else block.label
    if block.kind == "row" and not _is_member_column(block):
        return ""
    spans = code_spans(written)
    if len(spans) != 1 or written.strip().strip("*_").strip() != written[
            spans[0].start:spans[0].end].strip():
        return ""
    target = spans[0].target
    return target if _MEMBER.fullmatch(target) else ""


def _is_member_column(block: Block) -> bool:
    head = block.header[0].strip().strip("*_").lower() if block.header else ""
    return head in {"name", "member", "名称", "名字"} or bool(
        re.fullmatch(SECTIONS, head))


_KIND_LABEL = re.compile(r"^(?P<name>`?[A-Za-z_][\w.]*`?)\s+(?P<kind>class|function|method"
                         r"|module|exception|decorator|property|constant|类|函数|方法|模块)$",
                         re.IGNORECASE)


def _label_kind(block: Block) -> Claim | None:
    """"**JustifyMethod Class**: ..." says ``JustifyMethod`` is a class."""
    hit = _KIND_LABEL.match(block.label.strip())
    if hit is None or not block.text.lstrip().startswith(("**", "__")):
        return None
    kind = canonical_kind(hit["kind"].lower())
    name = hit["name"].strip("`")
    if not kind:
        return None
    return Claim("kind", subject=name, obj=kind, obj_text=hit["kind"], negated=False,
                 line=block.line, sentence=_first_line(block))
