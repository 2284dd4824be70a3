"""The harness the CLI attack lists share (``cli_attacks.py``, ``cli_heldout.py``).

A capture server that records every request it gets (an attack succeeded when one
arrives), ``pse`` run in a subprocess with a clean pse/OpenAI environment, a small victim
repository, and the loop that runs each case in its own temporary folder.
"""

from __future__ import annotations

import http.server
import os
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path


class _Capture(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        seen: list[tuple[str, str]] = self.server.seen  # type: ignore[attr-defined]  # set in serve
        seen.append((self.path, self.headers.get("Authorization", "")))
        self.send_response(500)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST  # noqa: N815

    def log_message(self, *args: object) -> None:
        pass


def serve() -> tuple[http.server.ThreadingHTTPServer, list[tuple[str, str]], str]:
    """A capture server on 127.0.0.1: (server, the (path, Authorization) of each request
    it got, its OpenAI-style base URL)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Capture)
    seen: list[tuple[str, str]] = []
    server.seen = seen  # type: ignore[attr-defined]  # read by the handler
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, seen, f"http://127.0.0.1:{server.server_port}/v1"


def pse(*args: str, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m pse ARGS`` with a clean pse/OpenAI environment plus ``env``."""
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("PSE_", "OPENAI_", "EMBEDDING_"))}
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "pse", *args], cwd=cwd, env=full,
                          capture_output=True, text=True, timeout=timeout, check=False)


def make_repo(base: Path, pse_table: str = "", *,
              readme: str = "Call `helper()` from `pkg`.", git: bool = True) -> Path:
    """A small Python project with a README that names its code, and ``pse_table``
    appended to its pyproject.toml."""
    repo = base / "victim"
    (repo / "pkg").mkdir(parents=True)
    if git:
        (repo / ".git").mkdir()
    (repo / "pkg" / "__init__.py").write_text("def helper():\n    return 1\n")
    (repo / "README.md").write_text(f"# victim\n\n{readme}\n")
    (repo / "pyproject.toml").write_text('[project]\nname = "victim"\n\n' + pse_table)
    return repo


def make_device(base: Path, kind: str) -> Path | None:
    """A character device node in ``base`` with the numbers of ``kind`` (``/dev/null``...).

    Never the real ``/dev/null``: a pse that got this wrong, run as root, would replace the
    machine's device with a regular file (it did, once). ``None`` where ``mknod`` is not
    permitted (not root, or no CAP_MKNOD).
    """
    path = base / Path(kind).name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.stat(kind).st_rdev)
    except OSError:  # PermissionError too
        return None
    return path


def run_cases(cases: Mapping[str, Callable[[Path], str]], *, own_xdg: bool = False) -> int:
    """Run every case in its own temporary folder; one line each, then the total. The
    exit code: 1 when any case broke. ``own_xdg``: point the XDG cache and config
    folders into the case's folder (not the user's own)."""
    broken = 0
    for name, attack in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            if own_xdg:
                for var in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
                    os.environ[var] = str(Path(tmp) / var.lower())
            why = attack(Path(tmp))
        broken += bool(why)
        print(f"{'BROKEN' if why else 'held  '}  {name}  {why}")
    print(f"{len(cases) - broken}/{len(cases)} held")
    return 1 if broken else 0
