"""Tools credited to work the CV does not credit them to, and prose sentences said twice.

A small model writing a summary tends to take the CV's whole skills line and bind it to one
activity ("I used SQL, Excel, 神策分析 and Photoshop to analyse retention") while the CV
credits only two of them to that work. A sentence that names CV tools *and* uses them for
something (a use word: "used", "with", "用", "通过"...) makes a claim about each tool: the
CV must credit it to that activity. Credit is looked for in the job or project that names
the tool (a CV often lists a job's tools on their own "Tech:" bullet, apart from the
bullet that says what was done with them) or a line outside the skills list that names
it; the activity is credited there when at least half of its content words (English word
stems, Chinese character pairs) occur there. A skills list with no activity ("skilled in
Python, Spark") claims no binding. A resume in another language than its CV is skipped:
the activity's words cannot be compared.

The model also loops: a sentence of the summary written twice, or the self-evaluation
repeating the summary. Each later copy of a prose sentence (outside jobs, projects and
lists) is a ``repetition``. Pure functions over parsed documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pse.cv.context import SourceFacts, finding
from pse.cv.facts import Document, ResumeFinding, Span
from pse.cv.glossary import has_cjk, mostly_cjk
from pse.cv.names import in_text, skill_matches
from pse.cv.privacy import mask
from pse.cv.sections import split_sections
from pse.text.sentences import sentence_bounds

_USE = re.compile(r"\b(?:us(?:e|es|ed|ing)|with|via|through|leverag\w*|utili[sz]\w*|"
                  r"employ\w*|appl(?:y|ies|ied|ying)|in)\b|使用|利用|运用|通过|借助|基于|采用|"
                  r"依托|用(?!户)", re.IGNORECASE)
"""Words that put a tool to work on an activity."""

_LIST_GAP = re.compile(r"(?:\s|[,，、/／&+|｜]|\b(?:and|or|the|a|an)\b|以及|和|与|及|或)*",
                       re.IGNORECASE)
"""What may stand between the tools of one list."""
_SEPARATOR = re.compile(r"[,，、/／&+|｜]|\b(?:and|or)\b|以及|和|与|及|或", re.IGNORECASE)
_NAME = re.compile(r"(?:[A-Z][A-Za-z0-9.+#-]*[A-Za-z0-9+#]|[A-Z])(?![A-Za-z0-9_-])")
"""A product's name: one capitalised Latin word ("Kubernetes", "dbt" is not, "C#" is)."""
_SKILL_BEFORE = re.compile(
    r"\b(?:experience[ds]?|expertise|skill(?:s|ed)?|proficien(?:t|cy)|familiar(?:ity)?|"
    r"comfortable|knowledge|background|versed|fluent|competent|certified|trained|"
    r"speciali[sz]\w*|expert|strong|solid)\W*$|(?:熟练|精通|熟悉|掌握|擅长|了解|能够|会)\W*$",
    re.IGNORECASE)
"""A use word after these states a skill ("skilled in", "熟练使用"), not a piece of work."""

_STOP_EN = frozenset(
    "a an and or the of to for in on at by as is are was were be been i my we our me "
    "use uses used using with via through leveraging leveraged leverage utilising utilizing "
    "utilised utilized applying applied apply including include such like etc other tools "
    "tool technologies technology stack skills skill skilled proficient proficiency "
    "experienced experience expertise expert familiar knowledge strong solid hands years "
    "year well also both various modern advanced languages language frameworks framework "
    "platforms platform software".split())
_STOP_ZH = re.compile(r"使用|利用|运用|通过|借助|基于|采用|依托|用(?!户)|等技术|技术|工具|"
                      r"软件|平台|熟练|掌握|精通|熟悉|了解|擅长|以及|并且|进行|等|和|与|及|或|"
                      r"的|我|来|对")
_MIN_SHARE = 0.5
_SKIP_SECTIONS = frozenset({"skills", "education", "certifications"})
_MIN_REPEAT = 20
"""Characters (letters and digits) a sentence needs before saying it twice is a loop."""


def check_bindings(resume: Document, facts: SourceFacts) -> list[ResumeFinding]:
    """A ``tool-use`` finding for each resume sentence that binds CV tools to an activity
    the CV does not credit them with."""
    if mostly_cjk(resume.text) != facts.cross_lingual:
        return []
    tools = _tools(facts)
    if not tools:
        return []
    credits = {tool: _credit_texts(tool, facts) for tool in tools}
    out: list[ResumeFinding] = []
    for span in _claim_spans(resume):
        named = [t for t in tools if in_text(t, span.text)]
        bound = _bound(span.text, named) if named else []
        if not bound:
            continue
        activity = _tokens(_without(span.text, named))
        if len(activity) < 2:
            continue
        missing = [t for t in bound if not any(_covers(activity, c) for c in credits[t])]
        if missing:
            credited = [t for t in bound if t not in missing]
            reason = (f"the CV does not credit {', '.join(missing)} with this work; it names "
                      f"{'them' if len(missing) > 1 else 'it'} elsewhere or only as a skill")
            if credited:
                reason += f" (the CV credits {', '.join(credited)} with it)"
            out.append(finding(span, "tool-use", ok=False, reason=reason))
    return out


def check_list_names(resume: Document, facts: SourceFacts) -> list[ResumeFinding]:
    """A ``skill`` finding for each name in a list of CV tools put to work ("using SQL and
    Kubernetes") that the sources do not name: the skills check reads skills lists only."""
    listed = [s.span.text for d in facts.docs for s in d.skills]
    listed.extend(s.span.text for s in facts.tech_skills)
    tools = _tools(facts)
    out: list[ResumeFinding] = []
    for span in _claim_spans(resume):
        named = [t for t in tools if in_text(t, span.text)]
        if not named:
            continue
        for items in _tool_lists(span.text, named):
            for name, col, known in items:
                if known or skill_matches(name, listed, text=facts.text,
                                          glossary=facts.glossary):
                    continue
                where = "appears only in the job description" if facts.in_jd(name) else \
                    "is not in the sources"
                out.append(finding(Span(name, span.line, span.col + col), "skill", ok=False,
                                   reason=f"{name!r} {where}, named as a tool used"))
    return out


def check_repetition(resume: Document) -> list[ResumeFinding]:
    """A ``repetition`` finding for each prose sentence that the resume said before."""
    seen: set[str] = set()
    out: list[ResumeFinding] = []
    for span in _prose_sentences(resume):
        key = re.sub(r"\W+", "", span.text.casefold())
        if len(key) < (_MIN_REPEAT // 2 if has_cjk(key) else _MIN_REPEAT):
            continue
        if key in seen:
            out.append(finding(span, "repetition", ok=False,
                               reason="the resume says this sentence earlier"))
        seen.add(key)
    return out


def _bound(text: str, named: list[str]) -> list[str]:
    """The CV tools of ``text`` put to work (see :func:`_tool_lists`)."""
    return list(dict.fromkeys(name for items in _tool_lists(text, named)
                              for name, _, known in items if known))


def _tool_lists(text: str, named: list[str]) -> list[list[tuple[str, int, bool]]]:
    """The lists of tools right after a use word ("using SQL, Python and Tableau",
    "用SQL、Excel"), unless the use word states a skill ("experienced with", "熟练使用")
    rather than a piece of work: ``(name, column, is a CV tool)`` per item. After the
    first item, a name-like word (capitalised Latin) that a separator introduces is an
    item too, so a list can show a tool the CV does not name."""
    lists: list[list[tuple[str, int, bool]]] = []
    for use in _USE.finditer(text):
        if _SKILL_BEFORE.search(text[:use.start()]):
            continue
        items: list[tuple[str, int, bool]] = []
        at = use.end()
        while True:
            gap = _LIST_GAP.match(text, at).group(0)  # type: ignore[union-attr]
            at += len(gap)
            tool = next((t for t in named if _starts_with(text, at, t)), None)
            other = _NAME.match(text, at) if items and _SEPARATOR.search(gap) else None
            if tool is not None:
                items.append((tool, at, True))
                at += len(tool)
            elif other is not None:
                items.append((other.group(0), at, False))
                at = other.end()
            else:
                break
        if items:
            lists.append(items)
    return lists


def _starts_with(text: str, at: int, tool: str) -> bool:
    end = at + len(tool)
    if text[at:end].casefold() != tool.casefold():
        return False
    return has_cjk(tool) or end == len(text) or not text[end].isalnum() or has_cjk(text[end])


def _tools(facts: SourceFacts) -> list[str]:
    """The CV's named tools: items of its skills lists and ``Tech:`` lines that read as
    names (a few words), longest first so "Power BI" wins over "BI"."""
    items = [s.span.text.strip(" *.") for d in facts.docs for s in d.skills]
    items += [s.span.text.strip(" *.") for s in facts.tech_skills]
    names = {i for i in items if i and len(i.split()) <= 3 and len(i) <= 30}
    return sorted(names, key=lambda n: (-len(n), n))


def _credit_texts(tool: str, facts: SourceFacts) -> list[str]:
    """Where the CV puts ``tool`` to work: each job or project that names it (all its
    lines), and each line outside the skills lists that names it."""
    texts: list[str] = []
    for doc in facts.docs:
        skill_lines = {s.span.line for s in doc.skills}
        for entry in (*doc.jobs, *doc.projects):
            lines = [s.text for s in entry.header] + [b.span.text for b in entry.bullets]
            if any(in_text(tool, line) for line in lines):
                texts.append("\n".join(lines))
        texts.extend(line for number, line in enumerate(doc.lines, start=1)
                     if number not in skill_lines and in_text(tool, line))
    return texts


def _claim_spans(resume: Document) -> Iterator[Span]:
    """Each clause of the resume's prose and bullets (not headers, skills or education)."""
    for number, line in _body_lines(resume, bullets=True):
        for start, end in sentence_bounds(line, clauses=True):
            text = line[start:end]
            offset = start
            for piece in re.split(r"(?<=，)", text):
                if piece.strip():
                    lead = len(piece) - len(piece.lstrip())
                    yield Span(piece.strip(), number, offset + lead)
                offset += len(piece)


def _prose_sentences(resume: Document) -> Iterator[Span]:
    """The sentences of prose lines; a contact line (email, phone) is no prose: the
    published resume keeps one copy of it on top whatever the model wrote."""
    for number, line in _body_lines(resume, bullets=False):
        if mask(line) != line:
            continue
        for start, end in sentence_bounds(line):
            text = line[start:end]
            lead = len(text) - len(text.lstrip())
            yield Span(text.strip(), number, start + lead)


def _body_lines(resume: Document, *, bullets: bool) -> Iterator[tuple[int, str]]:
    """``(number, line)`` of the resume's text lines: never entry headers, headings or
    skills/education lists; entry bullets only when ``bullets``."""
    lines = list(resume.lines)
    skip = {s.line for e in (*resume.jobs, *resume.projects) for s in e.header}
    if not bullets:
        skip |= {b.span.line for e in (*resume.jobs, *resume.projects) for b in e.bullets}
    for section in split_sections(lines):
        if section.name in _SKIP_SECTIONS or section.name == "header":
            continue
        for number in section.lines:
            line = lines[number - 1]
            if number not in skip and line.strip() and not line.lstrip().startswith("#"):
                yield number, line


def _without(text: str, tools: list[str]) -> str:
    for tool in tools:
        text = re.sub(re.escape(tool), " ", text, flags=re.IGNORECASE)
    return text


def _tokens(text: str) -> frozenset[str]:
    """Content words: English stems (five letters) and Chinese character pairs."""
    words = {w[:5] for w in re.findall(r"[a-z][a-z-]+", text.casefold())
             if w not in _STOP_EN and len(w) > 2}
    runs = re.findall(r"[\u4e00-\u9fff]+", _STOP_ZH.sub(" ", text))
    pairs = {run[i:i + 2] for run in runs for i in range(len(run) - 1)}
    return frozenset(words | pairs)


def _covers(activity: frozenset[str], text: str) -> bool:
    return len(activity & _tokens(text)) >= _MIN_SHARE * len(activity)
