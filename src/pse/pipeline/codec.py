"""The one codec of run checkpoints: :class:`PSEState` to JSON and back.

Every typed part of the state (plan sections, excerpts, findings, rounds, gates, run
options) is encoded and decoded here and nowhere else. The JSON carries ``version``;
decoding reads every version written so far and ignores keys it does not know (a newer
pse's additions), so a checkpoint outlives the code that wrote it:

- version 1 (no ``version`` key): the state as plain dicts; the oldest kept the run's
  flags among the inputs as ``"0"``/``"1"`` strings.
- version 2: the same JSON shape, written from the typed state, with ``version``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, TypeVar

from pse.errors import SourceError
from pse.pipeline.plan import Section
from pse.pipeline.state import Gate, PSEState, RoundRecord, RunOptions, split_options
from pse.rag.retriever import Chunk
from pse.verify.finding import Evidence, Finding

VERSION = 2
"""The version :func:`encode_state` writes."""

_T = TypeVar("_T")


def encode_state(state: PSEState) -> str:
    """Stable JSON of ``state`` (sorted keys, Unicode kept, ``version`` first-class)."""
    data = {**asdict(state), "version": VERSION}
    data["bad"] = [finding_to_dict(f) for f in state.bad]
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def decode_state(text: str) -> PSEState:
    """The state in a checkpoint of any version (see the module docstring).

    Raises:
        ValueError: the text is not a run state (not JSON, not an object, a part of the
            wrong shape).
        TypeError: a required field of a part is missing.
    """
    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError(f"a run state is a JSON object, not {type(raw).__name__}")
    values = _known(PSEState, raw)
    inputs, migrated = split_options({str(k): str(v) for k, v in
                                      _mapping(values.get("inputs", {})).items()})
    options = values.get("options")
    values.update(
        inputs=inputs,
        options=RunOptions(**{k: bool(v) for k, v in _known(RunOptions, options).items()})
        if isinstance(options, dict) else migrated,
        context=[chunk_from_dict(c) for c in _list(values.get("context"))],
        sections=[section_from_dict(s) for s in _list(values.get("sections"))],
        bad=[finding_from_dict(f) for f in _list(values.get("bad"))],
        rounds=[round_from_dict(r) for r in _list(values.get("rounds"))],
        gates=[gate_from_dict(g) for g in _list(values.get("gates"))])
    return PSEState(**values)


def finding_to_dict(finding: Finding) -> dict[str, object]:
    """A JSON-ready dict of a finding (lists, so it equals itself after a JSON round trip)."""
    data = asdict(finding)
    data["evidence"] = list(data["evidence"])
    return data


def finding_from_dict(data: object) -> Finding:
    """The inverse of :func:`finding_to_dict`; round records' findings lack the path and
    the evidence, and the oldest lack the message (they read as empty)."""
    values = _known(Finding, data)
    evidence = tuple(Evidence(**_known(Evidence, e)) for e in _list(values.get("evidence")))
    values.update(evidence=evidence, message=values.get("message", ""), text=values.get("text", ""),
                  path=values.get("path", ""), line=values.get("line"))
    return Finding(**values)


def round_from_dict(data: object) -> RoundRecord:
    """A stored round (its findings as :func:`finding_from_dict` reads them)."""
    values = _known(RoundRecord, data)
    values["findings"] = [finding_from_dict(f) for f in _list(values.get("findings"))]
    return RoundRecord(**values)


def section_from_dict(data: object) -> Section:
    """A stored section: its plan and, once written, its text and excerpts."""
    values = _known(Section, data)
    values.update(focus=[str(f) for f in _list(values.get("focus"))],
                  source="index" if values.get("source") == "index" else "planner",
                  excerpts=[chunk_from_dict(c) for c in _list(values.get("excerpts"))])
    return Section(**values)


def chunk_from_dict(data: object) -> Chunk:
    """A stored excerpt."""
    return Chunk(**_known(Chunk, data))


def gate_from_dict(data: object) -> Gate:
    """A stored gate result."""
    return Gate(**_known(Gate, data))


def save_state(state: PSEState, run_dir: Path) -> None:
    """Checkpoint atomically: write a temp file, then rename over ``state.json``."""
    run_dir.mkdir(parents=True, exist_ok=True)
    temp = run_dir / "state.json.tmp"
    temp.write_text(encode_state(state), encoding="utf-8")
    temp.replace(run_dir / "state.json")


def load_state(run_dir: Path) -> PSEState:
    """The last checkpoint of a run."""
    path = run_dir / "state.json"
    try:
        return decode_state(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SourceError(f"{str(run_dir)!r} is not a run folder (no state.json)") from exc
    except (OSError, ValueError, TypeError) as exc:
        raise SourceError(f"cannot read the checkpoint {str(path)!r}: {exc}") from exc


def _known(cls: type[_T], data: object) -> dict[str, Any]:
    """The keys of a stored object that are fields of ``cls`` (the rest: a newer pse's)."""
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]  # cls is a dataclass
    return {k: v for k, v in _mapping(data).items() if k in names}


def _mapping(data: object) -> dict[str, object]:
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, found {type(data).__name__}")
    return {str(k): v for k, v in data.items()}


def _list(data: object) -> list[object]:
    if data is None:
        return []
    if not isinstance(data, list):
        raise ValueError(f"expected a JSON list, found {type(data).__name__}")
    return data
