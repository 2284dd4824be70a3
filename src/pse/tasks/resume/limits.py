"""How much each stage of a resume run may write, and where a reply is cut short.

A tailored resume selects and rewords the CV's entries, so it is never much longer than
the CV: the Specialist's (and a translation's) completion cap follows the CV's size instead
of a fixed number, which bounds what a looping small model can cost. The Planner answers
in four labelled lines (a few more with recommendations), the review in a short list.

Stop sequences end a reply where a small model starts copying the prompt back (the
Specialist, done with the resume, writes "Use exactly this Markdown structure" and the
resume once more; the Planner goes on into a Markdown heading): the text before the copy
is the answer, the rest would be generated, paid for and then flagged. At most four per
stage, the most OpenAI-compatible servers accept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pse.llm.types import Completion, LLMClient, Message, Stage, ToolSchema

_MAX_STOPS = 4
STOPS: Mapping[str, tuple[str, ...]] = {
    # the Planner's four lines never contain a heading; a heading is a resume it goes on to
    "planner": ("\n#", "\nCV ENTRIES", "\nPlan a resume in", "\nRecommend the roles"),
    # the first words of the specialist prompt's own lines (prompts/specialist.md)
    "specialist": ("Use exactly this Markdown", "CV EXCERPTS:", "Keep these jobs:",
                   "Output only the resume"),
    "evaluator": ("Review this tailored resume", "List every problem"),
    "fix": ("Some lines of the resume have problems", "Answer with a JSON list"),
}
"""Per stage: text the answer never contains, where the reply is cut (the stop is dropped)."""


def estimate_tokens(text: str) -> int:
    """A tokenizer-free upper-leaning estimate: a CJK character or digit is about one token
    (Qwen and GPT tokenizers split digits), other text about 3.5 characters a token."""
    single = sum(1 for c in text if c.isdigit() or "\u3000" <= c <= "\u9fff"
                 or "\uff00" <= c <= "\uffef")
    return single + round((len(text) - single) / 3.5)


def token_caps(cv_texts: Iterable[str], *, recommend: bool) -> dict[str, int]:
    """Completion caps for a run on these CVs.

    The resume: the CV's size plus room for headings (150 tokens), at least 300 and at
    most 1,600; a translation half as much again (Chinese and English differ in tokens).
    """
    cv_tokens = sum(estimate_tokens(text) for text in cv_texts)
    resume = max(300, min(1600, cv_tokens + 150))
    return {"planner": 300 if recommend else 160, "specialist": resume, "evaluator": 240,
            "fix": 350, "translate": max(400, min(2000, round(resume * 1.5)))}


class StageStops:
    """An :class:`~pse.llm.types.LLMClient` that adds each stage's stop sequences.

    A caller's own ``stop`` wins. Every other attribute (``config``, ``ledger``...) is the
    wrapped client's.
    """

    def __init__(self, inner: LLMClient, stops: Mapping[str, Sequence[str]] = STOPS) -> None:
        """Wrap ``inner``; ``stops`` maps a stage to at most four stop sequences."""
        self.inner = inner
        self.stops = {stage: list(values)[:_MAX_STOPS] for stage, values in stops.items()}

    def chat(self, messages: Sequence[Message], *, stage: Stage,
             tools: Sequence[ToolSchema] | None = None, **params: object) -> Completion:
        """See :meth:`pse.llm.types.LLMClient.chat`."""
        if self.stops.get(stage) and "stop" not in params:
            params["stop"] = self.stops[stage]
        return self.inner.chat(messages, stage=stage, tools=tools, **params)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)
