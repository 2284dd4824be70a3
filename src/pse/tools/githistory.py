"""The history of a missing name or path: which commit removed or renamed it.

One ``git log`` per needle finds the latest commit that removed it (a pickaxe ``-S``
over non-document files for a name, ``--diff-filter=DR`` for a path), one more reads
that commit's parent (the last commit where it existed). A rename is what git saw: a
path renamed by the commit (``-M``), or a definition of the name replaced by one
definition of another name in the same hunk. Look-ups share a :class:`Budget`; when it
is spent, or git fails, the answer is None ("no history"), never an error.
"""

from __future__ import annotations

import re

from pse.tools.gitrepo import Budget, GitRepo
from pse.verify.provenance import Commit, Provenance

_FORMAT = "--format=%x1e%H%x1f%cs%x1f%s%x1f%P"
_DIFFS = ("--no-textconv", "--no-ext-diff", "--no-color")
_NOT_DOCS = (":(exclude)*.md", ":(exclude)*.rst", ":(exclude)*.mdx", ":(exclude)*.markdown",
             ":(exclude)*.txt")
"""Documents mention names too; their edits are not where a definition went."""
_MAX_COMMITS = 20
"""Commits a pickaxe reads (the latest first) to find one that removed the name."""
_DEFINES = (r"(?:def|class|function|func|fn|const|let|var|type|interface|struct|enum|trait|"
            r"async\s+def|async\s+function)")
_DEFINITION = re.compile(rf"^\s*(?:export\s+)?(?:pub\s+)?{_DEFINES}\s+([A-Za-z_]\w*)"
                         r"|^\s*([A-Za-z_]\w*)\s*(?::[^=]+)?=(?!=)")


def path_provenance(repo: GitRepo, path: str, budget: Budget) -> Provenance | None:
    """The commit that deleted or renamed ``path`` (a file or a folder)."""
    output = _run(repo, budget, "log", *_DIFFS, "-1", "-M", "--diff-filter=DR", _FORMAT,
                  "HEAD", "--", path)
    commit, parents = _first(output)
    if commit is None:
        return None
    renames = _run(repo, budget, "show", *_DIFFS, "-M", "--format=", "--name-status", "-z",
                   commit.sha) or ""
    return Provenance(needle=path, removed=commit, last_seen=_parent(repo, parents, budget),
                      renamed_to=_renamed_path(renames, path))


def name_provenance(repo: GitRepo, name: str, budget: Budget) -> Provenance | None:
    """The latest commit whose changes removed ``name`` from the code (net fewer
    occurrences), with the rename git's hunk shows, if any."""
    # a word, not a substring: renaming ``fetch`` to ``fetch_many`` keeps the count of
    # the substring ``fetch`` the same, and a plain -S would not see the commit
    word = f"(^|[^A-Za-z0-9_]){re.escape(name)}($|[^A-Za-z0-9_])"
    output = _run(repo, budget, "log", *_DIFFS, "--pickaxe-regex", f"-S{word}",
                  f"--max-count={_MAX_COMMITS}", "-M", "-p", "-U0", _FORMAT, "HEAD", "--",
                  ".", *_NOT_DOCS)
    for record in (output or "").split("\x1e")[1:]:
        head, _, patch = record.partition("\n")
        commit, parents = _commit(head)
        if commit is None:
            continue
        removed, added = _changed_lines(patch)
        whole = re.compile(rf"\b{re.escape(name)}\b")
        if sum(bool(whole.search(x)) for x in removed) <= \
                sum(bool(whole.search(x)) for x in added):
            continue  # this commit added or moved it; the removal is older (or absent)
        return Provenance(needle=name, removed=commit, last_seen=_parent(repo, parents, budget),
                          renamed_to=_renamed_name(name, removed, added))
    return None


def _run(repo: GitRepo, budget: Budget, *args: str) -> str | None:
    left = budget.left()
    if left <= 0:
        return None
    return repo.run(*args, timeout=min(left, repo.timeout))


def _commit(head: str) -> tuple[Commit | None, list[str]]:
    parts = head.split("\x1f")
    if len(parts) != 4 or not re.fullmatch(r"[0-9a-f]{40,64}", parts[0]):
        return None, []
    return Commit(sha=parts[0], date=parts[1], subject=parts[2].strip()), parts[3].split()


def _first(output: str | None) -> tuple[Commit | None, list[str]]:
    records = (output or "").split("\x1e")
    return _commit(records[1].partition("\n")[0]) if len(records) > 1 else (None, [])


def _parent(repo: GitRepo, parents: list[str], budget: Budget) -> Commit | None:
    if not parents:
        return None
    output = _run(repo, budget, "log", "-1", _FORMAT, parents[0], "--")
    return _first(output)[0]


def _renamed_path(name_status: str, path: str) -> str:
    """The new name of ``path`` (a file, or a folder all of whose files moved together)
    in ``git show --name-status -z`` output ("" when the commit did not rename it)."""
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
        if old.startswith(prefix):
            rest = old[len(prefix):]
            if new.endswith("/" + rest):
                targets.add(new[:-len(rest) - 1])
    return targets.pop() if len(targets) == 1 else ""


def _changed_lines(patch: str) -> tuple[list[str], list[str]]:
    removed = [x[1:] for x in patch.splitlines() if x.startswith("-") and not x.startswith("---")]
    added = [x[1:] for x in patch.splitlines() if x.startswith("+") and not x.startswith("+++")]
    return removed, added


def _renamed_name(name: str, removed: list[str], added: list[str]) -> str:
    """The one new name defined where ``name``'s definition was removed ("" when the
    commit removed it without a single replacement)."""
    if name not in {_defined(line) for line in removed}:
        return ""
    gone = {_defined(line) for line in removed}
    new = {_defined(line) for line in added} - gone - {""}
    return new.pop() if len(new) == 1 else ""


def _defined(line: str) -> str:
    match = _DEFINITION.match(line)
    return (match.group(1) or match.group(2)) if match else ""
