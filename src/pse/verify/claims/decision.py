"""The answer a relation check gives: true, false or undecidable, with its evidence."""

from __future__ import annotations

from dataclasses import dataclass

from pse.index.model import Symbol


@dataclass(frozen=True)
class Decision:
    """Whether the positive relation holds (None: cannot be decided from the tree)."""

    holds: bool | None
    message: str
    """The true relation, in words ("`Group`'s bases are `MultiCommand`")."""
    evidence: tuple[tuple[str, int | None], ...] = ()
    correction: str = ""
    """What the object should have been, where that is exact (a file, a kind, a count)."""


def at(*symbols: Symbol) -> tuple[tuple[str, int | None], ...]:
    """Evidence at the definitions of ``symbols``."""
    return tuple(dict.fromkeys((s.path, s.line) for s in symbols))


def undecided(message: str) -> Decision:
    """A decision that the tree cannot make."""
    return Decision(None, message)


def short(name: str) -> str:
    """The last part of a dotted name, in backticks."""
    return f"`{name.rsplit('.', 1)[-1]}`"


def listing(names: list[str] | tuple[str, ...], *, limit: int = 8) -> str:
    """``a``, ``b``, ``c`` (and N more)."""
    shown = ", ".join(f"`{n}`" for n in names[:limit])
    more = len(names) - limit
    return shown + (f" and {more} more" if more > 0 else "") if names else "none"


def with_article(word: str) -> str:
    """``word`` after its indefinite article ("an attribute", "a class")."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
