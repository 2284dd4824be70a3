"""Where a name or path the documents mention went: the commits git recorded for it.

Pure data and judgement; the git commands that find the commits live in
:mod:`pse.tools.githistory`. A :class:`Provenance` names the commit that removed (or
renamed) a name or path and the last commit where it still existed, and, when git saw
a rename, the new name, which becomes the finding's suggestion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pse.verify.refs import CheckedReference, Reference

HISTORY_KINDS = frozenset({"symbol", "module", "path", "path_line", "command"})
"""Reference kinds whose missing target has a history worth looking up."""


@dataclass(frozen=True)
class Commit:
    """One commit as a report shows it."""

    sha: str
    date: str
    """The commit date, ``YYYY-MM-DD``."""
    subject: str

    def as_dict(self) -> dict[str, str]:
        """The JSON/SARIF form."""
        return {"commit": self.sha, "date": self.date, "subject": self.subject}

    def short(self) -> str:
        """``abc1234 (2026-01-02, "subject")``."""
        return f'{self.sha[:10]} ({self.date}, "{self.subject}")'


@dataclass(frozen=True)
class Provenance:
    """The history of one missing name or path."""

    needle: str
    """What was looked up: the leaf name or the path."""
    removed: Commit
    """The commit that removed or renamed it."""
    last_seen: Commit | None = None
    """The last commit where it existed (the first parent of ``removed``)."""
    renamed_to: str = ""
    """The new name or path when the removing commit renamed it."""

    @property
    def action(self) -> str:
        """``renamed to X`` or ``removed``."""
        return f"renamed to {self.renamed_to!r}" if self.renamed_to else "removed"

    def describe(self) -> str:
        """One sentence for text and HTML reports."""
        text = f"{self.needle!r} was {self.action} in {self.removed.short()}"
        if self.last_seen is not None:
            text += f"; last present in {self.last_seen.sha[:10]} ({self.last_seen.date})"
        return text

    def as_dict(self) -> dict[str, object]:
        """The JSON/SARIF form."""
        data: dict[str, object] = {"needle": self.needle, "removed_in": self.removed.as_dict()}
        if self.last_seen is not None:
            data["last_seen_in"] = self.last_seen.as_dict()
        if self.renamed_to:
            data["renamed_to"] = self.renamed_to
        return data


def needle(ref: Reference) -> str:
    """What to look up in history for ``ref``: a path, or a name's last component."""
    if ref.kind in {"path", "path_line"}:
        return ref.name.split(":", 1)[0].strip("/")
    if ref.kind == "command":
        words = ref.name.split()
        return words[2].rsplit(".", 1)[-1] if len(words) >= 3 and words[1] == "-m" else ""
    leaf = ref.name.rstrip("()").rsplit(".", 1)[-1]
    return leaf if _IDENTIFIER.fullmatch(leaf) else ""


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
"""A name long enough for a pickaxe search to mean something (``x``, ``io`` match all)."""


def suggested_name(ref: Reference, provenance: Provenance) -> str:
    """The reference as it would read after the rename git recorded ("" when none)."""
    if not provenance.renamed_to:
        return ""
    if ref.kind in {"path", "path_line"}:
        return provenance.renamed_to
    head, dot, _ = ref.name.rstrip("()").rpartition(".")
    return f"{head}{dot}{provenance.renamed_to}"


def annotated(checked: list[CheckedReference], history: dict[Reference, Provenance]
              ) -> list[CheckedReference]:
    """``checked`` with the history folded into each finding's message and suggestion
    (the renderers that show a message then show the history too)."""
    out: list[CheckedReference] = []
    for item in checked:
        found = history.get(item.ref)
        if found is None:
            out.append(item)
            continue
        message = "; ".join(p for p in (item.result.message, found.describe()) if p)
        suggestion = suggested_name(item.ref, found) or item.result.suggestion
        out.append(CheckedReference(item.ref, replace(item.result, message=message,
                                                      suggestion=suggestion)))
    return out
