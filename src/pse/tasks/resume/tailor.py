"""The deterministic part of tailoring: order, coverage of the top, and what changed.

From a :class:`~.requirements.JobMatch`: each run of bullets in the experience and
project sections is ordered by relevance to the job (stable, so equal bullets keep the
CV's order), and the skills line puts the skills the job asks for first. The summary
must name the supported requirements: when the model's summary leaves one out (a small
model often copies the CV's), :func:`tailor` adds one sentence naming the CV's own skills
for them (a fact the CV states, in the resume's language). So the published resume is
aimed at the job even when the model only copied the CV; it is "not tailored" only when
it is still the CV line for line. None of this adds or changes a fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from pse.cv.personal import line_text, personal_lines
from pse.cv.sections import is_bullet, split_sections
from pse.tasks.resume.requirements import JobMatch, Requirement, as_written, names_term
from pse.tasks.resume.wording import support

_CJK = re.compile(r"[\u4e00-\u9fff]")
_LABELLED = re.compile(r"^[^:：]{1,20}[:：]")
_ORDERED_SECTIONS = ("experience", "projects", "entries")
_SKILL_SPLIT = re.compile(r"([,，、;；|]\s*)")
_LEAD = {"en": "Relevant skills for this role: ", "zh": "与岗位相关的技能："}
_JOIN = {"en": ", ", "zh": "、"}
_END = {"en": ".", "zh": "。"}
_QUOTE = {"en": "Relevant experience: ", "zh": "相关经历："}
_QUOTE_JOIN = {"en": "; ", "zh": "；"}
_SENTENCE_JOIN = {"en": " ", "zh": ""}


def order_bullets(text: str, match: JobMatch) -> str:
    """``text`` with each run of top-level bullets in its experience and project sections
    ordered by relevance to the job (most relevant first, ties in their order)."""
    lines = text.split("\n")
    for section in split_sections(lines):
        if section.name not in _ORDERED_SECTIONS:
            continue
        for run in _bullet_runs(lines, section.lines):
            ranked = sorted(run, key=lambda n: -match.relevance(lines[n - 1]))
            values = [lines[n - 1] for n in ranked]
            for number, value in zip(run, values, strict=True):
                lines[number - 1] = value
    return "\n".join(lines)


def _bullet_runs(lines: Sequence[str], numbers: Sequence[int]) -> list[list[int]]:
    """Runs of consecutive one-line, top-level bullets (a wrapped bullet ends a run)."""
    runs: list[list[int]] = []
    current: list[int] = []
    for number in numbers:
        line = lines[number - 1]
        # a labelled bullet ("Tech: ...") keeps its place: it describes the entry
        if is_bullet(line) and not line.startswith((" ", "\t")) and not _LABELLED.match(
                line_text(line)):
            current.append(number)
            continue
        if len(current) > 1:
            runs.append(current)
        current = []
    if len(current) > 1:
        runs.append(current)
    return runs


def order_skills(text: str, match: JobMatch) -> str:
    """``text`` with each skills line listing the job's skills first (in the JD's order)."""
    wanted = [t.lower() for r in match.requirements for t in r.terms]
    lines = text.split("\n")
    for section in split_sections(lines):
        if section.name != "skills":
            continue
        for number in section.lines:
            lines[number - 1] = _ordered_line(lines[number - 1], wanted)
    return "\n".join(lines)


def _ordered_line(line: str, wanted: Sequence[str]) -> str:
    prefix = re.match(r"^\s*(?:[-*]\s+)?(?:[^:：,，、]{1,30}[:：]\s*)?", line)
    head = prefix.group(0) if prefix else ""
    parts = _SKILL_SPLIT.split(line[len(head):])
    items, seps = parts[0::2], parts[1::2]
    if len(items) < 2 or len(set(s.strip() for s in seps)) != 1:
        return line  # a sentence or mixed separators: not a plain list

    def rank(item: str) -> int:
        key = item.strip().lower()
        hits = [i for i, w in enumerate(wanted) if w in key or key.endswith(w)]
        return hits[0] if hits else len(wanted)
    ordered = sorted(items, key=rank)
    tail = ordered[-1]
    ordered = [i.strip() for i in ordered]
    trailing = tail[len(tail.rstrip()):]
    return head + seps[0].join(ordered) + trailing


def first_third(text: str) -> str:
    """The summary and the first third of the resume's non-empty lines (the personal
    header left out: the same body reads the same with or without the name and phone)."""
    personal = set(personal_lines(text))
    lines = [line for line in text.split("\n") if line.strip()
             and line_text(line) not in personal]
    cut = max(1, len(lines) // 3)
    summary = _section_text(text, "summary")
    return "\n".join([summary, *lines[:cut]])


def _prose(summary: str) -> str:
    """The summary's lines other than the sentences :func:`summary_sentence` writes."""
    made = (*_LEAD.values(), *_QUOTE.values())
    return "\n".join(line for line in summary.split("\n")
                     if line.strip() and not line_text(line).startswith(made))


def cv_profile(cv: str, *, lang: str) -> str:
    """The CV's summary section, when it is in ``lang`` (a Chinese profile does not open
    an English resume)."""
    text = "\n".join(line_text(line) for line in _section_text(cv, "summary").split("\n")
                     if line.strip())
    return text if bool(_CJK.search(text)) == (lang == "zh") else ""


def _section_text(text: str, name: str) -> str:
    lines = text.split("\n")
    return "\n".join(lines[n - 1] for s in split_sections(lines) if s.name == name
                     for n in s.lines)


def shows(requirement: Requirement, text: str) -> bool:
    """True when ``text`` names every found term of ``requirement``, or (a requirement
    without terms) shows as much of its wording as its best CV line does, up to half."""
    if requirement.found:
        return all(names_term(text, t) for t in requirement.found)
    best = support(requirement.text, requirement.evidence[0]) if requirement.evidence else 0.5
    return support(requirement.text, text) >= min(0.5, best) > 0


def tailor(text: str, match: JobMatch, *, lang: str, title: str, profile: str = "") -> str:
    """``text`` aimed at the job without a model: bullets and skills ordered by relevance,
    and a summary that names every supported requirement's skills (``title`` heads a
    summary made when there is none). A summary left without prose (the model wrote
    none, or what it wrote was stripped) starts with the CV's own ``profile``."""
    text = order_skills(order_bullets(text, match), match)
    if profile.strip() and not _prose(_section_text(text, "summary")):
        text = add_to_summary(text, profile.strip(), title=title, first=True)
    summary, top = _section_text(text, "summary"), first_third(text)
    missing = [r for r in match.supported if (r.found and not shows(r, summary))
               or (not r.found and not shows(r, top))]
    return add_to_summary(text, summary_sentence(missing, lang=lang), title=title)


def missing_from_top(text: str, match: JobMatch) -> list[Requirement]:
    """Supported requirements the summary and the first third do not show."""
    top = first_third(text)
    return [r for r in match.supported if not shows(r, top)]


def summary_sentence(missing: Sequence[Requirement], *, lang: str) -> str:
    """One sentence naming the CV's skills for ``missing``, and for a requirement without
    named skills the words its best CV line shares with it ("data quality checks"); when
    the line shares no run of words with it (the CV says it in other words), a second
    sentence quotes that CV line. "" when there is nothing to name."""
    lang = lang if lang in _LEAD else "en"
    worded = [r for r in missing if not r.found and r.evidence]
    phrases = {r.text: shared_phrase(r.text, r.evidence[0]) for r in worded}
    named = list(dict.fromkeys([*(as_written(t, r.evidence) for r in missing for t in r.found),
                                *(p for p in phrases.values() if p)]))
    # "SQL" says nothing "SQL Server" did not
    terms = [t for t in named if not any(t != o and f" {t.lower()} " in f" {o.lower()} "
                                         for o in named)]
    quoted = list(dict.fromkeys(_clause(r.evidence[0]) for r in worded
                                if not phrases[r.text]))
    out = []
    if terms:
        out.append(_LEAD[lang] + _JOIN[lang].join(terms) + _END[lang])
    if quoted:
        out.append(_QUOTE[lang] + _QUOTE_JOIN[lang].join(quoted) + _END[lang])
    return _SENTENCE_JOIN[lang].join(out)


def _clause(line: str) -> str:
    """A CV line as a clause of a sentence: no end mark."""
    return line.strip().rstrip(".。;；")


def shared_phrase(requirement: str, line: str) -> str:
    """The longest run of words (Chinese: characters) the CV ``line`` shares with the
    ``requirement``, as the CV writes it; "" when under two words (four characters)."""
    if _CJK.search(requirement):
        match = SequenceMatcher(None, requirement, line, autojunk=False).find_longest_match()
        phrase = line[match.b:match.b + match.size].strip(" ，、,.。：:")
        return phrase if len(phrase) >= 4 and _CJK.search(phrase) else ""
    words = re.findall(r"[\w+#.\-]+", line)
    keys = [w.lower() for w in re.findall(r"[\w+#.\-]+", requirement)]
    match = SequenceMatcher(None, keys, [w.lower() for w in words],
                            autojunk=False).find_longest_match()
    run = words[match.b:match.b + match.size]
    content = [w for w in run if len(w) > 3]
    return " ".join(run) if len(run) >= 2 and len(content) >= 2 else ""


def add_to_summary(text: str, sentence: str, *, title: str, first: bool = False) -> str:
    """``text`` with ``sentence`` ending (``first``: opening) its summary (a summary
    section made if none)."""
    if not sentence:
        return text
    lines = text.split("\n")
    summary = next((s for s in split_sections(lines) if s.name == "summary" and s.heading),
                   None)
    if summary is None:
        return f"## {title}\n{sentence}\n\n{text.lstrip()}"
    body = [n for n in summary.lines if lines[n - 1].strip()]
    at = body[-1] if body and not first else summary.heading or 0
    lines.insert(at, sentence)
    return "\n".join(lines)


def body_key(text: str) -> list[str]:
    """The text's lines in order, without personal lines, Markdown marks, case and
    spacing: two resumes with the same key say the same things in the same order."""
    personal = set(personal_lines(text))
    return [re.sub(r"\s+", " ", line_text(line)).casefold() for line in text.split("\n")
            if line.strip() and line_text(line) not in personal]


def is_unchanged(resume: str, cv: str) -> bool:
    """True when the resume is the CV again, line for line: nothing reworded, added, left
    out or moved (call it on the tailored text: ordering and the summary sentence are
    tailoring a reader sees)."""
    return body_key(resume) == body_key(cv)


def changes(cv: str, resume: str, match: JobMatch) -> list[str]:
    """What tailoring changed, in words, for the match report."""
    out: list[str] = []
    cv_summary, summary = _section_text(cv, "summary"), _section_text(resume, "summary")
    if summary.strip() and _plain(summary) != _plain(cv_summary):
        out.append("summary rewritten for the role" if cv_summary.strip()
                   else "summary added for the role")
    cv_bullets = [_plain(b) for b in cv.split("\n") if is_bullet(b)]
    bullets = [_plain(b) for b in resume.split("\n") if is_bullet(b)]
    kept = [b for b in bullets if b in cv_bullets]
    if kept != [b for b in cv_bullets if b in kept]:
        out.append("bullets ordered by relevance to the job")
    reworded = sum(1 for b in bullets if b not in cv_bullets)
    if reworded:
        out.append(f"{reworded} bullet(s) reworded toward the job description")
    dropped = sum(1 for b in cv_bullets if b not in bullets)
    if dropped:
        out.append(f"{dropped} CV bullet(s) not used")
    if _plain(_section_text(resume, "skills")) != _plain(_section_text(cv, "skills")):
        out.append("skills line: the job's skills first")
    covered = sum(1 for r in match.supported if shows(r, first_third(resume)))
    out.append(f"{covered} of {len(match.supported)} supported requirements in the summary "
               "or first third")
    return out


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", line_text(text)).casefold().strip()
