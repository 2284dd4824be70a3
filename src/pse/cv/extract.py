"""Fact extraction: one CV, note file or resume -> :class:`~pse.cv.facts.Document`.

Sections (:mod:`~pse.cv.sections`) decide what a line can state: entries in
experience and project sections (header fields and bullets with their numbers), degree
and school in education lines, certification names, skill lists (``Familiar with:`` /
``了解：`` lists are hedged), and stated durations (``8+ years``, ``12年以上``) in the
summary and other prose. Extraction of a resume may be told which companies and titles
the sources know, so ``Microsoft | Sr. Engineer`` is read the way the CV reads.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pse.cv.dates import find_ranges
from pse.cv.entries import Header, Matcher, parse_header, split_parts, title_score
from pse.cv.facts import (
    Approx,
    Bullet,
    Degree,
    DegreeLevel,
    Document,
    Duration,
    EducationItem,
    Entry,
    SkillItem,
    Span,
)
from pse.cv.inner import inner_project, project_line
from pse.cv.numbers import find_metrics, parse_cjk, word_value
from pse.cv.sections import (
    Section,
    is_bullet,
    names_certifications,
    split_entries,
    split_sections,
    strip_bullet,
)

_CAP = r"[A-Z][A-Za-z]+"
_DEGREE = re.compile(
    r"(?P<mba>\bE?MBA\b(?:\s*[（(][^）)]*[）)])?|\b(?:E\.)?M\.B\.A\b\.?"
    r"|\bMaster of Business Administration\b"
    r"|工商管理硕士)"
    r"|(?P<doctorate>\bPh\.?\s?D\b\.?|\bD\.?Phil\b\.?|\bEd\.?D\b\.?|\bDoctor(?:ate)?\b"
    rf"(?: (?:of|in) {_CAP}(?: {_CAP})*)?|博士(?:研究生)?(?:学位)?)"
    r"|(?P<master>\bM\.?\s?Sc\b\.?|\bM\.S\.|\bMS\b|\bM\.?Eng\b\.?|\bM\.A\.|\bMA\b|\bMSN\b"
    r"|\bMPH\b|\bMFA\b|\bMPA\b|\bMPhil\b|\bM\.?Ed\b\.?|\bLL\.?M\b\.?|\bMaster(?:'s|’s|s)?\b"
    rf"(?: (?:degree )?(?:of|in) {_CAP}(?: {_CAP})*)?|硕士(?:研究生)?(?:学位)?(?:[（(]\w+[）)])?"
    r"|研究生)"
    r"|(?P<bachelor>\bB\.?\s?Sc\b\.?|\bB\.S\.|\bBS\b|\bB\.?Eng\b\.?|\bB\.A\.|\bBA\b|\bBSN\b"
    r"|\bBBA\b|\bB\.?Com\b\.?|\bB\.?Tech\b\.?|\bLL\.?B\b\.?|\bBachelor(?:'s|’s|s)?\b"
    rf"(?: (?:degree )?(?:of|in) {_CAP}(?: {_CAP})*)?|本科(?:[（(]学士[）)])?|学士(?:学位)?)"
    rf"|(?P<associate>\bAssociate(?:'s|’s)? (?:[Dd]egree|of {_CAP}(?: {_CAP})*)|大专|专科)")
_LEVELS: dict[str, DegreeLevel] = {"mba": "mba", "doctorate": "doctorate", "master": "master",
                                   "bachelor": "bachelor", "associate": "associate"}
_SCHOOL = re.compile(r"\b(?:University|College|Institute|School|Academy|Polytechnic|"
                     r"Conservatory|Universit[äéy]|Universidad)\b|大学|学院|学校|研究院")
_ZH_SCHOOL_END = re.compile(r"^[\u3400-\u9fff]{2,20}?(?:大学|大學|学院|學院|学校)"
                            r"(?:[（(][^）)]*[）)])?(?=\s+\S)")
_CERT_YEAR = re.compile(r"(?:\s*[(（]\s*(?:(?:issued|since|exp\w*)\s*)?(?:19|20)\d{2}\s*年?"
                        r"(?:\s*[-–]\s*(?:(?:19|20)\d{2}|present))?\s*[)）]"
                        r"|\s*[,，\-–|]\s*(?:19|20)\d{2}\s*年?)\s*$", re.IGNORECASE)
_SKILL_LABEL = re.compile(r"^\s*(?:\*\*)?([^:：*]{1,32}?)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*")
_HEDGED = re.compile(r"familiar|exposure|working knowledge|basic|learning|some experience|"
                     r"introductory|beginner|novice|了解|接触|入门|初步", re.IGNORECASE)
_SKILL_SPLIT = re.compile(r"\s*(?:[,，、;；·•|｜]|\s-\s)\s*")
_NUMBER_WORDS = (r"\d{1,2}(?:\.\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                 r"twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
                 r"twenty|thirty|forty")
_DURATION_EN = re.compile(
    r"(?P<pre>\b(?:over|more than|nearly|almost|about|around|approximately|close to|roughly|"
    rf"at least|some)\s+)?\b(?P<n>{_NUMBER_WORDS})(?P<plus>\s*\+)?\s*(?:years?|yrs?)\b",
    re.IGNORECASE)
_DURATION_ZH = re.compile(
    r"(?P<pre>近|超过|逾|将近|约|大约)?(?<![\d.])(?P<n>\d{1,2}|[一二两三四五六七八九十]{1,3})"
    r"(?P<plus>\s*\+)?\s*(?P<mid>余|多)?年(?P<post>以上|多|余|有余)?(?![\d月])")
_ABOUT_WORDS = {"nearly", "almost", "about", "around", "approximately", "close to", "roughly",
                "some", "近", "将近", "约", "大约"}


def parse_document(text: str, path: str, *, is_company: Matcher | None = None,
                   is_title: Matcher | None = None) -> Document:
    """Extract the facts of one document (Markdown or plain text, English or Chinese)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    jobs: list[Entry] = []
    projects: list[Entry] = []
    education: list[EducationItem] = []
    certs: list[Span] = []
    skills: list[SkillItem] = []
    durations: list[Duration] = []
    loose: list[Bullet] = []
    for section in split_sections(lines):
        if section.name in ("experience", "projects", "entries"):
            kind = {"experience": "job", "projects": "project"}.get(section.name, "auto")
            for entry in _entries(lines, section, path, kind, is_company, is_title, loose):
                (jobs if entry.kind == "job" else projects).append(entry)
            continue
        mixed = section.heading is not None and names_certifications(lines[section.heading - 1])
        for number in section.lines:
            line = lines[number - 1]
            if not line.strip():
                continue
            if section.name == "education":
                item = parse_education(line, number)
                if item.degree is None and item.school is None and mixed:
                    certs.extend(_certification(line, number))
                else:
                    education.append(item)
            elif section.name == "certifications":
                certs.extend(_certification(line, number))
            elif section.name == "skills":
                skills.extend(parse_skills(line, number))
            else:
                durations.extend(find_durations(line, number))
                if section.name != "header" or is_bullet(line):
                    loose.append(_bullet(line, number))
    return Document(path=path, lines=tuple(lines), jobs=tuple(jobs), projects=tuple(projects),
                    education=tuple(education), certifications=tuple(certs),
                    skills=tuple(skills), durations=tuple(durations), loose_metrics=tuple(loose))


def _entries(lines: list[str], section: Section, path: str, kind: str,
             is_company: Matcher | None, is_title: Matcher | None,
             loose: list[Bullet]) -> list[Entry]:
    out: list[Entry] = []
    job: Entry | None = None
    for raw in split_entries(lines, section.lines):
        bullets = tuple(_bullet(lines[n - 1], n) for n in raw.body)
        if not raw.header:
            loose.extend(bullets)
            continue
        first = lines[raw.header[0] - 1]
        inner = inner_project(first, raw.header[0], job=job, path=path, labelled_only=True) \
            if kind == "job" and job is not None and project_line(first) else None
        if inner is not None:
            out.append(replace(inner, bullets=bullets, header=tuple(
                Span(lines[n - 1], n, 0) for n in raw.header)))
            continue
        header_lines = [(n, lines[n - 1]) for n in raw.header]
        header = parse_header("project" if kind == "project" else "job", header_lines,
                              is_company=is_company, is_title=is_title)
        if kind == "auto" and not _is_job(header, is_company, is_title):
            header = parse_header("project", header_lines, is_company=is_company)
        entry = Entry(kind=header.kind, source=path,
                      header=tuple(Span(lines[n - 1], n, 0) for n in raw.header),
                      name=header.name, company=header.company, title=header.title,
                      dates=header.dates, bullets=bullets, aliases=header.aliases)
        out.append(entry)
        if entry.kind == "job" and kind != "project":
            job = entry
            out.extend(p for n in raw.body
                       if (p := inner_project(lines[n - 1], n, job=entry, path=path)))
    return out


def _is_job(header: Header, is_company: Matcher | None, is_title: Matcher | None) -> bool:
    """In a section without a heading: a job names a known employer or title (or, with
    nothing known, reads like a title at a company); anything else is a project."""
    if is_company is not None or is_title is not None:
        return bool(header.company and is_company and is_company(header.company.text)) or \
            bool(header.title and is_title and is_title(header.title.text))
    return bool(header.title and header.company and title_score(header.title.text) > 0)


def _bullet(line: str, number: int) -> Bullet:
    text, col = strip_bullet(line)
    return Bullet(span=Span(text, number, col), metrics=tuple(find_metrics(line, number)))


def find_degree(line: str, number: int) -> Degree | None:
    """The first degree named in ``line`` and its level."""
    match = _DEGREE.search(line)
    if match is None:
        return None
    name = next(k for k, v in match.groupdict().items() if v)
    return Degree(Span(match.group(0), number, match.start()), _LEVELS[name])


def parse_education(line: str, number: int) -> EducationItem:
    """Degree and school of one education line."""
    degree = find_degree(line, number)
    blank = [(r.span.col, r.span.col + len(r.span.text)) for r in find_ranges(line, number)]
    if degree:
        blank.append((degree.span.col, degree.span.col + len(degree.span.text)))
    parts = [p.span for p in split_parts(line, number, blank=blank, at=False)]
    parts = [p for p in parts if not re.match(r"(?:in|of)\s", p.text)]
    return EducationItem(line=number, text=line.strip(), degree=degree,
                         school=_school(line, parts, degree))


def _school(line: str, parts: list[Span], degree: Degree | None) -> Span | None:
    for index, part in enumerate(parts):
        cut = _ZH_SCHOOL_END.search(part.text)
        if cut and cut.end() < len(part.text):
            # "复旦大学 金融学": the school ends at its suffix; the major is not part of it
            return Span(part.text[:cut.end()], part.line, part.col)
        if _SCHOOL.search(part.text):
            nxt = parts[index + 1] if index + 1 < len(parts) else None
            between = line[part.col + len(part.text):nxt.col].strip() if nxt else ""
            if nxt and between == "," and re.fullmatch(r"University of [A-Z][a-z]+", part.text) \
                    and re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", nxt.text):
                text = line[part.col:nxt.col + len(nxt.text)]
                return Span(text, part.line, part.col)
            return part
    if degree is None:
        return None
    parts = [_first_cjk_word(p) for p in parts]
    bold = [p for p in parts if f"**{p.text}**" in line]
    if bold:
        return bold[0]
    if degree and len(parts) > 1:
        after = [p for p in parts if p.col > degree.span.col]
        parts = [p for p in parts if not after or p != after[0]]
    return parts[0] if parts else None


def _first_cjk_word(part: Span) -> Span:
    """``浙大 经济学`` -> ``浙大``: in Chinese a single space separates the fields."""
    match = re.match(r"([\u3400-\u9fff]{2,})\s+[\u3400-\u9fff]", part.text)
    return Span(match.group(1), part.line, part.col) if match else part


def _certification(line: str, number: int) -> list[Span]:
    text, col = strip_bullet(line)
    text = text.replace("**", "")
    col = line.find(text) if text in line else col
    text = _CERT_YEAR.sub("", text).strip().rstrip(".")
    return [Span(text, number, col)] if text and any(c.isalpha() for c in text) else []


def parse_skills(line: str, number: int) -> list[SkillItem]:
    """The items of one skills line; items after a "Familiar with:" label are hedged."""
    text, col = strip_bullet(line)
    hedged = False
    label = _SKILL_LABEL.match(text)
    if label and not _SKILL_SPLIT.search(label.group(1)):
        hedged = bool(_HEDGED.search(label.group(1)))
        col += label.end()
        text = text[label.end():]
    items: list[SkillItem] = []
    position = 0
    for sep in [*_SKILL_SPLIT.finditer(text), None]:
        end = sep.start() if sep else len(text)
        item = text[position:end].strip().strip("*").strip().rstrip(".。")
        if item and len(item) <= 60 and any(c.isalnum() for c in item):
            start = text.find(item, position)
            items.append(SkillItem(Span(item, number, col + start), hedged=hedged))
        if sep:
            position = sep.end()
    return items


def find_durations(line: str, number: int) -> list[Duration]:
    """Stated lengths of experience in ``line`` (``9+ years``, ``近十年``, ``8年多``)."""
    found: list[Duration] = []
    for match in [*_DURATION_EN.finditer(line), *_DURATION_ZH.finditer(line)]:
        raw = match.group("n")
        years = float(raw) if raw[0].isdigit() else float(_word_years(raw))
        groups = match.groupdict()
        pre = (groups.get("pre") or "").strip().lower()
        over = bool(groups.get("plus") or groups.get("mid") or groups.get("post")
                    or pre in {"over", "more than", "at least", "超过", "逾"})
        approx: Approx = "about" if pre in _ABOUT_WORDS else "over" if over else "exact"
        found.append(Duration(Span(match.group(0), number, match.start()), years, approx))
    return found


def _word_years(word: str) -> int:
    if word.lower() == "one":
        return 1
    value = word_value(word)
    return value if value is not None else parse_cjk(word)
