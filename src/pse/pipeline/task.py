"""The seams of a run: what a task provides and what a run depends on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, runtime_checkable

from pse.llm.types import LLMClient, Message, Stage
from pse.llm.usage import UsageLedger
from pse.pipeline.inputs import GenericInputs, TaskInputs
from pse.pipeline.plan import Section
from pse.pipeline.state import Gate, PSEState
from pse.rag.retriever import Chunk, Retriever
from pse.tools.sandbox import Sandbox
from pse.verify.finding import VerifyResult
from pse.verify.strip import Span


class Task(Protocol):
    """A writing task: its prompts, how it prepares its data, and how it verifies.

    The last five methods are optional hooks with default implementations: a task class
    that derives from ``Task`` inherits them, and :func:`with_default_hooks` gives them to
    a plug-in task that only has the required methods.
    """

    name: str
    inputs_type: ClassVar[type[TaskInputs]] = GenericInputs
    """The frozen dataclass of the task's inputs (``state.inputs``; the checkpoint codec
    reads them back as this type). A plug-in task that declares none gets the ``--input
    KEY=VALUE`` pairs as :class:`GenericInputs`."""

    def prepare(self, state: PSEState, deps: RunDeps) -> PSEState:
        """Collect the real data (facts, sources, retrieval context) into the state."""
        ...

    def messages(self, stage: Stage, state: PSEState, **extra: str) -> list[Message]:
        """The chat messages of ``stage`` (shared context first, so prefixes are reused)."""
        ...

    def verify(self, state: PSEState, text: str, *, lang: str,
               original: str | None = None) -> VerifyResult:
        """The deterministic checks, on ``text`` written in ``lang``.

        With ``original`` (a translation's source text), also require the same set of
        code references as the original.
        """
        ...

    def strip_spans(self, state: PSEState, result: VerifyResult) -> list[Span]:
        """What the deterministic fallback deletes for these findings."""
        ...

    def finalize(self, state: PSEState, text: str, *, lang: str) -> str:
        """The published form of a text (front matter and the like)."""
        ...

    def normalize(self, state: PSEState, text: str) -> str:  # noqa: ARG002 - default hook
        """The task's own tidy-up of a text a fix edited (default: the text as is)."""
        return text

    def repair(self, state: PSEState, text: str, result: VerifyResult  # noqa: ARG002
               ) -> tuple[str, list[str]]:
        """Before Strip deletes: what the task's own rules put right, and notes on it
        (default: nothing)."""
        return text, []

    def tidy_stripped(self, state: PSEState, text: str  # noqa: ARG002 - default hook
                      ) -> tuple[str, list[str]]:
        """After Strip: what its deletions left dangling, removed (default: nothing)."""
        return text, []

    def section_problem(self, state: PSEState, text: str) -> str:  # noqa: ARG002
        """A sectioned task's: why a shaped section reply is unusable, or "" (default:
        never); a reason gets the section asked for once more, with it in the prompt."""
        return ""

    def token_caps(self, state: PSEState) -> dict[str, int]:  # noqa: ARG002 - default hook
        """Completion caps per stage for this run (default: none of the task's own, the
        settings' caps hold). The runner applies them, so a new run, ``pse continue`` and
        the framework integrations write under the same caps."""
        return {}


def with_default_hooks(task: object) -> Task:
    """``task``, its class given :class:`Task`'s default hooks when it does not derive from
    ``Task`` (a plug-in written against the required methods only)."""
    cls = type(task)
    if Task not in cls.__mro__:
        adopted = type(cls.__name__, (cls, Task), {"__module__": cls.__module__})
        object.__setattr__(task, "__class__", adopted)
    return task  # type: ignore[return-value]  # its class now derives from Task


@runtime_checkable
class PlannedTask(Task, Protocol):
    """A task whose plan code builds from its inputs (no Planner call), and whose
    Specialist reply code fits into that plan (the interview sheet's nine slots)."""

    def own_plan(self, state: PSEState) -> str:
        """The plan, built without a model."""
        ...

    def fit_reply(self, state: PSEState, text: str) -> str:
        """The Specialist's reply fitted into the plan."""
        ...


@runtime_checkable
class EvidencedTask(Task, Protocol):
    """A task whose kept sentences carry the source span that backs each one."""

    def sentences(self, state: PSEState) -> list[dict[str, object]]:
        """Each sentence of the final text: section, line, text, status and span."""
        ...


@runtime_checkable
class SectionedTask(Task, Protocol):
    """A task written section by section from a verified plan (see ``pipeline/plan.py``).

    The runner asks for these hooks only when the task has them; a plain :class:`Task`
    is written, checked and fixed in one piece.
    """

    def parse_plan(self, state: PSEState, outline: str) -> tuple[list[Section], str]:
        """The outline's sections with resolved focus, and why it is unusable ("" if not)."""
        ...

    def index_plan(self, state: PSEState) -> list[Section]:
        """A plan built from the index alone (when the Planner's outlines fail)."""
        ...

    def section_context(self, state: PSEState, deps: RunDeps) -> list[Chunk]:
        """Excerpts retrieved for the cursor's section (its focus, call sites, docs)."""
        ...

    def shape_section(self, state: PSEState, text: str) -> tuple[str, str]:
        """The cursor's section normalized, and what was trimmed off (a cut-off tail)."""
        ...

    def assemble(self, state: PSEState) -> str:
        """The whole text from the written sections."""
        ...

    def gates(self, state: PSEState) -> list[Gate]:
        """The final gates on the finished run."""
        ...


@dataclass
class RunDeps:
    """What steps use and never construct themselves."""

    llm: LLMClient
    retriever: Retriever | None = None
    sandbox: Sandbox | None = None
    ledger: UsageLedger | None = None
    """Where the LLM client records usage (for per-step token and cost events)."""
    on_event: Callable[[dict[str, object]], None] | None = None
    """Progress events (the CLI prints them on stderr)."""
    llm_review: bool = True
    """Run the Evaluator's LLM review in round one."""
    max_tool_calls: int = 8
    params: dict[str, object] = field(default_factory=dict)
    """Sampling parameters for every call (``temperature``, ``max_tokens``...)."""
    max_tokens: dict[str, int] = field(default_factory=lambda: {
        "planner": 400, "specialist": 1600, "evaluator": 400, "fix": 600, "translate": 2000})
    """Completion cap per stage (small local models can otherwise ramble to the limit)."""
    stop_after: Sequence[str] = ()
    """Stop (as if interrupted) after these steps: for tests of ``pse continue``."""
    plan_from_index: bool = False
    """Plan a sectioned task from the index without asking the Planner (``article.planner``)."""
    article_fix_rounds: int = 1
    """Fix rounds on the assembled article of a sectioned task (its sections had theirs)."""
