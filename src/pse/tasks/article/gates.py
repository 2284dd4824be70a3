"""The final gates that decide ``passed``, and when a section's reply is asked for again.

The per-round checks are declared rules (``rulebook.py``), and so are the final gates
(``rulebook.FINAL_GATES``, each with its thresholds and their defaults): length against
``--words``, enough sections, every section grounded in verified code and mentioning the
code its heading names, Strip's share of the draft's sentences, no cut-off end, few
repeated sentences. The run is ``passed`` only when every gate and every check holds.
Nothing here imports the task: it is handed the resolver, the plan's names and the
configured thresholds.
"""

from __future__ import annotations

from collections.abc import Sequence

from pse.pipeline.state import Gate, PSEState
from pse.tasks.article import quality
from pse.tasks.article.grounding import HEADING, ungrounded_sections
from pse.tasks.article.inputs import ArticleInputs
from pse.tasks.article.rulebook import FINAL_GATES, Limits
from pse.tasks.article.text import count_words, prose_lines, sentences
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.resolve import Resolver

SHORT_SECTION_SHARE = 0.25
"""A section reply under this share of its words is asked for once more."""


def section_problem(resolver: Resolver, state: PSEState, text: str, *,
                    names: Sequence[str]) -> str:
    """Why a section's reply is worth asking for once more (``""``: it can be used).

    A body that names no verified code, or that is far too short, cannot be repaired by a
    fix: a small model's fixes of such a section rewrote its one sentence, each time worse.
    A new reply, told what was wrong, often can.
    """
    ok = to_findings(check_documents([Document("section.md", text)], resolver,
                                     strict=True)).ok
    listed = ", ".join(f"`{n}`" for n in names[:4])
    problems = ungrounded_sections(text, ok, path="section.md", focus=[])
    if problems and problems[0].rule == "off-topic-section":
        return problems[0].message.replace("this section", "it") + "; " + problems[0].hint
    if problems:
        return "it named no real code; explain " + (listed or "the code of the excerpts") + \
            " by name, in backticks, from the excerpts"
    share = ArticleInputs.of(state).words / max(1, len(state.sections))
    words = count_words(text.split("\n", 1)[-1])
    if words < SHORT_SECTION_SHARE * share:
        return f"it had {words} words; write about {round(1.2 * share)} words of explanation"
    return ""


def final_gates(resolver: Resolver, state: PSEState, *, limits: Limits | None = None
                ) -> list[Gate]:
    """The gates on the final article, each against its thresholds in ``limits`` (the
    ``article.rules`` setting, see ``rulebook.rule_limits``) or their defaults."""
    limit = {g.name: g.limits(limits) for g in FINAL_GATES}
    min_sections = round(limit["sections"]["min-sections"])
    max_strip = limit["strip-share"]["max-share"]
    max_repeated = limit["repetition"]["max-repeated-share"]
    text = state.artifact
    words = count_words(text)
    target = ArticleInputs.of(state).words
    result = to_findings(check_documents([Document("artifact.md", text)], resolver,
                                         strict=True))
    headings = [n for n, line in prose_lines(text) if HEADING.match(line)]
    ungrounded = ungrounded_sections(text, result.ok, path="artifact.md", focus=[])
    # code names only: a claim that holds ("`submit` ... returns it") is no name of its own
    names = sorted({f.text for f in result.ok if f.kind != "claim"})
    drafted = len(sentences(state.draft)) or 1
    # Strip's deletions only: what shaping trimmed (a tail cut at the token cap, the
    # reply's own loop, pasted prompt lists) is reported per section, not counted here
    trimmed = sum(1 for s in state.sections if s.trimmed)
    # counted in sentences, as the draft is: one removal may take two ("X. This can ...")
    stripped = sum(len(sentences(s)) or 1 for s in state.stripped if not s.startswith("["))
    repeated = quality.repeated_share(text)
    cut = quality.cut_off_end(text, path="artifact.md")
    minimum = round(limit["length"]["min-share"] * target)
    return [
        _gate("length", words >= minimum, words,
              f"{words} words for a {target}-word target (minimum {minimum})"),
        _gate("sections", len(headings) >= min_sections, len(headings),
              f"{len(headings)} section(s) (minimum {min_sections})"),
        _gate("grounded", bool(headings) and not ungrounded, len(names),
              f"{len(names)} distinct verified code name(s); ungrounded or off-topic sections: "
              + (", ".join(repr(f.text.lstrip('# ')) for f in ungrounded) or "none")),
        _gate("strip-share", stripped <= max_strip * drafted, round(stripped / drafted, 3),
              f"strip removed {stripped} of {drafted} drafted sentences (maximum "
              f"{max_strip:.0%}); {trimmed} section(s) trimmed when shaped"),
        _gate("end", not cut, len(cut), "the text ends cleanly" if not cut else
              f"{cut[0].message}: {cut[0].text!r}"),
        _gate("repetition", repeated <= max_repeated, round(repeated, 3),
              f"{repeated:.0%} of sentences repeat an earlier one (maximum "
              f"{max_repeated:.0%})"),
    ]


def _gate(name: str, passed: bool, value: float, detail: str) -> Gate:
    return Gate(name, passed=passed, value=value, detail=detail)


def figures(state: PSEState) -> dict[str, float]:
    """Words, sections and distinct verified names, as the gates measured them."""
    values = {g.name: g.value for g in state.gates}
    return {key: values[gate] for key, gate in (("words", "length"), ("sections", "sections"),
                                                ("verified_names", "grounded"))
            if gate in values}
