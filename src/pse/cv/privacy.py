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
from functools import cache
from typing import Literal

from pse.cv.addresses import find_addresses, find_ids
from pse.cv.personal import line_text, personal_lines
from pse.cv.phones import default_regions, find_phones
from pse.cv.piidata import label_pattern

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
_NAME_WORD = r"(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’\-.]*|[А-ЯЁ][а-яё\-]*)"
_PARTICLE = r"(?:de|da|di|del|della|van|von|der|den|la|le|du|dos|bin|al|el|y)"
_LATIN_NAME = re.compile(rf"^{_NAME_WORD}(?:\s+(?:{_PARTICLE}\s+)*{_NAME_WORD}){{1,3}}$")
_ZH_NAME = re.compile(r"^[\u4e00-\u9fff]{2,4}$")
_JA_NAME = re.compile(r"^[\u4e00-\u9fff\u3040-\u30ff]{1,4}[\s\u3000]"
                      r"[\u4e00-\u9fff\u3040-\u30ff]{1,4}$")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_PARTICLES = frozenset({"de", "da", "di", "del", "della", "van", "von", "der", "den", "la",
                        "le", "du", "dos", "bin", "al", "el", "y"})
_FIELD_SEPARATOR = re.compile(r"\s*[|｜·•,，;；–—]\s*|\s{2,}| / ")
_NOT_NAMES = frozenset({"resume", "résumé", "curriculum vitae", "cv", "lebenslauf",
                        "summary", "profile", "简历", "个人简历", "履歴書", "резюме",
                        "experience", "education", "skills"})

PiiKind = Literal["name", "line", "email", "phone", "address", "id", "url", "handle",
                  "custom"]
_PREFIX: dict[PiiKind, str] = {"name": "NAME", "line": "PERSONAL", "email": "EMAIL",
                               "phone": "PHONE", "address": "ADDRESS", "id": "ID",
                               "url": "URL", "handle": "HANDLE", "custom": "PRIVATE"}


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


@cache
def _word_pattern(original: str) -> re.Pattern[str]:
    """``original`` as a whole word; any run of spaces in it matches any run (a line the
    model or a chunker re-wrapped is still the same line)."""
    left, right = _boundary(original)
    body = r"\s+".join(re.escape(part) for part in original.split())
    return re.compile(left + body + right)


def _replace_word(text: str, original: str, placeholder: str) -> str:
    return _word_pattern(original).sub(lambda _m: placeholder, text)


def _has_word(text: str, original: str) -> bool:
    return _word_pattern(original).search(text) is not None


def find_pii(cv_texts: Sequence[str], *, other_texts: Sequence[str] = (),
             rules: Iterable[str] = (), regions: Sequence[str] = (),
             public: Sequence[str] = ()) -> Redactor:
    """The personal data of the CV(s).

    By position: every line of the CV's header block and of its contact, personal and
    references sections, as a unit, except ``public`` lines. By pattern, in every text:
    the candidate's name in each form the texts use, emails, URLs, handles, ID numbers,
    phone numbers (national forms for ``regions`` plus those the CV implies), street
    addresses, labelled personal fields, and the user's ``rules`` (literal strings or
    ``re:PATTERN``)."""
    texts = (*cv_texts, *other_texts)
    found: list[tuple[PiiKind, str]] = []
    names = [n for text in cv_texts for n in candidate_names(text)]
    found.extend(("name", name) for name in name_forms(names, texts))
    for text in cv_texts:
        found.extend(("line", line) for line in personal_lines(text, public=public))
    phone_regions = default_regions(cv_texts, extra=regions)
    named = [r.upper() for r in regions]
    for text in texts:
        found.extend(_contacts(text, phone_regions, named))
        for rule in rules:
            found.extend(("custom", value) for value in _rule_matches(rule, text))
    return _numbered(found)


def candidate_names(text: str) -> list[str]:
    """The candidate's name: a ``Name:`` field near the top, or the first header line (or
    its first field, in one-line headers such as ``Maria Rossi | +39 347 ... | Milano``)."""
    names: list[str] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines[:40]:
        label = label_pattern("name").match(line_text(line))
        if label:
            names.append(label.group("value").strip(" ,"))
    for line in lines[:3]:
        first = _FIELD_SEPARATOR.split(line_text(line))[0].strip()
        if first.casefold() in _NOT_NAMES:
            continue
        if _is_person_name(first):
            names.append(first)
        break
    return list(dict.fromkeys(n for n in names if n))


def _is_person_name(text: str) -> bool:
    if re.search(r"[\d@/:：]", text) or text.casefold() in _NOT_NAMES:
        return False
    return bool(_ZH_NAME.match(text) or _JA_NAME.match(text) or _LATIN_NAME.match(text))


def name_forms(names: Sequence[str], texts: Sequence[str]) -> list[str]:
    """``names`` and every form of them the texts use: the parts, possessives and other
    endings (``Rossis``, ``Марии``), capitals, ``Last, First`` and initials (``M. Rossi``).
    Longer forms first, so the full name is ``[NAME]``."""
    forms: list[str] = []
    joined = "\n".join(texts)
    for name in names:
        forms.append(name)
        parts = [p for p in re.split(r"\s+", name) if p.casefold() not in _PARTICLES]
        if _ZH_NAME.match(name) or len(parts) < 2:
            continue
        first, last = parts[0], parts[-1]
        for variant in (name.upper(), f"{last}, {first}", f"{last.upper()}, {first}",
                        f"{first} {last}", f"{first[0]}. {last}", f"{first[0]}.{last}",
                        f"{first} {last[0]}.", f"{first[0]}.{last[0]}."):
            if variant in joined:
                forms.append(variant)
        for part in parts:
            if len(part.strip(".")) >= 2:
                forms.extend(_inflections(part, joined))
    return list(dict.fromkeys(forms))


def _inflections(part: str, text: str) -> list[str]:
    """``part`` and the words of ``text`` built on it (``Rossi's``, ``Marias``, ``Иванова``)."""
    stem = part[:-1] if _CYRILLIC.search(part) and len(part) > 3 and \
        part[-1].lower() in "аяйьоеыи" else part
    endings = r"[\w'’]{0,3}" if _CYRILLIC.search(part) else r"(?:['’]s?|s|es)?"
    pattern = re.compile(rf"(?<![\w]){re.escape(stem)}{endings}(?![\w])", re.IGNORECASE)
    words = [part, *(m.group(0) for m in pattern.finditer(text))]
    # only words that keep the part's capital: "Rose" the name, not "rose" the verb
    return [w for w in dict.fromkeys(words) if not w[:1].islower()]


def _contacts(text: str, regions: Sequence[str], named: Sequence[str]
              ) -> list[tuple[PiiKind, str]]:
    out: list[tuple[PiiKind, str]] = []
    out.extend(("email", m.group(0)) for m in _EMAIL.finditer(text))
    out.extend(("url", m.group(0).rstrip(".")) for m in _URL.finditer(text))
    for match in _HANDLE.finditer(text):
        handle = match.group("handle") or match.group(0)
        if "@" + handle not in {"@" + e for _, e in out}:
            out.append(("handle", handle))
    out.extend(("id", value) for value in find_ids(text))
    out.extend(("phone", value) for value in find_phones(text, regions, named=named))
    out.extend(("phone", m.group(0)) for m in _PHONE.finditer(text) if _is_phone(m.group(0)))
    out.extend(("address", value) for value in find_addresses(text))
    labelled: tuple[tuple[PiiKind, str], ...] = (("address", "address"), ("phone", "phone"),
                                                 ("custom", "personal"))
    for kind, label in labelled:
        out.extend((kind, str(m.group("value")).strip(" ,.")) for m in
                   label_pattern(label).finditer(text))
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
