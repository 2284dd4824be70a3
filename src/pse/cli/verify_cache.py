"""The warm path of ``pse verify``: answers kept between runs over an unchanged tree.

One folder per source root under ``<cache>/verify/``. Its answers are valid for one
*state*: the tree's stat fingerprint, the settings, pse's own code (stat of its modules,
so an editable install never serves answers of older code) and the interpreter with its
installed packages (externals depend on them). In it:

- ``memo.json``: the state, the index's warning line and the per-reference memo (an
  edited document re-resolves only its changed references);
- ``set-<key>.json``, one per set of documents: its final answers and rendered outputs
  (an unchanged run answers without indexing anything). The latest ``_MAX_SETS`` are
  kept. They are files of their own so that a run reads only its own set: one file for
  every set made each edited run read and rewrite all of them (64 sets of a 150-reference
  article, 9 MB, made an edited run a fifth slower).

Any other state, or an unreadable file, counts as empty; files are replaced atomically.
Every file is JSON checked field by field when read (:mod:`pse.verify.memo_codec`): a
cache file is something anyone with access to the folder could plant, so loading one
must never run code (as a pickle could) and a malformed one is a cold run, not an error.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pse
from pse.cli.fastpath import code_fingerprint, environment_fingerprint
from pse.index.model import FileEntry
from pse.index.walk import Seen, Stamp, discover_files, restat, stamp

if TYPE_CHECKING:  # a warm run writes its kept output and decodes nothing: no codec import
    from pse.config import Settings
    from pse.verify.memo import VerifyMemo
    from pse.verify.refs import CheckedReference, Document

_FORMAT = "pse-verify-cache/4"  # 4: a file per set; 3: outputs keep notes; 2: JSON
Output = tuple[str, int, int, tuple[str, ...]]
"""A rendered output, its numbers of references and of failing ones, and its notes."""
_MAX_SETS = 64
"""Sets of documents whose final answers are kept (the latest ones)."""
_MEMO = "memo.json"
_LISTING = "listing.json"
"""The last walk's files and the stamps of the folders it walked (:func:`list_tree`)."""
_LISTING_FORMAT = "pse-listing/2"
_RACY_NS = 2_000_000_000
"""Folders changed this close before a walk make its listing untrusted."""
_WALK_LOGGERS = ("pse.index.walk", "pse.planted")
"""Where a walk's warnings come from."""
_SET_PREFIX = "set-"


@dataclass
class VerifyCache:
    """What the cache folder holds for one state.

    Parts are read when first asked for (a warm run reads one set of answers and no
    memo; an edited run the memo and no answers); a part that does not decode is dropped.
    """

    state: str
    folder: Path | None = None
    """Where the sets are read from (None: nothing is read)."""
    results: dict[str, list[CheckedReference]] = field(default_factory=dict)
    """Answers per set of documents: this run's, and the stored ones read so far."""
    notice: str = ""
    """The index's warning line of this state (repeated when answers come from here)."""
    outputs: dict[str, Output] = field(default_factory=dict)
    """Rendered output per set of documents and view (format, options): the text, the
    number of references and of unverified ones, and the run's notes for stderr (a warm
    run only writes them out). Holds this run's and those of the sets read so far."""
    stored_memo: object = None
    fresh: bool = True
    """The folder held no answers of this state: older sets are stale."""
    _memo: VerifyMemo | None = field(default=None, repr=False)
    _read: dict[str, object] = field(default_factory=dict, repr=False)
    """Stored answer rows per set read from its file (None: no usable file)."""

    @property
    def memo(self) -> VerifyMemo:
        """The per-reference memo (empty when the folder had none or a malformed one)."""
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
        if key in self.results:
            return self.results[key]
        rows = self._stored(key)
        if rows is not None:
            from pse.verify import memo_codec

            try:
                self.results[key] = memo_codec.checked(rows)
            except (ValueError, TypeError, KeyError, AttributeError):
                self._read[key] = None
        return self.results.get(key)

    def output(self, view: str) -> Output | None:
        """The kept rendered output of ``view`` (its set's file is read once)."""
        self._stored(view.partition("\0")[0])
        return self.outputs.get(view)

    def _stored(self, key: str) -> object:
        """The stored answer rows of set ``key`` (its outputs go to :attr:`outputs`)."""
        if key not in self._read:
            self._read[key] = None
            if self.folder is not None and not self.fresh:
                data = _read_json(self.folder / _set_name(key))
                try:
                    if isinstance(data, dict) and data.get("format") == _FORMAT and \
                            data.get("state") == self.state and data.get("key") == key:
                        outputs = _outputs(data["outputs"], key)
                        self._read[key] = data["results"]
                        for view, output in outputs.items():
                            self.outputs.setdefault(view, output)
                except (ValueError, TypeError, KeyError):
                    self._read[key] = None
        return self._read[key]


def cache_folder(cache_dir: Path, root: Path) -> Path:
    """Where the warm answers for ``root`` are kept."""
    digest = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:20]
    return cache_dir / "verify" / digest


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


def load(folder: Path, state: str) -> VerifyCache:
    """The cache for ``state`` (empty when the folder has none, a stale one or a file this
    code did not write exactly: nothing of a malformed file is used)."""
    data = _read_json(folder / _MEMO)
    try:
        if not isinstance(data, dict) or data.get("format") != _FORMAT or \
                data.get("state") != state or not isinstance(data["notice"], str):
            return VerifyCache(state=state, folder=folder)
        return VerifyCache(state=state, folder=folder, notice=data["notice"],
                           stored_memo=data["memo"], fresh=False)
    except (TypeError, KeyError):
        return VerifyCache(state=state, folder=folder)


def list_tree(root: Path, folder: Path, *, exclude: Sequence[str],
              seen: Seen | None = None) -> list[FileEntry]:
    """The tree's files as :func:`pse.index.walk.discover_files` lists them, re-stat-ing
    the listing kept in ``folder`` by the last walk when no folder of it changed (a tenth
    of a walk's cost), else walking and keeping the new listing.

    A walk that logged a warning (a folder too deep, an unreadable ignore file) is not
    kept, so that its warning is printed again by every run, as a walk would."""
    key = _listing_key(root, exclude)
    kept = _kept_listing(folder / _LISTING, key)
    if kept is not None:
        entries = restat(root, kept[0], kept[1], seen=seen)
        if entries is not None:
            return entries
    walked: Seen = []
    started = time.time_ns()
    with _warnings_counted() as warned:
        entries = discover_files(root, exclude=exclude, seen=walked)
    if seen is not None:
        seen += walked
    stamps = [stamp(info) for _, info in walked]
    # a folder changed within the clock's tick of the walk could change again unseen
    # (its stamp would not move): such a listing is not kept ("racy git")
    settled = all(s is None or max(s[0], s[1]) < started - _RACY_NS for s in stamps)
    if settled and not warned:
        with suppress(OSError, ValueError):
            folder.mkdir(parents=True, exist_ok=True)
            _write(folder / _LISTING, {
                "format": _LISTING_FORMAT, "key": key,
                "files": [[e.path, e.language] for e in entries],
                "places": [[rel, s] for (rel, _), s in zip(walked, stamps, strict=True)]})
    return entries


def _listing_key(root: Path, exclude: Sequence[str]) -> str:
    """What a listing depends on besides the tree: the walk's code and the excludes."""
    parts = [_LISTING_FORMAT, pse.__version__, code_fingerprint(), str(root), list(exclude)]
    return hashlib.sha256(json.dumps(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _kept_listing(path: Path, key: str
                 ) -> tuple[list[tuple[str, str]], list[tuple[str, Stamp]]] | None:
    """The files and places of the listing kept at ``path`` for ``key`` (None when there
    is none or it is not exactly what :func:`list_tree` writes)."""
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("format") != _LISTING_FORMAT or \
            data.get("key") != key:
        return None
    files, places = data.get("files"), data.get("places")
    if not isinstance(files, list) or not isinstance(places, list):
        return None
    listed: list[tuple[str, str]] = []
    for row in files:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)
                and isinstance(row[1], str)):
            return None
        listed.append((row[0], row[1]))
    checked: list[tuple[str, Stamp]] = []
    for place in places:
        if not (isinstance(place, list) and len(place) == 2 and isinstance(place[0], str)):
            return None
        rel, value = place
        if value is None:
            checked.append((rel, None))
        elif isinstance(value, list) and len(value) == 3 and \
                all(type(n) is int for n in value):
            checked.append((rel, (value[0], value[1], value[2])))
        else:
            return None
    return listed, checked


@contextmanager
def _warnings_counted() -> Iterator[list[logging.LogRecord]]:
    """The warnings the walk's loggers emit meanwhile (still emitted as ever)."""
    found: list[logging.LogRecord] = []

    def count(record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            found.append(record)
        return True

    loggers = [logging.getLogger(name) for name in _WALK_LOGGERS]
    for logger in loggers:
        logger.addFilter(count)
    try:
        yield found
    finally:
        for logger in loggers:
            logger.removeFilter(count)


def _read_json(path: Path) -> object:
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read())
    except (OSError, ValueError, RecursionError):
        return None


def _set_name(key: str) -> str:
    return f"{_SET_PREFIX}{key[:40]}.json"


def _outputs(data: object, key: str) -> dict[str, Output]:
    if not isinstance(data, dict):
        raise ValueError("not a table of outputs")
    found: dict[str, Output] = {}
    for view, row in data.items():
        if not isinstance(row, list) or len(row) != 4 or not isinstance(row[0], str) or \
                not all(type(n) is int and n >= 0 for n in row[1:3]) or \
                not isinstance(row[3], list) or not all(isinstance(n, str) for n in row[3]) \
                or str(view).partition("\0")[0] != key:
            raise ValueError("not an output row")
        found[str(view)] = (row[0], row[1], row[2], tuple(row[3]))
    return found


def save(folder: Path, cache: VerifyCache) -> None:
    """Write the memo and this run's sets, and drop the sets beyond the latest
    ``_MAX_SETS`` (all older ones when the state changed); errors are ignored, since a
    lost cache only costs the next run its speed."""
    from pse.verify import memo_codec

    try:
        folder.mkdir(parents=True, exist_ok=True)
        if cache.fresh:
            _remove(folder.glob(f"{_SET_PREFIX}*.json"))
            _remove([folder.with_suffix(".json")])  # the one-file cache of older versions
        _write(folder / _MEMO, {"format": _FORMAT, "state": cache.state,
                                "notice": cache.notice, "memo": _memo_data(cache)})
        keys = set(cache.results) | {view.partition("\0")[0] for view in cache.outputs}
        for key in sorted(keys):
            rows = memo_codec.checked_rows(cache.results[key]) if key in cache.results \
                else cache._stored(key)
            if rows is None:
                continue
            _write(folder / _set_name(key), {
                "format": _FORMAT, "state": cache.state, "key": key, "results": rows,
                "outputs": {view: list(output) for view, output in cache.outputs.items()
                            if view.partition("\0")[0] == key}})
        sets = sorted(folder.glob(f"{_SET_PREFIX}*.json"), key=_mtime, reverse=True)
        _remove(sets[_MAX_SETS:])
    except (OSError, ValueError):
        return


def _write(path: Path, data: object) -> None:
    import tempfile  # only runs that resolved something write

    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            # ASCII escapes: a document's lone surrogates survive the round trip; dumps,
            # not dump: the C encoder writes the whole text (dump encodes in Python chunks)
            out.write(json.dumps(data, separators=(",", ":")))
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        try:
            path.unlink()
        except OSError:
            pass


def _memo_data(cache: VerifyCache) -> object:
    """The memo to write: this run's, or the stored one as read when this run did not
    need it (a warm run that only rendered a new format)."""
    if cache._memo is None and cache.stored_memo is not None:
        return cache.stored_memo
    from pse.verify import memo_codec

    return memo_codec.memo_data(cache.memo.pruned())
