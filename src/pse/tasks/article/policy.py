"""How much the article task lets each stage say: one place for every entry point.

`pse article`, `pse continue` and the framework integrations all ask here, so a continued
run writes under the same caps as an uninterrupted one. The caps are per Specialist call,
and a Specialist writes one section, not the article: a small local model otherwise
rambles to the limit and the tail it could not finish is lost at the cap.
"""

from __future__ import annotations

from pse.tasks.article.plan import section_count


def token_caps(words: int) -> dict[str, int]:
    """Completion caps per stage for an article of ``words`` words (and its translation)."""
    per_section = words / section_count(words)
    return {
        # room to finish a section: one cut at the cap loses its unfinished tail
        "specialist": max(420, round(per_section * 2.6)),
        # an outline, a verdict and a targeted fix, not an article
        "planner": 200, "evaluator": 250, "fix": 200,
        # a translation is the whole article in another language
        "translate": max(800, words * 4),
    }
