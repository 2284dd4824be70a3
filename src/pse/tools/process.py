"""Running one allowed program: argv only, limits on, secrets out, network off.

The child gets ``stdin`` from ``/dev/null``, a fresh empty ``HOME`` (so no dot-file of the
user or of the project configures it), an environment built from scratch (``PATH``,
locale, a few ``GIT_*`` switches; never an API key), its own session (so a timeout kills
the whole group), and resource limits set between fork and exec: CPU seconds, address
space, ``RLIMIT_FSIZE = 0`` (a read-only program has no business writing files, so a
write fails instead of happening), no core dumps, and a process cap for unprivileged
users (root ignores ``RLIMIT_NPROC``); where a cgroup can be made, memory and task caps
also hold for the whole tree (:mod:`pse.tools.cgroup`). Network isolation uses
``unshare -n`` (as root) or ``unshare -rn`` (an unprivileged user namespace); whether it
works is probed once per sandbox, and where it does not (no util-linux, user namespaces
disabled, macOS) commands run with the network of the host and the result says so.
"""

from __future__ import annotations

import os
import resource
import selectors
import shutil
import signal
import site
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pse.tools.cgroup import TreeGroup, make_group

_CHUNK = 65536
_NPROC_HEADROOM = 256


@dataclass(frozen=True)
class Completed:
    """What a finished (or killed) command produced."""

    exit_code: int
    output: bytes
    """stdout and stderr interleaved, at most the cap given to :func:`run_process`."""
    dropped: int
    """Bytes printed beyond the cap, not kept."""
    timed_out: bool


@dataclass(frozen=True)
class Limits:
    """Resource limits of one command."""

    timeout: float
    max_memory_mb: int
    """Per process (``RLIMIT_AS``) and, in a cgroup, for the whole tree."""
    nproc: int | None = None
    whole_tree: bool = True
    """Run the command in its own cgroup (memory and task caps for the whole tree) where
    one can be made; see :mod:`pse.tools.cgroup`."""


def probe_unshare() -> tuple[str, ...]:
    """The argv prefix that puts a command in a new network namespace, or ``()``."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return ()
    prefix = (unshare, "-n", "--") if os.geteuid() == 0 else (unshare, "-r", "-n", "--")
    try:
        done = subprocess.run([*prefix, "true"], capture_output=True, timeout=10, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return ()
    return prefix if done.returncode == 0 else ()


def nproc_limit() -> int | None:
    """A process cap for this user: the tasks it runs now plus headroom; root: ``None``."""
    uid = os.geteuid()
    if uid == 0:
        return None
    count = 0
    try:
        pids = [entry for entry in os.listdir("/proc") if entry.isdigit()]
    except OSError:
        return None
    for pid in pids:
        try:
            if os.stat(f"/proc/{pid}").st_uid == uid:
                count += len(os.listdir(f"/proc/{pid}/task"))
        except OSError:
            continue
    return count + _NPROC_HEADROOM


def child_environment(*, home: Path, ceiling: Path, environ: Mapping[str, str],
                      roots: tuple[Path, ...]) -> dict[str, str]:
    """The whole environment of a command: built up, never copied from ``environ``."""
    env = {
        "PATH": safe_path(environ.get("PATH", ""), roots=roots),
        "HOME": str(home), "TMPDIR": str(home), "XDG_CONFIG_HOME": str(home),
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1",
        "PAGER": "cat", "GIT_PAGER": "cat", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_ATTR_NOSYSTEM": "1", "GIT_OPTIONAL_LOCKS": "0",
        "GIT_TERMINAL_PROMPT": "0", "GIT_CEILING_DIRECTORIES": str(ceiling),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    user_base = site.getuserbase()  # keep ``pip install --user`` packages (pytest) visible
    if user_base:
        env["PYTHONUSERBASE"] = user_base
    return env


def safe_path(path: str, *, roots: tuple[Path, ...]) -> str:
    """``PATH`` without relative entries or folders inside the project (no planted ``git``)."""
    kept: list[str] = []
    for entry in path.split(os.pathsep):
        if not entry or not os.path.isabs(entry):
            continue
        real = Path(os.path.realpath(entry))
        if any(real.is_relative_to(root) for root in roots):
            continue
        kept.append(entry)
    return os.pathsep.join(dict.fromkeys(kept)) or os.defpath


def _limiter(limits: Limits, group: TreeGroup | None) -> Callable[[], None]:
    cpu = int(limits.timeout) + 1
    memory = limits.max_memory_mb * 1024 * 1024
    wanted = [(resource.RLIMIT_CPU, (cpu, cpu + 1)), (resource.RLIMIT_AS, (memory, memory)),
              (resource.RLIMIT_FSIZE, (0, 0)), (resource.RLIMIT_CORE, (0, 0))]
    if limits.nproc is not None:
        wanted.append((resource.RLIMIT_NPROC, (limits.nproc, limits.nproc)))

    def apply() -> None:  # runs in the child between fork and exec
        for which, value in wanted:
            try:
                resource.setrlimit(which, value)
            except (ValueError, OSError):  # e.g. RLIMIT_AS on macOS; the others still hold
                continue
        if group is not None:
            try:
                group.join()  # before exec: every descendant is born inside the group
            except OSError:
                pass  # the per-process limits above still hold

    return apply


def run_process(argv: list[str], *, cwd: Path, env: dict[str, str], limits: Limits,
                cap: int) -> Completed:
    """Run ``argv`` (never through a shell) and collect at most ``cap`` bytes of output."""
    group = make_group(max_memory_mb=limits.max_memory_mb) if limits.whole_tree else None
    try:
        return _run(argv, cwd=cwd, env=env, limits=limits, cap=cap, group=group)
    finally:
        if group is not None:
            group.close()  # kills what is left, also what left the session


def _run(argv: list[str], *, cwd: Path, env: dict[str, str], limits: Limits, cap: int,
         group: TreeGroup | None) -> Completed:
    proc = subprocess.Popen(  # noqa: S603 - argv list from the allowlist, shell=False
        argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, start_new_session=True, close_fds=True,
        preexec_fn=_limiter(limits, group))  # noqa: PLW1509 - rlimits must be set in the child
    assert proc.stdout is not None
    deadline = time.monotonic() + limits.timeout
    kept = bytearray()
    dropped = 0
    timed_out = False
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            if not selector.select(timeout=min(remaining, 1.0)):
                continue
            chunk = os.read(proc.stdout.fileno(), _CHUNK)
            if not chunk:
                break
            room = cap - len(kept)
            kept += chunk[:max(room, 0)]
            dropped += max(len(chunk) - max(room, 0), 0)
    if not timed_out:  # output closed: give the program the rest of its time to exit
        try:
            proc.wait(timeout=max(deadline - time.monotonic(), 0.01))
        except subprocess.TimeoutExpired:
            timed_out = True
    _kill_group(proc.pid)  # whatever it left running, or all of it after a timeout
    proc.stdout.close()
    code = proc.wait()
    return Completed(code, bytes(kept), dropped, timed_out)


def _kill_group(pid: int) -> None:
    """Kill what is left of the command's session (it may have started children)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return


def make_home() -> tempfile.TemporaryDirectory[str]:
    """A fresh, empty ``HOME`` for one command, removed afterwards."""
    return tempfile.TemporaryDirectory(prefix="pse-tool-home-")
