"""SQLite response cache: the same request at temperature 0 gets the same answer, for free.

The key is the sha256 of a canonical JSON of everything that shapes the answer: backend URL,
model, messages, tools and sampling parameters. Only deterministic requests (temperature 0)
are stored or served, so re-running a pipeline reproduces it exactly and development runs
cost nothing; ``--no-cache`` (``llm.cache = false``) bypasses it. Entries are the
:meth:`Completion.to_dict` JSON, so the cache never holds API keys.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from pse.errors import ConfigError
from pse.llm.types import Completion, Message, ToolSchema

_SCHEMA = """CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY, model TEXT NOT NULL, completion TEXT NOT NULL, created REAL NOT NULL)"""


def cache_key(*, base_url: str, model: str, messages: Sequence[Message],
              tools: Sequence[ToolSchema] | None, params: Mapping[str, object]) -> str:
    """The sha256 that identifies a request."""
    payload = {"base_url": base_url, "model": model,
               "messages": [m.to_wire() for m in messages], "tools": list(tools or ()),
               "params": dict(params)}
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def is_cacheable(params: Mapping[str, object]) -> bool:
    """Only temperature-0 requests are deterministic enough to replay."""
    temperature = params.get("temperature", 0)
    return isinstance(temperature, int | float) and float(temperature) == 0.0


class ResponseCache:
    """A small SQLite key-value store of completions; safe to share between threads."""

    def __init__(self, path: Path) -> None:
        """Open (creating if needed) the cache at ``path``.

        Raises:
            ConfigError: the file cannot be created or is not a usable SQLite database.
        """
        self.path = path
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False)
            self._db.execute(_SCHEMA)
            self._db.commit()
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(f"cannot open the LLM response cache {str(path)!r}: {exc}; "
                              "delete it, set cache_dir, or run with --no-cache") from exc

    def get(self, key: str) -> Completion | None:
        """The stored answer for ``key``, marked ``cached=True``; ``None`` if absent."""
        with self._lock:
            row = self._db.execute("SELECT completion FROM responses WHERE key = ?",
                                   (key,)).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except json.JSONDecodeError:
            return None  # a damaged row is a miss; put() overwrites it
        return Completion.from_dict(data, cached=True)

    def put(self, key: str, completion: Completion) -> None:
        """Store ``completion`` under ``key``."""
        text = json.dumps(completion.to_dict(), sort_keys=True)
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?)",
                             (key, completion.model, text, time.time()))
            self._db.commit()

    def __len__(self) -> int:
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM responses").fetchone()
        return int(count)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
