"""Git history for ``pse verify``'s unverified findings, cached per checked-out commit.

For each distinct missing name or path (:func:`pse.verify.provenance.needle`) one
``git log``: a pickaxe (``-S`` of the name as a word, over files that are not
documents, since documents mention names too) for a name, ``--diff-filter=DR`` for a
path; the latest commit that removed it is the answer, its first parent the last
commit where it existed. One more call reads that parent, and for a path the commit's
renames (``-M``). A rename is what git saw: a path renamed by the commit, or one
definition of the name replaced by one definition of another name in the same change.
All look-ups share ``verify.history_budget`` seconds. The
answers, found or not, are kept in ``<cache>/verify/history-<root>.json`` for the commit
checked out (a new commit starts the file afresh), so a warm run runs no git at all
beyond reading HEAD. A source that is not a git checkout, a shallow clone that lacks
the commit, or a repository pse refuses all give "no history", never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

from pse.config import Settings, cache_dir
from pse.tools.gitrepo import Budget, GitRepo, open_repo
from pse.verify.provenance import (
    HISTORY_KINDS,
    LOG_FORMAT,
    Commit,
    Provenance,
    log_records,
    needle,
    removes,
    renamed_name,
    renamed_path,
)
from pse.verify.refs import CheckedReference, Reference

_FORMAT = "pse-verify-history/1"
_DIFFS = ("--no-textconv", "--no-ext-diff", "--no-color")
_NOT_DOCS = (":(exclude)*.md", ":(exclude)*.rst", ":(exclude)*.mdx", ":(exclude)*.markdown",
             ":(exclude)*.txt")
_MAX_COMMITS = 20
"""Commits a pickaxe reads (the latest first) to find one that removed the name."""


def find_history(root: Path, checked: list[CheckedReference], settings: Settings
                 ) -> dict[Reference, Provenance]:
    """The provenance of each unverified reference git has a removal for."""
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


def path_provenance(repo: GitRepo, path: str, budget: Budget) -> Provenance | None:
    """The commit that deleted or renamed ``path`` (a file or a folder)."""
    records = log_records(_run(repo, budget, "log", *_DIFFS, "-1", "-M", "--diff-filter=DR",
                               LOG_FORMAT, "HEAD", "--", path) or "")
    if not records:
        return None
    commit, parents, _ = records[0]
    renames = _run(repo, budget, "show", *_DIFFS, "-M", "--format=", "--name-status", "-z",
                   commit.sha) or ""
    return Provenance(needle=path, removed=commit, last_seen=_parent(repo, parents, budget),
                      renamed_to=renamed_path(renames, path))


def name_provenance(repo: GitRepo, name: str, budget: Budget) -> Provenance | None:
    """The latest commit that removed ``name`` from the code, with git's rename."""
    # a word, not a substring: renaming ``fetch`` to ``fetch_many`` keeps the count of
    # the substring ``fetch``, and a plain -S would not see that commit
    word = f"(^|[^A-Za-z0-9_]){re.escape(name)}($|[^A-Za-z0-9_])"
    output = _run(repo, budget, "log", *_DIFFS, "--pickaxe-regex", f"-S{word}",
                  f"--max-count={_MAX_COMMITS}", "-M", "-p", "-U0", LOG_FORMAT, "HEAD",
                  "--", ".", *_NOT_DOCS) or ""
    for commit, parents, patch in log_records(output):
        if removes(name, patch):  # else it added or moved it: the removal is older
            return Provenance(needle=name, removed=commit,
                              last_seen=_parent(repo, parents, budget),
                              renamed_to=renamed_name(name, patch))
    return None


def _run(repo: GitRepo, budget: Budget, *args: str) -> str | None:
    left = budget.left()
    return repo.run(*args, timeout=min(left, repo.timeout)) if left > 0 else None


def _parent(repo: GitRepo, parents: list[str], budget: Budget) -> Commit | None:
    if not parents:
        return None
    records = log_records(_run(repo, budget, "log", "-1", LOG_FORMAT, parents[0], "--") or "")
    return records[0][0] if records else None


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
