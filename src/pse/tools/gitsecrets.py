"""Deny-listed files stay unreachable through git, whatever the revision syntax.

Checking a revision's *text* (``HEAD:.env``) cannot be complete: git also takes
``HEAD^{/x:y}:.env``, ``@{0}:.env``, tags, abbreviated or full object ids of blobs that no
path names any more, and ``--all``. So the objects are checked instead: every revision a
command names (and what ``--all``/``--tags``/``--branches``/``--remotes`` select) is
resolved by git itself (``rev-parse``), tags are peeled, and then

- a *blob* is shown only if it is *public*: stored under a path off the deny-list, in
  the index or in some commit of any ref or reflog (a bounded walk). The content of such
  a blob is readable by name anyway; any other blob (a ``.env``, a dangling object) is
  refused;
- a *tree* given to ``grep`` or ``diff`` (whose paths would then start below the root,
  out of reach of the deny-list pathspecs) must hold public blobs only.

Secret *values* (the API keys pse holds) are a second matter: ``git grep -o -e '.{1,5}'``
prints a key in pieces no redactor matches, and whether a pattern matches at all answers
a guess. So the files that hold one are found first (``git grep -F -f`` with the values,
output never shown) and left out of the search, whatever the pattern; options that
search every version for a pattern (``-S``, ``-G``) or split words by a pattern
(``--word-diff-regex``, ``--color-words=REGEX``) are refused while pse holds secrets,
also whatever the pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping, Sequence
from typing import TYPE_CHECKING

from pse.tools.outcome import RefusalError
from pse.tools.secrets import is_secret_path

if TYPE_CHECKING:
    from pse.tools.confine import GitSession

SELECTORS = frozenset({"--all", "--branches", "--tags", "--remotes"})
"""Options that name revisions without naming them."""
_SEARCHING = frozenset({"-S", "-G", "--pickaxe-regex", "--word-diff-regex"})
"""Options whose answer depends on matching text against every version, or that split
words with a pattern of the caller's; refused while pse holds secrets, whatever their
value (``--color-words=REGEX`` too; plain ``--word-diff`` keeps whole words)."""
_OID = re.compile(r"\^?([0-9a-f]{40}|[0-9a-f]{64})\Z")
_HISTORY_COMMITS = 20_000
_HISTORY_BYTES = 64 << 20
_MAX_HOLDERS = 1_000


def check_options(options: Iterable[str], *, has_secrets: bool) -> None:
    """Refuse pattern-searching options while pse holds secret values.

    Raises:
        RefusalError: ``not-allowed``.
    """
    if not has_secrets:
        return
    for option in options:
        name, eq, _ = option.partition("=")
        name = name[:2] if name[:2] in {"-S", "-G"} else name
        if name in _SEARCHING or (name == "--color-words" and eq):
            raise RefusalError("not-allowed", f"option {option!r} matches text against "
                               "every version and could confirm a guessed secret value; "
                               "use git grep or grep, which leave out files holding one")


def check_objects(git: GitSession, program: str, *, command: str, revisions: Sequence[str],
                  selectors: Sequence[str], allowed: Sequence[str],
                  cache: MutableMapping[str, frozenset[str]]) -> None:
    """Refuse when a revision resolves to a blob (or, for ``grep``/``diff``, a tree) that
    is not public.

    Raises:
        RefusalError: ``secret-file`` for such an object; ``not-allowed`` when git cannot
            resolve the revisions.
    """
    if not revisions and not selectors:
        return
    done = git.run([program, "rev-parse", *selectors, *revisions, "--"], cap=8 << 20)
    ids = [m.group(1) for line in done.output.decode("ascii", "replace").splitlines()
           if (m := _OID.match(line.strip()))]
    if done.exit_code != 0 or done.dropped:
        raise RefusalError("not-allowed", f"git cannot resolve {' '.join(revisions)!r} "
                           "as revisions; name commits, REV:path or pathspecs after --")
    kinds = _peeled_types(git, program, ids)
    blobs = [oid for oid, kind in kinds if kind == "blob"]
    trees = [oid for oid, kind in kinds if kind == "tree" and command in {"grep", "diff"}]
    if not blobs and not trees:
        return
    key = f"{git.fingerprint}:{sorted(allowed)}"
    if key not in cache:  # the walk of the history is the slow part; refs tell when to redo
        cache.clear()
        cache[key] = public_blobs(git, program, allowed=allowed)
    public = cache[key]
    for tree in trees:
        blobs.extend(_tree_blobs(git, program, tree))
    hidden = [oid for oid in blobs if oid not in public]
    if hidden:
        raise RefusalError("secret-file", f"{' '.join(revisions) or selectors[0]!r} reaches "
                           f"a file object ({hidden[0][:12]}) that no readable path holds: "
                           "a deny-listed file or one no commit names. Name files as "
                           "REV:path with a path off the secrets deny-list")


def _peeled_types(git: GitSession, program: str, ids: list[str]) -> list[tuple[str, str]]:
    """(object id, type) of each id after peeling tags."""
    if not ids:
        return []
    batch = git.scratch / "objects.txt"
    batch.write_text("".join(f"{oid}^{{}}\n" for oid in dict.fromkeys(ids)), encoding="ascii")
    done = git.run([program, "cat-file", "--batch-check=%(objectname) %(objecttype)"],
                   stdin=batch, cap=8 << 20)
    pairs = []
    for line in done.output.decode("ascii", "replace").splitlines():
        oid, _, kind = line.partition(" ")
        if _OID.match(oid):
            pairs.append((oid, kind.strip()))
    if done.exit_code != 0 or len(pairs) != len(dict.fromkeys(ids)):
        raise RefusalError("not-allowed", "git could not tell what the named revisions are")
    return pairs


def _tree_blobs(git: GitSession, program: str, tree: str) -> list[str]:
    done = git.run([program, "ls-tree", "-r", "-z", "--full-tree", tree], cap=_HISTORY_BYTES)
    if done.exit_code != 0 or done.dropped:
        raise RefusalError("not-allowed", f"tree {tree[:12]} is too large to check; name a "
                           "commit and a pathspec instead")
    blobs = []
    for entry in done.output.split(b"\0"):
        meta = entry.partition(b"\t")[0].split()
        if len(meta) == 3 and meta[1] == b"blob":
            blobs.append(meta[2].decode("ascii"))
    return blobs


def public_blobs(git: GitSession, program: str, *, allowed: Sequence[str]) -> frozenset[str]:
    """Blob ids stored under a path off the deny-list: in the index or in the history of
    every ref and reflog (at most ``_HISTORY_COMMITS`` commits; what lies beyond counts as
    not public, which only refuses more)."""
    public: set[str] = set()
    index = git.run([program, "ls-files", "-s", "-z"], cap=_HISTORY_BYTES)
    for entry in index.output.split(b"\0"):
        meta, _, path = entry.partition(b"\t")
        fields = meta.split()
        if len(fields) == 3 and not is_secret_path(_text(path), allowed=allowed):
            public.add(fields[1].decode("ascii"))
    history = git.run([program, "log", "--all", "--reflog", "-m", "--root", "--no-renames",
                       "--raw", "-z", "--no-abbrev", "--format=", "--no-textconv",
                       f"--max-count={_HISTORY_COMMITS}"], cap=_HISTORY_BYTES)
    fields = history.output.split(b"\0")
    for meta, path in zip(fields, fields[1:], strict=False):
        parts = meta.strip().split()
        if meta.strip().startswith(b":") and len(parts) >= 5 and not is_secret_path(
                _text(path), allowed=allowed):
            public.update(p.decode("ascii") for p in parts[2:4])
    return frozenset(public)


def secret_holders(git: GitSession, program: str, *, values: Sequence[str],
                   arguments: Sequence[str]) -> list[str]:
    """Paths (as git grep names them) of files in the search that hold a secret value.

    ``arguments`` are the search's own options that choose *where* it looks (``--cached``,
    revisions, ``--`` and pathspecs); the values go through a file, never argv.

    Raises:
        RefusalError: ``not-allowed`` when too many files hold one to leave them out.
    """
    if not values:
        return []
    patterns = git.scratch / "values.txt"
    patterns.write_text("".join(f"{v}\n" for v in values), encoding="utf-8",
                        errors="surrogateescape")
    done = git.run([program, "grep", "-l", "-z", "-I", "-F", "--no-textconv", "--full-name",
                    "-f", str(patterns), *arguments], cap=_HISTORY_BYTES)
    names = [_text(n) for n in done.output.split(b"\0") if n]
    if len(names) > _MAX_HOLDERS or done.dropped:
        raise RefusalError("not-allowed", "too many files in this search hold a secret "
                           "value to leave them out; narrow it with a pathspec")
    return names


def holder_excludes(names: Sequence[str], revisions: Sequence[str]) -> list[str]:
    """Exclude pathspecs for ``secret_holders`` output (``path``, ``REV:path``, or
    ``TREE/path`` when the revision names a tree as ``REV:dir``).

    Raises:
        RefusalError: ``not-allowed`` for a name no revision accounts for.
    """
    prefixes = sorted({p for rev in revisions for p in _prefixes(rev)}, key=len, reverse=True)
    paths = []
    for name in names:
        rest = next((name[len(p):] for p in prefixes if name.startswith(p)),
                    None if revisions else name)
        if rest is None:
            raise RefusalError("not-allowed", "a file holding a secret value could not be "
                               "left out of this search; name a commit and a pathspec")
        paths.append(f":(exclude,literal,top){rest}")
    return sorted(dict.fromkeys(paths))


def _prefixes(rev: str) -> list[str]:
    if ":" not in rev:
        return [f"{rev}:"]
    return [rev] if rev.endswith(":") else [f"{rev}/"]


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="surrogateescape")
