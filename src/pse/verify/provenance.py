"""Where a name or path the documents mention went: the commits git recorded for it.

Pure data and judgement over git's output; the commands that produce it run in
:mod:`pse.cli.verify_history`. A :class:`Provenance` names the commit that removed (or
renamed) a name or path and the last commit where it still existed, and, when git saw
a rename, the new name, which becomes the finding's suggestion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pse.verify.changes import defined_name
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


LOG_FORMAT = "--format=%x1e%H%x1f%cs%x1f%s%x1f%P"
"""The ``git log`` format :func:`log_records` reads: a record per commit."""


def log_records(output: str) -> list[tuple[Commit, list[str], str]]:
    """(commit, parent hashes, the patch or name-status after it) per ``git log`` record."""
    records: list[tuple[Commit, list[str], str]] = []
    for record in output.split("\x1e")[1:]:
        head, _, body = record.partition("\n")
        parts = head.split("\x1f")
        if len(parts) == 4 and re.fullmatch(r"[0-9a-f]{40,64}", parts[0]):
            records.append((Commit(sha=parts[0], date=parts[1], subject=parts[2].strip()),
                            parts[3].split(), body))
    return records


def changed_lines(patch: str) -> tuple[list[str], list[str]]:
    """The removed and the added lines of a unified diff."""
    lines = patch.splitlines()
    removed = [x[1:] for x in lines if x.startswith("-") and not x.startswith("---")]
    added = [x[1:] for x in lines if x.startswith("+") and not x.startswith("+++")]
    return removed, added


def removes(name: str, patch: str) -> bool:
    """Whether ``patch`` leaves fewer lines naming ``name`` (as a word) than it found."""
    removed, added = changed_lines(patch)
    whole = re.compile(rf"\b{re.escape(name)}\b")
    return sum(bool(whole.search(x)) for x in removed) > sum(bool(whole.search(x)) for x in added)


def renamed_name(name: str, patch: str) -> str:
    """The one new name defined where ``patch`` removed ``name``'s definition ("" when it
    removed it without a single replacement)."""
    removed, added = changed_lines(patch)
    gone = {defined_name(line) for line in removed}
    if name not in gone:
        return ""
    new = {defined_name(line) for line in added} - gone - {""}
    return new.pop() if len(new) == 1 else ""


def renamed_path(name_status: str, path: str) -> str:
    """The new name of ``path`` (a file, or a folder whose files moved together) in
    ``git show --name-status -z`` output ("" when the commit did not rename it)."""
    fields = name_status.split("\0")
    index, targets = 0, set()
    while index < len(fields) and fields[index]:
        status = fields[index]
        count = 2 if status[:1] in "RC" else 1
        names = fields[index + 1:index + 1 + count]
        index += 1 + count
        if status[:1] != "R" or len(names) != 2:
            continue
        old, new = names
        if old == path:
            return new
        prefix = path.rstrip("/") + "/"
        if old.startswith(prefix) and new.endswith("/" + old[len(prefix):]):
            targets.add(new[:-len(old) + len(prefix) - 1])
    return targets.pop() if len(targets) == 1 else ""
