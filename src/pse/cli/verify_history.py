"""Git history for ``pse verify``'s unverified findings, cached per checked-out commit.

For each distinct missing name or path (:func:`pse.verify.provenance.needle`) one look-up
(:mod:`pse.tools.githistory`), all of them within ``verify.history_budget`` seconds. The
answers, found or not, are kept in ``<cache>/verify/history-<root>.json`` for the commit
checked out (a new commit starts the file afresh), so a warm run runs no git at all
beyond reading HEAD. A source that is not a git checkout, a shallow clone that lacks
the commit, or a repository pse refuses all give "no history", never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from pse.config import Settings, cache_dir
from pse.verify.provenance import HISTORY_KINDS, Commit, Provenance, needle
from pse.verify.refs import CheckedReference, Reference

_FORMAT = "pse-verify-history/1"


def find_history(root: Path, checked: list[CheckedReference], settings: Settings
                 ) -> dict[Reference, Provenance]:
    """The provenance of each unverified reference git has a removal for."""
    from pse.tools.githistory import name_provenance, path_provenance
    from pse.tools.gitrepo import Budget, open_repo

    wanted = {item.ref: (_is_path(item.ref), needle(item.ref)) for item in checked
              if item.result.status == "unverified" and item.ref.kind in HISTORY_KINDS}
    wanted = {ref: key for ref, key in wanted.items() if key[1]}
    repo = open_repo(root) if wanted else None
    head = repo.head() if repo is not None else ""
    if repo is None or not head:
        return {}
    path = cache_dir(settings) / "verify" / f"history-{_digest(str(repo.root))}.json"
    known = _load(path, head)
    budget = Budget(float(settings.get_int("verify.history_budget")))
    for is_path, value in sorted(set(wanted.values())):
        key = f"{'path' if is_path else 'name'}:{value}"
        if key in known or budget.left() <= 0:
            continue
        found = path_provenance(repo, value, budget) if is_path else \
            name_provenance(repo, value, budget)
        if found is not None or budget.left() > 0:  # a spent budget is no answer: ask again
            known[key] = found
    _save(path, head, known)
    out: dict[Reference, Provenance] = {}
    for ref, (is_path, value) in wanted.items():
        found = known.get(f"{'path' if is_path else 'name'}:{value}")
        if found is not None:
            out[ref] = found
    return out


def _is_path(ref: Reference) -> bool:
    return ref.kind in {"path", "path_line"}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def _load(path: Path, head: str) -> dict[str, Provenance | None]:
    """The cached answers for ``head`` (empty when missing, stale or malformed: a
    cache file is input anyone with access to the folder could plant)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != _FORMAT or data.get("head") != head:
            return {}
        return {str(k): _provenance(v) for k, v in data["entries"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _provenance(data: object) -> Provenance | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("not a provenance")
    last = data.get("last_seen")
    return Provenance(needle=str(data["needle"]), removed=_commit(data["removed"]),
                      last_seen=_commit(last) if last is not None else None,
                      renamed_to=str(data.get("renamed_to", "")))


def _commit(data: object) -> Commit:
    if not isinstance(data, dict):
        raise ValueError("not a commit")
    return Commit(sha=str(data["sha"]), date=str(data["date"]), subject=str(data["subject"]))


def _save(path: Path, head: str, known: dict[str, Provenance | None]) -> None:
    def commit(c: Commit) -> dict[str, str]:
        return {"sha": c.sha, "date": c.date, "subject": c.subject}
    entries = {key: None if p is None else {
        "needle": p.needle, "removed": commit(p.removed), "renamed_to": p.renamed_to,
        "last_seen": commit(p.last_seen) if p.last_seen is not None else None}
        for key, p in sorted(known.items())}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps({"format": _FORMAT, "head": head, "entries": entries}))
        os.replace(temp, path)
    except OSError:
        return  # a lost cache only costs the next run its git calls
