"""Street addresses and ID numbers in free text.

Street forms come from ``data/pii.toml``: a street word before the name (``Via Roma 12``,
``Calle Mayor 5``, ``ул. Тверская, д. 7``), a house number before a French-style street word
(``8 rue de Rivoli``), English ``<number> <Name> <type>`` (``12 Park Lane``), a street word
joined to the name (``Hauptstraße 5``, ``Kerkstraat 12``), Chinese and Japanese block
addresses (``北京市朝阳区建国路 12 号``, ``東京都千代田区丸の内1-2-3``), and UK, US, Japanese
postcodes. ID numbers: national IDs and tax numbers in the forms people put on CVs.
"""

from __future__ import annotations

import re
from functools import cache

from pse.cv.piidata import alternation, pii_data

_UPPER = r"[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁ]"
_WORD = r"[\w'’.\-]+"
_PARTICLE = r"(?:da|de|del|della|dei|di|do|dos|das|des|du|la|le|los|las|van|von)"
_ID = re.compile(
    r"(?<!\d)\d{17}[\dXx](?!\d)"                      # China resident ID
    r"|(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)"                 # US SSN
    r"|(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)"         # Brazil CPF
    r"|(?<!\d)\d{3}-\d{3}-\d{3}[ -]\d{2}(?!\d)"        # Russia SNILS
    r"|(?<!\d)\d{4} \d{4} \d{4}(?!\d)"                 # India Aadhaar
    r"|\b[A-Z]{5}\d{4}[A-Z]\b"                         # India PAN
    r"|\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b"  # Italy codice fiscale
    r"|\b[A-CEGHJ-PR-TW-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b"  # UK National Insurance
    r"|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b"  # IBAN
    r"|\b[A-Z]{1,2}\d{7,9}\b")                         # passport numbers
_POSTCODE = re.compile(
    r"\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b"            # UK
    r"|〒\s*\d{3}-\d{4}"                                # Japan
    r"|\b[A-Z]{2} \d{5}(?:-\d{4})?\b")                 # US state + ZIP


@cache
def _street_patterns() -> tuple[re.Pattern[str], ...]:
    words = pii_data().streets
    number = r"\d{1,5}(?:\s?[a-zA-Z](?![\w]))?(?:\s*[/-]\s*\d{1,5})?"
    # "Via Roma 12", never "via Kafka 12 pipelines": the street word is capitalised in
    # Latin script (Cyrillic abbreviations such as "ул." are written in lower case)
    before = re.compile(
        rf"(?<![\w])(?:{alternation(_capitalised(words['before']))})(?![\w])\s*"
        rf"(?:{_PARTICLE}\s+)?{_UPPER}[\w'’.\-]*(?:\s+{_WORD}){{0,4}}?,?\s*(?:n\.?\s*|nº\s*|no\.?\s*|д\.\s*)?"
        rf"{number}(?![\d])")
    after = re.compile(
        rf"(?<![\w]){number},?\s+(?:{alternation(words['after_number'])})(?![\w])"
        rf"(?:\s+(?!\d)[\w'’\-]+){{1,5}}", re.IGNORECASE)
    english = re.compile(
        rf"(?<![\w]){number}\s+(?:{_UPPER}[\w'’\-]*\.?\s+){{1,4}}"
        rf"(?i:{alternation(words['english'])})(?![\w])\.?"
        r"(?:\s+(?:NW|NE|SW|SE|N|S|E|W)\b)?(?:,?\s*(?:Apt|Suite|Unit|Flat|#)\.?\s*\w+)?")
    joined = re.compile(
        rf"(?<![\w]){_UPPER}[\w\-]*(?:(?i:{alternation(words['joined'])})|\s+"
        rf"(?:{alternation(_capitalised(words['joined']))}))\s*{number}(?![\d])")
    cjk = re.compile(
        r"(?:[\u4e00-\u9fff]{1,6}(?:省|市|自治区|特别行政区))?(?:[\u4e00-\u9fff]{1,8}?(?:市|区|县|镇))*"
        rf"[\u4e00-\u9fff\d]{{1,12}}?(?:{alternation(words['cjk_road'])})\s*\d+\s*号"
        r"(?:\s*[\d\-]+\s*(?:室|楼|栋|单元|层|号))*")
    japanese = re.compile(
        r"(?:[\u3040-\u30ff\u4e00-\u9fff]{1,4}(?:都|道|府|県))?"
        r"[\u3040-\u30ff\u4e00-\u9fff]{1,8}(?:市|区|町|村)[\u3040-\u30ff\u4e00-\u9fff]{0,10}"
        r"\d+(?:\s*(?:[-−－]|丁目)\s*\d+){1,3}(?:番地?|号)?")
    return before, after, english, joined, cjk, japanese, _POSTCODE


def _capitalised(words: tuple[str, ...]) -> tuple[str, ...]:
    """Latin street words as written in addresses (``Via``, ``VIA``); others as they are."""
    out: list[str] = []
    for word in words:
        if word.isascii() or word[0] in "àâäéèêëïîôöùûüçñãõ":
            out.extend((word[:1].upper() + word[1:], word.upper()))
        else:
            out.extend((word, word[:1].upper() + word[1:]))
    return tuple(out)


def find_addresses(text: str) -> list[str]:
    """Every street address (and postcode) in ``text``, as written."""
    found: dict[str, None] = {}
    for pattern in _street_patterns():
        for match in pattern.finditer(text):
            value = match.group(0).strip(" ,")
            if len(value) >= 4:
                found[value] = None
    return list(found)


def find_ids(text: str) -> list[str]:
    """ID numbers (national IDs, tax numbers, passports, IBANs) in ``text``."""
    return list(dict.fromkeys(m.group(0) for m in _ID.finditer(text)))
