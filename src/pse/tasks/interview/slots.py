"""Which nine questions an interview sheet asks: chosen by code from the JD and the CV.

Easy questions walk through something the CV shows for a requirement of the job (the CV
line is cited); medium ones ask for depth on another requirement the CV supports; hard
ones probe what the job asks and the CV does not show (the JD line is cited). When a pool
runs short, a level borrows from the next one, then from the CV's own skills, so a thin
JD still gets nine questions; nine distinct topics are required, else it is an error.
Deterministic and pure: the same texts give the same slots.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from pse.cv.personal import line_text
from pse.cv.sections import split_sections
from pse.errors import TaskError
from pse.tasks.resume.requirements import Requirement, cv_skills, match_job

Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
PER_LEVEL = 3
CV_LABEL, JD_LABEL = "cv.md", "jd.md"


@dataclass(frozen=True)
class Probe:
    """The source line a question probes."""

    label: str
    """``cv.md`` or ``jd.md``."""
    line: int
    text: str
    """The line as the source writes it (list marker and emphasis aside)."""


@dataclass(frozen=True)
class Slot:
    """One question to ask: its number, level, topic and the line it probes."""

    number: int
    difficulty: Difficulty
    topic: str
    probe: Probe
    gap: bool = False
    """The job asks for the topic and the CV does not show it."""


@dataclass(frozen=True)
class _Candidate:
    topic: str
    probe: Probe
    gap: bool


def plan_slots(cv: str, jd: str) -> list[Slot]:
    """Nine slots, three per level, on nine distinct topics."""
    match = match_job(jd, cv)
    reader = _CvReader(cv)
    supported = list(_supported(match.requirements, reader))
    pools = {"easy": supported[0::2] + supported[1::2],
             "medium": supported[1::2] + supported[0::2],
             "hard": list(_gaps(match.requirements, jd))}
    extra = [*_phrases(match.requirements, reader, jd), *_skills(reader)]
    slots: list[Slot] = []
    # first nine distinct topics; when the texts name fewer, a topic is asked again at
    # another level (a walk-through, then its trade-offs, then scale), never twice in one
    for distinct in (True, False):
        for level in DIFFICULTIES:
            order = pools[level] + [c for other in DIFFICULTIES if other != level
                                    for c in pools[other]] + extra
            _fill(slots, level, order, distinct=distinct)
    if len(slots) < PER_LEVEL * len(DIFFICULTIES):
        raise TaskError(f"the job description and the CV name only {len(slots)} topics "
                        "that can be asked; give a fuller job description")
    slots.sort(key=lambda s: DIFFICULTIES.index(s.difficulty))
    return [replace(s, number=n) for n, s in enumerate(slots, start=1)]


def _fill(slots: list[Slot], level: Difficulty, order: Sequence[_Candidate], *,
          distinct: bool) -> None:
    """Add ``order``'s candidates to ``level`` until it has its three."""
    for candidate in order:
        if sum(s.difficulty == level for s in slots) == PER_LEVEL:
            return
        key = _squash(candidate.topic)
        clash = [_squash(s.topic) for s in slots if distinct or s.difficulty == level]
        if not key or any(key in u or u in key for u in clash):
            continue  # "Spark" and "Apache Spark" are one topic
        slots.append(Slot(number=0, difficulty=level, topic=candidate.topic,
                          probe=candidate.probe, gap=candidate.gap))


class _CvReader:
    """The CV's lines, and which of them show work (not the header, summary or lists)."""

    def __init__(self, cv: str) -> None:
        self.lines = cv.replace("\r\n", "\n").split("\n")
        sections = split_sections(self.lines)
        self.listing = {n for s in sections if s.name in ("header", "skills", "summary")
                        for n in s.lines}
        self.headings = {s.heading for s in sections if s.heading}

    def probe(self, term: str) -> Probe | None:
        """The line that best shows ``term``: a line of work before a list of skills."""
        found = [(number in self.listing, number) for number, line in
                 enumerate(self.lines, start=1) if number not in self.headings
                 and not line.lstrip().startswith("#") and _names(line_text(line), term)]
        if not found:
            return None
        number = min(found)[1]
        return Probe(CV_LABEL, number, shown_line(self.lines[number - 1]))


def _supported(requirements: Sequence[Requirement], reader: _CvReader
               ) -> Iterator[_Candidate]:
    """A topic of the job the CV shows, probed at the CV line that shows it."""
    for requirement in requirements:
        for term in requirement.found:
            probe = reader.probe(term)
            if probe is not None:
                yield _Candidate(term, probe, gap=False)


def _gaps(requirements: Sequence[Requirement], jd: str) -> Iterator[_Candidate]:
    """A topic the job asks for and the CV lacks, probed at the JD line that asks; then
    the job's other demands, asked at depth from the JD line."""
    located = [(r, locate(jd, r.text, label=JD_LABEL)) for r in requirements]
    for requirement, probe in located:
        if probe is not None:
            yield from (_Candidate(term, probe, gap=True) for term in requirement.missing)
    for requirement, probe in located:
        if probe is not None:
            yield from (_Candidate(term, probe, gap=False) for term in requirement.found)


def _phrases(requirements: Sequence[Requirement], reader: _CvReader, jd: str
             ) -> Iterator[_Candidate]:
    """Requirements that name no tool ("Build data quality checks"), as short phrases:
    probed at the CV's evidence when it has some, else at the JD line."""
    for requirement in requirements:
        if requirement.terms:
            continue
        phrase = _phrase(requirement.text)
        found = [p for p in (locate("\n".join(reader.lines), e, label=CV_LABEL)
                             for e in requirement.evidence) if p]
        probe = min(found, key=lambda p: (p.line in reader.listing, p.line), default=None)
        gap = probe is None
        probe = probe or locate(jd, requirement.text, label=JD_LABEL)
        if phrase and probe is not None:
            yield _Candidate(phrase, probe, gap=gap)


_FILLER = frozenset("""a an the and or of for to in on with at by as is are be we you our
your their this that it its experience experienced years year strong good solid excellent
plus nice bonus preferred required must should have has knowledge familiarity proficiency
ability skills skill""".split())


def _phrase(text: str) -> str:
    """A requirement cut to a topic: the longest run of its first clause's words that are
    not filler, at most five words (Chinese: the clause, at most 12 characters); ``""``
    when nothing is left. A run of the text's own words, so the JD still names it."""
    head = re.split(r"[,;:，；：（(.。]| and | with |与|和|及", text, maxsplit=1)[0].strip()
    if re.search(r"[\u4e00-\u9fff]", head):
        return head if 2 <= len(head) <= 12 else ""
    runs: list[list[str]] = [[]]
    for word in head.split():
        if word.casefold() in _FILLER or not re.search(r"[A-Za-z]", word):
            runs.append([])
        else:
            runs[-1].append(word)
    best = max(runs, key=len)
    return " ".join(best) if 1 <= len(best) <= 5 else ""


def _skills(reader: _CvReader) -> Iterator[_Candidate]:
    """The CV's listed skills, each probed at the line that best shows it."""
    for skill in cv_skills("\n".join(reader.lines)):
        probe = reader.probe(skill)
        if probe is not None:
            yield _Candidate(skill, probe, gap=False)


def locate(text: str, fragment: str, *, label: str) -> Probe | None:
    """The first line of ``text`` that holds ``fragment`` (as ``line_text`` reads lines)."""
    key = fragment.strip()[:60]
    if not key:
        return None
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if key in line_text(line):
            return Probe(label, number, shown_line(line))
    return None


def shown_line(line: str) -> str:
    """A source line as a sheet quotes it: without its list marker, otherwise as written
    (placeholders such as ``[NAME_2]`` intact, so the published sheet is restored)."""
    return re.sub(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+", "", line).strip()


def _names(line: str, term: str) -> bool:
    """Whether ``line`` names ``term`` as a whole word (Chinese: anywhere)."""
    if re.search(r"[\u4e00-\u9fff]", term):
        return term in line
    # ASCII word characters only: "基于Flink的" names Flink, "PostgreSQL" does not name SQL
    pattern = rf"(?<![A-Za-z0-9_+#.-]){re.escape(term)}(?![A-Za-z0-9_+#-])"
    return re.search(pattern, line, re.IGNORECASE) is not None


def _squash(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold()).removeprefix("apache")
