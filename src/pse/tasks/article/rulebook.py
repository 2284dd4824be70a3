"""The article's rules, declared once and run by one loop.

Each :class:`Rule` says what it checks, which finding ids it emits, whether Strip may
delete what it flags (a whole-text finding, such as a section that names no code, cannot
be repaired by deleting a clause) and when it applies (every round, only on a first
draft, only on a translation). The per-round gate is a loop over :data:`RULES`; the final
gates that decide ``passed`` are declared beside them in :data:`FINAL_GATES`, with their
thresholds. ``pse rules`` prints both, and a user's ``article.disable-rules`` turns rules
off by id.

A rule's ``check(doc, ctx)`` reads the text's document model (:mod:`pse.text`: blocks,
list items, sentences, code spans, parsed once per round) and a :class:`GateContext` that
the task builds, so no rule imports the task. A rule declares the numbers it compares
with as :class:`Threshold` values; ``[tool.pse.article.rules.<id>]`` changes them (a
repository's own config only ever makes a rule stricter: :func:`rule_limits`). A final
gate's thresholds sit in the table of its name the same way (``repetition`` is both a
rule and a gate: one table, distinct threshold names). Adding a rule is one entry here
plus its check function and test.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from pse.errors import ConfigError
from pse.index.facts import ProjectFacts
from pse.index.model import Symbol
from pse.index.symbols import SymbolIndex
from pse.tasks.article import borrowed, checks, evidence, examples, quality
from pse.tasks.article.borrowed import DocstringTable
from pse.tasks.article.grounding import ungrounded_sections
from pse.text import Document, code_spans, parse_markdown, sentence_bounds
from pse.verify.externals import stdlib_home
from pse.verify.finding import Finding, VerifyResult
from pse.verify.outputs import documented as documented_examples

Scope = Literal["every", "draft", "translation"]

Limits = Mapping[str, Mapping[str, float]]
"""Thresholds by rule (or final gate) id, then by threshold name."""


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
    limits: Mapping[str, float] = field(default_factory=dict)
    """The running rule's thresholds by name (its declared defaults, or the config's)."""

    def limit(self, name: str) -> float:
        """The running rule's threshold ``name``."""
        return self.limits[name]


@dataclass(frozen=True)
class Threshold:
    """A number a rule compares with, which a project's config may change."""

    name: str
    default: float
    stricter: Literal["lower", "higher"]
    """Which way the rule flags more: the only way a repository's own config may move it."""
    summary: str

    def clamp(self, value: float) -> float:
        """``value``, or the default where ``value`` is on the laxer side of it."""
        return min(value, self.default) if self.stricter == "lower" else \
            max(value, self.default)


@dataclass(frozen=True)
class Rule:
    """One per-round check of the article gate."""

    rule_id: str
    summary: str
    emits: tuple[str, ...]
    """The ``Finding.rule`` ids it reports."""
    check: Callable[[Document, GateContext], list[Finding]]
    """The findings on the text's document model (``GateContext.text`` parsed once)."""
    strippable: bool = True
    scope: Scope = "every"
    thresholds: tuple[Threshold, ...] = ()

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
    thresholds: tuple[Threshold, ...] = ()

    def limits(self, limits: Limits | None = None) -> dict[str, float]:
        """Its thresholds by name: ``limits``' values for it (see :func:`rule_limits`),
        else the declared defaults."""
        given = (limits or {}).get(self.name, {})
        return {t.name: given.get(t.name, t.default) for t in self.thresholds}


def _example_names(doc: Document, ctx: GateContext) -> list[Finding]:
    if ctx.focus:  # a section alone: another section's example may define the name
        return []
    def known(name: str) -> bool:  # a missing import of real code, not an invention
        return bool(ctx.index.by_name(name)) or name in sys.stdlib_module_names or \
            bool(stdlib_home(name))

    return examples.undefined_example_names(doc, ctx.text.split("\n"), path=ctx.path,
                                            known=known)


def _example_outputs(doc: Document, ctx: GateContext) -> list[Finding]:
    def documented(name: str) -> list[tuple[str, str]]:
        shown: list[tuple[str, str]] = []
        for symbol in ctx.index.by_name(name):
            if symbol.kind in ("function", "method") and symbol.path.endswith(".py"):
                shown += documented_examples(_source(ctx, symbol), name)
        return shown

    return examples.contradicted_outputs(doc, ctx.text.split("\n"), path=ctx.path,
                                         documented=documented)


def _source(ctx: GateContext, symbol: Symbol) -> str:
    """The lines of ``symbol``'s definition ("" when its file cannot be read)."""
    try:
        text = (ctx.index.root / symbol.path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(text.split("\n")[symbol.line - 1:symbol.end_line])


def _translation_refs(ctx: GateContext) -> list[Finding]:
    assert ctx.original is not None and ctx.reference_lines is not None
    before = set(ctx.reference_lines(ctx.original))
    after = ctx.reference_lines(ctx.text)
    return checks.reference_set_changes(before, set(after), path=ctx.path, lines=after)


def _grounding(ctx: GateContext) -> list[Finding]:
    if not ctx.sectioned:
        return []
    return ungrounded_sections(ctx.text, ctx.references.ok, path=ctx.path, focus=list(ctx.focus))


def _unsupported(doc: Document, ctx: GateContext) -> list[Finding]:  # noqa: ARG001
    if ctx.excerpts:  # a section, against what it was written from
        return evidence.unsupported_sentences(ctx.text, ctx.excerpts, ctx.references,
                                              path=ctx.path)
    if ctx.focus:  # a section whose excerpts were not kept: nothing to align it to here
        return []
    return evidence.unsupported_in_source(ctx.text, ctx.references, index=ctx.index,
                                          path=ctx.path)


_PLACEHOLDER = re.compile(r"\bTBD\b|(?i:lorem ipsum|\[(?:insert|add|your|placeholder)\b[^\]]*\]|"
                          r"<(?:insert|your)\b[^>]*>)")
"""What a writer leaves for later: "TBD", "[Insert example here]", "<your code>" (a line
opening "TODO:" is a reasoning leak already)."""


def _prose_matches(doc: Document, ctx: GateContext, pattern: re.Pattern[str], *, rule: str,
                   message: str, hint: str) -> list[Finding]:
    """A finding per match of ``pattern`` in the prose, outside code spans (a code span
    names code, as written)."""
    found: list[Finding] = []
    for number, line in doc.prose_lines():
        spans = [(s.start, s.end) for s in code_spans(line)]
        found += [Finding(rule=rule, message=message, path=ctx.path, line=number,
                          text=m.group(0), kind="quality", hint=hint)
                  for m in pattern.finditer(line.rstrip())
                  if not any(a <= m.start() < b for a, b in spans)]
    return found


def _placeholders(doc: Document, ctx: GateContext) -> list[Finding]:
    """Placeholders in the prose (a code span, "`TBD`", names a marker: no finding)."""
    return _prose_matches(doc, ctx, _PLACEHOLDER, rule="placeholder",
                          message="a placeholder, not article text",
                          hint="write what it stands for from the excerpts, or delete it")


_SCAR = re.compile(
    r"\b(?:an?|the|and|or|such as|including)"  # a preposition may end a sentence
    r"(?: {2,}| ?(?=[,.;:](?:\s|$)))(?= |[,.;:])"          # "a  and", "such as ,"
    r"|(?<=[^\s.!?:])  +(?=\S)"                               # two spaces inside a sentence
    r"|\(\s*\)|(?<=\w) ,|[,，、] ?[,，、。.]"                    # "( )", "word ,", "，，"
)
"""What a deletion leaves when it cuts a word out of a sentence instead of the clause: "a
fast  and efficient way" with "fast" gone becomes "a  and efficient way"; "such as `x`,"
with `x` gone, "such as ,"."""


def _scars(doc: Document, ctx: GateContext) -> list[Finding]:
    """Broken grammar in the prose (code spans are left alone), and a lead-in left with
    nothing to introduce: a line ending in a colon followed by a heading or by nothing,
    where the list or code block it announced was deleted ("You can install these
    packages using pip:" without its block)."""
    found = _prose_matches(doc, ctx, _SCAR, rule="deletion-scar",
                           message="broken grammar left by a deletion",
                           hint="rewrite the sentence whole, or delete it whole")
    lines = ctx.text.split("\n")
    for number, line in doc.prose_lines():
        if not line.rstrip().endswith((":", "：")) or line.lstrip().startswith("#"):
            continue
        after = next((n for n in lines[number:] if n.strip()), "")
        if after and not after.lstrip().startswith("#"):
            continue
        bounds = sentence_bounds(line.strip())
        lead = line.strip()[bounds[-1][0]:].strip() if bounds else line.strip()
        found.append(Finding(rule="deletion-scar", message="a lead-in with nothing after it "
                             "to introduce", path=ctx.path, line=number, text=lead,
                             kind="quality", hint="delete the sentence, or give it what it "
                             "announces"))
    return found


_REPETITION = (
    Threshold("near-duplicate", 0.8, "lower", "word-set overlap (Jaccard) of two sentences "
              "that say the same thing"),
    Threshold("restated-share", 0.8, "lower", "share of a sentence's content words an "
              "earlier sentence said, at which it restates it"),
    Threshold("min-words", 7, "lower", "words a sentence needs before it counts as a repeat"),
)

RULES: tuple[Rule, ...] = (
    Rule("code-reference", "every code name, path, file:line and structural claim resolves "
         "in the index (strict: any unresolved name in generated text is suspect)",
         ("ref-unverified",), lambda d, c: list(c.references.bad)),
    Rule("exaggeration", "exaggerated or filler terms from the rule files "
         "(exaggeration.<lang>.txt)", ("exaggeration",),
         lambda d, c: checks.exaggerations(c.text, c.exaggeration_terms, path=c.path)),
    Rule("reasoning-leak", "the model's reasoning or notes to itself", ("reasoning-leak",),
         lambda d, c: checks.reasoning_leaks(c.text, path=c.path)),
    Rule("repetition", "a sentence said before, word for word, nearly or reworded about the "
         "same code", ("repetition",),
         lambda d, c: quality.repetitions(
             d, path=c.path, near_duplicate=c.limit("near-duplicate"),
             restated_share=c.limit("restated-share"), min_words=int(c.limit("min-words"))),
         thresholds=_REPETITION),
    Rule("prompt-copy", "text copied from the prompts, the style guide or a fix message",
         ("prompt-copy",), lambda d, c: quality.prompt_copies(c.text, c.prompts, path=c.path)),
    Rule("code-problems", "a repeated code block, a block that shows no code, or an "
         "article that is mostly code", ("code-repeated", "code-stub", "code-heavy"),
         lambda d, c: quality.code_problems(c.text, path=c.path, max_share=c.limit("max-share")),
         thresholds=(Threshold("max-share", 0.5, "lower",
                               "share of the words that may sit in code blocks"),)),
    Rule("example-names", "a Python example that uses a name no example of the text defines "
         "(`print(result)` with no `result`); checked on the whole article, where every "
         "section's examples are seen", ("example-undefined",), _example_names),
    Rule("example-output", "a code example showing a call's result (a doctest, or `# -> x` "
         "after the call) that the function's own docstring examples contradict",
         ("example-output",), _example_outputs),
    Rule("placeholder", "a placeholder left in the prose (TBD, [Insert example here])",
         ("placeholder",), _placeholders),
    Rule("deletion-scar", "broken grammar a deletion left (\"a  and efficient\", \"such as ,\"), "
         "or a lead-in left with nothing to introduce (\"using pip:\" then a heading)",
         ("deletion-scar",), _scars),
    Rule("outline-residue", "outline or heading residue (`## Outline`, `## # ...`)",
         ("outline-residue",), lambda d, c: quality.residue(c.text, path=c.path)),
    Rule("cut-off", "a text that ends mid-sentence, in an open code block or an empty item",
         ("cut-off",), lambda d, c: quality.cut_off_end(c.text, path=c.path),
         strippable=False),
    Rule("invented-experience", "first-person incidents the sources never tell "
         "(experience.<lang>.txt)", ("invented-experience",),
         lambda d, c: quality.experience_claims(c.text, c.experience_patterns, c.sources,
                                                path=c.path)),
    Rule("wrong-language", "a text not in the language it was asked for", ("wrong-language",),
         lambda d, c: quality.language_problems(c.text, lang=c.lang, path=c.path),
         strippable=False),
    Rule("untranslated-passage", "an English prose line in a Chinese text, pasted "
         "untranslated (twelve words or more outside code)", ("untranslated-passage",),
         lambda d, c: quality.untranslated_passages(c.text, lang=c.lang, path=c.path)),
    Rule("numeric-claim", "counts and versions of the repository that its facts contradict",
         ("numeric-claim",),
         lambda d, c: checks.numeric_claims(d, c.facts, path=c.path,
                                            tolerance=c.limit("tolerance")),
         thresholds=(Threshold("tolerance", 0.1, "lower", "relative error a stated count of "
                               "files or lines may have"),)),
    Rule("borrowed-description", "code described in another definition's docstring words",
         ("borrowed-description",),
         lambda d, c: borrowed.borrowed_descriptions(d, c.references.ok, c.index,
                                                     c.docstrings, path=c.path)),
    Rule("unattributed-description", "a docstring's words with no name of what they describe",
         ("unattributed-description",),
         lambda d, c: borrowed.unattributed_descriptions(d, c.docstrings, path=c.path)),
    Rule("translation-references", "a translation that dropped or added a code reference",
         # an added reference is a sentence Strip may delete; a dropped one has no line
         ("translation-dropped-ref", "translation-added-ref"), lambda d, c: _translation_refs(c),
         scope="translation"),
    Rule("translation-structure", "a translation whose headings, lists or code blocks differ",
         ("translation-structure",),
         lambda d, c: quality.structure_changes(c.original or "", c.text, path=c.path),
         strippable=False, scope="translation"),
    Rule("unsupported", "a sentence no excerpt of its section backs (its names, words, return "
         "values and counts), or a section mostly of transitions "
         f"(over {evidence.MAX_TRANSITIONS:.0%}); on the whole article, a sentence the "
         "source does not back (the audit of `pse verify --evidence`)",
         ("unsupported", "mostly-transitions"), _unsupported, scope="draft"),
    Rule("grounding", "a section that names no verified code, or whose heading names code "
         "its text never mentions", ("ungrounded-section", "off-topic-section"),
         lambda d, c: _grounding(c), strippable=False, scope="draft"),
)

FINAL_GATES: tuple[FinalGate, ...] = (
    FinalGate("length", "the article's words reach a share of --words",
              (Threshold("min-share", 0.7, "higher", "share of --words the article must "
                         "reach"),)),
    FinalGate("sections", "enough sections",
              (Threshold("min-sections", 3, "higher", "sections the article must have"),)),
    FinalGate("grounded", "every section names verified code and the code its heading names"),
    FinalGate("strip-share", "Strip removed few of the drafted sentences",
              (Threshold("max-share", 0.2, "lower", "share of the drafted sentences Strip "
                         "may delete"),)),
    FinalGate("end", "the text ends cleanly (no open fence, backtick or sentence)"),
    FinalGate("repetition", "few sentences repeat an earlier one",
              (Threshold("max-repeated-share", 0.05, "lower", "share of the sentences that "
                         "may repeat an earlier one"),)),
)

NOT_STRIPPABLE = frozenset(
    finding for rule in RULES if not rule.strippable for finding in rule.emits)
"""Finding ids Strip never deletes: whole-text findings a deleted clause cannot repair."""


def run_rules(ctx: GateContext, *, disabled: Collection[str] = (), limits: Limits | None = None,
              rules: Sequence[Rule] = RULES) -> VerifyResult:
    """Every rule that applies to ``ctx`` and is not disabled, findings sorted; each rule
    reads its thresholds from ``limits`` (see :func:`rule_limits`) or its defaults."""
    unknown = sorted(set(disabled) - {rule.rule_id for rule in rules})
    if unknown:
        raise ConfigError(f"unknown article rule(s) {', '.join(map(repr, unknown))} in "
                          "article.disable-rules; `pse rules` lists them")
    doc = parse_markdown(ctx.text)
    bad: list[Finding] = []
    for rule in rules:
        if rule.rule_id not in disabled and rule.applies(ctx):
            given = (limits or {}).get(rule.rule_id, {})
            own = {t.name: given.get(t.name, t.default) for t in rule.thresholds}
            bad += rule.check(doc, replace(ctx, limits=own))
    bad.sort(key=lambda f: f.sort_key())
    return VerifyResult(bad=bad, ok=ctx.references.ok)


def rule_limits(table: Mapping[str, object], *, repository: bool = False,
                rules: Sequence[Rule] = RULES, gates: Sequence[FinalGate] = FINAL_GATES
                ) -> dict[str, dict[str, float]]:
    """The ``article.rules`` setting (``{rule or gate id: {threshold: number}}``) checked
    against the declarations: an unknown id or threshold, or a value that is no number, is
    a ConfigError naming it. From an input ``repository``'s own config, unknown entries are
    dropped and each value is clamped to the stricter side of its default."""
    declared: dict[str, dict[str, Threshold]] = {}
    for name, thresholds in [*((r.rule_id, r.thresholds) for r in rules),
                             *((g.name, g.thresholds) for g in gates)]:
        declared.setdefault(name, {}).update((t.name, t) for t in thresholds)
    found: dict[str, dict[str, float]] = {}
    for rule_id, raw in table.items():
        if rule_id not in declared or not isinstance(raw, Mapping):
            if repository:
                continue
            raise ConfigError(f"article.rules.{rule_id} must be a table of thresholds of a "
                              "rule `pse rules` lists (e.g. [tool.pse.article.rules."
                              "repetition] near-duplicate = 0.7)")
        for name, value in raw.items():
            key = str(name).replace("_", "-")
            spec = declared[rule_id].get(key)
            number = _number(value)
            if spec is None or number is None:
                if repository:
                    continue
                known = ", ".join(declared[rule_id]) or "none"
                raise ConfigError(f"article.rules.{rule_id}.{name} = {value!r}: not a number "
                                  f"for a threshold of {rule_id!r} (its thresholds: {known}; "
                                  "`pse rules` lists them)")
            found.setdefault(rule_id, {})[key] = spec.clamp(number) if repository else number
    return found


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        return float(value) if isinstance(value, int | float | str) else None
    except ValueError:
        return None
