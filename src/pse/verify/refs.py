"""The reference type shared by extraction and resolution."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RefKind = Literal["symbol", "path", "path_line", "module", "command", "env_var", "flag",
                  "quote", "claim", "unsupported"]
Status = Literal["verified", "unverified", "external", "ignored"]


@dataclass(frozen=True)
class Reference:
    """A span of a document that may name something in the source tree."""

    file: str
    """The document, POSIX path as given."""
    line: int
    """1-based line in the document."""
    text: str
    """The span exactly as written (without backticks)."""
    name: str
    """Normalized name: dotted symbol, POSIX path, module, command or variable."""
    kind: RefKind
    origin: Literal["inline", "code", "link"] = "inline"
    kwargs: tuple[str, ...] = ()
    """Keyword arguments written in a call, checked against the signature."""
    positional: int = -1
    """Arguments a call in an example passes by position; -1 when it is no call, or one
    whose arguments cannot be counted (it unpacks ``*args``)."""
    spread: bool = False
    """The call unpacks a mapping (``**options``)."""
    on_instance: bool = False
    """The call is made on an instance the example built (``wrapper.wrap(text)``)."""
    shown: str = ""
    """The output an example shows for the call (the line under a ``>>>`` line, or a
    trailing ``# -> x`` comment); "" when it shows none."""
    arguments: str = ""
    """The call's arguments as written, when it shows an output."""
    lines: tuple[int, int] | None = None
    """For ``path_line``: the first and last line named."""
    at_symbol: str = ""
    """For ``path_line``: a symbol the text says is at those lines. For a ``quote`` that
    names no file: the definition the block opens with (``class X`` gives ``X``)."""
    in_file: str = ""
    """For definitions quoted from a named file: that file."""
    ignored: str = ""
    """Why this span is not a code reference ("" when it is one)."""
    context: str = ""
    """The surrounding sentence, for env-var and command judgements."""
    section: str = ""
    """For a bare name: its section's text before its block (the heading, a lead-in
    paragraph, earlier items), where the function whose local variable it is may be named."""
    quoted: str = ""
    """For ``quote``: the code block said to be copied from the file ``in_file``."""
    loose: bool = False
    """For ``quote``: attributed only by a caption; checked only if it looks copied."""
    template: str = ""
    """For a word of template syntax: ``tag``, ``filter`` or ``test`` ("" otherwise)."""
    explicit: str = ""
    """The markup that declares the span to be an API name (a Sphinx/MyST role such as
    ``:func:``, an ``auto*`` directive); "" for plain code spans and examples."""


@dataclass(frozen=True)
class Resolution:
    """What the checker concluded about one reference."""

    status: Status
    evidence: tuple[tuple[str, int | None], ...] = ()
    suggestion: str = ""
    message: str = ""


@dataclass(frozen=True)
class Document:
    """A document to check: its display path and its text."""

    path: str
    text: str


@dataclass(frozen=True)
class CheckedReference:
    """A reference with the checker's verdict."""

    ref: Reference
    result: Resolution
