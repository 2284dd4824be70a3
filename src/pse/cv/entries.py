"""Header lines of jobs and projects: which piece is the company, the title, the name.

A header such as ``### Company | Title | Jul 2022 – Now``, ``**Company** — Title (dates)``,
``### Title, Company`` + ``*dates*``, ``2023.09 ~ 至今  公司  职位`` or
``### Project (Company | dates)`` is cut into pieces at separators (``|``, spaced dashes,
``·``, commas, parentheses, runs of spaces) with their columns kept. Dates come out first;
the remaining pieces are scored as title-like (role nouns: Engineer, 经理...) or
company-like (legal suffixes, 公司, Bank...). When the sources are known, a piece that
names a source company or title wins outright.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pse.cv.dates import find_ranges
from pse.cv.facts import DateRange, EntryKind, Span

Matcher = Callable[[str], bool]

_TITLE_WORDS = frozenset("""
engineer developer manager director analyst scientist recruiter coordinator specialist
controller president vp svp evp officer lead head chief consultant designer architect
administrator intern partner representative executive accountant auditor planner buyer
strategist editor writer marketer owner nurse physician pharmacist therapist technician
supervisor assistant principal fellow researcher professor teacher agent advisor adviser
generalist clerk operator programmer ceo cto cfo coo cmo cio founder co-founder sr jr
trainee associate producer instructor counsel attorney paralegal economist statistician
dispatcher scheduler expeditor superintendent foreman forwarder driver estimator underwriter
""".split())
_TITLE_ZH = ("经理", "总监", "工程师", "专员", "分析师", "专家", "主管", "总经理", "官", "运营",
             "顾问", "助理", "实习生", "架构师", "设计师", "开发", "负责人", "组长", "主任", "总裁",
             "董事", "研究员", "科学家", "策划", "会计", "出纳", "采购", "销售", "编辑", "讲师",
             "护士", "医生", "合伙人", "创始人", "代表", "督导", "主理人")
_COMPANY_WORDS = frozenset("""
inc inc. incorporated ltd ltd. limited llc llp lp plc corp corp. corporation company co co.
group holdings ag gmbh sa nv bv n.a. na bank partners capital technologies technology
systems solutions software labs analytics media agency health healthcare medical center
centre hospital clinic foods manufacturing outfitters logistics insurance financial fintech
payments consulting studio studios university college institute foundation retail digital
care learning networks services industries international global ventures pharma
pharmaceuticals biotech energy motors airlines bancorp trust securities investments freight
shipping transport express distribution warehousing carriers lines b.v n.v s.a oy ab pty kk
""".split())
_COMPANY_ZH = ("公司", "集团", "银行", "有限", "科技", "大学", "学院", "医院", "中心", "研究院",
               "事务所", "工作室", "电商", "商务", "金融", "网络", "信息", "证券", "保险", "基金",
               "控股", "实业", "传媒", "文化", "教育", "物流", "贸易")
_LEGAL_TAIL = re.compile(r"^(?:inc|ltd|llc|llp|corp|co|plc|n\.?a|gmbh|ag|s\.?a|pte|pty)\.?$",
                         re.IGNORECASE)
_BASE_SEPARATORS = (r"\s*[|｜]\s*|\s+[-–—]+\s+|\s*—+\s*|\s*[·•]\s*|,\s+|，\s*|、|\s{2,}|\t+"
                    r"|\x00+")
_SEPARATORS = re.compile(_BASE_SEPARATORS)
_WORD_SEPARATORS = re.compile(_BASE_SEPARATORS + r"|\s+@\s+|\s+at\s+")
_PAREN = re.compile(r"[(（]([^()（）]*)[)）]")
_DECOR = re.compile(r"^\s*#+\s*|\*+|(?<!\w)_+|_+(?!\w)|`+")
_CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Part:
    """A piece of a header line."""

    span: Span
    paren: bool = False
    """The piece sat in a trailing parenthesis: ``(Alibaba Group)``, ``(Company | dates)``."""


@dataclass(frozen=True)
class Header:
    """The fields found in an entry's header lines."""

    kind: EntryKind
    dates: DateRange | None
    name: Span | None
    company: Span | None
    title: Span | None
    aliases: tuple[str, ...]
    parts: tuple[Part, ...]


def split_parts(line: str, line_no: int, *, blank: list[tuple[int, int]],
                at: bool = True) -> list[Part]:
    """Cut ``line`` into pieces; ``blank`` spans (dates) are treated as separators, and
    with ``at`` so are `` at `` and `` @ `` (``Engineer at Google``)."""
    chars = list(_DECOR.sub(lambda m: "\x00" * len(m.group(0)), line))
    for start, end in blank:
        chars[start:end] = "\x00" * (end - start)
    masked = "".join(chars)
    paren_cols: list[tuple[int, int]] = []
    for match in _PAREN.finditer(masked):
        after = masked[match.end():match.end() + 1]
        if after and (after.isalnum() or _CJK.match(after)):
            continue
        paren_cols.append((match.start(1), match.end(1)))
        masked = masked[:match.start()] + "\x00" + masked[match.start() + 1:match.end() - 1] \
            + "\x00" + masked[match.end():]
    parts: list[Part] = []
    position = 0
    separators = _WORD_SEPARATORS if at else _SEPARATORS
    for sep in [*separators.finditer(masked), None]:
        end = sep.start() if sep else len(masked)
        _add_part(parts, masked, line, position, end, line_no, paren_cols)
        if sep:
            position = sep.end()
    return _merge_legal(parts, line)


def _add_part(parts: list[Part], masked: str, line: str, start: int, end: int, line_no: int,
              paren_cols: list[tuple[int, int]]) -> None:
    while start < end and (masked[start].isspace() or masked[start] in "\x00:：-–"):
        start += 1
    while end > start and (masked[end - 1].isspace() or masked[end - 1] in "\x00:：-–,"):
        end -= 1
    if end <= start or "\x00" in masked[start:end]:
        return
    text = line[start:end]
    if not any(ch.isalnum() for ch in text):
        return
    paren = any(a <= start and end <= b for a, b in paren_cols)
    parts.append(Part(Span(text, line_no, start), paren=paren))


def _merge_legal(parts: list[Part], line: str) -> list[Part]:
    """``Quantica Software, Inc.`` is one piece, not two."""
    merged: list[Part] = []
    for part in parts:
        prev = merged[-1] if merged else None
        if prev and _LEGAL_TAIL.match(part.span.text) and prev.span.line == part.span.line:
            between = line[prev.span.col + len(prev.span.text):part.span.col]
            if between.strip() in {",", ""}:
                text = line[prev.span.col:part.span.col + len(part.span.text)]
                merged[-1] = Part(Span(text, prev.span.line, prev.span.col), paren=prev.paren)
                continue
        merged.append(part)
    return merged


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z.\-]*", text.lower())


def title_score(text: str) -> int:
    """How much ``text`` reads like a job title (role noun last counts most)."""
    if _CJK.search(text):
        stem = text.strip()
        return 2 * stem.endswith(_TITLE_ZH) + any(w in stem for w in _TITLE_ZH)
    words = [w.strip(".") for w in _words(text)]
    if not words:
        return 0
    return 2 * (words[-1] in _TITLE_WORDS) + any(w in _TITLE_WORDS for w in words)


def company_score(text: str) -> int:
    """How much ``text`` reads like an organisation name."""
    if _CJK.search(text):
        stem = text.strip()
        return 2 * stem.endswith(_COMPANY_ZH) + any(w in stem for w in _COMPANY_ZH)
    words = _words(text)
    if not words:
        return 0
    last = words[-1]
    return 2 * (last in _COMPANY_WORDS or last.rstrip(".") in _COMPANY_WORDS) + any(
        w.rstrip(".") in _COMPANY_WORDS for w in words)


def parse_header(kind: EntryKind, lines: list[tuple[int, str]], *,
                 is_company: Matcher | None = None,
                 is_title: Matcher | None = None) -> Header:
    """Read the fields of one entry from its header lines ``[(line number, text)]``."""
    ranges: list[DateRange] = []
    parts: list[Part] = []
    for number, text in lines:
        found = find_ranges(text, number)
        ranges.extend(found)
        blank = [(r.span.col, r.span.col + len(r.span.text)) for r in found]
        parts.extend(split_parts(text, number, blank=blank))
    dates = next((r for r in ranges if r.end != r.start), ranges[0] if ranges else None)
    if kind == "project":
        return _project(parts, dates, is_company)
    return _job(parts, dates, is_company, is_title)


def _project(parts: list[Part], dates: DateRange | None, is_company: Matcher | None) -> Header:
    main = [p for p in parts if not p.paren]
    name = main[0].span if main else (parts[0].span if parts else None)
    rest = [p for p in parts if name is None or p.span != name]
    company = None
    if rest:
        known = [p for p in rest if is_company and is_company(p.span.text)]
        company = (known or rest)[0].span
    return Header("project", dates, name, company, None, (), tuple(parts))


def _job(parts: list[Part], dates: DateRange | None, is_company: Matcher | None,
         is_title: Matcher | None) -> Header:
    aliases = tuple(p.span.text for p in parts if p.paren and not _CJK.search(p.span.text))
    main = [p for p in parts if not p.paren] or parts

    def lean(part: Part) -> int:
        text = part.span.text
        bonus = 0
        if is_title and is_title(text):
            bonus += 5
        if is_company and is_company(text):
            bonus -= 5
        return title_score(text) - company_score(text) + bonus

    title = company = None
    if len(main) == 1:
        only = main[0]
        if lean(only) > 0:
            title = only.span
        else:
            company = only.span
    elif main:
        ranked = sorted(range(len(main)), key=lambda i: (-lean(main[i]), i))
        title = main[ranked[0]].span
        others = [p for i, p in enumerate(main) if i != ranked[0]]
        company = min(others, key=lambda p: (lean(p), main.index(p))).span
    return Header("job", dates, None, company, title, aliases, tuple(parts))
