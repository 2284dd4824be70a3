"""``grep``: a regular-expression search over the sandbox, in pure Python, no shell.

Files are walked in sorted order (deterministic output), ``.git``-style folders and the
root ``.gitignore`` are skipped, and every file gets the same checks as ``read_file``
without failing the whole search: symlinks leading out, secret files, special files,
hard links and binary files are skipped and counted in the summary. The pattern runs on
the ``regex`` engine with a time budget (``tools.timeout``), so a catastrophic pattern
cannot hang the agent; results are bounded by ``tools.max_matches`` and ``max_output``.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import regex

from pse.planted import (
    MAX_DEPTH,
    Matcher,
    compile_linear,
    escape_name,
    ignore_result,
    ignore_spec,
    read_planted_text,
)
from pse.tools.outcome import RefusalError, ToolCallFailed
from pse.tools.pathtext import check_path_text
from pse.tools.secrets import Scrubber

if TYPE_CHECKING:
    import pathspec

    from pse.tools.sandbox import Sandbox, Target

_SKIP_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__", "node_modules"})
_MAX_PATTERN = 1000
_MAX_LINE = 300
_BINARY_PROBE = 8192


@dataclass
class _Search:
    sandbox: Sandbox
    compiled: regex.Pattern[str]
    glob: Matcher | None
    deadline: float
    scrubber: Scrubber
    matches: list[str] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    files: int = 0
    stopped: str = ""


def grep(sandbox: Sandbox, pattern: str, glob: str | None = None, path: str | None = None
         ) -> str:
    """Lines matching ``pattern`` as ``path:line: text``, then a summary.

    Args:
        sandbox: the sandbox to search.
        pattern: a Python regular expression (``(?i)`` for case-insensitive).
        glob: only files whose root-relative path matches, e.g. ``*.py``, ``src/**/*.md``.
        path: a folder or file to search instead of every root.
    """
    search = _Search(sandbox, _compile(pattern), _compile_glob(glob),
                     time.monotonic() + sandbox.settings.timeout, sandbox.scrubber())
    starts = [sandbox.resolve(path)] if path is not None else [
        sandbox.resolve(str(root)) for root in sandbox.roots]
    for start in starts:
        if start.path.is_dir():
            _walk(search, start)
        elif path is not None:  # one file: refuse it the way read_file would
            _, fd, _ = sandbox.open_file(path)
            os.close(fd)
            _search_file(search, start.path, start.rel)
        if search.stopped:
            break
    return _render(search)


def _compile(pattern: object) -> regex.Pattern[str]:
    if not isinstance(pattern, str) or not pattern or len(pattern) > _MAX_PATTERN:
        raise ToolCallFailed("bad-pattern", f"pattern must be 1 to {_MAX_PATTERN} characters")
    try:
        return regex.compile(pattern, regex.VERSION0)
    except regex.error as exc:
        raise ToolCallFailed("bad-pattern", f"invalid regular expression {pattern!r}: {exc}"
                             ) from exc


def _compile_glob(glob: str | None) -> Matcher | None:
    """``*`` and ``?`` stay inside one folder, ``**/`` spans folders; no ``/`` = file name."""
    if glob is None or glob == "":
        return None
    check_path_text(glob)
    text = escape_name(glob if "/" in glob else "**/" + glob)
    out, i = [], 0
    while i < len(text):
        if text.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif text.startswith("**", i):
            out.append(".*")
            i += 2
        elif text[i] == "*":
            out.append("[^/]*")
            i += 1
        elif text[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(text[i]))
            i += 1
    try:  # RE2: a planted name cannot make a ``*a*a*a*b`` glob backtrack
        return compile_linear("".join(out))
    except ValueError as exc:
        raise ToolCallFailed("bad-pattern", f"glob {glob!r} is too large: {exc}") from exc


def _walk(search: _Search, start: Target) -> None:
    """Sorted, depth-first and iterative: a tree deeper than the recursion limit is fine,
    and folders deeper than ``MAX_DEPTH`` are not entered."""
    ignore = _gitignore(start.root)
    pending = [(start.path, start.path.relative_to(start.root).as_posix(), 0)]
    while pending and not search.stopped:
        base, rel_base, depth = pending.pop()
        try:
            entries = sorted(os.scandir(base), key=lambda entry: entry.name)
        except OSError:
            search.skipped["unreadable"] += 1
            continue
        folders = []
        for entry in entries:
            rel = _join(rel_base, entry.name)
            kind = _kind(entry)
            if kind == "folder":
                if entry.name not in _SKIP_DIRS and not _ignored(ignore, rel + "/"):
                    folders.append((Path(entry.path), rel, depth + 1))
            elif kind == "file" and not _ignored(ignore, rel):
                _search_file(search, Path(entry.path), rel)
                if search.stopped:
                    return
        if folders and depth >= MAX_DEPTH:
            search.skipped[f"folders deeper than {MAX_DEPTH} levels"] += len(folders)
            continue
        pending.extend(reversed(folders))


def _kind(entry: os.DirEntry[str]) -> str:
    """``folder``, ``file`` (anything to check like a file) or ``linked-folder`` (a symlink
    to a folder: never entered, not counted, as ``os.walk`` does)."""
    try:
        if entry.is_dir(follow_symlinks=False):
            return "folder"
        return "linked-folder" if entry.is_symlink() and entry.is_dir() else "file"
    except OSError:
        return "file"


def _join(base: str, name: str) -> str:
    return name if base == "." else f"{base}/{name}"


def _gitignore(root: Path) -> pathspec.GitIgnoreSpec | None:
    text = read_planted_text(root / ".gitignore")  # regular and small, or not read at all
    return None if text is None else ignore_spec(text.splitlines(), origin=".gitignore")


def _ignored(spec: pathspec.GitIgnoreSpec | None, rel: str) -> bool:
    return spec is not None and bool(ignore_result(spec, rel))


def _search_file(search: _Search, full: Path, rel: str) -> None:
    if search.glob is not None and not search.glob.fullmatch(escape_name(rel)):
        return
    text = _readable_text(search, full, rel)
    if text is None:
        return
    search.files += 1
    shown = search.sandbox.display(full) if full.is_absolute() else rel
    for number, line in enumerate(text.splitlines(), start=1):
        remaining = search.deadline - time.monotonic()
        try:
            found = remaining > 0 and search.compiled.search(line, timeout=remaining)
        except TimeoutError:
            found = None
            remaining = 0
        if remaining <= 0:
            search.stopped = (f"[stopped: the search ran past {search.sandbox.settings.timeout}"
                              " s; use a simpler pattern, a glob or a path]")
            return
        if found:
            line = search.scrubber.scrub(line)
            cut = line if len(line) <= _MAX_LINE else line[:_MAX_LINE] + " [line cut]"
            search.matches.append(f"{shown}:{number}: {cut}")
            if len(search.matches) >= search.sandbox.settings.max_matches:
                search.stopped = (f"[stopped at {len(search.matches)} matches (setting "
                                  "tools.max_matches); narrow the pattern, glob or path]")
                return


def _readable_text(search: _Search, full: Path, rel: str) -> str | None:
    """The file's text, or ``None`` (counted in ``skipped``) when grep must not read it."""
    sandbox = search.sandbox
    try:
        target = sandbox.resolve(str(full))
        sandbox.check_secret(rel, target)
        info = os.stat(target.path)
    except RefusalError as exc:
        search.skipped[exc.code] += 1
        return None
    except OSError:
        search.skipped["unreadable"] += 1
        return None
    if not stat.S_ISREG(info.st_mode):
        search.skipped["special-file"] += 1
        return None
    if info.st_nlink > 1 and not sandbox.settings.allow_hardlinks:
        search.skipped["hard-link"] += 1
        return None
    try:
        data = _read_regular(target.path, sandbox.settings.max_file_size + 1)
    except OSError:
        search.skipped["unreadable"] += 1
        return None
    if data is None:
        search.skipped["special-file"] += 1
        return None
    if b"\x00" in data[:_BINARY_PROBE]:
        search.skipped["binary-file"] += 1
        return None
    if len(data) > sandbox.settings.max_file_size:
        search.skipped["searched only in part (larger than tools.max_file_size)"] += 1
        data = data[:sandbox.settings.max_file_size]
    return data.decode("utf-8", errors="replace")


def _read_regular(path: Path, size: int) -> bytes | None:
    """Up to ``size`` bytes, or ``None`` if ``path`` is (now) not a regular file."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(size)
    finally:
        os.close(fd)


def _render(search: _Search) -> str:
    budget = search.sandbox.settings.max_output - 400
    out: list[str] = []
    used = 0
    for index, line in enumerate(search.matches):
        if used + len(line) + 1 > budget:
            out.append(f"[truncated: {len(search.matches) - index} more matches not shown "
                       "(output limit); narrow the pattern, glob or path]")
            break
        out.append(line)
        used += len(line) + 1
    summary = f"{len(search.matches)} matching lines in {search.files} files searched"
    if search.skipped:
        summary += "; skipped: " + ", ".join(
            f"{count} {reason}" for reason, count in sorted(search.skipped.items()))
    if not search.matches:
        out.append("no matches")
    return "\n".join([*out, *([search.stopped] if search.stopped else []), summary])
