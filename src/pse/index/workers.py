"""Parser worker processes that die with the process that started them.

A cold index of a big tree parses files in a ``ProcessPoolExecutor``. If the parent is
killed (SIGKILL, the OOM killer), nothing closes the pool, and its workers would wait on
the task queue forever. Each worker therefore asks the kernel for SIGKILL when its parent
dies (``prctl(PR_SET_PDEATHSIG)`` on Linux) and, everywhere, watches its parent id from a
daemon thread, which also covers a parent that died before the worker got this far.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
_POLL_SECONDS = 1.0


def init_worker(parent: int) -> None:
    """``ProcessPoolExecutor`` initializer: die with ``parent``; no cyclic GC (see builder)."""
    gc.disable()
    if sys.platform == "linux":
        _set_death_signal()
    if os.getppid() != parent:  # the parent is already gone
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="pse-parent-watch",
                     daemon=True).start()


def _set_death_signal() -> None:
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watcher thread still ends the worker


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_POLL_SECONDS)
    os._exit(1)
