#!/usr/bin/env python3
"""How much personal data of a CV would reach the model: synthetic contact lines for every
region libphonenumber knows, plus address and name templates.

    python bench/resume_pii.py [--half tune|held-out|both] [-v]

The generator comes first and is fixed: for every region in
``phonenumbers.SUPPORTED_REGIONS``, its example fixed-line and mobile numbers, each
formatted national and international, go into a contact line with an email, an address
(one of the templates below, cycled) and a name (cycled, in the header and again in the
body in another form). The regions are split in two halves by a hash of their code: rules
were tuned on ``tune`` only; ``held-out`` is reported as measured.

Three placements per region, each one a whole CV passed to ``find_pii`` and redacted the
way every request to the model is:

* ``header``: the contact line in the CV's header block (personal by position);
* ``body``: the same values in a body section, the international number first (the
  country code it shows gives the region for the national one) - patterns only;
* ``national``: only the national numbers, in a body section, with the region configured
  (``--phone-regions``) - the matcher's own reading of each region's format.

A leak is a personal value still present in the redacted text; a restore failure is a CV
that ``restore(redact(cv))`` does not give back exactly. The ``pse resume`` path between
redaction and the HTTP request (every message redacted again, nothing else added) is
tested end to end in ``tests/integration/test_resume_pii_e2e.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import phonenumbers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pse.cv.privacy import find_pii  # noqa: E402 - after the path is set

NAMES = [  # (header form, a form the body uses)
    ("Maria Rossi", "Rossi's"), ("Jordan Example", "J. Example"), ("Max Mustermann",
    "Mustermanns"), ("Camille Durand", "Durand"), ("Priya Sharma", "Priya"),
    ("Ana Souza", "Souza"), ("Иван Петров", "Ивана Петрова"), ("李明", "李明"),
    ("山田 太郎", "山田"), ("Chris Johnson", "Johnson's"), ("Olu Adeyemi", "Adeyemi"),
    ("Nguyen Van An", "Nguyen"), ("Fatima Al Zahra", "Fatima"), ("Sven Lindqvist", "Sven"),
]
ADDRESSES = [
    "Via Roma {n}", "Viale Monza {n}", "Hauptstraße {n}", "Berliner Str. {n}",
    "{n} rue de Rivoli", "{n} avenue des Ternes", "{n} Park Lane", "{n} Kings Road",
    "{n} Pennsylvania Avenue NW", "Calle Mayor {n}", "Rua Augusta, {n}", "Av. Paulista {n}",
    "ул. Тверская, д. {n}", "北京市朝阳区建国路 {n} 号", "东京都千代田区丸の内1-{n}-3",
    "Kerkstraat {n}", "Praça da Sé {n}", "{n} Maple Street, Apt 4B",
]


@dataclass(frozen=True)
class Case:
    """One synthetic CV and the values that must not be sent."""

    region: str
    placement: str
    cv: str
    secrets: tuple[str, ...]


def half(region: str) -> str:
    """``tune`` or ``held-out``, fixed by a hash of the region code."""
    return "tune" if hashlib.sha256(region.encode()).digest()[0] % 2 == 0 else "held-out"


def numbers(region: str) -> tuple[list[str], list[str]]:
    """(international, national) forms of the region's example numbers."""
    examples = [phonenumbers.example_number(region),
                phonenumbers.example_number_for_type(region,
                                                     phonenumbers.PhoneNumberType.MOBILE)]
    found = [n for n in examples if n is not None]
    fmt = phonenumbers.PhoneNumberFormat
    international = [phonenumbers.format_number(n, fmt.INTERNATIONAL) for n in found]
    national = [phonenumbers.format_number(n, fmt.NATIONAL) for n in found]
    return list(dict.fromkeys(international)), list(dict.fromkeys(national))


def cases(region: str, index: int) -> list[Case]:
    """The three placements of ``region``'s contact data."""
    name, body_form = NAMES[index % len(NAMES)]
    address = ADDRESSES[index % len(ADDRESSES)].format(n=10 + index % 80)
    email = f"person{index}@mail.test"
    international, national = numbers(region)
    phones = [*international, *national]
    body = f"## Experience\n\n### Engineer | Acme | 2019 – 2022\n- {body_form} team built 3 tools\n"
    secrets = tuple(dict.fromkeys([name, body_form, address, email, *phones]))
    header = f"# {name}\n{' · '.join([email, *phones, address])}\n\n{body}"
    in_body = (f"# {name}\n\n{body}\n## Other\n- {' · '.join([*phones, address, email])}\n")
    only_national = (f"# {name}\n\n{body}\n## Other\n- {' · '.join([*national, address])}\n")
    return [Case(region, "header", header, secrets), Case(region, "body", in_body, secrets),
            Case(region, "national", only_national,
                 tuple(dict.fromkeys([name, body_form, address, *national])))]


def measure(case: Case) -> tuple[list[str], bool]:
    """(leaked values, restored exactly)."""
    regions = [case.region] if case.placement == "national" else []
    redactor = find_pii([case.cv], regions=regions)
    sent = redactor.redact(case.cv)
    leaked = [s for s in case.secrets if _present(s, sent, case.region)]
    return leaked, redactor.restore(sent) == case.cv


def _present(secret: str, text: str, region: str) -> bool:
    if secret in text:
        return True
    if not secret.lstrip("+(").startswith(tuple("0123456789")):
        return False
    # a phone counts as leaked when its national number survives in one run of digits and
    # phone separators, however it is spaced
    try:
        national = str(phonenumbers.parse(secret, region).national_number)
    except phonenumbers.NumberParseException:
        return False  # an address or a name: present only as written
    runs = (re.sub(r"\D", "", run) for run in re.findall(r"\d[\d\s().\-/]*", text))
    return any(national in run for run in runs)


def over_redaction(folder: Path) -> tuple[int, list[str]]:
    """(CVs read, contact-kind values found outside the personal lines) for real-looking
    CVs (resumebench's): what would be hidden from the model although it is work data."""
    from pse.cv.personal import line_text, personal_lines

    files = sorted(p for p in folder.glob("*") if p.suffix in {".md", ".txt"})
    extra: list[str] = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        personal = set(personal_lines(text))
        body = "\n".join(line for line in text.splitlines() if line_text(line) not in personal)
        redactor = find_pii([text])
        extra.extend(f"{path.name}: {i.kind} {i.text!r}" for i in redactor.items
                     if i.kind not in {"name", "line"} and i.text in body)
    return len(files), extra


def main() -> int:
    """Print leaks and restore failures per half and placement."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("tune", "held-out", "both"), default="both")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    regions = sorted(phonenumbers.SUPPORTED_REGIONS)
    totals: dict[tuple[str, str], list[int]] = {}
    for index, region in enumerate(regions):
        part = half(region)
        if args.half not in ("both", part):
            continue
        for case in cases(region, index):
            leaked, restored = measure(case)
            row = totals.setdefault((part, case.placement), [0, 0, 0, 0])
            row[0] += 1
            row[1] += len(case.secrets)
            row[2] += len(leaked)
            row[3] += int(restored)
            if args.verbose and (leaked or not restored):
                print(f"{part} {case.placement} {region}: leaked {leaked}"
                      f"{'' if restored else ' (not restored)'}")
    print(f"{'half':9} {'placement':9} {'CVs':>4} {'values':>6} {'leaked':>6} {'restored':>8}")
    for (part, placement), (cvs, values, leaked, restored) in sorted(totals.items()):
        print(f"{part:9} {placement:9} {cvs:4} {values:6} {leaked:6} {restored:5}/{cvs}")
    folder = Path(__file__).resolve().parents[2] / "shared" / "bench" / "resumebench"
    folder = folder / "dev" / "cvs"
    if folder.is_dir():
        count, extra = over_redaction(folder)
        print(f"over-redaction: {len(extra)} contact-like values in the bodies of {count} "
              f"resumebench dev CVs")
        for line in extra if args.verbose else ():
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
