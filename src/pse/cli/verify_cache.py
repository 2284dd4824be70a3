"""The warm path of ``pse verify``: answers kept between runs over an unchanged tree.

One file per source root under ``<cache>/verify/``. It is valid for one *state*: the
tree's stat fingerprint, the settings, pse's own code (stat of its modules, so an
editable install never serves answers of older code) and the interpreter with its
installed packages (externals depend on them). In it: the final answers per set of
documents (an unchanged run answers without indexing anything) and the per-reference
memo (an edited document re-resolves only its changed references). Any other state, or
an unreadable file, starts empty; the file is replaced atomically.

The file is JSON checked field by field when read (:mod:`pse.verify.memo_codec`): a
cache file is something anyone with access to the folder could plant, so loading one
must never run code (as a pickle could) and a malformed one is a cold run, not an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pse
from pse.cli.fastpath import code_fingerprint, environment_fingerprint

if TYPE_CHECKING:  # a warm run writes its kept output and decodes nothing: no codec import
    from pse.config import Settings
    from pse.verify.memo import VerifyMemo
    from pse.verify.refs import CheckedReference, Document

_FORMAT = "pse-verify-cache/3"  # 3: outputs keep their notes; 2: JSON (1 was a pickle)
Output = tuple[str, int, int, tuple[str, ...]]
"""A rendered output, its numbers of references and of failing ones, and its notes."""
_MAX_RESULTS = 64
"""Sets of documents whose final answers are kept (the latest ones)."""


@dataclass
class VerifyCache:
    """What the cache file holds for one state.

    Parts are decoded when first asked for (a warm run reads one set of answers and no
    memo; an edited run the memo and no answers); a part that does not decode is dropped.
    """

    state: str
    results: dict[str, list[CheckedReference]] = field(default_factory=dict)
    """Answers per set of documents: this run's, and the stored ones read so far."""
    notice: str = ""
    """The index's warning line of this state (repeated when answers come from here)."""
    outputs: dict[str, Output] = field(default_factory=dict)
    """Rendered output per set of documents and view (format, options): the text, the
    number of references and of unverified ones, and the run's notes for stderr (a warm
    run only writes them out)."""
    stored_results: dict[str, object] = field(default_factory=dict)
    """The file's answers as read (rows, see :mod:`pse.verify.memo_codec`)."""
    stored_memo: object = None
    _memo: VerifyMemo | None = field(default=None, repr=False)

    @property
    def memo(self) -> VerifyMemo:
        """The per-reference memo (empty when the file had none or a malformed one)."""
        if self._memo is None:
            from pse.verify import memo_codec
            from pse.verify.memo import VerifyMemo

            try:
                self._memo = VerifyMemo() if self.stored_memo is None else \
                    memo_codec.memo(self.stored_memo)
            except (ValueError, TypeError, KeyError, AttributeError):
                self._memo = VerifyMemo()
        return self._memo

    def answers(self, key: str) -> list[CheckedReference] | None:
        """The kept answers for the documents of ``key`` (None: none, or malformed)."""
        if key not in self.results and key in self.stored_results:
            from pse.verify import memo_codec

            try:
                self.results[key] = memo_codec.checked(self.stored_results[key])
            except (ValueError, TypeError, KeyError, AttributeError):
                del self.stored_results[key]
        return self.results.get(key)


def cache_file(cache_dir: Path, root: Path) -> Path:
    """Where the warm answers for ``root`` are kept."""
    digest = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:20]
    return cache_dir / "verify" / f"{digest}.json"


def state_key(fingerprint: str, settings: Settings) -> str:
    """The state the answers are valid for (see the module docstring)."""
    values = {k: v for k, v in settings.values.items() if k != "format"}
    parts = [_FORMAT, pse.__version__, fingerprint, code_fingerprint(), sys.version,
             sys.executable, json.dumps(values, sort_keys=True, default=str),
             environment_fingerprint()]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def documents_key(documents: list[Document], *, cwd: Path) -> str:
    """The key of one run's documents (display paths depend on the working folder)."""
    digest = hashlib.sha256(str(cwd).encode("utf-8"))
    for document in documents:
        digest.update(f"\0{document.path}\0".encode())
        digest.update(document.text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def load(path: Path, state: str) -> VerifyCache:
    """The cache for ``state`` (empty when the file is missing, stale or not exactly one
    this code wrote: nothing of a malformed file is used)."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read())
        if not isinstance(data, dict) or data.get("format") != _FORMAT or \
                data.get("state") != state:
            return VerifyCache(state=state)
        return _decoded(data, state)
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return VerifyCache(state=state)


def _decoded(data: dict[str, object], state: str) -> VerifyCache:
    results = data["results"]
    notice = data["notice"]
    if not isinstance(results, dict) or not isinstance(notice, str):
        raise ValueError("not a verify cache")
    return VerifyCache(state=state, notice=notice, stored_memo=data["memo"],
                       stored_results={str(key): rows for key, rows in results.items()},
                       outputs=_outputs(data["outputs"]))


def _outputs(data: object) -> dict[str, Output]:
    if not isinstance(data, dict):
        raise ValueError("not a table of outputs")
    found: dict[str, Output] = {}
    for view, row in data.items():
        if not isinstance(row, list) or len(row) != 4 or not isinstance(row[0], str) or \
                not all(type(n) is int and n >= 0 for n in row[1:3]) or \
                not isinstance(row[3], list) or not all(isinstance(n, str) for n in row[3]):
            raise ValueError("not an output row")
        found[str(view)] = (row[0], row[1], row[2], tuple(row[3]))
    return found


def save(path: Path, cache: VerifyCache) -> None:
    """Write ``cache`` (this run's entries and the latest others); errors are ignored,
    since a lost cache only costs the next run its speed."""
    from pse.verify import memo_codec

    rows = dict(cache.stored_results)
    for key, checked in cache.results.items():
        rows[key] = memo_codec.checked_rows(checked)  # a new key goes last: the latest
    kept = dict(list(rows.items())[-_MAX_RESULTS:])
    data = {"format": _FORMAT, "state": cache.state, "notice": cache.notice,
            "memo": _memo_data(cache), "results": kept,
            "outputs": {view: list(output) for view, output in cache.outputs.items()
                        if view.partition("\0")[0] in kept}}
    import tempfile  # only runs that resolved something write

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            # ASCII escapes: a document's lone surrogates survive the round trip; dumps,
            # not dump: the C encoder writes the whole text (dump encodes in Python chunks)
            out.write(json.dumps(data, separators=(",", ":")))
        os.replace(temp, path)
    except (OSError, ValueError):
        return


def _memo_data(cache: VerifyCache) -> object:
    """The memo to write: this run's, or the stored one as read when this run did not
    need it (a warm run that only rendered a new format)."""
    if cache._memo is None and cache.stored_memo is not None:
        return cache.stored_memo
    from pse.verify import memo_codec

    return memo_codec.memo_data(cache.memo.pruned())
