"""Task inputs: what the user asked a run for, typed per task.

Each task declares a frozen dataclass of its inputs that derives from :class:`TaskInputs`
(the language and translations, which the pipeline itself reads) and names it as its
``inputs_type`` (:class:`pse.pipeline.task.Task`). A plug-in task that declares none gets
:class:`GenericInputs`: its ``--input KEY=VALUE`` pairs as a string map. Fields are
strings, ints, bools, tuples of strings, string literals or ``X | None``: the shapes
:mod:`pse.pipeline.codec`, the one place that turns inputs into JSON and back, knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from pse.pipeline.state import PSEState

LEGACY_SEPARATOR = "legacy_separator"
"""Field metadata key: how checkpoints before version 3 joined a tuple field into one
string (the codec's legacy decoder splits on it; ``,`` when a field does not say)."""


@dataclass(frozen=True)
class TaskInputs:
    """What every run was asked for: the language it is written in and its translations."""

    lang: str = "en"
    """The language of the text (``en``, ``zh``...)."""
    translate: tuple[str, ...] = field(default=(), metadata={LEGACY_SEPARATOR: ","})
    """The languages the finished text is translated into (empty: none)."""

    def __post_init__(self) -> None:
        """Lists given for tuple fields become tuples (a serializer that knows no tuples,
        such as LangGraph's checkpoints, gives lists back), so equal inputs compare equal."""
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):
                object.__setattr__(self, f.name, tuple(value))

    @classmethod
    def of(cls, state: PSEState) -> Self:
        """The run's inputs as this type (a run's inputs are its task's type)."""
        inputs = state.inputs
        if not isinstance(inputs, cls):
            raise TypeError(f"run {state.run_id!r} of task {state.task!r} has inputs of type "
                            f"{type(inputs).__name__}, not {cls.__name__}")
        return inputs


@dataclass(frozen=True)
class SourceInputs(TaskInputs):
    """Inputs of a run about a source tree: the folder, and where its code is published
    (the report links kept sentences to the code there)."""

    source: str = ""
    """The source folder, resolved (empty: none)."""
    repo_url: str = ""
    """The repository URL the report links to (empty: read the project's metadata)."""


@dataclass(frozen=True)
class GenericInputs(SourceInputs):
    """A plug-in task's inputs when it declares no type: ``--source``, ``--lang`` and the
    ``--input KEY=VALUE`` pairs (``translate`` and ``repo_url`` given so fill those
    fields; every other key stays in :attr:`values`)."""

    values: Mapping[str, str] = field(default_factory=dict)
    """Every other ``--input`` by key."""
