"""The article's checks in every round, and the final gates that decide ``passed``.

Every round: code references (the project's verify check), wording, leaks, repository
numbers, the quality rules of ``quality.py`` and, per section, grounding. At the end:
length against ``--words``, at least three sections, every section grounded in verified
code and mentioning the code its heading names, Strip removed at most a fifth of the
draft's sentences, no cut-off end, at most 5% repeated sentences. The run is ``passed``
only when every gate and every check holds.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pse.index.facts import ProjectFacts
from pse.pipeline.state import PSEState
from pse.tasks.article import borrowed, checks, quality
from pse.tasks.article.promptfiles import instruction_texts
from pse.tasks.article.text import CODE_SPAN, count_words, prose_lines, sentences
from pse.verify.check import Document, check_documents, to_findings
from pse.verify.finding import Finding, VerifyResult

if TYPE_CHECKING:
    from pse.tasks.article.task import ArticleTask

MIN_LENGTH_SHARE = 0.7
MAX_STRIP_SHARE = 0.2
MAX_REPEATED_SHARE = 0.05
MIN_SECTIONS = 3
NOT_STRIPPABLE = frozenset({"ungrounded-section", "off-topic-section", "cut-off", "too-short",
                            "code-heavy", "wrong-language", "translation-structure",
                            "translation-dropped-ref"})
"""Whole-text findings: deleting a clause cannot repair them."""
_HEADING = re.compile(r"^\s{0,3}##\s+\S")


_UNGROUNDED_MESSAGE = "this section names no verified code"
_UNGROUNDED_HINT = "mention what the section explains: "
_UNGROUNDED_WORDS = f"{_UNGROUNDED_MESSAGE}; {_UNGROUNDED_HINT}"
"""What Fix is told about an ungrounded section: a model that pastes it is caught as a copy."""


def verify_text(task: ArticleTask, state: PSEState, text: str, *, lang: str,
                original: str | None) -> VerifyResult:
    """Every per-round check of ``text`` (a section, the article or a translation)."""
    path = f"artifact.{lang}.md"
    result = to_findings(check_documents([Document(path=path, text=text)], task.resolver(state),
                                         ignore=task.settings.get_list("verify.ignore"),
                                         strict=True))  # any unresolved name in LLM text is suspect
    bad = list(result.bad)
    bad += checks.exaggerations(text, checks.load_terms(task.rules_dir, lang), path=path)
    bad += checks.reasoning_leaks(text, path=path)
    bad += quality.repetitions(text, path=path)
    # the index plan's briefs are our instructions too ("from the README and the code" came
    # back as prose); a Planner's own bullets are the article's outline, not instructions
    briefs = [str(s.get("brief", "")) for s in state.sections if s.get("source") == "index"]
    prompts = [*instruction_texts(str(state.data.get("style_guide", ""))), _UNGROUNDED_WORDS,
               *briefs]
    bad += quality.prompt_copies(text, prompts, path=path)
    bad += quality.code_problems(text, path=path)
    bad += quality.residue(text, path=path)
    bad += quality.cut_off_end(text, path=path)
    bad += quality.experience_claims(
        text, checks.load_terms(task.rules_dir, lang, kind="experience"), _sources(state),
        path=path)
    bad += quality.language_problems(text, lang=lang, path=path)
    raw_facts = state.data.get("facts")
    facts = ProjectFacts(**raw_facts) if isinstance(raw_facts, dict) else ProjectFacts()
    bad += checks.numeric_claims(text, facts, path=path)
    bad += borrowed.borrowed_descriptions(text, result.ok, task.index(state),
                                          task.docstrings(state), path=path)
    if original is not None:
        before = set(task.reference_lines(state, original))
        after = task.reference_lines(state, text)
        bad += checks.reference_set_changes(before, set(after), path=path, lines=after)
        bad += quality.structure_changes(original, text, path=path)
    elif state.sections:
        bad += ungrounded_sections(text, result.ok, path=path,
                                   focus=_focus(state) if state.in_sections else [])
    bad.sort(key=lambda f: f.sort_key())
    return VerifyResult(bad=bad, ok=result.ok)


def _sources(state: PSEState) -> str:
    chunks = [*state.context, *list(state.data.get("overview") or [])]  # type: ignore[call-overload]  # JSON list
    return "\n".join(str(c.get("text", "")) for c in chunks if isinstance(c, dict))


def _focus(state: PSEState) -> list[str]:
    focus = state.sections[state.section].get("focus") or []
    return [str(f) for f in focus] if isinstance(focus, list) else []


def ungrounded_sections(text: str, ok: list[Finding], *, path: str,
                        focus: list[str]) -> list[Finding]:
    """Each ``## `` section (or the whole text, if it has none) without a verified reference,
    and each whose heading names code its text never mentions (``off-topic-section``)."""
    lines = text.split("\n")
    headings = [n for n, line in prose_lines(text) if _HEADING.match(line)]
    starts = headings or [1]
    # a name in the heading does not ground a section whose body names no code
    verified_lines = {f.line for f in ok if f.line} - set(headings)
    findings = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(lines) + 1
        if any(start <= n < end for n in verified_lines):
            promised = CODE_SPAN.findall(lines[start - 1]) if headings else []
            if promised and not _mentions("\n".join(lines[start:end - 1]), promised):
                findings.append(_off_topic(lines, start, end, promised, path=path))
            continue
        hint = (_UNGROUNDED_HINT + ", ".join(f"`{f}`" for f in focus[:3])
                if focus else "name the real code this section explains, in backticks")
        # Fix edits the first body line: the planned heading itself is never rewritten
        body = next((n for n in range(start + 1, end) if lines[n - 1].strip()), start)
        findings.append(Finding(rule="ungrounded-section", path=path, line=body,
                                text=lines[start - 1].strip(), kind="quality", hint=hint,
                                message=_UNGROUNDED_MESSAGE))
    return findings




def _mentions(body: str, names: list[str]) -> bool:
    """Whether ``body`` names one of ``names`` (by its last dotted or path component)."""
    for name in names:
        last = re.split(r"[./]", name.strip().removesuffix("()").rstrip("/"))[-1]
        if last and re.search(rf"(?<![\w]){re.escape(last)}(?!\w)", body):
            return True
    return False


def _off_topic(lines: list[str], start: int, end: int, promised: list[str], *,
               path: str) -> Finding:
    """A section whose heading promises code its text never mentions (the 0.5B wrote
    about ``map`` and ``filter`` under "## `merge` and `merge_with`")."""
    listed = " or ".join(f"`{name}`" for name in promised[:3])
    body = next((n for n in range(start + 1, end) if lines[n - 1].strip()), start)
    return Finding(rule="off-topic-section", path=path, line=body,
                   text=lines[start - 1].strip(), kind="quality",
                   message=f"the heading names {listed}, which this section never mentions",
                   hint=f"explain {listed} here, by name, from the excerpts")


SHORT_SECTION_SHARE = 0.25
"""A section reply under this share of its words is asked for once more."""


def section_problem(task: ArticleTask, state: PSEState, text: str) -> str:
    """Why a section's reply is worth asking for once more (``""``: it can be used).

    A body that names no verified code, or that is far too short, cannot be repaired by a
    fix: a small model's fixes of such a section rewrote its one sentence, each time worse.
    A new reply, told what was wrong, often can.
    """
    ok = to_findings(check_documents([Document("section.md", text)], task.resolver(state),
                                     strict=True)).ok
    names = ", ".join(f"`{n}`" for n in task.section_names(state)[:4])
    problems = ungrounded_sections(text, ok, path="section.md", focus=[])
    if problems and problems[0].rule == "off-topic-section":
        return problems[0].message.replace("this section", "it") + "; " + problems[0].hint
    if problems:
        return "it named no real code; explain " + (names or "the code of the excerpts") + \
            " by name, in backticks, from the excerpts"
    share = int(state.inputs.get("words", "600") or 600) / max(1, len(state.sections))
    words = count_words(text.split("\n", 1)[-1])
    if words < SHORT_SECTION_SHARE * share:
        return f"it had {words} words; write about {round(1.2 * share)} words of explanation"
    return ""


def final_gates(task: ArticleTask, state: PSEState) -> list[dict[str, object]]:
    """The gates on the final article; each ``{name, passed, detail, value}``."""
    text = state.artifact
    words = count_words(text)
    target = int(state.inputs.get("words", "600") or 600)
    result = to_findings(check_documents([Document("artifact.md", text)], task.resolver(state),
                                         strict=True))
    headings = [n for n, line in prose_lines(text) if _HEADING.match(line)]
    ungrounded = ungrounded_sections(text, result.ok, path="artifact.md", focus=[])
    names = sorted({f.text for f in result.ok})
    drafted = len(sentences(state.draft)) or 1
    # Strip's deletions only: what shaping trimmed (a tail cut at the token cap, the
    # reply's own loop, pasted prompt lists) is reported per section, not counted here
    trimmed = sum(1 for s in state.sections if s.get("trimmed"))
    stripped = sum(1 for s in state.stripped if not s.startswith("["))
    repeated = quality.repeated_share(text)
    cut = quality.cut_off_end(text, path="artifact.md")
    minimum = round(MIN_LENGTH_SHARE * target)
    return [
        _gate("length", words >= minimum, words,
              f"{words} words for a {target}-word target (minimum {minimum})"),
        _gate("sections", len(headings) >= MIN_SECTIONS, len(headings),
              f"{len(headings)} section(s) (minimum {MIN_SECTIONS})"),
        _gate("grounded", bool(headings) and not ungrounded, len(names),
              f"{len(names)} distinct verified code name(s); ungrounded or off-topic sections: "
              + (", ".join(repr(f.text.lstrip('# ')) for f in ungrounded) or "none")),
        _gate("strip-share", stripped <= MAX_STRIP_SHARE * drafted, round(stripped / drafted, 3),
              f"strip removed {stripped} of {drafted} drafted sentences (maximum "
              f"{MAX_STRIP_SHARE:.0%}); {trimmed} section(s) trimmed when shaped"),
        _gate("end", not cut, len(cut), "the text ends cleanly" if not cut else
              f"{cut[0].message}: {cut[0].text!r}"),
        _gate("repetition", repeated <= MAX_REPEATED_SHARE, round(repeated, 3),
              f"{repeated:.0%} of sentences repeat an earlier one (maximum "
              f"{MAX_REPEATED_SHARE:.0%})"),
    ]


def _gate(name: str, passed: bool, value: float, detail: str) -> dict[str, object]:
    return {"name": name, "passed": passed, "value": value, "detail": detail}


def figures(state: PSEState) -> dict[str, object]:
    """Words, sections and distinct verified names, as the gates measured them."""
    values = {str(g.get("name")): g.get("value") for g in state.gates}
    return {key: values[gate] for key, gate in (("words", "length"), ("sections", "sections"),
                                                ("verified_names", "grounded"))
            if gate in values}
