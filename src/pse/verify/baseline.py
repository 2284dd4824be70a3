"""Baselines: the unverified findings a project already knows about.

A finding's fingerprint is the SHA-256 of its document path, its kind, the reference
as written and the document line it sits on with runs of whitespace collapsed. The
line *number* is left out, so a finding that moves (text added above it) stays known,
while editing the line itself makes it new. A baseline is a multiset: two identical
lines with the same finding need two entries.

File format (JSON, keys and entries sorted, so it diffs well)::

    {"format": "pse-verify-baseline", "version": 1,
     "findings": [{"file": "docs/a.md", "fingerprint": "<sha256>", "kind": "symbol",
                   "text": "Client.fetch_all"}]}

``file``, ``kind`` and ``text`` are for the reader; only ``fingerprint`` is matched.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pse.verify.refs import CheckedReference, Reference

FORMAT = "pse-verify-baseline"
VERSION = 1


class BaselineError(ValueError):
    """A baseline file that is not one this code can read."""


def fingerprint(ref: Reference, line: str) -> str:
    """The stable identity of an unverified ``ref`` on the document line ``line``."""
    normal = " ".join(line.split())
    return hashlib.sha256(f"{ref.file}\0{ref.kind}\0{ref.text}\0{normal}".encode(
        "utf-8", "surrogatepass")).hexdigest()


def _line_of(ref: Reference, lines_of: Mapping[str, Sequence[str]]) -> str:
    lines = lines_of.get(ref.file, ())
    return lines[ref.line - 1] if 0 < ref.line <= len(lines) else ""


def dump(checked: Sequence[CheckedReference], lines_of: Mapping[str, Sequence[str]]) -> str:
    """The baseline file of every unverified finding in ``checked``."""
    rows = sorted(({"file": c.ref.file, "kind": c.ref.kind, "text": c.ref.text,
                    "fingerprint": fingerprint(c.ref, _line_of(c.ref, lines_of))}
                   for c in checked if c.result.status == "unverified"),
                  key=lambda r: (r["file"], r["fingerprint"], r["text"]))
    data = {"findings": rows, "format": FORMAT, "version": VERSION}
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def parse(text: str, *, source: str) -> Counter[str]:
    """The fingerprints of a baseline file (with their counts).

    Raises:
        BaselineError: not JSON, another format, or a newer version.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BaselineError(f"{source} is not JSON ({exc})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BaselineError(f"{source} is not a pse baseline (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise BaselineError(f"{source} is baseline version {data.get('version')!r}; this pse "
                            f"reads version {VERSION} (write it again with --write-baseline)")
    rows = data.get("findings")
    if not isinstance(rows, list) or not all(
            isinstance(r, dict) and isinstance(r.get("fingerprint"), str) for r in rows):
        raise BaselineError(f"{source} has no list of findings with fingerprints")
    return Counter(str(r["fingerprint"]) for r in rows)


@dataclass(frozen=True)
class Applied:
    """The findings after a baseline: the new ones stay unverified."""

    checked: list[CheckedReference]
    known: int
    """Findings the baseline held (now reported as ignored)."""
    fixed: int
    """Baseline entries no finding matched any more."""

    def note(self, source: str) -> str:
        """The run note: how many known findings were set aside, how many were fixed."""
        return (f"baseline {source}: {self.known} known finding(s) not reported, "
                f"{self.fixed} fixed since it was written")


def apply(checked: Sequence[CheckedReference], lines_of: Mapping[str, Sequence[str]],
          known: Counter[str]) -> Applied:
    """``checked`` with the findings in ``known`` turned to ``ignored``."""
    left = Counter(known)
    out: list[CheckedReference] = []
    matched = 0
    for item in checked:
        if item.result.status == "unverified":
            key = fingerprint(item.ref, _line_of(item.ref, lines_of))
            if left[key] > 0:
                left[key] -= 1
                matched += 1
                message = "; ".join(p for p in (item.result.message, "known (in the baseline)")
                                    if p)
                item = CheckedReference(item.ref, replace(item.result, status="ignored",
                                                          message=message))
        out.append(item)
    return Applied(checked=out, known=matched, fixed=sum(left.values()))
