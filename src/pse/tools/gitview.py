"""A git directory made for one command: pse's own config over the repository's data.

Neutralising a repository's config key by key cannot be complete: git reads config from
``.git/config``, what it includes, ``config.worktree``, and from every submodule's own git
directory when ``status`` or ``diff`` look inside one, and new keys that run programs
keep appearing. So git never sees the repository's config at all. Each command gets a
fresh folder (``GIT_DIR``) holding:

- a ``config`` pse writes: the repository format (read from the real config, a few plain
  values only), no hooks, no fsmonitor, submodules never entered;
- copies of the small files git reads there (``HEAD``, ``index``, ``packed-refs``,
  ``shallow``, ``info/exclude``...), each opened without following a link and refused
  when it is not a regular file or has another name (a hard link: ``st_nlink``);
- links to the real ``refs``, ``logs`` and ``objects`` folders, after a walk of them
  that refuses any symlink, any special file, another device, and hard links outside
  loose objects and packs; an ``objects/info/alternates`` that names other object
  stores is refused.

What is not copied does not exist for git: hooks, ``modules/`` (submodule config),
``worktrees/``, ``rebase-merge/``, ``sequencer/``, ``MERGE_MSG``, ``FETCH_HEAD``...
Loose objects and packs may be hard links (``git clone`` of a local repository makes
them): git only reads them as compressed objects named by their hash.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from pse.tools.outcome import RefusalError

_COPIED = ("HEAD", "ORIG_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "index",
           "packed-refs", "shallow", "info/exclude", "info/attributes")
"""Files copied into the view when they exist (per-worktree ones from the worktree's
own git directory, the rest from the shared one)."""
_PER_WORKTREE = frozenset({"HEAD", "ORIG_HEAD", "MERGE_HEAD", "CHERRY_PICK_HEAD",
                           "REVERT_HEAD", "index"})
_LINKED = ("refs", "logs")
_MAX_COPY = 256 << 20
_MAX_ENTRIES = 500_000
_LOOSE = re.compile(r"[0-9a-f]{2}\Z")
_CONFIG = """[core]
\trepositoryformatversion = {version}
\tbare = false
\tfilemode = {filemode}
\tsymlinks = {symlinks}
\tignorecase = {ignorecase}
\tfsmonitor = false
\thooksPath = {devnull}
\tuntrackedCache = false
\tsplitIndex = false
{extensions}[diff]
\tignoreSubmodules = all
\texternal =
[status]
\tsubmoduleSummary = false
[submodule]
\trecurse = false
[index]
\tsparse = false
"""
_FORMAT_KEYS = {"core.repositoryformatversion": "0", "core.filemode": "true",
                "core.symlinks": "true", "core.ignorecase": "false",
                "extensions.objectformat": ""}
_PLAIN = re.compile(r"(?:[01]|true|false|yes|no|on|off|sha1|sha256)\Z", re.IGNORECASE)


@dataclass(frozen=True)
class View:
    """A prepared git directory and a fingerprint of what it shows."""

    path: Path
    fingerprint: str
    """Changes whenever a ref, a reflog, ``HEAD``, ``packed-refs`` or the index changes:
    what is reachable, and under which paths, can only change with one of them."""


def build_view(gitdir: Path, common: Path, folder: Path) -> View:
    """Fill ``folder`` (empty, pse's own) with the view of a repository.

    Raises:
        RefusalError: ``not-allowed`` when a file git needs is a link, a hard link, not
            a regular file or too large, or the repository holds too many entries.
    """
    view = folder / "gitdir"
    (view / "info").mkdir(parents=True)
    digest = hashlib.sha256()
    for name in _COPIED:
        source = gitdir if name in _PER_WORKTREE else common
        digest.update(f"{name}\0{_copy(source, name, view / name)}\0".encode())
    for name in _LINKED:
        if os.path.lexists(common / name):
            for entry in check_tree(common, name, hard_links=False):
                digest.update(repr(entry).encode())
            (view / name).symlink_to(common / name)
    _objects_view(common, view / "objects")
    config = read_plain(common, "config", required=False) or b""
    (view / "config").write_text(_config_text(config), encoding="utf-8")
    return View(view, digest.hexdigest())


def _copy(folder: Path, rel: str, dest: Path) -> str:
    """Copy a checked file with its times (git tells racily-clean index entries by the
    index's mtime, so a copy with a new one would hide changes made the same second);
    return its fingerprint."""
    opened = _open_plain(folder, rel, required=rel == "HEAD")
    if opened is None:
        return "-"
    data, info = opened
    dest.write_bytes(data)
    os.utime(dest, ns=(info.st_atime_ns, info.st_mtime_ns))
    return f"{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{hashlib.sha256(data).hexdigest()}"


def read_plain(folder: Path, rel: str, *, required: bool) -> bytes | None:
    """The bytes of ``folder/rel`` opened without following links, checked by ``fstat``.

    Raises:
        RefusalError: a link on the way, a special file, a hard link, too large.
    """
    opened = _open_plain(folder, rel, required=required)
    return None if opened is None else opened[0]


def _open_plain(folder: Path, rel: str, *, required: bool
                ) -> tuple[bytes, os.stat_result] | None:
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    current = os.open(folder, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        *dirs, name = rel.split("/")
        for part in dirs:
            step = os.open(part, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                           dir_fd=current)
            os.close(current)
            current = step
        fd = os.open(name, flags, dir_fd=current)
    except FileNotFoundError:
        if required:
            raise _refused(folder, rel, "is missing") from None
        return None
    except OSError as exc:  # ELOOP, ENOTDIR: a link where git expects a file
        raise _refused(folder, rel, f"cannot be opened without following a link "
                       f"({exc.strerror})") from exc
    finally:
        os.close(current)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        _check_entry(folder, rel, info, hard_links=False)
        if info.st_size > _MAX_COPY:
            raise _refused(folder, rel, f"is larger than {_MAX_COPY >> 20} MiB")
        return handle.read(_MAX_COPY + 1), info


def check_tree(folder: Path, rel: str, *, hard_links: bool) -> list[tuple[str, int, int]]:
    """Walk ``folder/rel`` without following links; refuse links and special files.

    Returns (path, size, mtime) of every entry, a fingerprint of the tree.

    Raises:
        RefusalError: a symlink, a special file, another device, a hard link (unless
            ``hard_links``), or more than ``_MAX_ENTRIES`` entries.
    """
    top = os.path.join(folder, rel)
    info = os.lstat(top)
    _check_entry(folder, rel, info, hard_links=True)
    seen: list[tuple[str, int, int]] = []
    # every entry's path starts with the folder's (scandir joins onto what it was given):
    # cutting the prefix gives relpath's answer at a fraction of its cost per entry
    prefix = os.path.join(folder, "")
    pending = [top]
    while pending:  # iterative: no recursion limit, however deep the tree
        with os.scandir(pending.pop()) as listing:
            for entry in listing:
                if len(seen) >= _MAX_ENTRIES:
                    raise _refused(folder, rel, f"holds more than {_MAX_ENTRIES} entries")
                entry_info = entry.stat(follow_symlinks=False)
                where = entry.path[len(prefix):] if entry.path.startswith(prefix) \
                    else os.path.relpath(entry.path, folder)
                if entry_info.st_dev != info.st_dev:
                    raise _refused(folder, where, "is on another device")
                _check_entry(folder, where, entry_info,
                             hard_links=hard_links and _is_object(where))
                seen.append((where, entry_info.st_size, entry_info.st_mtime_ns))
                if stat.S_ISDIR(entry_info.st_mode):
                    pending.append(entry.path)
    return sorted(seen)


def _is_object(rel: str) -> bool:
    """A loose object or a pack file: content named by its hash, read only as such."""
    parts = rel.split("/")
    return len(parts) == 3 and parts[0] == "objects" and (
        bool(_LOOSE.match(parts[1])) or parts[1] == "pack")


def _check_entry(folder: Path, rel: str, info: os.stat_result, *, hard_links: bool) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise _refused(folder, rel, "is a symlink")
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        raise _refused(folder, rel, "is not a regular file")
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1 and not hard_links:
        raise _refused(folder, rel, f"has {info.st_nlink} hard links (another name may be "
                       "outside the project)")


def _objects_view(common: Path, objects: Path) -> None:
    """``objects``: a link to the checked real object store, which may not name others."""
    check_tree(common, "objects", hard_links=True)
    for name in ("alternates", "http-alternates"):
        data = read_plain(common, f"objects/info/{name}", required=False)
        if data and data.strip():
            raise _refused(common, f"objects/info/{name}", "names other object stores; "
                           "git tools read only the project's own objects (run `git repack "
                           "-a -d` and remove the file to make the repository standalone)")
    objects.symlink_to(common / "objects")


def _config_text(real: bytes) -> str:
    values = dict(_FORMAT_KEYS)
    values.update(_plain_values(real.decode("utf-8", errors="replace")))
    fmt = values["extensions.objectformat"].lower()
    extensions = f"[extensions]\n\tobjectformat = {fmt}\n" if fmt == "sha256" else ""
    version = "1" if extensions else values["core.repositoryformatversion"]
    return _CONFIG.format(version=version if version in {"0", "1"} else "0",
                          filemode=values["core.filemode"], symlinks=values["core.symlinks"],
                          ignorecase=values["core.ignorecase"], devnull=os.devnull,
                          extensions=extensions)


def _plain_values(text: str) -> dict[str, str]:
    """The few format keys of a config file, when their values are plain words.

    Only ``[core]`` and ``[extensions]`` without subsections are read; anything odd keeps
    the default, so a config written to confuse this reader changes nothing that runs.
    """
    found: dict[str, str] = {}
    section = ""
    for raw in text.splitlines()[:10_000]:
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        header = re.fullmatch(r"\[\s*([A-Za-z0-9.-]+)\s*\]", line)
        if header:
            section = header.group(1).lower()
            continue
        if line.startswith("["):
            section = ""
            continue
        key, eq, value = line.partition("=")
        name = f"{section}.{key.strip().lower()}"
        if eq and name in _FORMAT_KEYS and _PLAIN.match(value.strip()):
            found[name] = value.strip().lower()
    return found


def _refused(folder: Path, rel: str, why: str) -> RefusalError:
    return RefusalError("not-allowed", f"git tools refuse this repository: {rel!r} in "
                        f"{str(folder)!r} {why}; a hostile repository could make git read "
                        "files outside the project through it")
