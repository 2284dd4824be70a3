"""The one codec of run checkpoints: :class:`PSEState` to JSON and back.

Every typed part of the state (plan sections, excerpts, findings, rounds, gates, run
options) is encoded and decoded here and nowhere else. The JSON carries ``version``;
decoding reads every version written so far and ignores keys it does not know (a newer
pse's additions), so a checkpoint outlives the code that wrote it:

- version 1 (no ``version`` key): the state as plain dicts; the oldest kept the run's
  flags among the inputs as ``"0"``/``"1"`` strings.
- version 2: the same JSON shape, written from the typed state, with ``version``. In both,
  ``inputs`` is a map of strings: lists joined (CV paths by newlines, languages by
  commas), numbers as digits; :func:`inputs_from_strings` reads it.
- version 3: ``inputs`` is the task's inputs dataclass as JSON (lists, numbers, bools).

The inputs' type is the run's task's (``Task.inputs_type``): the caller says which, by
task name, since the pipeline does not know the tasks (:func:`pse.tasks.inputs_type`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, asdict, fields
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from pse.errors import SourceError
from pse.pipeline.inputs import LEGACY_SEPARATOR, GenericInputs, TaskInputs
from pse.pipeline.plan import Section
from pse.pipeline.state import Gate, PSEState, RoundRecord, RunOptions
from pse.rag.retriever import Chunk
from pse.verify.finding import Evidence, Finding

VERSION = 3
"""The version :func:`encode_state` writes."""

InputsFor = Callable[[str], type[TaskInputs]]
"""The inputs type of a task, by the task's name."""

_T = TypeVar("_T")
_I = TypeVar("_I", bound=TaskInputs)
_FLAGS = tuple(f.name for f in fields(RunOptions))


def encode_state(state: PSEState) -> str:
    """Stable JSON of ``state`` (sorted keys, Unicode kept, ``version`` first-class)."""
    data = {**asdict(state), "version": VERSION}
    data["inputs"] = inputs_to_dict(state.inputs)
    data["bad"] = [finding_to_dict(f) for f in state.bad]
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def decode_state(text: str, *, inputs_for: InputsFor) -> PSEState:
    """The state in a checkpoint of any version (see the module docstring); its inputs
    of the type ``inputs_for`` gives for the run's task.

    Raises:
        ValueError: the text is not a run state (not JSON, not an object, a part of the
            wrong shape).
        TypeError: a required field of a part is missing.
    """
    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError(f"a run state is a JSON object, not {type(raw).__name__}")
    values = _known(PSEState, raw)
    inputs_type = inputs_for(str(values.get("task", "")))
    stored = _mapping(values.get("inputs", {}))
    migrated = RunOptions()
    if _version(raw) < 3:
        strings, migrated = _split_options({k: str(v) for k, v in stored.items()})
        inputs = inputs_from_strings(inputs_type, strings)
    else:
        inputs = inputs_from_dict(inputs_type, stored)
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


def inputs_to_dict(inputs: TaskInputs) -> dict[str, object]:
    """A JSON-ready dict of a task's inputs (tuples as lists, maps as sorted dicts)."""
    data: dict[str, object] = {}
    for f in fields(inputs):
        value = getattr(inputs, f.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Mapping):
            value = dict(sorted(value.items()))
        data[f.name] = value
    return data


def inputs_from_dict(cls: type[_I], data: Mapping[str, object]) -> _I:
    """The inverse of :func:`inputs_to_dict`; keys that are no field of ``cls`` (a newer
    pse's, another task's) are dropped, missing ones take the field's default.

    Raises:
        ValueError: a value of the wrong shape for its field.
    """
    hints = get_type_hints(cls)
    values: dict[str, Any] = {f.name: _typed(hints[f.name], data[f.name], f.name)
                              for f in fields(cls) if f.name in data}
    return cls(**values)


def inputs_from_strings(cls: type[_I], strings: Mapping[str, str]) -> _I:
    """Inputs from a map of strings: a checkpoint before version 3, or a plug-in task's
    ``--input KEY=VALUE`` pairs. Lists were joined by the field's separator
    (:data:`pse.pipeline.inputs.LEGACY_SEPARATOR`), numbers written as digits (empty:
    the default), flags as ``"0"``/``"1"``. Keys that are no field go to a ``values``
    map when ``cls`` has one (:class:`GenericInputs`), else they are dropped.

    Raises:
        ValueError: a number that is not one, a value outside a field's choices (an
            empty one takes the field's default).
    """
    hints = get_type_hints(cls)
    generic = issubclass(cls, GenericInputs)
    named = [f for f in fields(cls) if not (generic and f.name == "values")]
    values: dict[str, Any] = {f.name: _from_string(hints[f.name], strings[f.name], f)
                              for f in named if f.name in strings}
    if generic:
        known = {f.name for f in named}
        values["values"] = {k: v for k, v in strings.items() if k not in known}
    return cls(**values)


def _typed(hint: object, value: object, name: str) -> object:
    """``value`` read from JSON as a field annotated ``hint``."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        if value is None and NoneType in args:
            return None
        inner = [a for a in args if a is not NoneType]
        return _typed(inner[0], value, name)
    if origin is Literal:
        if value not in args:
            raise ValueError(f"input {name!r} is {value!r}; expected one of {args!r}")
        return value
    if origin is tuple:
        return tuple(_typed(args[0], v, name) for v in _list(value))
    if origin is Mapping or origin is dict:
        return {str(k): str(v) for k, v in _mapping(value).items()}
    if hint is bool or hint is int or hint is str:
        if type(value) is not hint:
            raise ValueError(f"input {name!r} is {value!r}; expected a {hint.__name__}")
        return value
    raise ValueError(f"input {name!r} has a type the checkpoint codec cannot store: {hint!r}")


def _from_string(hint: object, text: str, f: Field[object]) -> object:
    """One string of a legacy map, as a field annotated ``hint``."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        inner = [a for a in args if a is not NoneType]
        return None if not text.strip() else _from_string(inner[0], text, f)
    if origin is tuple:  # "" is no item (``formats`` given as "": no documents)
        separator = str(f.metadata.get(LEGACY_SEPARATOR, ","))
        return tuple(item for item in text.split(separator) if item.strip())
    if not text.strip() and hint is not str:
        return _default(f)  # as the string readers did: `int(words or 600)`
    if origin is Literal:
        if text not in args:
            raise ValueError(f"input {f.name!r} is {text!r}; expected one of "
                             f"{', '.join(map(str, args))}")
        return text
    if hint is bool:
        return text.strip().lower() in ("1", "true", "yes")
    if hint is int:
        try:
            return int(text)
        except ValueError as exc:
            raise ValueError(f"input {f.name!r} is {text!r}; expected a whole number") from exc
    return text


def _default(f: Field[object]) -> object:
    if f.default is not MISSING:
        return f.default
    if f.default_factory is not MISSING:
        return f.default_factory()
    raise ValueError(f"input {f.name!r} is empty and has no default")


def _split_options(inputs: dict[str, str]) -> tuple[dict[str, str], RunOptions]:
    """Inputs without the flags the oldest checkpoints kept among them as ``"0"``/``"1"``
    strings, and those flags as :class:`RunOptions`."""
    kept = {k: v for k, v in inputs.items() if k not in _FLAGS}
    flags = {k: inputs[k] == "1" for k in _FLAGS if k in inputs}
    return kept, RunOptions(**flags)


def _version(raw: Mapping[str, object]) -> int:
    version = raw.get("version", 1)
    return version if isinstance(version, int) else 1


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


def load_state(run_dir: Path, *, inputs_for: InputsFor) -> PSEState:
    """The last checkpoint of a run (its inputs as :func:`decode_state` reads them)."""
    path = run_dir / "state.json"
    try:
        return decode_state(path.read_text(encoding="utf-8"), inputs_for=inputs_for)
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
