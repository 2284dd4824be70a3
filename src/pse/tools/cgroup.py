"""Limits for a command's whole process tree: one cgroup per command, where pse can make one.

``RLIMIT_AS`` and ``RLIMIT_NPROC`` hold per process (and root ignores ``RLIMIT_NPROC``):
planted test code that forks 400 children, or three of 1.2 GiB each, passes every
per-process limit. A cgroup counts the whole tree: its memory (past the cap the kernel's
OOM killer stops a member), its tasks (past the cap ``fork`` fails), and after the command
every member is killed, also one that left the command's session. pse makes the group
below its own cgroup, in the unified hierarchy (v2, where that folder is delegated to it:
a systemd user scope, a container) or in the ``pids`` and ``memory`` controllers (v1), and
removes it afterwards. Where neither is writable the per-process limits are all there is,
and :func:`tree_limits_mode` says so.
"""

from __future__ import annotations

import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

_ROOT = Path("/sys/fs/cgroup")
MAX_TASKS = 256
"""Processes and threads one command's tree may hold at once."""
_NAMES = itertools.count()


@dataclass(frozen=True)
class TreeGroup:
    """The cgroup folders one command joins (one for v2; one per controller for v1)."""

    folders: tuple[Path, ...]

    def join(self) -> None:
        """Move the calling process into the group (run in the child before ``exec``)."""
        pid = str(os.getpid()).encode()
        for folder in self.folders:
            fd = os.open(folder / "cgroup.procs", os.O_WRONLY)
            try:
                os.write(fd, pid)
            finally:
                os.close(fd)

    def close(self) -> None:
        """Kill every process still in the group, then remove the group's folders."""
        for folder in self.folders:
            for _ in range(50):  # members may fork while being killed: repeat until empty
                pids = _members(folder)
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        continue
                time.sleep(0.02)
        for folder in self.folders:
            for _ in range(50):  # rmdir fails while the killed tasks are being reaped
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def _members(folder: Path) -> list[int]:
    try:
        text = (folder / "cgroup.procs").read_text(encoding="ascii")
    except OSError:
        return []
    return [int(line) for line in text.split()]


def make_group(*, max_memory_mb: int, max_tasks: int = MAX_TASKS) -> TreeGroup | None:
    """A fresh cgroup capping memory and tasks, or ``None`` where none can be made."""
    own = _own_cgroups()
    if "" in own and (_ROOT / "cgroup.controllers").exists():
        group = _make_v2(_ROOT / own[""].lstrip("/"), max_memory_mb, max_tasks)
        if group is not None:
            return group
    if "pids" in own and "memory" in own:
        return _make_v1(own, max_memory_mb, max_tasks)
    return None


def tree_limits_mode() -> str:
    """One line: whether commands get whole-tree limits here (for ``pse config show``)."""
    group = make_group(max_memory_mb=64)
    if group is None:
        return "per-process limits only (no writable cgroup)"
    group.close()
    return "cgroup (memory and process count capped for the whole command tree)"


def _own_cgroups() -> dict[str, str]:
    """Controller (``""`` for the unified hierarchy) → this process's cgroup path."""
    try:
        text = Path("/proc/self/cgroup").read_text(encoding="utf-8")
    except OSError:
        return {}
    found: dict[str, str] = {}
    for line in text.splitlines():
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(","):
            found[name] = path
    return found


def _fresh(base: Path) -> Path | None:
    folder = base / f"pse-{os.getpid()}-{next(_NAMES)}"
    try:
        folder.mkdir()
    except OSError:
        return None
    return folder


def _write(folder: Path, name: str, value: str) -> bool:
    try:
        (folder / name).write_text(value, encoding="ascii")
    except OSError:
        return False
    return True


def _make_v2(base: Path, max_memory_mb: int, max_tasks: int) -> TreeGroup | None:
    folder = _fresh(base)
    if folder is None:
        return None
    ok = (_write(folder, "memory.max", str(max_memory_mb << 20))
          and _write(folder, "pids.max", str(max_tasks)))
    _write(folder, "memory.swap.max", "0")  # where swap accounting exists
    if not ok:  # the controllers are not delegated to this folder
        TreeGroup((folder,)).close()
        return None
    return TreeGroup((folder,))


def _make_v1(own: dict[str, str], max_memory_mb: int, max_tasks: int) -> TreeGroup | None:
    pids = _fresh(_ROOT / "pids" / own["pids"].lstrip("/"))
    memory = _fresh(_ROOT / "memory" / own["memory"].lstrip("/"))
    made = tuple(folder for folder in (pids, memory) if folder is not None)
    ok = (pids is not None and memory is not None
          and _write(pids, "pids.max", str(max_tasks))
          and _write(memory, "memory.limit_in_bytes", str(max_memory_mb << 20)))
    if not ok:
        TreeGroup(made).close()
        return None
    assert memory is not None  # ok implies it
    _write(memory, "memory.memsw.limit_in_bytes", str(max_memory_mb << 20))  # no swap way out
    return TreeGroup(made)
