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
import posixpath
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
    MAX_FILE_BYTES,
    Matcher,
    compile_linear,
    escape_name,
    ignore_result,
    ignore_spec,
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
    for start in ([path] if path is not None else [str(root) for root in sandbox.roots]):
        target, fd = _open_start(sandbox, start)
        if fd is None:  # one file: refused the way read_file would refuse it
            _search_file(search, str(target.path), target.rel)
        else:
            _walk(search, target, fd)
        if search.stopped:
            break
    return _render(search)


def _open_start(sandbox: Sandbox, path: str) -> tuple[Target, int | None]:
    """The folder to walk (with its descriptor), or a file checked like read_file."""
    target, opened = sandbox.open_path(path)
    if opened is None:
        raise ToolCallFailed("not-found", f"{path!r} does not exist; list_dir shows what does")
    if stat.S_ISDIR(opened.info.st_mode):
        return target, opened.fd
    os.close(opened.fd)
    _, fd, _ = sandbox.open_file(path)
    os.close(fd)
    return target, None


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


def _walk(search: _Search, start: Target, fd: int) -> None:
    """Walk ``start`` by descriptors (``os.fwalk``: a folder swapped for a link is not
    entered), sorted, at most ``MAX_DEPTH`` folders down (``fwalk`` recurses once per
    level, so the cap also keeps a planted deep tree below the recursion limit); each file
    is then opened beneath the roots like read_file opens it."""
    ignore = _gitignore(search.sandbox, start.root)
    try:
        for folder, dirs, files, _ in os.fwalk(".", dir_fd=fd):
            rel_base = posixpath.normpath(posixpath.join(start.rel, folder))
            depth = 0 if folder == "." else folder.count("/")
            kept = sorted(d for d in dirs if d not in _SKIP_DIRS
                          and not _ignored(ignore, _join(rel_base, d) + "/"))
            if kept and depth >= MAX_DEPTH:
                search.skipped[f"folders deeper than {MAX_DEPTH} levels"] += len(kept)
                kept = []
            dirs[:] = kept
            for name in sorted(files):
                rel = _join(rel_base, name)
                if not _ignored(ignore, rel):
                    _search_file(search, str(start.root / rel), rel)
                if search.stopped:
                    return
    finally:
        os.close(fd)


def _join(base: str, name: str) -> str:
    return name if base == "." else f"{base}/{name}"


def _gitignore(sandbox: Sandbox, root: Path) -> pathspec.GitIgnoreSpec | None:
    """The root's ``.gitignore``, opened beneath the roots (a regular file, checked by its
    descriptor), read up to the planted-file cap and compiled for linear matching."""
    try:
        _, fd, _ = sandbox.open_file(str(root / ".gitignore"))
    except (RefusalError, ToolCallFailed):
        return None
    with os.fdopen(fd, "rb") as handle:
        limit = min(sandbox.settings.max_file_size, MAX_FILE_BYTES)
        text = handle.read(limit).decode("utf-8", errors="replace")
    return ignore_spec(text.splitlines(), origin=".gitignore")


def _ignored(spec: pathspec.GitIgnoreSpec | None, rel: str) -> bool:
    return spec is not None and bool(ignore_result(spec, rel))


def _search_file(search: _Search, full: str, rel: str) -> None:
    if search.glob is not None and not search.glob.fullmatch(escape_name(rel)):
        return
    text = _readable_text(search, full)
    if text is None:
        return
    search.files += 1
    shown = search.sandbox.display(Path(full))
    # Secrets are redacted before the pattern sees the text: a pattern that matches a
    # piece of a secret would otherwise say, by matching or not, what the secret holds.
    text = search.scrubber.scrub(text)
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
            cut = line if len(line) <= _MAX_LINE else line[:_MAX_LINE] + " [line cut]"
            search.matches.append(f"{shown}:{number}: {cut}")
            if len(search.matches) >= search.sandbox.settings.max_matches:
                search.stopped = (f"[stopped at {len(search.matches)} matches (setting "
                                  "tools.max_matches); narrow the pattern, glob or path]")
                return


def _readable_text(search: _Search, full: str) -> str | None:
    """The file's text, or ``None`` (counted in ``skipped``) when grep must not read it.

    The file is opened once, beneath the roots, with every check read_file makes.
    """
    sandbox = search.sandbox
    try:
        _, fd, _ = sandbox.open_file(full)
    except (RefusalError, ToolCallFailed) as exc:
        search.skipped[exc.code] += 1
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(sandbox.settings.max_file_size + 1)
    except OSError:
        search.skipped["unreadable"] += 1
        return None
    if b"\x00" in data[:_BINARY_PROBE]:
        search.skipped["binary-file"] += 1
        return None
    if len(data) > sandbox.settings.max_file_size:
        search.skipped["searched only in part (larger than tools.max_file_size)"] += 1
        data = data[:sandbox.settings.max_file_size]
    return data.decode("utf-8", errors="replace")


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
