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
- links to the real ``refs``, ``logs`` and object folders, after a walk of them that
  refuses any symlink, any special file, another device, and hard links outside the
  object store. ``objects/info`` (``alternates``: other object stores) is masked with an
  empty folder.

What is not copied does not exist for git: hooks, ``modules/`` (submodule config),
``worktrees/``, ``rebase-merge/``, ``sequencer/``, ``MERGE_MSG``, ``FETCH_HEAD``...
Loose objects and packs may be hard links (``git clone`` of a local repository makes
them): git only reads them as compressed objects named by their hash.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
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


def build_view(gitdir: Path, common: Path, folder: Path) -> Path:
    """Fill ``folder`` (empty, pse's own) with the view of a repository; return it.

    Raises:
        RefusalError: ``not-allowed`` when a file git needs is a link, a hard link, not
            a regular file or too large, or the repository holds too many entries.
    """
    view = folder / "gitdir"
    (view / "info").mkdir(parents=True)
    for name in _COPIED:
        source = gitdir if name in _PER_WORKTREE else common
        _copy(source, name, view / name)
    for name in _LINKED:
        if os.path.lexists(common / name):
            check_tree(common, name, hard_links=False)
            (view / name).symlink_to(common / name)
    _objects_view(common, view / "objects")
    config = read_plain(common, "config", required=False) or b""
    (view / "config").write_text(_config_text(config), encoding="utf-8")
    return view


def _copy(folder: Path, rel: str, dest: Path) -> None:
    """Copy a checked file with its times: git tells racily-clean index entries by the
    index's mtime, so a copy with a new one would hide changes made the same second."""
    opened = _open_plain(folder, rel, required=rel == "HEAD")
    if opened is None:
        return
    data, info = opened
    dest.write_bytes(data)
    os.utime(dest, ns=(info.st_atime_ns, info.st_mtime_ns))


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


def check_tree(folder: Path, rel: str, *, hard_links: bool) -> None:
    """Walk ``folder/rel`` without following links; refuse links and special files.

    Raises:
        RefusalError: a symlink, a special file, another device, a hard link (unless
            ``hard_links``), or more than ``_MAX_ENTRIES`` entries.
    """
    top = folder / rel
    info = os.lstat(top)
    _check_entry(folder, rel, info, hard_links=True)
    count = 0
    for path, entry_info in _entries(top):
        count += 1
        if count > _MAX_ENTRIES:
            raise _refused(folder, rel, f"holds more than {_MAX_ENTRIES} entries")
        if entry_info.st_dev != info.st_dev:
            raise _refused(folder, str(path.relative_to(folder)), "is on another device")
        _check_entry(folder, str(path.relative_to(folder)), entry_info, hard_links=hard_links)


def _entries(top: Path) -> Iterator[tuple[Path, os.stat_result]]:
    """Every entry below ``top`` with its ``lstat``, iteratively (no recursion limit)."""
    pending = [top]
    while pending:
        here = pending.pop()
        with os.scandir(here) as listing:
            for entry in listing:
                info = entry.stat(follow_symlinks=False)
                yield Path(entry.path), info
                if stat.S_ISDIR(info.st_mode):
                    pending.append(Path(entry.path))


def _check_entry(folder: Path, rel: str, info: os.stat_result, *, hard_links: bool) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise _refused(folder, rel, "is a symlink")
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        raise _refused(folder, rel, "is not a regular file")
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1 and not hard_links:
        raise _refused(folder, rel, f"has {info.st_nlink} hard links (another name may be "
                       "outside the project)")


def _objects_view(common: Path, objects: Path) -> None:
    """``objects/``: links to the real loose-object folders and ``pack``; ``info``
    (alternates, commit graphs) left empty."""
    real = common / "objects"
    try:
        _check_entry(common, "objects", os.lstat(real), hard_links=False)
    except FileNotFoundError:
        raise _refused(common, "objects", "is missing") from None
    (objects / "info").mkdir(parents=True)
    with os.scandir(real) as listing:
        names = sorted(entry.name for entry in listing)
    for name in names:
        if name == "info":
            continue
        if not (_LOOSE.match(name) or name == "pack"):
            continue
        check_tree(common, f"objects/{name}", hard_links=True)
        (objects / name).symlink_to(real / name)
    if not (objects / "pack").exists():
        (objects / "pack").mkdir()


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
