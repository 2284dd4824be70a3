"""The job description's requirements matched to the CV's evidence, without a model.

A requirement is a list item of the job description (or a sentence, for a JD without
lists). Its *terms* are the tools and names it asks for (capitalised or technical words,
the ASCII words of a Chinese JD, anything the CV lists as a skill); its *wording* is the
rest, compared word by word (:mod:`.wording`: light stems, synonyms and kinds from a data
table, Chinese characters by pairs). A CV line supports a requirement when it names one
of its terms (or, for a general need such as CI, one of its kind) or shows half its
wording; a third is partial support, reported with the words the CV lacks. The result
says, for every requirement, which CV lines support it and which of its terms the CV
lacks; the same scores order a job's bullets and the skills line by relevance.
Deterministic and pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pse.cv.personal import line_text, personal_lines
from pse.cv.sections import is_bullet, split_entries, split_sections
from pse.tasks.resume.wording import STOP, narrower, shown_words, support, units, unshown

Coverage = Literal["covered", "partial", "gap"]

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9+#.\-]*[A-Za-z0-9+#]|[A-Za-z]")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_TECHNICAL = re.compile(r"^(?:[A-Z][A-Za-z0-9+#.\-]*|[a-z]+[A-Z0-9][\w+#.\-]*|\w*[+#]\w*)$")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")
_SKILL_SPLIT = re.compile(r"\s*[,，、;；|]\s*")
_EVIDENCE = 3
_COVERED, _PARTIAL = 0.5, 0.34
# "5+ years of data engineering", "3年以上运营经验": a job's heading (title, dates) is evidence
_YEARS = re.compile(r"\d+\s*\+?\s*(?:years?|yrs)\b|\d+\s*年", re.IGNORECASE)
_ALTERNATIVES = re.compile(r"\bor\b|或|或者|/", re.IGNORECASE)


@dataclass(frozen=True)
class Requirement:
    """One requirement of the job description and what the CV has for it."""

    text: str
    terms: tuple[str, ...]
    """The tools and names it asks for, as the JD writes them."""
    found: tuple[str, ...]
    """The terms the CV names."""
    evidence: tuple[str, ...]
    """CV lines that support it, best first."""
    coverage: Coverage
    unshown: tuple[str, ...] = ()
    """Matched by wording (no named term): the requirement's words its CV lines lack."""

    @property
    def missing(self) -> tuple[str, ...]:
        """The terms the CV does not name (none when one of alternatives is enough)."""
        if self.coverage == "covered":
            return ()
        return tuple(t for t in self.terms if t not in self.found)


@dataclass(frozen=True)
class JobMatch:
    """Every requirement of a job description against one CV."""

    requirements: tuple[Requirement, ...]
    skills: tuple[str, ...]
    """The CV's skill names (for ordering the skills line)."""

    @property
    def supported(self) -> tuple[Requirement, ...]:
        """Requirements the CV covers at least in part."""
        return tuple(r for r in self.requirements if r.coverage != "gap")

    def top_terms(self, limit: int = 6) -> tuple[str, ...]:
        """The supported terms in the JD's order (what a summary should name)."""
        terms = [t for r in self.supported for t in r.found]
        return tuple(dict.fromkeys(terms))[:limit]

    def relevance(self, line: str) -> float:
        """How much ``line`` serves the job: terms it names (2 each) plus content shared."""
        return sum(_line_score(r, line) for r in self.requirements)


def requirement_lines(jd: str) -> list[str]:
    """The JD's list items (its requirements); its sentences when it has no list."""
    lines = jd.replace("\r\n", "\n").split("\n")
    items = [line_text(line) for line in lines if is_bullet(line) and line_text(line)]
    if items:
        return items
    body = " ".join(line_text(line) for line in lines[1:] if line.strip()
                    and not line.lstrip().startswith("#"))
    return [s.strip() for s in _SENTENCE.split(body) if len(s.strip()) > 8]


def cv_lines(cv: str) -> list[str]:
    """The CV's lines that can be evidence: not personal, not a section heading."""
    lines = cv.replace("\r\n", "\n").split("\n")
    personal = set(personal_lines(cv))
    headings = {s.heading for s in split_sections(lines) if s.heading}
    return [line_text(line) for number, line in enumerate(lines, start=1)
            if line.strip() and number not in headings and line_text(line) not in personal
            and not re.match(r"^\s{0,3}#{1,2}\s", line)]


def cv_skills(cv: str) -> list[str]:
    """The skill names of the CV's skills section(s) and ``Tech:`` lines."""
    lines = cv.replace("\r\n", "\n").split("\n")
    names: list[str] = []
    for section in split_sections(lines):
        if section.name != "skills":
            continue
        for number in section.lines:
            text = re.sub(r"^[^:：]{1,30}[:：]\s*", "", line_text(lines[number - 1]))
            names.extend(s.strip(" .。") for s in _SKILL_SPLIT.split(text) if s.strip(" .。"))
    for line in lines:
        label = re.match(r"^\s*[-*]?\s*(?:tech|stack|技术栈)\s*[:：]\s*(.+)$", line, re.I)
        if label:
            names.extend(s.strip(" .") for s in _SKILL_SPLIT.split(label.group(1)) if s.strip())
    return list(dict.fromkeys(n for n in names if len(n) <= 40))


def entry_headings(cv: str) -> frozenset[str]:
    """The header lines of the CV's jobs (company, title, dates; a project's name says what
    was done, so its heading stays evidence)."""
    lines = cv.replace("\r\n", "\n").split("\n")
    return frozenset(line_text(lines[n - 1]) for s in split_sections(lines)
                     if s.name == "experience"
                     for e in split_entries(lines, s.lines) for n in e.header)


def match_job(jd: str, cv: str) -> JobMatch:
    """Each requirement of ``jd`` with the lines of ``cv`` that support it."""
    skills = cv_skills(cv)
    evidence = cv_lines(cv)
    headings = entry_headings(cv)
    requirements = tuple(_requirement(text, evidence, skills, headings)
                         for text in requirement_lines(jd))
    return JobMatch(requirements=requirements, skills=tuple(skills))


def _requirement(text: str, lines: Sequence[str], skills: Sequence[str],
                 headings: frozenset[str] = frozenset()) -> Requirement:
    terms = requirement_terms(text, skills)
    found = tuple(t for t in terms if any(names_term(line, t) for line in lines))
    # a job's heading says what the candidate was and when, not what they did: its words
    # ("Digital Marketing Agency") support a task only when the task is years of a role
    worded = lines if _YEARS.search(text) else [x for x in lines if x not in headings]
    scored = sorted(((_score(terms, text, line) if line in worded else
                      _score(terms, "", line), line) for line in lines),
                    key=lambda pair: -pair[0])
    best, words = max(((support(text, line), shown_words(text, line)) for line in worded),
                      default=(0.0, 0))
    if terms:
        # "Python, Java or Go" asks for one of them; "Kafka, Spark and Airflow" for all
        enough = len(found) == len(terms) or (bool(found) and _ALTERNATIVES.search(text))
        coverage: Coverage = "covered" if enough else (
            "partial" if found or best >= _COVERED else "gap")
    else:
        # half its words shown is support; a third (two words at least: "engineer" in a
        # job title is not "mentor junior engineers") is partial support, said as partial
        enough_words = words >= min(2, len(units(text)))  # "Lead a marketing team": not "led"
        coverage = "covered" if best >= _COVERED and enough_words else (
            "partial" if best >= _PARTIAL and words >= 2 else "gap")
    floor = _COVERED if coverage == "covered" else _PARTIAL
    evidence = () if coverage == "gap" else tuple(
        line for score, line in scored if score >= floor)[:_EVIDENCE]
    # matched by its wording, not by a named term: say which of its words the CV lacks
    lacks = unshown(text, "\n".join(worded)) if evidence and not found else ()
    return Requirement(text=text, terms=terms, found=found, evidence=evidence,
                       coverage=coverage, unshown=lacks)


def requirement_terms(text: str, skills: Sequence[str] = ()) -> tuple[str, ...]:
    """The tools and names ``text`` asks for: technical-looking words (not the first word
    of the item, which English capitalises anyway) and any CV skill it names."""
    body = re.sub(r"^[^:：]{1,20}[:：]\s*", "", text)
    found = list(_WORD.finditer(body))
    # the first word is capitalised by position, unless a list starts there ("Kubernetes,")
    listed = bool(re.match(r"^\W*[\w+#.\-]+\s*[,、，]", body))
    # ... and a first word with more than one capital ("SQL", "PostgreSQL") is a name
    kept = [m for i, m in enumerate(found)
            if (i > 0 or listed or _CJK_RUN.search(text)
                or sum(c.isupper() for c in m.group(0)) > 1) and _TECHNICAL.match(m.group(0))
            and m.group(0).lower() not in STOP]
    terms = [w.rstrip(".") for w in _joined_names(body, kept)]
    terms.extend(s for s in skills if _names(text, s))
    out: list[str] = []
    for term in terms:  # "Apache Spark" from the CV and "Spark" from the JD: keep one
        if not any(_squash(term) in _squash(o) or _squash(o) in _squash(term) for o in out):
            out.append(term)
    return tuple(out)


def _joined_names(body: str, words: Sequence[re.Match[str]]) -> list[str]:
    """Technical words one space apart are one name: ``Power BI``, ``SQL Server``,
    ``Azure Data Factory``."""
    names: list[str] = []
    end = -2
    for word in words:
        if names and body[end:word.start()] == " ":
            names[-1] += " " + word.group(0)
        else:
            names.append(word.group(0))
        end = word.end()
    return names


def _squash(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.lower()).removeprefix("apache")


def _names(line: str, term: str) -> bool:
    """True when ``line`` names ``term`` as a whole word (``Apache Spark`` names Spark)."""
    key = _squash(term)
    if not key:
        return False
    if _CJK_RUN.search(term):
        return key in _squash(line)
    words = {_squash(w) for w in re.split(r"[^\w+#.\-]+", line) if w}
    return key in words or re.search(rf"(?<![\w+#]){re.escape(term.lower())}(?![\w+#])",
                                     line.lower()) is not None


def names_term(line: str, term: str) -> bool:
    """True when ``line`` names ``term`` or, for a general need (``CI``), one of its kind
    (``Jenkins``)."""
    return _names(line, term) or any(_names(line, n) for n in narrower(term))


def as_written(term: str, lines: Sequence[str]) -> str:
    """``term`` as the CV writes it: itself when a line names it, else the thing of its
    kind a line names ("Jenkins" for "CI"): a summary names the CV's facts, not the JD's."""
    if any(_names(line, term) for line in lines):
        return term
    named = (n for n in narrower(term) for line in lines if _names(line, n))
    return next((_as_in(n, lines) for n in named), term)


def _as_in(name: str, lines: Sequence[str]) -> str:
    """``name`` in the case a line writes it ("jenkins" -> "Jenkins")."""
    for line in lines:
        found = re.search(rf"(?<![\w+#]){re.escape(name)}(?![\w+#])", line, re.IGNORECASE)
        if found:
            return found.group(0)
    return name


def _score(terms: Sequence[str], text: str, line: str) -> float:
    return 2.0 * sum(1 for t in terms if names_term(line, t)) + support(text, line)


def _line_score(requirement: Requirement, line: str) -> float:
    return _score(requirement.terms, requirement.text, line)
