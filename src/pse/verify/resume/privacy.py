"""PII: masking for evidence, and reversible redaction for text that leaves the machine.

:func:`mask` replaces emails, phone numbers and ID numbers with fixed placeholders: reports
never repeat them. :class:`Redactor` is reversible: :func:`find_pii` collects the personal
data of a CV (the candidate's name and its parts from the header or a ``Name:``/``姓名：``
line, emails, phone numbers, street addresses, ID numbers, URLs and handles, plus literal
strings or ``re:`` patterns from a user rules file), gives each a stable placeholder
(``[NAME]``, ``[EMAIL_1]``...), and :meth:`Redactor.redact` / :meth:`Redactor.restore`
swap them. The same inputs always give the same placeholders, so a run continued later
redacts and restores exactly as the first part did. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(
    r"(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}"
    r"(?:[\s.-]\d{3,4})?(?![\w.])|(?<!\d)1[3-9]\d{9}(?!\d)")
_ID = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)|(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"
                 r"|\b[A-Z]{1,2}\d{7,9}\b")
_URL = re.compile(r"\b(?:https?://|www\.)[^\s)>\]|｜，,;；]+"
                  r"|\b(?:linkedin\.com/in|github\.com|gitlab\.com|twitter\.com|x\.com|"
                  r"medium\.com/@?)/?[\w.\-/]+", re.IGNORECASE)
_HANDLE = re.compile(r"(?<![\w@.])@[A-Za-z][\w.\-]{1,30}\b"
                     r"|(?i:\b(?:github|gitlab|twitter|wechat|weixin|微信|telegram|skype)\s*[:：]\s*)"
                     r"(?P<handle>[\w.\-]{3,40})")
_STREET = re.compile(
    r"\b\d{1,6}\s+(?:[A-Z][a-z]+\.?\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|"
    r"Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Parkway|Pkwy|Highway|Hwy)\b\.?"
    r"(?:,?\s*(?:Apt|Suite|Unit|#)\.?\s*\w+)?"
    r"|[\u4e00-\u9fff]{2,12}(?:路|街|大道|巷|弄)\s*\d+\s*号(?:\s*\d+\s*(?:室|楼|栋|单元))*")
_ADDRESS_LABEL = re.compile(r"(?:address|home address|住址|地址|家庭住址)\s*[:：]\s*"
                            r"(?P<value>[^|｜·\n]{4,80})", re.IGNORECASE)
_NAME_LABEL = re.compile(r"^\s*(?:[-*]\s*)?(?:\*\*)?(?:name|full name|姓名)(?:\*\*)?\s*[:：]"
                         r"\s*(?:\*\*)?(?P<value>[^|｜·,，\n*]{2,40})", re.IGNORECASE)
_EN_NAME = re.compile(r"^[A-Z][a-zA-Z'’\-.]+(?:\s+[A-Z][a-zA-Z'’\-.]*){1,3}$")
_ZH_NAME = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
_NOT_NAMES = frozenset({"resume", "curriculum vitae", "cv", "summary", "profile", "简历",
                        "个人简历", "experience", "education", "skills"})

PiiKind = Literal["name", "email", "phone", "address", "id", "url", "handle", "custom"]
_PREFIX: dict[PiiKind, str] = {"name": "NAME", "email": "EMAIL", "phone": "PHONE",
                               "address": "ADDRESS", "id": "ID", "url": "URL",
                               "handle": "HANDLE", "custom": "PRIVATE"}


def mask(text: str) -> str:
    """``text`` with emails, phone numbers and ID numbers replaced by placeholders."""
    text = _EMAIL.sub("[email]", text)
    text = _ID.sub("[id]", text)
    return _PHONE.sub("[phone]", text)


@dataclass(frozen=True)
class PiiItem:
    """One piece of personal data and the placeholder that stands for it."""

    kind: PiiKind
    text: str
    placeholder: str


@dataclass(frozen=True)
class Redactor:
    """Swaps personal data for placeholders and back (longest originals first)."""

    items: tuple[PiiItem, ...] = ()

    def redact(self, text: str) -> str:
        """``text`` with every known original replaced by its placeholder."""
        for item in sorted(self.items, key=lambda i: -len(i.text)):
            text = _replace_word(text, item.text, item.placeholder)
        return text

    def restore(self, text: str) -> str:
        """``text`` with every placeholder replaced by its original (case-insensitive)."""
        for item in sorted(self.items, key=lambda i: -len(i.placeholder)):
            text = _replace_all(text, item.placeholder, item.text)
        return text

    def counts(self) -> dict[str, int]:
        """How many items of each kind are redacted (for the run's report, no originals)."""
        out: dict[str, int] = {}
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + 1
        return dict(sorted(out.items()))

    def leaks(self, text: str) -> list[str]:
        """The kinds of originals still present in ``text`` (empty when it is clean)."""
        return sorted({i.kind for i in self.items if _has_word(text, i.text)})


def _replace_all(text: str, placeholder: str, original: str) -> str:
    pattern = re.compile(re.escape(placeholder), re.IGNORECASE)
    return pattern.sub(lambda _m: original, text)


def _boundary(text: str) -> tuple[str, str]:
    left = r"(?<![\w])" if text[:1].isalnum() and text[:1].isascii() else ""
    right = r"(?![\w])" if text[-1:].isalnum() and text[-1:].isascii() else ""
    return left, right


def _replace_word(text: str, original: str, placeholder: str) -> str:
    left, right = _boundary(original)
    return re.sub(left + re.escape(original) + right, lambda _m: placeholder, text)


def _has_word(text: str, original: str) -> bool:
    left, right = _boundary(original)
    return re.search(left + re.escape(original) + right, text) is not None


def find_pii(cv_texts: Sequence[str], *, other_texts: Sequence[str] = (),
             rules: Iterable[str] = ()) -> Redactor:
    """The personal data of the CV(s): names (from the CV only), contact data and IDs
    (from every text), and the user's ``rules`` (literal strings or ``re:PATTERN``)."""
    found: list[tuple[PiiKind, str]] = []
    for text in cv_texts:
        found.extend(("name", name) for name in candidate_names(text))
    for text in (*cv_texts, *other_texts):
        found.extend(_contacts(text))
        for rule in rules:
            found.extend(("custom", value) for value in _rule_matches(rule, text))
    return _numbered(found)


def candidate_names(text: str) -> list[str]:
    """The candidate's name (header line or ``Name:`` label) and its parts (English)."""
    names: list[str] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines[:40]:
        label = _NAME_LABEL.match(line)
        if label:
            names.append(label.group("value").strip())
    first = _header_text(lines[0]) if lines else ""
    if first and first.casefold() not in _NOT_NAMES and (
            _EN_NAME.match(first) or _ZH_NAME.match(first)):
        names.append(first)
    out: list[str] = []
    for name in names:
        out.append(name)
        if not _ZH_NAME.match(name):
            out.extend(part for part in re.split(r"\s+", name) if len(part.strip(".")) >= 3)
    return list(dict.fromkeys(n for n in out if n))


def _header_text(line: str) -> str:
    return re.sub(r"^#+\s*|\*+|_+", "", line).strip()


def _contacts(text: str) -> list[tuple[PiiKind, str]]:
    out: list[tuple[PiiKind, str]] = []
    out.extend(("email", m.group(0)) for m in _EMAIL.finditer(text))
    out.extend(("url", m.group(0).rstrip(".")) for m in _URL.finditer(text))
    for match in _HANDLE.finditer(text):
        handle = match.group("handle") or match.group(0)
        if "@" + handle not in {"@" + e for _, e in out}:
            out.append(("handle", handle))
    out.extend(("id", m.group(0)) for m in _ID.finditer(text))
    out.extend(("phone", m.group(0)) for m in _PHONE.finditer(text) if _is_phone(m.group(0)))
    out.extend(("address", m.group(0).strip()) for m in _STREET.finditer(text))
    out.extend(("address", m.group("value").strip()) for m in _ADDRESS_LABEL.finditer(text))
    return out


def _is_phone(text: str) -> bool:
    digits = re.sub(r"\D", "", text)
    # date ranges and numbers like "2019 - 2022" are not phone numbers
    return len(digits) >= 7 and not re.fullmatch(r"(?:19|20)\d\d\D+(?:19|20)\d\d", text)


def _rule_matches(rule: str, text: str) -> list[str]:
    rule = rule.strip()
    if not rule or rule.startswith("#"):
        return []
    if rule.startswith("re:"):
        return [m.group(0) for m in re.finditer(rule[3:], text) if m.group(0).strip()]
    return [rule] if rule in text else []


def _numbered(found: list[tuple[PiiKind, str]]) -> Redactor:
    items: list[PiiItem] = []
    seen: set[str] = set()
    counters: dict[PiiKind, int] = {}
    for kind, text in found:
        text = text.strip()
        if len(text) < 2 or text in seen:
            continue
        seen.add(text)
        counters[kind] = counters.get(kind, 0) + 1
        number = counters[kind]
        suffix = "" if kind == "name" and number == 1 else f"_{number}"
        items.append(PiiItem(kind, text, f"[{_PREFIX[kind]}{suffix}]"))
    return Redactor(tuple(items))


def parse_rules(text: str) -> list[str]:
    """The rules of a PII rules file: one literal string or ``re:PATTERN`` per line."""
    rules = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            if stripped.startswith("re:"):
                try:
                    re.compile(stripped[3:])
                except re.error as exc:
                    raise ValueError(f"bad pattern {stripped!r}: {exc}") from exc
            rules.append(stripped)
    return rules
