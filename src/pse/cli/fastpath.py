"""A repeated ``pse verify`` answered before the CLI is even imported.

A warm run over an unchanged tree prints what the run before it printed. Its cost is
then the process itself: the CLI library, settings, the tree walk with its ignore rules
and the cache come to several times the work. So a plain run that printed an answer
depending only on its inputs (:func:`pse.cli.verify.command` decides) leaves a
*recording*: the invocation (arguments, working folder, the environment but the
shell's bookkeeping, the interpreter), what it wrote to stdout and stderr in order,
its exit code, and the stat data of every file and folder the answer depends on: the
source tree's files and the folders walked (a new or deleted file changes its folder),
every ``.gitignore`` place, the documents and the folders they were found in, the
settings files looked at (found or not), the project metadata above the source, pse's
own modules and the installed packages. The next identical invocation
stats those (no reading, no ignore matching) and, when every stat matches, writes the
recording out; any difference, a missing or malformed file, and it runs normally.

This module imports only the standard library's lightest modules: it runs first.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from types import TracebackType
from typing import TextIO

import pse

_FORMAT = "pse-fastpath/1"
_RECORDING: ContextVar[Recording | None] = ContextVar("pse_fastpath_recording", default=None)
"""The recording of the run in progress (set only inside :class:`Recording`)."""
Kind = str
"""How a path is checked: ``f`` (a file's size and mtime, or its absence), ``d`` (a
folder's mtime: entries added, removed or renamed) or ``e`` (existence only)."""


def cache_folder(environ: Mapping[str, str]) -> str:
    """The cache folder the environment alone selects (recordings are kept only when the
    run's settings select the same one)."""
    configured = environ.get("PSE_CACHE_DIR", "")
    if configured:
        return os.path.abspath(os.path.expanduser(configured))
    base = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.abspath(os.path.join(base, "pse"))


_SHELL_BOOKKEEPING = frozenset({"_", "OLDPWD", "SHLVL"})
"""Variables a shell sets for itself (the last command run, the previous folder, the
nesting depth), which nothing in pse reads: left out of the key."""


def invocation_key(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """Everything about the invocation an answer may depend on besides files: the
    arguments, the working folder, the environment, the interpreter and terminals."""
    variables = sorted(item for item in environ.items() if item[0] not in _SHELL_BOOKKEEPING)
    parts = [_FORMAT, pse.__version__, sys.version, sys.executable, os.getcwd(),
             list(argv), variables, _is_tty(sys.stdout), _is_tty(sys.stderr)]
    return hashlib.sha256(json.dumps(parts).encode("utf-8", "surrogatepass")).hexdigest()


def recording_file(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """Where the recording of this invocation is kept."""
    return _recording_path(invocation_key(argv, environ), environ)


def _recording_path(key: str, environ: Mapping[str, str]) -> str:
    return os.path.join(cache_folder(environ), "verify", f"fast-{key[:32]}.json")


def replay(argv: Sequence[str], environ: Mapping[str, str]) -> int | None:
    """Write the recorded answer of this invocation and return its exit code; None when
    there is none or anything it depends on changed (then run normally)."""
    if not argv or argv[0] != "verify":
        return None
    key = invocation_key(argv, environ)
    path = _recording_path(key, environ)
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
        chunks = _fresh(data, key)
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None
    if chunks is None:
        return None
    for stream, text in chunks:
        (sys.stdout if stream == 1 else sys.stderr).write(text)
    sys.stdout.flush()
    sys.stderr.flush()
    code: int = data["exit"]
    return code


def _fresh(data: object, key: str) -> list[tuple[int, str]] | None:
    """The recorded output when ``data`` is this invocation's and nothing changed (all
    of it checked before anything is written: a half-written answer cannot be taken
    back)."""
    if not isinstance(data, dict) or data.get("format") != _FORMAT or \
            data.get("key") != key or type(data.get("exit")) is not int:
        return None
    checks = data["checks"]
    if not isinstance(checks, list) or data["code"] != code_fingerprint() or \
            data["environment"] != environment_fingerprint() or \
            data["digest"] != stat_digest(checks):
        return None
    chunks = data["chunks"]
    if not isinstance(chunks, list) or not all(
            isinstance(c, list) and len(c) == 2 and c[0] in (1, 2) and isinstance(c[1], str)
            for c in chunks):
        return None
    return [(c[0], c[1]) for c in chunks]


def observed(info: os.stat_result | None, kind: Kind) -> str:
    """What a check compares of a path's stat data (``-``: missing)."""
    if info is None:
        return "-"
    return "1" if kind == "e" else f"{info.st_mtime_ns}" if kind == "d" else \
        f"{info.st_size}:{info.st_mtime_ns}"


def stat_digest(checks: Iterable[object]) -> str:
    """A digest of the stat data of ``checks`` (``[path, kind]`` pairs) as they are now."""
    parts: list[str] = []
    for check in checks:
        if not isinstance(check, list) or len(check) != 2:
            raise ValueError("not a check")
        path, kind = check
        try:
            info: os.stat_result | None = os.stat(path)
        except (OSError, TypeError, ValueError):
            info = None
        parts.append(observed(info, kind))
    return _digest(parts)


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


_PINNED: dict[str, str] = {}
"""Fingerprints fixed for the life of a process (:func:`pin_fingerprints`)."""


def pin_fingerprints() -> None:
    """Fix both fingerprints at their current values for this process and its forks.

    Only for the warm checker: its socket's name already holds them, so a client whose
    pse or packages differ never reaches it, and its runs need not stat them again."""
    _PINNED.clear()
    _PINNED.update(code=code_fingerprint(), environment=environment_fingerprint())


def code_fingerprint() -> str:
    """Stat data of pse's own files, modules and data alike (an editable install never
    serves answers of older code or of an older lexicon, synonym table or rule file)."""
    if "code" in _PINNED:
        return _PINNED["code"]
    digest = hashlib.sha256()
    package = os.path.dirname(pse.__file__)
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            info = os.stat(os.path.join(folder, name))
            digest.update(f"{folder}/{name}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def environment_fingerprint() -> str:
    """Stat data of the import path's package folders (installing a package changes
    them; the working folder is left out, since writing an output file changes it)."""
    if "environment" in _PINNED:
        return _PINNED["environment"]
    parts = []
    for entry in sys.path:
        if not entry.endswith(("site-packages", "dist-packages")):
            continue
        try:
            parts.append(f"{entry}\0{os.stat(entry).st_mtime_ns}")
        except OSError:
            parts.append(f"{entry}\0-")
    return "\n".join(parts)


class Recording:
    """What one ``pse verify`` process writes, kept when its command says it may be.

    A context manager around the whole CLI run: stdout and stderr are teed while it
    runs; the command calls :func:`keep` with the paths its answer depends on; when the
    run ends with ``sys.exit(code)`` after that, the recording is written (errors are
    ignored: a lost recording only costs the next run its speed).
    """

    def __init__(self, argv: Sequence[str], environ: Mapping[str, str]) -> None:
        self._argv = list(argv)
        self._environ = dict(environ)
        self.chunks: list[tuple[int, str]] = []
        self.checks: list[list[str]] | None = None
        self._seen: list[str] = []
        self._cache = ""
        self.forgotten = False
        self._saved: tuple[TextIO, TextIO] | None = None

    def __enter__(self) -> Recording:
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout = _Tee(sys.stdout, 1, self.chunks)
        sys.stderr = _Tee(sys.stderr, 2, self.chunks)
        self._token = _RECORDING.set(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self._saved is not None
        sys.stdout, sys.stderr = self._saved
        _RECORDING.reset(self._token)
        if isinstance(exc, SystemExit) and type(exc.code) is int:
            self.save(exc.code)

    def keep(self, cache: str, checks: Iterable[tuple[str, Kind, str]]) -> None:
        """See :func:`keep`."""
        rows = list(checks)
        self.checks = [[path, kind] for path, kind, _ in rows]
        self._seen = [seen for _, _, seen in rows]
        self._cache = os.path.abspath(cache)

    def save(self, code: int) -> None:
        """Write the recording for exit code ``code`` (when :func:`keep` was called)."""
        if self.checks is None or self.forgotten or \
                cache_folder(self._environ) != self._cache:
            return
        data = {"format": _FORMAT, "key": invocation_key(self._argv, self._environ),
                "code": code_fingerprint(), "environment": environment_fingerprint(),
                "checks": self.checks, "digest": _digest(self._seen),
                "chunks": [list(c) for c in self.chunks], "exit": code}
        path = recording_file(self._argv, self._environ)
        temp = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            # private to the user, as the other caches: it holds the documents' findings
            handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(data, separators=(",", ":")))
            os.replace(temp, path)
        except (OSError, ValueError):
            _remove(temp)


def keep(cache: str, checks: Iterable[tuple[str, Kind, str]]) -> None:
    """Mark the answer of the run in progress as depending only on ``checks``: paths,
    how each is compared, and what :func:`observed` gave for it *before* it was read
    (a file that changes while the run reads it then never matches its recording).
    ``cache``: the run's cache folder (kept only when that is the folder the environment
    selects: no later run looks anywhere else). Nothing happens outside a recording."""
    recording = _RECORDING.get()
    if recording is not None:
        recording.keep(cache, checks)


def forget() -> None:
    """Keep no recording of the run in progress (it wrote something a replay must not
    repeat: a progress bar of work the replay does not do)."""
    recording = _RECORDING.get()
    if recording is not None:
        recording.forgotten = True


def is_recording() -> bool:
    """True when the run in progress may be kept (so its dependencies are worth listing)."""
    return _RECORDING.get() is not None


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        return  # never written, or gone already


class _Tee:
    """A text stream that records what is written through it, then passes it on."""

    def __init__(self, stream: TextIO, number: int, chunks: list[tuple[int, str]]) -> None:
        self._stream = stream
        self._number = number
        self._chunks = chunks

    def write(self, text: str) -> int:
        if isinstance(text, str) and text:
            self._chunks.append((self._number, text))
        return self._stream.write(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _is_tty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):
        return False
