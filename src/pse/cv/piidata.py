"""The data of the PII rules (``data/pii.toml``), read once: headings, labels, street words,
phone regions per language.

Rules are data so that a new language or address form is a line in the TOML file, not a
code change; this module only loads it and builds the patterns the finders share.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class PiiData:
    """The loaded rules."""

    contact_headings: frozenset[str]
    reference_headings: frozenset[str]
    section_headings: frozenset[str]
    """Other sections' headings (in languages the section reader does not know)."""
    name_labels: tuple[str, ...]
    personal_labels: tuple[str, ...]
    address_labels: tuple[str, ...]
    phone_labels: tuple[str, ...]
    streets: dict[str, tuple[str, ...]]
    regions: dict[str, tuple[str, ...]]
    language_hints: dict[str, tuple[str, ...]]


@cache
def pii_data() -> PiiData:
    """The bundled rules (parsed once per process)."""
    text = resources.files("pse.cv").joinpath("data/pii.toml").read_text(
        encoding="utf-8")
    raw = tomllib.loads(text)
    headings, labels = raw["headings"], raw["labels"]
    return PiiData(
        contact_headings=frozenset(h.casefold() for h in headings["contact"]),
        reference_headings=frozenset(h.casefold() for h in headings["references"]),
        section_headings=frozenset(h.casefold() for h in headings["sections"]),
        name_labels=tuple(labels["name"]), personal_labels=tuple(labels["personal"]),
        address_labels=tuple(labels["address"]), phone_labels=tuple(labels["phone"]),
        streets={k: tuple(v) for k, v in raw["streets"].items()},
        regions={k: tuple(v) for k, v in raw["regions"].items()},
        language_hints={k: tuple(v) for k, v in raw["language_hints"].items()})


def alternation(words: tuple[str, ...]) -> str:
    """A regex alternation of ``words``, longest first (so ``str.`` wins over ``st``)."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


@cache
def label_pattern(kind: str) -> re.Pattern[str]:
    """``Label: value`` for the labels of ``kind`` (name, personal, address, phone); the
    value runs to the next field separator."""
    data = pii_data()
    words = {"name": data.name_labels, "personal": data.personal_labels,
             "address": data.address_labels, "phone": data.phone_labels}[kind]
    return re.compile(
        rf"(?<![\w])(?:\*\*)?(?:{alternation(words)})(?:\*\*)?\.?\s*(?:\([^)]{{0,12}}\))?"
        r"\s*[:：]\s*(?:\*\*)?\s*(?P<value>[^|｜·•\n;；*]{2,80})",
        re.IGNORECASE)
