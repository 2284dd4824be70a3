"""A resume project the CV describes under another name.

Tailored resumes rename projects: by the technology they used ("Kafka Shipment Tracking
Pipeline" for the CV's "Real-time Shipment Tracking", whose bullet says Kafka), by what
they did ("Scheduling Optimization with OR-Tools"), or with a word of the job's added.
The name alone then matches nothing. The rule: the resume's project is the CV's when
(1) the words of its name are the CV project's own words - its name, bullets and tech
line, a word matching another of its root ("Extraction" for "Extracted") - and (2)
something else ties them: the same date range, or a bullet the resume keeps from it.
Both are needed, so an invented project with borrowed words or borrowed dates still
fails. When both ties hold (same dates and a kept bullet), the entry is the CV's project
whatever it is called, and its name is a label that may be reworded ("Messaging
Migration" for "Event Bus"): it must still share a word with the project and name no
technology the project does not show. The caller also wants exactly one CV project.
"""

from __future__ import annotations

import re
from os.path import commonprefix

from rapidfuzz import fuzz

from pse.cv.dates import find_ranges, same_range
from pse.cv.facts import DateRange, Entry
from pse.cv.glossary import content_words, has_cjk, normalize

_CJK = re.compile(r"[\u4e00-\u9fff]")
# words any project name may add: what kind of thing it is, not what it is
_GENERIC = frozenset({"project", "system", "platform", "pipeline", "model", "service",
                      "tool", "engine", "app", "application", "based", "using", "with",
                      "for", "and", "the", "of"})
_ZH_GENERIC = ("基于", "的", "系统", "平台", "项目", "模型", "引擎", "服务", "工具", "改造",
               "重构", "建设", "开发", "与", "和")
_NAME_COVER = 0.75
"""Share of the name's words (Chinese: character pairs) the CV project must contain."""
_SAME_BULLET = 85
_TECHNICAL = re.compile(r"^[A-Z0-9]{2,}$|[a-z][A-Z]|\d|[+#]")
_DATE_LABEL = re.compile(r"^\s*(?:dates?|period|duration|time|时间|周期|项目时间)\s*[:：]\s*",
                         re.IGNORECASE)


def project_described(claim: Entry, source: Entry) -> bool:
    """True when the resume project ``claim`` is the CV project ``source`` renamed."""
    if claim.name is None or source.name is None:
        return False
    block = " ".join([source.name.text, *(b.span.text for b in source.bullets)])
    cover = _name_cover(claim.name.text, block)
    dates = entry_dates(source)
    same_dates = claim.dates is not None and dates is not None and same_range(
        claim.dates, dates)
    kept = _keeps_a_bullet(claim, source)
    if same_dates and kept:
        return cover > 0 and not _new_terms(claim.name.text, block)
    return cover >= _NAME_COVER and (same_dates or kept)


def _name_cover(name: str, block: str) -> float:
    if has_cjk(name):
        for generic in _ZH_GENERIC:
            name = name.replace(generic, " ")
        runs = re.findall(r"[\u4e00-\u9fff]+", name)
        pairs = {run[i:i + 2] for run in runs for i in range(len(run) - 1)}
        pairs |= {w.lower() for w in re.findall(r"[A-Za-z][\w+#.\-]*", name)}
        if not pairs:
            return 0.0
        text = block.lower()
        return sum(1 for p in pairs if p in text) / len(pairs)
    words = {w for w in content_words(name) if w not in _GENERIC}
    if not words:
        return 0.0
    known = set(content_words(block))
    return sum(1 for w in words if w in known or any(_same_root(w, k) for k in known)
               ) / len(words)


def _same_root(a: str, b: str) -> bool:
    """``optimization``/``optimizer``, ``extraction``/``extracted``: one root, another
    ending (a shared start of five letters or more, at most three letters short of the
    shorter word)."""
    common = len(commonprefix([a, b]))
    return common >= 5 and common >= min(len(a), len(b)) - 3


def _new_terms(name: str, block: str) -> list[str]:
    """Technology-like words of ``name`` the project's own text does not contain: all
    capitals (``BERT``), inner capitals (``RabbitMQ``), digits or ``+``/``#``, and every
    Latin word of a Chinese name."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9+#.\-]*[A-Za-z0-9+#]|[A-Za-z]", name)
    known = set(normalize(block).split())
    terms = [w for w in words if has_cjk(name) or _TECHNICAL.search(w)]
    return [t for t in terms if not set(normalize(t).split()) <= known]


def _keeps_a_bullet(claim: Entry, source: Entry) -> bool:
    return any(fuzz.token_set_ratio(a.span.text, b.span.text) >= _SAME_BULLET
               for a in claim.bullets for b in source.bullets
               if len(a.span.text) > 12 and len(b.span.text) > 12)


def entry_dates(entry: Entry) -> DateRange | None:
    """The entry's date range: from its heading, or from a line under it that is only a
    range (``Mar 2022 – Jul 2022``, ``时间：2022.01 - 2022.09``), which a resume moves into
    the heading."""
    if entry.dates is not None:
        return entry.dates
    for bullet in entry.bullets[:2]:
        text = _DATE_LABEL.sub("", bullet.span.text).strip(" .。")
        ranges = find_ranges(text, bullet.span.line)
        if len(ranges) == 1 and len(ranges[0].span.text) >= 0.8 * len(text):
            return ranges[0]
    return None
