"""The article's rules, declared once and run by one loop.

Each :class:`Rule` says what it checks, which finding ids it emits, whether Strip may
delete what it flags (a whole-text finding, such as a section that names no code, cannot
be repaired by deleting a clause) and when it applies (every round, only on a first
draft, only on a translation). The per-round gate is a loop over :data:`RULES`; the final
gates that decide ``passed`` are declared beside them in :data:`FINAL_GATES`. ``pse
rules`` prints both, and a user's ``article.disable-rules`` turns rules off by id.

A rule reads a :class:`GateContext` that the task builds, so no rule imports the task.
Adding a rule is one entry here plus its check function and test.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pse.index.facts import ProjectFacts
from pse.index.symbols import SymbolIndex
from pse.tasks.article import borrowed, checks, evidence, quality
from pse.tasks.article.borrowed import DocstringTable
from pse.tasks.article.grounding import ungrounded_sections
from pse.verify.finding import Finding, VerifyResult

Scope = Literal["every", "draft", "translation"]


@dataclass(frozen=True)
class GateContext:
    """What the rules read about one text (a section, the article or a translation)."""

    text: str
    path: str
    lang: str
    references: VerifyResult
    """The strict code-reference check of ``text`` (any unresolved name is suspect)."""
    exaggeration_terms: Sequence[str]
    experience_patterns: Sequence[str]
    sources: str
    """The excerpts the writer was shown: an event they tell is no invention."""
    prompts: Sequence[str]
    """Our own instructions (style guide, plan briefs, fix messages): never article text."""
    facts: ProjectFacts
    index: SymbolIndex
    docstrings: DocstringTable
    sectioned: bool
    """The run writes section by section (grounding is checked per section)."""
    focus: Sequence[str] = ()
    """The code the current section was planned to explain (the fix hint names it)."""
    original: str | None = None
    """The text a translation was made from (``None`` for a draft)."""
    reference_lines: Callable[[str], dict[str, int]] | None = None
    """Each code reference of a text and its first line (for translations)."""
    excerpts: Sequence[Mapping[str, object]] = ()
    """The excerpts the current section was written from (``path``, ``start``, ``end``,
    ``text``): what its sentences must be backed by (empty for the whole article)."""


@dataclass(frozen=True)
class Rule:
    """One per-round check of the article gate."""

    rule_id: str
    summary: str
    emits: tuple[str, ...]
    """The ``Finding.rule`` ids it reports."""
    check: Callable[[GateContext], list[Finding]]
    strippable: bool = True
    scope: Scope = "every"

    def applies(self, ctx: GateContext) -> bool:
        """Whether the rule runs on ``ctx`` (drafts, translations or both)."""
        if self.scope == "translation":
            return ctx.original is not None
        if self.scope == "draft":
            return ctx.original is None
        return True


@dataclass(frozen=True)
class FinalGate:
    """One gate on the finished article (measured in ``gates.final_gates``)."""

    name: str
    summary: str


def _translation_refs(ctx: GateContext) -> list[Finding]:
    assert ctx.original is not None and ctx.reference_lines is not None
    before = set(ctx.reference_lines(ctx.original))
    after = ctx.reference_lines(ctx.text)
    return checks.reference_set_changes(before, set(after), path=ctx.path, lines=after)


def _grounding(ctx: GateContext) -> list[Finding]:
    if not ctx.sectioned:
        return []
    return ungrounded_sections(ctx.text, ctx.references.ok, path=ctx.path, focus=list(ctx.focus))


RULES: tuple[Rule, ...] = (
    Rule("code-reference", "every code name, path, file:line and structural claim resolves "
         "in the index (strict: any unresolved name in generated text is suspect)",
         ("ref-unverified",), lambda c: list(c.references.bad)),
    Rule("exaggeration", "exaggerated or filler terms from the rule files "
         "(exaggeration.<lang>.txt)", ("exaggeration",),
         lambda c: checks.exaggerations(c.text, c.exaggeration_terms, path=c.path)),
    Rule("reasoning-leak", "the model's reasoning or notes to itself", ("reasoning-leak",),
         lambda c: checks.reasoning_leaks(c.text, path=c.path)),
    Rule("repetition", "a sentence said before, word for word, nearly or reworded about the "
         "same code", ("repetition",), lambda c: quality.repetitions(c.text, path=c.path)),
    Rule("prompt-copy", "text copied from the prompts, the style guide or a fix message",
         ("prompt-copy",), lambda c: quality.prompt_copies(c.text, c.prompts, path=c.path)),
    Rule("code-problems", "a repeated code block, or an article that is mostly code",
         ("code-repeated", "code-heavy"), lambda c: quality.code_problems(c.text, path=c.path)),
    Rule("outline-residue", "outline or heading residue (`## Outline`, `## # ...`)",
         ("outline-residue",), lambda c: quality.residue(c.text, path=c.path)),
    Rule("cut-off", "a text that ends mid-sentence, in an open code block or an empty item",
         ("cut-off",), lambda c: quality.cut_off_end(c.text, path=c.path), strippable=False),
    Rule("invented-experience", "first-person incidents the sources never tell "
         "(experience.<lang>.txt)", ("invented-experience",),
         lambda c: quality.experience_claims(c.text, c.experience_patterns, c.sources,
                                             path=c.path)),
    Rule("wrong-language", "a text not in the language it was asked for", ("wrong-language",),
         lambda c: quality.language_problems(c.text, lang=c.lang, path=c.path),
         strippable=False),
    Rule("numeric-claim", "counts and versions of the repository that its facts contradict",
         ("numeric-claim",), lambda c: checks.numeric_claims(c.text, c.facts, path=c.path)),
    Rule("borrowed-description", "code described in another definition's docstring words",
         ("borrowed-description",),
         lambda c: borrowed.borrowed_descriptions(c.text, c.references.ok, c.index,
                                                  c.docstrings, path=c.path)),
    Rule("translation-references", "a translation that dropped or added a code reference",
         # an added reference is a sentence Strip may delete; a dropped one has no line
         ("translation-dropped-ref", "translation-added-ref"), _translation_refs,
         scope="translation"),
    Rule("translation-structure", "a translation whose headings, lists or code blocks differ",
         ("translation-structure",),
         lambda c: quality.structure_changes(c.original or "", c.text, path=c.path),
         strippable=False, scope="translation"),
    Rule("unsupported", "a sentence no excerpt of its section backs (its names, words, return "
         "values and counts), or a section mostly of transitions "
         f"(over {evidence.MAX_TRANSITIONS:.0%})", ("unsupported", "mostly-transitions"),
         lambda c: evidence.unsupported_sentences(c.text, c.excerpts, c.references,
                                                  path=c.path), scope="draft"),
    Rule("grounding", "a section that names no verified code, or whose heading names code "
         "its text never mentions", ("ungrounded-section", "off-topic-section"), _grounding,
         strippable=False, scope="draft"),
)

FINAL_GATES: tuple[FinalGate, ...] = (
    FinalGate("length", "at least 70% of --words"),
    FinalGate("sections", "at least three sections"),
    FinalGate("grounded", "every section names verified code and the code its heading names"),
    FinalGate("strip-share", "Strip removed at most a fifth of the drafted sentences"),
    FinalGate("end", "the text ends cleanly (no open fence, backtick or sentence)"),
    FinalGate("repetition", "at most 5% of sentences repeat an earlier one"),
)

NOT_STRIPPABLE = frozenset(
    finding for rule in RULES if not rule.strippable for finding in rule.emits)
"""Finding ids Strip never deletes: whole-text findings a deleted clause cannot repair."""


def run_rules(ctx: GateContext, *, disabled: Collection[str] = (),
              rules: Sequence[Rule] = RULES) -> VerifyResult:
    """Every rule that applies to ``ctx`` and is not disabled, findings sorted."""
    unknown = sorted(set(disabled) - {rule.rule_id for rule in rules})
    if unknown:
        from pse.errors import ConfigError

        raise ConfigError(f"unknown article rule(s) {', '.join(map(repr, unknown))} in "
                          "article.disable-rules; `pse rules` lists them")
    bad: list[Finding] = []
    for rule in rules:
        if rule.rule_id not in disabled and rule.applies(ctx):
            bad += rule.check(ctx)
    bad.sort(key=lambda f: f.sort_key())
    return VerifyResult(bad=bad, ok=ctx.references.ok)
